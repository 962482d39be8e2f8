import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_RENEWAL_DAYS, LABOUR_CONTRACT_TYPES, RENEWAL_TABS, type RenewalRow, type RenewalTab } from '@wfsaas/contracts';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Select, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDate } from '../../app/ui/format.ts';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { int, oneOf, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { DateText, EmployeePicker } from '../employees/pickers.tsx';
import { ChangeTimelineDrawer } from './ChangeTimelineDrawer.tsx';
import { nameColumn } from './columns.tsx';
import { contractTerm, daysLeftTone, renewalDefaults } from './conversion.ts';
import { lifecycleCalls, RENEWAL_EDIT, useInvalidateLifecycle, useRenewalCounts, useRenewalPage } from './lifecycle.api.ts';

type ContractValues = { employeeId?: number; type?: number; startDate?: string | null; endDate?: string | null; contractNo?: string; remark?: string; startQuit?: boolean };
type Dialog = { kind: 'add' } | { kind: 'renew' | 'end'; row: RenewalRow } | null;

function ContractModal({ dialog, onClose }: { dialog: Dialog; onClose: () => void }) {
  const [form] = Form.useForm<ContractValues>();
  const type = Form.useWatch('type', form);
  const invalidate = useInvalidateLifecycle();
  const save = useAction(
    async (d: NonNullable<Dialog>, v: ContractValues) => {
      const endDate = v.type === 2 ? undefined : (v.endDate ?? undefined);
      if (d.kind === 'add') {
        await lifecycleCalls.addContract({ employeeId: v.employeeId!, type: v.type as 1, startDate: v.startDate!, endDate, contractNo: v.contractNo?.trim() || undefined, remark: v.remark?.trim() || undefined });
        return '保存成功';
      }
      if (d.kind === 'renew') {
        await lifecycleCalls.renew({ contractId: d.row.contract.id, type: v.type as 1, startDate: v.startDate!, endDate, contractNo: v.contractNo?.trim() || undefined, remark: v.remark?.trim() || undefined });
        return '续签成功';
      }
      await lifecycleCalls.endContract(d.row.contract.id, v.startQuit ?? false, v.remark?.trim() || undefined);
      return v.startQuit ? '已不续签，并已办理离职' : '已不续签';
    },
    { success: (text) => text, invalidate, onSuccess: onClose },
  );
  if (!dialog) return null;
  const row = dialog.kind === 'add' ? null : dialog.row;
  const title = dialog.kind === 'add' ? '新增劳动合同' : dialog.kind === 'renew' ? `续签 · ${row!.name}` : `不续签 · ${row!.name}`;
  const initial: ContractValues = dialog.kind === 'renew' ? renewalDefaults(row!.contract) : dialog.kind === 'end' ? { startQuit: true } : { type: 1, startDate: dayjs().format('YYYY-MM-DD'), endDate: dayjs().add(3, 'year').subtract(1, 'day').format('YYYY-MM-DD') };
  return (
    <FormModal<ContractValues>
      title={title}
      open
      form={form}
      onClose={onClose}
      onSubmit={(v) => save.run(dialog, v)}
      values={initial}
      formProps={{ className: 'contract-form' }}
      intro={
        row && (
          <p style={{ color: 'rgba(0,0,0,0.45)' }}>
            当前合同：{row.contract.typeLabel}，{contractTerm(row.contract)}
          </p>
        )
      }
    >
        {dialog.kind === 'add' && (
          <Form.Item name="employeeId" label="员工" rules={[{ required: true, message: '请选择员工' }]}>
            <EmployeePicker />
          </Form.Item>
        )}
        {dialog.kind !== 'end' && (
          <>
            <Form.Item name="type" label="合同类型" rules={[{ required: true, message: '请选择合同类型' }]}>
              <Select options={LABOUR_CONTRACT_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
            </Form.Item>
            <Flex gap={16}>
              <Form.Item name="startDate" label="开始日期" rules={[{ required: true, message: '请选择开始日期' }]} style={{ flex: 1 }}>
                <DateText />
              </Form.Item>
              {type !== 2 && (
                <Form.Item name="endDate" label="结束日期" rules={[{ required: type !== 3, message: '请选择结束日期' }]} style={{ flex: 1 }}>
                  <DateText />
                </Form.Item>
              )}
            </Flex>
            <Form.Item name="contractNo" label="合同编号">
              <Input maxLength={50} placeholder="选填" />
            </Form.Item>
          </>
        )}
        {dialog.kind === 'end' && (
          <Form.Item name="startQuit" valuePropName="checked" extra={`员工将转为待离职，最后工作日为合同结束日期（${formatDate(row!.contract.endDate)}），离职类型为合同到期不续签。`}>
            <Checkbox>同时办理离职</Checkbox>
          </Form.Item>
        )}
        <Form.Item name="remark" label="备注">
          <Input maxLength={200} />
        </Form.Item>
    </FormModal>
  );
}

const SCHEMA = { keyword: text, withinDays: int, tab: oneOf(RENEWAL_TABS.map((t) => t.key)) };
const DEFAULTS = { tab: 'expiring' as RenewalTab };

/** /staffManagement/changeAlternation/renewal (合同续签): labour contracts ending soon or past, renewed, not renewed. */
export default function RenewalPage() {
  const { map } = usePermissions();
  const canEdit = map[RENEWAL_EDIT] === true;
  const query = useListQuery({ name: 'renewal', schema: SCHEMA, defaults: DEFAULTS });
  const { filters } = query;
  const tab = filters.tab ?? 'expiring';
  const [dialog, setDialog] = useState<Dialog>(null);
  const [viewing, setViewing] = useState<RenewalRow | null>(null);
  const base = { keyword: filters.keyword?.trim() || undefined, withinDays: filters.withinDays ?? DEFAULT_RENEWAL_DAYS };
  const list = useRenewalPage({ ...query.page, ...base, tab });
  const counts = useRenewalCounts(base);

  const columns: TableColumnsType<RenewalRow> = [
    nameColumn<RenewalRow>(),
    { title: '部门', dataIndex: 'departmentName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '合同类型', key: 'type', width: 170, render: (_: unknown, r) => r.contract.typeLabel },
    { title: '合同期限', key: 'term', width: 220, render: (_: unknown, r) => contractTerm(r.contract) },
    ...(tab === 'expiring' || tab === 'expired'
      ? [{ title: '到期情况', key: 'daysLeft', width: 120, render: (_: unknown, r: RenewalRow) => <StatusTag tone={daysLeftTone(r.daysLeft)}>{r.daysLeft === null ? '无固定期限' : r.daysLeft >= 0 ? `${r.daysLeft} 天后到期` : `已过期 ${-r.daysLeft} 天`}</StatusTag> }]
      : []),
    ...(tab === 'renewed' ? [{ title: '续签后合同', key: 'next', width: 260, render: (_: unknown, r: RenewalRow) => (r.next ? `${r.next.typeLabel}，${contractTerm(r.next)}` : EMPTY_TEXT) }] : []),
    { title: '合同编号', key: 'no', width: 120, render: (_: unknown, r) => r.contract.contractNo ?? EMPTY_TEXT },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_: unknown, r) => (
        <Flex gap={4} wrap>
          {canEdit && (tab === 'expiring' || tab === 'expired') && (
            <>
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'renew', row: r })}>
                续签
              </Button>
              <Button type="link" size="small" danger onClick={() => setDialog({ kind: 'end', row: r })}>
                不续签
              </Button>
            </>
          )}
          <Button type="link" size="small" onClick={() => setViewing(r)}>
            异动记录
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <ListScreen<RenewalRow, typeof SCHEMA>
      className="renewal-page"
      title="合同续签"
      description="即将到期和已过期的劳动合同：续签新合同，或不续签并同时办理离职。连续两次固定期限合同后续订的，应订立无固定期限合同。"
      extra={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
            新增合同
          </Button>
        )
      }
      query={query}
      formName="renewal"
      fields={
        <>
          <Form.Item name="keyword" label="员工">
            <Input placeholder="姓名或工号" allowClear maxLength={50} />
          </Form.Item>
          <Form.Item name="withinDays" label="到期天数">
            <InputNumber min={0} max={365} placeholder={String(DEFAULT_RENEWAL_DAYS)} style={{ width: '100%' }} suffix="天内" />
          </Form.Item>
        </>
      }
      tabs={{ filter: 'tab', items: RENEWAL_TABS, counts: counts.data }}
      table={{ rowKey: (r) => r.contract.id, className: 'renewal-table', columns, result: list, scroll: { x: 1200 }, empty: tab === 'expiring' ? '近期没有到期的劳动合同' : '暂无数据' }}
    >
      <ContractModal key={dialog ? `${dialog.kind}-${'row' in dialog ? dialog.row.contract.id : 0}` : 'none'} dialog={dialog} onClose={() => setDialog(null)} />
      <ChangeTimelineDrawer employee={viewing ? { id: viewing.employeeId, name: viewing.name } : null} onClose={() => setViewing(null)} />
    </ListScreen>
  );
}

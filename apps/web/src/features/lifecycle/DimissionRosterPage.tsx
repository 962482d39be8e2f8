import type { QuitRow } from '@wfsaas/contracts';
import { App, Button, Dropdown, Flex, Form, Input, Radio, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DictionarySelect } from '../../app/dictionaries/DictionarySelect.tsx';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDate } from '../../app/ui/format.ts';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { int, text } from '../../app/ui/list-query.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { DateText, DepartmentTreeSelect } from '../employees/pickers.tsx';
import { formatTenure } from '../employees/roster.ts';
import { ChangeTimelineDrawer } from './ChangeTimelineDrawer.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { nameColumn, useSetHandover } from './columns.tsx';
import { handoverTone } from './conversion.ts';
import { DIMISSION_ROSTER_EDIT, DO_QUIT_EDIT, lifecycleCalls, useInvalidateLifecycle, useQuitPage } from './lifecycle.api.ts';
import { certificateNotice, otherHandoverStatuses } from './quit.ts';

type RehireValues = { hireDate?: string | null; departmentId?: number | null; status?: 1 | 2; probationEndDate?: string | null; remark?: string };

function RehireModal({ row, onClose }: { row: QuitRow | null; onClose: () => void }) {
  const [form] = Form.useForm<RehireValues>();
  const status = Form.useWatch('status', form);
  const invalidate = useInvalidateLifecycle();
  const rehire = useAction(
    (r: QuitRow, v: RehireValues) =>
      lifecycleCalls.rehire({ employeeId: r.employeeId, hireDate: v.hireDate!, departmentId: v.departmentId!, status: v.status!, probationEndDate: v.status === 1 ? (v.probationEndDate ?? undefined) : undefined, remark: v.remark?.trim() || undefined }),
    { success: '已办理再入职', invalidate, onSuccess: onClose },
  );
  if (!row) return null;
  return (
    <FormModal<RehireValues>
      title={`再入职 · ${row.name}`}
      open
      form={form}
      onClose={onClose}
      onSubmit={(v) => rehire.run(row, v)}
      values={{ hireDate: dayjs().format('YYYY-MM-DD'), status: 1 }}
      formProps={{ className: 'rehire-form' }}
      intro={
        <p style={{ color: 'rgba(0,0,0,0.45)' }}>
          上次任职 {formatDate(row.hireDate)} 至 {formatDate(row.leaveDate)}，原档案和异动记录将保留。
        </p>
      }
    >
        <Form.Item name="hireDate" label="再入职日期" rules={[{ required: true, message: '请选择再入职日期' }]}>
          <DateText />
        </Form.Item>
        <Form.Item name="departmentId" label="部门" rules={[{ required: true, message: '请选择部门' }]}>
          <DepartmentTreeSelect />
        </Form.Item>
        <Form.Item name="status" label="入职状态">
          <Radio.Group options={[{ value: 1, label: '试用期' }, { value: 2, label: '正式' }]} />
        </Form.Item>
        {status === 1 && (
          <Form.Item name="probationEndDate" label="试用期结束日期" rules={[{ required: true, message: '请选择试用期结束日期' }]} extra="最长不超过入职后6个月。">
            <DateText />
          </Form.Item>
        )}
        <Form.Item name="remark" label="备注">
          <Input maxLength={200} />
        </Form.Item>
    </FormModal>
  );
}

const SCHEMA = { keyword: text, quitType: int, leaveFrom: text, leaveTo: text };

/** /staffManagement/changeAlternation/dimissionRoster (离职员工): former employees, their certificate, rehire. */
export default function DimissionRosterPage() {
  const { map } = usePermissions();
  const { message } = App.useApp();
  const canRehire = map[DIMISSION_ROSTER_EDIT] === true;
  const canHandover = map[DO_QUIT_EDIT] === true;
  const query = useListQuery({ name: 'dimission', schema: SCHEMA });
  const { filters } = query;
  const [rehiring, setRehiring] = useState<QuitRow | null>(null);
  const [viewing, setViewing] = useState<QuitRow | null>(null);
  const list = useQuitPage('left', {
    ...query.page,
    keyword: filters.keyword?.trim() || undefined,
    quitType: (filters.quitType ?? undefined) as 1 | undefined,
    leaveFrom: filters.leaveFrom ?? undefined,
    leaveTo: filters.leaveTo ?? undefined,
  });

  const certificate = useAction(
    async (r: QuitRow) => {
      const info = await lifecycleCalls.certificateInfo(r.employeeId);
      await lifecycleCalls.certificate(r.employeeId, r.name);
      return certificateNotice(info);
    },
    {
      onSuccess: (notice) => {
        if (notice.level === 'warning') message.warning({ content: notice.text, duration: 8, className: 'certificate-notice' });
        else message.success({ content: notice.text, className: 'certificate-notice' });
      },
    },
  );
  const setHandover = useSetHandover();

  const columns: TableColumnsType<QuitRow> = [
    nameColumn<QuitRow>(),
    { title: '部门', dataIndex: 'departmentName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '岗位', dataIndex: 'positionName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '入职日期', dataIndex: 'hireDate', width: 110, render: (v: string | null) => formatDate(v) },
    { title: '离职日期', dataIndex: 'leaveDate', width: 110, render: (v: string | null) => formatDate(v) },
    { title: '司龄', key: 'tenure', width: 100, render: (_: unknown, r) => (r.leaveDate ? formatTenure(r.hireDate, r.leaveDate) : EMPTY_TEXT) },
    { title: '离职类型', dataIndex: 'quitTypeLabel', width: 120 },
    { title: '离职原因', dataIndex: 'reason', ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '交接状态', key: 'handover', width: 100, render: (_: unknown, r) => (r.change ? <StatusTag tone={handoverTone(r.handoverStatus)}>{r.handoverStatusLabel}</StatusTag> : EMPTY_TEXT) },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 280,
      render: (_: unknown, r) => (
        <Flex gap={4} wrap>
          <Button type="link" size="small" onClick={() => void certificate.run(r)}>
            离职证明
          </Button>
          {canHandover && r.change && (
            <Dropdown trigger={['click']} menu={{ items: otherHandoverStatuses(r.handoverStatus).map((h) => ({ key: String(h.value), label: `标记为${h.label}` })), onClick: ({ key }) => void setHandover.run(r, Number(key)) }}>
              <Button type="link" size="small">
                交接状态
              </Button>
            </Dropdown>
          )}
          {canRehire && (
            <Button type="link" size="small" onClick={() => setRehiring(r)}>
              再入职
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setViewing(r)}>
            异动记录
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <ListScreen<QuitRow, typeof SCHEMA>
      className="dimission-page"
      title="离职花名册"
      description="已离职员工的档案保留在此，可开具离职证明或办理再入职。"
      query={query}
      formName="dimission"
      fields={
        <>
          <Form.Item name="keyword" label="员工">
            <Input placeholder="姓名或工号" allowClear maxLength={50} />
          </Form.Item>
          <Form.Item name="quitType" label="离职类型">
            <DictionarySelect code="quitType" numeric allowClear placeholder="全部" />
          </Form.Item>
          <Form.Item name="leaveFrom" label="离职日期起">
            <DateText />
          </Form.Item>
          <Form.Item name="leaveTo" label="离职日期止">
            <DateText />
          </Form.Item>
        </>
      }
      table={{ rowKey: 'employeeId', className: 'dimission-table', columns, result: list, scroll: { x: 1460 }, empty: '暂无离职员工' }}
    >
      <RehireModal key={rehiring?.employeeId ?? 0} row={rehiring} onClose={() => setRehiring(null)} />
      <ChangeTimelineDrawer employee={viewing ? { id: viewing.employeeId, name: viewing.name } : null} onClose={() => setViewing(null)} />
    </ListScreen>
  );
}

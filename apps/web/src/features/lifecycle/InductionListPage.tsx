import { PlusOutlined } from '@ant-design/icons';
import { DEFAULT_PROBATION_MONTHS, EMPLOYMENT_TYPES, ID_TYPES, INDUCTION_TABS, type InductionRow, type InductionTab } from '@wfsaas/contracts';
import { App, Button, Drawer, Empty, Flex, Form, Input, InputNumber, Modal, Select, Table, Tabs, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { closeWithGuard } from '../../app/ui/confirm-discard.ts';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { EMPTY_TEXT, formatDate, formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { QueryForm } from '../../app/ui/QueryForm.tsx';
import { serverPagination, type PageQuery } from '../../app/ui/table.ts';
import { DateText, DepartmentTreeSelect, PositionSelect } from '../employees/pickers.tsx';
import { usePrefilledEmployeeNo } from '../employees/use-employee-no.ts';
import { nameColumn } from './columns.tsx';
import { defaultProbationEnd } from './conversion.ts';
import { confirmDateHint, confirmDefaultDate } from './induction.ts';
import { INDUCTION_EDIT, lifecycleCalls, useChangeSettings, useInductionCounts, useInductionPage, useInvalidateLifecycle } from './lifecycle.api.ts';

type AddValues = {
  name?: string;
  mobile?: string;
  idType?: number;
  idNumber?: string;
  employeeNo?: string;
  departmentId?: number | null;
  positionId?: number | null;
  employmentType?: number;
  hireDate?: string | null;
  probationEndDate?: string | null;
  salary?: number | null;
};

function AddHireDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const [form] = Form.useForm<AddValues>();
  const [busy, setBusy] = useState(false);
  const departmentId = Form.useWatch('departmentId', form);
  const employeeNo = usePrefilledEmployeeNo(form, open);
  const invalidate = useInvalidateLifecycle();
  const close = () => closeWithGuard(modal, form.isFieldsTouched(), onClose);
  const probationMonths = useChangeSettings().data?.defaultProbationMonths ?? DEFAULT_PROBATION_MONTHS;
  const firstDay = dayjs().add(7, 'day').format('YYYY-MM-DD');
  const submit = async (v: AddValues) => {
    setBusy(true);
    try {
      await lifecycleCalls.addHire({
        name: v.name!.trim(),
        mobile: v.mobile!.trim(),
        idType: v.idType as 1,
        idNumber: v.idNumber!.trim(),
        employeeNo: v.employeeNo?.trim() || undefined,
        departmentId: v.departmentId!,
        positionId: v.positionId ?? undefined,
        employmentType: v.employmentType as 1,
        hireDate: v.hireDate!,
        probationEndDate: v.probationEndDate ?? undefined,
        salary: v.salary === null || v.salary === undefined ? undefined : v.salary.toFixed(2),
      });
      toastSuccess('保存成功');
      await invalidate();
      onClose();
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(false);
    }
  };
  const required = (label: string) => ({ required: true, whitespace: true, message: `请填写${label}` });
  return (
    <Drawer
      title="新增待入职"
      open={open}
      size={600}
      destroyOnHidden
      onClose={close}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()}>
            确定
          </Button>
        </Flex>
      }
    >
      <Form<AddValues>
        form={form}
        layout="vertical"
        className="hire-form"
        onFinish={(v) => void submit(v)}
        initialValues={{ idType: 1, employmentType: 1, hireDate: firstDay, probationEndDate: defaultProbationEnd(firstDay, probationMonths) }}
        onValuesChange={(changed: AddValues) => {
          // the probation end follows the hire date until HR sets it by hand
          if ('hireDate' in changed && !form.isFieldTouched('probationEndDate')) form.setFieldValue('probationEndDate', defaultProbationEnd(changed.hireDate, probationMonths));
        }}
        preserve={false}
      >
        <Flex gap={16}>
          <Form.Item name="name" label="姓名" rules={[required('姓名')]} style={{ flex: 1 }}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="mobile" label="手机号" rules={[required('手机号'), { pattern: /^1[3-9]\d{9}$/, message: '手机号格式不正确' }]} style={{ flex: 1 }}>
            <Input maxLength={11} />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item name="idType" label="证件类型" style={{ flex: 1 }}>
            <Select options={ID_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
          <Form.Item name="idNumber" label="证件号码" rules={[required('证件号码')]} style={{ flex: 1 }}>
            <Input maxLength={30} />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item name="employeeNo" label="工号" rules={[...(employeeNo.required ? [required('工号')] : []), { pattern: /^[A-Za-z0-9_-]+$/, message: '只能包含字母、数字、下划线和短横线' }]} extra={employeeNo.extra} style={{ flex: 1 }}>
            <Input maxLength={32} placeholder={employeeNo.placeholder} />
          </Form.Item>
          <Form.Item name="employmentType" label="用工类型" style={{ flex: 1 }}>
            <Select options={EMPLOYMENT_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item name="departmentId" label="部门" rules={[{ required: true, message: '请选择部门' }]} style={{ flex: 1 }}>
            <DepartmentTreeSelect />
          </Form.Item>
          <Form.Item name="positionId" label="岗位" style={{ flex: 1 }}>
            <PositionSelect departmentId={departmentId} placeholder="选填" />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item name="hireDate" label="预计入职日期" rules={[{ required: true, message: '请选择预计入职日期' }]} style={{ flex: 1 }}>
            <DateText />
          </Form.Item>
          <Form.Item name="probationEndDate" label="试用期结束日期" style={{ flex: 1 }} extra="不填则确认入职后为正式员工。">
            <DateText />
          </Form.Item>
        </Flex>
        <Form.Item name="salary" label="月基本工资（元）" extra="算薪的固定工资从此读取。">
          <InputNumber min={0} max={999_999_999} precision={2} style={{ width: '50%' }} placeholder="选填" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

type Prompt = { kind: 'confirm'; rows: InductionRow[] } | { kind: 'discontinue' | 'cancel'; rows: [InductionRow] } | { kind: 'again'; rows: [InductionRow] } | null;

const PROMPT_TITLES = { confirm: '确认入职', discontinue: '放弃入职', cancel: '取消入职', again: '重新办理入职' } as const;

function PromptModal({ prompt, onClose, onDone }: { prompt: Prompt; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ hireDate?: string | null; reason?: string }>();
  const [busy, setBusy] = useState(false);
  const invalidate = useInvalidateLifecycle();
  if (!prompt) return null;
  const first = prompt.rows[0];
  const today = dayjs().format('YYYY-MM-DD');
  const proposed = prompt.kind === 'confirm' ? confirmDefaultDate(prompt.rows, today) : null;
  const submit = async (v: { hireDate?: string | null; reason?: string }) => {
    setBusy(true);
    try {
      if (prompt.kind === 'confirm') {
        const r = await lifecycleCalls.confirmHires(prompt.rows.map((x) => x.employeeId), v.hireDate ?? undefined);
        toastSuccess(`已确认入职 ${r.confirmed} 人`);
      } else if (prompt.kind === 'again') {
        await lifecycleCalls.reopenHire(first.employeeId, v.hireDate!);
        toastSuccess('已重新办理入职');
      } else {
        await lifecycleCalls.closeHire(prompt.kind, first.employeeId, v.reason!.trim());
        toastSuccess('操作成功');
      }
      await invalidate();
      onDone();
      onClose();
    } catch {
      /* shown by the request client */
    } finally {
      setBusy(false);
    }
  };
  const who = prompt.rows.length > 1 ? `${first.name} 等 ${prompt.rows.length} 人` : first.name;
  return (
    <Modal title={`${PROMPT_TITLES[prompt.kind]} · ${who}`} open onCancel={onClose} onOk={() => form.submit()} okText="确定" cancelText="取消" okButtonProps={{ loading: busy }} destroyOnHidden>
      <Form form={form} layout="vertical" className="induction-prompt" initialValues={{ hireDate: prompt.kind === 'again' ? dayjs().add(7, 'day').format('YYYY-MM-DD') : proposed }} onFinish={(v) => void submit(v)} preserve={false}>
        {(prompt.kind === 'confirm' || prompt.kind === 'again') && (
          <Form.Item
            name="hireDate"
            label={prompt.kind === 'confirm' ? '入职日期' : '预计入职日期'}
            rules={prompt.kind === 'confirm' && proposed === null ? [] : [{ required: true, message: '请选择日期' }]}
            extra={prompt.kind === 'confirm' ? confirmDateHint(prompt.rows, proposed, today) : undefined}
          >
            <DateText placeholder={prompt.kind === 'confirm' && proposed === null ? '按各自的预计入职日期' : undefined} />
          </Form.Item>
        )}
        {(prompt.kind === 'discontinue' || prompt.kind === 'cancel') && (
          <Form.Item name="reason" label={prompt.kind === 'discontinue' ? '放弃原因' : '取消原因'} rules={[{ required: true, whitespace: true, message: '请填写原因' }]}>
            <Input.TextArea maxLength={200} showCount rows={3} placeholder={prompt.kind === 'discontinue' ? '如：候选人接受了其他工作机会' : '如：岗位需求取消'} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** /selfOnboarding/list (入职列表): pending hires to confirm, and those onboarded, discontinued or cancelled. */
export default function InductionListPage() {
  const { map } = usePermissions();
  const canEdit = map[INDUCTION_EDIT] === true;
  const [form] = Form.useForm<{ keyword?: string }>();
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const [tab, setTab] = useState<InductionTab>('pending');
  const [paging, setPaging] = useState<PageQuery>({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<InductionRow[]>([]);
  const [adding, setAdding] = useState(false);
  const [prompt, setPrompt] = useState<Prompt>(null);
  const list = useInductionPage({ ...paging, tab, keyword });
  const counts = useInductionCounts(keyword);

  const columns: TableColumnsType<InductionRow> = [
    nameColumn<InductionRow>(),
    { title: '手机号', dataIndex: 'mobile', width: 130, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '部门', dataIndex: 'departmentName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '岗位', dataIndex: 'positionName', width: 120, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: tab === 'onboarded' ? '入职日期' : '预计入职日期', dataIndex: 'hireDate', width: 120, render: (v: string | null) => formatDate(v) },
    { title: '试用期结束日期', dataIndex: 'probationEndDate', width: 130, render: (v: string | null) => formatDate(v) },
    ...(tab === 'discontinued' || tab === 'cancelled' ? [{ title: '原因', dataIndex: 'reason', ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT }] : []),
    ...(tab !== 'pending' ? [{ title: '办理时间', key: 'at', width: 150, render: (_: unknown, r: InductionRow) => formatDateTime(r.change?.appliedAt ?? r.change?.cancelledAt ?? null) }] : []),
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 220,
      render: (_: unknown, r) =>
        canEdit && (
          <Flex gap={4} wrap>
            {tab === 'pending' && (
              <>
                <Button type="link" size="small" onClick={() => setPrompt({ kind: 'confirm', rows: [r] })}>
                  确认入职
                </Button>
                <Button type="link" size="small" onClick={() => setPrompt({ kind: 'discontinue', rows: [r] })}>
                  放弃入职
                </Button>
                <Button type="link" size="small" danger onClick={() => setPrompt({ kind: 'cancel', rows: [r] })}>
                  取消
                </Button>
              </>
            )}
            {(tab === 'discontinued' || tab === 'cancelled') && (
              <Button type="link" size="small" onClick={() => setPrompt({ kind: 'again', rows: [r] })}>
                重新办理
              </Button>
            )}
          </Flex>
        ),
    },
  ];

  return (
    <Flex vertical gap={16} className="induction-page">
      <PageHeader
        title="入职列表"
        description="新增待入职员工，到岗后确认入职（可批量）；候选人放弃或公司取消的记录保留在对应页签，可重新办理。"
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              新增待入职
            </Button>
          )
        }
      />
      <Panel bodyStyle={{ paddingBottom: 0 }}>
        <QueryForm<{ keyword?: string }>
          form={form}
          name="induction"
          onSearch={(v) => {
            setPaging((x) => ({ ...x, pageNum: 1 }));
            setKeyword(v.keyword?.trim() || undefined);
          }}
        >
          <Form.Item name="keyword" label="员工">
            <Input placeholder="姓名或工号" allowClear maxLength={50} />
          </Form.Item>
        </QueryForm>
      </Panel>
      <Panel>
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k as InductionTab);
            setSelected([]);
            setPaging((x) => ({ ...x, pageNum: 1 }));
          }}
          items={INDUCTION_TABS.map((t) => ({ key: t.key, label: `${t.label} ${counts.data?.[t.key] ?? ''}`.trim() }))}
        />
        {canEdit && tab === 'pending' && selected.length > 0 && (
          <Flex gap={8} align="center" style={{ marginBottom: 12 }} className="batch-bar">
            <span>已选 {selected.length} 人</span>
            <Button type="primary" size="small" onClick={() => setPrompt({ kind: 'confirm', rows: selected })}>
              批量确认入职
            </Button>
          </Flex>
        )}
        <Table<InductionRow>
          rowKey="employeeId"
          size="middle"
          className="induction-table"
          columns={columns}
          dataSource={list.data?.data ?? []}
          loading={list.isFetching}
          scroll={{ x: 1200 }}
          rowSelection={canEdit && tab === 'pending' ? { selectedRowKeys: selected.map((r) => r.employeeId), onChange: (_keys, rows) => setSelected(rows) } : undefined}
          pagination={serverPagination(paging, list.data?.pageMessage, setPaging)}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tab === 'pending' ? '暂无待入职员工，点击新增待入职' : '暂无数据'} /> }}
        />
      </Panel>
      <AddHireDrawer open={adding} onClose={() => setAdding(false)} />
      <PromptModal key={prompt ? `${prompt.kind}-${prompt.rows.map((r) => r.employeeId).join('-')}` : 'none'} prompt={prompt} onClose={() => setPrompt(null)} onDone={() => setSelected([])} />
    </Flex>
  );
}

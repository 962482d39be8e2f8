import { COMPLETENESS, CONTRACT_FORMS, CONTRACT_STATUSES, type ContractView } from '@wfsaas/contracts';
import { Button, DatePicker, Empty, Flex, Form, Input, Select, Space, Table, Tabs, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { QueryForm } from '../../app/ui/QueryForm.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { serverPagination } from '../../app/ui/table.ts';
import { ActionDialogs, MoreActions, useContractRights, type ActionDialog } from './ContractActions.tsx';
import { awaitingText, canDo, contractTone, filterValue } from './contract-format.ts';
import { useContractCount, useContractPage, useContractTypes, type ContractPageQuery } from './econtracts.api.ts';
import { VerifyContractModal } from './VerifyContractModal.tsx';

type QueryValues = { keyword?: string; contractTypeId?: number; form?: number | ''; complete?: number | ''; signed?: number | ''; initiated?: [Dayjs | null, Dayjs | null] | null };

export type ContractListMode = 'pending' | 'signed' | 'manage';

const MODES: Record<ContractListMode, { title: string; description: string; base: Partial<ContractPageQuery> }> = {
  pending: { title: '待签署', description: '等待企业或员工签署的合同；选择合同后可一次加盖企业印章。', base: {} },
  signed: { title: '已签署', description: '双方均已签署完成的合同，可下载合同与证据报告。', base: { signStatus: 2 } },
  manage: { title: '合同管理', description: '全部员工的电子与纸质合同：查看状态、盖章、催签、撤回、中止与终止。', base: {} },
};

/** Status tabs: 全部 first (empty value), then each status. */
const TABS: { key: string; label: string; status: number | undefined }[] = [{ key: 'all', label: '全部', status: undefined }, ...CONTRACT_STATUSES.map((s) => ({ key: String(s.value), label: s.label, status: s.value as number }))];
const PENDING_TABS = [
  { key: 'company', label: '待企业签署', awaitingCompany: true, status: undefined },
  { key: '0', label: '待签署', awaitingCompany: undefined, status: 0 },
  { key: '1', label: '签署中', awaitingCompany: undefined, status: 1 },
];

function TabLabel({ label, q }: { label: string; q: Omit<ContractPageQuery, 'pageNum' | 'pageSize'> }) {
  const n = useContractCount(q).data;
  return (
    <span>
      {label}
      {n !== undefined ? ` ${n}` : ''}
    </span>
  );
}

/** The contract lists of /qszx-vite/signContract, /qszx-vite/signedContract and /contractManagement/employeeContractManagement. */
export function ContractList({ mode, detailPath, extra }: { mode: ContractListMode; detailPath: (id: number) => string; extra?: ReactNode }) {
  const navigate = useNavigate();
  const m = MODES[mode];
  const rights = useContractRights();
  const types = useContractTypes();
  const [form] = Form.useForm<QueryValues>();
  const [filters, setFilters] = useState<Omit<ContractPageQuery, 'pageNum' | 'pageSize'>>({});
  const [tab, setTab] = useState(mode === 'pending' ? 'company' : 'all');
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const [selected, setSelected] = useState<ContractView[]>([]);
  const [dialog, setDialog] = useState<ActionDialog>(null);
  const [verifying, setVerifying] = useState(false);

  const tabQuery = (key: string): Partial<ContractPageQuery> => {
    if (mode === 'pending') {
      const t = PENDING_TABS.find((x) => x.key === key) ?? PENDING_TABS[0]!;
      return t.awaitingCompany ? { awaitingCompany: true } : { signStatus: t.status };
    }
    if (mode === 'signed') return {};
    return { signStatus: TABS.find((t) => t.key === key)?.status };
  };
  const base = useMemo(() => ({ ...m.base, ...filters }), [m.base, filters]);
  const query: ContractPageQuery = { ...base, ...tabQuery(tab), ...paging };
  const page = useContractPage(query);
  const rows = page.data?.data ?? [];

  const columns: TableColumnsType<ContractView> = [
    {
      title: '合同名称',
      dataIndex: 'title',
      width: 220,
      fixed: 'left',
      ellipsis: true,
      render: (v: string, r) => (
        <Link to={detailPath(r.id)} className="contract-link">
          {v}
        </Link>
      ),
    },
    { title: '员工', dataIndex: 'employeeName', width: 110, render: (v: string, r) => <span title={r.employeeNo ?? undefined}>{v}</span> },
    { title: '部门', dataIndex: 'departmentName', width: 130, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: '手机号', dataIndex: 'mobile', width: 120, render: (v: string | null) => v ?? '—' },
    { title: '合同类型', dataIndex: 'contractTypeName', width: 120, render: (v: string | null) => v ?? '—' },
    { title: '形式', dataIndex: 'form', width: 90, render: (v: number) => CONTRACT_FORMS.find((f) => f.value === v)?.label ?? '—' },
    { title: '状态', dataIndex: 'signStatus', width: 110, render: (v: number, r) => <StatusTag tone={contractTone(v)}>{r.signStatusLabel}</StatusTag> },
    { title: '当前环节', dataIndex: 'awaiting', width: 110, render: (v: ContractView['awaiting']) => awaitingText(v) },
    { title: '签署顺序', dataIndex: 'signOrderLabel', width: 110 },
    { title: '截止日期', dataIndex: 'deadline', width: 110, render: (v: string | null) => formatDate(v) },
    { title: '合同期限', key: 'term', width: 200, render: (_: unknown, r) => (r.contractStart || r.contractEnd ? `${formatDate(r.contractStart)} 至 ${formatDate(r.contractEnd)}` : '—') },
    { title: '发起时间', dataIndex: 'initiatedAt', width: 150, render: (v: string) => formatDateTime(v) },
    { title: '完成时间', dataIndex: 'completedAt', width: 150, render: (v: string | null) => formatDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Link to={detailPath(r.id)} className="row-view" style={{ padding: '0 7px' }}>
            查看
          </Link>
          {rights.canSeal && canDo('seal', r) && (
            <Button type="link" size="small" className="row-seal" onClick={() => setDialog({ kind: 'seal', rows: [r] })}>
              盖章
            </Button>
          )}
          <MoreActions row={r} onDialog={setDialog} exclude={['seal']} />
        </Space>
      ),
    },
  ];

  const tabs = mode === 'pending' ? PENDING_TABS.map((t) => ({ key: t.key, label: <TabLabel label={t.label} q={{ ...base, ...tabQuery(t.key) }} /> })) : mode === 'manage' ? TABS.map((t) => ({ key: t.key, label: <TabLabel label={t.label} q={{ ...base, signStatus: t.status }} /> })) : null;

  return (
    <Flex vertical gap={16} className={`contract-list contract-list-${mode}`}>
      <PageHeader
        title={m.title}
        description={m.description}
        extra={
          <>
            {extra}
            <Button onClick={() => setVerifying(true)} className="open-verify">
              验证合同
            </Button>
            <Button type="primary" onClick={() => navigate('/qszx-vite/initiateSigning')} className="open-initiate">
              发起签署
            </Button>
          </>
        }
      />
      <Panel>
        <QueryForm<QueryValues>
          form={form}
          name={`contract-query-${mode}`}
          onSearch={(v) => {
            setPaging((p) => ({ ...p, pageNum: 1 }));
            setFilters({
              keyword: v.keyword?.trim() || undefined,
              contractTypeId: v.contractTypeId || undefined,
              form: filterValue(v.form) as 1 | 2 | undefined,
              complete: filterValue(v.complete) as 0 | 1 | undefined,
              signed: filterValue(v.signed) as 0 | 1 | undefined,
              initiatedFrom: v.initiated?.[0]?.format('YYYY-MM-DD'),
              initiatedTo: v.initiated?.[1]?.format('YYYY-MM-DD'),
            });
          }}
        >
          <Form.Item name="keyword" label="关键词">
            <Input allowClear placeholder="合同名称、员工姓名或工号" />
          </Form.Item>
          <Form.Item name="contractTypeId" label="合同类型">
            <Select allowClear placeholder="全部" options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />
          </Form.Item>
          <Form.Item name="form" label="合同形式" initialValue="">
            <Select options={[{ value: '', label: '全部' }, ...CONTRACT_FORMS.map((f) => ({ value: f.value, label: f.label }))]} />
          </Form.Item>
          <Form.Item name="complete" label="完整性" initialValue="">
            <Select options={[{ value: '', label: '全部' }, ...COMPLETENESS.map((f) => ({ value: f.value, label: f.label }))]} />
          </Form.Item>
          <Form.Item name="signed" label="是否已签署" initialValue="">
            <Select
              options={[
                { value: '', label: '全部' },
                { value: 1, label: '是' },
                { value: 0, label: '否' },
              ]}
            />
          </Form.Item>
          <Form.Item name="initiated" label="发起日期">
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
        </QueryForm>
      </Panel>
      <Panel bodyStyle={{ paddingTop: tabs ? 8 : 24 }}>
        {tabs && (
          <Tabs
            className="status-tabs"
            activeKey={tab}
            onChange={(k) => {
              setTab(k);
              setSelected([]);
              setPaging((p) => ({ ...p, pageNum: 1 }));
            }}
            items={tabs}
          />
        )}
        {selected.length > 0 && (
          <Flex gap={12} align="center" className="batch-bar" style={{ marginBottom: 12, padding: '8px 12px', background: '#e6f4ff', borderRadius: 6 }}>
            <span>已选 {selected.length} 份</span>
            {rights.canSeal && (
              <Button type="primary" size="small" className="batch-seal" onClick={() => setDialog({ kind: 'seal', rows: selected })}>
                企业盖章
              </Button>
            )}
            <Button size="small" onClick={() => setSelected([])}>
              取消选择
            </Button>
          </Flex>
        )}
        <Table<ContractView>
          rowKey="id"
          className="contract-table"
          size="middle"
          scroll={{ x: 1900 }}
          loading={page.isFetching}
          dataSource={rows}
          columns={columns}
          rowSelection={{ selectedRowKeys: selected.map((r) => r.id), onChange: (_, picked) => setSelected(picked.filter(Boolean)), preserveSelectedRowKeys: true }}
          pagination={serverPagination(paging, page.data?.pageMessage, setPaging)}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无合同，点击发起签署">
                <Button type="primary" onClick={() => navigate('/qszx-vite/initiateSigning')}>
                  发起签署
                </Button>
              </Empty>
            ),
          }}
        />
      </Panel>
      <ActionDialogs
        dialog={dialog}
        onClose={() => {
          if (dialog?.kind === 'seal') setSelected([]);
          setDialog(null);
        }}
      />
      <VerifyContractModal open={verifying} onClose={() => setVerifying(false)} />
    </Flex>
  );
}

import { COMPLETENESS, CONTRACT_FORMS, type ContractView } from '@wfsaas/contracts';
import { Button, DatePicker, Empty, Flex, Form, Input, Select, Space, type TableColumnsType } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatDateTime } from '../../app/ui/format.ts';
import { ListScreen } from '../../app/ui/ListScreen.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useListQuery } from '../../app/ui/use-list-query.ts';
import { ActionDialogs, MoreActions, useContractRights, type ActionDialog } from './ContractActions.tsx';
import { awaitingText, canDo, contractTone } from './contract-format.ts';
import { CONTRACT_LIST_SCHEMA, contractFilter, contractListDefaults, contractTabs, MODES, tabQuery, type ContractListMode } from './contract-list.ts';
import { useContractCounts, useContractPage, useContractTypes } from './econtracts.api.ts';
import { VerifyContractModal } from './VerifyContractModal.tsx';

export type { ContractListMode } from './contract-list.ts';

const ALL = { value: '', label: '全部' };

function contractColumns({ detailPath, canSeal, onDialog }: { detailPath: (id: number) => string; canSeal: boolean; onDialog: (d: ActionDialog) => void }): TableColumnsType<ContractView> {
  return [
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
          {canSeal && canDo('seal', r) && (
            <Button type="link" size="small" className="row-seal" onClick={() => onDialog({ kind: 'seal', rows: [r] })}>
              盖章
            </Button>
          )}
          <MoreActions row={r} onDialog={onDialog} exclude={['seal']} />
        </Space>
      ),
    },
  ];
}

function QueryFields() {
  const types = useContractTypes();
  return (
    <>
      <Form.Item name="keyword" label="关键词">
        <Input allowClear placeholder="合同名称、员工姓名或工号" />
      </Form.Item>
      <Form.Item name="contractTypeId" label="合同类型">
        <Select allowClear placeholder="全部" options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))} />
      </Form.Item>
      <Form.Item name="form" label="合同形式" initialValue="">
        <Select options={[ALL, ...CONTRACT_FORMS.map((f) => ({ value: f.value, label: f.label }))]} />
      </Form.Item>
      <Form.Item name="complete" label="完整性" initialValue="">
        <Select options={[ALL, ...COMPLETENESS.map((f) => ({ value: f.value, label: f.label }))]} />
      </Form.Item>
      <Form.Item name="signed" label="是否已签署" initialValue="">
        <Select
          options={[
            ALL,
            { value: 1, label: '是' },
            { value: 0, label: '否' },
          ]}
        />
      </Form.Item>
      <Form.Item name="initiated" label="发起日期">
        <DatePicker.RangePicker style={{ width: '100%' }} />
      </Form.Item>
    </>
  );
}

/** What can be done with the selected contracts. */
function BatchBar({ count, canSeal, onSeal, onClear }: { count: number; canSeal: boolean; onSeal: () => void; onClear: () => void }) {
  return (
    <Flex gap={12} align="center" className="batch-bar" style={{ marginBottom: 12, padding: '8px 12px', background: '#e6f4ff', borderRadius: 6 }}>
      <span>已选 {count} 份</span>
      {canSeal && (
        <Button type="primary" size="small" className="batch-seal" onClick={onSeal}>
          企业盖章
        </Button>
      )}
      <Button size="small" onClick={onClear}>
        取消选择
      </Button>
    </Flex>
  );
}

/** The contract lists of /qszx-vite/signContract, /qszx-vite/signedContract and /contractManagement/employeeContractManagement. */
export function ContractList({ mode, detailPath, extra }: { mode: ContractListMode; detailPath: (id: number) => string; extra?: ReactNode }) {
  const navigate = useNavigate();
  const m = MODES[mode];
  const rights = useContractRights();
  const defaults = useMemo(() => contractListDefaults(mode), [mode]);
  const query = useListQuery({ name: `contracts-${mode}`, schema: CONTRACT_LIST_SCHEMA, defaults });
  const tab = query.filters.tab;
  const base = contractFilter(mode, query.filters);
  const tabs = contractTabs(mode);
  const page = useContractPage({ ...base, ...tabQuery(mode, tab), ...query.page });
  const counts = useContractCounts(Object.fromEntries(tabs.map((t) => [t.key, { ...base, ...t.query }])));
  // the selection belongs to the tab it was made on
  const [selection, setSelection] = useState<{ tab: string | undefined; rows: ContractView[] }>({ tab, rows: [] });
  const selected = selection.tab === tab ? selection.rows : [];
  const select = (rows: ContractView[]) => setSelection({ tab, rows });
  const [dialog, setDialog] = useState<ActionDialog>(null);
  const [verifying, setVerifying] = useState(false);
  const initiate = () => navigate('/qszx-vite/initiateSigning');

  return (
    <ListScreen<ContractView, typeof CONTRACT_LIST_SCHEMA>
      className={`contract-list contract-list-${mode}`}
      title={m.title}
      description={m.description}
      extra={
        <>
          {extra}
          <Button onClick={() => setVerifying(true)} className="open-verify">
            验证合同
          </Button>
          <Button type="primary" onClick={initiate} className="open-initiate">
            发起签署
          </Button>
        </>
      }
      query={query}
      formName={`contract-query-${mode}`}
      fields={<QueryFields />}
      tabs={tabs.length ? { filter: 'tab', items: tabs, counts, className: 'status-tabs' } : undefined}
      aboveTable={
        selected.length > 0 && <BatchBar count={selected.length} canSeal={rights.canSeal} onSeal={() => setDialog({ kind: 'seal', rows: selected })} onClear={() => select([])} />
      }
      table={{
        rowKey: 'id',
        className: 'contract-table',
        scroll: { x: 1900 },
        columns: contractColumns({ detailPath, canSeal: rights.canSeal, onDialog: setDialog }),
        result: page,
        rowSelection: { selectedRowKeys: selected.map((r) => r.id), onChange: (_, picked) => select(picked.filter(Boolean)), preserveSelectedRowKeys: true },
        locale: {
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无合同，点击发起签署">
              <Button type="primary" onClick={initiate}>
                发起签署
              </Button>
            </Empty>
          ),
        },
      }}
    >
      <ActionDialogs
        dialog={dialog}
        onClose={() => {
          if (dialog?.kind === 'seal') select([]);
          setDialog(null);
        }}
      />
      <VerifyContractModal open={verifying} onClose={() => setVerifying(false)} />
    </ListScreen>
  );
}

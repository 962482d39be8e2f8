import type { ContributionItemView, PolicyView } from '@wfsaas/contracts';
import { App, Button, Descriptions, Drawer, Flex, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { formatMoney } from '../../app/ui/format.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { formatRate } from './payroll-format.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, useInvalidatePayroll, usePolicies } from './payroll.api.ts';
import { roundingLabel } from './policy-edit.ts';
import { PolicyEditForm, type PolicyTarget as Target } from './PolicyEditForm.tsx';


const originTag = (p: PolicyView) => (p.origin === 'builtin' ? <Tag color="blue">内置</Tag> : <Tag color="green">本企业</Tag>);

/** 社保公积金政策: the city policies the company sees (built-in and its own); view, edit, add, remove. */
export function PolicyDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[P.groupEdit] === true;
  const policies = usePolicies(open);
  const invalidate = useInvalidatePayroll();
  const remove = useAction(payrollCalls.removePolicy, { success: '删除成功', invalidate });
  const [city, setCity] = useState('');
  const [target, setTarget] = useState<Target | null>(null);

  const rows = useMemo(() => {
    const k = city.trim();
    return (policies.data ?? []).filter((p) => !k || p.city.includes(k)).sort((a, b) => a.city.localeCompare(b.city, 'zh-CN') || b.effectiveFrom.localeCompare(a.effectiveFrom));
  }, [policies.data, city]);

  const columns: TableColumnsType<PolicyView> = [
    {
      title: '城市',
      dataIndex: 'city',
      width: 120,
      render: (v: string, r) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setTarget({ mode: 'view', policy: r })}>
          {v}
        </Button>
      ),
    },
    { title: '生效日期', dataIndex: 'effectiveFrom', width: 120 },
    { title: '失效日期', dataIndex: 'effectiveTo', width: 120, render: (v: string | null) => v ?? '长期' },
    { title: '类型', key: 'origin', width: 90, render: (_: unknown, r) => originTag(r) },
    { title: '险种', key: 'items', width: 280, render: (_: unknown, r) => r.items.map((i) => i.name).join('、') },
    { title: '政策来源', dataIndex: 'source', ellipsis: true, render: (v: string) => v || '—' },
    { title: '已核对', dataIndex: 'verified', width: 80, render: (v: boolean) => (v ? '是' : '否') },
    {
      title: '操作',
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={4} wrap={false}>
          <Button type="link" size="small" className="policy-view" onClick={() => setTarget({ mode: 'view', policy: r })}>
            查看
          </Button>
          {canEdit && (
            <Button type="link" size="small" className="policy-edit" onClick={() => setTarget({ mode: 'edit', policy: r })}>
              编辑
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" onClick={() => setTarget({ mode: 'version', policy: r })}>
              新版本
            </Button>
          )}
          {canEdit && r.origin === 'company' && r.id !== null && (
            <Button
              type="link"
              size="small"
              danger
              className="policy-remove"
              onClick={() => confirmDelete(modal, () => remove.run(r.id!), `删除本企业的「${r.city}」${r.effectiveFrom}起生效的政策；如有同日生效的内置政策，将恢复使用内置政策。`)}
            >
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer title="社保公积金政策" open={open} onClose={onClose} size="100%" destroyOnHidden className="policy-drawer">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">薪资组按社保城市取用生效日期不晚于算薪月份的政策。内置政策为各地公布的标准，修改后保存为本企业政策；删除本企业政策后恢复使用内置政策。</Typography.Text>
        <Flex justify="space-between" gap={12}>
          <Input.Search allowClear placeholder="按城市筛选" style={{ width: 260 }} onSearch={setCity} onChange={(e) => !e.target.value && setCity('')} className="policy-search" />
          {canEdit && (
            <Button type="primary" className="policy-add" onClick={() => setTarget({ mode: 'new', policy: null })}>
              新增城市
            </Button>
          )}
        </Flex>
        <Table<PolicyView> rowKey="key" size="middle" className="policy-table" loading={policies.isFetching} dataSource={rows} columns={columns} scroll={{ x: 1200 }} pagination={false} />
      </Flex>
      <PolicyEditorDrawer target={target} canEdit={canEdit} onClose={() => setTarget(null)} onEdit={(t) => setTarget(t)} />
    </Drawer>
  );
}

function titleOf(t: Target): string {
  const c = t.policy?.city ?? '';
  switch (t.mode) {
    case 'view':
      return `${c}社保公积金政策`;
    case 'edit':
      return t.policy?.origin === 'builtin' ? `修改为本企业政策 · ${c}` : `编辑政策 · ${c}`;
    case 'version':
      return `新增生效版本 · ${c}`;
    default:
      return '新增城市';
  }
}

function PolicyEditorDrawer({ target, canEdit, onClose, onEdit }: { target: Target | null; canEdit: boolean; onClose: () => void; onEdit: (t: Target) => void }) {
  return (
    <Drawer title={target ? titleOf(target) : ''} open={target !== null} onClose={onClose} size={1280} destroyOnHidden className="policy-editor">
      {target && target.mode === 'view' && target.policy && <PolicyDetail policy={target.policy} canEdit={canEdit} onEdit={() => onEdit({ mode: 'edit', policy: target.policy })} />}
      {target && target.mode !== 'view' && <PolicyEditForm key={`${target.mode}:${target.policy?.key ?? ''}`} target={target} onDone={onClose} />}
    </Drawer>
  );
}

const fixedText = (v: string | undefined) => (v && Number(v) > 0 ? formatMoney(v) : '—');

function PolicyDetail({ policy, canEdit, onEdit }: { policy: PolicyView; canEdit: boolean; onEdit: () => void }) {
  const columns: TableColumnsType<ContributionItemView> = [
    { title: '险种', dataIndex: 'name', width: 110 },
    { title: '基数下限', dataIndex: 'baseFloor', width: 110, align: 'right', render: (v: string) => <span className="money">{formatMoney(v)}</span> },
    { title: '基数上限', dataIndex: 'baseCeiling', width: 110, align: 'right', render: (v: string) => <span className="money">{formatMoney(v)}</span> },
    { title: '单位比例', dataIndex: 'employerRate', width: 80, align: 'right', render: formatRate },
    { title: '个人比例', dataIndex: 'employeeRate', width: 80, align: 'right', render: formatRate },
    { title: '比例范围', key: 'range', width: 100, render: (_: unknown, r) => (r.rateRange ? `${formatRate(r.rateRange.min)} ~ ${formatRate(r.rateRange.max)}` : '—') },
    { title: '单位固定金额', dataIndex: 'employerFixed', width: 100, align: 'right', render: fixedText },
    { title: '个人固定金额', dataIndex: 'employeeFixed', width: 100, align: 'right', render: fixedText },
    { title: '舍入规则', dataIndex: 'rounding', width: 150, render: roundingLabel },
    { title: '说明', dataIndex: 'note', render: (v: string | undefined) => v || '—' },
  ];
  return (
    <Flex vertical gap={16} className="policy-detail">
      <Descriptions size="small" bordered column={3} styles={{ label: { whiteSpace: 'nowrap', width: 100 } }}>
        <Descriptions.Item label="城市">{policy.city}</Descriptions.Item>
        <Descriptions.Item label="生效日期">
          <span style={{ whiteSpace: 'nowrap' }}>{policy.effectiveFrom}</span>
        </Descriptions.Item>
        <Descriptions.Item label="失效日期">{policy.effectiveTo ?? '长期'}</Descriptions.Item>
        <Descriptions.Item label="类型">{originTag(policy)}</Descriptions.Item>
        <Descriptions.Item label="已核对">{policy.verified ? '是' : '否'}</Descriptions.Item>
        <Descriptions.Item label="政策来源" span={3}>{policy.source || '—'}</Descriptions.Item>
      </Descriptions>
      <Table<ContributionItemView> rowKey="key" size="middle" dataSource={policy.items} columns={columns} pagination={false} />
      {canEdit && (
        <Flex justify="flex-end">
          <Button type="primary" onClick={onEdit}>
            {policy.origin === 'builtin' ? '修改为本企业政策' : '编辑'}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

import type { ContributionItemView, PolicyView } from '@wfsaas/contracts';
import { Alert, App, Button, DatePicker, Descriptions, Drawer, Flex, Input, InputNumber, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { formatMoney } from '../../app/ui/format.ts';
import { formatRate } from './payroll-format.ts';
import { PAYROLL_PERMISSIONS as P, payrollCalls, runWrite, useInvalidatePayroll, usePolicies } from './payroll.api.ts';
import {
  checkPolicyForm,
  CONTRIBUTION_KINDS,
  formToPolicySave,
  newItemForm,
  newPolicyForm,
  policyToForm,
  ROUNDING_MODES,
  ROUNDING_PLACES,
  roundingLabel,
  type ContributionKey,
  type PolicyForm,
  type PolicyItemForm,
} from './policy-edit.ts';

const LABEL = { marginBottom: 6, color: 'rgba(0,0,0,0.88)' } as const;

type Target = { mode: 'view' | 'edit' | 'version' | 'new'; policy: PolicyView | null };

const originTag = (p: PolicyView) => (p.origin === 'builtin' ? <Tag color="blue">内置</Tag> : <Tag color="green">本企业</Tag>);

/** 社保公积金政策: the city policies the company sees (built-in and its own); view, edit, add, remove. */
export function PolicyDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[P.groupEdit] === true;
  const policies = usePolicies(open);
  const invalidate = useInvalidatePayroll();
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
              onClick={() => confirmDelete(modal, () => runWrite(() => payrollCalls.removePolicy(r.id!), '删除成功', invalidate, toastSuccess), `删除本企业的「${r.city}」${r.effectiveFrom}起生效的政策；如有同日生效的内置政策，将恢复使用内置政策。`)}
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

function PolicyEditForm({ target, onDone }: { target: Target; onDone: () => void }) {
  const invalidate = useInvalidatePayroll();
  const { policy, mode } = target;
  const [form, setForm] = useState<PolicyForm>(() => {
    if (!policy) return newPolicyForm(dayjs().startOf('year').format('YYYY-MM-DD'));
    const f = policyToForm(policy);
    return mode === 'version' ? { ...f, effectiveFrom: '', effectiveTo: null } : f;
  });
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const setItem = (index: number, patch: Partial<PolicyItemForm>) => setForm((f) => ({ ...f, items: f.items.map((it, i) => (i === index ? { ...it, ...patch } : it)) }));
  const missing = CONTRIBUTION_KINDS.filter((k) => !form.items.some((i) => i.key === k.key));
  const updateId = mode === 'edit' && policy?.origin === 'company' && policy.id !== null ? policy.id : undefined;

  const save = async () => {
    const found = checkPolicyForm(form);
    setErrors(found);
    if (found.length > 0) return;
    setBusy(true);
    try {
      const done = mode === 'new' ? '新增成功' : mode === 'version' ? '新版本已保存' : updateId === undefined ? '已保存为本企业政策' : '保存成功';
      const saved = await runWrite(() => payrollCalls.savePolicy(formToPolicySave(form, updateId)), done, invalidate, toastSuccess);
      if (saved !== undefined) onDone();
    } finally {
      setBusy(false);
    }
  };

  const money = (index: number, field: 'baseFloor' | 'baseCeiling' | 'employerFixed' | 'employeeFixed', label: string) => (
    <InputNumber<number>
      aria-label={label}
      min={0}
      max={999_999_999}
      precision={2}
      style={{ width: '100%' }}
      value={form.items[index]![field]}
      onChange={(v) => setItem(index, { [field]: v ?? null })}
    />
  );
  const percent = (index: number, field: 'employerPercent' | 'employeePercent', label: string) => (
    <InputNumber<number>
      aria-label={label}
      className={`policy-${field}`}
      min={0}
      max={100}
      step={1}
      suffix="%"
      style={{ width: '100%' }}
      value={form.items[index]![field]}
      onChange={(v) => setItem(index, { [field]: v ?? null })}
    />
  );

  const columns: TableColumnsType<PolicyItemForm> = [
    { title: '险种', key: 'key', width: 170, render: (_: unknown, r, i) => <Input aria-label="险种名称" value={r.name} maxLength={30} onChange={(e) => setItem(i, { name: e.target.value })} /> },
    { title: '基数下限（元）', key: 'floor', width: 125, render: (_: unknown, _r, i) => money(i, 'baseFloor', '缴费基数下限') },
    { title: '基数上限（元）', key: 'ceiling', width: 125, render: (_: unknown, _r, i) => money(i, 'baseCeiling', '缴费基数上限') },
    { title: '单位比例', key: 'employer', width: 115, render: (_: unknown, _r, i) => percent(i, 'employerPercent', '单位缴费比例') },
    { title: '个人比例', key: 'employee', width: 115, render: (_: unknown, _r, i) => percent(i, 'employeePercent', '个人缴费比例') },
    { title: '单位固定金额', key: 'eFixed', width: 115, render: (_: unknown, _r, i) => money(i, 'employerFixed', '单位固定缴费额') },
    { title: '个人固定金额', key: 'pFixed', width: 115, render: (_: unknown, _r, i) => money(i, 'employeeFixed', '个人固定缴费额') },
    {
      title: '舍入规则',
      key: 'rounding',
      width: 280,
      render: (_: unknown, r, i) => (
        <Space.Compact style={{ width: '100%' }}>
          <Select aria-label="保留位数" style={{ width: '45%' }} value={r.places} options={ROUNDING_PLACES.map((p) => ({ value: p.value, label: `保留到${p.label}` }))} onChange={(v) => setItem(i, { places: v })} />
          <Select aria-label="舍入方式" style={{ width: '55%' }} value={r.mode} options={ROUNDING_MODES.map((m) => ({ value: m.value, label: m.label }))} onChange={(v) => setItem(i, { mode: v })} />
        </Space.Compact>
      ),
    },
    {
      title: '',
      key: 'remove',
      width: 70,
      render: (_: unknown, _r, i) => (
        <Button type="link" size="small" danger disabled={form.items.length <= 1} onClick={() => setForm((f) => ({ ...f, items: f.items.filter((_x, j) => j !== i) }))}>
          移除
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} className="policy-form">
      {mode === 'edit' && policy?.origin === 'builtin' && <Alert type="info" showIcon message="保存后生成本企业政策，生效日期相同时替代内置政策；删除本企业政策后恢复使用内置政策。" />}
      {mode === 'version' && <Alert type="info" showIcon message="选择新的生效日期，保存为本企业的一个新版本；生效期间不能与该城市的其他政策重叠。" />}
      <Flex gap={16} wrap>
        <label>
          <div style={LABEL}>城市</div>
          <Input aria-label="城市" style={{ width: 180 }} maxLength={20} value={form.city} disabled={mode !== 'new'} placeholder="如：北京" onChange={(e) => setForm((f) => ({ ...f, city: e.target.value }))} />
        </label>
        <label>
          <div style={LABEL}>生效日期</div>
          <DatePicker
            aria-label="生效日期"
            style={{ width: 180 }}
            value={form.effectiveFrom ? dayjs(form.effectiveFrom) : null}
            onChange={(d) => setForm((f) => ({ ...f, effectiveFrom: d ? d.format('YYYY-MM-DD') : '' }))}
          />
        </label>
        <label>
          <div style={LABEL}>失效日期</div>
          <DatePicker
            aria-label="失效日期"
            style={{ width: 180 }}
            placeholder="长期有效"
            value={form.effectiveTo ? dayjs(form.effectiveTo) : null}
            onChange={(d) => setForm((f) => ({ ...f, effectiveTo: d ? d.format('YYYY-MM-DD') : null }))}
          />
        </label>
        <label style={{ flex: 1, minWidth: 320 }}>
          <div style={LABEL}>政策来源</div>
          <Input aria-label="政策来源" maxLength={300} value={form.source} placeholder="发文机关、文号或网址" onChange={(e) => setForm((f) => ({ ...f, source: e.target.value }))} />
        </label>
      </Flex>
      <Table<PolicyItemForm> rowKey="key" size="small" className="policy-items" dataSource={form.items} columns={columns} pagination={false} scroll={{ x: 1230 }} />
      {missing.length > 0 && (
        <Flex gap={8} align="center" wrap>
          <Typography.Text type="secondary">添加险种：</Typography.Text>
          {missing.map((k) => (
            <Button key={k.key} size="small" onClick={() => setForm((f) => ({ ...f, items: [...f.items, newItemForm(k.key as ContributionKey)] }))}>
              {k.label}
            </Button>
          ))}
        </Flex>
      )}
      {errors.length > 0 && <Alert type="error" showIcon className="policy-errors" message="请修改以下内容后再保存" description={<ul style={{ margin: 0, paddingLeft: 20 }}>{errors.map((e) => <li key={e}>{e}</li>)}</ul>} />}
      <Flex justify="flex-end" gap={8}>
        <Button onClick={onDone}>取消</Button>
        <Button type="primary" className="policy-save" loading={busy} onClick={() => void save()}>
          保存
        </Button>
      </Flex>
    </Flex>
  );
}

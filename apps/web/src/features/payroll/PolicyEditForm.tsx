import type { PolicyView } from '@wfsaas/contracts';
import { Alert, Button, DatePicker, Flex, Input, InputNumber, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useAction } from '../../app/ui/use-action.ts';
import { payrollCalls, useInvalidatePayroll } from './payroll.api.ts';
import { checkPolicyForm, CONTRIBUTION_KINDS, formToPolicySave, newItemForm, newPolicyForm, policyToForm, ROUNDING_MODES, ROUNDING_PLACES, type ContributionKey, type PolicyForm, type PolicyItemForm } from './policy-edit.ts';

export type PolicyTarget = { mode: 'view' | 'edit' | 'version' | 'new'; policy: PolicyView | null };

const LABEL = { marginBottom: 6, color: 'rgba(0,0,0,0.88)' } as const;

/** A policy's city, dates, source and contribution lines, checked before saving. */
export function PolicyEditForm({ target, onDone }: { target: PolicyTarget; onDone: () => void }) {
  const invalidate = useInvalidatePayroll();
  const { policy, mode } = target;
  const [form, setForm] = useState<PolicyForm>(() => {
    if (!policy) return newPolicyForm(dayjs().startOf('year').format('YYYY-MM-DD'));
    const f = policyToForm(policy);
    return mode === 'version' ? { ...f, effectiveFrom: '', effectiveTo: null } : f;
  });
  const [errors, setErrors] = useState<string[]>([]);
  const setItem = (index: number, patch: Partial<PolicyItemForm>) => setForm((f) => ({ ...f, items: f.items.map((it, i) => (i === index ? { ...it, ...patch } : it)) }));
  const missing = CONTRIBUTION_KINDS.filter((k) => !form.items.some((i) => i.key === k.key));
  const updateId = mode === 'edit' && policy?.origin === 'company' && policy.id !== null ? policy.id : undefined;

  const done = mode === 'new' ? '新增成功' : mode === 'version' ? '新版本已保存' : updateId === undefined ? '已保存为本企业政策' : '保存成功';
  const savePolicy = useAction(() => payrollCalls.savePolicy(formToPolicySave(form, updateId)), { success: done, invalidate, onSuccess: onDone });

  const save = async () => {
    const found = checkPolicyForm(form);
    setErrors(found);
    if (found.length > 0) return;
    await savePolicy.run();
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
        <Button type="primary" className="policy-save" loading={savePolicy.pending} onClick={() => void save()}>
          保存
        </Button>
      </Flex>
    </Flex>
  );
}

import { PRORATION_BASES, SI_BASE_RULES, TAX_RULES } from '@wfsaas/contracts';
import { Col, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import { useMemo } from 'react';
import type { GroupDraft } from './group-draft.ts';
import { usePolicies } from './payroll.api.ts';

/** The base rule that takes each employee's bases, rate and city from social-insurance hosting. */
export const INSURED_RULE_LABEL = '按参保信息（社保托管）';

/**
 * 基本信息: name, pay day, proration, tax rule, social insurance base and city, gross and net items.
 * With the base rule 'insured' the city comes from each employee's 参保主体, so no city is chosen here.
 */
export function BasicTab({ draft, patch }: { draft: GroupDraft; patch: (p: Partial<GroupDraft>) => void }) {
  const policies = usePolicies();
  const cities = useMemo(() => [...new Set((policies.data ?? []).map((p) => p.city))], [policies.data]);
  const names = draft.items.map((i) => i.name).filter(Boolean);
  const insured = draft.siBaseRule === 'insured';
  return (
    <Form layout="vertical" style={{ maxWidth: 880 }} className="group-basic">
      <Row gutter={24}>
        <Col span={12}>
          <Form.Item label="薪资组名称" required htmlFor="group-name">
            <Input id="group-name" value={draft.name} maxLength={40} placeholder="例如：杭州总部月薪" onChange={(e) => patch({ name: e.target.value })} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="发薪日">
            <InputNumber min={1} max={31} value={draft.payDay} addonBefore="每月" addonAfter="日" style={{ width: '100%' }} onChange={(v) => patch({ payDay: v ?? 10 })} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="固定工资折算" extra="月中入职、离职或调薪时，固定工资项（档案月薪）按在职天数折算的方式；工作日取自日历数据">
            <Select value={draft.prorationBasis ?? 'workdays'} onChange={(v) => patch({ prorationBasis: v })} options={PRORATION_BASES.map((b) => ({ value: b.key, label: b.label }))} className="group-proration" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="计税规则">
            <Radio.Group value={draft.taxRule} onChange={(e) => patch({ taxRule: e.target.value as 0 | 1 | 2 })} options={TAX_RULES.map((t) => ({ value: t.value, label: t.label }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="缴费基数" htmlFor="group-si-base-rule" extra={insured ? '每位员工按其员工参保信息中的社保、公积金基数和比例计算' : undefined}>
            <Select
              id="group-si-base-rule"
              value={draft.siBaseRule ?? 'salary'}
              onChange={(v: GroupDraft['siBaseRule']) => patch({ siBaseRule: v })}
              options={[...SI_BASE_RULES.map((r) => ({ value: r.key, label: r.label })), { value: 'insured', label: INSURED_RULE_LABEL }]}
              className="group-si-base-rule"
            />
          </Form.Item>
        </Col>
        {insured ? (
          <Col span={12}>
            <Form.Item label="社保城市政策">
              <div className="group-si-city-insured" style={{ color: 'rgba(0,0,0,0.65)', paddingTop: 5 }}>
                城市取自每位员工的参保主体（社保托管 › 员工参保信息），无需在此选择
              </div>
            </Form.Item>
          </Col>
        ) : (
          <Col span={12}>
            <Form.Item label="社保城市政策" htmlFor="group-si-city" extra="按所选城市的社保、公积金缴费基数上下限和比例计算">
              <Select
                id="group-si-city"
                value={draft.siCity ?? ''}
                loading={policies.isLoading}
                onChange={(v: string) => patch({ siCity: v || null })}
                options={[{ value: '', label: '不缴纳社保公积金' }, ...cities.map((c) => ({ value: c, label: c }))]}
              />
            </Form.Item>
          </Col>
        )}
        {draft.siCity && !insured && (
          <>
            {draft.siBaseRule === 'fixed' && (
              <Col span={12}>
                <Form.Item label="固定缴费基数" required>
                  <Input prefix="¥" value={draft.siBaseAmount ?? ''} placeholder="例如：8000.00" onChange={(e) => patch({ siBaseAmount: e.target.value.trim() || undefined })} />
                </Form.Item>
              </Col>
            )}
            <Col span={12}>
              <Form.Item label="公积金缴存比例" extra="单位和个人相同，留空按政策默认比例">
                <Input value={draft.hfRate ?? ''} placeholder="例如：0.07 表示 7%" onChange={(e) => patch({ hfRate: e.target.value.trim() || undefined })} />
              </Form.Item>
            </Col>
          </>
        )}
        <Col span={12}>
          <Form.Item label="应发工资项" required extra="作为本期收入计税的项目">
            <Select value={draft.grossItem || undefined} placeholder="请选择" onChange={(v: string) => patch({ grossItem: v })} options={names.map((n) => ({ value: n, label: n }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="实发工资项" required extra="发放给员工的金额">
            <Select value={draft.netItem || undefined} placeholder="请选择" onChange={(v: string) => patch({ netItem: v })} options={names.map((n) => ({ value: n, label: n }))} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

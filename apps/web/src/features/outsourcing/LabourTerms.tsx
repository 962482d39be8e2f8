import type { ClientView, OnboardingCheck, PlacementTerms } from '@wfsaas/contracts';
import { Alert, Col, Descriptions, Flex, Form, Row, Spin, Tag, type FormInstance } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { formatDate } from '../../app/ui/format.ts';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { DateText } from '../employees/pickers.tsx';
import { termsError, termsForClient, termsForOrder, toPlacementTerms, type TermsValues } from './labour-form.ts';
import { postKindColor, postKindLabel, ratioText, ratioTone } from './labour-format.ts';
import { LabourClientSelect, LabourOrderSelect, LabourPlanSelect, LabourPostSelect, useLabourClient } from './LabourPickers.tsx';
import { useOnboardingCheck } from './os-labour.api.ts';

/** A value that settles `wait` ms after it last changed (compared by content). */
function useSettled<T>(value: T, wait = 400): T {
  const key = JSON.stringify(value);
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(JSON.parse(key) as T), wait);
    return () => clearTimeout(t);
  }, [key, wait]);
  return settled;
}

export type LiveCheck = {
  client: ClientView | null;
  terms: PlacementTerms | null;
  /** What the page itself finds wrong before the server is asked. */
  localError: string | null;
  check: OnboardingCheck | undefined;
  /** The check's request failed (its message). */
  failed: string | null;
  checking: boolean;
  /** The placement cannot be made as it stands. */
  blocked: boolean;
};

/** The dispatch rules of the terms in a form, checked by the server as they change. */
export function useLiveCheck(values: TermsValues): LiveCheck {
  const client = useLabourClient(values.clientId);
  const localError = termsError(values, client);
  const terms = useMemo(() => toPlacementTerms(values), [values]);
  const settled = useSettled(localError ? null : terms);
  const query = useOnboardingCheck(settled);
  const current = settled !== null && JSON.stringify(settled) === JSON.stringify(terms);
  const check = current ? query.data : undefined;
  const failed = current && query.error ? (query.error instanceof Error ? query.error.message : '校验失败') : null;
  const checking = !localError && terms !== null && (!current || query.isFetching);
  return { client, terms, localError, check, failed, checking, blocked: !terms || !!localError || !!failed || checking || !check || check.errors.length > 0 };
}

/** The fields of a placement: client, order, post, plan, start and end dates; choosing a client or an order fills what follows from it. */
/** `full`: also the plan and the end date (a re-placement from a dismissal takes the client's). */
export function LabourTermsFields({ form, client, full = true }: { form: FormInstance; client: ClientView | null; full?: boolean }) {
  const clientId = Form.useWatch('clientId', form) as number | null | undefined;
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="clientId" label="用工单位" rules={[{ required: true, message: '请选择用工单位' }]}>
          <LabourClientSelect onPick={(c) => form.setFieldsValue(c ? termsForClient(c) : { orderId: null, post: null })} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="orderId" label="补岗工单" extra="按工单入职的人员计入工单的到岗人数">
          <LabourOrderSelect clientId={clientId} onPick={(o) => o && form.setFieldsValue(termsForOrder(o, form.getFieldsValue() as TermsValues))} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="post" label="派驻岗位" rules={[{ required: true, message: '请选择派驻岗位' }]}>
          <LabourPostSelect client={client} />
        </Form.Item>
      </Col>
      {full && (
        <Col xs={24} md={12}>
          <Form.Item name="planId" label="方案" extra="默认为用工单位签约的方案">
            <LabourPlanSelect placeholder="用工单位的方案" />
          </Form.Item>
        </Col>
      )}
      <Col xs={24} md={12}>
        <Form.Item name="startDate" label="到岗日期" rules={[{ required: true, message: '请选择到岗日期' }]}>
          <DateText />
        </Form.Item>
      </Col>
      {full && (
        <Col xs={24} md={12}>
          <Form.Item name="endDate" label="派驻结束日期" extra={client ? `默认为协议结束日期 ${client.agreementEnd}` : '默认为协议结束日期'}>
            <DateText placeholder="协议结束日期" />
          </Form.Item>
        </Col>
      )}
    </Row>
  );
}

/** The outcome of the check: refusals in red, warnings in orange, the dispatch ratio and what the plan sets up. */
export function LabourCheckResult({ live }: { live: LiveCheck }) {
  const { terms, localError, check, failed, checking, client } = live;
  if (localError) return <Alert type="error" showIcon title={localError} className="labour-check-local" />;
  if (!terms) return <Alert type="info" showIcon title="选择用工单位、派驻岗位和到岗日期后，将按派遣规则校验本次派驻。" className="labour-check-idle" />;
  if (failed) return <Alert type="error" showIcon title={failed} className="labour-check-failed" />;
  if (!check) return <Checking text="正在校验派遣规则…" />;
  return (
    <Flex vertical gap={8} className="labour-check">
      {check.errors.map((e) => (
        <Alert key={e} type="error" showIcon title={e} className="labour-check-error" />
      ))}
      {check.warnings.map((w) => (
        <Alert key={w} type="warning" showIcon title={w} className="labour-check-warning" />
      ))}
      {check.errors.length === 0 && check.warnings.length === 0 && <Alert type="success" showIcon title="符合派遣规则，可以派驻" className="labour-check-ok" />}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        className="labour-check-facts"
        items={[
          { key: 'post', label: '岗位性质', children: <Tag color={postKindColor(check.postKind)}>{postKindLabel(check.postKind)}</Tag> },
          {
            key: 'ratio',
            label: '派遣用工',
            children: check.ratio ? (
              <span className="labour-ratio">
                <StatusTag tone={ratioTone(check.ratio.level)}>{ratioText(check.ratio)}</StatusTag>
              </span>
            ) : (
              '非劳务派遣，不受比例限制'
            ),
          },
          { key: 'plan', label: '方案', children: check.plan?.name ?? '—' },
          { key: 'si', label: '参保主体', children: check.plan?.siEntityName ?? '未设置' },
          { key: 'group', label: '薪资组', children: check.plan?.salaryGroupName ?? '未设置' },
          { key: 'package', label: '合同包', children: check.plan?.contractPackageName ?? '未设置（不发起电子合同）' },
          { key: 'end', label: '派驻结束日期', children: formatDate(check.endDate) },
          ...(client ? [{ key: 'agreement', label: '协议期限', children: `${formatDate(client.agreementStart)} 至 ${formatDate(client.agreementEnd)}` }] : []),
        ]}
      />
      {checking && <Checking text="正在重新校验…" />}
    </Flex>
  );
}

function Checking({ text }: { text: string }) {
  return (
    <Flex gap={8} align="center" style={{ color: 'rgba(0,0,0,0.45)' }}>
      <Spin size="small" />
      <span>{text}</span>
    </Flex>
  );
}

import { Button, Col, Flex, Form, Row, Steps } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { termsForClient, termsForOrder, termsFromSearch, termsToSearch, type TermsValues } from './labour-form.ts';
import { idParam, ONBOARDING_LIST_PATH, ONBOARDING_STEP_PATH, ONBOARDING_STEPS } from './labour-format.ts';
import { LabourInviteDialog } from './LabourInvites.tsx';
import { LabourCheckResult, LabourTermsFields, useLiveCheck } from './LabourTerms.tsx';
import { OS_PERMISSIONS as P, useLabourClients, useOrderDetail } from './os-labour.api.ts';

/**
 * /outsourcingLabor/onboardingManagement/initiateOnboarding (发起入职), step 1: where the worker goes — client,
 * order, post, plan and dates — checked against the dispatch rules before 下一步. ?clientId=&orderId= prefill it.
 */
export default function OnboardingStartPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { map } = usePermissions();
  const canList = map[P.onboardingRead] === true;
  const canEdit = map[P.onboardingEdit] === true;
  const [inviting, setInviting] = useState(false);
  const [form] = Form.useForm<TermsValues>();
  const values = (Form.useWatch((v: TermsValues) => v, form) ?? {}) as TermsValues;
  const live = useLiveCheck(values);
  const clients = useLabourClients();
  const search = new URLSearchParams(location.search);
  const back = termsFromSearch(location.search);
  const clientParam = idParam(search.get('clientId'));
  const orderParam = idParam(search.get('orderId'));
  const order = useOrderDetail(back ? null : orderParam);

  // the address fills the form once: terms coming back from step 2, or a client (and order) to start from
  const filled = useRef(false);
  useEffect(() => {
    if (filled.current) return;
    if (back) {
      filled.current = true;
      form.setFieldsValue(back);
      return;
    }
    if (!clientParam) {
      filled.current = true;
      form.setFieldsValue({ startDate: dayjs().add(1, 'day').format('YYYY-MM-DD') });
      return;
    }
    const client = clients.data?.find((c) => c.id === clientParam);
    if (!clients.data || (orderParam && order.isLoading)) return;
    filled.current = true;
    const start: TermsValues = { startDate: dayjs().add(1, 'day').format('YYYY-MM-DD'), ...(client ? termsForClient(client) : {}) };
    const o = order.data;
    form.setFieldsValue(o && client && o.clientId === client.id ? { ...start, ...termsForOrder(o, {}) } : start);
  }, [back, clientParam, orderParam, clients.data, order.isLoading, order.data, form]);

  return (
    <Flex vertical gap={16} className="onboarding-start-page">
      <PageHeader
        title="发起入职"
        description="外包人员由本公司录用后派驻到用工单位：先选择派驻信息并校验派遣规则，再填写人员信息。"
        extra={
          canList && (
            <Button onClick={() => navigate(ONBOARDING_LIST_PATH)} className="onboarding-list-link">
              入职记录
            </Button>
          )
        }
      />
      <Panel>
        <Steps current={0} items={ONBOARDING_STEPS} size="small" style={{ maxWidth: 640, marginBottom: 24 }} />
        <Row gutter={32}>
          <Col xs={24} xl={13}>
            <Form<TermsValues> form={form} layout="vertical" name="onboarding-terms" className="onboarding-terms">
              <LabourTermsFields form={form} client={live.client} />
            </Form>
          </Col>
          <Col xs={24} xl={11}>
            <div style={{ fontWeight: 600, marginBottom: 12 }}>派遣规则校验</div>
            <LabourCheckResult live={live} />
          </Col>
        </Row>
        <Flex justify="flex-end" gap={8} style={{ marginTop: 24 }}>
          {canEdit && (
            <Button className="onboarding-invite" disabled={live.blocked || !live.terms} onClick={() => setInviting(true)}>
              手机自助入职
            </Button>
          )}
          <Button
            type="primary"
            className="onboarding-next"
            disabled={live.blocked}
            onClick={() => {
              if (live.terms) navigate(`${ONBOARDING_STEP_PATH}?${termsToSearch(live.terms)}`);
            }}
          >
            下一步
          </Button>
        </Flex>
      </Panel>
      <LabourInviteDialog terms={live.terms} open={inviting} onClose={() => setInviting(false)} />
    </Flex>
  );
}

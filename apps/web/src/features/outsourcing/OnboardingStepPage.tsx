import { GENDERS, ID_TYPES, type OnboardingResult } from '@wfsaas/contracts';
import { Alert, Button, Col, Descriptions, Flex, Form, Input, InputNumber, Result, Row, Select, Steps, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { formatDate } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useLeaveGuard } from '../../app/ui/use-leave-guard.ts';
import { ruleFrom } from '../../app/ui/validators.ts';
import { documentNumberError, EMPLOYEE_NO_PATTERN, idCardAutofill, MOBILE_PATTERN } from '../employees/employee-form.ts';
import { DateText, DepartmentTreeSelect, PositionSelect } from '../employees/pickers.tsx';
import { usePrefilledEmployeeNo } from '../employees/use-employee-no.ts';
import { probationError, termsFromSearch, termsToSearch, toOnboardingAdd, type WorkerValues } from './labour-form.ts';
import { ONBOARDING_LIST_PATH, ONBOARDING_START_PATH, ONBOARDING_STEPS, placementStatusLabel } from './labour-format.ts';
import { LabourConfirmArrival } from './LabourConfirmArrival.tsx';
import { LabourCheckResult, useLiveCheck } from './LabourTerms.tsx';
import { OS_PERMISSIONS as P, labourCalls, useInvalidateLabour } from './os-labour.api.ts';

const required = (label: string) => ({ required: true, whitespace: true, message: `请输入${label}` });

/** /outsourcingLabor/onboardingManagement/initiateOnboardingStep (提交入职信息), step 2: the worker, hired and placed on the terms of step 1. */
export default function OnboardingStepPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const terms = useMemo(() => termsFromSearch(location.search), [location.search]);
  if (!terms)
    return (
      <Result
        status="warning"
        title="请先选择派驻信息"
        subTitle="入职信息需要先确定用工单位、派驻岗位和到岗日期。"
        extra={
          <Button type="primary" onClick={() => navigate(ONBOARDING_START_PATH)}>
            去发起入职
          </Button>
        }
      />
    );
  return <WorkerStep key={location.search} terms={terms} />;
}

function WorkerStep({ terms }: { terms: NonNullable<ReturnType<typeof termsFromSearch>> }) {
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[P.onboardingEdit] === true;
  const canList = map[P.onboardingRead] === true;
  const live = useLiveCheck(terms);
  const [form] = Form.useForm<WorkerValues>();
  const departmentId = Form.useWatch('departmentId', form);
  const employeeNo = usePrefilledEmployeeNo(form, canEdit);
  const [dirty, setDirty] = useState(false);
  const [done, setDone] = useState<OnboardingResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const invalidate = useInvalidateLabour();
  const hasPackage = !!live.check?.plan?.contractPackageName;
  const submit = useAction((v: WorkerValues) => labourCalls.addOnboarding(toOnboardingAdd({ ...v, signContract: hasPackage && v.signContract !== false }, terms)), {
    success: '入职信息已提交',
    invalidate,
    onSuccess: (r) => {
      setDirty(false);
      setDone(r);
    },
  });
  useLeaveGuard(dirty && !submit.pending);
  // without a contract package there is nothing to sign: the switch shows off
  const checked = live.check !== undefined;
  useEffect(() => {
    if (checked && !hasPackage) form.setFieldValue('signContract', false);
  }, [checked, hasPackage, form]);

  const summary = (
    <Descriptions
      size="small"
      column={1}
      className="onboarding-terms-summary"
      items={[
        { key: 'client', label: '用工单位', children: live.client?.name ?? '—' },
        { key: 'post', label: '派驻岗位', children: terms.post },
        { key: 'start', label: '到岗日期', children: formatDate(terms.startDate) },
      ]}
    />
  );

  if (done)
    return (
      <Flex vertical gap={16} className="onboarding-step-page">
        <PageHeader title="提交入职信息" />
        <Panel>
          <Steps current={2} items={ONBOARDING_STEPS} size="small" style={{ maxWidth: 640, marginBottom: 8 }} />
          <Result
            status="success"
            className="onboarding-done"
            title={`${done.placement.name} 的入职信息已提交`}
            subTitle={`${done.placement.clientName} · ${done.placement.post}，计划到岗 ${formatDate(done.placement.startDate)}，当前状态：${placementStatusLabel(done.placement.status)}。员工到岗后请确认到岗。`}
            extra={[
              done.placement.status === 1 && (
                <Button key="confirm" type="primary" className="onboarding-confirm" onClick={() => setConfirming(true)}>
                  确认到岗
                </Button>
              ),
              canList && (
                <Button key="list" onClick={() => navigate(`${ONBOARDING_LIST_PATH}?highlight=${done.placement.id}`)}>
                  查看入职记录
                </Button>
              ),
              <Button key="again" onClick={() => navigate(`${ONBOARDING_START_PATH}?clientId=${terms.clientId}${terms.orderId ? `&orderId=${terms.orderId}` : ''}`)}>
                继续发起入职
              </Button>,
            ].filter(Boolean)}
          >
            {done.warnings.length > 0 && (
              <Flex vertical gap={8}>
                {done.warnings.map((w) => (
                  <Alert key={w} type="warning" showIcon title={w} />
                ))}
              </Flex>
            )}
          </Result>
        </Panel>
        <LabourConfirmArrival
          row={confirming ? done.placement : null}
          onClose={() => {
            setConfirming(false);
            if (canList) navigate(`${ONBOARDING_LIST_PATH}?highlight=${done.placement.id}`);
          }}
        />
      </Flex>
    );

  return (
    <Flex vertical gap={16} className="onboarding-step-page">
      <PageHeader title="提交入职信息" description="填写人员的身份与任职信息；提交后为待入职，员工到岗时确认到岗。" />
      <Panel>
        <Steps current={1} items={ONBOARDING_STEPS} size="small" style={{ maxWidth: 640, marginBottom: 24 }} />
        <Row gutter={32}>
          <Col xs={24} xl={15}>
            <Form<WorkerValues>
              form={form}
              layout="vertical"
              name="onboarding-worker"
              className="onboarding-worker"
              initialValues={{ idType: 1, signContract: true }}
              scrollToFirstError={{ block: 'center' }}
              onValuesChange={(changed: WorkerValues, all: WorkerValues) => {
                setDirty(true);
                if ('idNumber' in changed || 'idType' in changed) {
                  const auto = idCardAutofill(all.idType, all.idNumber);
                  if (auto) form.setFieldsValue(auto);
                }
              }}
              onFinish={(v) => void submit.run(v)}
            >
              <h3 style={{ margin: '0 0 12px', fontSize: 15 }}>身份信息</h3>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="name" label="姓名" rules={[required('姓名'), { max: 50, message: '姓名不能超过50个字符' }]}>
                    <Input maxLength={50} placeholder="请输入姓名" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="mobile" label="手机号" rules={[required('手机号'), { pattern: MOBILE_PATTERN, message: '请输入正确的11位手机号' }]}>
                    <Input maxLength={11} placeholder="用于接收合同签署短信" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="idType" label="证件类型" rules={[{ required: true, message: '请选择证件类型' }]}>
                    <Select options={ID_TYPES.map((t) => ({ value: t.value, label: t.label }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="idNumber"
                    label="证件号码"
                    dependencies={['idType']}
                    rules={[required('证件号码'), ({ getFieldValue }) => ruleFrom((v: string | undefined) => documentNumberError(getFieldValue('idType') as number, v))]}
                  >
                    <Input maxLength={30} placeholder="身份证号码填写后自动带出出生日期和性别" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="gender" label="性别">
                    <Select allowClear placeholder="请选择性别" options={GENDERS.map((g) => ({ value: g.value, label: g.label }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="birthDate" label="出生日期">
                    <DateText />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
                    <Input maxLength={100} placeholder="选填" />
                  </Form.Item>
                </Col>
              </Row>
              <h3 style={{ margin: '8px 0 12px', fontSize: 15 }}>任职信息</h3>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="employeeNo"
                    label="工号"
                    extra={employeeNo.extra}
                    rules={[...(employeeNo.required ? [required('工号')] : []), { pattern: EMPLOYEE_NO_PATTERN, message: '只能包含字母、数字、下划线和短横线' }]}
                  >
                    <Input maxLength={32} placeholder={employeeNo.placeholder} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="departmentId" label="部门" rules={[{ required: true, message: '请选择部门' }]} extra="外包人员在本公司组织架构中的归属部门">
                    <DepartmentTreeSelect />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="positionId" label="职位">
                    <PositionSelect departmentId={departmentId} placeholder="选填" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="salary" label="月基本工资（元）" rules={[{ required: true, message: '请输入月基本工资' }]} extra="算薪的固定工资从此读取">
                    <InputNumber min={0} max={999_999_999} precision={2} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="probationEndDate" label="试用期结束日期" extra="不填则确认到岗后为正式员工" rules={[ruleFrom((v: string | null | undefined) => probationError(v, terms.startDate))]}>
                    <DateText />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="signContract"
                    label="发起劳动合同签署"
                    valuePropName="checked"
                    extra={hasPackage ? `确认到岗后按合同包「${live.check?.plan?.contractPackageName ?? ''}」发起电子签署` : '方案未设置合同包，确认到岗时不会发起签署'}
                  >
                    <Switch checkedChildren="发起" unCheckedChildren="不发起" disabled={!hasPackage} />
                  </Form.Item>
                </Col>
              </Row>
            </Form>
          </Col>
          <Col xs={24} xl={9}>
            <div style={{ fontWeight: 600, marginBottom: 12 }}>派驻信息</div>
            {summary}
            <LabourCheckResult live={live} />
          </Col>
        </Row>
        <Flex justify="flex-end" gap={8} style={{ marginTop: 24 }}>
          <Button onClick={() => navigate(`${ONBOARDING_START_PATH}?${termsToSearch(terms)}`)} className="onboarding-prev">
            上一步
          </Button>
          <Button type="primary" className="onboarding-submit" loading={submit.pending} disabled={!canEdit || live.blocked} onClick={() => form.submit()}>
            提交
          </Button>
        </Flex>
      </Panel>
    </Flex>
  );
}

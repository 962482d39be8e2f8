import { FEE_KINDS, PAYROLL_PERMISSIONS, SI_PERMISSIONS, VAT_KINDS, type PlanSave, type PlanView } from '@wfsaas/contracts';
import { Col, Form, Input, Radio, Row, Select, Space } from 'antd';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { ruleFrom } from '../../app/ui/validators.ts';
import { usePackageOptions } from '../econtracts/econtracts.api.ts';
import { useEntities } from '../social-insurance/si.api.ts';
import { useSalaryGroupOptions } from './os.api.ts';
import { FEE_EXPLAIN, VAT_EXPLAIN } from './os-format.ts';
import { feeAmountError, feePercentError, planValues, toPlanSave, type PlanValues } from './plan-form.ts';

type Option = { value: number; label: string };

/** The options of a select, keeping the plan's current choice when the list cannot be read. */
function withCurrent(options: Option[] | undefined, id: number | null | undefined, name: string | null | undefined): Option[] {
  const list = options ?? [];
  if (id && !list.some((o) => o.value === id)) return [...list, { value: id, label: name ?? `#${id}` }];
  return list;
}

/** 新增 / 编辑方案: the service fee (per head or a rate), VAT, and the salary group, insured entity and contract package the workers use. */
export function PlanDrawer({ open, plan, onClose, onSubmit }: { open: boolean; plan: PlanView | null; onClose: () => void; onSubmit: (body: PlanSave) => Promise<unknown> }) {
  const { map } = usePermissions();
  const canGroups = map[PAYROLL_PERMISSIONS.groupRead] === true;
  const canEntities = map[SI_PERMISSIONS.entityRead] === true;
  const groups = useSalaryGroupOptions(open && canGroups);
  const entities = useEntities(open && canEntities);
  const packages = usePackageOptions();
  const groupOptions = withCurrent(groups.data?.map((g) => ({ value: g.id, label: g.name })), plan?.salaryGroupId, plan?.salaryGroupName);
  const entityOptions = withCurrent(entities.data?.map((e) => ({ value: e.id, label: `${e.name}（${e.city}）` })), plan?.siEntityId, plan?.siEntityName);
  const packageOptions = withCurrent(packages.data?.map((p) => ({ value: p.id, label: p.name })), plan?.contractPackageId, plan?.contractPackageName);
  return (
    <FormDrawer<PlanValues>
      title={plan ? '编辑方案' : '新增方案'}
      open={open}
      width={720}
      onClose={onClose}
      values={planValues(plan)}
      onSubmit={(v) => onSubmit(toPlanSave(v, plan?.id ?? null))}
      okClassName="plan-save"
      className="plan-drawer"
    >
      <Row gutter={24}>
        <Col span={24}>
          <Form.Item name="name" label="方案名称" rules={[{ required: true, whitespace: true, message: '请输入方案名称' }, { max: 60, message: '方案名称不能超过60个字' }]}>
            <Input placeholder="例如：杭州派遣标准方案" maxLength={60} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="feeKind" label="服务费方式" required>
            <Radio.Group options={FEE_KINDS.map((k) => ({ value: k.value, label: k.label }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item noStyle shouldUpdate={(a: PlanValues, b: PlanValues) => a.feeKind !== b.feeKind}>
            {({ getFieldValue }) =>
              getFieldValue('feeKind') === 'percent' ? (
                <Form.Item name="feePercent" label="服务费比例" required extra={FEE_EXPLAIN.percent} rules={[ruleFrom((v: string | undefined) => feePercentError(v))]}>
                  <Input suffix="%" placeholder="例如：8" className="plan-fee-percent" />
                </Form.Item>
              ) : (
                <Form.Item name="feeAmount" label="每人每月服务费" required extra={FEE_EXPLAIN.perHead} rules={[ruleFrom((v: string | undefined) => feeAmountError(v))]}>
                  <Input suffix="元/人/月" placeholder="例如：300" className="plan-fee-amount" />
                </Form.Item>
              )
            }
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="vatKind" label="增值税计税方式" required>
            <Radio.Group style={{ width: '100%' }}>
              <Space orientation="vertical">
                {VAT_KINDS.map((k) => (
                  <Radio key={k.value} value={k.value}>
                    {k.label}
                    <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{VAT_EXPLAIN[k.value]}</div>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="salaryGroupId" label="薪资组" extra={canGroups ? '派驻人员按该薪资组算薪' : '没有查看薪资组的权限，保留当前设置'}>
            <Select allowClear disabled={!canGroups} loading={groups.isFetching} options={groupOptions} placeholder="请选择薪资组" showSearch={{ optionFilterProp: 'label' }} className="plan-group" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="siEntityId" label="参保主体" extra={canEntities ? '入职时在该主体发起增员' : '没有查看参保主体的权限，保留当前设置'}>
            <Select allowClear disabled={!canEntities} loading={entities.isFetching} options={entityOptions} placeholder="请选择参保主体" showSearch={{ optionFilterProp: 'label' }} className="plan-entity" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="contractPackageId" label="合同包" extra="入职时发起签署的劳动合同（如三方派遣合同）">
            <Select allowClear loading={packages.isFetching} options={packageOptions} placeholder="请选择合同包" showSearch={{ optionFilterProp: 'label' }} className="plan-package" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注不能超过200个字' }]}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="选填" />
          </Form.Item>
        </Col>
      </Row>
    </FormDrawer>
  );
}

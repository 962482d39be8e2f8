import {
  EDUCATIONS,
  EMPLOYEE_STATUSES,
  EMPLOYMENT_TYPES,
  ETHNICITIES,
  GENDERS,
  gridSpan,
  HUKOU_TYPES,
  ID_TYPES,
  MARITAL_STATUSES,
  UNIQUE_FIELD_LABELS,
  type EmployeeDetail,
  type UniqueField,
  type Widget,
} from '@wfsaas/contracts';
import { Col, Form, Input, InputNumber, Row, Select, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form/index.js';
import type { ReactNode, RefObject } from 'react';
import { BANK_ACCOUNT_PATTERN, customFieldError, documentNumberError, EMPLOYEE_NO_PATTERN, idCardAutofill, MOBILE_PATTERN, PHONE_PATTERN, type EmployeeFormValues } from './employee-form.ts';
import { employeeCalls, useCostCenterOptions, useRankOptions } from './employees.api.ts';
import { CustomWidgetInput, DateText, DepartmentTreeSelect, PositionSelect } from './pickers.tsx';
import type { usePrefilledEmployeeNo } from './use-employee-no.ts';

/** What every section of the employee form reads. */
export type SectionProps = {
  form: FormInstance<EmployeeFormValues>;
  /** The stored employee while editing. */
  d: EmployeeDetail | undefined;
  editing: boolean;
  editId: number | null;
  uniqueCache: Map<string, boolean>;
};

const opts = (table: readonly { value: number; label: string }[]) => table.map((o) => ({ value: o.value, label: o.label }));

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={`section-${id}`} className={`form-section section-${id}`} style={{ background: '#fff', borderRadius: 8, border: '1px solid #f0f0f0', padding: '16px 24px 0', scrollMarginTop: 16 }}>
      <h2 style={{ margin: '0 0 16px', fontSize: 16, fontWeight: 600 }}>{title}</h2>
      {children}
    </section>
  );
}

/** Fields in a grid: span 24 / columns. */
function Grid({ cols, children }: { cols: number; children: ReactNode[] }) {
  const span = gridSpan(cols);
  return (
    <Row gutter={24}>
      {children.filter(Boolean).map((c, i) => (
        <Col key={i} span={span}>
          {c}
        </Col>
      ))}
    </Row>
  );
}

/** An async uniqueness rule (checkUnique) run on blur; the stored employee's id is sent while editing. */
function uniqueRule(field: UniqueField, editId: number | null, cache: Map<string, boolean>): Rule {
  return {
    validateTrigger: 'onBlur',
    validator: async (_r, value: string | undefined) => {
      const v = value?.trim();
      if (!v) return;
      const key = `${field}:${v}`;
      let unique = cache.get(key);
      if (unique === undefined) {
        try {
          unique = (await employeeCalls.checkUnique(field, v, editId)).unique;
          cache.set(key, unique);
        } catch {
          return; // the server checks again on save
        }
      }
      if (!unique) throw new Error(`该${UNIQUE_FIELD_LABELS[field]}已被本公司其他员工使用`);
    },
  };
}

// a select's value is a number: only { required, message }, or the validator would check it as text
const required = (label: string, select = false): Rule => (select ? { required: true, message: `请选择${label}` } : { required: true, whitespace: true, message: `请输入${label}` });

export function BasicSection() {
  return (
    <Section id="basic" title="基本信息">
      <Grid cols={2}>
        {[
          <Form.Item key="name" name="name" label="姓名" rules={[required('姓名'), { max: 50, message: '姓名不能超过50个字符' }]}>
            <Input maxLength={50} placeholder="请输入姓名" />
          </Form.Item>,
          <Form.Item key="gender" name="gender" label="性别">
            <Select allowClear options={opts(GENDERS)} placeholder="请选择性别" />
          </Form.Item>,
          <Form.Item key="birthDate" name="birthDate" label="出生日期">
            <DateText />
          </Form.Item>,
          <Form.Item key="nationality" name="nationality" label="国籍">
            <Input maxLength={50} placeholder="请输入国籍" />
          </Form.Item>,
          <Form.Item key="ethnicity" name="ethnicity" label="民族">
            <Select allowClear showSearch options={ETHNICITIES.map((e) => ({ value: e, label: e }))} placeholder="请选择民族" />
          </Form.Item>,
          <Form.Item key="hukouType" name="hukouType" label="户口性质">
            <Select allowClear options={opts(HUKOU_TYPES)} placeholder="请选择户口性质" />
          </Form.Item>,
          <Form.Item key="education" name="education" label="学历">
            <Select allowClear options={opts(EDUCATIONS)} placeholder="请选择学历" />
          </Form.Item>,
          <Form.Item key="maritalStatus" name="maritalStatus" label="婚姻状况">
            <Select allowClear options={opts(MARITAL_STATUSES)} placeholder="请选择婚姻状况" />
          </Form.Item>,
        ]}
      </Grid>
    </Section>
  );
}

export function IdentitySection({ form, d, editing, editId, uniqueCache }: SectionProps) {
  const idType = Form.useWatch('idType', form) ?? 1;
  const onIdNumberChange = () => {
    const v = form.getFieldsValue(['idType', 'idNumber']);
    const auto = idCardAutofill(v.idType, v.idNumber);
    if (auto) form.setFieldsValue({ birthDate: auto.birthDate, gender: auto.gender });
  };
  return (
    <Section id="identity" title="证件与联系方式">
      <Grid cols={2}>
        {[
          <Form.Item key="idType" name="idType" label="证件类型" rules={[required('证件类型', true)]}>
            <Select options={opts(ID_TYPES)} onChange={() => void form.validateFields(['idNumber']).catch(() => undefined)} />
          </Form.Item>,
          <Form.Item
            key="idNumber"
            name="idNumber"
            label="证件号码"
            validateTrigger={['onChange', 'onBlur']}
            extra={editing && d?.idNumberMasked ? `当前：${d.idNumberMasked}` : undefined}
            rules={[
              ...(editing ? [] : [required('证件号码')]),
              {
                validator: async (_r, value: string | undefined) => {
                  const err = documentNumberError(form.getFieldValue('idType') as number | undefined, value);
                  if (err) throw new Error(err);
                },
              },
              uniqueRule('idNumber', editId, uniqueCache),
            ]}
          >
            <Input maxLength={30} placeholder={editing ? '不修改请留空' : idType === 1 ? '请输入18位身份证号码' : '请输入证件号码'} onChange={onIdNumberChange} />
          </Form.Item>,
          <Form.Item
            key="mobile"
            name="mobile"
            label="手机号"
            validateTrigger={['onChange', 'onBlur']}
            extra={editing && d?.mobileMasked ? `当前：${d.mobileMasked}` : undefined}
            rules={[...(editing ? [] : [required('手机号')]), { pattern: MOBILE_PATTERN, message: '请输入正确的11位手机号' }, uniqueRule('mobile', editId, uniqueCache)]}
          >
            <Input maxLength={11} placeholder={editing ? '不修改请留空' : '请输入手机号'} />
          </Form.Item>,
          <Form.Item key="email" name="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
            <Input maxLength={100} placeholder="请输入邮箱" />
          </Form.Item>,
          <Form.Item key="address" name="address" label="联系地址">
            <Input maxLength={200} placeholder="请输入联系地址" />
          </Form.Item>,
        ]}
      </Grid>
    </Section>
  );
}

export function JobSection({ form, editing, editId, uniqueCache, employeeNo }: SectionProps & { employeeNo: ReturnType<typeof usePrefilledEmployeeNo> }) {
  const departmentId = Form.useWatch('departmentId', form);
  const ranks = useRankOptions();
  const costCenters = useCostCenterOptions();
  return (
    <Section id="job" title="任职信息">
      <Grid cols={2}>
        {[
          <Form.Item
            key="employeeNo"
            name="employeeNo"
            label="工号"
            validateTrigger={['onChange', 'onBlur']}
            extra={editing ? undefined : employeeNo.extra}
            rules={[...(editing || employeeNo.required ? [required('工号')] : []), { pattern: EMPLOYEE_NO_PATTERN, message: '工号只能包含字母、数字、下划线和短横线' }, uniqueRule('employeeNo', editId, uniqueCache)]}
          >
            <Input maxLength={32} placeholder={editing ? '请输入工号' : employeeNo.placeholder} />
          </Form.Item>,
          <Form.Item key="departmentId" name="departmentId" label="部门" rules={[required('部门', true)]}>
            <DepartmentTreeSelect />
          </Form.Item>,
          <Form.Item key="positionId" name="positionId" label="岗位" extra="可选公司通用岗位和所选部门的岗位">
            <PositionSelect departmentId={departmentId} />
          </Form.Item>,
          <Form.Item key="rankId" name="rankId" label="职级">
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="请选择职级" options={(ranks.data ?? []).map((r) => ({ value: r.id, label: `${r.categoryName} ${r.name}` }))} />
          </Form.Item>,
          <Form.Item key="costCenterId" name="costCenterId" label="成本中心">
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder="请选择成本中心" options={(costCenters.data ?? []).map((c) => ({ value: c.id, label: `${c.name}（${c.code}）` }))} />
          </Form.Item>,
          <Form.Item key="employmentType" name="employmentType" label="用工类型" rules={[required('用工类型', true)]}>
            <Select options={opts(EMPLOYMENT_TYPES)} />
          </Form.Item>,
          <Form.Item key="hireDate" name="hireDate" label="入职日期" rules={[required('入职日期', true)]}>
            <DateText />
          </Form.Item>,
          <Form.Item
            key="probationEndDate"
            name="probationEndDate"
            label="试用期结束日期"
            dependencies={['hireDate']}
            rules={[
              {
                validator: async (_r, value: string | null | undefined) => {
                  const hire = form.getFieldValue('hireDate') as string | null | undefined;
                  if (value && hire && value < hire) throw new Error('试用期结束日期不能早于入职日期');
                },
              },
            ]}
          >
            <DateText />
          </Form.Item>,
          ...(editing
            ? []
            : [
                <Form.Item key="salary" name="salary" label="月基本工资（元）" extra="算薪的固定工资从此读取；入职后的调整通过转正、调岗调薪按生效日期办理">
                  <InputNumber min={0} max={999_999_999} precision={2} style={{ width: '100%' }} placeholder="请输入月基本工资" />
                </Form.Item>,
              ]),
          <Form.Item key="status" name="status" label="员工状态" extra={editing ? undefined : '不选时按入职日期和试用期自动判断'}>
            <Select allowClear options={opts(EMPLOYEE_STATUSES.filter((s) => s.value !== 4))} placeholder="自动判断" />
          </Form.Item>,
          <Form.Item key="workLocation" name="workLocation" label="工作地点">
            <Input maxLength={100} placeholder="请输入工作地点" />
          </Form.Item>,
        ]}
      </Grid>
    </Section>
  );
}

export function BankSection({ d, editing }: Pick<SectionProps, 'd' | 'editing'>) {
  return (
    <Section id="bank" title="银行信息">
      <Grid cols={2}>
        {[
          <Form.Item key="bankName" name="bankName" label="开户银行">
            <Input maxLength={100} placeholder="如：招商银行杭州分行" />
          </Form.Item>,
          <Form.Item
            key="bankAccount"
            name="bankAccount"
            label="银行卡号"
            extra={editing && d?.bankAccountMasked ? `当前：${d.bankAccountMasked}` : undefined}
            rules={[
              {
                validator: async (_r, value: string | undefined) => {
                  const v = value?.replace(/\s+/g, '');
                  if (v && !BANK_ACCOUNT_PATTERN.test(v)) throw new Error('银行卡号格式不正确，应为8至30位数字');
                },
              },
            ]}
          >
            <Input maxLength={36} placeholder={editing ? '不修改请留空' : '请输入银行卡号'} />
          </Form.Item>,
        ]}
      </Grid>
    </Section>
  );
}

export function EmergencySection({ form, d, editing, initial }: Pick<SectionProps, 'form' | 'd' | 'editing'> & { initial: RefObject<EmployeeFormValues> }) {
  return (
    <Section id="emergency" title="紧急联系人">
      <Grid cols={2}>
        {[
          <Form.Item
            key="emergencyName"
            name="emergencyName"
            label="姓名"
            dependencies={['emergencyPhone']}
            rules={[
              {
                validator: async (_r, value: string | undefined) => {
                  if (!value?.trim() && (form.getFieldValue('emergencyPhone') as string | undefined)?.trim()) throw new Error('请输入紧急联系人姓名');
                },
              },
            ]}
          >
            <Input maxLength={50} placeholder="请输入紧急联系人姓名" />
          </Form.Item>,
          <Form.Item
            key="emergencyPhone"
            name="emergencyPhone"
            label="电话"
            dependencies={['emergencyName']}
            extra={editing && d?.emergencyContact ? `当前：${d.emergencyContact.phoneMasked}；修改紧急联系人时请重新填写电话` : undefined}
            rules={[
              { pattern: PHONE_PATTERN, message: '格式不正确，应为手机号或座机号' },
              {
                validator: async (_r, value: string | undefined) => {
                  const name = (form.getFieldValue('emergencyName') as string | undefined)?.trim();
                  const changed = name !== (initial.current.emergencyName ?? undefined) || (form.getFieldValue('emergencyRelation') ?? null) !== (initial.current.emergencyRelation ?? null);
                  if (name && !value?.trim() && (!editing || changed)) throw new Error('请输入紧急联系人电话');
                },
              },
            ]}
          >
            <Input maxLength={20} placeholder="手机号或座机号" />
          </Form.Item>,
          <Form.Item key="emergencyRelation" name="emergencyRelation" label="与本人关系">
            <Input maxLength={20} placeholder="如：配偶、父母" />
          </Form.Item>,
        ]}
      </Grid>
    </Section>
  );
}

export function CustomSection({ widgets, cols }: { widgets: Widget[]; cols: number }) {
  return (
    <Section id="custom" title="自定义字段">
      <Grid cols={cols}>
        {widgets.map((w) => (
          <Form.Item
            key={w.key}
            name={['custom', w.key]}
            label={w.label}
            required={w.options.required}
            rules={[
              {
                validator: async (_r, value: unknown) => {
                  const err = customFieldError(w, value);
                  if (err) throw new Error(err);
                },
              },
            ]}
          >
            <CustomWidgetInput widget={w} />
          </Form.Item>
        ))}
      </Grid>
    </Section>
  );
}

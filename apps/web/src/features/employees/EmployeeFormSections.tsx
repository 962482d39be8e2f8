import {
  EMPLOYEE_STATUSES,
  gridSpan,
  UNIQUE_FIELD_LABELS,
  type EmployeeDetail,
  type UniqueField,
  type Widget,
} from '@wfsaas/contracts';
import { Col, Form, Input, InputNumber, Row, Select, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form/index.js';
import { isValidElement, type ReactNode, type RefObject } from 'react';
import { DictionarySelect } from '../../app/dictionaries/DictionarySelect.tsx';
import { ruleFrom } from '../../app/ui/validators.ts';
import { BANK_ACCOUNT_PATTERN, documentNumberError, EMPLOYEE_NO_PATTERN, idCardAutofill, MOBILE_PATTERN, PHONE_PATTERN, type EmployeeFormValues } from './employee-form.ts';
import { employeeCalls, useCostCenterOptions, useRankOptions } from './employees.api.ts';
import { CustomWidgetItem, DateText, DepartmentTreeSelect, PositionSelect } from './pickers.tsx';
import type { usePrefilledEmployeeNo } from './use-employee-no.ts';
import { useFormFieldSettings } from '../implement/system-config/use-form-fields.tsx';

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

/** A titled part of the form, its fields in a grid (span 24 / columns). */
function Section({ id, title, cols = 2, children }: { id: string; title: string; cols?: number; children: ReactNode[] }) {
  const applyFieldSettings = useFormFieldSettings();
  const span = gridSpan(cols);
  return (
    <section id={`section-${id}`} className={`form-section section-${id}`} style={{ background: '#fff', borderRadius: 8, border: '1px solid #f0f0f0', padding: '16px 24px 0', scrollMarginTop: 16 }}>
      <h2 style={{ margin: '0 0 16px', fontSize: 16, fontWeight: 600 }}>{title}</h2>
      <Row gutter={24}>
        {(id === 'custom' ? children : applyFieldSettings(children)).filter(Boolean).map((c, i) => (
          <Col key={isValidElement(c) && c.key !== null ? c.key : i} span={span}>
            {c}
          </Col>
        ))}
      </Row>
    </section>
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

/**
 * A field no other employee of the company may have (证件号码, 手机号, 工号): required as told, its
 * format, then the server's check on blur.
 */
function uniqueItem(field: UniqueField, label: string, o: { required: boolean; format: Rule; extra?: string; editId: number | null; cache: Map<string, boolean> }, input: ReactNode) {
  return (
    <Form.Item key={field} name={field} label={label} validateTrigger={['onChange', 'onBlur']} extra={o.extra} rules={[...(o.required ? [required(label)] : []), o.format, uniqueRule(field, o.editId, o.cache)]}>
      {input}
    </Form.Item>
  );
}

/** A plain text field: 请输入<label> unless the placeholder says otherwise. */
function textItem(name: keyof EmployeeFormValues & string, label: string, maxLength: number, placeholder = `请输入${label}`, rules?: Rule[]) {
  return (
    <Form.Item key={name} name={name} label={label} rules={rules}>
      <Input maxLength={maxLength} placeholder={placeholder} />
    </Form.Item>
  );
}

/** A choice from a system dictionary (字典中心), which may be left empty. */
function choiceItem(name: keyof EmployeeFormValues & string, label: string, code: string) {
  return (
    <Form.Item key={name} name={name} label={label}>
      <DictionarySelect code={code} numeric allowClear placeholder={`请选择${label}`} />
    </Form.Item>
  );
}

export function BasicSection() {
  return (
    <Section id="basic" title="基本信息">
      {[
        <Form.Item key="name" name="name" label="姓名" rules={[required('姓名'), { max: 50, message: '姓名不能超过50个字符' }]}>
          <Input maxLength={50} placeholder="请输入姓名" />
        </Form.Item>,
        choiceItem('gender', '性别', 'gender'),
        <Form.Item key="birthDate" name="birthDate" label="出生日期">
          <DateText />
        </Form.Item>,
        textItem('nationality', '国籍', 50),
        <Form.Item key="ethnicity" name="ethnicity" label="民族">
          <DictionarySelect code="ethnicity" allowClear placeholder="请选择民族" />
        </Form.Item>,
        choiceItem('hukouType', '户口性质', 'hukouType'),
        choiceItem('education', '学历', 'education'),
        choiceItem('maritalStatus', '婚姻状况', 'maritalStatus'),
      ]}
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
      {[
        <Form.Item key="idType" name="idType" label="证件类型" rules={[required('证件类型', true)]}>
          <DictionarySelect code="idType" numeric onChange={() => void form.validateFields(['idNumber']).catch(() => undefined)} />
        </Form.Item>,
        uniqueItem(
          'idNumber',
          '证件号码',
          { required: !editing, format: ruleFrom((v: string | undefined) => documentNumberError(form.getFieldValue('idType') as number | undefined, v)), extra: editing && d?.idNumberMasked ? `当前：${d.idNumberMasked}` : undefined, editId, cache: uniqueCache },
          <Input maxLength={30} placeholder={editing ? '不修改请留空' : idType === 1 ? '请输入18位身份证号码' : '请输入证件号码'} onChange={onIdNumberChange} />,
        ),
        uniqueItem(
          'mobile',
          '手机号',
          { required: !editing, format: { pattern: MOBILE_PATTERN, message: '请输入正确的11位手机号' }, extra: editing && d?.mobileMasked ? `当前：${d.mobileMasked}` : undefined, editId, cache: uniqueCache },
          <Input maxLength={11} placeholder={editing ? '不修改请留空' : '请输入手机号'} />,
        ),
        textItem('email', '邮箱', 100, undefined, [{ type: 'email', message: '邮箱格式不正确' }]),
        textItem('address', '联系地址', 200),
      ]}
    </Section>
  );
}

export function JobSection({ form, editing, editId, uniqueCache, employeeNo }: SectionProps & { employeeNo: ReturnType<typeof usePrefilledEmployeeNo> }) {
  const departmentId = Form.useWatch('departmentId', form);
  const ranks = useRankOptions();
  const costCenters = useCostCenterOptions();
  return (
    <Section id="job" title="任职信息">
      {[
        uniqueItem(
          'employeeNo',
          '工号',
          { required: editing || employeeNo.required, format: { pattern: EMPLOYEE_NO_PATTERN, message: '工号只能包含字母、数字、下划线和短横线' }, extra: editing ? undefined : employeeNo.extra, editId, cache: uniqueCache },
          <Input maxLength={32} placeholder={editing ? '请输入工号' : employeeNo.placeholder} />,
        ),
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
          <DictionarySelect code="employmentType" numeric />
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
            ruleFrom((v: string | null | undefined) => {
              const hire = form.getFieldValue('hireDate') as string | null | undefined;
              return v && hire && v < hire ? '试用期结束日期不能早于入职日期' : null;
            }),
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
        textItem('workLocation', '工作地点', 100),
      ]}
    </Section>
  );
}

export function BankSection({ d, editing }: Pick<SectionProps, 'd' | 'editing'>) {
  return (
    <Section id="bank" title="银行信息">
      {[
        textItem('bankName', '开户银行', 100, '如：招商银行杭州分行'),
        <Form.Item
          key="bankAccount"
          name="bankAccount"
          label="银行卡号"
          extra={editing && d?.bankAccountMasked ? `当前：${d.bankAccountMasked}` : undefined}
          rules={[
            ruleFrom((value: string | undefined) => {
              const v = value?.replace(/\s+/g, '');
              return v && !BANK_ACCOUNT_PATTERN.test(v) ? '银行卡号格式不正确，应为8至30位数字' : null;
            }),
          ]}
        >
          <Input maxLength={36} placeholder={editing ? '不修改请留空' : '请输入银行卡号'} />
        </Form.Item>,
      ]}
    </Section>
  );
}

export function EmergencySection({ form, d, editing, initial }: Pick<SectionProps, 'form' | 'd' | 'editing'> & { initial: RefObject<EmployeeFormValues> }) {
  return (
    <Section id="emergency" title="紧急联系人">
      {[
        <Form.Item
          key="emergencyName"
          name="emergencyName"
          label="姓名"
          dependencies={['emergencyPhone']}
          rules={[ruleFrom((v: string | undefined) => (!v?.trim() && (form.getFieldValue('emergencyPhone') as string | undefined)?.trim() ? '请输入紧急联系人姓名' : null))]}
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
            ruleFrom((v: string | undefined) => {
              const name = (form.getFieldValue('emergencyName') as string | undefined)?.trim();
              const changed = name !== (initial.current.emergencyName ?? undefined) || (form.getFieldValue('emergencyRelation') ?? null) !== (initial.current.emergencyRelation ?? null);
              return name && !v?.trim() && (!editing || changed) ? '请输入紧急联系人电话' : null;
            }),
          ]}
        >
          <Input maxLength={20} placeholder="手机号或座机号" />
        </Form.Item>,
        textItem('emergencyRelation', '与本人关系', 20, '如：配偶、父母'),
      ]}
    </Section>
  );
}

export function CustomSection({ widgets, cols }: { widgets: Widget[]; cols: number }) {
  return (
    <Section id="custom" title="自定义字段" cols={cols}>
      {widgets.map((w) => (
        <CustomWidgetItem key={w.key} widget={w} name={['custom', w.key]} />
      ))}
    </Section>
  );
}

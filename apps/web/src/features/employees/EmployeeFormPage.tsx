import { DEFAULT_FORM_COLS, DEFAULT_PROBATION_MONTHS } from '@wfsaas/contracts';
import { Anchor, Button, Flex, Form, Result, Skeleton, type FormInstance } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useLeaveGuard } from '../../app/ui/use-leave-guard.ts';
import { editIdFromSearch, FORM_SECTIONS, formValuesOf, toAddBody, toUpdateBody, type EmployeeFormValues } from './employee-form.ts';
import { BankSection, BasicSection, CustomSection, EmergencySection, IdentitySection, JobSection, type SectionProps } from './EmployeeFormSections.tsx';
import { employeeCalls, STAFF_ROLL_EDIT, useEmployeeDetail, useEmployeeForm, useInvalidateEmployees } from './employees.api.ts';
import { usePrefilledEmployeeNo } from './use-employee-no.ts';
import { defaultProbationEnd } from '../lifecycle/conversion.ts';
import { useChangeSettings } from '../lifecycle/lifecycle.api.ts';

/** /newemployee/:type (新增员工; type 1 = own staff); with ?id= the same page edits that employee. */
export default function EmployeeFormPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { type } = useParams();
  const editId = editIdFromSearch(location.search);
  const { map } = usePermissions();
  const canEdit = map[STAFF_ROLL_EDIT] === true;
  const customForm = useEmployeeForm();
  const detail = useEmployeeDetail(editId);
  const invalidate = useInvalidateEmployees();
  const [form] = Form.useForm<EmployeeFormValues>();
  const [dirty, setDirty] = useState(false);
  const initial = useRef<EmployeeFormValues>({});
  const uniqueCache = useRef(new Map<string, boolean>());

  const widgets = useMemo(() => customForm.data?.widgetList ?? [], [customForm.data]);
  const formCols = customForm.data?.formConfig.cols ?? DEFAULT_FORM_COLS;
  const editing = editId !== null;
  const d = detail.data;
  const probationMonths = useChangeSettings().data?.defaultProbationMonths ?? DEFAULT_PROBATION_MONTHS;
  const save = useAction(
    async (v: EmployeeFormValues) => {
      if (!d) return (await employeeCalls.add(toAddBody(v, widgets))).id;
      const body = toUpdateBody(d.id, v, initial.current, widgets);
      if (Object.keys(body).length > 1) await employeeCalls.update(body);
      return d.id;
    },
    {
      success: '保存成功',
      invalidate,
      onSuccess: (id) => {
        setDirty(false);
        navigate(`/staffRoll?file=${id}`, { replace: true });
      },
    },
  );
  useLeaveGuard(dirty && !save.pending);

  // filled once per record (or once for a new one): a late custom-field definition or a refetch of the
  // record never wipes what the user has typed
  const filledFor = useRef<string | null>(null);
  useEffect(() => {
    const key = editing ? `edit:${editId}` : 'new';
    if (editing && (!d || customForm.isLoading)) return;
    if (filledFor.current === key) return;
    filledFor.current = key;
    uniqueCache.current.clear();
    initial.current = editing && d ? formValuesOf(d, widgets) : { idType: 1, employmentType: 1, nationality: '中国' };
    form.resetFields();
    form.setFieldsValue(initial.current);
    setDirty(false);
  }, [editing, editId, d, widgets, customForm.isLoading, form]);
  // after the reset above, so a reset form gets the next number again
  const employeeNo = usePrefilledEmployeeNo(form, canEdit && !editing && type === '1');

  if (type !== '1') return <Result status="404" title="暂不支持该类型的员工" extra={<Button onClick={() => navigate('/staffRoll')}>返回花名册</Button>} />;
  if (!canEdit) return <Result status="403" title="没有编辑员工档案的权限" extra={<Button onClick={() => navigate('/staffRoll')}>返回花名册</Button>} />;
  if (editing && detail.isError) return <Result status="warning" title="未查询到人员信息" extra={<Button onClick={() => navigate('/staffRoll')}>返回花名册</Button>} />;
  if (editing && !d) return <Skeleton active />;

  const sectionProps: SectionProps = { form, d, editing, editId, uniqueCache: uniqueCache.current };

  return (
    <Flex vertical gap={16} className="employee-form-page">
      <PageHeader title={editing ? `编辑员工 · ${d?.name ?? ''}` : '新增员工'} description={editing ? '证件号码、手机号和银行卡号已脱敏，不修改请留空。' : '带 * 的为必填项；身份证号码填写后自动带出出生日期和性别。'} />
      <Flex gap={16} align="flex-start">
        <div style={{ flex: 1, minWidth: 0 }}>
          <Form<EmployeeFormValues>
            form={form}
            layout="vertical"
            name="employee"
            onFinish={(v) => void save.run(v)}
            onValuesChange={(changed: Partial<EmployeeFormValues>) => {
              setDirty(true);
              // a new employee's probation end follows the hire date (the company's default probation) until set by hand
              if (!editing && 'hireDate' in changed && !form.isFieldTouched('probationEndDate')) {
                form.setFieldValue('probationEndDate', defaultProbationEnd(changed.hireDate as string | null | undefined, probationMonths));
              }
            }}
            scrollToFirstError={{ block: 'center' }}
            className="employee-form"
          >
            <Flex vertical gap={16}>
              <BasicSection />
              <IdentitySection {...sectionProps} />
              <JobSection {...sectionProps} employeeNo={employeeNo} />
              <BankSection d={d} editing={editing} />
              <EmergencySection form={form} d={d} editing={editing} initial={initial} />
              {widgets.length > 0 && <CustomSection widgets={widgets} cols={formCols} />}
              <FormFooter form={form} saving={save.pending} onCancel={() => navigate(-1)} />
            </Flex>
          </Form>
        </div>
        <div style={{ width: 160, position: 'sticky', top: 16 }} className="form-anchors">
          <Anchor
            affix={false}
            getContainer={() => document.querySelector<HTMLElement>('.app-content') ?? window}
            items={FORM_SECTIONS.filter((s) => s.key !== 'custom' || widgets.length > 0).map((s) => ({ key: s.key, href: `#section-${s.key}`, title: s.title }))}
            onClick={(e, link) => {
              e.preventDefault();
              document.querySelector(link.href)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            }}
          />
        </div>
      </Flex>
    </Flex>
  );
}

function FormFooter({ form, saving, onCancel }: { form: FormInstance<EmployeeFormValues>; saving: boolean; onCancel: () => void }) {
  return (
    <Flex justify="flex-end" gap={8} style={{ background: '#fff', borderRadius: 8, border: '1px solid #f0f0f0', padding: '12px 24px', position: 'sticky', bottom: 0, zIndex: 2 }} className="form-footer">
      <Button onClick={onCancel}>取消</Button>
      <Button type="primary" loading={saving} onClick={() => form.submit()}>
        确定
      </Button>
    </Flex>
  );
}

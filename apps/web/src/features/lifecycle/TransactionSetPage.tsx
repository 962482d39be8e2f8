import {
  formatEmployeeNo,
  MAX_EMPLOYEE_NO_DIGITS,
  MAX_EMPLOYEE_NO_PREFIX,
  type EmployeeNoRule,
  CHANGE_FORM_WIDGET_EXCLUDED,
  MAX_PROBATION_MONTHS,
  REVIEWABLE_CHANGE_TYPES,
  type ChangeSettings,
  type ReviewableChangeType,
} from '@wfsaas/contracts';
import { Alert, App, Button, Checkbox, Flex, Form, Input, InputNumber, Skeleton, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { EMPTY_TEXT, formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useLeaveGuard } from '../../app/ui/use-leave-guard.ts';
import { FormFieldsDrawer } from '../employees/FormFieldsDrawer.tsx';
import { employeeCalls, useEmployeeNoRule, useInvalidateEmployees } from '../employees/employees.api.ts';
import { ReviewPanel } from './ChangeReviewPanel.tsx';
import { ChangePlansPanel } from './change-plans/ChangePlansPanel.tsx';
import {
  lifecycleCalls,
  TRANSACTION_SET_EDIT,
  TRANSACTION_SET_REVIEW,
  useChangeForm,
  useChangeSettings,
  useInvalidateLifecycle,
  useRemoveChangeForm,
  useSaveChangeForm,
} from './lifecycle.api.ts';

const MUTED = { color: 'rgba(0,0,0,0.45)' } as const;

/** The settings form: which changes need review, and the default probation. */
function SettingsPanel({ canEdit }: { canEdit: boolean }) {
  const settings = useChangeSettings();
  const invalidate = useInvalidateLifecycle();
  const [form] = Form.useForm<ChangeSettings>();
  const [dirty, setDirty] = useState(false);
  useLeaveGuard(dirty);

  useEffect(() => {
    if (!settings.data) return;
    form.setFieldsValue({ reviewTypes: settings.data.reviewTypes, defaultProbationMonths: settings.data.defaultProbationMonths });
    setDirty(false);
  }, [settings.data, form]);

  const save = useAction(
    async () => {
      const values = await form.validateFields();
      await lifecycleCalls.saveChangeSettings({ reviewTypes: values.reviewTypes ?? [], defaultProbationMonths: values.defaultProbationMonths });
      setDirty(false);
    },
    { success: '保存成功', invalidate },
  );

  return (
    <Panel
      title="异动规则"
      extra={
        canEdit && (
          <Button type="primary" onClick={() => void save.run()} loading={save.pending} disabled={!settings.data} className="save-change-settings">
            保存
          </Button>
        )
      }
    >
      {settings.isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" onValuesChange={() => setDirty(true)} disabled={!canEdit} className="change-settings-form" style={{ maxWidth: 720 }}>
          {!canEdit && <Alert type="info" showIcon message="您可以查看异动设置，修改需要「编辑异动设置」权限。" style={{ marginBottom: 12 }} />}
          <Form.Item
            name="reviewTypes"
            label="需要审批的异动"
            extra="勾选的异动办理后为「待审批」，审批通过后才生效（到期的立即生效，未到期的按生效日期生效）；驳回后员工信息不变，可重新办理。未勾选的异动办理后直接生效。"
          >
            <Checkbox.Group options={REVIEWABLE_CHANGE_TYPES.map((t) => ({ value: t.key, label: t.label }))} />
          </Form.Item>
          <Form.Item
            name="defaultProbationMonths"
            label="默认试用期（月）"
            extra={`新增员工和办理入职时，按入职日期加上默认试用期预填试用期结束日期；0 表示默认无试用期。依《劳动合同法》第十九条，试用期最长 ${MAX_PROBATION_MONTHS} 个月。`}
            rules={[{ required: true, type: 'integer', min: 0, max: MAX_PROBATION_MONTHS, message: `默认试用期为 0–${MAX_PROBATION_MONTHS} 的整数` }]}
          >
            <InputNumber min={0} max={MAX_PROBATION_MONTHS} precision={0} style={{ width: 120 }} addonAfter="个月" aria-label="默认试用期（月）" />
          </Form.Item>
          {settings.data?.updatedAt && (
            <div style={MUTED}>
              最近保存：{settings.data.updatedByName ?? EMPTY_TEXT} 于 {formatDateTime(settings.data.updatedAt)}
            </div>
          )}
        </Form>
      )}
    </Panel>
  );
}

/** 工号规则: automatic employee numbers for the add and onboarding forms. */
function EmployeeNoRulePanel({ canEdit }: { canEdit: boolean }) {
  const rule = useEmployeeNoRule();
  const invalidate = useInvalidateEmployees();
  const [form] = Form.useForm<EmployeeNoRule>();
  const enabled = Form.useWatch('enabled', form) ?? false;
  const prefix = Form.useWatch('prefix', form) ?? '';
  const digits = Form.useWatch('digits', form) ?? 4;

  useEffect(() => {
    if (rule.data) form.setFieldsValue({ enabled: rule.data.enabled, prefix: rule.data.prefix, digits: rule.data.digits });
  }, [rule.data, form]);

  const save = useAction(
    async () => {
      const v = await form.validateFields();
      await employeeCalls.saveNoRule({ enabled: v.enabled, prefix: (v.prefix ?? '').trim(), digits: v.digits });
    },
    { success: '保存成功', invalidate },
  );

  const sample = /^[A-Za-z0-9_-]*$/.test(prefix) && digits >= 1 && digits <= MAX_EMPLOYEE_NO_DIGITS ? formatEmployeeNo({ prefix, digits }, 1) : null;
  return (
    <Panel
      title="工号规则"
      extra={
        canEdit && (
          <Button type="primary" onClick={() => void save.run()} loading={save.pending} disabled={!rule.data} className="save-employee-no-rule">
            保存
          </Button>
        )
      }
    >
      {rule.isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" disabled={!canEdit} className="employee-no-rule-form" style={{ maxWidth: 720 }}>
          <Form.Item name="enabled" label="自动生成工号" valuePropName="checked" extra="开启后，新增员工、新增待入职和审核入职登记时预填下一个工号（可修改）；工号留空时由系统自动分配，已被占用的工号自动跳过。">
            <Switch checkedChildren="开启" unCheckedChildren="关闭" aria-label="自动生成工号" />
          </Form.Item>
          <Flex gap={16} align="flex-start">
            <Form.Item
              name="prefix"
              label="工号前缀"
              style={{ width: 280 }}
              rules={[
                { max: MAX_EMPLOYEE_NO_PREFIX, message: `工号前缀最多${MAX_EMPLOYEE_NO_PREFIX}个字符` },
                { pattern: /^[A-Za-z0-9_-]*$/, message: '工号前缀只能包含字母、数字、下划线和短横线' },
              ]}
            >
              <Input maxLength={MAX_EMPLOYEE_NO_PREFIX} placeholder="如：YF" />
            </Form.Item>
            <Form.Item name="digits" label="流水号位数" style={{ width: 160 }} rules={[{ required: true, type: 'integer', min: 1, max: MAX_EMPLOYEE_NO_DIGITS, message: `流水号位数为 1–${MAX_EMPLOYEE_NO_DIGITS} 的整数` }]}>
              <InputNumber min={1} max={MAX_EMPLOYEE_NO_DIGITS} precision={0} style={{ width: '100%' }} addonAfter="位" aria-label="流水号位数" />
            </Form.Item>
          </Flex>
          <div style={MUTED} className="employee-no-preview">
            {sample ? `示例：${sample}` : EMPTY_TEXT}
            {enabled && rule.data?.enabled && rule.data.nextNo ? `；下一个工号：${rule.data.nextNo}` : ''}
            {rule.data && (rule.data.prefix !== prefix || rule.data.digits !== digits) && rule.data.updatedAt ? '（修改前缀或位数后，流水号从 1 重新开始）' : ''}
          </div>
        </Form>
      )}
    </Panel>
  );
}

/** 异动表单: each reviewable change type's company form, edited with the same field editor as the employee record's. */
function FormsPanel({ canEdit }: { canEdit: boolean }) {
  const [editing, setEditing] = useState<ReviewableChangeType | null>(null);
  return (
    <Panel title="异动表单">
      <div style={{ ...MUTED, marginBottom: 12 }}>为异动设置补充字段（如考核结果、离职面谈记录），办理时填写，审批人和异动记录中可见。</div>
      <Flex vertical gap={8} className="change-forms">
        {REVIEWABLE_CHANGE_TYPES.map((t) => (
          <ChangeFormRow key={t.key} type={t.key} label={t.label} canEdit={canEdit} onEdit={() => setEditing(t.key)} />
        ))}
      </Flex>
      {editing && <ChangeFormDrawer type={editing} onClose={() => setEditing(null)} />}
    </Panel>
  );
}

function ChangeFormRow({ type, label, canEdit, onEdit }: { type: ReviewableChangeType; label: string; canEdit: boolean; onEdit: () => void }) {
  const { modal } = App.useApp();
  const form = useChangeForm(type);
  const remove = useRemoveChangeForm();
  const fields = form.data?.widgetList ?? [];
  const clear = () =>
    modal.confirm({
      title: `确认清除${label}的异动表单？`,
      content: `办理${label}时不再填写补充字段；已办理的记录仍保留当时填写的内容。`,
      okText: '清除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await remove(type);
        toastSuccess('已清除');
      },
    });
  return (
    <Flex align="center" gap={16} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }} className={`change-form-row change-form-${type}`}>
      <span style={{ width: 100, fontWeight: 500 }}>{label}</span>
      <span style={{ flex: 1, ...MUTED }}>{fields.length ? fields.map((w) => w.label + (w.options.required ? '（必填）' : '')).join('、') : '未设置补充字段'}</span>
      {canEdit && (
        <Space>
          {fields.length > 0 && (
            <Button size="small" danger onClick={clear}>
              清除
            </Button>
          )}
          <Button size="small" onClick={onEdit}>
            设置表单
          </Button>
        </Space>
      )}
    </Flex>
  );
}

function ChangeFormDrawer({ type, onClose }: { type: ReviewableChangeType; onClose: () => void }) {
  const stored = useChangeForm(type);
  const save = useSaveChangeForm();
  const label = REVIEWABLE_CHANGE_TYPES.find((t) => t.key === type)!.label;
  return (
    <FormFieldsDrawer
      open
      onClose={onClose}
      source={{
        stored,
        save: (body) => save({ type, formConfig: body.formConfig, widgetList: body.widgetList }),
        title: `异动表单 · ${label}`,
        hint: `办理${label}时填写这些字段；修改保存后，新办理的${label}使用新表单，已办理的记录保留当时填写的内容。`,
        requiredLabel: `必填（办理${label}时必须填写）`,
        deleteHint: (name) => `删除后，办理${label}时不再填写「${name}」；已办理的记录仍保留当时填写的内容。保存后生效。`,
        excludedTypes: CHANGE_FORM_WIDGET_EXCLUDED,
      }}
    />
  );
}

/** /enterpriseInformation/transactionSet (异动设置): which changes need review, the default probation, and the review list. */
export default function TransactionSetPage() {
  const { map } = usePermissions();
  return (
    <Flex vertical gap={16} className="transaction-set-page">
      <PageHeader title="异动设置" description="设置转正、调岗调薪和离职是否需要审批、办理时填写的补充字段、新员工的默认试用期和工号规则；在此审批待审批的异动。" />
      <SettingsPanel canEdit={map[TRANSACTION_SET_EDIT] === true} />
      <EmployeeNoRulePanel canEdit={map[TRANSACTION_SET_EDIT] === true} />
      <FormsPanel canEdit={map[TRANSACTION_SET_EDIT] === true} />
      <ChangePlansPanel canEdit={map[TRANSACTION_SET_EDIT] === true} />
      <ReviewPanel canReview={map[TRANSACTION_SET_REVIEW] === true} />
    </Flex>
  );
}

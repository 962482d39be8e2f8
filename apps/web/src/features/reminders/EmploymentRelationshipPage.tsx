import { MAX_REMINDER_DAYS_AHEAD, MAX_REMINDER_EMAILS, REMINDER_KINDS, type ReminderConfig, type ReminderKind, type ReminderOccasion } from '@wfsaas/contracts';
import { Alert, Button, Empty, Flex, Form, InputNumber, Segmented, Select, Skeleton, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDate, formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useLeaveGuard } from '../../app/ui/use-leave-guard.ts';
import { daysLeftText, REMINDER_EDIT, useReminderConfig, useSaveReminderConfig, useUpcomingReminders } from './reminders.api.ts';

const KIND_COLORS: Record<ReminderKind, string> = { probationEnd: 'blue', birthday: 'magenta', workAnniversary: 'gold', contractExpiry: 'volcano' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function RuleRow({ kind, label, hint, disabled }: { kind: ReminderKind; label: string; hint: string; disabled: boolean }) {
  const enabled = Form.useWatch([kind, 'enabled']) as boolean | undefined;
  return (
    <Flex align="center" gap={16} wrap className={`reminder-rule reminder-rule-${kind}`} style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
      <div style={{ width: 200 }}>
        <div style={{ fontWeight: 500 }}>{label}</div>
        <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{hint}</div>
      </div>
      <Form.Item name={[kind, 'enabled']} valuePropName="checked" noStyle>
        <Switch checkedChildren="开启" unCheckedChildren="关闭" disabled={disabled} aria-label={`${label}提醒开关`} />
      </Form.Item>
      <Flex align="center" gap={8}>
        <span>提前</span>
        <Form.Item
          name={[kind, 'daysAhead']}
          noStyle
          rules={[{ required: true, type: 'integer', min: 0, max: MAX_REMINDER_DAYS_AHEAD, message: `提前天数为 0–${MAX_REMINDER_DAYS_AHEAD} 的整数` }]}
        >
          <InputNumber min={0} max={MAX_REMINDER_DAYS_AHEAD} precision={0} style={{ width: 88 }} disabled={disabled || !enabled} aria-label={`${label}提前天数`} />
        </Form.Item>
        <span>天提醒</span>
      </Flex>
    </Flex>
  );
}

/** /employmentRelationship (提醒设置): what HR is reminded of and how far ahead, and who is coming up. */
export default function EmploymentRelationshipPage() {
  const { map } = usePermissions();
  const canEdit = map[REMINDER_EDIT] === true;
  const config = useReminderConfig();
  const save = useSaveReminderConfig();
  const [form] = Form.useForm<ReminderConfig>();
  const [dirty, setDirty] = useState(false);
  const [kind, setKind] = useState<ReminderKind | 'all'>('all');
  const upcoming = useUpcomingReminders(kind === 'all' ? undefined : kind);
  useLeaveGuard(dirty);

  useEffect(() => {
    if (!config.data) return;
    form.setFieldsValue(config.data);
    setDirty(false);
  }, [config.data, form]);

  const saveConfig = useAction(
    async () => {
      const values = await form.validateFields();
      return save({ ...values, emails: values.emails ?? [] });
    },
    { success: '保存成功', onSuccess: () => setDirty(false) },
  );

  const columns: TableColumnsType<ReminderOccasion> = [
    { title: '提醒类型', dataIndex: 'kindLabel', width: 120, render: (v: string, r) => <Tag color={KIND_COLORS[r.kind]}>{v}</Tag> },
    { title: '员工', dataIndex: 'employeeName', width: 120 },
    { title: '工号', dataIndex: 'employeeNo', width: 110, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '部门', dataIndex: 'departmentName', width: 160, ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '日期', dataIndex: 'date', width: 120, render: (v: string, r) => (r.years !== null ? `${formatDate(v)}（满 ${r.years} 年）` : formatDate(v)) },
    { title: '距今', dataIndex: 'daysLeft', width: 100, render: (v: number) => daysLeftText(v) },
  ];

  return (
    <Flex vertical gap={16} className="employment-relationship">
      <PageHeader title="提醒设置" description="设置试用期到期、员工生日、入职周年和合同到期的提醒。系统每天检查一次，通过站内消息（及邮件）提醒有花名册权限的成员。" />
      <Panel
        title="提醒规则"
        extra={
          canEdit && (
            <Button type="primary" onClick={() => void saveConfig.run()} loading={saveConfig.pending} disabled={!config.data} className="save-reminders">
              保存
            </Button>
          )
        }
      >
        {config.isLoading ? (
          <Skeleton active />
        ) : (
          <Form form={form} onValuesChange={() => setDirty(true)} disabled={!canEdit} className="reminder-form">
            {!canEdit && <Alert type="info" showIcon message="您可以查看提醒设置，修改需要「编辑提醒设置」权限。" style={{ marginBottom: 12 }} />}
            {REMINDER_KINDS.map((k) => (
              <RuleRow key={k.key} kind={k.key} label={k.label} hint={k.hint} disabled={!canEdit} />
            ))}
            <div style={{ paddingTop: 16 }}>
              <div style={{ marginBottom: 8 }}>
                站内消息发送给有「在职花名册」权限的 <b>{config.data?.recipientCount ?? 0}</b> 名成员；如需同时发送邮件，请填写提醒邮箱（最多 {MAX_REMINDER_EMAILS} 个）。
              </div>
              <Form.Item
                name="emails"
                label="提醒邮箱"
                rules={[
                  {
                    validator: async (_, v: string[] | undefined) => {
                      const list = v ?? [];
                      const bad = list.find((e) => !EMAIL.test(e));
                      if (bad) throw new Error(`提醒邮箱「${bad}」格式不正确`);
                      if (list.length > MAX_REMINDER_EMAILS) throw new Error(`提醒邮箱最多 ${MAX_REMINDER_EMAILS} 个`);
                    },
                  },
                ]}
                style={{ maxWidth: 640, marginBottom: 0 }}
              >
                <Select mode="tags" tokenSeparators={[',', '，', ';', '；', ' ']} open={false} placeholder="输入邮箱后按回车" suffixIcon={null} aria-label="提醒邮箱" />
              </Form.Item>
              {config.data?.updatedAt && <div style={{ color: 'rgba(0,0,0,0.45)', marginTop: 8 }}>最近保存：{formatDateTime(config.data.updatedAt)}</div>}
            </div>
          </Form>
        )}
      </Panel>
      <Panel
        title="近期提醒"
        extra={
          <Segmented<ReminderKind | 'all'>
            value={kind}
            onChange={setKind}
            options={[{ label: '全部已开启', value: 'all' }, ...REMINDER_KINDS.map((k) => ({ label: k.label, value: k.key }))]}
          />
        }
      >
        <Table<ReminderOccasion>
          rowKey={(r) => `${r.kind}:${r.employeeId}:${r.date}`}
          size="middle"
          className="upcoming-table"
          loading={upcoming.isFetching}
          dataSource={upcoming.data ?? []}
          columns={columns}
          pagination={{ pageSize: 10, showTotal: (n) => `共 ${n} 条`, hideOnSinglePage: false }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="近期没有需要提醒的员工" /> }}
        />
      </Panel>
    </Flex>
  );
}

import { PASSWORD_CLASSES, RETENTION_LIMITS, passwordRuleText, type PageWatermarkSettings, type RetentionSettings, type SecuritySettings, type SystemConfigView } from '@wfsaas/contracts';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Skeleton, Switch, Tabs } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../../app/routing/PermissionContext.ts';
import { PageHeader } from '../../../app/ui/PageHeader.tsx';
import { Panel } from '../../../app/ui/Panel.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { FieldSettingsTab } from './FieldSettingsTab.tsx';
import { SYSTEM_CONFIG_EDIT, systemConfigCalls, useInvalidateSystemConfig, useSystemConfig } from './system-config.api.ts';

const TABS = ['fields', 'security', 'watermark', 'retention'] as const;
type Tab = (typeof TABS)[number];

/** /implement/systemConfig (系统配置): field settings, sign-in and passwords, page watermark, data retention. */
export default function SystemConfigPage() {
  const { map } = usePermissions();
  const canEdit = map[SYSTEM_CONFIG_EDIT] === true;
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'fields';
  const detail = useSystemConfig();
  const view = detail.data;
  return (
    <Flex vertical gap={16} className="system-config-page">
      <PageHeader title="系统配置" description="花名册字段、登录与密码策略、页面水印和数据保留期限，对本公司全部成员生效。" />
      <Panel>
        <Tabs
          activeKey={tab}
          onChange={(k) => setParams({ tab: k }, { replace: true })}
          items={[
            { key: 'fields', label: '字段配置', children: <FieldSettingsTab canEdit={canEdit} /> },
            { key: 'security', label: '登录与密码', children: view ? <SecurityForm view={view} canEdit={canEdit} /> : <Skeleton active /> },
            { key: 'watermark', label: '页面水印', children: view ? <WatermarkForm view={view} canEdit={canEdit} /> : <Skeleton active /> },
            { key: 'retention', label: '数据保留', children: view ? <RetentionForm view={view} canEdit={canEdit} /> : <Skeleton active /> },
          ]}
        />
      </Panel>
    </Flex>
  );
}

function SaveButton({ canEdit, pending, onClick }: { canEdit: boolean; pending: boolean; onClick: () => void }) {
  if (!canEdit) return null;
  return (
    <Form.Item>
      <Button type="primary" loading={pending} onClick={onClick}>
        保存
      </Button>
    </Form.Item>
  );
}

function SecurityForm({ view, canEdit }: { view: SystemConfigView; canEdit: boolean }) {
  const [form] = Form.useForm<SecuritySettings>();
  const invalidate = useInvalidateSystemConfig();
  useEffect(() => form.setFieldsValue(view.security), [form, view.security]);
  const minLength = Form.useWatch('passwordMinLength', form) ?? view.security.passwordMinLength;
  const classes = Form.useWatch('passwordClasses', form) ?? view.security.passwordClasses;
  const save = useAction(async () => systemConfigCalls.saveSecurity({ ...view.security, ...(await form.validateFields()) }), { success: '保存成功', invalidate });
  const num = (name: keyof SecuritySettings, label: string, min: number, max: number, extra: string, unit: string) => (
    <Form.Item name={name} label={label} extra={extra} rules={[{ required: true, message: `请填写${label}` }]}>
      <InputNumber min={min} max={max} precision={0} suffix={unit} style={{ width: 200 }} disabled={!canEdit} />
    </Form.Item>
  );
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 560 }} className="security-form" disabled={!canEdit}>
      <h3 style={{ margin: '0 0 12px' }}>密码策略</h3>
      {num('passwordMinLength', '密码最小长度', 8, 32, `8–32 位；当前规则：${passwordRuleText({ passwordMinLength: minLength, passwordClasses: classes })}`, '位')}
      <Form.Item name="passwordClasses" label="必须包含的字符类型">
        <Checkbox.Group options={PASSWORD_CLASSES.map((c) => ({ value: c.value, label: c.label }))} />
      </Form.Item>
      {num('passwordExpiryDays', '密码有效期', 0, 365, '0 表示不过期；过期后不能用密码登录，需短信验证码登录后修改密码', '天')}
      {num('passwordHistory', '不得重复使用最近的密码', 0, 12, '0 表示不限制', '个')}
      <h3 style={{ margin: '8px 0 12px' }}>登录锁定与有效期</h3>
      {num('lockAfterFailures', '连续输错锁定次数', 3, 10, '10 分钟内密码连续输错达到次数后，锁定该手机号的密码登录（短信验证码登录不受影响）', '次')}
      {num('lockMinutes', '锁定时长', 5, 1440, '5–1440 分钟', '分钟')}
      <Form.Item name="sessionHours" label="登录有效期" extra={`留空为平台默认 ${view.sessionHoursCeiling} 小时，不能超过该上限；新登录生效`}>
        <InputNumber min={1} max={view.sessionHoursCeiling} precision={0} suffix="小时" style={{ width: 200 }} placeholder={`${view.sessionHoursCeiling}`} />
      </Form.Item>
      <SaveButton canEdit={canEdit} pending={save.pending} onClick={() => void save.run()} />
    </Form>
  );
}

function WatermarkForm({ view, canEdit }: { view: SystemConfigView; canEdit: boolean }) {
  const [form] = Form.useForm<PageWatermarkSettings>();
  const invalidate = useInvalidateSystemConfig();
  useEffect(() => form.setFieldsValue(view.watermark), [form, view.watermark]);
  const save = useAction(async () => systemConfigCalls.saveWatermark({ ...view.watermark, ...(await form.validateFields()) }), { success: '保存成功', invalidate });
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 560 }} className="watermark-form" disabled={!canEdit}>
      <Form.Item name="enabled" label="启用页面水印" valuePropName="checked" extra="开启后，本公司成员浏览的每个页面都铺有其本人信息的水印，便于追溯截图和拍照外传。">
        <Switch aria-label="启用页面水印" />
      </Form.Item>
      <Form.Item label="水印内容">
        <Flex gap={16} wrap>
          <Form.Item name="showName" valuePropName="checked" noStyle>
            <Checkbox>姓名</Checkbox>
          </Form.Item>
          <Form.Item name="showPhone" valuePropName="checked" noStyle>
            <Checkbox>手机号后四位</Checkbox>
          </Form.Item>
          <Form.Item name="showDate" valuePropName="checked" noStyle>
            <Checkbox>当天日期</Checkbox>
          </Form.Item>
        </Flex>
      </Form.Item>
      <Form.Item name="text" label="自定义文字" extra="可选，如“内部资料 严禁外传”，不超过 20 个字">
        <Input maxLength={20} placeholder="请输入自定义文字" />
      </Form.Item>
      <SaveButton canEdit={canEdit} pending={save.pending} onClick={() => void save.run()} />
    </Form>
  );
}

function RetentionForm({ view, canEdit }: { view: SystemConfigView; canEdit: boolean }) {
  const [form] = Form.useForm<RetentionSettings>();
  const invalidate = useInvalidateSystemConfig();
  useEffect(() => form.setFieldsValue(view.retention), [form, view.retention]);
  const save = useAction(async () => systemConfigCalls.saveRetention(await form.validateFields()), { success: '保存成功', invalidate });
  const item = (name: keyof RetentionSettings, label: string, extra: string) => {
    const l = RETENTION_LIMITS[name];
    return (
      <Form.Item name={name} label={label} extra={`${extra}（${l.min}–${l.max} 天）`} rules={[{ required: true, message: `请填写${label}` }]}>
        <InputNumber min={l.min} max={l.max} precision={0} suffix="天" style={{ width: 200 }} />
      </Form.Item>
    );
  };
  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 560 }} className="retention-form" disabled={!canEdit}>
      {item('importDays', '导入数据保留', '员工导入的原始文件和逐行数据，到期后删除，只保留导入结果和错误原因')}
      {item('auditDays', '操作日志保留', '按网络安全法，网络日志留存不少于六个月，最少 180 天')}
      {item('outboxDays', '短信与邮件记录保留', '已发送、发送失败的短信和邮件记录；未发出的不会删除')}
      <div style={{ color: 'rgba(0,0,0,0.45)', marginBottom: 16 }}>每天自动清理一次超过保留期限的数据。</div>
      <SaveButton canEdit={canEdit} pending={save.pending} onClick={() => void save.run()} />
    </Form>
  );
}

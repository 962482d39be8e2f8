import type { SmsTemplateSave, SmsTemplateView } from '@wfsaas/contracts';
import { Button, Form, Input, Switch, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { EMPTY_TEXT, formatDateTime } from '../../../app/ui/format.ts';
import { FormModal } from '../../../app/ui/FormOverlay.tsx';
import { Panel } from '../../../app/ui/Panel.tsx';
import { StatusTag } from '../../../app/ui/StatusTag.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { pushCalls, useInvalidatePush, useSmsTemplates } from './push.api.ts';

const stateOf = (r: SmsTemplateView) => (!r.templateCode ? { tone: 'default' as const, label: '未配置' } : r.enabled ? { tone: 'success' as const, label: '启用' } : { tone: 'warning' as const, label: '停用' });

/** 短信: the provider's signature and template code per event; the gateway sends the code with the event's params. */
export function SmsTab({ canEdit }: { canEdit: boolean }) {
  const templates = useSmsTemplates();
  const [editing, setEditing] = useState<SmsTemplateView | null>(null);
  const columns: TableColumnsType<SmsTemplateView> = [
    { title: '通知事件', dataIndex: 'eventLabel', width: 140 },
    { title: '短信签名', dataIndex: 'signName', width: 140, render: (v: string | null) => (v ? `【${v}】` : EMPTY_TEXT) },
    { title: '模板编码', dataIndex: 'templateCode', width: 160, render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '模板参数', dataIndex: 'variables', render: (v: SmsTemplateView['variables']) => v.map((x) => `\${${x.param}}（${x.name}）`).join('、') },
    { title: '状态', key: 'state', width: 100, render: (_: unknown, r) => <StatusTag tone={stateOf(r).tone}>{stateOf(r).label}</StatusTag> },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (v: string | null) => (v ? formatDateTime(v) : EMPTY_TEXT) },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_: unknown, r) =>
        canEdit && (
          <Button type="link" size="small" className={`sms-template-edit sms-template-${r.event}`} onClick={() => setEditing(r)}>
            编辑
          </Button>
        ),
    },
  ];
  return (
    <Panel title="短信模板">
      <Typography.Paragraph type="secondary">
        在短信服务商处申请签名和模板后填入此处。模板内容中的参数请按「模板参数」一列命名，发送时系统按事件填入；未配置的事件按系统默认文字发送。
      </Typography.Paragraph>
      <Table<SmsTemplateView> rowKey="event" className="sms-template-table" columns={columns} dataSource={templates.data ?? []} loading={templates.isFetching} pagination={false} scroll={{ x: 1000 }} />
      <EditModal template={editing} onClose={() => setEditing(null)} />
    </Panel>
  );
}

type Values = Omit<SmsTemplateSave, 'event'>;

function EditModal({ template, onClose }: { template: SmsTemplateView | null; onClose: () => void }) {
  const invalidate = useInvalidatePush();
  const save = useAction((v: Values) => pushCalls.saveSms({ ...v, event: template!.event }), { success: '保存成功', invalidate, onSuccess: onClose });
  return (
    <FormModal<Values>
      title={template ? `短信模板：${template.eventLabel}` : ''}
      open={!!template}
      onClose={onClose}
      values={template ? { signName: template.signName ?? '', templateCode: template.templateCode ?? '', enabled: template.templateCode ? template.enabled : true } : undefined}
      onSubmit={(v) => save.run(v)}
      okText="保存"
      okClassName="sms-template-save"
    >
      <Form.Item
        name="signName"
        label="短信签名"
        extra="不含【】，2–12个字"
        rules={[
          { required: true, message: '请填写短信签名' },
          { min: 2, max: 12, message: '短信签名应为2–12个字' },
          { pattern: /^[\u4e00-\u9fa5A-Za-z0-9]+$/, message: '短信签名只能包含汉字、字母和数字（不含【】）' },
        ]}
      >
        <Input maxLength={12} />
      </Form.Item>
      <Form.Item
        name="templateCode"
        label="模板编码"
        rules={[
          { required: true, message: '请填写模板编码' },
          { pattern: /^(SMS_\d{6,12}|\d{6,10})$/, message: '模板编码应为 SMS_ 加6–12位数字（如 SMS_154950909）或6–10位数字的模板ID' },
        ]}
      >
        <Input maxLength={16} placeholder="SMS_154950909" />
      </Form.Item>
      <Form.Item name="enabled" label="启用" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}

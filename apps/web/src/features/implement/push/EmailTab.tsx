import type { EmailPreview, EmailSendView, EmailTemplateView } from '@wfsaas/contracts';
import { App, Button, Drawer, Flex, Form, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { EMPTY_TEXT, formatDateTime } from '../../../app/ui/format.ts';
import { FormDrawer, FormModal } from '../../../app/ui/FormOverlay.tsx';
import { Panel } from '../../../app/ui/Panel.tsx';
import { StatusTag } from '../../../app/ui/StatusTag.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { pushCalls, useEmailSends, useEmailTemplates, useInvalidatePush } from './push.api.ts';
import { outboxTone, variablesRule } from './push-format.ts';

type TemplateValues = { subject: string; body: string };

/** 邮件: one template per event (default text until edited), preview with sample data, test send, send log. */
export function EmailTab({ canEdit }: { canEdit: boolean }) {
  const { modal } = App.useApp();
  const templates = useEmailTemplates();
  const invalidate = useInvalidatePush();
  const [editing, setEditing] = useState<EmailTemplateView | null>(null);
  const [preview, setPreview] = useState<{ title: string; data: EmailPreview } | null>(null);
  const [sending, setSending] = useState<EmailTemplateView | null>(null);
  const showPreview = useAction<[EmailTemplateView, TemplateValues?], EmailPreview>((t, draft) => pushCalls.previewEmail({ event: t.event, ...draft }), {
    onSuccess: (data, t) => setPreview({ title: `预览：${t.eventLabel}`, data }),
  });
  const reset = useAction((t: EmailTemplateView) => pushCalls.resetEmail(t.event), { success: '已恢复系统默认', invalidate });

  const columns: TableColumnsType<EmailTemplateView> = [
    { title: '通知事件', dataIndex: 'eventLabel', width: 140 },
    { title: '邮件主题', dataIndex: 'subject', ellipsis: true },
    { title: '内容', dataIndex: 'custom', width: 110, render: (v: boolean) => (v ? <Tag color="blue">自定义</Tag> : <Tag>系统默认</Tag>) },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (v: string | null) => (v ? formatDateTime(v) : EMPTY_TEXT) },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      render: (_: unknown, r) => (
        <Space size={0} className={`email-template-actions email-template-${r.event}`}>
          {canEdit && (
            <Button type="link" size="small" className="email-template-edit" onClick={() => setEditing(r)}>
              编辑
            </Button>
          )}
          <Button type="link" size="small" className="email-template-preview" loading={showPreview.pendingArgs?.[0] === r} onClick={() => void showPreview.run(r)}>
            预览
          </Button>
          {canEdit && (
            <Button type="link" size="small" className="email-template-test" onClick={() => setSending(r)}>
              测试发送
            </Button>
          )}
          {canEdit && r.custom && (
            <Button
              type="link"
              size="small"
              className="email-template-reset"
              onClick={() => modal.confirm({ title: '恢复系统默认内容？', content: `「${r.eventLabel}」的邮件将使用系统默认主题和正文。`, okText: '恢复', cancelText: '取消', onOk: () => reset.run(r) })}
            >
              恢复默认
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Panel title="邮件模板">
        <Table<EmailTemplateView> rowKey="event" className="email-template-table" columns={columns} dataSource={templates.data ?? []} loading={templates.isFetching} pagination={false} scroll={{ x: 900 }} />
      </Panel>
      <SendLog />
      <EditDrawer template={editing} onClose={() => setEditing(null)} onPreview={(t, v) => void showPreview.run(t, v)} />
      <Drawer title={preview?.title} open={!!preview} onClose={() => setPreview(null)} size={560} className="email-preview" destroyOnHidden>
        {preview && (
          <Flex vertical gap={12}>
            <Typography.Text type="secondary">以下为示例数据填入变量后的效果</Typography.Text>
            <div>
              <Typography.Text strong>主题：</Typography.Text>
              <span className="email-preview-subject">{preview.data.subject}</span>
            </div>
            <div className="email-preview-body" style={{ whiteSpace: 'pre-wrap', background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 6, padding: 16, lineHeight: 1.8 }}>
              {preview.data.body}
            </div>
          </Flex>
        )}
      </Drawer>
      <TestSendModal template={sending} onClose={() => setSending(null)} />
    </Flex>
  );
}

function EditDrawer({ template, onClose, onPreview }: { template: EmailTemplateView | null; onClose: () => void; onPreview: (t: EmailTemplateView, v: TemplateValues) => void }) {
  const invalidate = useInvalidatePush();
  const [form] = Form.useForm<TemplateValues>();
  const save = useAction((v: TemplateValues) => pushCalls.updateEmail({ event: template!.event, ...v }), { success: '保存成功', invalidate, onSuccess: onClose });
  const variables = template?.variables ?? [];
  const insert = (name: string) => form.setFieldValue('body', `${form.getFieldValue('body') ?? ''}{{${name}}}`);
  return (
    <FormDrawer<TemplateValues>
      title={template ? `编辑邮件模板：${template.eventLabel}` : ''}
      open={!!template}
      onClose={onClose}
      form={form}
      width={640}
      values={template ? { subject: template.subject, body: template.body } : undefined}
      onSubmit={(v) => save.run(v)}
      okText="保存"
      okClassName="email-template-save"
      className="email-template-drawer"
      footerExtra={
        <Button className="email-template-draft-preview" onClick={() => template && onPreview(template, form.getFieldsValue())}>
          预览
        </Button>
      }
    >
      <Form.Item label="可用变量" extra="点击变量插入到正文末尾；主题和正文中只能使用这些变量。">
        <Flex wrap gap={6}>
          {variables.map((v) => (
            <Tag key={v.name} color="blue" style={{ cursor: 'pointer' }} onClick={() => insert(v.name)} title={`示例：${v.sample}`}>
              {`{{${v.name}}}`}
            </Tag>
          ))}
        </Flex>
      </Form.Item>
      <Form.Item name="subject" label="邮件主题" rules={[{ required: true, whitespace: true, message: '请填写邮件主题' }, { max: 120, message: '邮件主题最多120个字' }, variablesRule(variables)]}>
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item name="body" label="邮件正文" rules={[{ required: true, whitespace: true, message: '请填写邮件正文' }, { max: 5000, message: '邮件正文最多5000个字' }, variablesRule(variables)]}>
        <Input.TextArea rows={12} maxLength={5000} showCount />
      </Form.Item>
    </FormDrawer>
  );
}

function TestSendModal({ template, onClose }: { template: EmailTemplateView | null; onClose: () => void }) {
  const invalidate = useInvalidatePush();
  const send = useAction((v: { to: string }) => pushCalls.testSendEmail(template!.event, v.to), {
    success: (r) => (r.status === 3 ? '已写入发件箱（未配置邮件服务，暂不发出）' : '已加入发送队列'),
    invalidate,
    onSuccess: onClose,
  });
  return (
    <FormModal<{ to: string }>
      title={template ? `测试发送：${template.eventLabel}` : ''}
      open={!!template}
      onClose={onClose}
      onSubmit={(v) => send.run(v)}
      okText="发送"
      okClassName="email-test-send"
      intro={<Typography.Paragraph type="secondary">以示例数据填入当前使用的模板，发送到下面的邮箱，结果见发送记录。</Typography.Paragraph>}
    >
      <Form.Item name="to" label="收件邮箱" rules={[{ required: true, message: '请填写收件邮箱' }, { type: 'email', message: '收件邮箱格式不正确' }]}>
        <Input maxLength={100} placeholder="name@example.com" />
      </Form.Item>
    </FormModal>
  );
}

function SendLog() {
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const sends = useEmailSends(page);
  const columns: TableColumnsType<EmailSendView> = [
    { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatDateTime(v) },
    { title: '通知事件', dataIndex: 'eventLabel', width: 140 },
    { title: '收件人', dataIndex: 'recipient', width: 240 },
    { title: '主题', dataIndex: 'subject', ellipsis: true },
    { title: '状态', dataIndex: 'status', width: 200, render: (v: number, r) => <StatusTag tone={outboxTone(v)}>{r.statusLabel}</StatusTag> },
    { title: '失败原因', dataIndex: 'error', width: 200, ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT },
  ];
  const total = sends.data?.pageMessage.total ?? 0;
  return (
    <Panel title="发送记录" className="email-send-log">
      <Table<EmailSendView>
        rowKey="id"
        className="email-send-table"
        columns={columns}
        dataSource={sends.data?.data ?? []}
        loading={sends.isFetching}
        scroll={{ x: 1000 }}
        locale={{ emptyText: '暂无邮件发送记录' }}
        pagination={{ current: page.pageNum, pageSize: page.pageSize, total, showTotal: (n) => `共 ${n} 条`, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }}
      />
    </Panel>
  );
}

import type { MpConfigSave, MpMappingView, MpTemplateView } from '@wfsaas/contracts';
import { Alert, Button, Descriptions, Empty, Flex, Form, Input, Radio, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { EMPTY_TEXT, formatDateTime } from '../../../app/ui/format.ts';
import { FormModal } from '../../../app/ui/FormOverlay.tsx';
import { Panel } from '../../../app/ui/Panel.tsx';
import { useAction } from '../../../app/ui/use-action.ts';
import { pushCalls, useInvalidatePush, useMpConfig, useMpTemplates } from './push.api.ts';
import { variablesRule } from './push-format.ts';

/** 公众号: AppID / AppSecret, pulled templates, event → template mapping, test send, the authorise URL. */
export function MpTab({ canEdit }: { canEdit: boolean }) {
  const config = useMpConfig();
  const list = useMpTemplates();
  const invalidate = useInvalidatePush();
  const [mapping, setMapping] = useState<MpMappingView | null>(null);
  const [testing, setTesting] = useState<MpMappingView | null>(null);
  const pull = useAction(() => pushCalls.pullMpTemplates(), { success: (r) => `已拉取 ${r.templates.length} 个模板`, invalidate });
  const configured = !!config.data?.appId;
  const templates = list.data?.templates ?? [];

  const mappingColumns: TableColumnsType<MpMappingView> = [
    { title: '通知事件', dataIndex: 'eventLabel', width: 140 },
    { title: '公众号模板', dataIndex: 'templateTitle', width: 180, render: (v: string | null, r) => (r.templateId ? (v ?? <Typography.Text type="warning">模板已不在公众号中</Typography.Text>) : <Tag>未设置（不推送）</Tag>) },
    {
      title: '字段映射',
      dataIndex: 'fields',
      render: (v: Record<string, string>) => (Object.keys(v).length ? Object.entries(v).map(([k, x]) => `${k}：${x}`).join('；') : EMPTY_TEXT),
      ellipsis: true,
    },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      render: (_: unknown, r) =>
        canEdit && (
          <Space size={0}>
            <Button type="link" size="small" className="mp-mapping-edit" disabled={templates.length === 0} onClick={() => setMapping(r)}>
              设置模板
            </Button>
            <Button type="link" size="small" className="mp-test" disabled={!r.templateId} onClick={() => setTesting(r)}>
              测试发送
            </Button>
          </Space>
        ),
    },
  ];
  const templateColumns: TableColumnsType<MpTemplateView> = [
    { title: '模板标题', dataIndex: 'title', width: 180 },
    { title: '模板ID', dataIndex: 'templateId', width: 260, render: (v: string) => <Typography.Text copyable>{v}</Typography.Text> },
    { title: '内容', dataIndex: 'content', render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v}</span> },
  ];

  return (
    <Flex vertical gap={16}>
      <ConfigPanel canEdit={canEdit} />
      <Panel
        title="模板消息"
        extra={
          canEdit && (
            <Button className="mp-pull" disabled={!configured} loading={pull.pending} onClick={() => void pull.run()}>
              拉取模板
            </Button>
          )
        }
      >
        {!configured && <Alert type="info" showIcon style={{ marginBottom: 16 }} title="配置公众号 AppID 和 AppSecret 后，可从公众号拉取模板并为各通知事件选择模板。" />}
        <Table<MpMappingView> rowKey="event" className="mp-mapping-table" columns={mappingColumns} dataSource={list.data?.mappings ?? []} loading={list.isFetching} pagination={false} />
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          已拉取的模板{config.data?.lastPulledAt ? `（${formatDateTime(config.data.lastPulledAt)} 拉取）` : ''}
        </Typography.Title>
        <Table<MpTemplateView> rowKey="templateId" size="small" className="mp-template-table" columns={templateColumns} dataSource={templates} pagination={false} locale={{ emptyText: <Empty description="暂无模板，请点击拉取模板" /> }} />
      </Panel>
      <AuthorizePanel configured={configured} />
      <MappingModal mapping={mapping} templates={templates} onClose={() => setMapping(null)} />
      <TestModal mapping={testing} onClose={() => setTesting(null)} />
    </Flex>
  );
}

function ConfigPanel({ canEdit }: { canEdit: boolean }) {
  const config = useMpConfig();
  const invalidate = useInvalidatePush();
  const [form] = Form.useForm<MpConfigSave>();
  useEffect(() => {
    if (config.data) form.setFieldsValue({ appId: config.data.appId ?? '', appSecret: '' });
  }, [config.data, form]);
  const save = useAction(async () => pushCalls.saveMpConfig(await form.validateFields()), { success: '保存成功', invalidate, onSuccess: () => form.setFieldValue('appSecret', '') });
  const secretSet = config.data?.secretSet === true;
  return (
    <Panel title="公众号配置" className="mp-config">
      <Form form={form} layout="vertical" disabled={!canEdit} style={{ maxWidth: 520 }}>
        <Form.Item name="appId" label="AppID" rules={[{ required: true, message: '请填写AppID' }, { pattern: /^wx[0-9a-f]{16}$/i, message: 'AppID应为 wx 开头的18位字母或数字' }]}>
          <Input maxLength={18} placeholder="公众号后台「设置与开发 - 基本配置」中的开发者ID" />
        </Form.Item>
        <Form.Item
          name="appSecret"
          label="AppSecret"
          extra={secretSet ? '已设置（加密保存，不会显示）；留空则不修改' : '加密保存，保存后不再显示'}
          rules={[{ required: !secretSet, message: '请填写AppSecret' }, { pattern: /^[0-9a-zA-Z]{32}$/, message: 'AppSecret应为32位字母或数字' }]}
        >
          <Input.Password maxLength={32} autoComplete="new-password" placeholder={secretSet ? '••••••••（已设置）' : '32位开发者密码'} />
        </Form.Item>
        {canEdit && (
          <Button type="primary" className="mp-config-save" loading={save.pending} onClick={() => void save.run()}>
            保存
          </Button>
        )}
      </Form>
    </Panel>
  );
}

type MappingValues = { templateId: string | null; fields: Record<string, string>; url: string };

function MappingModal({ mapping, templates, onClose }: { mapping: MpMappingView | null; templates: MpTemplateView[]; onClose: () => void }) {
  const invalidate = useInvalidatePush();
  const [form] = Form.useForm<MappingValues>();
  const templateId = Form.useWatch('templateId', form);
  const template = templates.find((t) => t.templateId === templateId);
  const save = useAction((v: MappingValues) => pushCalls.saveMpMapping({ event: mapping!.event, templateId: v.templateId ?? null, fields: v.fields ?? {}, url: v.url ?? '' }), { success: '保存成功', invalidate, onSuccess: onClose });
  const variables = mapping?.variables ?? [];
  return (
    <FormModal<MappingValues>
      title={mapping ? `设置公众号模板：${mapping.eventLabel}` : ''}
      open={!!mapping}
      onClose={onClose}
      form={form}
      width={640}
      values={mapping ? { templateId: mapping.templateId, fields: mapping.fields, url: mapping.url } : undefined}
      onSubmit={(v) => save.run(v)}
      okText="保存"
      okClassName="mp-mapping-save"
      intro={<Typography.Paragraph type="secondary">可用变量：{variables.map((v) => `{{${v.name}}}`).join('、')}。字段内容可写固定文字，也可使用变量。</Typography.Paragraph>}
    >
      <Form.Item name="templateId" label="公众号模板">
        <Select allowClear placeholder="不选择则此事件不通过公众号推送" options={templates.map((t) => ({ value: t.templateId, label: t.title }))} />
      </Form.Item>
      {template && (
        <>
          <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
            {template.content}
          </Typography.Paragraph>
          {template.fields.map((f) => (
            <Form.Item key={f} name={['fields', f]} label={f} rules={[{ max: 200, message: '字段内容最多200个字' }, variablesRule(variables)]}>
              <Input maxLength={200} placeholder="如 {{员工姓名}}" />
            </Form.Item>
          ))}
          <Form.Item name="url" label="跳转链接" extra="点击模板消息打开的地址，可填 {{链接}}">
            <Input maxLength={300} placeholder="{{链接}}" />
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}

function TestModal({ mapping, onClose }: { mapping: MpMappingView | null; onClose: () => void }) {
  const send = useAction((v: { openId: string }) => pushCalls.testSendMp(mapping!.event, v.openId), { success: (r) => `已发送${r.msgId ? `（消息ID ${r.msgId}）` : ''}`, onSuccess: onClose });
  return (
    <FormModal<{ openId: string }>
      title={mapping ? `测试发送：${mapping.eventLabel}` : ''}
      open={!!mapping}
      onClose={onClose}
      onSubmit={(v) => send.run(v)}
      okText="发送"
      okClassName="mp-test-send"
      intro={<Typography.Paragraph type="secondary">以示例数据发送给一位已关注公众号的用户。</Typography.Paragraph>}
    >
      <Form.Item name="openId" label="OpenID" rules={[{ required: true, message: '请填写OpenID' }, { pattern: /^[A-Za-z0-9_-]{20,64}$/, message: 'OpenID应为20–64位字母、数字、下划线或短横线' }]}>
        <Input maxLength={64} />
      </Form.Item>
    </FormModal>
  );
}

function AuthorizePanel({ configured }: { configured: boolean }) {
  const [form] = Form.useForm<{ redirectUri: string; scope: 'snsapi_base' | 'snsapi_userinfo' }>();
  const [url, setUrl] = useState<string | null>(null);
  const build = useAction(async () => {
    const v = await form.validateFields();
    return pushCalls.authorizeUrl(v.redirectUri, v.scope);
  }, { onSuccess: (r) => setUrl(r.url) });
  return (
    <Panel title="员工绑定（网页授权）" className="mp-authorize">
      <Typography.Paragraph type="secondary">员工在微信中打开授权地址后，公众号把员工的 code 带到回调地址，回调页据此换取 OpenID 完成绑定。回调地址的域名须在公众号「网页授权域名」中登记。</Typography.Paragraph>
      <Form form={form} layout="inline" initialValues={{ scope: 'snsapi_base' }} disabled={!configured}>
        <Form.Item name="redirectUri" label="回调地址" rules={[{ required: true, message: '请填写回调地址' }, { pattern: /^https?:\/\/\S+$/, message: '回调地址应为 http(s) 地址' }]}>
          <Input style={{ width: 360 }} placeholder="https://hr.example.com/wechat/bind" />
        </Form.Item>
        <Form.Item name="scope">
          <Radio.Group
            options={[
              { value: 'snsapi_base', label: '静默授权' },
              { value: 'snsapi_userinfo', label: '获取昵称头像' },
            ]}
          />
        </Form.Item>
        <Button className="mp-authorize-build" loading={build.pending} onClick={() => void build.run()}>
          生成授权地址
        </Button>
      </Form>
      {url && (
        <Descriptions column={1} style={{ marginTop: 16 }} items={[{ key: 'url', label: '授权地址', children: <Typography.Text copyable className="mp-authorize-url" style={{ wordBreak: 'break-all' }}>{url}</Typography.Text> }]} />
      )}
    </Panel>
  );
}

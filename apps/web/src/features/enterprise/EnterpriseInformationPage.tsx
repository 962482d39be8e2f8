import { INDUSTRIES, SIZE_BANDS, type EnterpriseProfileSave } from '@wfsaas/contracts';
import { Alert, App, Avatar, Button, Descriptions, Flex, Form, Input, Select, Skeleton, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDate } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { CertificationPanel } from './CertificationPanel.tsx';
import { certificationTone } from './enterprise-format.ts';
import { enterpriseCalls, INFO_EDIT, useInvalidateEnterprise, useProfile } from './enterprise.api.ts';

type Values = EnterpriseProfileSave & { contactPhone: string };

/** /enterpriseInformation (企业信息): the company's profile and its certification (docs/enterprise.md). */
export default function EnterpriseInformationPage() {
  const { map } = usePermissions();
  const canEdit = map[INFO_EDIT] === true;
  const profile = useProfile();
  const invalidate = useInvalidateEnterprise();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState(false);
  const [logo, setLogo] = useState<{ fileId: string | null; url: string | null } | undefined>(undefined);

  useEffect(() => {
    if (profile.data && editing) {
      form.setFieldsValue({ ...profile.data, contactPhone: '', legalRepresentative: profile.data.legalRepresentative ?? undefined, registeredAddress: profile.data.registeredAddress ?? undefined } as never);
    }
  }, [profile.data, editing, form]);

  const save = useAction(enterpriseCalls.saveProfile, {
    success: (r) => (r.certificationReset ? '已保存，企业认证已重置为未认证' : '保存成功'),
    invalidate,
    onSuccess: () => {
      setEditing(false);
      setLogo(undefined);
    },
  });

  const submit = async () => {
    const v = await form.validateFields();
    const p = profile.data!;
    const body: EnterpriseProfileSave = { ...v, ...(logo ? { logoFileId: logo.fileId } : {}) };
    const identityChanged = v.name !== p.name || v.creditCode !== p.creditCode;
    if (identityChanged && p.certificationStatus !== 0) {
      modal.confirm({
        title: '修改企业名称或统一社会信用代码',
        content: '企业认证针对的是原名称与信用代码，修改后企业将回到「未认证」，需要重新认证；未认证的企业不能签发电子合同签名证书。确定修改吗？',
        okText: '确定修改',
        onOk: () => save.run(body),
      });
      return;
    }
    await save.run(body);
  };

  if (!profile.data) return <Skeleton active />;
  const p = profile.data;
  const logoUrl = logo ? logo.url : p.logoUrl;
  return (
    <div className="enterprise-information-page">
      <PageHeader title="企业信息" description="企业的基本资料、联系人与企业认证。" extra={<Link to="/enterpriseInformation/transactionSet">异动设置</Link>} />
      <Panel
        title="基本信息"
        className="enterprise-profile"
        extra={
          canEdit && !editing ? (
            <Button className="enterprise-profile-edit" onClick={() => setEditing(true)}>
              编辑
            </Button>
          ) : null
        }
      >
        {!editing ? (
          <Flex gap={24} align="flex-start">
            <Avatar shape="square" size={72} src={p.logoUrl ?? undefined}>
              {p.name.slice(0, 2)}
            </Avatar>
            <Descriptions column={2} style={{ flex: 1 }} size="small">
              <Descriptions.Item label="企业名称">{p.name}</Descriptions.Item>
              <Descriptions.Item label="认证状态">
                <StatusTag tone={certificationTone(p.certificationStatus)}>{p.certificationStatusLabel}</StatusTag>
                {p.certifiedAt ? <span style={{ marginLeft: 8, color: 'rgba(0,0,0,0.45)' }}>{formatDate(p.certifiedAt)} 认证</span> : null}
              </Descriptions.Item>
              <Descriptions.Item label="统一社会信用代码">{p.creditCode ?? EMPTY_TEXT}</Descriptions.Item>
              <Descriptions.Item label="法定代表人">{p.legalRepresentative ?? EMPTY_TEXT}</Descriptions.Item>
              <Descriptions.Item label="所属行业">{p.industry ?? EMPTY_TEXT}</Descriptions.Item>
              <Descriptions.Item label="企业规模">{p.sizeBand ?? EMPTY_TEXT}</Descriptions.Item>
              <Descriptions.Item label="注册地址" span={2}>
                {p.registeredAddress ?? EMPTY_TEXT}
              </Descriptions.Item>
              <Descriptions.Item label="联系人">{p.contactName ?? EMPTY_TEXT}</Descriptions.Item>
              <Descriptions.Item label="联系电话">{p.contactPhone ?? EMPTY_TEXT}</Descriptions.Item>
              <Descriptions.Item label="联系邮箱">{p.contactEmail ?? EMPTY_TEXT}</Descriptions.Item>
            </Descriptions>
          </Flex>
        ) : (
          <Form<Values> form={form} layout="vertical" className="enterprise-profile-form" style={{ maxWidth: 720 }}>
            <Form.Item label="企业Logo">
              <Space>
                <Avatar shape="square" size={64} src={logoUrl ?? undefined}>
                  {p.name.slice(0, 2)}
                </Avatar>
                <Upload
                  accept=".png,.jpg,.jpeg"
                  showUploadList={false}
                  customRequest={({ file }) => {
                    void enterpriseCalls.uploadLogo(file as File).then((r) => setLogo({ fileId: r.fileId, url: r.url }), () => undefined);
                  }}
                >
                  <Button>上传图片</Button>
                </Upload>
                {logoUrl ? <Button type="link" onClick={() => setLogo({ fileId: null, url: null })}>移除</Button> : null}
              </Space>
            </Form.Item>
            <Flex gap={16}>
              <Form.Item name="name" label="企业名称" style={{ flex: 1 }} rules={[{ required: true, min: 2, max: 100, message: '请填写企业名称（2–100字）' }]}>
                <Input />
              </Form.Item>
              <Form.Item name="creditCode" label="统一社会信用代码" style={{ flex: 1 }} rules={[{ required: true, len: 18, message: '请填写18位统一社会信用代码' }]}>
                <Input maxLength={18} />
              </Form.Item>
            </Flex>
            <Flex gap={16}>
              <Form.Item name="legalRepresentative" label="法定代表人" style={{ flex: 1 }}>
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item name="industry" label="所属行业" style={{ flex: 1 }}>
                <Select allowClear options={INDUSTRIES.map((v) => ({ value: v, label: v }))} placeholder="请选择" />
              </Form.Item>
              <Form.Item name="sizeBand" label="企业规模" style={{ flex: 1 }}>
                <Select allowClear options={SIZE_BANDS.map((v) => ({ value: v, label: v }))} placeholder="请选择" />
              </Form.Item>
            </Flex>
            <Form.Item name="registeredAddress" label="注册地址">
              <Input maxLength={200} />
            </Form.Item>
            <Flex gap={16}>
              <Form.Item name="contactName" label="联系人" style={{ flex: 1 }} rules={[{ required: true, message: '请填写联系人' }]}>
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item name="contactPhone" label="联系电话" style={{ flex: 1 }} extra={`当前：${p.contactPhone ?? EMPTY_TEXT}，保存时请重新填写`} rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: '请填写11位手机号' }]}>
                <Input maxLength={11} />
              </Form.Item>
              <Form.Item name="contactEmail" label="联系邮箱" style={{ flex: 1 }} rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
                <Input maxLength={100} />
              </Form.Item>
            </Flex>
            {p.certificationStatus !== 0 ? <Alert type="info" showIcon style={{ marginBottom: 16 }} message="修改企业名称或统一社会信用代码后，企业认证将回到「未认证」。" /> : null}
            <Space>
              <Button type="primary" className="enterprise-profile-save" loading={save.pending} onClick={() => void submit()}>
                保存
              </Button>
              <Button
                onClick={() => {
                  setEditing(false);
                  setLogo(undefined);
                }}
              >
                取消
              </Button>
            </Space>
          </Form>
        )}
      </Panel>
      <CertificationPanel canEdit={canEdit} />
    </div>
  );
}

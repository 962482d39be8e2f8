import type { CompanyCreate, CompanyListEntry } from '@wfsaas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row } from 'antd';
import { createCompany } from '../../app/api/endpoints.ts';
import { api } from '../../app/api/instance.ts';
import { companyKeys } from '../../app/session/queries.ts';
import { normalizeUscc, ruleFrom, validateCompanyName, validateContactName, validatePhone, validateUscc } from '../../app/ui/validators.ts';

/** Creates a company (the signed-in user becomes its administrator). */
export function CreateCompanyForm({ onCreated, submitText = '创建企业' }: { onCreated: (c: CompanyListEntry) => void; submitText?: string }) {
  const [form] = Form.useForm<CompanyCreate>();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (input: CompanyCreate) => createCompany(api, input),
    onSuccess: async (c) => {
      await queryClient.invalidateQueries({ queryKey: companyKeys.all });
      onCreated(c);
    },
  });
  return (
    <Form<CompanyCreate>
      form={form}
      layout="vertical"
      requiredMark
      onFinish={(v) =>
        create.mutate({
          companyName: v.companyName.trim(),
          creditCode: normalizeUscc(v.creditCode),
          contactName: v.contactName.trim(),
          contactPhone: v.contactPhone.trim(),
        })
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="companyName" label="企业名称" required rules={[ruleFrom(validateCompanyName)]}>
            <Input placeholder="与营业执照一致，如：杭州某某科技有限公司" maxLength={100} allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="creditCode" label="统一社会信用代码" required rules={[ruleFrom(validateUscc)]} normalize={(v: string) => v?.toUpperCase()}>
            <Input placeholder="18位统一社会信用代码" maxLength={18} allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="contactName" label="联系人" required rules={[ruleFrom(validateContactName)]}>
            <Input placeholder="请输入联系人姓名" maxLength={50} allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="contactPhone" label="联系电话" required rules={[ruleFrom((v) => validatePhone(v, '联系电话'))]}>
            <Input placeholder="11位手机号" maxLength={11} allowClear />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        {submitText}
      </Button>
    </Form>
  );
}

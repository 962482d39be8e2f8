import { ApartmentOutlined, BankOutlined, TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Row, Steps, Typography } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { Logo } from '../../app/layout/Logo.tsx';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { CreateCompanyForm } from './CreateCompanyForm.tsx';
import { enterCompany } from './enter-company.ts';

const STEPS = [
  { title: '创建企业', icon: <BankOutlined />, content: '填写企业名称、统一社会信用代码和联系人，创建后您即为企业管理员。' },
  { title: '搭建组织架构', icon: <ApartmentOutlined />, content: '在「组织架构」中建立部门、职位与职级，设置成本中心。' },
  { title: '导入员工', icon: <TeamOutlined />, content: '在「员工档案」中下载模板批量导入，或逐个新增在职员工。' },
  { title: '邀请同事', icon: <UserAddOutlined />, content: '在「实施中心 · 角色权限」中创建子账号并分配角色，协同办理人事业务。' },
];

/** /companyGuide: the first steps of setting up a company, starting with creating it. */
export default function CompanyGuidePage() {
  const { token } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!token) return <Navigate to="/login?referer=%2FcompanyGuide" replace />;
  return (
    <div style={{ minHeight: '100vh', background: 'linear-gradient(180deg,#eaf2ff 0%,#f5f7fa 360px)' }}>
      <Flex justify="space-between" align="center" style={{ padding: '0 24px', height: 64 }}>
        <Logo dark={false} />
        <Button type="link" onClick={() => navigate('/excessive/company')}>
          返回企业列表
        </Button>
      </Flex>
      <div style={{ maxWidth: 1080, margin: '0 auto', padding: '8px 16px 48px' }}>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          开通企业，四步开始使用
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 24 }}>
          花名册、入转调离、电子合同、工资条与薪酬社保都以企业为单位管理。先创建企业，再按下面的顺序完成初始化。
        </Typography.Paragraph>
        <Card style={{ marginBottom: 16 }}>
          <Steps current={0} items={STEPS.map((s) => ({ title: s.title, icon: s.icon, content: s.content }))} />
        </Card>
        <Row gutter={16}>
          <Col xs={24} lg={16}>
            <Card title="第一步：创建企业">
              <CreateCompanyForm submitText="创建并进入企业" onCreated={(c) => navigate(enterCompany(c.companyId, '/home', queryClient), { replace: true })} />
            </Card>
          </Col>
          <Col xs={24} lg={8}>
            <Card title="准备材料">
              <Typography.Paragraph>
                <ul style={{ paddingInlineStart: 20, margin: 0, lineHeight: 2 }}>
                  <li>营业执照上的企业全称</li>
                  <li>18位统一社会信用代码</li>
                  <li>企业联系人姓名与手机号</li>
                </ul>
              </Typography.Paragraph>
              <Typography.Text type="secondary">统一社会信用代码会按国家标准校验位核对，同一代码只能开通一个企业。</Typography.Text>
            </Card>
          </Col>
        </Row>
      </div>
    </div>
  );
}

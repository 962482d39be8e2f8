import { Button, Col, Flex, Row } from 'antd';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { STAFF_ROLL_EDIT } from './employees.api.ts';

const ENTRIES: readonly { path: string; title: string; text: string; need: string }[] = [
  { path: '/staffRoll', title: '在职花名册', text: '查询、筛选和导出本公司员工，查看员工档案。', need: 'staffRoll' },
  { path: '/newemployee/1', title: '新增员工', text: '逐个录入员工的基本、证件、任职和银行信息。', need: STAFF_ROLL_EDIT },
  { path: '/staffRoll/importTemplate/employee', title: '导入员工', text: '下载模板、上传 Excel，校验后批量导入或更新。', need: STAFF_ROLL_EDIT },
  { path: '/staffRoll?settings=fields', title: '字段设置', text: '定义员工档案的自定义字段，新增员工、花名册筛选、导入和导出随之更新。', need: STAFF_ROLL_EDIT },
  { path: '/staffRoll/groupInformation', title: '集团档案', text: '查看您有权限的各家公司的员工。', need: 'groupInformation' },
  { path: '/employee/employeeTasks', title: '员工任务', text: '跟进补交材料、证件到期等员工事项。', need: 'employeeTasks' },
  { path: '/employee/employeeBrand', title: '工牌设置', text: '设计工牌版式，批量打印或导出 PDF。', need: 'employeeBrand' },
];

/** /employeeManage (员工管理, SaaS edition menu): the roster screens this user may open. */
export default function EmployeeManagePage() {
  const navigate = useNavigate();
  const { map } = usePermissions();
  const entries = ENTRIES.filter((e) => map[e.need] === true);
  return (
    <Flex vertical gap={16} className="employee-manage">
      <PageHeader title="员工管理" description="员工档案相关的功能入口。" />
      <Row gutter={[16, 16]}>
        {entries.map((e) => (
          <Col key={e.path} xs={24} md={12} xl={8}>
            <Panel title={e.title}>
              <Flex vertical gap={12} align="flex-start">
                <span style={{ color: 'rgba(0,0,0,0.65)' }}>{e.text}</span>
                <Button type="primary" ghost onClick={() => navigate(e.path)}>
                  进入
                </Button>
              </Flex>
            </Panel>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}

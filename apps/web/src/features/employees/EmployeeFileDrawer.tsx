import { EditOutlined } from '@ant-design/icons';
import type { EmployeeDetail, Widget } from '@wfsaas/contracts';
import { Alert, Button, Descriptions, Drawer, Flex, Result, Skeleton, Space, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDate, formatDateTime } from '../../app/ui/format.ts';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { STAFF_ROLL_EDIT, useEmployeeDetail, useEmployeeForm } from './employees.api.ts';
import { AttachmentsTab } from './FileAttachmentsTab.tsx';
import { customValueText, departmentLabel, formatTenure, statusTone, todayIso } from './roster.ts';
import { SensitiveValue } from './SensitiveValue.tsx';
import { ChangeTimeline } from '../lifecycle/ChangeTimelineDrawer.tsx';
import { EmployeeContractsList } from '../lifecycle/EmployeeContractsList.tsx';

const t = (v: string | null | undefined): string => (v && v.trim() ? v : EMPTY_TEXT);

const customText = (w: Widget, v: unknown): string => customValueText(w, v, EMPTY_TEXT);

function PersonalTab({ d }: { d: EmployeeDetail }) {
  const reveal = d.canViewSensitive;
  return (
    <Descriptions column={2} bordered size="small" className="file-personal">
      <Descriptions.Item label="姓名">{d.name}</Descriptions.Item>
      <Descriptions.Item label="性别">{t(d.genderName)}</Descriptions.Item>
      <Descriptions.Item label="出生日期">{formatDate(d.birthDate)}</Descriptions.Item>
      <Descriptions.Item label="证件类型">{t(d.idTypeName)}</Descriptions.Item>
      <Descriptions.Item label="证件号码">
        <SensitiveValue employeeId={d.id} field="idNumber" masked={d.idNumberMasked} canReveal={reveal} />
      </Descriptions.Item>
      <Descriptions.Item label="手机号">
        <SensitiveValue employeeId={d.id} field="mobile" masked={d.mobileMasked} canReveal={reveal} />
      </Descriptions.Item>
      <Descriptions.Item label="邮箱">{t(d.email)}</Descriptions.Item>
      <Descriptions.Item label="国籍">{t(d.nationality)}</Descriptions.Item>
      <Descriptions.Item label="民族">{t(d.ethnicity)}</Descriptions.Item>
      <Descriptions.Item label="户口性质">{t(d.hukouTypeName)}</Descriptions.Item>
      <Descriptions.Item label="学历">{t(d.educationName)}</Descriptions.Item>
      <Descriptions.Item label="婚姻状况">{t(d.maritalStatusName)}</Descriptions.Item>
      <Descriptions.Item label="联系地址" span={2}>
        {t(d.address)}
      </Descriptions.Item>
      <Descriptions.Item label="开户银行">{t(d.bankName)}</Descriptions.Item>
      <Descriptions.Item label="银行卡号">
        <SensitiveValue employeeId={d.id} field="bankAccount" masked={d.bankAccountMasked} canReveal={reveal} />
      </Descriptions.Item>
      <Descriptions.Item label="紧急联系人">{d.emergencyContact ? `${d.emergencyContact.name}${d.emergencyContact.relation ? `（${d.emergencyContact.relation}）` : ''}` : EMPTY_TEXT}</Descriptions.Item>
      <Descriptions.Item label="紧急联系人电话">
        {d.emergencyContact ? <SensitiveValue employeeId={d.id} field="emergencyPhone" masked={d.emergencyContact.phoneMasked} canReveal={reveal} /> : EMPTY_TEXT}
      </Descriptions.Item>
    </Descriptions>
  );
}

function JobTab({ d, widgets }: { d: EmployeeDetail; widgets: Widget[] }) {
  return (
    <Flex vertical gap={16}>
      <Descriptions column={2} bordered size="small" className="file-job">
        <Descriptions.Item label="工号">{t(d.employeeNo)}</Descriptions.Item>
        <Descriptions.Item label="部门">{departmentLabel(d)}</Descriptions.Item>
        <Descriptions.Item label="岗位">{t(d.positionName)}</Descriptions.Item>
        <Descriptions.Item label="职级">{t(d.rankName)}</Descriptions.Item>
        <Descriptions.Item label="成本中心">{t(d.costCenterName)}</Descriptions.Item>
        <Descriptions.Item label="用工类型">{t(d.employmentTypeName)}</Descriptions.Item>
        <Descriptions.Item label="工作地点">{t(d.workLocation)}</Descriptions.Item>
        <Descriptions.Item label="员工状态">{d.statusName}</Descriptions.Item>
        <Descriptions.Item label="入职日期">{formatDate(d.hireDate)}</Descriptions.Item>
        <Descriptions.Item label="试用期结束日期">{formatDate(d.probationEndDate)}</Descriptions.Item>
        <Descriptions.Item label="离职日期">{formatDate(d.leaveDate)}</Descriptions.Item>
        <Descriptions.Item label="司龄">{formatTenure(d.hireDate, todayIso(), d.leaveDate)}</Descriptions.Item>
      </Descriptions>
      {widgets.length > 0 && (
        <Descriptions title="自定义字段" column={2} bordered size="small" className="file-custom">
          {widgets.map((w) => (
            <Descriptions.Item key={w.key} label={w.label}>
              {customText(w, d.customFields[w.key])}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Flex>
  );
}

function Header({ d, extra }: { d: EmployeeDetail; extra: ReactNode }) {
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center">
        <Space size={12} align="center">
          <span style={{ fontSize: 20, fontWeight: 600 }} className="file-name">
            {d.name}
          </span>
          <StatusTag tone={statusTone(d.status)}>{d.statusName}</StatusTag>
        </Space>
        {extra}
      </Flex>
      <Descriptions column={3} size="small" className="file-header">
        <Descriptions.Item label="工号">{t(d.employeeNo)}</Descriptions.Item>
        <Descriptions.Item label="部门">{departmentLabel(d)}</Descriptions.Item>
        <Descriptions.Item label="岗位">{t(d.positionName)}</Descriptions.Item>
        <Descriptions.Item label="入职日期">{formatDate(d.hireDate)}</Descriptions.Item>
        <Descriptions.Item label="司龄">{formatTenure(d.hireDate, todayIso(), d.leaveDate)}</Descriptions.Item>
        <Descriptions.Item label="用工类型">{t(d.employmentTypeName)}</Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}

/** 员工档案: the file of one employee over the roster (/staffRoll?file=<id>). */
export function EmployeeFileDrawer({ employeeId, onClose }: { employeeId: number | null; onClose: () => void }) {
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[STAFF_ROLL_EDIT] === true;
  const form = useEmployeeForm();
  const file = useEmployeeDetail(employeeId);
  const widgets = form.data?.widgetList ?? [];
  const d = file.data;

  return (
    <Drawer title="员工档案" open={employeeId !== null} size={960} onClose={onClose} destroyOnHidden className="employee-file">
      {file.isError && <Result status="warning" title="未查询到人员信息" />}
      {!d && !file.isError && <Skeleton active />}
      {d && (
        <Flex vertical gap={16}>
          <Header
            d={d}
            extra={
              canEdit && (
                <Button icon={<EditOutlined />} onClick={() => navigate(`/newemployee/1?id=${d.id}`)}>
                  编辑
                </Button>
              )
            }
          />
          {!d.canViewSensitive && <Alert type="info" showIcon title="证件号码、手机号和银行卡号已脱敏显示；查看完整信息需要「查看敏感信息」权限。" />}
          <Tabs
            className="file-tabs"
            items={[
              { key: 'personal', label: '个人信息', children: <PersonalTab d={d} /> },
              { key: 'job', label: '任职信息', children: <JobTab d={d} widgets={widgets} /> },
              { key: 'attachments', label: '附件', children: <AttachmentsTab employeeId={d.id} canEdit={canEdit} /> },
              { key: 'contracts', label: '合同', children: <EmployeeContractsList employeeId={d.id} /> },
              { key: 'changes', label: '异动记录', children: <ChangeTimeline employeeId={d.id} /> },
            ]}
          />
          <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
            <Space size={24}>
              <span>建档时间：{formatDateTime(d.createdAt)}</span>
              <span>最近更新：{formatDateTime(d.updatedAt)}</span>
            </Space>
          </div>
        </Flex>
      )}
    </Drawer>
  );
}

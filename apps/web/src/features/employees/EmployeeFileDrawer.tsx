import { DeleteOutlined, EditOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { ATTACHMENT_CATEGORIES, type AttachmentCategory, type EmployeeAttachmentItem, type EmployeeDetail, type Widget } from '@wfsaas/contracts';
import { Alert, App, Button, Descriptions, Drawer, Empty, Flex, Image, List, Result, Select, Skeleton, Space, Tabs, Upload } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { confirmDelete } from '../../app/ui/confirm-delete.ts';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { EMPTY_TEXT, formatDate, formatDateTime, formatFileSize } from '../../app/ui/format.ts';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { employeeCalls, STAFF_ROLL_EDIT, uploadFile, useAttachments, useEmployeeDetail, useEmployeeForm, useInvalidateEmployees } from './employees.api.ts';
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

/** An image attachment as a thumbnail (SPEC §5: images by extension), loaded with a one-time link. */
function Thumb({ item }: { item: EmployeeAttachmentItem }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    employeeCalls
      .fileUrl(item.fileId)
      .then((u) => live && setSrc(u))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [item.fileId]);
  return src ? <Image src={src} width={64} height={64} style={{ objectFit: 'cover', borderRadius: 4 }} alt={item.fileName} /> : <Skeleton.Image active style={{ width: 64, height: 64 }} />;
}

function AttachmentsTab({ employeeId, canEdit }: { employeeId: number; canEdit: boolean }) {
  const { modal } = App.useApp();
  const list = useAttachments(employeeId);
  const invalidate = useInvalidateEmployees();
  const [category, setCategory] = useState<AttachmentCategory>('other');
  const [busy, setBusy] = useState(false);

  const open = async (item: EmployeeAttachmentItem) => {
    const url = await employeeCalls.fileUrl(item.fileId);
    window.open(url, '_blank', 'noopener');
  };

  return (
    <Flex vertical gap={12} className="file-attachments">
      {canEdit && (
        <Space>
          <Select<AttachmentCategory> value={category} onChange={setCategory} options={ATTACHMENT_CATEGORIES.map((c) => ({ value: c.value, label: c.label }))} style={{ width: 140 }} aria-label="附件类别" />
          <Upload
            showUploadList={false}
            beforeUpload={(file) => {
              setBusy(true);
              void uploadFile(file)
                .then((f) => employeeCalls.addAttachment(employeeId, f.fileId, category))
                .then(async () => {
                  toastSuccess('上传成功');
                  await invalidate();
                })
                .catch(() => undefined)
                .finally(() => setBusy(false));
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy}>
              上传附件
            </Button>
          </Upload>
        </Space>
      )}
      <List<EmployeeAttachmentItem>
        loading={list.isLoading}
        dataSource={list.data ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无附件" /> }}
        renderItem={(item) => (
          <List.Item
            actions={[
              <Button key="open" type="link" size="small" onClick={() => void open(item).catch(() => undefined)}>
                下载
              </Button>,
              ...(canEdit
                ? [
                    <Button
                      key="remove"
                      type="link"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() =>
                        confirmDelete(modal, async () => {
                          await employeeCalls.removeAttachment(item.id);
                          toastSuccess('删除成功');
                          await invalidate();
                        })
                      }
                    >
                      删除
                    </Button>,
                  ]
                : []),
            ]}
          >
            <List.Item.Meta
              avatar={item.isImage ? <Thumb item={item} /> : <FileOutlined style={{ fontSize: 32, color: '#8c8c8c', width: 64 }} />}
              title={item.fileName}
              description={`${item.categoryName} · ${formatFileSize(item.size)} · ${formatDateTime(item.createdAt)}`}
            />
          </List.Item>
        )}
      />
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

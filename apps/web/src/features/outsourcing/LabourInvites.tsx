import type { OsInviteView, PlacementTerms } from '@wfsaas/contracts';
import { Alert, App, Button, DatePicker, Empty, Flex, Form, Modal, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCanOpen } from '../../app/routing/PermissionContext.ts';
import { formatDate } from '../../app/ui/format.ts';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { DepartmentTreeSelect } from '../employees/pickers.tsx';
import { labourCalls, useInvalidateLabour, useInvitedPage } from './os-labour.api.ts';

/** The candidate's page of a link as a full address to send. */
const fullLink = (link: string) => `${window.location.origin}${link}`;

/** 手机自助入职 from 发起入职: a link carrying these terms; the worker registers on the phone. */
export function LabourInviteDialog({ terms, open, onClose }: { terms: PlacementTerms | null; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ departmentId?: number; expiresOn: Dayjs }>();
  const invalidate = useInvalidateLabour();
  const [made, setMade] = useState<OsInviteView | null>(null);
  const create = useAction(labourCalls.createInvite, { success: '已生成自助入职链接', invalidate, onSuccess: (v) => setMade(v) });
  const close = () => {
    setMade(null);
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      title="手机自助入职"
      open={open}
      onCancel={close}
      destroyOnHidden
      className="labour-invite-dialog"
      okText={made ? '完成' : '生成链接'}
      okButtonProps={{ className: 'labour-invite-ok', loading: create.pending }}
      onOk={async () => {
        if (made) return close();
        const v = await form.validateFields();
        if (!terms) return;
        await create.run({ placement: terms, departmentId: v.departmentId!, expiresOn: v.expiresOn.format('YYYY-MM-DD') });
      }}
    >
      {made ? (
        <Flex vertical gap={12} className="labour-invite-made">
          <Alert type="success" showIcon title="把链接发给员工：员工在手机上验证手机号、上传证件并登记；在「邀请入职」审核通过后，回到入职记录点「派驻」。" />
          <Typography.Text copyable={{ text: fullLink(made.link) }} className="labour-invite-link">
            {fullLink(made.link)}
          </Typography.Text>
          <span>有效期至 {made.expiresOn}</span>
        </Flex>
      ) : (
        <Form form={form} layout="vertical" initialValues={{ expiresOn: dayjs().add(14, 'day') }}>
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title="链接带着当前的派驻信息；派驻时按当时的派遣规则重新校验。" />
          <Form.Item name="departmentId" label="入职部门" rules={[{ required: true, message: '请选择入职部门' }]}>
            <DepartmentTreeSelect />
          </Form.Item>
          <Form.Item name="expiresOn" label="有效期至" rules={[{ required: true, message: '请选择有效期' }]}>
            <DatePicker format="YYYY-MM-DD" style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

type Registration = OsInviteView['registrations'][number];

/** 入职记录's links for the phone: each one's registrations, 派驻 for an approved one not yet placed. */
export function LabourInvites({ canEdit }: { canEdit: boolean }) {
  const { modal } = App.useApp();
  const invites = useInvitedPage();
  const invalidate = useInvalidateLabour();
  const canReview = useCanOpen()('selfOnboardingList');
  const place = useAction((inviteId: number, r: Registration) => labourCalls.placeInvited(inviteId, r.employeeId!), { success: '已派驻，待确认到岗', invalidate });
  if (!invites.data?.length) return null;
  const registration = (invite: OsInviteView, r: Registration) => (
    <Flex key={r.submissionId} gap={8} align="center" className="labour-registration">
      <span>{r.name}</span>
      <Tag color={r.status === 1 ? 'green' : r.status === 2 ? 'red' : 'orange'}>{r.statusLabel}</Tag>
      {r.placementId !== null ? (
        <Tag color="blue">已派驻</Tag>
      ) : r.status === 1 && canEdit ? (
        <Button
          type="link"
          size="small"
          className="labour-place"
          loading={place.pendingArgs?.[1] === r}
          onClick={() => modal.confirm({ title: `派驻 ${r.name}`, content: `派驻到${invite.clientName}（${invite.post}），到岗日期 ${invite.startDate}。`, okText: '派驻', cancelText: '取消', onOk: () => place.run(invite.inviteId, r) })}
        >
          派驻
        </Button>
      ) : r.status === 0 && canReview ? (
        <Link to="/selfOnboarding/list">去审核</Link>
      ) : null}
    </Flex>
  );
  const columns: TableColumnsType<OsInviteView> = [
    { title: '链接', dataIndex: 'title', width: 220 },
    { title: '到岗日期', dataIndex: 'startDate', width: 120, render: (v: string) => formatDate(v) },
    {
      title: '有效期至',
      dataIndex: 'expiresOn',
      width: 150,
      render: (v: string, r) => (
        <Space>
          {formatDate(v)}
          {r.expired && <Tag>已失效</Tag>}
        </Space>
      ),
    },
    { title: '地址', dataIndex: 'link', width: 260, render: (v: string, r) => (r.expired ? '—' : <Typography.Text copyable={{ text: fullLink(v) }}>复制链接</Typography.Text>) },
    { title: '登记', key: 'registrations', render: (_: unknown, r) => (r.registrations.length ? <Flex vertical gap={4}>{r.registrations.map((x) => registration(r, x))}</Flex> : <span style={{ color: '#999' }}>尚无登记</span>) },
  ];
  return (
    <Panel title="手机自助入职" className="labour-invites">
      <Table<OsInviteView> rowKey="inviteId" size="middle" columns={columns} dataSource={invites.data} pagination={false} locale={{ emptyText: <Empty description="暂无链接" /> }} />
    </Panel>
  );
}

import { Flex, Form, Input } from 'antd';
import dayjs from 'dayjs';
import { MAX_INVITE_DAYS, type InviteView } from '@wfsaas/contracts';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { DateText, DepartmentTreeSelect, PositionSelect } from '../employees/pickers.tsx';
import { inviteDefaults } from './invite-helpers.ts';
import { onboardingCalls, useInvalidateOnboarding } from './self-onboarding.api.ts';

type Values = { title?: string; expiresOn?: string | null; departmentId?: number | null; positionId?: number | null; hireDate?: string | null };

/** 新建邀请: a name, the last day the link works, and the job facts the approval form starts from. */
export function InviteDrawer({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (invite: InviteView) => void }) {
  const [form] = Form.useForm<Values>();
  const departmentId = Form.useWatch('departmentId', form);
  const invalidate = useInvalidateOnboarding();
  const create = useAction(
    (v: Values) =>
      onboardingCalls.createInvite({
        title: v.title!.trim(),
        expiresOn: v.expiresOn!,
        departmentId: v.departmentId ?? undefined,
        positionId: v.positionId ?? undefined,
        hireDate: v.hireDate ?? undefined,
      }),
    {
      success: '保存成功',
      invalidate,
      onSuccess: (invite) => {
        onClose();
        onCreated(invite);
      },
    },
  );
  const today = dayjs().format('YYYY-MM-DD');
  const lastDay = dayjs(today).add(MAX_INVITE_DAYS, 'day').format('YYYY-MM-DD');
  return (
    <FormDrawer<Values> title="新建邀请" open={open} width={560} form={form} onClose={onClose} onSubmit={create.run} values={inviteDefaults(today)} formProps={{ className: 'invite-form' }}>
        <Form.Item name="title" label="名称" rules={[{ required: true, whitespace: true, message: '请填写名称' }]} extra="候选人打开链接时看到的标题，如：2026年春季校招入职登记">
          <Input maxLength={60} showCount placeholder="请输入邀请名称" />
        </Form.Item>
        <Form.Item
          name="expiresOn"
          label="有效期至"
          rules={[
            { required: true, message: '请选择有效期' },
            {
              validator: (_r, v: string | null | undefined) =>
                !v || (v >= today && v <= lastDay) ? Promise.resolve() : Promise.reject(new Error(`有效期应在今天至 ${lastDay} 之间`)),
            },
          ]}
          extra={`最长 ${MAX_INVITE_DAYS} 天，过期后链接不能再登记`}
        >
          <DateText />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item name="departmentId" label="入职部门" style={{ flex: 1 }}>
            <DepartmentTreeSelect placeholder="选填" />
          </Form.Item>
          <Form.Item name="positionId" label="入职岗位" style={{ flex: 1 }}>
            <PositionSelect departmentId={departmentId} placeholder="选填" />
          </Form.Item>
        </Flex>
        <Form.Item name="hireDate" label="预计入职日期" extra="审核通过时作为默认值，可修改">
          <DateText placeholder="选填" />
        </Form.Item>
    </FormDrawer>
  );
}

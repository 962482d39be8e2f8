import { SIGN_EVENTS, SIGN_SUBSCRIBE_API, SIGN_SUBSCRIBE_PATHS, type SignSubscription } from '@wfsaas/contracts';
import { Form, Skeleton, Switch, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api/instance.ts';
import { useSession } from '../../app/session/SessionProvider.tsx';
import { FormDrawer } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';

const url = (k: keyof typeof SIGN_SUBSCRIBE_PATHS) => `${SIGN_SUBSCRIBE_API}${SIGN_SUBSCRIBE_PATHS[k]}`;

/** 消息订阅: which contract events reach me in the message centre, for the current company. */
export function SignSubscribeDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { companyId } = useSession();
  const key = ['sign-subscribe', companyId];
  const qc = useQueryClient();
  const current = useQuery({ queryKey: key, queryFn: () => api.post<SignSubscription>(url('get')), enabled: open, staleTime: 0 });
  const save = useAction((v: SignSubscription) => api.post<SignSubscription>(url('save'), v), { success: '保存成功', invalidate: () => qc.invalidateQueries({ queryKey: key }), onSuccess: onClose });
  return (
    // keyed by the loaded answer: the form takes its values when it is created
    <FormDrawer<SignSubscription>
      key={current.data ? 'loaded' : 'loading'}
      title="消息订阅"
      open={open}
      onClose={onClose}
      values={current.data}
      onSubmit={(v) => save.run(v)}
      okText="保存"
      okClassName="sign-subscribe-save"
      className="sign-subscribe-drawer"
      intro={<Typography.Paragraph type="secondary">选择需要在消息中心提醒您的合同事件，仅对您在本企业发起的合同生效。</Typography.Paragraph>}
    >
      {current.data ? (
        SIGN_EVENTS.map((e) => (
          <Form.Item key={e.key} name={e.key} label={e.label} valuePropName="checked" extra={e.hint}>
            <Switch checkedChildren="订阅" unCheckedChildren="不订阅" />
          </Form.Item>
        ))
      ) : (
        <Skeleton active />
      )}
    </FormDrawer>
  );
}

import { PUSH_EDIT } from '@wfsaas/contracts';
import { Flex, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../../app/routing/PermissionContext.ts';
import { PageHeader } from '../../../app/ui/PageHeader.tsx';
import { EmailTab } from './EmailTab.tsx';
import { MpTab } from './MpTab.tsx';
import { SmsTab } from './SmsTab.tsx';

const TABS = ['email', 'mp', 'sms'] as const;

/** /implement/pushChannel (推送渠道): email templates and send log, the WeChat official account, SMS templates. */
export default function PushChannelPage() {
  const { map } = usePermissions();
  const canEdit = map[PUSH_EDIT] === true;
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = TABS.find((t) => t === raw) ?? 'email';
  return (
    <Flex vertical gap={16} className="push-channel">
      <PageHeader title="推送渠道" description="设置系统通知员工和管理员时使用的邮件模板、微信公众号模板消息和短信模板。未自定义的事件使用系统默认内容。" />
      <Tabs
        className="push-tabs"
        activeKey={tab}
        onChange={(k) => setParams((p) => ({ ...Object.fromEntries(p), tab: k }), { replace: true })}
        items={[
          { key: 'email', label: '邮件', children: <EmailTab canEdit={canEdit} /> },
          { key: 'mp', label: '公众号', children: <MpTab canEdit={canEdit} /> },
          { key: 'sms', label: '短信', children: <SmsTab canEdit={canEdit} /> },
        ]}
      />
    </Flex>
  );
}

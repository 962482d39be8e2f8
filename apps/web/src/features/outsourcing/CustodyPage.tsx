import { Flex, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { CustodyClient } from './CustodyClient.tsx';
import { CustodySettings } from './CustodySettings.tsx';
import { useCustodyConfigs, useCustodyOverview } from './os.api.ts';

/**
 * /qtOutsource/condominiumManage (共管管理): as a provider, what each client company on the platform
 * sees and approves; as a client, the workers, orders and bills of the providers that share them.
 */
export default function CustodyPage() {
  const configs = useCustodyConfigs();
  const overview = useCustodyOverview();
  const providers = overview.data ?? [];
  const hasClients = (configs.data ?? []).length > 0;
  const isClient = providers.length > 0;
  // a company that is only a client sees its providers alone; otherwise the settings come first
  const tabs = [
    ...(hasClients || !isClient ? [{ key: 'settings', label: '用工单位共管设置' }] : []),
    ...(isClient ? [{ key: 'providers', label: '我的外包服务商' }] : []),
  ];
  const [chosen, setChosen] = useState<string | null>(null);
  const active = tabs.find((t) => t.key === chosen)?.key ?? tabs[0]!.key;
  const loading = (configs.isLoading || overview.isLoading) && !configs.data && !overview.data;
  return (
    <Flex vertical gap={16} className="custody-page">
      <PageHeader
        title="共管管理"
        description="用工单位入驻平台后，可与服务商共同管理派驻人员：查看人员、审批补岗和退工、确认月度账单；可见范围由服务商按用工单位设置。"
        footer={tabs.length > 1 ? <Tabs activeKey={active} onChange={setChosen} items={tabs} className="custody-tabs" style={{ marginBottom: -16 }} /> : undefined}
      />
      <Panel>
        {loading ? (
          <Spin style={{ display: 'block', margin: '48px auto' }} />
        ) : active === 'providers' && isClient ? (
          <CustodyClient providers={providers} />
        ) : (
          <CustodySettings configs={configs.data ?? []} loading={configs.isFetching} />
        )}
      </Panel>
    </Flex>
  );
}

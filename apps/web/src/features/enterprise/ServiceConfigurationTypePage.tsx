import { isServiceType, ROUTES, SERVICE_LABELS, type ServiceType } from '@wfsaas/contracts';
import { Descriptions, Empty, Flex, List, Skeleton, Switch, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { assetCalls, useAssetSettings, useInvalidateAssets } from '../assets/assets.api.ts';
import { stateLabel } from '../trade/subscriptions/subs-format.ts';
import { useProducts } from '../trade/subscriptions/subscriptions.api.ts';
import { SERVICE_PRODUCT, SERVICE_SETTINGS } from './service-config.ts';
import { useCanOpenSetting } from './ServiceConfigurationPage.tsx';

const PATHS = new Map(ROUTES.map((r) => [r.name as string, r.path]));

/** The service's subscription: edition, term and state, read from the subscription centre. */
function SubscriptionPanel({ type }: { type: ServiceType }) {
  const products = useProducts();
  const product = products.data?.products.find((p) => p.code === SERVICE_PRODUCT[type]);
  const sub = product?.subscription ?? null;
  const state = stateLabel(sub);
  return (
    <Panel title="订阅" extra={<Link to="/appCenter">前往订阅中心</Link>} className="service-subscription">
      {products.isLoading ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Descriptions column={{ xs: 1, md: 3 }} size="small">
          <Descriptions.Item label="产品">{product?.name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <StatusTag tone={state.tone}>{state.text}</StatusTag>
          </Descriptions.Item>
          <Descriptions.Item label="服务期">{sub ? `${sub.startDate} 至 ${sub.endDate}` : '—'}</Descriptions.Item>
        </Descriptions>
      )}
    </Panel>
  );
}

/** 资产: whether unreturned assets hold back a resignation, edited here as on the asset centre. */
function AssetRulePanel({ canEdit }: { canEdit: boolean }) {
  const settings = useAssetSettings(true);
  const invalidate = useInvalidateAssets();
  const save = useAction((blockQuit: boolean) => assetCalls.saveSettings({ blockQuit }), { success: '已保存', onSuccess: () => void invalidate() });
  return (
    <Panel title="离职资产归还" className="service-asset-rule">
      <Typography.Paragraph type="secondary">开启后，员工名下有未归还资产时不能完成离职；关闭后仅提示。</Typography.Paragraph>
      <Switch
        className="asset-block-quit"
        checked={settings.data?.blockQuit ?? false}
        loading={settings.isLoading || save.pending}
        disabled={!canEdit}
        checkedChildren="有未归还资产时不能完成离职"
        unCheckedChildren="仅提示未归还资产"
        onChange={(v) => void save.run(v)}
      />
    </Panel>
  );
}

/** /serviceConfiguration/{typeValue}: one service's subscription, its settings, what each changes, and where it is edited. */
export default function ServiceConfigurationTypePage() {
  const { typeValue = '' } = useParams();
  const canOpen = useCanOpenSetting();
  const { map } = usePermissions();
  if (!isServiceType(typeValue)) return <Empty description="没有这项服务" style={{ marginTop: 80 }} />;
  return (
    <Flex vertical gap={16} className="service-configuration-type-page">
      <PageHeader title={`服务配置 · ${SERVICE_LABELS[typeValue]}`} description={<Link to="/serviceConfiguration">返回服务配置</Link>} />
      {map.appCenter && <SubscriptionPanel type={typeValue} />}
      {typeValue === 'assets' && map.assetsList && <AssetRulePanel canEdit={map['assetsList.edit'] === true} />}
      <Panel title="设置项">
        <List
          className="service-settings"
          dataSource={SERVICE_SETTINGS[typeValue]}
          renderItem={(s) => (
            <List.Item
              actions={[
                canOpen(s.route) ? (
                  <Link key="go" to={PATHS.get(s.route) ?? '/'}>
                    前往设置
                  </Link>
                ) : (
                  <span key="no" style={{ color: 'rgba(0,0,0,0.45)' }}>
                    无权限或暂未开放
                  </span>
                ),
              ]}
            >
              <List.Item.Meta title={s.title} description={s.effect} />
            </List.Item>
          )}
        />
      </Panel>
    </Flex>
  );
}

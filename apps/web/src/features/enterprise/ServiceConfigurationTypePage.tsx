import { isServiceType, ROUTES, SERVICE_LABELS } from '@wfsaas/contracts';
import { Empty, List } from 'antd';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { SERVICE_SETTINGS } from './service-config.ts';
import { useCanOpenSetting } from './ServiceConfigurationPage.tsx';

const PATHS = new Map(ROUTES.map((r) => [r.name as string, r.path]));

/** /serviceConfiguration/{typeValue}: one service's settings, what each changes, and where it is edited. */
export default function ServiceConfigurationTypePage() {
  const { typeValue = '' } = useParams();
  const canOpen = useCanOpenSetting();
  if (!isServiceType(typeValue)) return <Empty description="没有这项服务" style={{ marginTop: 80 }} />;
  return (
    <div className="service-configuration-type-page">
      <PageHeader title={`服务配置 · ${SERVICE_LABELS[typeValue]}`} description={<Link to="/serviceConfiguration">返回服务配置</Link>} />
      <Panel>
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
    </div>
  );
}

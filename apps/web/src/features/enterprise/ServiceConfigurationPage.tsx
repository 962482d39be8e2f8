import { Card, Col, Row, Tag } from 'antd';
import { Link } from 'react-router';
import { useCanOpen } from '../../app/routing/PermissionContext.ts';
import { SCREEN_NAMES } from '../../app/routing/screen-names.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { openableSettings, SERVICES } from './service-config.ts';

const BUILT = new Set<string>(SCREEN_NAMES);

/** Whether the member can open a setting's screen: granted, and the screen is built. */
export function useCanOpenSetting(): (route: string) => boolean {
  const canOpen = useCanOpen();
  return (route) => canOpen(route) && BUILT.has(route);
}

/** /serviceConfiguration (服务配置): one card per service with the settings it reads (docs/enterprise.md). */
export default function ServiceConfigurationPage() {
  const canOpen = useCanOpenSetting();
  return (
    <div className="service-configuration-page">
      <PageHeader title="服务配置" description="各项服务的设置汇总；每项设置在其所属的页面中修改，修改后立即生效。" />
      <Row gutter={[16, 16]}>
        {SERVICES.map((s) => {
          const open = openableSettings(s.settings, canOpen);
          return (
            <Col key={s.type} xs={24} md={12} xl={8}>
              <Card title={s.label} className={`service-card service-card-${s.type}`} extra={<Link to={`/serviceConfiguration/${s.type}`}>查看设置</Link>} style={{ height: '100%' }}>
                <div style={{ marginBottom: 8, color: 'rgba(0,0,0,0.45)' }}>{`共 ${s.settings.length} 项设置，您可修改 ${open.length} 项`}</div>
                {s.settings.map((x) => (
                  <Tag key={x.route} color={open.includes(x) ? 'blue' : 'default'} style={{ marginBottom: 4 }}>
                    {x.title}
                  </Tag>
                ))}
              </Card>
            </Col>
          );
        })}
      </Row>
    </div>
  );
}

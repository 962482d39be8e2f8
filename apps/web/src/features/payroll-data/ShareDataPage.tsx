import { ApiOutlined, AppstoreOutlined, CalendarOutlined, FileExcelOutlined, IdcardOutlined } from '@ant-design/icons';
import type { DataKindKey } from '@wfsaas/contracts';
import { Button, Card, Col, Flex, Row, Statistic, Steps, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { chinaMonth } from '../payroll/payroll-format.ts';
import { PAYROLL_PERMISSIONS, useCalendar } from '../payroll/payroll.api.ts';
import { kindDef, KIND_SCREENS, tablesWithDataIn } from './data-format.ts';
import { PAYROLL_DATA_PERMISSIONS as A, useBasePage, useDataTables, useTablesWithBatchIn } from './payroll-data.api.ts';
import { ReadGate } from './ReadGate.tsx';

const ICONS: Record<DataKindKey, ReactNode> = { import: <FileExcelOutlined />, iot: <ApiOutlined />, app: <AppstoreOutlined /> };
const TILE_DESCRIPTIONS: Record<DataKindKey, string> = {
  import: '按月上传的 Excel 数据，如考勤、绩效、补贴',
  iot: '考勤机、门禁等设备推送的数据',
  app: 'OA、绩效等业务系统推送的数据',
};

function Tile({ title, icon, description, path, allowed, children, className }: { title: string; icon: ReactNode; description: string; path: string; allowed: boolean; children: ReactNode; className?: string }) {
  const navigate = useNavigate();
  return (
    <Card
      className={`share-tile ${className ?? ''}`}
      hoverable={allowed}
      style={{ height: '100%' }}
      onClick={allowed ? () => navigate(path) : undefined}
      styles={{ body: { padding: 20, height: '100%', display: 'flex', flexDirection: 'column' } }}
    >
      <Flex gap={12} align="center">
        <span style={{ fontSize: 22, color: '#1677ff', lineHeight: 1 }}>{icon}</span>
        <span style={{ fontSize: 16, fontWeight: 600 }}>{title}</span>
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', margin: '8px 0 12px', fontSize: 13 }}>
        {description}
      </Typography.Text>
      <Flex gap={24} style={{ marginTop: 'auto' }}>
        {allowed ? children : <Typography.Text type="secondary">暂无查看权限</Typography.Text>}
      </Flex>
    </Card>
  );
}

function KindTile({ kind, month }: { kind: DataKindKey; month: string }) {
  const { map } = usePermissions();
  const def = kindDef(kind);
  const allowed = map[def.route] === true;
  const tables = useDataTables(kind, undefined, allowed);
  const list = tables.data ?? [];
  const { known, unsure } = tablesWithDataIn(list, month);
  const later = useTablesWithBatchIn(kind, allowed ? unsure : [], month);
  const screen = KIND_SCREENS[kind];
  return (
    <Tile title={screen.title} icon={ICONS[kind]} description={TILE_DESCRIPTIONS[kind]} path={screen.listPath} allowed={allowed} className={`share-tile-${kind}`}>
      <Statistic title="数据表" value={tables.data ? list.length : '—'} suffix={tables.data ? '个' : undefined} valueStyle={{ fontSize: 22 }} />
      <Statistic title="本月有数据" value={tables.data ? known + later : '—'} suffix={tables.data ? '个表' : undefined} valueStyle={{ fontSize: 22 }} />
    </Tile>
  );
}

/** This month's and this year's working days (mounted only for those who may read the calendar). */
function CalendarStats({ month }: { month: string }) {
  const year = Number(month.slice(0, 4));
  const calendar = useCalendar(year);
  const days = calendar.data?.workingDays;
  return (
    <>
      <Statistic title="本月工作日" value={days?.[Number(month.slice(5, 7)) - 1] ?? '—'} suffix={days ? '天' : undefined} valueStyle={{ fontSize: 22 }} />
      <Statistic title={`${year}年工作日`} value={days ? days.reduce((a, b) => a + b, 0) : '—'} suffix={days ? '天' : undefined} valueStyle={{ fontSize: 22 }} />
    </>
  );
}

/** /fzsxapp/shareData (共享数据): the kinds of shared data with their counts, and how data reaches a salary run. */
export default function ShareDataPage() {
  return (
    <ReadGate permission={'fzsxappShareData'}>
      <ShareDataPageScreen />
    </ReadGate>
  );
}

function ShareDataPageScreen() {
  const { map } = usePermissions();
  const navigate = useNavigate();
  const month = chinaMonth();
  const baseAllowed = map[A.baseRead] === true;
  const calendarAllowed = map[PAYROLL_PERMISSIONS.calendarRead] === true;
  const base = useBasePage({ pageNum: 1, pageSize: 1, month }, baseAllowed);
  const groupsAllowed = map[A.groupRead] === true;

  return (
    <Flex vertical gap={16} className="share-data-page">
      <PageHeader
        title="共享数据"
        description={`算薪所需的各类数据集中在这里维护，按月形成批次，供各薪资组取用。当前月份 ${month}。`}
        extra={
          groupsAllowed && (
            <Button type="primary" onClick={() => navigate('/fzsxapp/dataGroupMaintenance')} className="share-groups">
              数据组维护
            </Button>
          )
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12} lg={8} xl={{ flex: '20%' }}>
          <Tile title="基础数据" icon={<IdcardOutlined />} description="员工档案中的月薪、银行账户和个税扣除信息" path="/fzsxapp/baseData" allowed={baseAllowed} className="share-tile-base">
            <Statistic title="本月在职" value={base.data ? base.data.pageMessage.total : '—'} suffix={base.data ? '人' : undefined} valueStyle={{ fontSize: 22 }} />
          </Tile>
        </Col>
        {(['import', 'iot', 'app'] as const).map((k) => (
          <Col key={k} xs={24} md={12} lg={8} xl={{ flex: '20%' }}>
            <KindTile kind={k} month={month} />
          </Col>
        ))}
        <Col xs={24} md={12} lg={8} xl={{ flex: '20%' }}>
          <Tile title="日历数据" icon={<CalendarOutlined />} description="法定节假日与调休，决定每月应出勤天数" path="/fzsxapp/calendarList" allowed={calendarAllowed} className="share-tile-calendar">
            {calendarAllowed && <CalendarStats month={month} />}
          </Tile>
        </Col>
      </Row>
      <Panel title="数据如何进入算薪">
        <Steps
          className="share-flow"
          current={-1}
          items={[
            { title: '建数据表', description: '在导入表数据、物联网数据或应用数据中新增数据表，设置每列表头对应的工资项' },
            { title: '每月上传或推送', description: '上传 Excel 或由系统调用推送接口，每月形成一个批次；有错误的行保留并标明原因' },
            {
              title: '数据组维护',
              description: (
                <span>
                  为薪资组选择取数的数据表，列的工资项须是该组的导入项（<Link to="/fzsxapp/dataGroupMaintenance">去设置</Link>）
                </span>
              ),
            },
            { title: '从共享数据取数', description: '在薪资批次的「导入数据」步骤一键取入当月有效批次的数据' },
            { title: '查看数据详情', description: '每个数值标明来自哪个数据表的哪个批次，或手工录入、直接导入' },
          ]}
        />
      </Panel>
    </Flex>
  );
}

import { Button, Flex, Table, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { useCalendar } from './payroll.api.ts';

/** /calendarList and /fzsxapp/calendarList (日历数据): the working-day calendar of each year. */
export default function CalendarListPage() {
  const year = new Date().getFullYear();
  const years = [year + 1, year, year - 1];
  const calendars = [useCalendar(years[0]!), useCalendar(years[1]!), useCalendar(years[2]!)];
  const navigate = useNavigate();
  const rows = years.map((y, i) => {
    const c = calendars[i]!.data;
    return {
      year: y,
      source: c?.source ?? null,
      holidays: c ? c.days.filter((d) => d.kind === 1).length : null,
      workdays: c ? c.days.filter((d) => d.kind === 2).length : null,
      own: c ? c.days.filter((d) => d.origin === 'company').length : null,
      working: c?.workingDays ?? null,
    };
  });
  return (
    <Flex vertical gap={16} className="calendar-list-page">
      <PageHeader title="日历数据" description="法定节假日与调休上班日，用于计算每月应出勤天数；可按公司实际安排调整。" />
      <Panel>
        <Table
          rowKey="year"
          size="middle"
          loading={calendars.some((c) => c.isFetching)}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 1132 }}
          columns={[
            { title: '年度', dataIndex: 'year', width: 80, fixed: 'left', render: (y: number) => <Link to={`/fzsxapp/calendarDetail/${y}`}>{y}年</Link> },
            {
              title: '节假日来源',
              dataIndex: 'source',
              width: 180,
              ellipsis: { showTitle: true },
              render: (v: string | null) => v ?? <Typography.Text type="secondary">未内置该年度安排，按周末规则，可手动设置</Typography.Text>,
            },
            { title: '休息日', dataIndex: 'holidays', width: 70, align: 'right', render: (v: number | null) => v ?? '—' },
            { title: '调休上班', dataIndex: 'workdays', width: 80, align: 'right', render: (v: number | null) => v ?? '—' },
            { title: '公司调整', dataIndex: 'own', width: 80, align: 'right', render: (v: number | null) => v ?? '—' },
            ...Array.from({ length: 12 }, (_, m) => ({
              title: `${m + 1}月`,
              key: `m${m}`,
              width: 46,
              align: 'right' as const,
              render: (_: unknown, r: (typeof rows)[number]) => r.working?.[m] ?? '—',
            })),
            {
              title: '操作',
              key: 'a',
              width: 90,
              fixed: 'right',
              render: (_: unknown, r) => (
                <Button type="link" size="small" onClick={() => navigate(`/fzsxapp/calendarDetail/${r.year}`)}>
                  查看编辑
                </Button>
              ),
            },
          ]}
        />
        <Typography.Text type="secondary">1–12月列为当月工作日天数。</Typography.Text>
      </Panel>
    </Flex>
  );
}

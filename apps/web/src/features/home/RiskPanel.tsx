import { RISKS, type RiskKey, type RiskPerson } from '@wfsaas/contracts';
import { Flex, Segmented, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Panel } from '../../app/ui/Panel.tsx';
import { serverPagination, type PageQuery } from '../../app/ui/table.ts';
import { useEmploymentRisk } from './board.api.ts';
import { firstRisk, type RiskChoice } from './board.ts';

const FIRST_PAGE: PageQuery = { pageNum: 1, pageSize: 5 };

/** 风险预警: the people behind one risk count, paged, and the way to the whole list. */
export default function RiskPanel({ choices }: { choices: RiskChoice[] }) {
  const [chosen, setChosen] = useState<RiskKey | null>(null);
  const [page, setPage] = useState<PageQuery>(FIRST_PAGE);
  const riskKey = chosen && choices.some((c) => c.key === chosen) ? chosen : firstRisk(choices);
  const risk = useEmploymentRisk(riskKey, page);
  const current = choices.find((c) => c.key === riskKey);
  const meta = RISKS.find((r) => r.key === riskKey);
  const overdueRisk = riskKey === 'probationOverdue' || riskKey === 'unsignedOverdue' || riskKey === 'contractExpired';
  return (
    <Panel
      title="风险预警"
      className="home-risk"
      extra={
        current && (
          <Link to={current.href} className="risk-all">
            查看全部
          </Link>
        )
      }
    >
      <Flex vertical gap={12}>
        <Segmented<RiskKey>
          className="risk-choice"
          value={riskKey ?? undefined}
          onChange={(k) => {
            setChosen(k);
            setPage(FIRST_PAGE);
          }}
          options={choices.map((c) => ({ value: c.key, label: `${c.label} ${c.value}` }))}
          style={{ flexWrap: 'wrap' }}
        />
        <Table<RiskPerson>
          size="small"
          rowKey="employeeId"
          className="risk-table"
          loading={risk.isFetching}
          dataSource={risk.data?.data ?? []}
          pagination={{ ...serverPagination(page, risk.data?.pageMessage, setPage), showSizeChanger: false, size: 'small' }}
          locale={{ emptyText: '暂无需要处理的人员' }}
          columns={[
            { title: '姓名', dataIndex: 'name', width: 110 },
            { title: '工号', dataIndex: 'employeeNo', width: 130, ellipsis: true, render: (v: string | null) => v ?? '—' },
            { title: '部门', dataIndex: 'departmentName', ellipsis: true, render: (v: string | null) => v ?? '—' },
            { title: meta?.dateLabel ?? '日期', dataIndex: 'date', width: 130, render: (v: string | null) => v ?? '—' },
            {
              title: overdueRisk ? '逾期天数' : '剩余天数',
              key: 'days',
              width: 110,
              align: 'right',
              render: (_, r) => (overdueRisk ? <Tag color="error">逾期 {r.daysOverdue} 天</Tag> : <Tag color={r.daysOverdue > 0 ? 'error' : 'warning'}>{r.daysOverdue > 0 ? `逾期 ${r.daysOverdue} 天` : `剩余 ${r.daysLeft} 天`}</Tag>),
            },
          ]}
        />
      </Flex>
    </Panel>
  );
}

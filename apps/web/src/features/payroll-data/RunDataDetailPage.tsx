import { ITEM_TYPE, type RunInputRowView } from '@wfsaas/contracts';
import { Button, Empty, Flex, Input, Result, Spin, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { serverPagination } from '../../app/ui/table.ts';
import { formatItemValue, runStatusTone } from '../payroll/payroll-format.ts';
import { useGroup, useRun } from '../payroll/payroll.api.ts';
import { runStepPath } from '../payroll/run-steps.ts';
import { batchDetailPath, countSources, sourceBadge } from './data-format.ts';
import { PAYROLL_DATA_PERMISSIONS as A, useRunDataSources, useRunInputs, type RunInputsQuery } from './payroll-data.api.ts';
import { ReadGate } from './ReadGate.tsx';

/** /fzsxapp/dataDetail/:id (数据详情; :id is the run): each member's input values and where each came from. */
export default function RunDataDetailPage() {
  return (
    <ReadGate permission={A.runInputsRead}>
      <RunDataDetailPageScreen />
    </ReadGate>
  );
}

function RunDataDetailPageScreen() {
  const { id } = useParams();
  const runId = Number(id);
  const valid = Number.isInteger(runId) && runId > 0;
  const navigate = useNavigate();
  const { map } = usePermissions();
  const run = useRun(valid ? runId : 0);
  const group = useGroup(run.data?.groupId ?? null);
  const sources = useRunDataSources(runId, valid && run.data !== undefined);
  const [query, setQuery] = useState<RunInputsQuery>({ runId, pageNum: 1, pageSize: 20 });
  const [keyword, setKeyword] = useState('');
  const inputs = useRunInputs(query);
  const kindOf = useMemo(() => new Map((sources.data?.tables ?? []).map((t) => [t.tableId, t.kind])), [sources.data]);
  const categoryOf = useMemo(() => new Map((group.data?.items ?? []).filter((i) => i.type === ITEM_TYPE.input).map((i) => [i.name, i.category])), [group.data]);
  const items = inputs.data?.items ?? [];
  const list = inputs.data?.list ?? [];
  const counts = countSources(list);

  if (valid && run.isLoading) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  const r = run.data;
  if (!valid || !r)
    return (
      <Result
        status="404"
        title="薪资批次不存在"
        subTitle="该批次可能已被删除，或不属于当前公司。"
        extra={
          <Button type="primary" onClick={() => navigate('/fzsxapp/salaryByBatch')}>
            返回薪资批次
          </Button>
        }
      />
    );

  const columns: TableColumnsType<RunInputRowView> = [
    { title: '工号', dataIndex: 'employeeNo', width: 100, fixed: 'left', render: (v: string | null) => v ?? EMPTY_TEXT },
    { title: '姓名', dataIndex: 'name', width: 100, fixed: 'left' },
    { title: '部门', dataIndex: 'departmentName', width: 120, ellipsis: true, render: (v: string | null) => v ?? EMPTY_TEXT },
    ...items.map((item) => ({
      title: item,
      key: `i:${item}`,
      width: Math.max(130, item.length * 14 + 40),
      align: 'right' as const,
      render: (_: unknown, row: RunInputRowView) => {
        const value = row.values[item];
        const badge = sourceBadge(value, row.sources[item]);
        if (!badge) return <Typography.Text type="secondary">{EMPTY_TEXT}</Typography.Text>;
        const kind = badge.batch ? kindOf.get(badge.batch.tableId) : undefined;
        const tag = (
          <Tag color={badge.color} className="input-source" data-source={badge.label} style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '16px', paddingInline: 4, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {badge.label}
          </Tag>
        );
        return (
          <Flex vertical align="flex-end" gap={2}>
            <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatItemValue(value, categoryOf.get(item) ?? 'info')}</span>
            <Tooltip title={badge.tip}>{badge.batch && kind !== undefined ? <Link to={batchDetailPath(kind, badge.batch.batchId)}>{tag}</Link> : tag}</Tooltip>
          </Flex>
        );
      },
    })),
  ];

  return (
    <Flex vertical gap={16} className="run-data-detail-page">
      <PageHeader
        title={`数据详情 · ${r.groupName} ${r.month}`}
        description={
          <Flex gap={12} align="center" wrap>
            <StatusTag tone={runStatusTone(r.status)}>{r.statusLabel}</StatusTag>
            <span>本批次每名员工导入项的数值及来源</span>
          </Flex>
        }
        extra={
          <>
            {map[A.groupRead] === true && <Button onClick={() => navigate('/fzsxapp/dataGroupMaintenance')}>数据组维护</Button>}
            <Button type="primary" onClick={() => navigate(runStepPath('import', r.id))}>
              返回导入数据
            </Button>
          </>
        }
      />
      <Panel>
        <Flex justify="space-between" align="center" gap={16} wrap style={{ marginBottom: 16 }}>
          <Flex gap={16} align="center" wrap className="source-legend">
            <Typography.Text type="secondary">数值来源（本页）：</Typography.Text>
            <span>
              <Tag color="blue">共享数据</Tag>
              {counts.table}
            </span>
            <span>
              <Tag color="orange">手工录入</Tag>
              {counts.manual}
            </span>
            <span>
              <Tag>直接导入</Tag>
              {counts.direct}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              共享数据的数值标注数据表名称，点击查看其批次
            </Typography.Text>
          </Flex>
          <Input.Search
            allowClear
            placeholder="姓名/工号"
            style={{ width: 240 }}
            value={keyword}
            className="input-search"
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => setQuery((q) => ({ ...q, pageNum: 1, keyword: v.trim() || undefined }))}
          />
        </Flex>
        <Table<RunInputRowView>
          rowKey="employeeId"
          size="middle"
          className="run-inputs"
          scroll={{ x: 320 + items.reduce((s, i) => s + Math.max(130, i.length * 14 + 40), 0) }}
          loading={inputs.isFetching}
          dataSource={list}
          columns={columns}
          pagination={serverPagination(query, inputs.data?.pageMessage, (n) => setQuery((q) => ({ ...q, ...n })))}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={query.keyword ? '没有符合条件的员工' : items.length === 0 ? '本薪资组没有导入项' : '本批次暂无人员'}>
                {!query.keyword && <Link to={runStepPath('import', r.id)}>去导入数据</Link>}
              </Empty>
            ),
          }}
        />
      </Panel>
    </Flex>
  );
}

import { CloudDownloadOutlined } from '@ant-design/icons';
import { RUN_STATUS, type RunDataSource, type RunPullResult, type RunView } from '@wfsaas/contracts';
import { Alert, App, Button, Empty, Flex, Spin, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { EMPTY_TEXT, formatDateTime } from '../../app/ui/format.ts';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { PAYROLL_PERMISSIONS } from '../payroll/payroll.api.ts';
import { batchDetailPath, pullSummary } from './data-format.ts';
import { KindTag } from './KindTag.tsx';
import { dataCalls, PAYROLL_DATA_PERMISSIONS as A, useInvalidatePayrollData, useRunDataSources } from './payroll-data.api.ts';

/**
 * 从共享数据取数 in a run's import step: the data tables linked to the run's group, whether each has a
 * valid batch this month, the pull with its summary, and the way to 数据详情.
 */
export function RunDataPullPanel({ run }: { run: RunView }) {
  const { modal } = App.useApp();
  const { map } = usePermissions();
  const canEdit = map[PAYROLL_PERMISSIONS.runEdit] === true;
  const canDetail = map[A.runInputsRead] === true;
  const canGroups = map[A.groupRead] === true;
  const sources = useRunDataSources(run.id);
  const invalidate = useInvalidatePayrollData();
  const [result, setResult] = useState<RunPullResult | null>(null);
  const pullData = useAction(dataCalls.pullData, { success: (r) => `取数完成，${r.employees} 名员工`, invalidate: () => invalidate(true), onSuccess: setResult });
  const frozen = run.status >= RUN_STATUS.locked || run.status === RUN_STATUS.calculating;
  const tables = sources.data?.tables ?? [];
  const ready = tables.filter((t) => t.batch !== null).length;

  const pull = () => pullData.run(run.id);
  const confirmPull = () =>
    run.importedCount > 0
      ? modal.confirm({
          title: '从共享数据取数?',
          content: '关联数据表本月有效批次中的数据将写入本批次，覆盖同一员工同一导入项已有的数值；其他数值保持不变。',
          okText: '确定',
          cancelText: '取消',
          onOk: pull,
        })
      : void pull();

  const columns: TableColumnsType<RunDataSource> = [
    {
      title: '数据表',
      dataIndex: 'tableName',
      width: 220,
      render: (v: string, r) => (
        <Flex gap={8} align="center">
          <span>{v}</span>
          <KindTag kind={r.kind} />
        </Flex>
      ),
    },
    {
      title: `${run.month} 数据`,
      key: 'batch',
      render: (_: unknown, r) =>
        r.batch ? (
          <Link to={batchDetailPath(r.kind, r.batch.id)}>{r.batch.origin || `批次 #${r.batch.id}`}</Link>
        ) : (
          <Tag color="warning" className="source-missing">
            本月暂无有效数据
          </Tag>
        ),
    },
    { title: '行数', key: 'rows', width: 80, align: 'right', render: (_: unknown, r) => r.batch?.rowCount ?? EMPTY_TEXT },
    { title: '匹配', key: 'matched', width: 80, align: 'right', render: (_: unknown, r) => r.batch?.matchedCount ?? EMPTY_TEXT },
    {
      title: '错误',
      key: 'errors',
      width: 80,
      align: 'right',
      render: (_: unknown, r) => (r.batch ? <span style={{ color: r.batch.errorCount > 0 ? '#cf1322' : undefined }}>{r.batch.errorCount}</span> : EMPTY_TEXT),
    },
    { title: '上传/推送时间', key: 'at', width: 150, render: (_: unknown, r) => formatDateTime(r.batch?.createdAt) },
  ];

  return (
    <Panel
      title="从共享数据取数"
      className="run-data-pull"
      extra={
        <Flex gap={16} align="center">
          {canGroups && <Link to="/fzsxapp/dataGroupMaintenance">数据组维护</Link>}
          {canDetail && (
            <Link to={`/fzsxapp/dataDetail/${run.id}`} className="run-data-detail">
              数据详情
            </Link>
          )}
        </Flex>
      }
    >
      {sources.isLoading ? (
        <Spin style={{ display: 'block', margin: '16px auto' }} />
      ) : tables.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本薪资组没有关联数据表，在数据组维护中关联后可从共享数据取数">
          {canGroups && (
            <Link to="/fzsxapp/dataGroupMaintenance">
              <Button type="primary">去数据组维护</Button>
            </Link>
          )}
        </Empty>
      ) : (
        <Flex vertical gap={16}>
          <Table<RunDataSource> rowKey="tableId" size="small" className="run-data-sources" pagination={false} dataSource={tables} columns={columns} />
          <Flex gap={16} align="center" wrap>
            <Button
              type="primary"
              icon={<CloudDownloadOutlined />}
              className="run-pull"
              loading={pullData.pending}
              disabled={!canEdit || frozen || ready === 0}
              onClick={confirmPull}
            >
              从共享数据取数
            </Button>
            <Typography.Text type="secondary">
              {!canEdit
                ? '您没有编辑薪资批次的权限'
                : frozen
                  ? run.status === RUN_STATUS.calculating
                    ? '正在计算，完成后才能取数'
                    : '批次已锁定，解锁后才能取数'
                  : ready === 0
                    ? `关联的数据表都没有 ${run.month} 的有效数据，请先上传或推送本月数据`
                    : `取入 ${ready} 个数据表中本批次人员的数据（有错误的行不取）`}
            </Typography.Text>
          </Flex>
          {result && (
            <Alert
              type="success"
              showIcon
              className="run-pull-result"
              message={pullSummary(result)}
              description={
                <Flex vertical gap={2}>
                  {result.tables.map((t) => (
                    <span key={t.tableId}>
                      {t.tableName}：{t.batchId === null ? '本月暂无有效数据' : `取数 ${t.applied} 人${t.notMembers ? `，非本批次人员 ${t.notMembers} 行` : ''}${t.errors ? `，错误 ${t.errors} 行未取` : ''}`}
                    </span>
                  ))}
                  {canDetail && (
                    <Link to={`/fzsxapp/dataDetail/${run.id}`} className="run-pull-detail">
                      查看数据详情 →
                    </Link>
                  )}
                </Flex>
              }
            />
          )}
        </Flex>
      )}
    </Panel>
  );
}

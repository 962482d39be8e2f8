import { InboxOutlined } from '@ant-design/icons';
import { ITEM_TYPE, PAYROLL_IMPORT_MAX_BYTES, RUN_STATUS, type RunImportResult, type RunView } from '@wfsaas/contracts';
import { Alert, Button, Empty, Flex, Statistic, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { toastError } from '../../app/ui/feedback.ts';
import { Panel } from '../../app/ui/Panel.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { RunDataPullPanel } from '../payroll-data/RunDataPullPanel.tsx';
import { PAYROLL_PERMISSIONS as P, payrollCalls, useGroup, useInvalidatePayroll } from './payroll.api.ts';
import { RunFrame } from './RunFrame.tsx';
import { runStepPath } from './run-steps.ts';

/**
 * /fzsxapp/salaryPerDataImport/:id (导入数据): the month's attendance and other input items, pulled from
 * the shared data tables linked to the group or imported from an xlsx.
 */
export default function RunImportPage() {
  return <RunFrame step="import">{(run) => <ImportStep run={run} />}</RunFrame>;
}

function ImportStep({ run }: { run: RunView }) {
  const navigate = useNavigate();
  const { map } = usePermissions();
  const canEdit = map[P.runEdit] === true;
  const group = useGroup(run.groupId);
  const invalidate = useInvalidatePayroll();
  const [result, setResult] = useState<RunImportResult | null>(null);
  const importFile = useAction((file: File) => payrollCalls.importRun(run.id, file), { success: (r) => `导入成功，匹配 ${r.matched} 人`, invalidate, onSuccess: setResult });
  const busy = importFile.pending;
  const inputs = (group.data?.items ?? []).filter((i) => i.type === ITEM_TYPE.input).map((i) => i.name);
  const frozen = run.status >= RUN_STATUS.locked || run.status === RUN_STATUS.calculating;

  const upload = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) return toastError('请上传 .xlsx 格式的文件');
    if (file.size > PAYROLL_IMPORT_MAX_BYTES) return toastError('文件不能超过20MB');
    await importFile.run(file);
  };

  return (
    <Flex vertical gap={16}>
      <RunDataPullPanel run={run} />
      <Panel title="上传数据文件">
        <Flex vertical gap={16}>
          <Alert
            type="info"
            showIcon
            message={
              <span>
                表格第一行为表头，按「工号」或「证件号码」匹配员工；以下导入项按表头名称读取：
                {inputs.length === 0 ? <Typography.Text type="secondary">（本薪资组没有导入项）</Typography.Text> : inputs.map((n) => <Tag key={n} style={{ marginInlineStart: 4 }}>{n}</Tag>)}
              </span>
            }
          />
          {run.importedCount > 0 && !result && <Typography.Text type="secondary">本批次已导入 {run.importedCount} 人的数据，重新上传会覆盖同一员工同一项目的数值。</Typography.Text>}
          {frozen ? (
            <Alert type="warning" showIcon message={run.status === RUN_STATUS.calculating ? '正在计算，完成后才能导入' : '批次已锁定，解锁后才能重新导入'} />
          ) : (
            <Upload.Dragger
              className="run-upload"
              accept=".xlsx"
              showUploadList={false}
              disabled={!canEdit || busy}
              beforeUpload={(f) => {
                void upload(f);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{busy ? '正在导入…' : '点击或拖拽 xlsx 文件到此处上传'}</p>
              <p className="ant-upload-hint">{canEdit ? '单个文件不超过20MB、20000行' : '您没有编辑薪资批次的权限'}</p>
            </Upload.Dragger>
          )}
        </Flex>
      </Panel>
      {result && (
        <Panel title="导入结果" className="run-import-result">
          <Flex gap={48} style={{ marginBottom: 16 }}>
            <Statistic title="数据行数" value={result.rowCount} />
            <Statistic title="已匹配" value={result.matched} valueStyle={{ color: '#389e0d' }} />
            <Statistic title="未匹配" value={result.unmatched.length} valueStyle={{ color: result.unmatched.length ? '#cf1322' : undefined }} />
          </Flex>
          <Flex vertical gap={8} style={{ marginBottom: 16 }}>
            <div>
              <Typography.Text type="secondary">已读取的列：</Typography.Text>
              {result.columns.length ? result.columns.map((c) => <Tag key={c} color="blue">{c}</Tag>) : '—'}
            </div>
            {result.ignoredColumns.length > 0 && (
              <div>
                <Typography.Text type="secondary">未识别的列（已忽略）：</Typography.Text>
                {result.ignoredColumns.map((c) => (
                  <Tag key={c}>{c}</Tag>
                ))}
              </div>
            )}
          </Flex>
          <Table
            rowKey="rowNo"
            size="small"
            className="run-unmatched"
            pagination={{ pageSize: 10, showTotal: (t) => `共 ${t} 条` }}
            dataSource={result.unmatched}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所有数据行都已匹配到员工" /> }}
            columns={[
              { title: '行号', dataIndex: 'rowNo', width: 80 },
              { title: '姓名', dataIndex: 'name', width: 140 },
              { title: '工号/证件号码', dataIndex: 'identity', width: 220 },
              { title: '未匹配原因', dataIndex: 'reason' },
            ]}
          />
        </Panel>
      )}
      <Flex justify="flex-end">
        <Button type="primary" className="run-next" onClick={() => navigate(runStepPath('check', run.id))}>
          下一步：数据校验
        </Button>
      </Flex>
    </Flex>
  );
}

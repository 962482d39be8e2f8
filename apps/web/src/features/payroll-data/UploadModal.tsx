import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { PAYROLL_IMPORT_MAX_BYTES, matchKeyLabel, type DataTableView, type DataUploadResult } from '@wfsaas/contracts';
import { Alert, Button, Checkbox, DatePicker, Flex, Form, Modal, Statistic, Steps, Tag, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toastError } from '../../app/ui/feedback.ts';
import { useAction } from '../../app/ui/use-action.ts';
import { chinaMonth } from '../payroll/payroll-format.ts';
import { batchDetailPath } from './data-format.ts';
import { dataCalls, useInvalidatePayrollData, useValidBatchOfMonth } from './payroll-data.api.ts';

/**
 * 上传数据 of an import table in three steps: 下载模板 → 上传文件 (month, replace this month,
 * the xlsx) → 导入结果 (rows, matched, errors, ignored columns, a link to the batch).
 */
export function UploadModal({ table, open, onClose }: { table: DataTableView | null; open: boolean; onClose: () => void }) {
  const [month, setMonth] = useState(chinaMonth());
  const [replace, setReplace] = useState(false);
  const [result, setResult] = useState<DataUploadResult | null>(null);
  const invalidate = useInvalidatePayrollData();
  const send = useAction((tableId: number, file: File) => dataCalls.upload(tableId, month, replace, file), {
    success: (r) => (r.errorCount > 0 ? `上传完成，${r.errorCount} 行有错误` : '上传成功'),
    invalidate: () => invalidate(),
    onSuccess: setResult,
  });
  const template = useAction(dataCalls.downloadTemplate);
  const errorRows = useAction(dataCalls.downloadErrors);
  const busy = send.pending;
  const downloading = template.pending || errorRows.pending;
  const existing = useValidBatchOfMonth('import', open && table ? table.id : null, month);

  // keyed by id: the table refetched after an upload must not clear the result just shown
  useEffect(() => {
    if (!open) return;
    setMonth(chinaMonth());
    setReplace(false);
    setResult(null);
  }, [open, table?.id]);

  if (!table) return null;

  const upload = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) return toastError('请上传 .xlsx 格式的文件');
    if (file.size > PAYROLL_IMPORT_MAX_BYTES) return toastError('文件不能超过20MB');
    await send.run(table.id, file);
  };

  const valid = existing.data;
  return (
    <Modal
      open={open}
      title={`上传数据 · ${table.name}`}
      width={680}
      onCancel={onClose}
      destroyOnHidden
      className="data-upload-modal"
      footer={
        result ? (
          <Flex justify="flex-end" gap={8}>
            {result.errorCount > 0 && (
              <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void errorRows.run('import', { id: result.batchId, tableName: table.name, month })}>
                下载错误数据
              </Button>
            )}
            <Button onClick={() => setResult(null)}>继续上传</Button>
            <Link to={batchDetailPath(1, result.batchId)} className="upload-open-batch">
              <Button type="primary">查看批次</Button>
            </Link>
          </Flex>
        ) : (
          <Button onClick={onClose}>关闭</Button>
        )
      }
    >
      <Steps size="small" current={result ? 2 : 1} style={{ margin: '8px 0 24px' }} items={[{ title: '下载模板' }, { title: '上传文件' }, { title: '导入结果' }]} />
      {result ? (
        <Flex vertical gap={16} className="upload-result">
          <Flex gap={48}>
            <Statistic title="数据行数" value={result.rowCount} />
            <Statistic title="已匹配员工" value={result.matchedCount} valueStyle={{ color: '#389e0d' }} />
            <Statistic title="有错误" value={result.errorCount} valueStyle={{ color: result.errorCount ? '#cf1322' : undefined }} />
          </Flex>
          {result.errorCount > 0 ? (
            <Alert type="warning" showIcon message={`${result.errorCount} 行有错误，这些行不会被取数`} description="在批次中查看每行的错误原因，或下载错误数据修改后重新上传（勾选替换本月数据）。" />
          ) : (
            <Alert type="success" showIcon message={`${month} 的数据已全部匹配到员工`} />
          )}
          {result.ignoredColumns.length > 0 && (
            <div>
              <Typography.Text type="secondary">不是本数据表的列（已忽略）：</Typography.Text>
              {result.ignoredColumns.map((c) => (
                <Tag key={c}>{c}</Tag>
              ))}
            </div>
          )}
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          <Alert
            type="info"
            showIcon
            message={
              <span>
                请使用数据表的模板：第一列「{matchKeyLabel(table.matchKey)}」用于匹配员工，第二列「姓名」用于核对，其后为数据列（{table.columns.map((c) => c.column).join('、')}）。
              </span>
            }
            action={
              <Button size="small" icon={<DownloadOutlined />} loading={downloading} onClick={() => void template.run('import', table)} className="upload-template">
                下载模板
              </Button>
            }
          />
          <Form layout="inline">
            <Form.Item label="数据月份" required>
              <DatePicker picker="month" format="YYYY-MM" allowClear={false} value={dayjs(`${month}-01`)} onChange={(d) => d && setMonth(d.format('YYYY-MM'))} className="upload-month" />
            </Form.Item>
            <Form.Item>
              <Checkbox checked={replace} onChange={(e) => setReplace(e.target.checked)} className="upload-replace">
                替换本月数据
              </Checkbox>
            </Form.Item>
          </Form>
          {valid && (
            <Alert
              type={replace ? 'info' : 'warning'}
              showIcon
              className="upload-existing"
              message={
                replace
                  ? `上传后将作废 ${month} 的原批次（${valid.origin || `批次 #${valid.id}`}，${valid.rowCount} 行）`
                  : `${month} 已有有效数据（${valid.origin || `批次 #${valid.id}`}，${valid.rowCount} 行），如需重新上传请勾选「替换本月数据」`
              }
            />
          )}
          <Upload.Dragger
            className="data-upload"
            accept=".xlsx"
            showUploadList={false}
            disabled={busy}
            beforeUpload={(f) => {
              void upload(f);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{busy ? '正在上传并校验…' : `点击或拖拽 xlsx 文件到此处，上传 ${month} 的数据`}</p>
            <p className="ant-upload-hint">单个文件不超过20MB；有错误的行也会保存并标明原因</p>
          </Upload.Dragger>
        </Flex>
      )}
    </Modal>
  );
}

import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Space, Statistic, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useAction } from '../../app/ui/use-action.ts';
import { downloadErrorData, importCalls, type ImportBatch, type ImportRow } from './employee-import.api.ts';
import { RowEditModal } from './RowEditModal.tsx';

/** 数据校验: the server checks every row; failed rows are listed to fix one by one, then the valid ones are imported. */
export function CheckStep({ batch, onChange, onBack, onImported }: { batch: ImportBatch; onChange: (b: ImportBatch) => void; onBack: () => void; onImported: (b: ImportBatch) => void }) {
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [checked, setChecked] = useState(false);
  const [editing, setEditing] = useState<ImportRow | null>(null);

  const check = useAction(() => importCalls.check(batch.id), {
    onSuccess: (r) => {
      onChange(r.batch);
      setRows(r.rows);
      setTotal(r.pageMessage.total);
      setPage(1);
      setChecked(true);
    },
  });
  const loadPage = useAction((p: number) => importCalls.rows(batch.id, p, 10), {
    onSuccess: (r, p) => {
      setRows(r.data ?? []);
      setTotal(r.pageMessage.total);
      setPage(p);
    },
  });
  const confirm = useAction(() => importCalls.confirm(batch.id), { onSuccess: onImported });
  const downloadErrors = useAction(downloadErrorData);
  const busy = check.pending || loadPage.pending || confirm.pending;
  useEffect(() => {
    void check.run();
    // the check runs once on entering the step
  }, []);

  const mapped = batch.columns.filter((c) => c.fieldKey);
  return (
    <Flex vertical gap={16}>
      <Flex gap={48} style={{ padding: '0 8px' }}>
        <Statistic title="数据总行数" value={batch.total} />
        <Statistic title="校验通过" value={checked ? batch.validCount : '-'} valueStyle={{ color: '#389e0d' }} />
        <Statistic title="校验未通过" value={checked ? batch.invalidCount : '-'} valueStyle={{ color: '#cf1322' }} />
        {batch.importedCount > 0 && <Statistic title="已导入" value={batch.importedCount} />}
      </Flex>
      {checked && batch.invalidCount > 0 && <Alert type="warning" showIcon message="以下数据未通过校验：可点击「修改」逐行修正后重新校验，或下载错误数据修改后重新上传；确认导入只导入校验通过的数据。" />}
      {checked && batch.invalidCount === 0 && <Alert type="success" showIcon message="全部数据校验通过，可以确认导入" />}
      {checked && total > 0 && (
        <Table
          rowKey="rowNo"
          size="middle"
          loading={busy}
          dataSource={rows}
          pagination={{ current: page, pageSize: 10, total, showTotal: (n) => `共 ${n} 条`, onChange: (p) => void loadPage.run(p) }}
          columns={[
            { title: '行号', dataIndex: 'rowNo', width: 80 },
            ...mapped.slice(0, 4).map((c) => ({ title: c.fieldLabel, key: String(c.columnIndex), width: 140, render: (_: unknown, r: ImportRow) => r.cells[c.columnIndex] })),
            { title: '错误原因', dataIndex: 'reason', render: (v: string) => <span style={{ color: '#cf1322' }}>{v}</span> },
            { title: '操作', width: 90, fixed: 'right' as const, render: (_: unknown, r: ImportRow) => <Button type="link" onClick={() => setEditing(r)}>修改</Button> },
          ]}
        />
      )}
      <Space>
        <Button onClick={onBack}>上一步</Button>
        <Button onClick={() => void check.run()} loading={busy}>
          重新校验
        </Button>
        {checked && batch.invalidCount > 0 && (
          <Button icon={<DownloadOutlined />} onClick={() => void downloadErrors.run(batch.id)}>
            下载错误数据
          </Button>
        )}
        <Button type="primary" disabled={!checked || batch.validCount === 0 || busy} onClick={() => void confirm.run()}>
          {checked ? `确认导入 ${batch.validCount} 条` : '确认导入'}
        </Button>
      </Space>
      <RowEditModal batch={batch} row={editing} onClose={() => setEditing(null)} onSaved={check.run} />
    </Flex>
  );
}

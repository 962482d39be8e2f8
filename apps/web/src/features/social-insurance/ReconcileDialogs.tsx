import type { ReconcileDifference, ReconcileView } from '@wfsaas/contracts';
import { Alert, Descriptions, Empty, Form, Modal, Select, Spin, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FilePick } from '../../app/ui/FilePick.tsx';
import { formatDateTime, formatMoney } from '../../app/ui/format.ts';
import type { EntityChoice } from './InsuredDrawers.tsx';
import { useReconcileResult } from './si.api.ts';

const money = (v: string | undefined) => <span className="money">{v === undefined ? '—' : formatMoney(v)}</span>;

const DIFF_COLUMNS: TableColumnsType<ReconcileDifference> = [
  { title: '姓名', dataIndex: 'name', width: 90 },
  { title: '险种', dataIndex: 'item', width: 110 },
  { title: '我方单位', key: 'oe', width: 110, align: 'right', render: (_: unknown, r) => money(r.ours?.employer) },
  { title: '我方个人', key: 'oi', width: 110, align: 'right', render: (_: unknown, r) => money(r.ours?.employee) },
  { title: '账单单位', key: 'be', width: 110, align: 'right', render: (_: unknown, r) => money(r.bill?.employer) },
  { title: '账单个人', key: 'bi', width: 110, align: 'right', render: (_: unknown, r) => money(r.bill?.employee) },
  { title: '说明', dataIndex: 'message', ellipsis: true },
];

/** A reconciliation: the bill's rows, how many matched, and every difference. */
export function ReconcileResult({ view }: { view: ReconcileView }) {
  return (
    <div className="reconcile-result">
      <Descriptions
        size="small"
        column={3}
        bordered
        items={[
          { key: 'at', label: '对账时间', children: formatDateTime(view.at) },
          { key: 'rows', label: '账单行数', children: view.billRows },
          { key: 'matched', label: '一致', children: view.matched },
        ]}
      />
      {view.differences.length === 0 ? (
        <Alert type="success" showIcon style={{ marginTop: 16 }} title="账单与缴费记录一致" />
      ) : (
        <>
          <Alert type="warning" showIcon style={{ margin: '16px 0 8px' }} title={`发现 ${view.differences.length} 处差异`} />
          <Table<ReconcileDifference>
            size="small"
            rowKey={(r) => `${r.employeeId ?? r.name}-${r.item}`}
            className="reconcile-table"
            scroll={{ x: 860, y: 360 }}
            pagination={false}
            columns={DIFF_COLUMNS}
            dataSource={view.differences}
          />
        </>
      )}
    </div>
  );
}

/** 导入账单对账: an entity's official monthly bill (xlsx) against the month's records. */
export function ReconcileModal({
  open,
  month,
  entities,
  entityId,
  onClose,
  onImport,
}: {
  open: boolean;
  month: string;
  entities: readonly EntityChoice[];
  entityId: number | null;
  onClose: () => void;
  onImport: (entityId: number, file: File) => Promise<ReconcileView | undefined>;
}) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ReconcileView | null>(null);
  const target = chosen ?? entityId;
  const close = () => {
    setChosen(null);
    setFile(null);
    setResult(null);
    onClose();
  };
  const submit = async () => {
    if (!file || target === null) return;
    setPending(true);
    try {
      const r = await onImport(target, file);
      if (r) setResult(r);
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal
      title={`导入账单对账 · ${month}`}
      open={open}
      width={920}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
      className="reconcile-modal"
      okText={result ? '完成' : '开始对账'}
      cancelText="取消"
      cancelButtonProps={result ? { style: { display: 'none' } } : undefined}
      okButtonProps={{ loading: pending, disabled: !result && (!file || target === null), className: 'reconcile-ok' }}
      onOk={() => (result ? close() : void submit())}
    >
      {result ? (
        <ReconcileResult view={result} />
      ) : (
        <Form layout="vertical">
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title="上传社保网站下载的该主体当月缴费账单（Excel，含证件号码、姓名、险种、单位缴费、个人缴费列），与本月缴费记录逐人逐险种核对。" />
          <Form.Item label="参保主体" required>
            <Select value={target ?? undefined} options={[...entities]} placeholder="请选择参保主体" onChange={(v: number) => setChosen(v)} className="reconcile-entity" />
          </Form.Item>
          <Form.Item label="账单文件" required>
            <FilePick value={file} onChange={setFile} accept=".xlsx">
              选择账单文件
            </FilePick>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** 对账结果: the last reconciliation of an entity's month. */
export function ReconcileResultModal({ target, onClose }: { target: { entityId: number; entityName: string; month: string } | null; onClose: () => void }) {
  const result = useReconcileResult(target ? { entityId: target.entityId, month: target.month } : null);
  return (
    <Modal title={`对账结果 · ${target?.entityName ?? ''} ${target?.month ?? ''}`} open={target !== null} width={920} onCancel={onClose} footer={null} destroyOnHidden className="reconcile-result-modal">
      <Spin spinning={result.isFetching}>{result.data ? <ReconcileResult view={result.data} /> : !result.isFetching && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该月尚未对账" />}</Spin>
    </Modal>
  );
}

import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Modal, Progress, Result, Select, Space, Statistic, Steps, Table, Tag, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { toastSuccess } from '../../app/ui/feedback.ts';
import { downloadErrorData, downloadImportTemplate, importCalls, uploadImportFile, type ImportBatch, type ImportRow } from './employee-import.api.ts';

/**
 * /staffRoll/importTemplate/:name — the roster import wizard (UI.md): 下载模板 → 上传文件 → 字段匹配 →
 * 数据校验 → 导入完成. The server keeps the batch; every step reads its state from there.
 */

const STEP_TITLES = ['下载模板', '上传文件', '字段匹配', '数据校验', '导入完成'];

export default function EmployeeImportPage() {
  const { name = 'employee' } = useParams();
  const [step, setStep] = useState(0);
  const [batch, setBatch] = useState<ImportBatch | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async <T,>(fn: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    try {
      return await fn();
    } catch {
      return undefined; // shown by the request client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page employee-import">
      <PageHeader title="导入本企业员工" extra={<Link to="/staffRoll">返回员工花名册</Link>} />
      <Card>
        <Steps current={step} items={STEP_TITLES.map((title) => ({ title }))} style={{ marginBottom: 24 }} />
        {step === 0 && <TemplateStep name={name} onNext={() => setStep(1)} />}
        {step === 1 && (
          <UploadStep
            busy={busy}
            onBack={() => setStep(0)}
            onFile={async (file) => {
              const b = await run(() => uploadImportFile(name, file));
              if (b) {
                setBatch(b);
                setStep(2);
              }
            }}
          />
        )}
        {step === 2 && batch && <MappingStep batch={batch} busy={busy} run={run} onChange={setBatch} onBack={() => setStep(1)} onNext={() => setStep(3)} />}
        {step === 3 && batch && <CheckStep batch={batch} busy={busy} run={run} onChange={setBatch} onBack={() => setStep(2)} onImported={(b) => { setBatch(b); setStep(4); }} />}
        {step === 4 && batch && <DoneStep batch={batch} onChange={setBatch} onAgain={() => { setBatch(null); setStep(1); }} onFixRest={() => setStep(3)} />}
      </Card>
    </div>
  );
}

function TemplateStep({ name, onNext }: { name: string; onNext: () => void }) {
  const [downloading, setDownloading] = useState(false);
  return (
    <Flex vertical gap={16} align="center" style={{ padding: '24px 0' }}>
      <Alert
        type="info"
        showIcon
        style={{ width: 720 }}
        message="请先下载导入模板，按模板填写员工信息"
        description="模板包含本企业的标准字段与自定义字段；表头带 * 的列必填，下拉列请从选项中选择。工号或证件号码与现有员工相同时将更新该员工，否则新增。单次最多导入 20000 行。"
      />
      <Space>
        <Button
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={async () => {
            setDownloading(true);
            try {
              await downloadImportTemplate(name);
            } catch {
              /* shown by the request client */
            } finally {
              setDownloading(false);
            }
          }}
        >
          下载模板
        </Button>
        <Button type="primary" onClick={onNext}>
          下一步
        </Button>
      </Space>
    </Flex>
  );
}

function UploadStep({ busy, onFile, onBack }: { busy: boolean; onFile: (f: File) => void; onBack: () => void }) {
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720, margin: '0 auto' }}>
      <Upload.Dragger
        accept=".xlsx"
        multiple={false}
        showUploadList={false}
        disabled={busy}
        beforeUpload={(file) => {
          onFile(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{busy ? '正在上传并读取文件…' : '点击或拖拽文件到此处上传'}</p>
        <p className="ant-upload-hint">仅支持 .xlsx 文件，读取第一个工作表，第一行为表头</p>
      </Upload.Dragger>
      <Space>
        <Button onClick={onBack}>上一步</Button>
      </Space>
    </Flex>
  );
}

type Run = <T>(fn: () => Promise<T>) => Promise<T | undefined>;

function MappingStep({ batch, busy, run, onChange, onBack, onNext }: { batch: ImportBatch; busy: boolean; run: Run; onChange: (b: ImportBatch) => void; onBack: () => void; onNext: () => void }) {
  const options = [{ value: '', label: '不导入' }, ...batch.fields.map((f) => ({ value: f.key, label: f.required ? `${f.label}（必填）` : f.label }))];
  return (
    <Flex vertical gap={16}>
      <Alert
        type={batch.missingRequired.length > 0 ? 'warning' : 'success'}
        showIcon
        message={`文件「${batch.fileName}」共 ${batch.total} 行数据，已按表头自动匹配 ${batch.columns.filter((c) => c.fieldKey).length} 列`}
        description={
          batch.missingRequired.length > 0
            ? `以下必填字段还没有匹配的列：${batch.missingRequired.join('、')}`
            : batch.unmappedColumns.length > 0
              ? `未匹配的列（不导入）：${batch.unmappedColumns.join('、')}`
              : '所有列均已匹配'
        }
      />
      <Table
        rowKey="columnIndex"
        size="middle"
        pagination={false}
        dataSource={batch.columns}
        columns={[
          { title: '文件中的列', dataIndex: 'header', width: 260 },
          {
            title: '对应系统字段',
            dataIndex: 'fieldKey',
            render: (key: string | null, col) => (
              <Select
                style={{ width: 260 }}
                value={key ?? ''}
                options={options}
                disabled={busy}
                showSearch
                optionFilterProp="label"
                aria-label={`${col.header}对应字段`}
                onChange={async (v: string) => {
                  const b = await run(() => importCalls.rematch(batch.id, { [String(col.columnIndex)]: v || null }));
                  if (b) onChange(b);
                }}
              />
            ),
          },
          { title: '状态', width: 120, render: (_, col) => (col.fieldKey ? <Tag color="success">已匹配</Tag> : <Tag>不导入</Tag>) },
        ]}
      />
      <Space>
        <Button onClick={onBack}>重新上传</Button>
        <Button type="primary" disabled={batch.missingRequired.length > 0} onClick={onNext}>
          下一步
        </Button>
      </Space>
    </Flex>
  );
}

function CheckStep({ batch, busy, run, onChange, onBack, onImported }: { batch: ImportBatch; busy: boolean; run: Run; onChange: (b: ImportBatch) => void; onBack: () => void; onImported: (b: ImportBatch) => void }) {
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [checked, setChecked] = useState(false);
  const [editing, setEditing] = useState<{ row: ImportRow; cells: string[] } | null>(null);

  const check = async () => {
    const r = await run(() => importCalls.check(batch.id));
    if (!r) return;
    onChange(r.batch);
    setRows(r.rows);
    setTotal(r.pageMessage.total);
    setPage(1);
    setChecked(true);
  };
  const loadPage = async (p: number) => {
    const r = await run(() => importCalls.rows(batch.id, p, 10));
    if (!r) return;
    setRows(r.data ?? []);
    setTotal(r.pageMessage.total);
    setPage(p);
  };
  useEffect(() => {
    void check();
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
          pagination={{ current: page, pageSize: 10, total, showTotal: (n) => `共 ${n} 条`, onChange: (p) => void loadPage(p) }}
          columns={[
            { title: '行号', dataIndex: 'rowNo', width: 80 },
            ...mapped.slice(0, 4).map((c) => ({ title: c.fieldLabel, key: String(c.columnIndex), width: 140, render: (_: unknown, r: ImportRow) => r.cells[c.columnIndex] })),
            { title: '错误原因', dataIndex: 'reason', render: (v: string) => <span style={{ color: '#cf1322' }}>{v}</span> },
            { title: '操作', width: 90, fixed: 'right' as const, render: (_: unknown, r: ImportRow) => <Button type="link" onClick={() => setEditing({ row: r, cells: [...r.cells] })}>修改</Button> },
          ]}
        />
      )}
      <Space>
        <Button onClick={onBack}>上一步</Button>
        <Button onClick={() => void check()} loading={busy}>
          重新校验
        </Button>
        {checked && batch.invalidCount > 0 && (
          <Button icon={<DownloadOutlined />} onClick={() => void downloadErrorData(batch.id).catch(() => undefined)}>
            下载错误数据
          </Button>
        )}
        <Button
          type="primary"
          disabled={!checked || batch.validCount === 0 || busy}
          onClick={async () => {
            const b = await run(() => importCalls.confirm(batch.id));
            if (b) onImported(b);
          }}
        >
          {checked ? `确认导入 ${batch.validCount} 条` : '确认导入'}
        </Button>
      </Space>
      <Modal
        open={editing !== null}
        title={editing ? `修改第 ${editing.row.rowNo} 行` : ''}
        okText="保存并重新校验"
        cancelText="取消"
        confirmLoading={busy}
        width={720}
        onCancel={() => setEditing(null)}
        onOk={async () => {
          if (!editing) return;
          const data = Object.fromEntries(batch.columns.map((c) => [String(c.columnIndex), editing.cells[c.columnIndex] ?? '']));
          const saved = await run(() => importCalls.update(batch.id, editing.row.rowNo, data));
          if (!saved) return;
          setEditing(null);
          toastSuccess('保存成功');
          await check();
        }}
      >
        {editing && (
          <Flex vertical gap={8}>
            <Alert type="error" message={editing.row.reason} />
            {batch.columns.map((c) => {
              const bad = editing.row.errors.some((e) => e.field === c.fieldKey);
              return (
                <Flex key={c.columnIndex} align="center" gap={12}>
                  <span style={{ width: 140, textAlign: 'right', color: bad ? '#cf1322' : undefined }}>{c.header}</span>
                  <Input
                    aria-label={c.header}
                    status={bad ? 'error' : undefined}
                    value={editing.cells[c.columnIndex] ?? ''}
                    onChange={(e) => {
                      const cells = [...editing.cells];
                      cells[c.columnIndex] = e.target.value;
                      setEditing({ ...editing, cells });
                    }}
                  />
                </Flex>
              );
            })}
          </Flex>
        )}
      </Modal>
    </Flex>
  );
}

function DoneStep({ batch, onChange, onAgain, onFixRest }: { batch: ImportBatch; onChange: (b: ImportBatch) => void; onAgain: () => void; onFixRest: () => void }) {
  const running = batch.status === 'importing';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      importCalls.progress(batch.id).then(onChange, () => undefined);
    }, 1000);
    return () => clearInterval(timer);
  }, [running, batch.id, onChange]);
  const p = batch.progress;
  const percent = p && p.total > 0 ? Math.floor((p.done / p.total) * 100) : running ? 0 : 100;
  if (running) {
    return (
      <Flex vertical align="center" gap={16} style={{ padding: '32px 0' }}>
        <Progress type="circle" percent={percent} />
        <div>正在导入… {p ? `${p.done} / ${p.total}` : ''}</div>
      </Flex>
    );
  }
  const failed = batch.status === 'failed';
  const remaining = batch.invalidCount;
  return (
    <Result
      status={failed ? 'error' : remaining > 0 ? 'warning' : 'success'}
      title={failed ? '导入失败' : '导入完成'}
      subTitle={`新增 ${batch.createdCount} 人，更新 ${batch.updatedCount} 人${batch.failedCount > 0 ? `，失败 ${batch.failedCount} 行` : ''}${remaining > 0 ? `；还有 ${remaining} 行未导入` : ''}`}
      extra={[
        <Link key="roster" to="/staffRoll">
          <Button type="primary">查看员工花名册</Button>
        </Link>,
        remaining > 0 ? (
          <Button key="fix" onClick={onFixRest}>
            修正未导入的数据
          </Button>
        ) : null,
        <Button key="again" onClick={onAgain}>
          继续导入
        </Button>,
      ]}
    />
  );
}

import { EC_PATHS, FIELD_KINDS, type ContractDetail, type ContractEvidenceEvent } from '@wfsaas/contracts';
import { Alert, Button, Descriptions, Empty, Flex, Result, Space, Spin, Table, Tabs, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import { usePageMenuParent } from '../../app/layout/page-menu.ts';
import { formatDate, formatDateTime } from '../../app/ui/format.ts';
import { PageHeader } from '../../app/ui/PageHeader.tsx';
import { Panel } from '../../app/ui/Panel.tsx';
import { StatusTag } from '../../app/ui/StatusTag.tsx';
import { ActionDialogs, MoreActions, useContractRights, useQuickActions, type ActionDialog } from './ContractActions.tsx';
import { absoluteLink, awaitingText, canDo, contractMenuParent, contractTone } from './contract-format.ts';
import { downloadFile, useContractDetail, useEvidence } from './econtracts.api.ts';
import { PdfFrame } from './PdfFrame.tsx';

function Parties({ c }: { c: ContractDetail }) {
  const company = c.signatures.find((s) => s.party === 'company');
  const employee = c.signatures.find((s) => s.party === 'employee');
  const rows = [
    { key: 'company', party: '企业（甲方）', name: company?.signerName ?? '—', state: company ? '已签署' : c.awaiting === 'company' || c.awaiting === 'both' ? '待签署' : '未到签署环节', at: company?.signedAt ?? c.companySignedAt, cert: company?.certificateSerial ?? null, seal: company?.sealName ?? null },
    { key: 'employee', party: '员工（乙方）', name: employee?.signerName ?? c.employeeName, state: employee ? '已签署' : c.awaiting === 'employee' || c.awaiting === 'both' ? '待签署' : '未到签署环节', at: employee?.signedAt ?? c.employeeSignedAt, cert: employee?.certificateSerial ?? null, seal: null },
  ];
  return (
    <Table
      rowKey="key"
      className="parties-table"
      pagination={false}
      size="middle"
      dataSource={rows}
      columns={[
        { title: '签署方', dataIndex: 'party', width: 140 },
        { title: '签署人', dataIndex: 'name', width: 200 },
        { title: '状态', dataIndex: 'state', width: 120, render: (v: string) => <StatusTag tone={v === '已签署' ? 'success' : v === '待签署' ? 'processing' : 'pending'}>{v}</StatusTag> },
        { title: '签署时间', dataIndex: 'at', width: 170, render: (v: string | null) => formatDateTime(v) },
        { title: '印章', dataIndex: 'seal', width: 160, render: (v: string | null) => v ?? '—' },
        { title: '证书序列号', dataIndex: 'cert', render: (v: string | null) => (v ? <Typography.Text code style={{ wordBreak: 'break-all' }}>{v}</Typography.Text> : '—') },
      ]}
    />
  );
}

function EvidenceTimeline({ contractId }: { contractId: number }) {
  const ev = useEvidence(contractId);
  if (ev.isLoading) return <Spin />;
  if (!ev.data) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无证据记录" />;
  const color = (e: ContractEvidenceEvent) => (e.type.endsWith('Signed') || e.type === 'intentConfirmed' ? 'green' : e.type === 'withdrawn' || e.type === 'ended' ? 'gray' : e.type === 'suspended' ? 'orange' : 'blue');
  return (
    <Flex vertical gap={16} className="evidence">
      <Alert
        type={ev.data.intact ? 'success' : 'error'}
        showIcon
        message={ev.data.intact ? `证据链完整：共 ${ev.data.events.length} 条记录，逐条哈希校验一致` : `证据链在第 ${ev.data.brokenAt ?? '?'} 条记录处校验不一致，记录可能被篡改`}
      />
      <Timeline
        className="evidence-timeline"
        items={ev.data.events.map((e) => ({
          color: color(e),
          children: (
            <div>
              <div style={{ fontWeight: 500 }}>
                {e.label}
                <span style={{ color: 'rgba(0,0,0,0.45)', fontWeight: 400, marginInlineStart: 12 }}>{formatDateTime(e.at)}</span>
              </div>
              <div style={{ color: 'rgba(0,0,0,0.65)', fontSize: 13 }}>
                {e.actor ?? '系统'}
                {e.ip && <span style={{ marginInlineStart: 12 }}>IP {e.ip}</span>}
              </div>
              {e.userAgent && <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12, wordBreak: 'break-all' }}>{e.userAgent}</div>}
              <div style={{ color: 'rgba(0,0,0,0.35)', fontSize: 12, fontFamily: 'monospace' }}>#{e.seq} {e.hash.slice(0, 16)}…</div>
            </div>
          ),
        }))}
      />
    </Flex>
  );
}

/** /qszx-vite/detail/:contractId and /contractManagement/detail(Weifen)/:contractId: the contract, its parties, its evidence. */
export default function ContractDetailPage() {
  const { contractId = '' } = useParams();
  const id = /^\d+$/.test(contractId) ? Number(contractId) : null;
  const detail = useContractDetail(id);
  const rights = useContractRights();
  const quick = useQuickActions();
  const [dialog, setDialog] = useState<ActionDialog>(null);
  const [copied, setCopied] = useState(false);
  // /qszx-vite/detail/:id sits under 待签署 or 已签署 by the contract's status
  usePageMenuParent('esignContractDetail', detail.data ? contractMenuParent(detail.data.signStatus) : null);
  if (id === null) return <Result status="404" title="合同不存在" />;
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  const c = detail.data;
  if (!c) return <Result status="404" title="合同不存在或无权查看" />;
  const version = `${c.signStatus}-${c.currentSha256 ?? c.baseSha256}`;
  return (
    <Flex vertical gap={16} className="contract-detail-page">
      <PageHeader
        title={
          <Space>
            {c.title}
            <StatusTag tone={contractTone(c.signStatus)}>{c.signStatusLabel}</StatusTag>
          </Space>
        }
        description={`合同编号 ${c.contractNo}`}
        extra={
          <>
            {rights.canSeal && canDo('seal', c) && (
              <Button type="primary" className="detail-seal" onClick={() => setDialog({ kind: 'seal', rows: [c] })}>
                企业盖章
              </Button>
            )}
            <Button onClick={() => void quick.download(c)} className="detail-download">
              下载合同
            </Button>
            <Button onClick={() => void quick.evidence(c)} className="detail-evidence">
              证据报告
            </Button>
            {c.paperScan && (
              <Button onClick={() => void downloadFile(EC_PATHS.contractPaperScan, { contractId: c.id }, `${c.title}-纸质扫描件`).catch(() => undefined)}>下载扫描件</Button>
            )}
            <MoreActions row={c} onDialog={setDialog} exclude={['seal', 'download', 'evidence']} asButton />
          </>
        }
      />
      <Panel>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" className="contract-facts">
          <Descriptions.Item label="员工">
            {c.employeeName}
            {c.employeeNo ? `（${c.employeeNo}）` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="部门">{c.departmentName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="手机号">{c.mobile ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="合同类型">{c.contractTypeName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="合同包">{c.packageName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="合同形式">{c.form === 2 ? '纸质合同' : '电子合同'}</Descriptions.Item>
          <Descriptions.Item label="签署顺序">{c.signOrderLabel}</Descriptions.Item>
          <Descriptions.Item label="当前环节">{awaitingText(c.awaiting)}</Descriptions.Item>
          <Descriptions.Item label="签署截止">{formatDate(c.deadline)}</Descriptions.Item>
          <Descriptions.Item label="合同期限">{c.contractStart || c.contractEnd ? `${formatDate(c.contractStart)} 至 ${formatDate(c.contractEnd)}` : '—'}</Descriptions.Item>
          <Descriptions.Item label="发起">
            {c.initiatedByName ?? '—'} · {formatDateTime(c.initiatedAt)}
          </Descriptions.Item>
          <Descriptions.Item label="完成时间">{formatDateTime(c.completedAt)}</Descriptions.Item>
          <Descriptions.Item label="完整性">{c.complete === 1 ? <Tag color="success">完整</Tag> : <Tag color="warning">不完整</Tag>}</Descriptions.Item>
          {c.reason && <Descriptions.Item label="原因">{c.reason}</Descriptions.Item>}
          {c.lastUrgedAt && <Descriptions.Item label="最近催签">{formatDateTime(c.lastUrgedAt)}</Descriptions.Item>}
        </Descriptions>
        {c.signLink && (
          <Alert
            style={{ marginTop: 12 }}
            type="info"
            showIcon
            className="sign-link"
            message="员工签署链接"
            description={
              <Space wrap>
                <Typography.Text className="sign-link-text" style={{ wordBreak: 'break-all' }}>
                  {absoluteLink(c.signLink, window.location.origin)}
                </Typography.Text>
                <Button
                  size="small"
                  onClick={() =>
                    void navigator.clipboard?.writeText(absoluteLink(c.signLink!, window.location.origin)).then(
                      () => setCopied(true),
                      () => setCopied(false),
                    )
                  }
                >
                  {copied ? '已复制' : '复制链接'}
                </Button>
              </Space>
            }
          />
        )}
      </Panel>
      <Panel bodyStyle={{ paddingTop: 8 }}>
        <Tabs
          items={[
            { key: 'doc', label: '合同文件', children: <PdfFrame path={EC_PATHS.contractDownload} body={{ contractId: c.id }} version={version} title={c.title} height={760} /> },
            { key: 'parties', label: '签署方', children: <Parties c={c} /> },
            {
              key: 'fields',
              label: '填写内容',
              children: (
                <Table
                  rowKey="key"
                  size="small"
                  pagination={false}
                  dataSource={c.fields}
                  locale={{ emptyText: '该合同没有填写项' }}
                  columns={[
                    { title: '字段', dataIndex: 'label', width: 200 },
                    { title: '类型', dataIndex: 'kind', width: 160, render: (v: string) => FIELD_KINDS.find((k) => k.key === v)?.label ?? v },
                    { title: '内容', dataIndex: 'value', render: (v: string | null) => v ?? '—' },
                  ]}
                />
              ),
            },
            { key: 'evidence', label: '证据链', children: <EvidenceTimeline contractId={c.id} /> },
            {
              key: 'hash',
              label: '文件指纹',
              children: (
                <Descriptions column={1} size="small" bordered>
                  <Descriptions.Item label="发起时文件 SHA-256">
                    <Typography.Text code>{c.baseSha256}</Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label="当前文件 SHA-256">{c.currentSha256 ? <Typography.Text code>{c.currentSha256}</Typography.Text> : '—'}</Descriptions.Item>
                </Descriptions>
              ),
            },
          ]}
        />
      </Panel>
      <ActionDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Flex>
  );
}

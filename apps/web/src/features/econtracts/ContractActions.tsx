import { EC_PATHS, SEAL_STATUS, type CompanySignResult, type ContractView } from '@wfsaas/contracts';
import { Alert, Button, Checkbox, Dropdown, Flex, Form, Image, Input, Modal, Select, Space, Spin, type MenuProps } from 'antd';
import { useState } from 'react';
import { usePermissions } from '../../app/routing/PermissionContext.ts';
import { FilePick } from '../../app/ui/FilePick.tsx';
import { FormModal } from '../../app/ui/FormOverlay.tsx';
import { useAction } from '../../app/ui/use-action.ts';
import { useAllSeals, useSealImage } from '../esign/esign.api.ts';
import { canDo, sealable, type ContractAction } from './contract-format.ts';
import { downloadFile, EC_MANAGE_EDIT, EC_SEAL, ecCalls, useInvalidateContracts } from './econtracts.api.ts';

function SealPreview({ sealId }: { sealId: number }) {
  const { url, isLoading } = useSealImage(sealId);
  if (isLoading || !url) return <Spin size="small" />;
  return <Image src={url} width={120} height={120} preview={false} style={{ objectFit: 'contain' }} alt="印章预览" />;
}

/** 企业盖章: one seal (and optionally 骑缝章) for every selected contract the company can sign now. */
export function SealModal({ rows, onClose }: { rows: ContractView[]; onClose: (done: boolean) => void }) {
  const seals = useAllSeals(true);
  const enabled = (seals.data ?? []).filter((s) => s.status === SEAL_STATUS.enabled);
  const [sealId, setSealId] = useState<number | null>(null);
  const [crossPage, setCrossPage] = useState(false);
  const [result, setResult] = useState<CompanySignResult | null>(null);
  const { ok, skipped } = sealable(rows);
  const chosen = sealId ?? enabled[0]?.id ?? null;
  const sign = useAction((seal: number) => ecCalls.companySign({ contractIds: ok.map((c) => c.id), sealId: seal, crossPage }), {
    success: (r) => (r.signed.length > 0 ? `已盖章 ${r.signed.length} 份合同` : null),
    invalidate: useInvalidateContracts(),
    onSuccess: setResult,
  });
  return (
    <Modal
      open
      title="企业盖章"
      className="seal-contract-modal"
      onCancel={() => onClose(result !== null)}
      destroyOnHidden
      footer={
        result ? (
          <Button type="primary" onClick={() => onClose(true)}>
            完成
          </Button>
        ) : (
          <Space>
            <Button onClick={() => onClose(false)}>取消</Button>
            <Button type="primary" loading={sign.pending} disabled={!chosen || ok.length === 0} onClick={() => chosen && void sign.run(chosen)} className="seal-submit">
              确认盖章
            </Button>
          </Space>
        )
      }
    >
      {result ? (
        <SealResult result={result} rows={rows} />
      ) : (
        <Flex vertical gap={16}>
          <div>
            将为 <b>{ok.length}</b> 份合同加盖企业印章并以企业数字证书签署。
            {skipped > 0 && <span style={{ color: '#d46b08' }}>（所选合同中有 {skipped} 份当前无需企业签署，将跳过）</span>}
          </div>
          {seals.isLoading ? (
            <Spin />
          ) : enabled.length === 0 ? (
            <Alert type="warning" showIcon message="暂无可用印章，请先在「认证服务 → 印章管理」中生成或上传印章。" />
          ) : (
            <Form layout="vertical">
              <Form.Item label="选择印章" required>
                <Select aria-label="选择印章" className="seal-picker" value={chosen ?? undefined} onChange={(v: number) => setSealId(v)} options={enabled.map((s) => ({ value: s.id, label: `${s.name}（${s.typeLabel}）` }))} />
              </Form.Item>
              {chosen && (
                <Flex justify="center" style={{ marginBottom: 12 }}>
                  <SealPreview sealId={chosen} />
                </Flex>
              )}
              <Checkbox checked={crossPage} onChange={(e) => setCrossPage(e.target.checked)} className="cross-page">
                同时加盖骑缝章（沿每页右侧边缘）
              </Checkbox>
            </Form>
          )}
        </Flex>
      )}
    </Modal>
  );
}

function SealResult({ result, rows }: { result: CompanySignResult; rows: ContractView[] }) {
  return (
    <Flex vertical gap={12} className="seal-result">
      <Alert type={result.skipped.length ? 'warning' : 'success'} showIcon message={`成功盖章 ${result.signed.length} 份${result.skipped.length ? `，未盖章 ${result.skipped.length} 份` : ''}`} />
      {result.skipped.map((s) => (
        <div key={s.contractId} style={{ color: 'rgba(0,0,0,0.65)' }}>
          {rows.find((r) => r.id === s.contractId)?.title ?? `合同 ${s.contractId}`}：{s.reason}
        </div>
      ))}
    </Flex>
  );
}

const REASON_TITLE = { withdraw: '撤回合同', suspend: '中止签署', end: '终止合同' } as const;
const REASON_DONE = { withdraw: '合同已撤回', suspend: '已中止签署', end: '合同已终止' } as const;

/** The contract a dialog acts on, above its form. */
function ContractCaption({ row }: { row: ContractView }) {
  return (
    <div style={{ marginBottom: 12 }}>
      {row.employeeName} · {row.title}
    </div>
  );
}

/** Withdraw / suspend / end: asks for the reason, then acts. */
function ReasonModal({ kind, row, onClose }: { kind: keyof typeof REASON_TITLE; row: ContractView; onClose: () => void }) {
  const act = useAction((reason: string) => ecCalls[kind](row.id, reason.trim()), { success: REASON_DONE[kind], invalidate: useInvalidateContracts(), onSuccess: onClose });
  return (
    <FormModal<{ reason: string }>
      open
      title={REASON_TITLE[kind]}
      onClose={onClose}
      onSubmit={(v) => act.run(v.reason)}
      okDanger={kind !== 'suspend'}
      className={`reason-modal reason-${kind}`}
      intro={<ContractCaption row={row} />}
    >
      <Form.Item name="reason" label="原因" rules={[{ required: true, whitespace: true, message: '请填写原因' }, { max: 200, message: '原因不能超过 200 个字' }]}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="将记录在合同的证据链中" aria-label="原因" />
      </Form.Item>
    </FormModal>
  );
}

/** 标记纸质合同已签署: uploads the scan of the signed paper. */
function PaperModal({ row, onClose }: { row: ContractView; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const mark = useAction((f: File) => ecCalls.paperSigned(row.id, f), { success: '已标记为已签署', invalidate: useInvalidateContracts(), onSuccess: onClose });
  return (
    <FormModal<object> open title="标记纸质合同已签署" onClose={onClose} onSubmit={() => file && mark.run(file)} okDisabled={!file} className="paper-modal" intro={<ContractCaption row={row} />}>
      <Flex vertical gap={12}>
        <Alert type="info" showIcon message="请上传双方已签字盖章的纸质合同扫描件（PDF、PNG 或 JPG，不超过 20 MB）。" />
        <FilePick accept=".pdf,.png,.jpg,.jpeg" value={file} onChange={setFile}>
          选择扫描件
        </FilePick>
      </Flex>
    </FormModal>
  );
}

export type ActionDialog = { kind: 'seal'; rows: ContractView[] } | { kind: 'withdraw' | 'suspend' | 'end' | 'paper'; row: ContractView } | null;

/** The dialogs the row actions open. */
export function ActionDialogs({ dialog, onClose }: { dialog: ActionDialog; onClose: () => void }) {
  if (!dialog) return null;
  if (dialog.kind === 'seal') return <SealModal rows={dialog.rows} onClose={onClose} />;
  if (dialog.kind === 'paper') return <PaperModal row={dialog.row} onClose={onClose} />;
  return <ReasonModal kind={dialog.kind} row={dialog.row} onClose={onClose} />;
}

/** What the signed-in user may do to contracts. */
export function useContractRights() {
  const { map } = usePermissions();
  return { canSeal: map[EC_SEAL] === true, canManage: map[EC_MANAGE_EDIT] === true };
}

/** Runs the actions that need no dialog. */
export function useQuickActions() {
  const urge = useAction((row: ContractView) => ecCalls.urge(row.id), { success: '已再次通知员工签署' });
  const resume = useAction((row: ContractView) => ecCalls.resume(row.id), { success: '已恢复签署', invalidate: useInvalidateContracts() });
  return {
    urge: urge.run,
    resume: resume.run,
    download: (row: ContractView) => downloadFile(EC_PATHS.contractDownload, { contractId: row.id }, `${row.title}-${row.employeeName}.pdf`).catch(() => undefined),
    evidence: (row: ContractView) => downloadFile(EC_PATHS.contractEvidenceReport, { contractId: row.id }, `${row.title}-证据报告.pdf`).catch(() => undefined),
  };
}

const LABELS: Record<ContractAction, string> = {
  seal: '企业盖章',
  urge: '催签',
  withdraw: '撤回',
  suspend: '中止',
  resume: '恢复签署',
  end: '终止',
  paper: '标记纸质已签',
  download: '下载合同',
  evidence: '证据报告',
};

/** The 更多 dropdown of a contract row (or the detail header): only the actions its state allows. */
export function MoreActions({ row, onDialog, exclude = [], asButton = false }: { row: ContractView; onDialog: (d: ActionDialog) => void; exclude?: ContractAction[]; asButton?: boolean }) {
  const rights = useContractRights();
  const quick = useQuickActions();
  const allowed = (a: ContractAction) => !exclude.includes(a) && canDo(a, row) && (a === 'seal' ? rights.canSeal : a === 'download' || a === 'evidence' ? true : rights.canManage);
  const order: ContractAction[] = ['seal', 'urge', 'paper', 'withdraw', 'suspend', 'resume', 'end', 'download', 'evidence'];
  const items: MenuProps['items'] = order.filter(allowed).map((a) => ({ key: a, label: LABELS[a], danger: a === 'withdraw' || a === 'end', className: `action-${a}` }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const a = key as ContractAction;
    if (a === 'seal') onDialog({ kind: 'seal', rows: [row] });
    else if (a === 'urge') void quick.urge(row);
    else if (a === 'resume') void quick.resume(row);
    else if (a === 'download') void quick.download(row);
    else if (a === 'evidence') void quick.evidence(row);
    else onDialog({ kind: a, row });
  };
  if (!items.length) return null;
  return (
    <Dropdown menu={{ items, onClick }} trigger={['hover', 'click']}>
      {asButton ? (
        <Button className="detail-more">更多操作</Button>
      ) : (
        <Button type="link" size="small" className="row-more">
          更多
        </Button>
      )}
    </Dropdown>
  );
}

export { LABELS as ACTION_LABELS };

import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import type { InviteView } from '@wfsaas/contracts';
import { Button, Flex, Input, Modal, Spin } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { toastError, toastSuccess } from '../../app/ui/feedback.ts';
import { inviteFullLink, qrFileName } from './invite-helpers.ts';

function useQrDataUrl(text: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!text) return;
    QRCode.toDataURL(text, { margin: 2, width: 480, errorCorrectionLevel: 'M' })
      .then((u) => live && setUrl(u))
      .catch(() => live && setUrl(null));
    return () => {
      live = false;
      setUrl(null);
    };
  }, [text]);
  return url;
}

/** The invitation's QR code and link, to copy or to download as a PNG for posters and chats. */
export function QrModal({ invite, onClose }: { invite: InviteView | null; onClose: () => void }) {
  const link = invite ? inviteFullLink(window.location.origin, invite.link) : null;
  const qr = useQrDataUrl(link);
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toastSuccess('已复制链接');
    } catch {
      toastError('复制失败，请手动选择链接复制');
    }
  };
  const download = () => {
    if (!qr || !invite) return;
    const a = document.createElement('a');
    a.href = qr;
    a.download = qrFileName(invite.title);
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  return (
    <Modal title={invite ? `邀请二维码 · ${invite.title}` : '邀请二维码'} open={invite !== null} onCancel={onClose} footer={null} width={440} destroyOnHidden>
      <Flex vertical align="center" gap={12} className="invite-qr">
        <div style={{ width: 240, height: 240, display: 'flex', alignItems: 'center', justifyContent: 'center', border: '1px solid #f0f0f0', borderRadius: 8 }}>
          {qr ? <img src={qr} alt="入职邀请二维码" width={232} height={232} className="invite-qr-image" /> : <Spin />}
        </div>
        <div style={{ color: 'rgba(0,0,0,0.55)' }}>候选人用手机扫码，验证手机号后填写入职信息</div>
        <Input value={link ?? ''} readOnly className="invite-link" aria-label="邀请链接" onFocus={(e) => e.target.select()} />
        <Flex gap={8} style={{ width: '100%' }}>
          <Button block icon={<CopyOutlined />} onClick={() => void copy()} className="invite-copy">
            复制链接
          </Button>
          <Button block type="primary" icon={<DownloadOutlined />} disabled={!qr} onClick={download} className="invite-download">
            下载二维码
          </Button>
        </Flex>
      </Flex>
    </Modal>
  );
}

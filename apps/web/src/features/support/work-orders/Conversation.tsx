import { PaperClipOutlined } from '@ant-design/icons';
import { WORK_ORDER_MAX_FILES, type WorkOrderFileView, type WorkOrderMessageView } from '@wfsaas/contracts';
import { Avatar, Button, Empty, Flex, Input, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { formatDateTime, formatFileSize } from '../../../app/ui/format.ts';
import { authorText, messageSide } from './work-order-format.ts';

/** Files chosen for a ticket or a reply: kept until the form is sent (nothing is uploaded on choosing). */
export function AttachmentPick({ value, onChange }: { value?: File[]; onChange?: (files: File[]) => void }) {
  const files = value ?? [];
  return (
    <Upload
      multiple
      maxCount={WORK_ORDER_MAX_FILES}
      beforeUpload={(f) => {
        onChange?.([...files, f].slice(0, WORK_ORDER_MAX_FILES));
        return false;
      }}
      onRemove={(u) => onChange?.(files.filter((_, i) => String(i) !== u.uid))}
      fileList={files.map((f, i) => ({ uid: String(i), name: f.name, status: 'done' as const }))}
      className="work-order-attach"
    >
      <Button icon={<PaperClipOutlined />} disabled={files.length >= WORK_ORDER_MAX_FILES}>
        添加附件
      </Button>
    </Upload>
  );
}

export function FileLinks({ files, onDownload }: { files: readonly WorkOrderFileView[]; onDownload: (f: WorkOrderFileView) => void }) {
  if (files.length === 0) return null;
  return (
    <Flex vertical gap={2} className="work-order-files">
      {files.map((f) => (
        <a key={f.fileId} onClick={() => onDownload(f)}>
          <PaperClipOutlined /> {f.name}
          <Typography.Text type="secondary" style={{ fontSize: 12, marginLeft: 6 }}>
            {formatFileSize(f.size)}
          </Typography.Text>
        </a>
      ))}
    </Flex>
  );
}

/** The ticket's conversation as a chat: the reader's side on the right, the other on the left, status changes centred. */
export function MessageThread({ messages, viewer, onDownload }: { messages: readonly WorkOrderMessageView[]; viewer: 'company' | 'operator'; onDownload: (f: WorkOrderFileView) => void }) {
  if (messages.length === 0) return <Empty description="暂无沟通记录" />;
  return (
    <Flex vertical gap={14} className="work-order-thread">
      {messages.map((m) => {
        const side = messageSide(m, viewer);
        if (side === 'event')
          return (
            <Typography.Text key={m.id} type="secondary" style={{ textAlign: 'center', fontSize: 12 }} className="work-order-event">
              {formatDateTime(m.createdAt)} {m.authorName} {m.content}
            </Typography.Text>
          );
        const mine = side === 'mine';
        const platform = m.authorKind === 'operator';
        return (
          <Flex key={m.id} gap={10} justify={mine ? 'flex-end' : 'flex-start'} className={`work-order-message work-order-message-${m.authorKind}`}>
            {!mine && <Avatar style={{ background: platform ? '#1677ff' : '#13a8a8', flex: 'none' }}>{platform ? '服' : m.authorName.slice(0, 1)}</Avatar>}
            <Flex vertical gap={4} align={mine ? 'flex-end' : 'flex-start'} style={{ maxWidth: '72%' }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {authorText(m)} · {formatDateTime(m.createdAt)}
              </Typography.Text>
              <div style={{ background: mine ? '#e6f4ff' : '#f5f5f5', borderRadius: 8, padding: '8px 12px', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {m.content}
                {m.files.length > 0 && (
                  <div style={{ marginTop: 6 }}>
                    <FileLinks files={m.files} onDownload={onDownload} />
                  </div>
                )}
              </div>
            </Flex>
            {mine && <Avatar style={{ background: platform ? '#1677ff' : '#13a8a8', flex: 'none' }}>{platform ? '服' : m.authorName.slice(0, 1)}</Avatar>}
          </Flex>
        );
      })}
    </Flex>
  );
}

/** The reply box: text and attachments, sent together; cleared once sent. */
export function ReplyBox({ onSend, placeholder }: { onSend: (content: string, files: File[]) => Promise<unknown>; placeholder: string }) {
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const done = await onSend(content.trim(), files);
      if (done !== undefined) {
        setContent('');
        setFiles([]);
      }
    } finally {
      setSending(false);
    }
  };
  return (
    <Flex vertical gap={8} className="work-order-reply">
      <Input.TextArea value={content} onChange={(e) => setContent(e.target.value)} rows={3} maxLength={2000} placeholder={placeholder} />
      <Flex justify="space-between" align="flex-start">
        <AttachmentPick value={files} onChange={setFiles} />
        <Space>
          <Button type="primary" className="work-order-send" loading={sending} disabled={!content.trim()} onClick={() => void send()}>
            发送回复
          </Button>
        </Space>
      </Flex>
    </Flex>
  );
}

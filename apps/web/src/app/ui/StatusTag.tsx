import { Tag } from 'antd';

/**
 * Status tones: grey pending, blue in progress, green done, orange attention, red failed or
 * overdue, default for withdrawn/ended.
 */
export type StatusTone = 'pending' | 'processing' | 'success' | 'warning' | 'error' | 'default';

const TONES: Record<StatusTone, { color?: string; variant: 'filled' | 'outlined'; dot: string }> = {
  pending: { variant: 'filled', dot: '#8c8c8c' },
  processing: { color: 'processing', variant: 'outlined', dot: '#1677ff' },
  success: { color: 'success', variant: 'outlined', dot: '#52c41a' },
  warning: { color: 'warning', variant: 'outlined', dot: '#faad14' },
  error: { color: 'error', variant: 'outlined', dot: '#ff4d4f' },
  default: { variant: 'outlined', dot: '#d9d9d9' },
};

/** A status as a coloured Tag with a dot. */
export function StatusTag({ tone, children }: { tone: StatusTone; children: string }) {
  const t = TONES[tone];
  return (
    <Tag color={t.color} variant={t.variant} data-status={children} style={{ marginInlineEnd: 0 }}>
      <span aria-hidden style={{ display: 'inline-block', width: 6, height: 6, borderRadius: '50%', background: t.dot, marginInlineEnd: 6, verticalAlign: 'middle', position: 'relative', top: -1 }} />
      {children}
    </Tag>
  );
}

import { HANDOVER_STATUSES, type QuitCertificateInfo } from '@wfsaas/contracts';

/** Rules of the resignation screens (pure, unit-tested). */

/** What the 离职证明 download tells HR: a warning when it carries no seal or the handover is not finished. */
export function certificateNotice(info: QuitCertificateInfo): { level: 'success' | 'warning'; text: string } {
  const notes: string[] = [];
  if (!info.sealName) notes.push('未加盖印章：本公司没有您可使用的已启用公章或合同专用章，请在「认证与印章」中添加或启用后重新下载');
  if (info.handoverStatus !== null && info.handoverStatus !== 2) notes.push(`交接状态为「${info.handoverStatusLabel}」，证明中如实写明；交接完成后可在此标记为已交接再重新下载`);
  if (notes.length === 0) return { level: 'success', text: `已下载离职证明，已加盖「${info.sealName}」` };
  return { level: 'warning', text: `已下载离职证明。${notes.join('；')}。` };
}

/** The handover statuses a row can be marked as next (all but its own). */
export function otherHandoverStatuses(current: number): { value: number; label: string }[] {
  return HANDOVER_STATUSES.filter((h) => h.value !== current).map((h) => ({ value: h.value, label: h.label }));
}

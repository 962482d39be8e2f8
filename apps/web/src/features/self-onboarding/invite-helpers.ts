import type { InviteView, SubmissionStatus, SubmissionView } from '@wfsaas/contracts';
import dayjs from 'dayjs';
import type { StatusTone } from '../../app/ui/StatusTag.tsx';

const DAY = 'YYYY-MM-DD';

/** The candidate's full link: the invitation's path on this site's origin. */
export function inviteFullLink(origin: string, link: string): string {
  const path = link.startsWith('/') ? link : `/${link}`;
  return `${origin.replace(/\/+$/, '')}${path}`;
}

/** The QR image's file name: 入职邀请二维码-<title>.png, without characters file systems refuse. */
export function qrFileName(title: string): string {
  const safe = title.replace(/[\\/:*?"<>|\s]+/g, '_').replace(/^_+|_+$/g, '');
  return `入职邀请二维码${safe ? `-${safe}` : ''}.png`;
}

/** The new-invitation form's starting values: valid for a week from `today`. */
export function inviteDefaults(today: string): { expiresOn: string } {
  return { expiresOn: dayjs(today).add(7, 'day').format(DAY) };
}

export const SUBMISSION_TONES: Record<SubmissionStatus, StatusTone> = { 0: 'processing', 1: 'success', 2: 'error' };

/** The invitation's status tag: 进行中 while open (and not expired), else 已关闭 / 已过期. */
export function inviteState(v: Pick<InviteView, 'status' | 'expired'>): { label: string; tone: StatusTone } {
  if (v.status !== 1) return { label: '已关闭', tone: 'default' };
  if (v.expired) return { label: '已过期', tone: 'warning' };
  return { label: '进行中', tone: 'processing' };
}

export type ApproveDefaults = { departmentId: number | null; positionId: number | null; hireDate: string; probationEndDate: string; employmentType: number };

/**
 * The approval form's starting values: the invitation's department, position and hire date (else
 * a week from today), probation to three months after the hire date, full-time.
 */
export function approveDefaults(invite: Pick<InviteView, 'departmentId' | 'positionId' | 'hireDate'> | null | undefined, today: string): ApproveDefaults {
  const hireDate = invite?.hireDate && !dayjs(invite.hireDate).isBefore(dayjs(today)) ? invite.hireDate : dayjs(today).add(7, 'day').format(DAY);
  return {
    departmentId: invite?.departmentId ?? null,
    positionId: invite?.positionId ?? null,
    hireDate,
    probationEndDate: dayjs(hireDate).add(3, 'month').format(DAY),
    employmentType: 1,
  };
}

/** Whether a submission can still be reviewed. */
export function reviewable(s: Pick<SubmissionView, 'status'>): boolean {
  return s.status === 0;
}

export type InviteSection = 'invites' | 'submissions';

/** The tab 邀请入职 opens on: 入职登记 for ?tab=submissions (the link of a reviewer's notice), else the invitations. */
export function inviteSectionFromSearch(search: string): InviteSection {
  return new URLSearchParams(search).get('tab') === 'submissions' ? 'submissions' : 'invites';
}

import { describe, expect, it } from 'vitest';
import { approveDefaults, inviteDefaults, inviteFullLink, inviteSectionFromSearch, inviteState, qrFileName, reviewable } from './invite-helpers.ts';

describe('self-onboarding helpers', () => {
  it('builds the full link on this origin', () => {
    expect(inviteFullLink('https://hr.example.cn', '/m/onboard/abc')).toBe('https://hr.example.cn/m/onboard/abc');
    expect(inviteFullLink('https://hr.example.cn/', 'm/onboard/abc')).toBe('https://hr.example.cn/m/onboard/abc');
  });

  it('names the QR file after the invitation', () => {
    expect(qrFileName('春季 校招/技术')).toBe('入职邀请二维码-春季_校招_技术.png');
    expect(qrFileName('  ')).toBe('入职邀请二维码.png');
  });

  it('starts a new invitation valid for a week', () => {
    expect(inviteDefaults('2026-02-25')).toEqual({ expiresOn: '2026-03-04' });
  });

  it('tags an invitation open, expired or closed', () => {
    expect(inviteState({ status: 1, expired: false })).toEqual({ label: '进行中', tone: 'processing' });
    expect(inviteState({ status: 1, expired: true })).toEqual({ label: '已过期', tone: 'warning' });
    expect(inviteState({ status: 0, expired: true })).toEqual({ label: '已关闭', tone: 'default' });
  });

  it('starts the approval from the invitation, else a week from today, with three months of probation', () => {
    expect(approveDefaults({ departmentId: 3, positionId: 9, hireDate: '2026-03-10' }, '2026-03-01')).toEqual({ departmentId: 3, positionId: 9, hireDate: '2026-03-10', probationEndDate: '2026-06-10', employmentType: 1 });
    expect(approveDefaults(null, '2026-01-31')).toEqual({ departmentId: null, positionId: null, hireDate: '2026-02-07', probationEndDate: '2026-05-07', employmentType: 1 });
    // a hire date already past is not offered
    expect(approveDefaults({ departmentId: null, positionId: null, hireDate: '2026-01-01' }, '2026-03-01').hireDate).toBe('2026-03-08');
  });

  it('reviews only what waits for review', () => {
    expect(reviewable({ status: 0 })).toBe(true);
    expect(reviewable({ status: 2 })).toBe(false);
  });

  it('opens on 入职登记 from a reviewer’s notice link', () => {
    expect(inviteSectionFromSearch('?tab=submissions')).toBe('submissions');
    expect(inviteSectionFromSearch('')).toBe('invites');
    expect(inviteSectionFromSearch('?tab=other')).toBe('invites');
  });
});

import { describe, expect, it } from 'vitest';
import { certificateNotice, otherHandoverStatuses } from './quit.ts';

describe('the 离职证明 download notice', () => {
  it('confirms the seal when the handover is done', () => {
    expect(certificateNotice({ handoverStatus: 2, handoverStatusLabel: '已交接', sealName: '杭州云帆科技有限公司合同专用章' })).toEqual({ level: 'success', text: '已下载离职证明，已加盖「杭州云帆科技有限公司合同专用章」' });
  });

  it('warns when no seal could be stamped, and when the handover is not finished', () => {
    const bare = certificateNotice({ handoverStatus: 2, handoverStatusLabel: '已交接', sealName: null });
    expect(bare.level).toBe('warning');
    expect(bare.text).toContain('未加盖印章');
    const open = certificateNotice({ handoverStatus: 1, handoverStatusLabel: '交接中', sealName: '公章' });
    expect(open).toEqual({ level: 'warning', text: '已下载离职证明。交接状态为「交接中」，证明中如实写明；交接完成后可在此标记为已交接再重新下载。' });
    // no resignation recorded: the certificate is silent on the handover, so is the notice
    expect(certificateNotice({ handoverStatus: null, handoverStatusLabel: null, sealName: '公章' }).level).toBe('success');
  });

  it('offers the other handover statuses', () => {
    expect(otherHandoverStatuses(0).map((h) => h.label)).toEqual(['交接中', '已交接']);
  });
});

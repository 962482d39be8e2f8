import { zClientSave, type ClientView } from '@wfsaas/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { agreementError, clientValues, contactPhoneError, creditCodeError, postKindOptions, postsError, postsForKind, toClientSave } from './client-form.ts';

const view: ClientView = {
  id: 5,
  name: '杭州顺达物流有限公司',
  creditCode: '91330100MA2B0XXX0X',
  kind: 1,
  agreementStart: '2026-01-01',
  agreementEnd: '2027-12-31',
  planId: 7,
  planName: '杭州派遣标准方案',
  headcount: 900,
  effectiveHeadcount: 900,
  posts: [
    { name: '分拣员', kind: 'auxiliary' },
    { name: '临时装卸工', kind: 'temporary' },
  ],
  contactName: '王经理',
  contactPhone: '138****0000',
  remark: '',
  linkedCompanyId: null,
  linkedCompanyName: null,
  activeCount: 12,
};

describe('the client form', () => {
  it('round-trips a client into a body the server schema accepts', () => {
    const body = toClientSave(clientValues(view), 5);
    expect(body).toMatchObject({ id: 5, kind: 1, agreementStart: '2026-01-01', agreementEnd: '2027-12-31', planId: 7, headcount: 900, contactPhone: '138****0000' });
    expect(body.posts).toEqual(view.posts);
    expect(zClientSave.safeParse(body).success).toBe(true);
  });

  it('drops empty post rows and trims what was typed', () => {
    const v = { ...clientValues(null), name: ' 新客户 ', creditCode: ' 91330100ma2b0xxx0x', agreement: [dayjs('2026-12-01'), dayjs('2027-11-30')] as [dayjs.Dayjs, dayjs.Dayjs], planId: 7, headcount: 50, posts: [{ name: ' 客服 ', kind: 'regular' as const }, { name: '', kind: undefined }] };
    const body = toClientSave({ ...v, kind: 2 }, null);
    expect(body.id).toBeUndefined();
    expect(body).toMatchObject({ name: '新客户', creditCode: '91330100MA2B0XXX0X', agreementStart: '2026-12-01', posts: [{ name: '客服', kind: 'regular' }] });
    expect(zClientSave.safeParse(body).success).toBe(true);
  });

  it('offers a dispatch client only temporary, auxiliary and substitute posts', () => {
    expect(postKindOptions(1).map((o) => o.label)).toEqual(['临时性', '辅助性', '替代性']);
    expect(postKindOptions(2).map((o) => o.label)).toEqual(['临时性', '辅助性', '替代性', '主营岗位']);
    expect(postsForKind([{ name: '客服', kind: 'regular' }, { name: '分拣', kind: 'auxiliary' }], 1)).toEqual([{ name: '客服', kind: undefined }, { name: '分拣', kind: 'auxiliary' }]);
    expect(postsForKind([{ name: '客服', kind: 'regular' }], 2)).toEqual([{ name: '客服', kind: 'regular' }]);
  });

  it('checks the posts', () => {
    expect(postsError([], 1)).toBe('请至少添加一个岗位');
    expect(postsError([{ name: '', kind: undefined }], 1)).toBe('请至少添加一个岗位');
    expect(postsError([{ name: '', kind: 'temporary' }], 1)).toBe('第1个岗位：请输入岗位名称');
    expect(postsError([{ name: '客服', kind: undefined }], 2)).toBe('岗位「客服」：请选择岗位性质');
    expect(postsError([{ name: '客服', kind: 'regular' }], 1)).toBe('岗位「客服」：劳务派遣只能用于临时性、辅助性或替代性岗位');
    expect(postsError([{ name: '客服', kind: 'regular' }], 2)).toBeNull();
    expect(postsError([{ name: '分拣', kind: 'auxiliary' }, { name: '分拣 ', kind: 'temporary' }], 1)).toBe('岗位「分拣」重复');
  });

  it('checks the credit code, the phone and the term', () => {
    expect(creditCodeError('')).toBeNull();
    expect(creditCodeError('123')).toBe('统一社会信用代码应为18位');
    expect(creditCodeError('91330100MA2B0XXX0Y')).toBe('统一社会信用代码不正确，请核对');
    expect(contactPhoneError('', null)).toBeNull();
    expect(contactPhoneError('138****0000', '138****0000')).toBeNull();
    expect(contactPhoneError('139****0000', '138****0000')).toBe('请输入正确的11位手机号');
    expect(contactPhoneError('13800001111', '138****0000')).toBeNull();
    expect(agreementError(null)).toBe('请选择协议期限');
    expect(agreementError([dayjs('2026-12-01'), dayjs('2026-11-30')])).toBe('协议结束日期不能早于开始日期');
    expect(agreementError([dayjs('2026-12-01'), dayjs('2026-12-01')])).toBeNull();
  });
});

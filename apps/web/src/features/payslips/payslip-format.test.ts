import type { PayslipColumn } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../app/ui/format.ts';
import { batchStatusTone, defaultPayslipTitle, groupRowForPreview, isEmptyOrZero, maskMobile, netPayOf, payslipStatusTone, previousMonth } from './payslip-format.ts';

describe('formatMoney', () => {
  it.each([
    ['12345.67', '¥12,345.67'],
    ['12345.6', '¥12,345.60'],
    ['0', '¥0.00'],
    [1234567, '¥1,234,567.00'],
    ['1,234.5', '¥1,234.50'],
    ['-88.125', '-¥88.13'],
    ['999.995', '¥1,000.00'],
    ['-0.001', '¥0.00'],
    [null, '—'],
    ['', '—'],
    ['见附件', '见附件'],
  ])('%s → %s', (input, out) => {
    expect(formatMoney(input)).toBe(out);
  });
});

describe('isEmptyOrZero', () => {
  it.each([
    ['', true],
    ['  ', true],
    ['0', true],
    ['0.00', true],
    ['-', true],
    ['12', false],
    ['0.01', false],
    ['张三', false],
  ])('%s → %s', (v, out) => expect(isEmptyOrZero(v)).toBe(out));
});

describe('titles and months', () => {
  it('names the month', () => {
    expect(defaultPayslipTitle('2026-05')).toBe('2026年5月工资条');
    expect(defaultPayslipTitle('2026-12')).toBe('2026年12月工资条');
    expect(defaultPayslipTitle('bad')).toBe('工资条');
  });
  it('gives the previous month, across the new year', () => {
    expect(previousMonth(new Date(2026, 0, 15))).toBe('2025-12');
    expect(previousMonth(new Date(2026, 10, 25))).toBe('2026-10');
  });
});

describe('groupRowForPreview', () => {
  const columns: PayslipColumn[] = [
    { index: 0, label: '姓名', group: 'info', show: true },
    { index: 1, label: '手机号', group: 'info', show: true },
    { index: 2, label: '部门', group: 'info', show: true },
    { index: 3, label: '基本工资', group: 'income', show: true },
    { index: 4, label: '加班费', group: 'income', show: true },
    { index: 5, label: '社保个人', group: 'deduction', show: true },
    { index: 6, label: '内部编码', group: 'other', show: false },
    { index: 7, label: '实发工资', group: 'net', show: true },
  ];
  const row = ['张三', '13800000000', '研发部', '10000.00', '0', '1050.5', 'X1', '8949.50'];

  it('keeps group order, leaves out identity and hidden columns and zero values', () => {
    const groups = groupRowForPreview(columns, row, { hideEmpty: true, identityIndexes: [0, 1] });
    expect(groups.map((g) => g.label)).toEqual(['基本信息', '应发项目', '扣除项目', '实发工资']);
    expect(groups[0]!.items).toEqual([{ label: '部门', value: '研发部' }]);
    expect(groups[1]!.items).toEqual([{ label: '基本工资', value: '10000.00' }]);
    expect(netPayOf(groups)).toBe('8949.50');
  });

  it('shows zero values when asked, and drops a group with no items', () => {
    const groups = groupRowForPreview(columns, row, { hideEmpty: false, identityIndexes: [0, 1, 2] });
    expect(groups.map((g) => g.group)).toEqual(['income', 'deduction', 'net']);
    expect(groups[0]!.items).toHaveLength(2);
  });
});

describe('tones and masking', () => {
  it('colours each status by its stage', () => {
    expect(payslipStatusTone(0)).toBe('pending');
    expect(payslipStatusTone(1)).toBe('processing');
    expect(payslipStatusTone(3)).toBe('success');
    expect(payslipStatusTone(4)).toBe('warning');
    expect(payslipStatusTone(5)).toBe('default');
    expect(payslipStatusTone(6)).toBe('error');
    expect(batchStatusTone(0)).toBe('pending');
    expect(batchStatusTone(3)).toBe('success');
    expect(batchStatusTone(4)).toBe('default');
  });
  it('masks a full mobile and keeps a masked one', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile('138****5678')).toBe('138****5678');
    expect(maskMobile(null)).toBe('—');
  });
});

describe('import layout', () => {
  it('lays a template over the columns of the same label', async () => {
    const { applyTemplate, identityText } = await import('./import-layout.ts');
    const sheet = {
      fileId: 'a'.repeat(32),
      fileName: 'a.xlsx',
      headerRows: 1 as const,
      rowCount: 1,
      sample: [['张三', '13800000000', '100']],
      identity: [
        { index: 0, kind: 'name' as const },
        { index: 1, kind: 'mobile' as const },
      ],
      columns: [
        { index: 0, label: '姓名', group: 'info' as const, show: true },
        { index: 1, label: '手机号', group: 'info' as const, show: true },
        { index: 2, label: '餐补', group: 'income' as const, show: true },
      ],
    };
    const l = applyTemplate(sheet, { id: 1, name: 't', headerRows: 1, hideEmpty: false, note: '有疑问找人事', updatedAt: '', columns: [{ index: 5, label: '餐补', group: 'other', show: false }] });
    expect(l.columns[2]).toEqual({ index: 2, label: '餐补', group: 'other', show: false });
    expect(l).toMatchObject({ hideEmpty: false, note: '有疑问找人事' });
    expect(applyTemplate(sheet, undefined)).toMatchObject({ hideEmpty: true, note: '' });
    expect(identityText(sheet.identity, sheet.sample[0]!)).toBe('手机号 138****0000');
  });
});

describe('stageTabs', () => {
  it('shows the server’s figure for each tab and filters the tab by the same stage', async () => {
    const { stageTabs, FIGURE_STAGES } = await import('./payslip-format.ts');
    const c = { total: 10, unmatched: 0, pending: 1, sent: 8, viewed: 6, confirmed: 2, feedback: 1, withdrawn: 0, failed: 1 };
    const tabs = stageTabs(c);
    expect(tabs.map((t) => `${t.label} ${t.count}`)).toEqual(['全部 10', '待发送 1', '已发送 8', '已查看 6', '已确认 2', '有反馈 1', '已撤回 0', '发送失败 1']);
    expect(tabs.find((t) => t.label === '已查看')).toMatchObject({ stage: 'viewed', count: 6 });
    expect(tabs[0]!.stage).toBeUndefined();
    // the tags read the same figures as the tabs
    for (const stage of FIGURE_STAGES) expect(tabs.find((t) => t.stage === stage)!.count).toBe(c[stage]);
  });
});

describe('groupRowForPreview labels', () => {
  it('leaves out an upper header that only repeats the group heading', () => {
    const columns: PayslipColumn[] = [
      { index: 0, label: '应发项目/基本工资', group: 'income', show: true },
      { index: 1, label: '应发工资/绩效', group: 'income', show: true },
      { index: 2, label: '津贴/交通补贴', group: 'income', show: true },
      { index: 3, label: '代扣代缴/个人所得税', group: 'deduction', show: true },
      { index: 4, label: '应发项目/个税', group: 'deduction', show: true },
      { index: 5, label: '实发工资', group: 'net', show: true },
    ];
    const groups = groupRowForPreview(columns, ['8000', '1000', '300', '120', '5', '9180'], { hideEmpty: true });
    expect(groups.map((g) => [g.label, g.items.map((i) => i.label)])).toEqual([
      ['应发项目', ['基本工资', '绩效', '津贴/交通补贴']],
      ['扣除项目', ['个人所得税', '应发项目/个税']],
      ['实发工资', ['实发工资']],
    ]);
  });
});

describe('send settings', () => {
  it('sends a scheduled time to the minute and none when sending now; unmatched rows block the send', async () => {
    const dayjs = (await import('dayjs')).default;
    const { SEND_DEFAULTS, sendBlockedReason, toSubmitBody } = await import('./send-settings.ts');
    const at = dayjs('2026-06-05T09:30:42.123+08:00');
    expect(toSubmitBody(7, { ...SEND_DEFAULTS, mode: 'now', sendAt: at })).toEqual({ batchId: 7, channels: ['app'], sendAt: undefined, verifyMethod: 'sms', requireSignature: false, requirePassword: false, autoConfirmDays: 0 });
    const scheduled = toSubmitBody(7, { ...SEND_DEFAULTS, channels: ['sms'], mode: 'scheduled', sendAt: at, autoConfirmDays: 3 });
    expect(new Date(scheduled.sendAt!).toISOString()).toBe('2026-06-05T01:30:00.000Z');
    expect(scheduled).toMatchObject({ channels: ['sms'], autoConfirmDays: 3 });
    expect(sendBlockedReason(0)).toBeNull();
    expect(sendBlockedReason(2)).toBe('还有 2 条工资条未匹配到人员，请先指定人员或删除后再发送');
  });
});

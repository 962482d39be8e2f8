import { idCardCheckChar } from '@wfsaas/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeFinding, passesLuhn, scanLine, scanLogDir } from './log-scan.ts';

const first17 = '11010519491231002';
const ID = `${first17}${idCardCheckChar(first17)}`;
const WRONG_CHECK_ID = `${first17}${idCardCheckChar(first17) === '0' ? '1' : '0'}`;
/** The one check digit that makes `base` pass Luhn. */
const card = (base: string) => {
  for (let d = 0; d <= 9; d++) if (passesLuhn(`${base}${d}`)) return `${base}${d}`;
  throw new Error('unreachable');
};
const CARD = card('622202020011223344');
const NOT_CARD = `${CARD.slice(0, -1)}${(Number(CARD.at(-1)) + 1) % 10}`;

describe('log scanner', () => {
  it('checks card numbers with Luhn', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn(CARD)).toBe(true);
    expect(passesLuhn(NOT_CARD)).toBe(false);
  });

  it.each([
    [`{"msg":"x","idNumber":"${ID}"}`, 'idNumber', ID],
    [`{"msg":"x","id":"${ID.toLowerCase()}"}`, 'idNumber', ID.toLowerCase()],
    ['{"msg":"sent to 13912345678"}', 'mobile', '13912345678'],
    ['{"msg":"to +8613912345678"}', 'mobile', '8613912345678'],
    ['{"err":{"message":"Key (phone)=(15800001111) already exists"}}', 'mobile', '15800001111'],
    [`{"detail":"card ${CARD}"}`, 'bankCard', CARD],
    ['{"req":{"url":"/wfsaas-file/api/file/download/3?temptoken=abc123def456"}}', 'token', 'abc123def456'],
    ['{"req":{"url":"/qszx-vite/detailWeifen/7?t=Zx9_kq-81LmPq2Rs"}}', 'token', 'Zx9_kq-81LmPq2Rs'],
    ['{"req":{"url":"/m/payslip/Q2h4_Xk9vL1mN3pR7sT8uW0y"}}', 'token', 'Q2h4_Xk9vL1mN3pR7sT8uW0y'],
    ['{"req":{"url":"/wfsaas-payslip/api/m/payslip/Q2h4_Xk9vL1mN3pR"}}', 'token', 'Q2h4_Xk9vL1mN3pR'],
    ['{"headers":{"authorization":"Bearer eyJhbGciOiJIUzI1NiJ9abcdef"}}', 'token', 'eyJhbGciOiJIUzI1NiJ9abcdef'],
  ])('finds what a line gives away: %s', (line, kind, value) => {
    expect(scanLine(line)).toContainEqual({ kind, value });
  });

  it.each([
    `{"time":1767225600000,"pid":13912,"hostname":"h","reqId":"4c1f2a3b-13912345678a-0000"}`,
    `{"msg":"masked 139****5678 and 110105********002X"}`,
    `{"responseTime":0.13912345678,"x":13912345678.5}`,
    `{"msg":"id ${WRONG_CHECK_ID}"}`,
    `{"msg":"not a card ${NOT_CARD}"}`,
    '{"req":{"url":"/m/payslip/[redacted]"}}',
    '{"req":{"url":"/wfsaas-payslip/api/m/payslip/verify-sms"}}',
    '{"req":{"url":"/wfsaas-sign/api/m/contract/sendCode"}}',
    '{"req":{"url":"/enterpriseInformation/transactionSet"}}',
  ])('leaves alone what is none of them: %s', (line) => {
    expect(scanLine(line)).toEqual([]);
  });

  const dir = mkdtempSync(join(tmpdir(), 'wfsaas-log-scan-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names the file and line of every finding and counts the messages', () => {
    writeFileSync(join(dir, 'a.log'), ['{"msg":"incoming request"}', '{"msg":"database refused input","err":{"code":"23505"}}', ''].join('\n'));
    writeFileSync(join(dir, 'b.log'), ['{"msg":"incoming request"}', '{"msg":"incoming request"}', `{"msg":"oops","body":{"idNumber":"${ID}","phone":"13912345678"}}`].join('\n'));
    const scan = scanLogDir(dir);
    expect(scan.files).toBe(2);
    expect(scan.lines).toBe(5);
    expect(scan.messages.get('incoming request')).toBe(3);
    expect(scan.messages.get('database refused input')).toBe(1);
    expect(scan.findings.map(describeFinding)).toEqual([`${join(dir, 'b.log')}:3: idNumber 110…${ID.slice(-3)}`, `${join(dir, 'b.log')}:3: mobile 139…678`]);
  });
});

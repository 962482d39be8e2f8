import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createSmsGateway } from './transports.ts';

describe('the file SMS gateway', () => {
  it('is off unless SMS_FILE is set, and then writes one JSON line per SMS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sms-'));
    expect(createSmsGateway(loadConfig({ DATA_DIR: dir }))).toBeUndefined();
    const file = join(dir, 'sms.log');
    const gateway = createSmsGateway(loadConfig({ DATA_DIR: dir, SMS_FILE: file }))!;
    await gateway.send('13800000000', '验证码为123456');
    await gateway.send('13900000000', '您的工资条已发放');
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { phone: string; text: string });
    expect(lines).toMatchObject([
      { phone: '13800000000', text: '验证码为123456' },
      { phone: '13900000000', text: '您的工资条已发放' },
    ]);
  });
});

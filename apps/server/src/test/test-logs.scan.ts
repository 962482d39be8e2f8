/**
 * Run by scripts/test.mjs after the API tests (the `log-scan` project of vitest.config.ts, which
 * exists only with WFSAAS_SCAN_LOG_DIR set): the server log of the whole run, written at debug level
 * into that folder (WFSAAS_TEST_LOG_DIR of the test apps), holds no ID number, phone, card or token.
 */
import { describe, expect, it } from 'vitest';
import { describeFinding, scanLogDir } from './log-scan.ts';

const dir = process.env.WFSAAS_SCAN_LOG_DIR;

describe('the server log of the API test run', () => {
  it('gives away no ID number, mobile, bank card or link token', () => {
    if (!dir) throw new Error('WFSAAS_SCAN_LOG_DIR names the folder of the run’s logs');
    const scan = scanLogDir(dir);
    // a run that logged next to nothing would pass by scanning nothing
    expect(scan.files, `log files in ${dir}`).toBeGreaterThanOrEqual(20);
    expect(scan.lines, `log lines in ${dir}`).toBeGreaterThanOrEqual(2000);
    expect(scan.messages.get('incoming request') ?? 0, 'requests logged').toBeGreaterThanOrEqual(1000);
    // database errors carrying personal data in their parameters went through the log (logging.test.ts makes some)
    expect(scan.messages.get('database refused input') ?? 0, 'database refusals logged').toBeGreaterThanOrEqual(1);
    expect(scan.findings.slice(0, 50).map(describeFinding), `${scan.findings.length} findings in ${scan.lines} lines of ${scan.files} files`).toEqual([]);
  });
});

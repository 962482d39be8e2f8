import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signContract } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { API, giveIdNumbers, ownerRows, postPdf, setUpTemplates } from './econtract-test-support.ts';

/**
 * Independent verification: a contract signed by the company and the employee through the API is
 * checked with Debian's pdfsig (poppler) against an NSS database that trusts only the platform root.
 */

const hasBinary = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
const HAS_PDFSIG = hasBinary('pdfsig') && hasBinary('certutil');

type Sig = { valid: boolean; digestMismatch: boolean; totalDocument: boolean; trusted: boolean; commonName: string };

function pdfsig(pdf: Uint8Array, rootPem: string): { output: string; signatures: Sig[] } {
  const dir = mkdtempSync(join(tmpdir(), 'econtract-pdfsig-'));
  try {
    const db = join(dir, 'nss');
    mkdirSync(db);
    writeFileSync(join(dir, 'root.pem'), rootPem);
    execFileSync('certutil', ['-N', '--empty-password', '-d', `sql:${db}`]);
    execFileSync('certutil', ['-A', '-n', 'root', '-t', 'CT,C,C', '-i', join(dir, 'root.pem'), '-d', `sql:${db}`]);
    const file = join(dir, 'contract.pdf');
    writeFileSync(file, pdf);
    // pdfsig exits 0 even when a signature fails: the verdict is in its output.
    const r = spawnSync('pdfsig', ['-nssdir', `sql:${db}`, file], { encoding: 'utf8' });
    const output = `${r.stdout}${r.stderr}`;
    const signatures = output
      .split(/^Signature #\d+:/m)
      .slice(1)
      .map((block) => ({
        commonName: /Signer Certificate Common Name: (.*)/.exec(block)?.[1]?.trim() ?? '',
        valid: /Signature Validation: Signature is Valid\./.test(block),
        digestMismatch: /Digest Mismatch/.test(block),
        totalDocument: /^\s*- Total document signed/m.test(block),
        trusted: /Certificate Validation: Certificate is Trusted\./.test(block),
      }));
    return { output, signatures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let t: TestApp;
let admin: string;
let signed: Buffer;
let rootPem: string;

const SKIP_REASON = ' — skipped: pdfsig (poppler-utils) or certutil (libnss3-tools) is not installed';

describe.skipIf(!HAS_PDFSIG)(`pdfsig verifies contracts signed through the API${HAS_PDFSIG ? '' : SKIP_REASON}`, () => {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('13800000000');
    const people = await giveIdNumbers(t, 1);
    const { packageId } = await setUpTemplates(t, admin);
    const [employeeId, who] = [...people.entries()][1]!;
    const sealId = Number((await ownerRows<{ id: number }>(t, sql`select id from seals where company_id = 1 order by id limit 1`))[0]!.id);
    const contractId = await signContract(t, { token: admin, employeeId, packageId, sealId, who, sealExtra: { crossPage: true } });
    const dl = await postPdf(t, `${API}/contract/download`, { contractId }, { token: admin, companyId: 1 });
    expect(dl.type).toBe('application/pdf');
    signed = dl.bytes;
    const root = await t.app.inject({ method: 'GET', url: `${API}/ca/root.pem` });
    rootPem = root.body;
  }, 120_000);
  afterAll(async () => t?.close());

  it('two signatures, each valid and trusted; the last covers the total document', () => {
    const r = pdfsig(signed, rootPem);
    expect(r.signatures, r.output).toHaveLength(2);
    for (const s of r.signatures) {
      expect(s.valid, r.output).toBe(true);
      expect(s.trusted, r.output).toBe(true);
    }
    expect(r.signatures[0]!.commonName).toBe('杭州云帆科技有限公司');
    expect(r.signatures[1]!.totalDocument, r.output).toBe(true);
    expect(r.signatures[0]!.totalDocument).toBe(false);
  });

  it('a flipped byte inside a signed range: Digest Mismatch or not valid', () => {
    const tampered = Buffer.from(signed);
    // A byte early in the file (inside both signatures' first range, in the page content area).
    const at = Math.floor(tampered.indexOf('stream') + 20);
    tampered[at] = tampered[at]! ^ 0x01;
    const r = pdfsig(tampered, rootPem);
    expect(r.signatures.length).toBeGreaterThan(0);
    for (const s of r.signatures) expect(s.digestMismatch || !s.valid, r.output).toBe(true);
  });

  it('bytes appended after the last signature: not total document signed', () => {
    const appended = Buffer.concat([signed, Buffer.from('\n% appended after signing\n')]);
    const r = pdfsig(appended, rootPem);
    expect(r.signatures).toHaveLength(2);
    expect(r.signatures.some((s) => s.totalDocument), r.output).toBe(false);
  });
});

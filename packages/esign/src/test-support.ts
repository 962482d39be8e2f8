import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Test-only wrappers of poppler-utils (pdftotext, pdfsig) and NSS certutil. */
export function hasBinary(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

export const HAS_PDFTOTEXT = hasBinary('pdftotext');
export const HAS_PDFSIG = hasBinary('pdfsig') && hasBinary('certutil');

export function withTempDir<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'esign-test-'));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** pdftotext of a PDF, or of one page (1-based). */
export function pdfToText(pdf: Uint8Array, page?: number): string {
  return withTempDir((dir) => {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    const range = page ? ['-f', String(page), '-l', String(page)] : [];
    return execFileSync('pdftotext', [...range, '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  });
}

/** Number of pages as poppler sees them: pdftotext ends every page with a form feed. */
export function pageCount(pdf: Uint8Array): number {
  return pdfToText(pdf).split('\f').length - 1;
}

/** Text without any whitespace, for comparing extracted text with what was written. */
export const squash = (text: string): string => text.replace(/\s+/g, '');

export type PdfsigSignature = { block: string; commonName: string; valid: boolean; digestMismatch: boolean; totalDocument: boolean; trusted: boolean };

/** An NSS database trusting `rootPem`, made the way the documentation says, for pdfsig. */
export function pdfsig(pdf: Uint8Array, rootPem: string): { output: string; signatures: PdfsigSignature[] } {
  return withTempDir((dir) => {
    const db = join(dir, 'nss');
    execFileSync('mkdir', [db]);
    writeFileSync(join(dir, 'root.pem'), rootPem);
    execFileSync('certutil', ['-N', '--empty-password', '-d', `sql:${db}`]);
    execFileSync('certutil', ['-A', '-n', 'root', '-t', 'CT,C,C', '-i', join(dir, 'root.pem'), '-d', `sql:${db}`]);
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    // pdfsig exits 0 even when a signature fails: the verdict is in its output.
    const r = spawnSync('pdfsig', ['-nssdir', `sql:${db}`, file], { encoding: 'utf8' });
    const output = `${r.stdout}${r.stderr}`;
    const signatures = output
      .split(/^Signature #\d+:/m)
      .slice(1)
      .map((block) => ({
        block,
        commonName: /Signer Certificate Common Name: (.*)/.exec(block)?.[1]?.trim() ?? '',
        valid: /Signature Validation: Signature is Valid\./.test(block),
        digestMismatch: /Digest Mismatch/.test(block),
        totalDocument: /^\s*- Total document signed/m.test(block),
        trusted: /Certificate Validation: Certificate is Trusted\./.test(block),
      }));
    return { output, signatures };
  });
}

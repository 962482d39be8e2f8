import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isValidUscc, type LicenceOcrResult } from '@wfsaas/contracts';

/** Business-licence OCR with a local tesseract (chi_sim), when the machine has it (docs/enterprise.md). */

const OCR_TIMEOUT_MS = 20_000;
export const OCR_MAX_BYTES = 8 * 1024 * 1024;

let available: Promise<boolean> | undefined;

function run(args: string[], timeout: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('tesseract', args, { timeout, maxBuffer: 4 * 1024 * 1024, encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err) reject(err);
      else resolve(`${stdout}\n${stderr}`);
    });
  });
}

/** Whether tesseract with the simplified-Chinese model is installed; asked once per process. */
export function isOcrAvailable(): Promise<boolean> {
  available ??= run(['--list-langs'], 5000)
    .then((out) => out.split(/\s+/).includes('chi_sim'))
    .catch(() => false);
  return available;
}

/** The raw text tesseract reads from an image. */
export async function recogniseText(image: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wfsaas-ocr-'));
  try {
    const file = join(dir, 'licence');
    await writeFile(file, image);
    return await new Promise((resolve, reject) => {
      execFile('tesseract', [file, 'stdout', '-l', 'chi_sim', '--psm', '6'], { timeout: OCR_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024, encoding: 'utf8' }, (err, stdout) =>
        err ? reject(err) : resolve(stdout),
      );
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const after = (text: string, labels: string[]): string | null => {
  for (const label of labels) {
    const m = new RegExp(`${label.split('').join('\\s*')}\\s*[:：]?\\s*([^\\n]+)`).exec(text);
    const v = m?.[1]?.trim();
    if (v) return v;
  }
  return null;
};

/**
 * The credit code in a run of recognised characters: only a code whose check digit holds is taken,
 * trying the OCR's usual slips (O for 0, I for 1, one character too many).
 */
export function pickCreditCode(text: string): string | null {
  for (const run of text.toUpperCase().match(/[0-9A-Z]{17,20}/g) ?? []) {
    const fixed = [run, run.replace(/O/g, '0').replace(/I/g, '1')];
    for (const r of fixed) {
      const tries = r.length === 18 ? [r] : r.length === 19 ? [...r].map((_, i) => r.slice(0, i) + r.slice(i + 1)) : [];
      const hit = tries.find(isValidUscc);
      if (hit) return hit;
    }
  }
  return null;
}

/** Picks the licence's fields out of recognised text; what it cannot find is null, for the user to fill in. */
export function parseLicenceText(raw: string): LicenceOcrResult {
  const text = raw.replace(/[ \t\u3000]+(?=[\u4e00-\u9fa5])|(?<=[\u4e00-\u9fa5])[ \t\u3000]+/g, '');
  const name = after(text, ['名称']);
  return {
    name: name ? name.split(/\s{2,}|类型/)[0]!.trim() : null,
    creditCode: pickCreditCode(text.replace(/[ \t]+/g, '')),
    legalRepresentative: after(text, ['法定代表人', '负责人', '经营者'])?.split(/\s|注册|成立/)[0] ?? null,
    address: after(text, ['住所', '经营场所', '营业场所']),
  };
}

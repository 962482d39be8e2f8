/**
 * Finds personal data and link tokens in log lines: the check run over the server log of a whole
 * API test run (./test-logs.scan.ts, started by scripts/test.mjs).
 */
import { idCardCheckChar } from '@wfsaas/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type LogFindingKind = 'idNumber' | 'mobile' | 'bankCard' | 'token';
export type LogFinding = { kind: LogFindingKind; value: string };
export type FileFinding = LogFinding & { file: string; line: number };

/** Luhn check of a card number (ISO/IEC 7812). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** A run of letters and digits as a whole: the fraction or integer part of a decimal number is none of these. */
function classifyRun(run: string): LogFindingKind | undefined {
  if (/^\d{17}[\dX]$/i.test(run) && idCardCheckChar(run.slice(0, 17)) === run[17]!.toUpperCase()) return 'idNumber';
  if (/^(?:86)?1[3-9]\d{9}$/.test(run)) return 'mobile';
  if (/^\d{16,19}$/.test(run) && passesLuhn(run)) return 'bankCard';
  return undefined;
}

const ROUTE_WORD = /^[a-z]+(?:[A-Z][a-z]+|-[a-z]+)*$/;
const TOKEN_PATTERNS = [
  /[?&](?:temptoken|token|ticket|t)=([^&\s"\\]+)/g,
  /\/m\/[A-Za-z]+\/([A-Za-z0-9_-]{8,})/g,
  /Bearer\s+([A-Za-z0-9._~+/=-]{16,})/g,
];

/** What one log line gives away. */
export function scanLine(text: string): LogFinding[] {
  const found: LogFinding[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9]+/g)) {
    const at = m.index;
    const end = at + m[0].length;
    if (/\d\.$/.test(text.slice(Math.max(0, at - 2), at)) || /^\.\d/.test(text.slice(end, end + 2))) continue;
    const kind = classifyRun(m[0]);
    if (kind) found.push({ kind, value: m[0] });
  }
  for (const pattern of TOKEN_PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const value = m[1]!;
      if (value !== '[redacted]' && !ROUTE_WORD.test(value)) found.push({ kind: 'token', value });
    }
  }
  return found;
}

export type LogScan = { files: number; lines: number; findings: FileFinding[]; messages: Map<string, number> };

/** Every line of every file in the folder: what they give away, and how often each message was logged. */
export function scanLogDir(dir: string): LogScan {
  const scan: LogScan = { files: 0, lines: 0, findings: [], messages: new Map() };
  for (const name of readdirSync(dir).sort()) {
    const file = join(dir, name);
    scan.files++;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, i) => {
      if (text === '') return;
      scan.lines++;
      for (const f of scanLine(text)) scan.findings.push({ ...f, file, line: i + 1 });
      const msg = /"msg":"((?:[^"\\]|\\.)*)"/.exec(text)?.[1];
      if (msg !== undefined) scan.messages.set(msg, (scan.messages.get(msg) ?? 0) + 1);
    });
  }
  return scan;
}

/** A finding as a failure message names it: the value shortened so the report does not repeat it whole. */
export function describeFinding(f: FileFinding): string {
  const shown = f.value.length > 8 ? `${f.value.slice(0, 3)}…${f.value.slice(-3)}` : f.value;
  return `${f.file}:${f.line}: ${f.kind} ${shown}`;
}

import type { PhoneContractView } from '@wfsaas/contracts';

/** Pure rules of the employee's contract phone page (unit-tested). */

export type PhoneStep = 'read' | 'fill' | 'sign' | 'done' | 'blocked';

/** Where the employee stands once verified: signed, blocked, or which task comes next. */
export function stepOf(v: Pick<PhoneContractView, 'canSign' | 'employeeSignedAt' | 'inputs'>, wantsToSign: boolean): PhoneStep {
  if (v.employeeSignedAt) return 'done';
  if (!v.canSign) return 'blocked';
  if (!wantsToSign) return 'read';
  return missingInputs(v.inputs).length > 0 ? 'fill' : 'sign';
}

/** Required employee-filled fields without a value. */
export function missingInputs(inputs: PhoneContractView['inputs']): string[] {
  return inputs.filter((i) => i.required && !(i.value ?? '').trim()).map((i) => i.key);
}

/** The values to send: every input's trimmed text. */
export function fillValues(inputs: PhoneContractView['inputs'], edits: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of inputs) out[i.key] = (edits[i.key] ?? i.value ?? '').trim();
  return out;
}

/** The verification form is complete: a 6-digit code, a name, 6 characters of the ID number. */
export function canVerify(code: string, name: string, idLast6: string): boolean {
  return /^\d{6}$/.test(code) && name.trim() !== '' && /^[0-9A-Z]{6}$/.test(idLast6);
}

/** The link's token from the page's query (?t=…). */
export function linkToken(search: string): string {
  return new URLSearchParams(search).get('t') ?? '';
}

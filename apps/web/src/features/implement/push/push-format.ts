import { templateVariables, type PushVariable } from '@wfsaas/contracts';
import type { StatusTone } from '../../../app/ui/StatusTag.tsx';

/** The variables a text names that the event does not declare (refused on save). */
export function unknownVariables(text: string | undefined, variables: readonly PushVariable[]): string[] {
  const known = new Set(variables.map((v) => v.name));
  return templateVariables(text ?? '').filter((n) => !known.has(n));
}

/** A form rule refusing unknown {{变量}} with the same words as the server. */
export function variablesRule(variables: readonly PushVariable[]) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      const unknown = unknownVariables(value, variables);
      if (unknown.length > 0) throw new Error(`不支持的变量：${unknown.map((n) => `{{${n}}}`).join('、')}`);
    },
  };
}

export const outboxTone = (status: number): StatusTone => (status === 1 ? 'success' : status === 2 ? 'error' : status === 0 ? 'processing' : 'default');

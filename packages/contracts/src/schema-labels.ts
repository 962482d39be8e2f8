import type { z } from 'zod';

/** Field labels carried through zod wrappers, so a validation message names the field. */

type Def = { innerType?: z.ZodType; in?: z.ZodType };

/** The label of a schema or of the schema it wraps (optional, nullable, default …). */
function labelOf(s: z.ZodType): string | undefined {
  let cur: z.ZodType | undefined = s;
  for (let i = 0; i < 6 && cur; i++) {
    if (cur.description) return cur.description;
    const def: Def = (cur as unknown as { _zod: { def: Def } })._zod.def;
    cur = def.innerType;
  }
  return undefined;
}

/** Carries each field's label onto its optional/nullable wrapper, so a validation message names the field. */
export function labelled<T extends Record<string, z.ZodType>>(shape: T): T {
  const out: Record<string, z.ZodType> = {};
  for (const [k, s] of Object.entries(shape)) {
    const label = s.description ? undefined : labelOf(s);
    out[k] = label ? s.describe(label) : s;
  }
  return out as T;
}

/** Every field optional, labels kept. */
export function partialLabelled<T extends Record<string, z.ZodType>>(shape: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  const out: Record<string, z.ZodType> = {};
  for (const [k, s] of Object.entries(shape)) out[k] = s.optional().describe(labelOf(s) ?? k);
  return out as { [K in keyof T]: z.ZodOptional<T[K]> };
}

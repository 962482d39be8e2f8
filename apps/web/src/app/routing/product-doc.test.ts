import { readFileSync } from 'node:fs';
import { ROUTES } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { SCREEN_NAMES } from './screen-names.ts';

const doc = readFileSync(new URL('../../../../../docs/product.md', import.meta.url), 'utf8');
const rows = new Map([...doc.matchAll(/^\| `(\/[^`]*)` \| [^|]+ \| ([^|]+) \|$/gm)].map((m) => [m[1] as string, (m[2] as string).trim()]));
const built = new Set<string>([...SCREEN_NAMES, 'home']);

describe('docs/product.md', () => {
  it('lists every route of the route table with its state', () => {
    const wrong = ROUTES.map((r) => {
      const state = r.redirect ? `→ ${r.redirect}` : r.public ? 'public' : built.has(r.name) ? 'built' : 'not built';
      return rows.get(r.path) === state ? null : `${r.path}: ${rows.get(r.path) ?? 'missing'} (should be ${state})`;
    });
    expect(wrong.filter(Boolean)).toEqual([]);
  });

  it('lists no route the table does not have', () => {
    const paths = new Set(ROUTES.map((r) => r.path));
    expect([...rows.keys()].filter((p) => !paths.has(p))).toEqual([]);
  });
});

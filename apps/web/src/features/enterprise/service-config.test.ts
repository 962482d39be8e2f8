import { ROUTES, SERVICE_TYPES } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import { openableSettings, SERVICE_SETTINGS } from './service-config.ts';

describe('service configuration', () => {
  it('lists every service, each setting pointing at a real route', () => {
    const names = new Set(ROUTES.map((r) => r.name));
    expect(Object.keys(SERVICE_SETTINGS).sort()).toEqual([...SERVICE_TYPES].sort());
    for (const settings of Object.values(SERVICE_SETTINGS)) for (const s of settings) expect(names.has(s.route), s.route).toBe(true);
  });

  it('offers only the settings the member can open', () => {
    expect(openableSettings(SERVICE_SETTINGS.econtract, (r) => r === 'sealList').map((s) => s.route)).toEqual(['sealList']);
  });
});

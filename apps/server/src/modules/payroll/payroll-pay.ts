import { monthFixedPay, type MonthFixedPay, type PayFrom, type ProrationBasis } from '@wfsaas/payroll';
import type { StoredGroupConfig } from '../../db/schema/payroll.ts';
import { isWorkingDate, type DayKinds } from './payroll-calendar.ts';
import type { PayChangeRow } from './payroll.queries.ts';

/** Before the first recorded change, a salary has been in force since always. */
const SINCE_ALWAYS = '0001-01-01';

/**
 * Each member's pay timeline: the salary before their first recorded pay change (that change's
 * `before`, else the record's salary), then each change's salary from its effective date. Pay is
 * changed through 调薪 / 转正 / 调岗 (dated); the record alone holds the pay of someone never changed.
 */
export function payTimelines(members: readonly { id: number; salary: string | null }[], changes: readonly PayChangeRow[]): Map<number, PayFrom[]> {
  const byEmployee = new Map<number, PayChangeRow[]>();
  for (const c of changes) byEmployee.set(c.employeeId, [...(byEmployee.get(c.employeeId) ?? []), c]);
  const out = new Map<number, PayFrom[]>();
  for (const m of members) {
    const own = byEmployee.get(m.id) ?? [];
    const baseline = own[0]?.before ?? m.salary;
    const timeline: PayFrom[] = baseline === null ? [] : [{ from: SINCE_ALWAYS, salary: baseline }];
    for (const c of own) timeline.push({ from: c.effectiveDate, salary: c.after });
    out.set(m.id, timeline);
  }
  return out;
}

/**
 * Items a month's data may fill: import items, and fixed pay items (read from the record; a figure
 * given for the month overrides it, flagged in the check and the result).
 */
export function importableItems(config: StoredGroupConfig): string[] {
  return config.items.filter((i) => i.type === 1 || i.type === 3).map((i) => i.name);
}

/** The group's items as result tables show them (ResultItemColumn of @wfsaas/contracts). */
export function resultItemColumns(config: StoredGroupConfig): { name: string; type: number; category: string; systemKey?: string; role?: 'gross' | 'net' }[] {
  return config.items.map((i) => ({
    name: i.name,
    type: i.type,
    category: i.category,
    ...(i.systemKey ? { systemKey: i.systemKey } : {}),
    ...(i.name === config.grossItem ? { role: 'gross' as const } : i.name === config.netItem ? { role: 'net' as const } : {}),
  }));
}

export function prorationBasis(config: StoredGroupConfig): ProrationBasis {
  return config.prorationBasis ?? 'workdays';
}

/** The month's fixed pay of one member by the group's rule (null: no salary known). */
export function fixedPayOf(
  month: string,
  config: StoredGroupConfig,
  kinds: DayKinds,
  member: { hireDate: string | null; leaveDate: string | null },
  timeline: readonly PayFrom[],
): MonthFixedPay | null {
  return monthFixedPay({ month, timeline, hireDate: member.hireDate, leaveDate: member.leaveDate, basis: prorationBasis(config), isWorkingDay: (d) => isWorkingDate(d, kinds) });
}

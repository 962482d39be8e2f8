import type { EmployeeTaskItem } from '@wfsaas/contracts';
import type { StatusTone } from '../../app/ui/StatusTag.tsx';

/** Rules of the employee-task screen (pure, unit-tested). */

export type TaskFilterValues = { keyword?: string; type?: number | null; status?: number | null; overdue?: boolean };

/** The employeeTasks/page filters of the query form (empty values left out). */
export function taskQuery(v: TaskFilterValues): { keyword?: string; type?: number; status?: number; overdue?: boolean } {
  const out: { keyword?: string; type?: number; status?: number; overdue?: boolean } = {};
  const kw = v.keyword?.trim();
  if (kw) out.keyword = kw;
  if (v.type !== undefined && v.type !== null) out.type = v.type;
  if (v.status !== undefined && v.status !== null) out.status = v.status;
  if (v.overdue) out.overdue = true;
  return out;
}

/** Done green, overdue red, open blue. */
export function taskTone(t: Pick<EmployeeTaskItem, 'status' | 'isOverdue'>): StatusTone {
  if (t.status === 1) return 'success';
  return t.isOverdue ? 'error' : 'processing';
}

import type { PositionItem } from '@wfsaas/contracts';

/** The positions a form offers for its chosen department (pure, unit-tested). */

type Position = Pick<PositionItem, 'id' | 'name' | 'departmentId' | 'departmentName'>;

/** Company-wide positions, and those of the chosen department; before a department is chosen, the company-wide ones. */
export function positionsForDepartment<T extends Position>(positions: readonly T[], departmentId: number | null | undefined): T[] {
  return positions.filter((p) => p.departmentId === null || (departmentId !== null && departmentId !== undefined && p.departmentId === departmentId));
}

/** Whether a chosen position still fits once the department changes (no position always fits). */
export function positionFits(positions: readonly Position[], positionId: number | null | undefined, departmentId: number | null | undefined): boolean {
  if (positionId === null || positionId === undefined) return true;
  const p = positions.find((x) => x.id === positionId);
  // a position not in the list (disabled, or still loading) is left for the server to judge
  return !p || p.departmentId === null || p.departmentId === departmentId;
}

/** Select options: a department's own positions name their department; `keep` (the stored choice) stays listed. */
export function positionOptions(positions: readonly Position[], departmentId: number | null | undefined, keep?: number | null): { value: number; label: string }[] {
  const offered = positionsForDepartment(positions, departmentId);
  const kept = keep === null || keep === undefined || offered.some((p) => p.id === keep) ? [] : positions.filter((p) => p.id === keep);
  return [...offered, ...kept].map((p) => ({ value: p.id, label: p.departmentName ? `${p.name}（${p.departmentName}）` : p.name }));
}

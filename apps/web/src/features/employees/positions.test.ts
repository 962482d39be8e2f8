import { describe, expect, it } from 'vitest';
import { positionFits, positionOptions, positionsForDepartment } from './positions.ts';

const P = [
  { id: 1, name: '部门经理', departmentId: null, departmentName: null },
  { id: 2, name: '前端工程师', departmentId: 10, departmentName: '前端组' },
  { id: 3, name: '会计', departmentId: 20, departmentName: '财务部' },
];

describe('positions by department', () => {
  it('offers the company-wide positions and the chosen department’s own', () => {
    expect(positionsForDepartment(P, 10).map((p) => p.name)).toEqual(['部门经理', '前端工程师']);
    expect(positionsForDepartment(P, 20).map((p) => p.name)).toEqual(['部门经理', '会计']);
    expect(positionsForDepartment(P, null).map((p) => p.name)).toEqual(['部门经理']);
    expect(positionsForDepartment(P, 99).map((p) => p.name)).toEqual(['部门经理']);
  });

  it('labels a department’s position with its department and keeps a stored choice listed', () => {
    expect(positionOptions(P, 10)).toEqual([
      { value: 1, label: '部门经理' },
      { value: 2, label: '前端工程师（前端组）' },
    ]);
    expect(positionOptions(P, 10, 3).map((o) => o.value)).toEqual([1, 2, 3]);
    expect(positionOptions(P, 10, 2).map((o) => o.value)).toEqual([1, 2]);
  });

  it('says whether a chosen position still fits a new department', () => {
    expect(positionFits(P, 2, 10)).toBe(true);
    expect(positionFits(P, 2, 20)).toBe(false);
    expect(positionFits(P, 1, 20)).toBe(true);
    expect(positionFits(P, null, 20)).toBe(true);
    expect(positionFits(P, 404, 20)).toBe(true);
  });
});

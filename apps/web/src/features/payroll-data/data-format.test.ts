import type { DataGroupView, RunInputSource, RunPullResult } from '@wfsaas/contracts';
import { describe, expect, it } from 'vitest';
import {
  batchDetailPath,
  batchesPath,
  batchStatusTone,
  columnsProblem,
  contestedInputs,
  countSources,
  kindKeyOf,
  normaliseColumns,
  pullSummary,
  PUSH_PATH,
  pushCurl,
  pushExampleBody,
  sourceBadge,
  tablesWithDataIn,
  unfedInputs,
} from './data-format.ts';

describe('paths of the kinds', () => {
  it.each([
    [1, 7, '/fzsxapp/importTableDataDetail/7', '/fzsxapp/importTableDataBatch/3'],
    [2, 7, '/fzsxapp/iotData/detail/7', '/fzsxapp/iotData?table=3'],
    [3, 7, '/fzsxapp/applicationData/detail/7', '/fzsxapp/applicationData?table=3'],
  ])('kind %i: batch %i at %s, table 3 batches at %s', (kind, batchId, detail, batches) => {
    expect(batchDetailPath(kind, batchId)).toBe(detail);
    expect(batchesPath(kind, 3)).toBe(batches);
  });

  it('reads an unknown kind as an import table', () => {
    expect(kindKeyOf(9)).toBe('import');
    expect(kindKeyOf(2)).toBe('iot');
  });

  it('tones a valid batch green and a voided one default', () => {
    expect(batchStatusTone(1)).toBe('success');
    expect(batchStatusTone(2)).toBe('default');
  });
});

describe('tablesWithDataIn', () => {
  it('counts tables whose latest month is this one, and asks about those with a later one', () => {
    const tables = [
      { id: 1, latestMonth: '2026-05' },
      { id: 2, latestMonth: '2026-04' },
      { id: 3, latestMonth: null },
      { id: 4, latestMonth: '2026-06' },
      { id: 5, latestMonth: '2026-05' },
    ];
    expect(tablesWithDataIn(tables, '2026-05')).toEqual({ known: 2, unsure: [4] });
    expect(tablesWithDataIn([], '2026-05')).toEqual({ known: 0, unsure: [] });
  });
});

describe('the push example', () => {
  const table = { id: 12, matchKey: 'employeeNo' as const, columns: [{ column: '打卡天数', item: '实际出勤天数' }, { column: '加班时长', item: '加班时长' }] };

  it('is a valid body for the table: its id, the month, two rows with every column', () => {
    const body = JSON.parse(pushExampleBody(table, '2026-05')) as { tableId: number; month: string; replace: boolean; rows: { key: string; name: string; values: Record<string, number> }[] };
    expect(body).toMatchObject({ tableId: 12, month: '2026-05', replace: false });
    expect(body.rows).toHaveLength(2);
    expect(body.rows[0]).toEqual({ key: 'A0001', name: '张伟', values: { 打卡天数: 21.5, 加班时长: 8 } });
    expect(Object.keys(body.rows[1]!.values)).toEqual(['打卡天数', '加班时长']);
  });

  it('uses ID numbers as keys for a table matched by 证件号码', () => {
    const body = JSON.parse(pushExampleBody({ ...table, matchKey: 'idNumber' }, '2026-05')) as { rows: { key: string }[] };
    expect(body.rows.map((r) => r.key)).toEqual(['330106199001011234', '33010619920315002X']);
  });

  it('names the push path on the origin in the command line', () => {
    expect(PUSH_PATH).toBe('/wfsaas-saas/api/payroll/data/push');
    const cmd = pushCurl('https://hr.example.com');
    expect(cmd).toContain("curl -X POST 'https://hr.example.com/wfsaas-saas/api/payroll/data/push'");
    expect(cmd).toContain('-d @data.json');
  });
});

describe('sourceBadge', () => {
  it('names a table and its batch, a value typed by hand, or one imported straight into the run', () => {
    expect(sourceBadge('21.00', { kind: 'table', tableId: 3, tableName: '考勤表', batchId: 9 })).toEqual({
      label: '考勤表',
      color: 'blue',
      tip: '来自共享数据「考勤表」批次 #9',
      batch: { tableId: 3, batchId: 9 },
    });
    expect(sourceBadge('2000', { kind: 'manual' })).toMatchObject({ label: '手工录入', color: 'orange' });
    expect(sourceBadge('900', undefined)).toMatchObject({ label: '直接导入', color: 'default' });
  });

  it('shows nothing for a missing value', () => {
    expect(sourceBadge(undefined, { kind: 'manual' })).toBeNull();
    expect(sourceBadge('', undefined)).toBeNull();
  });

  it('counts the values of a page by origin', () => {
    const rows: { values: Record<string, string>; sources: Record<string, RunInputSource> }[] = [
      { values: { 实际出勤天数: '21', 绩效奖金: '2000' }, sources: { 实际出勤天数: { kind: 'table', tableId: 1, tableName: '考勤表', batchId: 2 }, 绩效奖金: { kind: 'manual' } } },
      { values: { 实际出勤天数: '20', 岗位津贴: '' }, sources: {} },
    ];
    expect(countSources(rows)).toEqual({ table: 1, manual: 1, direct: 1 });
  });
});

describe('the columns of the table form', () => {
  it('strips spaces from headers and trims items, as the server stores them', () => {
    expect(normaliseColumns([{ column: ' 出勤 天数 ', item: ' 实际出勤天数 ' }, {}])).toEqual([
      { column: '出勤天数', item: '实际出勤天数' },
      { column: '', item: '' },
    ]);
  });

  it.each([
    [[], '请至少设置一列'],
    [[{ column: '', item: '绩效奖金' }], '第1行：表头名称不能为空'],
    [[{ column: '绩效', item: '绩效奖金' }, { column: '餐补', item: ' ' }], '第2行：工资项名称不能为空'],
    [[{ column: '工号', item: '绩效奖金' }], '数据列：「工号」用于匹配员工，不能作为数据列'],
    [[{ column: '姓 名', item: '绩效奖金' }], '数据列：「姓名」用于匹配员工，不能作为数据列'],
    [[{ column: '出勤天数', item: '实际出勤天数' }, { column: '出勤 天数', item: '绩效奖金' }], '数据列：表头名称「出勤天数」重复'],
    [[{ column: 'A', item: '绩效奖金' }, { column: 'B', item: '绩效奖金 ' }], '数据列：工资项「绩效奖金」对应了多列，一个工资项只能对应一列'],
    [[{ column: '出勤天数', item: '实际出勤天数' }, { column: '绩效', item: '绩效奖金' }], null],
  ])('%j → %s', (rows, problem) => {
    expect(columnsProblem(rows)).toBe(problem);
  });
});

describe('a group and its tables', () => {
  const group: Pick<DataGroupView, 'inputItems' | 'tables'> = {
    inputItems: ['基本工资', '实际出勤天数', '绩效奖金', '岗位津贴'],
    tables: [
      { tableId: 1, name: '考勤表', kind: 1, category: '考勤', matched: [{ column: '出勤天数', item: '实际出勤天数' }, { column: '绩效', item: '绩效奖金' }], unmatched: [] },
      { tableId: 2, name: '考勤机', kind: 2, category: '考勤', matched: [{ column: '打卡天数', item: '实际出勤天数' }], unmatched: [{ column: '加班时长', item: '加班时长' }] },
    ],
  };

  it('lists the input items no table feeds', () => {
    expect(unfedInputs(group)).toEqual(['基本工资', '岗位津贴']);
    expect(unfedInputs({ inputItems: ['基本工资'], tables: [] })).toEqual(['基本工资']);
  });

  it('lists the input items several tables feed', () => {
    expect(contestedInputs(group)).toEqual([{ item: '实际出勤天数', tables: ['考勤表', '考勤机'] }]);
    expect(contestedInputs({ tables: group.tables.slice(0, 1) })).toEqual([]);
  });
});

describe('pullSummary', () => {
  it('says how many employees got data and what was left out', () => {
    const r: RunPullResult = {
      employees: 4,
      tables: [
        { tableId: 1, tableName: '九月考勤', batchId: 5, applied: 4, notMembers: 1, errors: 0 },
        { tableId: 2, tableName: '门禁补贴', batchId: 6, applied: 1, notMembers: 0, errors: 2 },
        { tableId: 3, tableName: '绩效', batchId: null, applied: 0, notMembers: 0, errors: 0 },
      ],
    };
    expect(pullSummary(r)).toBe('已从 2 个数据表为 4 名员工取数；1 个数据表本月暂无有效数据；1 行不是本批次人员，未取用；2 行有错误，未取用');
    expect(pullSummary({ employees: 3, tables: [r.tables[0]!].map((t) => ({ ...t, notMembers: 0 })) })).toBe('已从 1 个数据表为 3 名员工取数');
  });
});

import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { employees } from '../../db/schema/index.ts';
import type { Executor } from '../../platform/db.ts';

/** The roster list: filters, sorting, paging, and the keyset batches of the export. */

/** How a custom field is compared, from its widget type. */
export type CustomFilterKind = 'text' | 'number' | 'date' | 'array' | 'scalar';

export type ResolvedKeyword = {
  /** Every character pair of the lower-cased keyword (or its one character): a name must hold them all. */
  tokens: string[];
  /** lower(name) like this (escaped, with % on both sides): confirms the tokens are in order. */
  nameLike: string;
  /** employee_no starts with one of these (the keyword as typed and upper-cased). */
  employeeNoPrefixes: string[];
  /** Exact mobile by look-up hash (an 11-digit keyword). */
  mobileHash?: string;
};

export type ResolvedFilter = {
  ids?: readonly number[];
  keyword?: ResolvedKeyword;
  departmentId?: number;
  includeSubDepartments?: boolean;
  positionId?: number;
  rankId?: number;
  costCenterId?: number;
  statuses?: readonly number[];
  employmentTypes?: readonly number[];
  hireDateFrom?: string;
  hireDateTo?: string;
  /** Leaves out employees with a resignation waiting for its date or for review. */
  excludeResigning?: boolean;
  /** Only employees without a labour contract in force (status 1) of a labour-contract type (1–3). */
  withoutLabourContract?: boolean;
  /** The caller's department data permission (subtrees expanded); null or absent: the whole company. */
  scope?: readonly number[] | null;
  custom?: readonly { key: string; op: 'eq' | 'contains' | 'gte' | 'lte'; value: string | number | boolean; kind: CustomFilterKind }[];
};

export type SortSpec = { by: 'hireDate' | 'employeeNo' | 'name' | 'createdAt'; order: 'asc' | 'desc' };

/** The WHERE of a roster query. Department subtrees go through the materialised path. */
export function rosterWhere(companyId: number, f: ResolvedFilter): SQL {
  const e = employees;
  const conds: (SQL | undefined)[] = [eq(e.companyId, companyId), isNull(e.archivedAt)];
  if (f.ids) conds.push(f.ids.length ? inArray(e.id, [...f.ids]) : sql`false`);
  if (f.scope) conds.push(f.scope.length ? inArray(e.departmentId, [...f.scope]) : sql`false`);
  if (f.keyword) conds.push(...keywordConditions(companyId, f.keyword, departmentIds(companyId, f)));
  const departments = departmentIds(companyId, f);
  if (departments) conds.push(sql`${e.departmentId} = ${departments}`);
  if (f.positionId !== undefined) conds.push(eq(e.positionId, f.positionId));
  if (f.rankId !== undefined) conds.push(eq(e.rankId, f.rankId));
  if (f.costCenterId !== undefined) conds.push(eq(e.costCenterId, f.costCenterId));
  if (f.statuses?.length) conds.push(inArray(e.status, [...f.statuses]));
  if (f.employmentTypes?.length) conds.push(inArray(e.employmentType, [...f.employmentTypes]));
  if (f.hireDateFrom) conds.push(gte(e.hireDate, f.hireDateFrom));
  if (f.hireDateTo) conds.push(lte(e.hireDate, f.hireDateTo));
  if (f.withoutLabourContract) conds.push(sql`not exists (select 1 from labour_contracts k where k.company_id = ${companyId} and k.employee_id = ${e.id} and k.status = 1 and k.type in (1, 2, 3))`);
  if (f.excludeResigning) conds.push(sql`not exists (select 1 from employee_changes q where q.company_id = ${companyId} and q.employee_id = ${e.id} and q.type = 'quit' and q.status in (0, 3))`);
  for (const c of f.custom ?? []) conds.push(customCondition(c));
  return and(...conds)!;
}

/**
 * The right-hand side of `department_id = …` for the department filter, or null without one: the
 * department itself, or its subtree's ids as one array (an init plan, so the planner filters rows
 * by them instead of joining).
 */
function departmentIds(companyId: number, f: ResolvedFilter): SQL | null {
  if (f.departmentId === undefined) return null;
  if (f.includeSubDepartments === false) return sql`${f.departmentId}`;
  return sql`any(array(select d.id from departments d where d.company_id = ${companyId} and d.path like (select p.path from departments p where p.company_id = ${companyId} and p.id = ${f.departmentId}) || '%'))`;
}

/**
 * The keyword as two conditions. First the candidates, each found through an index by equality
 * (the only kind the planner may push below row-level security: texteq, int8eq and starts_with are
 * leakproof, array and pattern operators are not): names holding every token, rows whose name was
 * never tokenised, employee numbers by prefix, the mobile by its hash. Then the match itself on
 * those few rows: the name contains the keyword, or the number starts with it, or the mobile is it.
 */
function keywordConditions(companyId: number, k: ResolvedKeyword, departments: SQL | null): SQL[] {
  const e = employees;
  const arms: SQL[] = [];
  // With a department filter the tokens are narrowed by their copy of the department, in the index
  // itself: a common surname then yields the holders inside the subtree, not all of the company's.
  const inDepartments = departments ? sql` and t.department_id = ${departments}` : sql``;
  if (k.tokens.length === 1) arms.push(sql`select t.employee_id from employee_name_tokens t where t.company_id = ${companyId} and t.token = ${k.tokens[0]}${inDepartments}`);
  else if (k.tokens.length > 1)
    arms.push(
      sql`select t.employee_id from employee_name_tokens t where t.company_id = ${companyId} and t.token in (${sql.join(
        k.tokens.map((x) => sql`${x}`),
        sql`, `,
      )})${inDepartments} group by t.employee_id having count(*) = ${k.tokens.length}`,
    );
  arms.push(sql`select u.id from employees u where u.company_id = ${companyId} and not u.name_indexed`);
  // The prefix as the index range it is ([p, next) in code-point order, which is text_pattern_ops'
  // byte order): the planner derives that range from `^@` only when p is a constant, so a statement
  // prepared once and planned with p unknown would otherwise read every employee.
  for (const p of k.employeeNoPrefixes) {
    const next = prefixUpperBound(p);
    const below = next === null ? sql`` : sql` and n.employee_no ~<~ ${next}`;
    arms.push(sql`select n.id from employees n where n.company_id = ${companyId} and n.employee_no ~>=~ ${p}${below} and n.employee_no ^@ ${p}`);
  }
  if (k.mobileHash) arms.push(sql`select m.id from employees m where m.company_id = ${companyId} and m.mobile_hash = ${k.mobileHash}`);
  const match = or(
    sql`lower(${e.name}) like ${k.nameLike}`,
    ...k.employeeNoPrefixes.map((p) => sql`${e.employeeNo} ^@ ${p}`),
    k.mobileHash ? eq(e.mobileHash, k.mobileHash) : undefined,
  )!;
  return [sql`${e.id} in (${sql.join(arms, sql` union all `)})`, match];
}

/**
 * The least text greater than every text starting with `prefix` in code-point order: the prefix with
 * its last character's code point raised by one (past the surrogates); null when no such text exists
 * (an empty prefix, or one ending in U+10FFFF).
 */
export function prefixUpperBound(prefix: string): string | null {
  const chars = [...prefix];
  const last = chars.pop();
  if (last === undefined) return null;
  const cp = last.codePointAt(0)!;
  if (cp >= 0x10ffff) return null;
  const next = cp + 1 === 0xd800 ? 0xe000 : cp + 1;
  return chars.join('') + String.fromCodePoint(next);
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function customCondition(c: NonNullable<ResolvedFilter['custom']>[number]): SQL {
  const cf = employees.customFields;
  const field = sql`${cf} -> ${c.key}`;
  const text = sql`${cf} ->> ${c.key}`;
  switch (c.op) {
    case 'eq':
      if (c.kind === 'array') return sql`${cf} @> ${JSON.stringify({ [c.key]: [c.value] })}::jsonb`;
      return sql`${cf} @> ${JSON.stringify({ [c.key]: c.value })}::jsonb`;
    case 'contains':
      if (c.kind === 'array') return sql`${cf} @> ${JSON.stringify({ [c.key]: [c.value] })}::jsonb`;
      return sql`${text} ilike ${`%${escapeLike(String(c.value))}%`}`;
    case 'gte':
    case 'lte': {
      const cmp = c.op === 'gte' ? sql`>=` : sql`<=`;
      if (c.kind === 'number') return sql`(case when jsonb_typeof(${field}) = 'number' then (${text})::numeric end) ${cmp} ${Number(c.value)}`;
      return sql`${text} ${cmp} ${String(c.value)}`;
    }
  }
}

/**
 * The list's columns. Organisation names are scalar subqueries rather than joins: the statement then
 * plans in a fraction of the time (the join-order search over five tables under row-level security
 * cost more than running it), and each runs only for the rows of the page. They name the outer
 * table as `employees` (drizzle leaves a single table's columns unqualified).
 */
const listColumns = {
  id: employees.id,
  name: employees.name,
  employeeNo: employees.employeeNo,
  gender: employees.gender,
  birthDate: employees.birthDate,
  idType: employees.idType,
  idNumberMasked: employees.idNumberMasked,
  mobileMasked: employees.mobileMasked,
  email: employees.email,
  departmentId: employees.departmentId,
  departmentName: sql<string | null>`(select d.name from departments d where d.company_id = employees.company_id and d.id = employees.department_id)`,
  /** Names from the root down to the department, read by the ids along its materialised path. */
  departmentPathNames: sql<string[] | null>`(select array_agg(a.name order by length(a.path)) from departments d, departments a where d.company_id = employees.company_id and d.id = employees.department_id and a.company_id = d.company_id and a.id = any(string_to_array(trim(both '/' from d.path), '/')::bigint[]))`,
  positionId: employees.positionId,
  positionName: sql<string | null>`(select p.name from positions p where p.company_id = employees.company_id and p.id = employees.position_id)`,
  rankId: employees.rankId,
  rankName: sql<string | null>`(select r.name from ranks r where r.company_id = employees.company_id and r.id = employees.rank_id)`,
  costCenterId: employees.costCenterId,
  costCenterName: sql<string | null>`(select c.name from cost_centers c where c.company_id = employees.company_id and c.id = employees.cost_center_id)`,
  employmentType: employees.employmentType,
  status: employees.status,
  hireDate: employees.hireDate,
  probationEndDate: employees.probationEndDate,
  leaveDate: employees.leaveDate,
  workLocation: employees.workLocation,
  customFields: employees.customFields,
  createdAt: employees.createdAt,
  updatedAt: employees.updatedAt,
};

/** The columns of a page row in select order (the benchmark's floor reads rows as arrays). */
export const ROSTER_PAGE_COLUMNS: readonly string[] = [...Object.keys(listColumns), 'total'];

function orderOf(sort: SortSpec): SQL[] {
  const dir = sort.order === 'asc' ? asc : desc;
  const col = { hireDate: employees.hireDate, employeeNo: employees.employeeNo, name: employees.name, createdAt: employees.createdAt }[sort.by];
  const nulls = sort.order === 'asc' ? sql`nulls first` : sql`nulls last`;
  return [sql`${dir(col)} ${nulls}`, dir(employees.id)];
}

function selectRoster(exec: Executor) {
  return exec.select(listColumns).from(employees);
}

export type RosterRow = Awaited<ReturnType<typeof selectRoster>>[number];

/** The count of a roster query (a builder: awaited, or rendered with toSQL() by the benchmark's floor). */
export function rosterCountQuery(exec: Executor, companyId: number, filter: ResolvedFilter) {
  return exec.select({ n: count() }).from(employees).where(rosterWhere(companyId, filter));
}

/**
 * The token that answers the keyword exactly, or null: a keyword of one or two characters is its own
 * token, and a live employee's name contains it exactly when the employee holds that token (longer
 * keywords need their pairs in order, which only the name itself can confirm).
 */
function exactToken(k: ResolvedKeyword): string | null {
  const [token] = k.tokens;
  return k.tokens.length === 1 && k.nameLike === `%${escapeLike(token!)}%` ? token! : null;
}

/**
 * A search the name tokens answer from their index alone: an exact token, narrowed at most by
 * department and the caller's department scope, in the default order (created_at, copied onto the
 * tokens). Other filters and sorts need the employee's record for every candidate.
 */
function tokenPageable(f: ResolvedFilter, sort: SortSpec): string | null {
  if (!f.keyword || sort.by !== 'createdAt') return null;
  const others = [f.ids, f.positionId, f.rankId, f.costCenterId, f.hireDateFrom, f.hireDateTo, f.excludeResigning || undefined, f.withoutLabourContract || undefined];
  if (others.some((x) => x !== undefined) || f.statuses?.length || f.employmentTypes?.length || f.custom?.length) return null;
  return exactToken(f.keyword);
}

/**
 * One page of a search the tokens answer exactly (see tokenPageable): the matches are the token's
 * holders — each live, read with its department and created_at from the token index, no record
 * fetched — together with the few employees the other arms find (names never tokenised, employee
 * numbers by prefix, the mobile), which are checked on their records. Counted, sorted and cut to the
 * page there; only the page's rows are then read.
 */
function tokenPageQuery(exec: Executor, companyId: number, filter: ResolvedFilter, token: string, sort: SortSpec, page: { offset: number; limit: number }) {
  const departments = departmentIds(companyId, filter);
  const inDepartments = departments ? sql` and t.department_id = ${departments}` : sql``;
  const inScope = filter.scope ? (filter.scope.length ? sql` and t.department_id in (${sql.join(filter.scope.map((d) => sql`${d}`), sql`, `)})` : sql` and false`) : sql``;
  // the other arms, each match confirmed on its record, within the same department and scope
  const others = rosterWhere(companyId, { departmentId: filter.departmentId, includeSubDepartments: filter.includeSubDepartments, scope: filter.scope, keyword: { ...filter.keyword!, tokens: [] } });
  // the other arms without the token's holders, so the two parts need no de-duplication
  const matches = sql`select t.employee_id as id, t.employee_created_at as created_at from employee_name_tokens t where t.company_id = ${companyId} and t.token = ${token}${inDepartments}${inScope}
    union all select id, created_at from employees where ${others}
      and not exists (select 1 from employee_name_tokens h where h.company_id = ${companyId} and h.token = ${token} and h.employee_id = employees.id)`;
  const dir = sort.order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
  const idDir = sort.order === 'asc' ? sql`asc` : sql`desc`;
  const p = exec
    .select({ id: sql<number>`m.id`.as('page_id'), createdAt: sql`m.created_at`.as('page_created_at'), total: sql<number>`count(*) over ()`.as('page_total') })
    .from(sql`(${matches}) m`)
    .orderBy(sql`m.created_at ${dir}`, sql`m.id ${idDir}`)
    .offset(page.offset)
    .limit(page.limit)
    .as('p');
  return exec
    .select({ ...listColumns, total: sql<number>`${p.total}`.mapWith(Number) })
    .from(employees)
    .innerJoin(p, and(eq(employees.companyId, companyId), eq(employees.id, p.id)))
    .where(isNull(employees.archivedAt))
    .orderBy(sql`${p.createdAt} ${dir}`, sql`${p.id} ${idDir}`);
}

/** One page of a roster query with the number of matching rows on each row (a builder, as rosterCountQuery). */
export function rosterPageQuery(exec: Executor, companyId: number, filter: ResolvedFilter, sort: SortSpec, page: { offset: number; limit: number }) {
  const token = tokenPageable(filter, sort);
  if (token !== null) return tokenPageQuery(exec, companyId, filter, token, sort, page);
  return exec
    .select({ ...listColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(employees)
    .where(rosterWhere(companyId, filter))
    .orderBy(...orderOf(sort))
    .offset(page.offset)
    .limit(page.limit);
}

/**
 * One page of the roster and the number of matching employees, in one statement (the count rides on
 * each row as a window); only a page past the end needs a second statement for the count.
 */
export async function listRosterPage(
  exec: Executor,
  companyId: number,
  filter: ResolvedFilter,
  sort: SortSpec,
  page: { offset: number; limit: number },
): Promise<{ rows: RosterRow[]; total: number }> {
  const list = async () => {
    const found = await rosterPageQuery(exec, companyId, filter, sort, page);
    if (found.length === 0) return { rows: [], total: page.offset === 0 ? 0 : await countRoster(exec, companyId, filter) };
    const total = found[0]!.total;
    return { rows: found.map(({ total: _t, ...r }) => r), total };
  };
  return withRosterPlans(exec, Boolean(filter.keyword), list);
}

/**
 * Runs fn under the planner settings the roster is read best with (index look-ups for organisation
 * names; generic plans for keyword searches), for the rest of the transaction: call it last in one.
 * They change plans only, never results; why and what they save: bench/README.md, "Roster planner settings".
 */
export async function withRosterPlans<T>(exec: Executor, generic: boolean, fn: () => Promise<T>): Promise<T> {
  // with parameters, so that it too is sent as a prepared statement (PGlite: one call instead of six)
  const genericPlans = generic ? sql`, set_config(${'plan_cache_mode'}, ${'force_generic_plan'}, true)` : sql``;
  await exec.execute(sql`select set_config(${'enable_seqscan'}, ${'off'}, true)${genericPlans}`);
  return fn();
}

export async function countRoster(exec: Executor, companyId: number, filter: ResolvedFilter): Promise<number> {
  const rows = await exec.select({ n: count() }).from(employees).where(rosterWhere(companyId, filter));
  return Number(rows[0]?.n ?? 0);
}

/** The list columns of one employee (for the detail view). */
export async function findRosterRow(exec: Executor, companyId: number, id: number): Promise<RosterRow | null> {
  const rows = await selectRoster(exec)
    .where(and(eq(employees.companyId, companyId), isNull(employees.archivedAt), eq(employees.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export type ExportRow = RosterRow & {
  nationality: string | null;
  ethnicity: string | null;
  hukouType: number | null;
  education: number | null;
  maritalStatus: number | null;
  emergencyContact: (typeof employees.$inferSelect)['emergencyContact'];
  address: string | null;
  bankName: string | null;
  bankAccountMasked: string | null;
  mobileEnc: string | null;
  idNumberEnc: string | null;
  bankAccountEnc: string | null;
};

/** The export's rows in id order after `afterId` (keyset), so any number of rows streams in constant memory. */
export async function listRosterExportBatch(exec: Executor, companyId: number, filter: ResolvedFilter, afterId: number, limit: number): Promise<ExportRow[]> {
  return exec
    .select({
      ...listColumns,
      nationality: employees.nationality,
      ethnicity: employees.ethnicity,
      hukouType: employees.hukouType,
      education: employees.education,
      maritalStatus: employees.maritalStatus,
      emergencyContact: employees.emergencyContact,
      address: employees.address,
      bankName: employees.bankName,
      bankAccountMasked: employees.bankAccountMasked,
      mobileEnc: employees.mobileEnc,
      idNumberEnc: employees.idNumberEnc,
      bankAccountEnc: employees.bankAccountEnc,
    })
    .from(employees)
    .where(and(rosterWhere(companyId, filter), gt(employees.id, afterId)))
    .orderBy(asc(employees.id))
    .limit(limit);
}

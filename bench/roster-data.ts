import { sql } from 'drizzle-orm';
import { rowsOf } from '../apps/server/src/platform/db.ts';
import type { AppServices } from '../apps/server/src/platform/services.ts';

/**
 * The roster benchmark's data: N employees in one company, made by the database itself
 * (`insert … select … from generate_series`, 10,000 rows a statement) so 100,000 rows take seconds.
 * Names come from surname and given-name lists by a fixed arithmetic on the row number, so every run
 * makes the same roster; the name search tokens are written as the service writes them. Personal identifiers
 * are encrypted once per 1,000 rows (the same ciphertext for that block), with a distinct look-up
 * hash per row so the unique indexes hold. Departments, positions and ranks are the company's own
 * (the org demo seed).
 */

// common surnames first: row arithmetic below picks the first ones more often
const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严武戴莫孔汤';
const GIVEN = '伟强磊军勇杰涛斌超明刚平辉鹏华飞鑫波宇浩凯健俊帆帅旭宁龙林峰芳娜敏静丽艳娟霞秀燕玲桂丹萍红玉兰琳雪婷慧颖欣怡佳琪梦瑶雨涵诗晴悦彤可馨';

const BLOCK = 1000;
const CHUNK = 10_000;

const textArray = (items: string[]) => sql.raw(`array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]::text[]`);
const intArray = (items: number[]) => sql.raw(`array[${items.map((n) => String(Math.trunc(n))).join(',')}]::bigint[]`);

export type RosterData = { companyId: number; employees: number; departments: number; seconds: number };

export async function generateRoster(services: AppServices, companyId: number, count: number): Promise<RosterData> {
  const started = Date.now();
  const { db } = services.database;
  const { cipher } = services;
  const ids = async (table: string) =>
    rowsOf<{ id: string | number }>(await db.execute(sql.raw(`select id from ${table} where company_id = ${Number(companyId)} and status = 1 order by id`))).map((r) => Number(r.id));
  const departments = await ids('departments');
  const positions = await ids('positions');
  const ranks = await ids('ranks');
  if (departments.length === 0) throw new Error('the company has no departments: run the org seed first');

  // one ciphertext per block of 1,000 rows: the values are never decrypted by the list
  const blocks = Math.ceil(count / BLOCK);
  const mobileEnc: string[] = [];
  const idEnc: string[] = [];
  for (let b = 0; b < blocks; b++) {
    mobileEnc.push(cipher.encrypt(`139${String(b).padStart(8, '0')}`));
    idEnc.push(cipher.encrypt(`33010619900101${String(b).padStart(4, '0')}`));
  }
  const surnames = [...SURNAMES];
  const given = [...GIVEN];

  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await db.execute(sql`
      insert into employees (company_id, name, name_indexed, employee_no, mobile_enc, mobile_hash, mobile_masked, id_type,
        id_number_enc, id_number_hash, id_number_masked, gender, birth_date, nationality, department_id, position_id, rank_id,
        employment_type, hire_date, probation_end_date, status, custom_fields, created_at, updated_at)
      select ${companyId}, x.s || x.g1 || x.g2, true,
        'B' || lpad(x.i::text, 6, '0'),
        (${textArray(mobileEnc)})[1 + (x.i - 1) / ${BLOCK}], md5('bench-mobile-' || x.i), '139****' || lpad((x.i % 10000)::text, 4, '0'), 1,
        (${textArray(idEnc)})[1 + (x.i - 1) / ${BLOCK}], md5('bench-id-' || x.i), '330106********' || lpad((x.i % 10000)::text, 4, '0'),
        1 + x.i % 2, date '1965-01-01' + ((x.i * 37) % 13000)::int, '中国',
        (${intArray(departments)})[1 + (x.i * 13) % ${departments.length}],
        ${positions.length ? sql`(${intArray(positions)})[1 + (x.i * 7) % ${positions.length}]` : sql`null`},
        ${ranks.length ? sql`(${intArray(ranks)})[1 + (x.i * 11) % ${ranks.length}]` : sql`null`},
        case when x.i % 50 = 0 then 2 when x.i % 41 = 0 then 4 when x.i % 67 = 0 then 5 else 1 end,
        date '2019-01-01' + ((x.i * 53) % 2500)::int, date '2019-04-01' + ((x.i * 53) % 2500)::int,
        case when x.i % 100 < 4 then 0 when x.i % 100 < 16 then 1 when x.i % 100 < 88 then 2 when x.i % 100 < 93 then 3 else 4 end,
        '{}'::jsonb, timestamptz '2019-01-01 09:00:00+08' + x.i * interval '23 minutes', now()
      from (
        select g.i,
          (${textArray(surnames)})[1 + least((g.i * 7919 % 9973) % ${surnames.length}, ((g.i * 104729) % 7919) % ${surnames.length})] as s,
          (${textArray(given)})[1 + (g.i * 31) % ${given.length}] as g1,
          case when g.i % 3 = 0 then '' else (${textArray(given)})[1 + (g.i * 17 + g.i / 7) % ${given.length}] end as g2
        from generate_series(${from}::bigint, ${to}::bigint) as g(i)
      ) x`);
  }
  // the name tokens as the service writes them: every character and every neighbouring pair, lower-cased
  await db.execute(sql`
    insert into employee_name_tokens (company_id, token, employee_id, department_id, employee_created_at)
    select distinct e.company_id, lower(substr(e.name, g.i, l.len)), e.id, e.department_id, e.created_at
    from employees e
    cross join lateral generate_series(1, char_length(e.name)) as g(i)
    cross join (values (1), (2)) as l(len)
    where e.company_id = ${companyId} and e.employee_no ^@ 'B' and g.i + l.len - 1 <= char_length(e.name)
    on conflict do nothing`);
  // Measured as a running system keeps these tables: vacuumed and analysed, by autovacuum on a
  // PostgreSQL server and by the daily upkeep on PGlite (without it every index-only scan would
  // visit the table to learn which rows are visible).
  if (services.database.maintain) await services.database.maintain();
  else await db.execute(sql`vacuum (analyze) employees, employee_name_tokens`);
  return { companyId, employees: count, departments: departments.length, seconds: Math.round((Date.now() - started) / 100) / 10 };
}

import { sql } from 'drizzle-orm';
import { bills, osClients, osDismissals, osOrders, osPlacements } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';

/** The board's figures per live client, each a grouped query over the company. */

export type BoardClientFacts = {
  clientId: number;
  clientName: string;
  kind: number;
  headcount: number;
  agreementEnd: string;
  placed: number;
  current: number;
  joining: number;
  leaving: number;
  openOrders: number;
  openDismissals: number;
  billId: number | null;
  billStatus: number | null;
  billTotal: string | null;
};

export async function boardFacts(tx: Executor, companyId: number, monthStart: string, monthEnd: string, month: string): Promise<BoardClientFacts[]> {
  const rows = rowsOf<BoardClientFacts>(
    await tx.execute(sql`
      with p as (
        select client_id,
               count(*) filter (where status in (2, 3))::int as placed,
               count(*) filter (where status in (1, 2, 3))::int as current,
               count(*) filter (where status in (1, 2) and start_date between ${monthStart} and ${monthEnd})::int as joining,
               count(*) filter (where status in (3, 4) and left_date between ${monthStart} and ${monthEnd})::int as leaving
        from ${osPlacements} where company_id = ${companyId} group by client_id
      ), o as (
        select client_id, count(*)::int as n from ${osOrders} where company_id = ${companyId} and status in (1, 2, 3) group by client_id
      ), d as (
        select client_id, count(*)::int as n from ${osDismissals} where company_id = ${companyId} and status in (1, 2) group by client_id
      ), b as (
        select distinct on (source_id) source_id, id, status, total::text as total from ${bills}
        where company_id = ${companyId} and source = 'outsourcing' and month = ${month} and bill_type = 1 and archived_at is null
        order by source_id, id desc
      )
      select c.id as "clientId", c.name as "clientName", c.kind, c.headcount, c.agreement_end::text as "agreementEnd",
             coalesce(p.placed, 0) as placed, coalesce(p.current, 0) as current, coalesce(p.joining, 0) as joining, coalesce(p.leaving, 0) as leaving,
             coalesce(o.n, 0) as "openOrders", coalesce(d.n, 0) as "openDismissals", b.id as "billId", b.status as "billStatus", b.total as "billTotal"
      from ${osClients} c
      left join p on p.client_id = c.id
      left join o on o.client_id = c.id
      left join d on d.client_id = c.id
      left join b on b.source_id = c.id
      where c.company_id = ${companyId} and c.archived_at is null
      order by c.id
    `),
  );
  return rows.map((r) => ({ ...r, clientId: Number(r.clientId), billId: r.billId === null ? null : Number(r.billId), billStatus: r.billStatus === null ? null : Number(r.billStatus) }));
}

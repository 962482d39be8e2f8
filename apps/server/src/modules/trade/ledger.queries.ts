import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { custodyAccounts, custodyPostings, custodyTransactions } from '../../db/schema/index.ts';
import { rowsOf, type Executor } from '../../platform/db.ts';
import type { Posting } from './ledger.ts';

/** The custody ledger: the account row (locked before every posting), transactions and their postings (insert only). */

export type AccountRecord = typeof custodyAccounts.$inferSelect;
export type NewTransaction = Omit<typeof custodyTransactions.$inferInsert, 'id' | 'at'>;

/** The company's account row, opened on first use and locked for the rest of the transaction. */
export async function lockAccount(exec: Executor, companyId: number): Promise<AccountRecord> {
  await exec
    .insert(custodyAccounts)
    .values({ companyId, accountNo: `TG${String(companyId).padStart(8, '0')}` })
    .onConflictDoNothing();
  const [row] = await exec.select().from(custodyAccounts).where(eq(custodyAccounts.companyId, companyId)).for('update');
  return row!;
}

export async function findAccount(exec: Executor, companyId: number): Promise<AccountRecord | null> {
  const [row] = await exec.select().from(custodyAccounts).where(eq(custodyAccounts.companyId, companyId)).limit(1);
  return row ?? null;
}

export async function insertTransaction(exec: Executor, t: NewTransaction, postings: readonly Posting[]): Promise<number> {
  const [row] = await exec.insert(custodyTransactions).values(t).returning({ id: custodyTransactions.id });
  await exec.insert(custodyPostings).values(postings.map((p, i) => ({ companyId: t.companyId, transactionId: row!.id, lineNo: i + 1, account: p.account, amount: p.amount })));
  return row!.id;
}

/** Each account's balance (sum of its postings) of the company. */
export async function accountBalances(exec: Executor, companyId: number): Promise<Map<string, string>> {
  const rows = await exec
    .select({ account: custodyPostings.account, total: sql<string>`sum(${custodyPostings.amount})::numeric(14,2)::text` })
    .from(custodyPostings)
    .where(eq(custodyPostings.companyId, companyId))
    .groupBy(custodyPostings.account);
  return new Map(rows.map((r) => [r.account, r.total]));
}

export type LedgerFilter = { type?: string; from?: string; to?: string };
export type LedgerPageRow = { id: number; type: string; memo: string; at: Date; change: string; balanceAfter: string };

/** A page of transactions, newest first, with the custody balance after each (running over every transaction of the company). */
export async function pageLedger(exec: Executor, companyId: number, f: LedgerFilter, pageNum: number, pageSize: number): Promise<{ rows: LedgerPageRow[]; total: number }> {
  const conds: SQL[] = [sql`true`];
  if (f.type) conds.push(sql`r.type = ${f.type}`);
  if (f.from) conds.push(sql`(r.at at time zone 'Asia/Shanghai')::date >= ${f.from}::date`);
  if (f.to) conds.push(sql`(r.at at time zone 'Asia/Shanghai')::date <= ${f.to}::date`);
  const where = sql.join(conds, sql` and `);
  const running = sql`
    with t as (
      select tr.id, tr.type, tr.memo, tr.at,
        coalesce((select sum(p.amount) from custody_postings p where p.company_id = tr.company_id and p.transaction_id = tr.id and p.account = 'custody'), 0) as change
      from custody_transactions tr where tr.company_id = ${companyId}
    ), r as (select t.*, sum(t.change) over (order by t.id) as balance_after from t)`;
  const rows = rowsOf<{ id: string | number; type: string; memo: string; at: string | Date; change: string; balance_after: string }>(
    await exec.execute(sql`${running} select r.id, r.type, r.memo, r.at, r.change::numeric(14,2)::text as change, r.balance_after::numeric(14,2)::text as balance_after from r where ${where} order by r.id desc limit ${pageSize} offset ${(pageNum - 1) * pageSize}`),
  );
  const [count] = rowsOf<{ n: string | number }>(await exec.execute(sql`${running} select count(*) as n from r where ${where}`));
  return {
    rows: rows.map((r) => ({ id: Number(r.id), type: r.type, memo: r.memo, at: new Date(r.at), change: r.change, balanceAfter: r.balance_after })),
    total: Number(count?.n ?? 0),
  };
}

export async function listPostingsOf(exec: Executor, companyId: number, transactionIds: number[]): Promise<(typeof custodyPostings.$inferSelect)[]> {
  if (transactionIds.length === 0) return [];
  return exec
    .select()
    .from(custodyPostings)
    .where(and(eq(custodyPostings.companyId, companyId), inArray(custodyPostings.transactionId, transactionIds)))
    .orderBy(custodyPostings.transactionId, custodyPostings.lineNo);
}

/** Whether the reference (a deposit, a payout) already has a transaction of this type. */
export async function hasTransaction(exec: Executor, companyId: number, type: string, refKind: string, refId: number): Promise<boolean> {
  const rows = await exec
    .select({ id: custodyTransactions.id })
    .from(custodyTransactions)
    .where(and(eq(custodyTransactions.companyId, companyId), eq(custodyTransactions.type, type), eq(custodyTransactions.refKind, refKind), eq(custodyTransactions.refId, refId)))
    .limit(1);
  return rows.length > 0;
}

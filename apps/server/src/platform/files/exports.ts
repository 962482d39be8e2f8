import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { fileExports, files } from '../../db/schema/index.ts';
import type { Executor } from '../db.ts';
import { enqueueJob, findJobByKey, registerDailyJob, registerJobHandler, type JobContext } from '../jobs/index.ts';
import type { AppServices } from '../services.ts';
import { insertFileRow, newStorageKey } from './files.ts';
import { getFileStore } from './store.ts';

/** file_exports.status */
export const EXPORT_STATUS = { queued: 0, generating: 1, completed: 2, failed: 3, expired: 4 } as const;
export const EXPORT_STATUS_NAMES: Record<number, string> = { 0: '排队中', 1: '生成中', 2: '已完成', 3: '失败', 4: '已过期' };
export const EXPORT_TTL_DAYS = 7;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const EXPORT_CLEANUP_JOB = 'files.cleanupExports';

export type ExportRow = typeof fileExports.$inferSelect;
export type XlsxWriter = ExcelJS.stream.xlsx.WorkbookWriter;
export type XlsxSheet = ReturnType<XlsxWriter['addWorksheet']>;

/**
 * Waits until the zip compressor has taken in what a worksheet has written so far. ExcelJS's
 * streaming writer hands each committed row on without heeding backpressure, so a producer that
 * never waits for I/O — the embedded database answers in this thread — would otherwise hold the
 * whole uncompressed sheet in memory (137 MB for the 100,000-employee roster) until the end.
 * Handlers call it after each batch of rows. The zip takes its entries one after another: a sheet it
 * has not reached yet gets a few turns of the event loop to be reached, and is not waited for beyond
 * them (another sheet still open ahead of it would never let it be).
 */
export async function sheetCaughtUp(sheet: XlsxSheet): Promise<void> {
  // The worksheet's buffer pipes into the archiver's entry stream, a readable-stream 2 PassThrough
  // (no writableNeedDrain; its state says whether a write went past the high-water mark and
  // whether the zip reads it yet).
  type EntryStream = Writable & { _writableState?: { needDrain?: boolean }; _readableState?: { pipesCount?: number; pipes?: unknown } };
  const entry = (sheet as unknown as { stream?: { pipes?: EntryStream[] } }).stream?.pipes?.[0];
  if (!entry) return;
  const beingRead = () => {
    const r = entry._readableState;
    return r ? (r.pipesCount ?? (Array.isArray(r.pipes) ? r.pipes.length : r.pipes ? 1 : 0)) > 0 : false;
  };
  for (let turn = 0; turn < ENTRY_TURNS && !beingRead(); turn += 1) await new Promise((r) => setImmediate(r));
  if (beingRead() && (entry.writableNeedDrain ?? entry._writableState?.needDrain)) await once(entry, 'drain');
}

/** How many turns of the event loop sheetCaughtUp gives the zip to reach a sheet. */
const ENTRY_TURNS = 100;

/** What an export job carries: the export row and the handler's own parameters. */
type ExportJobPayload = { exportId: number; params: unknown };

export type ExportContext<P> = JobContext<P> & { export: { id: number; name: string; userId: number } };
/** Writes the workbook's sheets (committing rows as it goes); the platform stores the file and completes the export. */
export type ExportHandler<P> = (ctx: ExportContext<P>, writer: XlsxWriter) => Promise<void>;

export type StartExportInput = { companyId: number; userId: number; name: string; jobType: string; payload?: unknown; idempotencyKey: string };

export async function findExport(exec: Executor, companyId: number, id: number): Promise<ExportRow | null> {
  const rows = await exec
    .select()
    .from(fileExports)
    .where(and(eq(fileExports.companyId, companyId), eq(fileExports.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

async function findExportByJob(exec: Executor, companyId: number, jobId: number): Promise<ExportRow | null> {
  const rows = await exec
    .select()
    .from(fileExports)
    .where(and(eq(fileExports.companyId, companyId), eq(fileExports.jobId, jobId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Puts an export in the downloads centre and enqueues the job that produces it, in the caller's
 * transaction. The same idempotency key returns the export it made before (a double click makes one).
 */
export async function startExport(exec: Executor, _services: AppServices, input: StartExportInput): Promise<ExportRow> {
  const earlier = await findJobByKey(exec, input.companyId, input.idempotencyKey);
  if (earlier) {
    const existing = await findExportByJob(exec, input.companyId, earlier.id);
    if (!existing) throw new Error('export idempotency key reused by a job that is not an export');
    return existing;
  }
  const [row] = await exec
    .insert(fileExports)
    .values({ companyId: input.companyId, userId: input.userId, name: input.name, type: input.jobType })
    .returning();
  const job = await enqueueJob(exec, {
    companyId: input.companyId,
    type: input.jobType,
    payload: { exportId: row!.id, params: input.payload ?? {} } satisfies ExportJobPayload,
    idempotencyKey: input.idempotencyKey,
    createdBy: input.userId,
  });
  if (!job.created) {
    // Asked twice: the row just made is not needed, the first one stands.
    await exec.delete(fileExports).where(and(eq(fileExports.companyId, input.companyId), eq(fileExports.id, row!.id)));
    const existing = await findExportByJob(exec, input.companyId, job.id);
    if (!existing) throw new Error('export idempotency key reused by a job that is not an export');
    return existing;
  }
  const [linked] = await exec
    .update(fileExports)
    .set({ jobId: job.id })
    .where(and(eq(fileExports.companyId, input.companyId), eq(fileExports.id, row!.id)))
    .returning();
  return linked!;
}

function failureMessage(error: string): string {
  return /[\u4e00-\u9fff]/.test(error) ? `文件生成失败：${error}`.slice(0, 500) : '文件生成失败，请稍后重新导出';
}

/** Registers an export type: a job that writes one xlsx with the streaming writer into the file store. */
export function registerExportHandler<P>(type: string, handler: ExportHandler<P>, opts: { maxAttempts?: number } = {}): void {
  registerExportJob<P>(
    type,
    { ext: 'xlsx', mime: XLSX_MIME },
    async (ctx, out) => {
      const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      await handler(ctx, writer);
      await writer.commit();
    },
    opts,
  );
}

/** A file an export handler makes whole (a bank's text or CSV file): its bytes, extension and type. */
export type FileExportHandler<P> = (ctx: ExportContext<P>) => Promise<Buffer>;
const EXTENSIONS = new Map<string, string>();

/** The extension of an export type's file: xlsx unless registered otherwise. */
export function exportFileExtension(type: string): string {
  return EXTENSIONS.get(type) ?? 'xlsx';
}

/** Registers an export type whose handler returns the whole file (small files in another format than xlsx). */
export function registerFileExportHandler<P>(type: string, file: { ext: string; mime: string }, handler: FileExportHandler<P>, opts: { maxAttempts?: number } = {}): void {
  registerExportJob<P>(type, file, async (ctx, out) => {
    const body = await handler(ctx);
    out.end(body);
  }, opts);
}

function registerExportJob<P>(type: string, format: { ext: string; mime: string }, produce: (ctx: ExportContext<P>, out: PassThrough) => Promise<void>, opts: { maxAttempts?: number }): void {
  EXTENSIONS.set(type, format.ext);
  registerJobHandler<ExportJobPayload>(
    type,
    async (ctx) => {
      const { services } = ctx;
      const { database } = services;
      const { companyId } = ctx.job;
      const { exportId, params } = ctx.job.payload;
      const row = await database.inTenant(companyId, (tx) => findExport(tx, companyId, exportId));
      if (!row) throw new Error(`export ${exportId} not found`);
      if (row.status === EXPORT_STATUS.completed || row.status === EXPORT_STATUS.expired) return { fileId: row.fileId, size: row.size };
      await database.inTenant(companyId, (tx) =>
        tx
          .update(fileExports)
          .set({ status: EXPORT_STATUS.generating, error: null })
          .where(and(eq(fileExports.companyId, companyId), eq(fileExports.id, exportId))),
      );

      const store = getFileStore(services);
      const key = newStorageKey(companyId, 'export', `.${format.ext}`);
      const out = new PassThrough();
      const putting = store.put(key, out);
      putting.catch(() => undefined);
      const exportCtx: ExportContext<P> = {
        ...ctx,
        job: { ...ctx.job, payload: params as P },
        export: { id: exportId, name: row.name, userId: row.userId },
        async progress(done, total) {
          await ctx.progress(done, total);
          await database.inTenant(companyId, (tx) =>
            tx
              .update(fileExports)
              .set({ progressDone: done, ...(total === undefined ? {} : { progressTotal: total }) })
              .where(and(eq(fileExports.companyId, companyId), eq(fileExports.id, exportId))),
          );
        },
      };
      try {
        await produce(exportCtx, out);
        const blob = await putting;
        const fileId = await database.inTenant(companyId, async (tx) => {
          const file = await insertFileRow(tx, {
            companyId,
            uploadedBy: row.userId,
            originalName: `${row.name}.${format.ext}`,
            mime: format.mime,
            size: blob.size,
            sha256: blob.sha256,
            storageKey: key,
            isImage: false,
            kind: 'export',
            ownerId: exportId,
          });
          const done = await tx
            .update(fileExports)
            .set({
              status: EXPORT_STATUS.completed,
              fileId: file.id,
              size: blob.size,
              error: null,
              finishedAt: sql`now()`,
              expiresAt: sql`now() + ${`${EXPORT_TTL_DAYS} days`}::interval`,
            })
            .where(and(eq(fileExports.companyId, companyId), eq(fileExports.id, exportId), inArray(fileExports.status, [EXPORT_STATUS.queued, EXPORT_STATUS.generating])))
            .returning({ id: fileExports.id });
          if (done.length !== 1) throw new Error(`export ${exportId} changed while it was generated`);
          return file.id;
        });
        return { fileId, size: blob.size };
      } catch (err) {
        out.destroy();
        await putting.catch(() => undefined);
        await store.delete(key).catch(() => undefined);
        throw err;
      }
    },
    {
      maxAttempts: opts.maxAttempts ?? 3,
      async onFinalFailure(services, job, error) {
        const { exportId } = job.payload as ExportJobPayload;
        await services.database.inTenant(job.companyId, (tx) =>
          tx
            .update(fileExports)
            .set({ status: EXPORT_STATUS.failed, error: failureMessage(error), finishedAt: sql`now()` })
            .where(and(eq(fileExports.companyId, job.companyId), eq(fileExports.id, exportId), inArray(fileExports.status, [EXPORT_STATUS.queued, EXPORT_STATUS.generating]))),
        );
      },
    },
  );
}

/** Companies with completed exports past their expiry (read as the owner, across companies). */
export async function listCompaniesWithExpiredExports(exec: Executor): Promise<number[]> {
  const rows = await exec
    .selectDistinct({ companyId: fileExports.companyId })
    .from(fileExports)
    .where(and(eq(fileExports.status, EXPORT_STATUS.completed), lte(fileExports.expiresAt, sql`now()`)));
  return rows.map((r) => r.companyId);
}

export async function listExpiredExportIds(exec: Executor, companyId: number): Promise<number[]> {
  const rows = await exec
    .select({ id: fileExports.id })
    .from(fileExports)
    .where(and(eq(fileExports.companyId, companyId), eq(fileExports.status, EXPORT_STATUS.completed), lte(fileExports.expiresAt, sql`now()`)));
  return rows.map((r) => r.id);
}

/** Marks one export expired and archives its file row; answers the file's storage key to delete. */
async function expireExport(exec: Executor, companyId: number, id: number): Promise<string | null> {
  const [row] = await exec
    .update(fileExports)
    .set({ status: EXPORT_STATUS.expired })
    .where(and(eq(fileExports.companyId, companyId), eq(fileExports.id, id), eq(fileExports.status, EXPORT_STATUS.completed), lte(fileExports.expiresAt, sql`now()`)))
    .returning({ fileId: fileExports.fileId });
  if (!row?.fileId) return null;
  const [file] = await exec
    .update(files)
    .set({ archivedAt: sql`now()` })
    .where(and(eq(files.companyId, companyId), eq(files.id, row.fileId)))
    .returning({ storageKey: files.storageKey });
  return file?.storageKey ?? null;
}

/**
 * The daily clean-up: completed exports past their seven days become 已过期 and their files are
 * deleted. Enqueued once a day per company that has any, with the key cleanup-YYYY-MM-DD.
 */
export function registerExportCleanup(): void {
  registerJobHandler(EXPORT_CLEANUP_JOB, async (ctx) => {
    const { companyId } = ctx.job;
    const store = getFileStore(ctx.services);
    const ids = await ctx.services.database.inTenant(companyId, (tx) => listExpiredExportIds(tx, companyId));
    await ctx.eachItem(
      ids.map((id) => `export-${id}`),
      async (key, tx) => {
        const storageKey = await expireExport(tx, companyId, Number(key.slice('export-'.length)));
        // Deleted before the commit: were the commit to fail, the row is past its expiry all the same
        // and is never offered for download; the next clean-up marks it.
        if (storageKey) await store.delete(storageKey);
      },
    );
    return { expired: ids.length };
  });
  registerDailyJob({ type: EXPORT_CLEANUP_JOB, keyPrefix: 'cleanup', companies: listCompaniesWithExpiredExports });
}

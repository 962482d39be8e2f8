import { messages, parse, protocol, types, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Server-side prepared statements for the statements a process sends again and again (the same SQL
 * text with other parameters): the roster page, the authorisation of every request, look-ups by id.
 * A statement is prepared once it has been seen PREPARE_AFTER times, as JDBC's prepareThreshold does,
 * and then runs by name: PostgreSQL parses and analyses it once, and plans it once when its plan
 * cache finds a generic plan as good as the custom ones (plan_cache_mode stays auto; the roster's
 * keyword page asks for the generic plan itself, see withRosterPlans in employee-list.queries.ts).
 *
 * The SQL text is the key, so drizzle's queries need no change; texts are bounded (the query
 * builders make a few shapes each) and the least recently used are forgotten (and their statements
 * closed) past MAX_PREPARED.
 */

export const PREPARE_AFTER = 3;
/** Texts remembered (seen or prepared) per process or connection. */
export const MAX_PREPARED = 256;

/** SQLSTATEs after which a prepared statement is dropped and prepared again on a later use. */
const STALE_STATEMENT = new Set(['0A000', '26000']);

/** A prepared statement's result columns, as described once when it was prepared. */
type Column = { name: string; dataTypeID: number };
type Entry = { seen: number; name: string | null; paramTypes: number[] | null; columns: Column[] | null };

/** Texts seen by a process or connection, and the names of those prepared (least recently used first). */
export class StatementCache {
  private readonly entries = new Map<string, Entry>();
  private counter = 0;

  constructor(
    private readonly prefix: string,
    private readonly prepareAfter = PREPARE_AFTER,
    private readonly max = MAX_PREPARED,
  ) {}

  /**
   * Counts a use of the text: its prepared statement's entry (name set once prepared), or null while
   * it has not been seen often enough. Statements without parameters are never prepared.
   */
  use(text: string, paramCount: number): Entry | null {
    if (paramCount === 0) return null;
    let e = this.entries.get(text);
    if (e) {
      // most recently used last
      this.entries.delete(text);
      this.entries.set(text, e);
    } else {
      e = { seen: 0, name: null, paramTypes: null, columns: null };
      this.entries.set(text, e);
      this.trim();
    }
    e.seen += 1;
    if (e.seen < this.prepareAfter) return null;
    e.name ??= `${this.prefix}${(this.counter += 1)}`;
    return e;
  }

  /** Forgets a text (its statement failed or was closed); answers its name if it had one. */
  forget(text: string): string | null {
    const e = this.entries.get(text);
    this.entries.delete(text);
    return e?.name ?? null;
  }

  /** Names of the prepared statements evicted since the last call (to close them). */
  takeEvicted(): string[] {
    const out = this.evicted;
    this.evicted = [];
    return out;
  }

  private evicted: string[] = [];

  /** Keeps at most `max` texts, dropping the least recently used (and closing its statement). */
  private trim(): void {
    while (this.entries.size > this.max) {
      const [text, e] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(text);
      if (e.name) this.evicted.push(e.name);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * PGlite's query, with the repeated statements run by name. Must be called inside a transaction of
 * the instance (the caller's query mutex is taken here; outside a transaction PGlite's own query is
 * used, which also writes the data through to the file system).
 */
export function pglitePreparedQuery(client: PGlite, cache: StatementCache) {
  const { serialize } = protocol;
  return async <T>(text: string, params: unknown[] = [], opts?: QueryOptions, fallback?: () => Promise<Results<T>>): Promise<Results<T>> => {
    const entry = cache.use(text, params.length);
    if (!entry) return fallback ? fallback() : client.query<T>(text, params, opts);
    return client.runExclusive(async () => {
      const closing = cache.takeEvicted();
      if (closing.length > 0) await client.execProtocol(concat([...closing.map((name) => serialize.close({ type: 'S', name })), serialize.sync()]), { syncToFs: false });
      if (!entry.paramTypes || !entry.columns) {
        const name = entry.name!;
        let described;
        try {
          described = (await client.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false })).messages;
        } catch (err) {
          cache.forget(text);
          throw err;
        }
        entry.paramTypes = parse.parseDescribeStatementResults(described);
        const row = described.find((m): m is messages.RowDescriptionMessage => m.name === 'rowDescription');
        entry.columns = row ? row.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) : [];
      }
      const types = entry.paramTypes;
      const values = params.map((v, i) => {
        if (v === null || v === undefined) return null;
        const serializer = client.serializers[types[i]!];
        return serializer ? serializer(v) : String(v);
      });
      let result: Results<T>;
      try {
        // the columns were described when the statement was prepared: bind and execute only
        const raw = await execRaw(client, bindExecuteSync(entry.name!, values));
        result = readResult<T>(raw, entry.columns, opts?.parsers ? { ...client.parsers, ...opts.parsers } : client.parsers, opts?.rowMode === 'array');
      } catch (err) {
        // A statement whose plan no longer fits (its tables changed) is prepared again on a later use.
        if (STALE_STATEMENT.has((err as { code?: string }).code ?? '')) {
          const name = cache.forget(text);
          if (name) await client.execProtocol(concat([serialize.close({ type: 'S', name }), serialize.sync()]), { syncToFs: false }).catch(() => undefined);
        }
        throw Object.assign(err as Error, { query: text, params });
      }
      return result;
    });
  };
}

/**
 * Bind (the unnamed portal, text parameters and results), Execute (every row) and Sync, written
 * directly: the same bytes as PGlite's serializer, without its per-message buffer growth.
 */
export function bindExecuteSync(statement: string, values: readonly (string | null)[]): Buffer {
  const nameBytes = Buffer.byteLength(statement);
  let bindLength = 4 + 1 + nameBytes + 1 + 2 + 2 * values.length + 2 + 2;
  for (const v of values) bindLength += 4 + (v === null ? 0 : Buffer.byteLength(v));
  const out = Buffer.allocUnsafe(1 + bindLength + 1 + 9 + 1 + 4);
  let at = out.writeUInt8(0x42 /* B */, 0);
  at = out.writeInt32BE(bindLength, at);
  at = out.writeUInt8(0, at); // portal ''
  at += out.write(statement, at);
  at = out.writeUInt8(0, at);
  // a format code per parameter, each text (as PGlite writes it)
  at = out.writeInt16BE(values.length, at);
  for (let i = 0; i < values.length; i++) at = out.writeInt16BE(0, at);
  at = out.writeInt16BE(values.length, at);
  for (const v of values) {
    if (v === null) {
      at = out.writeInt32BE(-1, at);
      continue;
    }
    const len = Buffer.byteLength(v);
    at = out.writeInt32BE(len, at);
    at += out.write(v, at);
  }
  at = out.writeInt16BE(0, at); // result formats: all text
  at = out.writeUInt8(0x45 /* E */, at);
  at = out.writeInt32BE(9, at);
  at = out.writeUInt8(0, at); // portal ''
  at = out.writeInt32BE(0, at); // no row limit
  at = out.writeUInt8(0x53 /* S */, at);
  out.writeInt32BE(4, at);
  return out;
}

/** The backend's answer to a message, unparsed (PGlite's own reader copies and parses every message). */
async function execRaw(client: PGlite, message: Uint8Array): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await client.execProtocolRawStream(message, {
    syncToFs: false,
    // the chunk is a view of the backend's buffer, valid only during the call
    onRawData: (chunk: Uint8Array) => void chunks.push(Buffer.from(chunk)),
  });
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

type Parsers = Record<number, ((value: string, typeId: number) => unknown) | undefined>;
const defaultParsers = types.parsers as unknown as Parsers;

/** ErrorResponse field codes and the DatabaseError properties PGlite gives them. */
const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/**
 * The rows of an executed portal, read straight from the wire: DataRow fields are decoded where they
 * lie and parsed by type as PGlite's parseResults does (same rows, fields and counts); an
 * ErrorResponse becomes the DatabaseError PGlite would throw.
 */
export function readResult<T>(raw: Buffer, columns: readonly Column[], parsers: Parsers, asArray: boolean): Results<T> {
  const parse = columns.map((c) => parsers[c.dataTypeID] ?? defaultParsers[c.dataTypeID]);
  const rows: unknown[] = [];
  const out: Results<T> & { command?: string; rowCount?: number } = { rows: rows as T[], fields: columns.map((c) => ({ name: c.name, dataTypeID: c.dataTypeID })), affectedRows: 0 };
  let error: messages.DatabaseError | null = null;
  let at = 0;
  while (at + 5 <= raw.length) {
    const kind = raw[at]!;
    const end = at + 1 + raw.readInt32BE(at + 1);
    let i = at + 5;
    if (kind === 0x44 /* D: DataRow */) {
      const n = raw.readInt16BE(i);
      i += 2;
      const row: unknown[] | Record<string, unknown> = asArray ? new Array<unknown>(n) : {};
      for (let f = 0; f < n; f++) {
        const len = raw.readInt32BE(i);
        i += 4;
        let value: unknown = null;
        if (len >= 0) {
          const text = raw.toString('utf8', i, i + len);
          i += len;
          const p = parse[f];
          value = p ? p(text, columns[f]!.dataTypeID) : text;
        }
        if (asArray) (row as unknown[])[f] = value;
        else (row as Record<string, unknown>)[columns[f]!.name] = value;
      }
      rows.push(row);
    } else if (kind === 0x43 /* C: CommandComplete */) {
      const tag = raw.toString('utf8', i, end - 1).split(' ');
      const count = parseInt(tag[tag.length - 1]!, 10);
      out.command = tag[0];
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(tag[0]!)) out.affectedRows = count;
      if (!Number.isNaN(count)) out.rowCount = count;
    } else if (kind === 0x45 /* E: ErrorResponse */ && !error) {
      const fields: Record<string, string> = {};
      while (i < end && raw[i] !== 0) {
        const code = String.fromCharCode(raw[i]!);
        const stop = raw.indexOf(0, i + 1);
        fields[code] = raw.toString('utf8', i + 1, stop);
        i = stop + 1;
      }
      error = new messages.DatabaseError(fields.M ?? 'unknown error', end - at - 1, 'error');
      for (const [code, prop] of Object.entries(ERROR_FIELDS)) if (fields[code] !== undefined) (error as unknown as Record<string, string>)[prop] = fields[code];
    }
    at = end;
  }
  if (error) throw error;
  return out;
}

type PgQueryable = { query(config: unknown, values?: unknown): Promise<unknown> };

/**
 * A PostgreSQL connection (node-postgres) on which the texts seen often are sent as named
 * statements: node-postgres parses a name once per connection and afterwards only binds and
 * executes it. Names are shared by the connections of a pool (one cache per pool); a name evicted
 * from the cache is not used again (a connection keeps its statement until it closes).
 */
export function namedStatements<C extends PgQueryable>(conn: C, cache: StatementCache): C {
  const query = (config: unknown, values?: unknown): Promise<unknown> => {
    if (typeof config === 'object' && config !== null) {
      const c = config as { name?: string; text?: unknown; values?: unknown[] };
      const params = Array.isArray(values) ? values : (c.values ?? []);
      if (!c.name && typeof c.text === 'string') {
        const text = c.text;
        const entry = cache.use(text, params.length);
        if (entry) {
          return conn.query({ ...c, name: entry.name }, values).catch((err: unknown) => {
            if (STALE_STATEMENT.has((err as { code?: string }).code ?? '')) cache.forget(text);
            throw err;
          });
        }
      }
    }
    return conn.query(config, values);
  };
  return { query } as unknown as C;
}

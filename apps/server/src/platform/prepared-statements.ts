import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

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

type Entry = { seen: number; name: string | null; paramTypes: number[] | null };

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
      e = { seen: 0, name: null, paramTypes: null };
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
      if (!entry.paramTypes) {
        const name = entry.name!;
        let messages;
        try {
          messages = (await client.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false })).messages;
        } catch (err) {
          cache.forget(text);
          throw err;
        }
        entry.paramTypes = parse.parseDescribeStatementResults(messages);
      }
      const types = entry.paramTypes;
      const values = params.map((v, i) => {
        if (v === null || v === undefined) return null;
        const serializer = client.serializers[types[i]!];
        return serializer ? serializer(v) : String(v);
      });
      let result;
      try {
        result = await client.execProtocol(concat([serialize.bind({ statement: entry.name!, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]), { syncToFs: false });
      } catch (err) {
        // A statement whose plan no longer fits (its tables changed) is prepared again on a later use.
        if (STALE_STATEMENT.has((err as { code?: string }).code ?? '')) {
          const name = cache.forget(text);
          if (name) await client.execProtocol(concat([serialize.close({ type: 'S', name }), serialize.sync()]), { syncToFs: false }).catch(() => undefined);
        }
        throw Object.assign(err as Error, { query: text, params });
      }
      return parse.parseResults(result.messages, client.parsers, opts)[0] as Results<T>;
    });
  };
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

/**
 * DuckDB warehouse over a `.duckdb` file (opened READ_ONLY) or a folder of Parquet/CSV files (one
 * view per file). The engine is locked down so that even SQL that slipped past the guard cannot
 * write or read anything but the warehouse's own data (see CONTEXT.md):
 *   - the database is attached read-only (a folder's views live in a private temp file that is
 *     reopened read-only, so not even CREATE OR REPLACE VIEW can poison other queries);
 *   - allowed_paths = exactly the data files, then enable_external_access=false, then
 *     lock_configuration=true: no other file, URL, extension, ATTACH, COPY or SET;
 *   - every statement is prepared first and must be exactly one SELECT by DuckDB's own parser.
 */
import { mkdtemp, readdir, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join, resolve } from 'node:path';
import {
  DuckDBConnection,
  DuckDBInstance,
  StatementType,
  DuckDBDecimalValue,
  DuckDBDateValue,
  DuckDBTimestampValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBListValue,
  DuckDBArrayValue,
  DuckDBStructValue,
  DuckDBMapValue,
  DuckDBUnionValue,
  DuckDBBlobValue,
  type DuckDBValue,
  type DuckDBPreparedStatement,
} from '@duckdb/node-api';

const PREPARED_PER_CONNECTION = 32;
import {
  WarehouseCancelledError,
  WarehouseConnectionError,
  WarehouseError,
  WarehouseQueryError,
  WarehouseTimeoutError,
  redactPaths,
} from './errors.js';
import { runLimits, statementConnections, statementSlots, uniqueNames, within, type WarehousePoolOptions } from './common.js';
import type { FairSlots } from './slots.js';
import { pidExists } from '../pid.js';
import { valueBytes, type ColumnInfo, type QueryResult, type RunOptions, type TableInfo, type Warehouse } from './types.js';

/** `poolSize` connections run statements concurrently; DuckDB parallelises inside each too. */
export interface DuckDbWarehouseOptions extends WarehousePoolOptions {
  /** DuckDB's memory_limit (e.g. '1GB'); unset = DuckDB's default (80% of RAM). */
  memoryLimit?: string;
  /** DuckDB's worker threads; unset = DuckDB's default (all cores). */
  threads?: number;
}

/**
 * Statements that may run at once: every DuckDB call of @duckdb/node-api occupies a thread of
 * libuv's pool (UV_THREADPOOL_SIZE, 4 unless set before start) for as long as it runs, so two
 * threads are always left free for the liveness probe and for file and DNS work; raise
 * UV_THREADPOOL_SIZE to run more statements at once (`npm start` sets 16).
 */
export function threadpoolStatements(): number {
  const size = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, size - 2);
}

/** Folders of views of a folder warehouse: `quarry-duckdb-<pid>-XXXXXX` in the temp folder. */
const VIEWS_DIR_PREFIX = 'quarry-duckdb-';

/**
 * Removes views folders left by processes that no longer run (a kill -9 skips close()). The pid
 * in the name says whose a folder is; a live process's folder is never touched.
 */
export async function sweepOrphanedViewFolders(dir = tmpdir()): Promise<string[]> {
  const removed: string[] = [];
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    const m = new RegExp(`^${VIEWS_DIR_PREFIX}(\\d+)-`).exec(name);
    if (!m || Number(m[1]) === process.pid || pidExists(Number(m[1]))) continue;
    await rm(join(dir, name), { recursive: true, force: true }).catch(() => undefined);
    removed.push(name);
  }
  return removed;
}

/** Data files a folder warehouse turns into views. */
const DATA_EXTENSIONS: Record<string, string> = {
  '.parquet': 'read_parquet',
  '.csv': 'read_csv',
  '.tsv': 'read_csv',
};

export interface DuckDbSource {
  kind: 'database' | 'files';
  path: string;
  /** For kind 'files': view name -> absolute file path. */
  files: Record<string, string>;
}

const sqlString = (s: string) => `'${s.replace(/'/g, "''")}'`;
export const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Lists the data files of a folder (or one file) as view name -> absolute path. */
async function listDataFiles(path: string, isDir: boolean): Promise<Record<string, string>> {
  const names = isDir ? (await readdir(path)).sort() : [basename(path)];
  const dir = isDir ? path : resolve(path, '..');
  const files: Record<string, string> = {};
  for (const name of names) {
    const ext = extname(name).toLowerCase();
    if (!DATA_EXTENSIONS[ext]) continue;
    const view = basename(name, extname(name));
    if (files[view]) throw new WarehouseConnectionError(`Two data files would both be the table "${view}" in ${path}`);
    files[view] = await realpath(join(dir, name));
  }
  if (Object.keys(files).length === 0) {
    throw new WarehouseConnectionError(`No .parquet, .csv or .tsv files in ${path}`);
  }
  return files;
}

/** Converts one DuckDB value to JSON-ready JS (numbers, ISO dates/timestamps, plain arrays/objects). */
export function toJsValue(v: DuckDBValue): unknown {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'number':
      return Number.isFinite(v) ? v : String(v);
    case 'bigint':
      return Number(v);
    case 'string':
    case 'boolean':
      return v;
  }
  if (v instanceof DuckDBDecimalValue) return v.toDouble();
  if (v instanceof DuckDBDateValue) return v.toString();
  if (v instanceof DuckDBTimestampValue || v instanceof DuckDBTimestampTZValue) {
    return v.isFinite ? isoFromMicros(v.micros) : v.toString();
  }
  if (v instanceof DuckDBTimestampSecondsValue) return isoFromMicros(v.seconds * 1_000_000n);
  if (v instanceof DuckDBTimestampMillisecondsValue) return isoFromMicros(v.millis * 1000n);
  if (v instanceof DuckDBTimestampNanosecondsValue) return isoFromMicros(v.nanos / 1000n);
  if (v instanceof DuckDBListValue || v instanceof DuckDBArrayValue) return v.items.map(toJsValue);
  if (v instanceof DuckDBStructValue) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v.entries)) o[k] = toJsValue(x);
    return o;
  }
  if (v instanceof DuckDBMapValue) return v.entries.map((e) => ({ key: toJsValue(e.key), value: toJsValue(e.value) }));
  if (v instanceof DuckDBUnionValue) return toJsValue(v.value);
  if (v instanceof DuckDBBlobValue) return Buffer.from(v.bytes).toString('base64');
  return String(v); // TIME, INTERVAL, UUID, BIT, ...: their SQL text form
}

function isoFromMicros(micros: bigint): string {
  const ms = Number(micros / 1000n);
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? String(micros) : d.toISOString();
}

/** Interprets engine errors: interruption versus everything else. */
function isInterrupt(e: unknown): boolean {
  return e instanceof Error && /INTERRUPT|Interrupted/i.test(e.message);
}

export class DuckDbWarehouse implements Warehouse {
  readonly dialect = 'duckdb' as const;
  private readonly idle: DuckDBConnection[];
  /** Who may take a connection next: fair between accounts (slots.ts); one slot per connection. */
  private readonly slots: FairSlots;
  private readonly busy = new Set<DuckDBConnection>();
  private readonly statements = new Map<DuckDBConnection, Map<string, DuckDBPreparedStatement>>();
  /** The liveness probe's own connection: a busy pool must not make a healthy warehouse look down. */
  private probe: Promise<void> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly instance: DuckDBInstance,
    connections: DuckDBConnection[],
    private readonly probeConnection: DuckDBConnection,
    readonly source: DuckDbSource,
    private readonly tempDir: string | undefined,
    private readonly options: DuckDbWarehouseOptions,
  ) {
    this.idle = connections;
    this.slots = statementSlots(connections.length, options);
  }

  /** Statements holding a connection, and waiting for one. */
  get load(): { running: number; waiting: number } {
    return this.slots.stats;
  }

  /** Connections that run statements (the configured number, or fewer when libuv's pool is smaller; see threadpoolStatements). */
  get connections(): number {
    return this.slots.capacity;
  }

  /** Opens `path`: a .duckdb file, a folder of Parquet/CSV files, or one such file. */
  static async open(path: string, options: DuckDbWarehouseOptions = {}): Promise<DuckDbWarehouse> {
    const abs = resolve(path);
    let st;
    try {
      st = await stat(abs);
    } catch {
      throw new WarehouseConnectionError(`No DuckDB database or data folder at ${abs}`);
    }
    const isFiles = st.isDirectory() || DATA_EXTENSIONS[extname(abs).toLowerCase()] !== undefined;
    let dbPath = abs;
    let tempDir: string | undefined;
    let files: Record<string, string> = {};
    if (isFiles) {
      files = await listDataFiles(abs, st.isDirectory());
      await sweepOrphanedViewFolders();
      // Views go into a private database file that is then reopened read-only.
      tempDir = await mkdtemp(join(tmpdir(), `${VIEWS_DIR_PREFIX}${process.pid}-`));
      dbPath = join(tempDir, 'views.duckdb');
      const builder = await DuckDBInstance.create(dbPath);
      const c = await builder.connect();
      try {
        for (const [view, file] of Object.entries(files)) {
          const reader = DATA_EXTENSIONS[extname(file).toLowerCase()]!;
          await c.run(`CREATE VIEW ${quoteIdent(view)} AS SELECT * FROM ${reader}(${sqlString(file)})`);
        }
      } finally {
        c.closeSync();
        builder.closeSync();
      }
    }
    let instance: DuckDBInstance;
    try {
      const settings: Record<string, string> = { access_mode: 'READ_ONLY' };
      if (options.memoryLimit) settings.memory_limit = options.memoryLimit;
      if (options.threads) settings.threads = String(options.threads);
      instance = await DuckDBInstance.create(dbPath, settings);
    } catch (e) {
      if (tempDir) await rm(tempDir, { recursive: true, force: true });
      throw new WarehouseConnectionError(`Cannot open DuckDB database ${abs}: ${(e as Error).message}`, { cause: e });
    }
    try {
      const setup = await instance.connect();
      // Order matters: allowed_paths before external access is disabled, and the lock last.
      const paths = Object.values(files);
      if (paths.length > 0) await setup.run(`SET allowed_paths = [${paths.map(sqlString).join(', ')}]`);
      await setup.run('SET enable_external_access = false');
      await setup.run('SET lock_configuration = true');
      setup.closeSync();
      const n = Math.min(statementConnections(options), threadpoolStatements());
      const conns: DuckDBConnection[] = [];
      for (let i = 0; i < n; i++) conns.push(await instance.connect());
      const probe = await instance.connect();
      return new DuckDbWarehouse(instance, conns, probe, { kind: isFiles ? 'files' : 'database', path: abs, files }, tempDir, options);
    } catch (e) {
      instance.closeSync();
      if (tempDir) await rm(tempDir, { recursive: true, force: true });
      throw e instanceof WarehouseError
        ? e
        : new WarehouseConnectionError(`Cannot prepare DuckDB warehouse ${abs}: ${(e as Error).message}`, { cause: e });
    }
  }

  /**
   * Runs one SELECT. The timeout covers waiting for a connection too. On timeout or abort the
   * statement is interrupted in the engine and the promise rejects at once; the connection returns
   * to the pool when the engine has stopped.
   */
  async run(sql: string, options: RunOptions = {}): Promise<QueryResult> {
    const started = performance.now();
    const { timeoutMs, maxRows, maxBytes } = runLimits(options, this.options);
    if (this.closed) throw new WarehouseConnectionError('The warehouse is closed');
    if (options.signal?.aborted) throw new WarehouseCancelledError();

    // One internal controller for both timeout and the caller's signal.
    const ctl = new AbortController();
    let why: 'timeout' | 'abort' | undefined;
    const timer = setTimeout(() => {
      why ??= 'timeout';
      ctl.abort();
    }, timeoutMs);
    const onAbort = () => {
      why ??= 'abort';
      ctl.abort();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const cancelledError = () => (why === 'timeout' ? new WarehouseTimeoutError(timeoutMs) : new WarehouseCancelledError());
    try {
      let releaseSlot: () => void;
      try {
        releaseSlot = await this.slots.acquire(options.account, ctl.signal);
      } catch (e) {
        if (ctl.signal.aborted) throw cancelledError();
        throw e;
      }
      // A slot is held for every busy connection, so a granted slot always finds an idle one.
      const conn = this.idle.pop()!;
      this.busy.add(conn);
      const work = this.execute(conn, sql, maxRows, maxBytes);
      // The connection (and its slot) go back only once the engine is done with it, even if we answer early.
      const giveBack = () => {
        this.busy.delete(conn);
        if (this.closed) conn.closeSync();
        else this.idle.push(conn);
        releaseSlot();
      };
      void work.then(giveBack, giveBack);
      const cancelled = new Promise<never>((_, reject) => {
        const stop = () => {
          conn.interrupt();
          reject(cancelledError());
        };
        if (ctl.signal.aborted) stop();
        else ctl.signal.addEventListener('abort', stop, { once: true });
      });
      cancelled.catch(() => undefined);
      let out: Omit<QueryResult, 'elapsedMs'>;
      try {
        out = await Promise.race([work, cancelled]);
      } catch (e) {
        if (ctl.signal.aborted) throw cancelledError();
        if (isInterrupt(e)) throw cancelledError();
        throw e;
      }
      return { ...out, elapsedMs: performance.now() - started };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Streams the result chunk by chunk and stops at the row cap (one row more is read to know
   * whether there were more) or the byte cap, so a huge result is never materialised here.
   */
  private async execute(conn: DuckDBConnection, sql: string, maxRows: number, maxBytes: number): Promise<Omit<QueryResult, 'elapsedMs'>> {
    const fail = (e: unknown): never => {
      if (e instanceof WarehouseError || isInterrupt(e)) throw e;
      throw new WarehouseQueryError(cleanMessage(e), { cause: e });
    };
    const prepared = await this.prepare(conn, sql).catch(fail);
    const result = await prepared.stream().catch(fail);
    const names = uniqueNames(result.columnNames());
    const columns: ColumnInfo[] = names.map((name, i) => ({ name, type: result.columnType(i).toString() }));
    const rows: Record<string, unknown>[] = [];
    let bytes = 0;
    let truncatedBy: 'rows' | 'bytes' | undefined;
    while (truncatedBy === undefined) {
      const chunk = await result.fetchChunk().catch(fail);
      const count = chunk?.rowCount ?? 0; // a native call: read once per chunk
      if (!chunk || count === 0) break;
      const vectors = names.map((_, c) => chunk.getColumnVector(c));
      for (let r = 0; r < count; r++) {
        if (rows.length >= maxRows) {
          truncatedBy = 'rows';
          break;
        }
        const row: Record<string, unknown> = {};
        let rowBytes = 2;
        for (let c = 0; c < names.length; c++) {
          const v = toJsValue(vectors[c]!.getItem(r));
          rowBytes += valueBytes(v) + 1;
          row[names[c]!] = v;
          if (bytes + rowBytes > maxBytes) break;
        }
        if (bytes + rowBytes > maxBytes) {
          truncatedBy = 'bytes';
          break;
        }
        bytes += rowBytes;
        rows.push(row);
      }
    }
    return { columns, rows, rowCount: rows.length, truncated: truncatedBy !== undefined, ...(truncatedBy ? { truncatedBy } : {}) };
  }

  /**
   * DuckDB's own parser must see exactly one SELECT: the engine-side twin of the guard, checked
   * before anything runs. Prepared statements are kept per connection (a small LRU), so repeated
   * SQL pays neither the check nor the bind again.
   */
  private async prepare(conn: DuckDBConnection, sql: string): Promise<DuckDBPreparedStatement> {
    let cache = this.statements.get(conn);
    if (!cache) this.statements.set(conn, (cache = new Map()));
    const hit = cache.get(sql);
    if (hit) {
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    const extracted = await conn.extractStatements(sql);
    if (extracted.count !== 1) throw new WarehouseQueryError('Exactly one SQL statement is allowed');
    const prepared = await extracted.prepare(0);
    if (prepared.statementType !== StatementType.SELECT) {
      prepared.destroySync();
      throw new WarehouseQueryError(`Only SELECT statements may run (got ${StatementType[prepared.statementType] ?? 'another statement'})`);
    }
    cache.set(sql, prepared);
    if (cache.size > PREPARED_PER_CONNECTION) {
      const [oldSql, old] = cache.entries().next().value!;
      cache.delete(oldSql);
      old.destroySync();
    }
    return prepared;
  }

  async introspect(): Promise<TableInfo[]> {
    const cols = await this.run(
      `SELECT c.table_schema, c.table_name, c.column_name, c.data_type, c.is_nullable, t.table_type
         FROM information_schema.columns c
         JOIN information_schema.tables t USING (table_catalog, table_schema, table_name)
        WHERE c.table_schema NOT IN ('information_schema', 'pg_catalog') AND c.table_catalog = current_database()
        ORDER BY c.table_schema, c.table_name, c.ordinal_position`,
      { maxRows: 1_000_000 },
    );
    const tables = new Map<string, TableInfo>();
    for (const r of cols.rows) {
      const schema = String(r.table_schema);
      const name = schema === 'main' ? String(r.table_name) : `${schema}.${String(r.table_name)}`;
      let t = tables.get(name);
      if (!t) tables.set(name, (t = { name, columns: [], ...(r.table_type === 'VIEW' ? { view: true } : {}) }));
      t.columns.push({ name: String(r.column_name), type: String(r.data_type), nullable: r.is_nullable === 'YES' });
    }
    const list = [...tables.values()];
    // Declared keys (a .duckdb file may have them; a folder's views never do).
    const cons = await this.run(
      `SELECT schema_name, table_name, constraint_type, constraint_column_names, referenced_table, referenced_column_names
         FROM duckdb_constraints()
        WHERE constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY') AND database_name = current_database()`,
      { maxRows: 1_000_000 },
    );
    for (const r of cons.rows) {
      const schema = String(r.schema_name);
      const t = tables.get(schema === 'main' ? String(r.table_name) : `${schema}.${String(r.table_name)}`);
      if (!t) continue;
      const names = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
      if (r.constraint_type === 'PRIMARY KEY') t.primaryKey = names(r.constraint_column_names);
      else if (r.referenced_table) {
        const ref = String(r.referenced_table);
        (t.foreignKeys ??= []).push({
          columns: names(r.constraint_column_names),
          references: schema === 'main' ? ref : `${schema}.${ref}`,
          refColumns: names(r.referenced_column_names),
        });
      }
    }
    // Row counts are cheap here (Parquet footers, DuckDB metadata); run them side by side.
    await Promise.all(
      list.map(async (t) => {
        const ref = t.name.split('.').map(quoteIdent).join('.');
        const r = await this.run(`SELECT count(*) AS n FROM ${ref}`);
        t.rowCount = Number(r.rows[0]?.n ?? 0);
      }),
    );
    return list;
  }

  /** Liveness on the probe's own connection (one probe at a time), never queued behind busy statements. */
  async ping(): Promise<void> {
    if (this.closed) throw new WarehouseConnectionError('The warehouse is closed');
    const run = this.probe.then(async () => {
      await this.probeConnection.run('SELECT 1');
    });
    this.probe = run.catch(() => undefined);
    try {
      await within(run, 5000, () => new WarehouseTimeoutError(5000));
    } catch (e) {
      if (e instanceof WarehouseError) throw e;
      throw new WarehouseConnectionError(cleanMessage(e), { cause: e });
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.slots.close();
    for (const c of this.busy) c.interrupt();
    for (const cache of this.statements.values()) for (const p of cache.values()) p.destroySync();
    this.statements.clear();
    for (const c of this.idle.splice(0)) c.closeSync();
    this.probeConnection.closeSync();
    // Busy connections close themselves on release; wait briefly for them before the instance goes.
    for (let i = 0; i < 100 && this.busy.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
    this.instance.closeSync();
    if (this.tempDir) await rm(this.tempDir, { recursive: true, force: true });
  }
}

/** The engine's message without server paths (it reaches callers of run_sql_query and answers). */
function cleanMessage(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return redactPaths(msg.trim());
}

/** Opens a DuckDB warehouse; see DuckDbWarehouse.open. */
export function openDuckDbWarehouse(path: string, options?: DuckDbWarehouseOptions): Promise<DuckDbWarehouse> {
  return DuckDbWarehouse.open(path, options);
}

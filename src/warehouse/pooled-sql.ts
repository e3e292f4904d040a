/**
 * What the client-server engines (PostgreSQL, MySQL/MariaDB) share around their driver: the fair
 * statement slots over a pool that holds one spare connection for the liveness probe, the closed
 * state, the probe itself, and the mapping from catalogue rows to TableInfo (columns in order, row
 * counts exact for small tables and the engine's estimate for large ones, declared keys). Each
 * engine keeps what really differs: how a statement runs, is cut and is cancelled, and its
 * catalogue queries.
 */
import {
  runLimits,
  statementConnections,
  statementSlots,
  uniqueNames,
  within,
  type RunLimits,
  type WarehousePoolOptions,
} from './common.js';
import { WarehouseCancelledError, WarehouseConnectionError, WarehouseError, WarehouseTimeoutError, redactPaths } from './errors.js';
import type { FairSlots } from './slots.js';
import type { ColumnInfo, ForeignKeyInfo, QueryResult, RunOptions, TableInfo } from './types.js';

/** What a statement fetched: rows as arrays (at most the row cap), the driver's fields, and which cap cut it. */
export interface FetchedRows<Field extends { name: string }> {
  rows: unknown[][];
  fields: Field[];
  truncatedBy?: 'rows' | 'bytes';
}

/** How one engine runs a statement under the shared limits and cancellation of PooledSqlWarehouse.runStatement. */
export interface StatementRun<Field extends { name: string }> {
  /**
   * Runs the statement on a connection of its own (a slot is held), fetching at most the caps.
   * `stopping()` is true once the statement is being cancelled: a step that starts after it must not run.
   */
  fetch(limits: RunLimits, stopping: () => boolean): Promise<FetchedRows<Field>>;
  /** Stops the running statement in the server (the time limit passed or the caller aborted). */
  stop(): void;
  /** A driver error as the WarehouseError it means (the shared time limit and aborts are mapped already). */
  classify(error: Error, limits: RunLimits): WarehouseError;
  /** A result column's type name. */
  typeOf(field: Field): string;
}

/** A table being assembled from catalogue rows. */
interface TableDraft {
  name: string;
  columns: ColumnInfo[];
  rowCount?: number;
  primaryKey?: string[];
  foreignKeys?: ForeignKeyInfo[];
  view?: boolean;
}

/** Tables at or above this estimated size are not counted exactly (a count would scan them). */
const ESTIMATE_FROM_ROWS = 1_000_000;

export abstract class PooledSqlWarehouse<Options extends WarehousePoolOptions = WarehousePoolOptions> {
  /** Who may take a connection next: fair between accounts (slots.ts). */
  protected readonly slots: FairSlots;
  protected closed = false;
  /** The engine's name in messages ("Postgres", "MySQL"). */
  protected abstract readonly engineName: string;

  protected constructor(protected readonly options: Options) {
    this.slots = statementSlots(statementConnections(options), options);
  }

  /** Statements holding a connection, and waiting for one. */
  get load(): { running: number; waiting: number } {
    return this.slots.stats;
  }

  /** `SELECT 1` on the pool's spare connection. */
  protected abstract probe(): Promise<unknown>;
  /** Ends the driver's pool. */
  protected abstract endPool(): Promise<void>;

  protected assertOpen(): void {
    if (this.closed) throw new WarehouseConnectionError('The warehouse is closed');
  }

  /** Liveness on the pool's spare connection: never queued behind busy statements. */
  async ping(): Promise<void> {
    this.assertOpen();
    try {
      await within(this.probe(), 5000, () => new Error('no answer within 5 s'));
    } catch (e) {
      throw new WarehouseConnectionError(`The ${this.engineName} warehouse is unreachable: ${redactPaths((e as Error).message)}`, {
        cause: e,
      });
    }
  }

  /**
   * One statement: a fair slot, then the engine's fetch, ended by the time limit or the caller's
   * abort — whichever comes first — with WarehouseTimeoutError or WarehouseCancelledError (the
   * engine stops it in the server), any other failure classified by the engine, and the rows as a
   * QueryResult with unique column names.
   */
  protected async runStatement<Field extends { name: string }>(options: RunOptions, run: StatementRun<Field>): Promise<QueryResult> {
    const started = performance.now();
    this.assertOpen();
    const limits = runLimits(options, this.options);
    const { timeoutMs } = limits;
    if (options.signal?.aborted) throw new WarehouseCancelledError();

    let why: 'timeout' | 'abort' | undefined;
    let reject!: (e: unknown) => void;
    const cancelled = new Promise<never>((_, r) => (reject = r));
    cancelled.catch(() => undefined);
    // Aborts waiting for a slot; a running statement is stopped by the engine.
    const waiting = new AbortController();
    const cancel = (reason: 'timeout' | 'abort') => {
      why ??= reason;
      waiting.abort();
      run.stop();
      reject(why === 'timeout' ? new WarehouseTimeoutError(timeoutMs) : new WarehouseCancelledError());
    };
    const timer = setTimeout(() => cancel('timeout'), timeoutMs);
    const onAbort = () => cancel('abort');
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const work = (async () => {
      const releaseSlot = await this.slots.acquire(options.account, waiting.signal);
      try {
        return await run.fetch(limits, () => why !== undefined);
      } finally {
        releaseSlot();
      }
    })();
    work.catch(() => undefined);

    try {
      let fetched: FetchedRows<Field>;
      try {
        fetched = await Promise.race([work, cancelled]);
      } catch (e) {
        if (why === 'timeout') throw new WarehouseTimeoutError(timeoutMs);
        if (why === 'abort') throw new WarehouseCancelledError();
        if (e instanceof WarehouseError) throw e;
        throw run.classify(e as Error, limits);
      }
      const names = uniqueNames(fetched.fields.map((f) => f.name));
      const columns: ColumnInfo[] = fetched.fields.map((f, i) => ({ name: names[i]!, type: run.typeOf(f) }));
      const rows = fetched.rows.map((r) => {
        const o: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i++) o[names[i]!] = r[i] ?? null;
        return o;
      });
      const truncatedBy = fetched.truncatedBy;
      return {
        columns,
        rows,
        rowCount: rows.length,
        truncated: truncatedBy !== undefined,
        ...(truncatedBy ? { truncatedBy } : {}),
        elapsedMs: performance.now() - started,
      };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.slots.close();
    await this.endPool();
  }
}

/** Catalogue rows -> tables, in first-seen order. */
export class TableCatalogue<T extends TableDraft = TableDraft> {
  readonly tables = new Map<string, T>();

  /** The table of this name, made with `extra` on first sight. */
  table(name: string, extra: Omit<T, keyof TableDraft> = {} as Omit<T, keyof TableDraft>): T {
    let t = this.tables.get(name);
    if (!t) this.tables.set(name, (t = { name, columns: [], ...extra } as unknown as T));
    return t;
  }

  /** Row counts: the engine's estimate for a large table, an exact count for a small one. */
  async countRows(estimate: (t: T) => Promise<number>, exact: (t: T) => Promise<number>, inParallel: boolean): Promise<void> {
    const one = async (t: T) => {
      const n = await estimate(t);
      t.rowCount = n >= ESTIMATE_FROM_ROWS ? n : await exact(t);
    };
    if (inParallel) await Promise.all([...this.tables.values()].map(one));
    else for (const t of this.tables.values()) await one(t);
  }

  /** The tables as the Warehouse interface returns them (no engine-only fields, no empty key lists). */
  list(): TableInfo[] {
    return [...this.tables.values()].map(({ name, columns, rowCount, primaryKey, foreignKeys, view }) => ({
      name,
      columns,
      rowCount,
      ...(primaryKey ? { primaryKey } : {}),
      ...(foreignKeys ? { foreignKeys } : {}),
      ...(view ? { view } : {}),
    }));
  }
}

/** host:port/database of a URL, for messages (never the user or password). */
export function redactedTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return '(unparsable URL)';
  }
}

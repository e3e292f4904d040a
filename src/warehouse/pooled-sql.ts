/**
 * What the client-server engines (PostgreSQL, MySQL/MariaDB) share around their driver: the fair
 * statement slots over a pool that holds one spare connection for the liveness probe, the closed
 * state, the probe itself, and the mapping from catalogue rows to TableInfo (columns in order, row
 * counts exact for small tables and the engine's estimate for large ones, declared keys). Each
 * engine keeps what really differs: how a statement runs, is cut and is cancelled, and its
 * catalogue queries.
 */
import { statementConnections, statementSlots, within, type WarehousePoolOptions } from './common.js';
import { WarehouseConnectionError, redactPaths } from './errors.js';
import type { FairSlots } from './slots.js';
import type { ColumnInfo, ForeignKeyInfo, TableInfo } from './types.js';

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

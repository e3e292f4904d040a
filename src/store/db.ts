/**
 * Opens the state store: SQLite under the data directory (the embedded default), or PostgreSQL
 * when QUARRY_STORE names one. Both run the same migrations and repositories; what differs is
 * kept here (connection set-up, type parsing, migration locking).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrations.js';
import type { Database } from './schema.js';

export type StoreDb = Kysely<Database>;
export type StoreKind = 'sqlite' | 'postgres';

/** An open state store: the Kysely instance and what else a caller may need of its database. */
export interface OpenStore {
  db: StoreDb;
  kind: StoreKind;
  /** The Postgres pool the store uses (its types parsed as the store needs); absent on SQLite. */
  pool?: pg.Pool;
  /** The Postgres URL (QUARRY_STORE); absent on SQLite. */
  url?: string;
  /** The SQLite file; absent on Postgres. */
  file?: string;
  /** Closes the connection(s); the pool is ended with the Kysely instance. */
  close(): Promise<void>;
}

/** Where the state lives: a postgres:// URL, or the SQLite file in the data directory. */
export function openStore(config: { store?: string; dataDir: string }): Promise<OpenStore> {
  if (config.store) return openPostgresStore(config.store);
  return openSqliteStoreFile(join(config.dataDir, 'quarry.sqlite'));
}

export async function openSqliteStoreFile(file: string): Promise<OpenStore> {
  const db = await openSqliteStore(file);
  return { db, kind: 'sqlite', file, close: () => db.destroy() };
}

export async function openSqliteStore(file: string): Promise<StoreDb> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // Another process may hold the write lock for a moment; wait instead of failing.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  await migrateToLatest(db);
  return db;
}

/** Distinct statement texts kept prepared; the store's queries are a few dozen shapes. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection as Kysely's SQLite driver sees it, with each statement prepared once per text:
 * the driver prepares on every query, which was a fifth of a submission's store time. Reusing a
 * statement is safe here because the driver runs one query at a time on the one connection and
 * reads every result fully (all/run); SQLite re-prepares a statement itself after a schema change.
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const prepared = new Map<string, SQLite.Statement>();
  return new Proxy(sqlite, {
    get(target, property) {
      if (property !== 'prepare') {
        const value = Reflect.get(target, property, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (sql: string) => {
        let statement = prepared.get(sql);
        if (!statement) {
          if (prepared.size >= STATEMENT_CACHE_SIZE) prepared.delete(prepared.keys().next().value!);
          statement = target.prepare(sql);
          prepared.set(sql, statement);
        }
        return statement;
      };
    },
  });
}

// Postgres type OIDs whose default parsing differs from what the store's records hold.
const INT8_OID = 20; // bigint: epoch-ms times and count(*) arrive as strings by default
const NUMERIC_OID = 1700;

/**
 * Type parsers of the store's own pool (never pg's globals: the Postgres warehouse keeps its own
 * parsing). Epoch milliseconds are far below 2^53, so a bigint becomes a JS number exactly as
 * SQLite returns it; one that is not safe is refused rather than rounded.
 */
export const storeTypes: pg.CustomTypesConfig = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return parseSafeNumber;
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as pg.CustomTypesConfig;

function parseSafeNumber(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) && !(Number.isFinite(n) && text.includes('.'))) {
    throw new Error(`state store: the value ${text} does not fit a JavaScript number`);
  }
  return n;
}

/** Advisory lock keys serialising set-up across processes ("quarry" in ASCII, then a number). */
const MIGRATION_LOCK = 0x7175617272_01;
export const CHECKPOINT_SETUP_LOCK = 0x7175617272_02;
/** First-start bootstrap (default account, first key, first admin): API processes starting together create them once. */
export const BOOTSTRAP_LOCK = 0x7175617272_03;
/** The job queue's set-up (pg-boss schema, queue, tables of ours): processes starting together deadlocked on it. */
export const QUEUE_SETUP_LOCK = 0x7175617272_04;

/**
 * The pool options of the store: type parsing per pool, a name that shows in pg_stat_activity.
 * Idle connections stay open (pg closes them after 10 s by default): a long-poll woken after a
 * quiet spell would otherwise pay a new connection (a server process forked) on its way out;
 * they do not keep a finished command's process alive (allowExitOnIdle).
 */
export function storePoolConfig(url: string, max = 10): pg.PoolConfig {
  return { connectionString: url, max, idleTimeoutMillis: 0, allowExitOnIdle: true, types: storeTypes, application_name: 'quarry-store' };
}

/**
 * Makes a pg pool survive its server going away (a restart, a failover, an administrator's
 * terminate): an idle client's error reaches the pool's 'error' (handled here), and a client
 * checked out between two statements gets a listener of its own, since pg-pool listens only while
 * it is idle and an unheard 'error' ends the process. The statement in flight fails as usual; the
 * next checkout connects anew.
 */
export function survivesServerLoss(pool: pg.Pool, onError: (err: Error) => void = () => undefined): pg.Pool {
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

export async function openPostgresStore(url: string, options: { max?: number } = {}): Promise<OpenStore> {
  const pool = survivesServerLoss(new pg.Pool(storePoolConfig(url, options.max)));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await migratePostgres(db, url);
  } catch (err) {
    await db.destroy().catch(() => undefined);
    throw err;
  }
  return { db, kind: 'postgres', pool, url, close: () => db.destroy() };
}

/**
 * Runs `fn` while holding a session-level advisory lock on a connection of its own, so that one
 * process at a time does it (set-up work several processes may start at the same moment).
 */
export async function withAdvisoryLock<T>(url: string, key: number, fn: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: url, application_name: 'quarry-setup' });
  // Held for the whole set-up: its server going away fails the set-up, never the process.
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [key]);
    return await fn();
  } finally {
    // ending the session releases the lock as well
    await lock.end().catch(() => undefined);
  }
}

/**
 * Several processes may start at once on one database: each waits for the same advisory lock, so
 * migrations run once and the others find them applied. (Kysely's migrator also locks, but only
 * after creating its own tables, which is itself a race; and its lock is taken on a pool
 * connection, so it cannot be nested in a connection of ours.)
 */
function migratePostgres(db: StoreDb, url: string): Promise<void> {
  return withAdvisoryLock(url, MIGRATION_LOCK, () => migrateToLatest(db));
}

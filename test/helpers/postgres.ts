/**
 * A real, throwaway PostgreSQL 15 for tests (Debian's binaries in /usr/lib/postgresql/15/bin).
 *
 *   const pg = await startPostgres();            // ~1 s: initdb + start on a free port
 *   await loadTpch(pg.url);                      // the eval TPC-H Parquet data, ~3 s for all of it
 *   const ro = await createReadOnlyRole(pg.url); // a login that can only SELECT
 *   ...
 *   await pg.stop();
 *
 * initdb refuses to run as root, so under root the server runs as the `postgres` user via
 * `runuser` and its folder is chowned to it. Durability is switched off: it is a test database.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from './net.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { DuckDBInstance } from '@duckdb/node-api';

const run = promisify(execFile);
export const PG_BIN = process.env.QUARRY_PG_BIN ?? '/usr/lib/postgresql/15/bin';
import { TPCH_DIR, TPCH_TABLES } from './paths.js';
export { TPCH_DIR, TPCH_TABLES };

export interface TestPostgres {
  /** Superuser URL (trust auth on 127.0.0.1), database `postgres`. */
  url: string;
  port: number;
  /** The server's folder (data, socket, log). */
  dir: string;
  /** URL of another database on the same server. */
  urlFor(database: string, user?: string): string;
  /** Shuts the server down, keeping its data, as an outage would (resume() starts it again). */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port and data. */
  resume(): Promise<void>;
  /** Creates an empty database called `name` (a template's copy if given); its superuser URL. */
  createDatabase(name: string, options?: { template?: string }): Promise<string>;
  stop(): Promise<void>;
}

export interface StartPostgresOptions {
  /** The server's max_connections (default 100; the run's shared server serves every worker). */
  maxConnections?: number;
  /**
   * Acknowledged commits survive a crash-stop (`synchronous_commit=on`, as in production). By
   * default commits are acknowledged before their WAL is flushed, which is faster but loses the
   * last few hundred ms of committed work when the server is halted with `-m immediate`.
   */
  durableCommits?: boolean;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL binary as the postgres user when we are root (initdb and postgres refuse root). */
function pgCommand(bin: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args]] : [join(PG_BIN, bin), args];
}

export async function startPostgres(options: StartPostgresOptions = {}): Promise<TestPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-pg-'));
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const [initCmd, initArgs] = pgCommand('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  await run(initCmd, initArgs);
  let port = 0;
  const startOn = (p: number) => {
    const opts = `-p ${p} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=${options.durableCommits ? 'on' : 'off'} -c full_page_writes=off -c max_connections=${options.maxConnections ?? 100} -c statement_timeout=120s -c idle_in_transaction_session_timeout=120s`;
    const [cmd, args] = pgCommand('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
    return run(cmd, args);
  };
  // A port found free can be taken before the server binds it; retry a few times.
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    try {
      await startOn(port);
      break;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    try {
      const [cmd, args] = pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      execFileSync(cmd, args, { stdio: 'ignore' });
    } catch {
      /* already gone */
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // A crashed test run must not leave servers behind.
  process.once('exit', stopSync);
  const urlFor = (database: string, user = 'postgres') => `postgres://${user}@127.0.0.1:${port}/${database}`;
  return {
    url: urlFor('postgres'),
    port,
    dir,
    urlFor,
    async halt() {
      const [cmd, args] = pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      await run(cmd, args);
    },
    async resume() {
      await startOn(port);
    },
    async createDatabase(name, { template } = {}) {
      await execSql(urlFor('postgres'), `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
      return urlFor(name);
    },
    async stop() {
      process.removeListener('exit', stopSync);
      stopSync();
    },
  };
}

/** Runs SQL (several statements allowed) as the given URL's user. */
/**
 * A pool for a test's own queries. An idle connection the server ends (a restart, a forced
 * DROP DATABASE at the end of a file, a terminated backend) is dropped quietly instead of raising
 * an 'error' event nobody listens to, which would fail the whole run as an uncaught exception;
 * the test still sees every failure of its own queries.
 */
export function testPool(url: string, max = 2): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  return pool;
}

export async function execSql(url: string, sql: string): Promise<pg.QueryResult | pg.QueryResult[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

/** Runs DDL on server-wide objects again when a concurrent session won the race for them. */
export async function retryConcurrentDdl<T>(ddl: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ddl();
    } catch (e) {
      const code = (e as { code?: string }).code;
      const raced = code === '23505' || code === '42710' || code === '55006' || /concurrently/.test((e as Error).message);
      if (!raced || attempt >= 8) throw e;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
    }
  }
}

/**
 * Creates a login role that can only read: SELECT on the schema's tables, and read-only
 * transactions by default. Returns its URL (trust auth, so no password is needed).
 */
export async function createReadOnlyRole(adminUrl: string, role = 'quarry_ro', schema = 'public'): Promise<string> {
  const u = new URL(adminUrl);
  const db = u.pathname.slice(1) || 'postgres';
  const r = `"${role}"`;
  const s = `"${schema}"`;
  // Roles are the server's, not a database's: files sharing the run's server may create or alter
  // the same role at once (duplicate role, "tuple concurrently updated"); the statement is idempotent.
  await retryConcurrentDdl(() =>
    execSql(
      adminUrl,
      `DO $$ BEGIN
       IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${r} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE; END IF;
     END $$;
     REVOKE CREATE ON SCHEMA ${s} FROM PUBLIC;
     GRANT CONNECT ON DATABASE "${db}" TO ${r};
     GRANT USAGE ON SCHEMA ${s} TO ${r};
     GRANT SELECT ON ALL TABLES IN SCHEMA ${s} TO ${r};
     ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT SELECT ON TABLES TO ${r};
     ALTER ROLE ${r} SET default_transaction_read_only = on;`,
    ),
  );
  u.username = role;
  u.password = '';
  return u.toString();
}

const pgType = (duck: string): string => {
  const t = duck.toUpperCase();
  if (t.startsWith('DECIMAL')) return t.replace('DECIMAL', 'numeric');
  return (
    (
      {
        INTEGER: 'integer',
        BIGINT: 'bigint',
        VARCHAR: 'text',
        DATE: 'date',
        DOUBLE: 'double precision',
        BOOLEAN: 'boolean',
        TIMESTAMP: 'timestamp',
      } as Record<string, string>
    )[t] ?? 'text'
  );
};

export interface LoadTpchOptions {
  /** Tables to load (default: all eight). */
  tables?: readonly string[];
  /** Optional row filter per table, a DuckDB condition, e.g. `{ lineitem: "l_shipdate < DATE '1993-01-01'" }`. */
  where?: Record<string, string>;
  /** Folder of the Parquet files (default ../shared/eval/tpch beside the checkout). */
  dir?: string;
  /** Target schema (default public). */
  schema?: string;
}

/**
 * Loads the TPC-H Parquet tables into Postgres: DuckDB writes each table as CSV into a folder the
 * server can read, then the server COPYs it in (server-side COPY: the URL must be a superuser's).
 * Column types follow the Parquet ones (DECIMAL(15,2) -> numeric(15,2), DATE -> date, ...).
 * Returns row counts per table.
 */
export async function loadTpch(adminUrl: string, options: LoadTpchOptions = {}): Promise<Record<string, number>> {
  const tables = options.tables ?? TPCH_TABLES;
  const dir = options.dir ?? TPCH_DIR;
  const schema = options.schema ?? 'public';
  const csvDir = mkdtempSync(join(tmpdir(), 'quarry-pgload-'));
  chmodSync(csvDir, 0o755);
  const duck = await DuckDBInstance.create(':memory:');
  const dc = await duck.connect();
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const counts: Record<string, number> = {};
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    for (const t of tables) {
      const src = `read_parquet('${join(dir, `${t}.parquet`).replace(/'/g, "''")}')`;
      const where = options.where?.[t] ? ` WHERE ${options.where[t]}` : '';
      const desc = (await dc.runAndReadAll(`DESCRIBE SELECT * FROM ${src}`)).getRowObjectsJS() as Array<{
        column_name: string;
        column_type: string;
      }>;
      const cols = desc.map((d) => `"${d.column_name}" ${pgType(d.column_type)}`).join(', ');
      const csv = join(csvDir, `${t}.csv`);
      await dc.run(`COPY (SELECT * FROM ${src}${where}) TO '${csv}' (HEADER false, DELIMITER ',', QUOTE '"', NULLSTR '')`);
      await client.query(`DROP TABLE IF EXISTS "${schema}"."${t}" CASCADE; CREATE TABLE "${schema}"."${t}" (${cols})`);
      const r = await client.query(`COPY "${schema}"."${t}" FROM '${csv}' WITH (FORMAT csv, NULL '')`);
      counts[t] = r.rowCount ?? 0;
    }
    await client.query('ANALYZE');
  } finally {
    await client.end();
    dc.closeSync();
    duck.closeSync();
    rmSync(csvDir, { recursive: true, force: true });
  }
  return counts;
}

/** Starts a server, loads TPC-H (or the given subset) and creates the read-only role. */
export async function startTpchPostgres(
  options: LoadTpchOptions = {},
): Promise<TestPostgres & { readOnlyUrl: string; counts: Record<string, number> }> {
  const server = await startPostgres();
  try {
    const counts = await loadTpch(server.url, options);
    const readOnlyUrl = await createReadOnlyRole(server.url, 'quarry_ro', options.schema ?? 'public');
    return { ...server, readOnlyUrl, counts };
  } catch (e) {
    await server.stop();
    throw e;
  }
}

// Kept for callers that want to write their own fixtures next to the server.
export function writeServerFile(server: TestPostgres, name: string, text: string): string {
  const p = join(server.dir, name);
  writeFileSync(p, text);
  return p;
}

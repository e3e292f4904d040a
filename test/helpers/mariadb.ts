/**
 * A real, throwaway MariaDB 10.11 for tests (Debian's `mariadb-server` binaries).
 *
 *   const db = await startMariadb();                    // ~5 s: mariadb-install-db + start on a free port
 *   await loadTpchMariadb(db.urlFor('tpch'));            // TPC-H Parquet -> CSV (DuckDB) -> LOAD DATA INFILE
 *   const ro = await createReadOnlyUser(db.url, 'tpch'); // a login with only SELECT on that database
 *   ...
 *   await db.stop();
 *
 * The server reads no option files (`--no-defaults`), listens on 127.0.0.1 only, and may read
 * server-side files only from its own folder (`--secure-file-priv`), which the loader uses. Root
 * logs in without a password over TCP (`--auth-root-authentication-method=normal`); the
 * warehouse under test connects as the read-only user instead. Under root the server runs as
 * root (`--user=root`); durability is off: it is a test database.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from './net.js';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import { DuckDBInstance } from '@duckdb/node-api';
import { TPCH_DIR, TPCH_TABLES } from './paths.js';

const run = promisify(execFile);
export const MARIADB_BIN = process.env.QUARRY_MARIADB_BIN ?? '/usr/sbin/mariadbd';
export const MARIADB_INSTALL_DB = process.env.QUARRY_MARIADB_INSTALL_DB ?? '/usr/bin/mariadb-install-db';
/** TPC-H's primary keys, declared as a MySQL schema would (joins without an index are nested loops there). */
const TPCH_KEYS: Record<string, string[]> = {
  region: ['r_regionkey'],
  nation: ['n_nationkey'],
  supplier: ['s_suppkey'],
  customer: ['c_custkey'],
  part: ['p_partkey'],
  partsupp: ['ps_partkey', 'ps_suppkey'],
  orders: ['o_orderkey'],
  lineitem: ['l_orderkey', 'l_linenumber'],
};
/** The foreign-key columns' indexes InnoDB would create for declared foreign keys. */
const TPCH_INDEXES: Record<string, string[][]> = {
  nation: [['n_regionkey']],
  supplier: [['s_nationkey']],
  customer: [['c_nationkey']],
  partsupp: [['ps_suppkey']],
  orders: [['o_custkey']],
  lineitem: [['l_partkey', 'l_suppkey'], ['l_suppkey']],
};

export interface TestMariadb {
  /** Root URL (no password, 127.0.0.1), no default database. */
  url: string;
  port: number;
  /** The server's folder (data, socket, log); the only folder LOAD DATA INFILE may read. */
  dir: string;
  /** URL of a database on this server, as root or the given user. */
  urlFor(database: string, user?: string, password?: string): string;
  /** Kills the server, keeping its data, as an outage would (resume() starts it again). */
  halt(): Promise<void>;
  resume(): Promise<void>;
  /** Creates an empty database called `name`; its root URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

export interface StartMariadbOptions {
  /** The server's max_connections (default 100; the run's shared server serves every worker). */
  maxConnections?: number;
}

async function waitForServer(port: number, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mariadbd exited with ${child.exitCode}; see ${log}`);
    try {
      const c = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root', connectTimeout: 1000 });
      await c.end();
      return;
    } catch (e) {
      if (Date.now() > deadline)
        throw new Error(`mariadbd did not accept connections within 30 s: ${(e as Error).message}; see ${log}`, { cause: e });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export async function startMariadb(options: StartMariadbOptions = {}): Promise<TestMariadb> {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-mariadb-'));
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const user = userInfo().username;
  await run(MARIADB_INSTALL_DB, [
    '--no-defaults',
    `--datadir=${data}`,
    `--user=${user}`,
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
  ]);
  let port = 0;
  let child: ChildProcess | undefined;
  const startOn = async (p: number) => {
    const log = join(dir, 'error.log');
    child = spawn(
      MARIADB_BIN,
      [
        '--no-defaults',
        `--user=${user}`,
        `--datadir=${data}`,
        `--socket=${join(dir, 'sock')}`,
        `--port=${p}`,
        '--bind-address=127.0.0.1',
        `--pid-file=${join(dir, 'pid')}`,
        `--log-error=${log}`,
        `--secure-file-priv=${dir}`,
        '--skip-name-resolve',
        '--skip-log-bin',
        '--innodb-flush-log-at-trx-commit=0',
        '--innodb-doublewrite=0',
        '--innodb-buffer-pool-size=128M',
        '--character-set-server=utf8mb4',
        `--max-connections=${options.maxConnections ?? 100}`,
      ],
      { stdio: 'ignore' },
    );
    child.on('error', () => undefined);
    await waitForServer(p, child, log);
  };
  // A port found free can be taken before the server binds it; retry a few times.
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    try {
      await startOn(port);
      break;
    } catch (e) {
      child?.kill('SIGKILL');
      if (attempt >= 3) throw e;
    }
  }
  let stopped = false;
  const stopSync = () => {
    if (stopped) return;
    stopped = true;
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  // A crashed test run must not leave servers behind.
  process.once('exit', stopSync);
  const urlFor = (database: string, u = 'root', password = '') =>
    `mysql://${encodeURIComponent(u)}${password ? `:${encodeURIComponent(password)}` : ''}@127.0.0.1:${port}/${database}`;
  const kill = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  };
  return {
    url: `mysql://root@127.0.0.1:${port}/`,
    port,
    dir,
    urlFor,
    halt: kill,
    async resume() {
      await startOn(port);
    },
    async createDatabase(name) {
      await execMysql(urlFor(''), `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
      return urlFor(name);
    },
    async stop() {
      process.removeListener('exit', stopSync);
      await kill();
      stopSync();
    },
  };
}

/** Runs SQL (several statements allowed) as the URL's user. */
export async function execMysql(url: string, sql: string): Promise<unknown> {
  const c = await mysql.createConnection({ uri: url, multipleStatements: true });
  try {
    const [rows] = await c.query(sql);
    return rows;
  } finally {
    await c.end();
  }
}

/**
 * A login that can only read `database`: `GRANT SELECT ON db.*` and nothing else (no FILE, no
 * PROCESS, no SUPER). Returns its URL.
 */
export async function createReadOnlyUser(
  adminUrl: string,
  database: string,
  user = 'quarry_ro',
  password = 'quarry-ro-pw',
): Promise<string> {
  const u = new URL(adminUrl);
  await execMysql(
    adminUrl,
    `CREATE USER IF NOT EXISTS '${user}'@'%' IDENTIFIED BY '${password}';
     GRANT SELECT ON \`${database}\`.* TO '${user}'@'%';`,
  );
  return `mysql://${user}:${password}@${u.host}/${database}`;
}

const mysqlType = (duck: string): string => {
  const t = duck.toUpperCase();
  if (t.startsWith('DECIMAL')) return t;
  return (
    (
      {
        INTEGER: 'INT',
        BIGINT: 'BIGINT',
        VARCHAR: 'VARCHAR(255)',
        DATE: 'DATE',
        DOUBLE: 'DOUBLE',
        BOOLEAN: 'BOOLEAN',
        TIMESTAMP: 'DATETIME(6)',
      } as Record<string, string>
    )[t] ?? 'TEXT'
  );
};

export interface LoadTpchMariadbOptions {
  tables?: readonly string[];
  /** Optional row filter per table, a DuckDB condition, e.g. `{ lineitem: "l_orderkey <= 60000" }`. */
  where?: Record<string, string>;
  dir?: string;
  /** Declare TPC-H's primary keys (default true). */
  keys?: boolean;
}

/**
 * Loads the TPC-H Parquet tables into the URL's database (created if missing): DuckDB writes CSV
 * into the server's folder, then `LOAD DATA INFILE` reads it. Types follow the Parquet ones
 * (DECIMAL(15,2) -> DECIMAL(15,2), DATE -> DATE, ...), with TPC-H's primary keys. Returns row counts per table.
 */
export async function loadTpchMariadb(
  server: TestMariadb,
  database: string,
  options: LoadTpchMariadbOptions = {},
): Promise<Record<string, number>> {
  const tables = options.tables ?? TPCH_TABLES;
  const src = options.dir ?? TPCH_DIR;
  const csvDir = join(server.dir, 'load');
  if (!existsSync(csvDir)) mkdirSync(csvDir);
  const duck = await DuckDBInstance.create(':memory:');
  const dc = await duck.connect();
  await execMysql(server.url, `CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4`);
  const c = await mysql.createConnection({ uri: server.urlFor(database), multipleStatements: true });
  const counts: Record<string, number> = {};
  try {
    for (const t of tables) {
      const parquet = `read_parquet('${join(src, `${t}.parquet`).replace(/'/g, "''")}')`;
      const where = options.where?.[t] ? ` WHERE ${options.where[t]}` : '';
      const desc = (await dc.runAndReadAll(`DESCRIBE SELECT * FROM ${parquet}`)).getRowObjectsJS() as Array<{
        column_name: string;
        column_type: string;
      }>;
      const key = options.keys === false ? undefined : TPCH_KEYS[t];
      const cols =
        desc.map((d) => `\`${d.column_name}\` ${mysqlType(d.column_type)}`).join(', ') +
        (key ? `, PRIMARY KEY (${key.join(', ')})` : '') +
        (key ? (TPCH_INDEXES[t] ?? []).map((ix) => `, KEY (${ix.join(', ')})`).join('') : '');
      const csv = join(csvDir, `${t}.csv`);
      await dc.run(
        `COPY (SELECT * FROM ${parquet}${where}) TO '${csv}' (HEADER false, DELIMITER '|', QUOTE '"', ESCAPE '"', NULLSTR 'NULL')`,
      );
      await c.query(`DROP TABLE IF EXISTS \`${t}\`; CREATE TABLE \`${t}\` (${cols})`);
      const [res] = await c.query(
        `LOAD DATA INFILE '${csv}' INTO TABLE \`${t}\` FIELDS TERMINATED BY '|' OPTIONALLY ENCLOSED BY '"' ESCAPED BY '' LINES TERMINATED BY '\\n'`,
      );
      counts[t] = (res as { affectedRows: number }).affectedRows;
      rmSync(csv, { force: true });
    }
    await c.query(`ANALYZE TABLE ${tables.map((t) => `\`${t}\``).join(', ')}`);
  } finally {
    await c.end();
    dc.closeSync();
    duck.closeSync();
  }
  return counts;
}

/** Starts a server, loads TPC-H (or a subset) into database `tpch` and creates the read-only user. */
export async function startTpchMariadb(
  options: LoadTpchMariadbOptions = {},
): Promise<TestMariadb & { adminUrl: string; readOnlyUrl: string; counts: Record<string, number> }> {
  const server = await startMariadb();
  try {
    const counts = await loadTpchMariadb(server, 'tpch', options);
    const readOnlyUrl = await createReadOnlyUser(server.url, 'tpch');
    return { ...server, adminUrl: server.urlFor('tpch'), readOnlyUrl, counts };
  } catch (e) {
    await server.stop();
    throw e;
  }
}

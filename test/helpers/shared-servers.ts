/**
 * Databases of a test file's own on the run's one PostgreSQL and one MariaDB (started on first use
 * by the globalSetup test/setup/servers.ts), so a file pays for a CREATE DATABASE, not for a server:
 *
 *   const pg = await postgresForFile();               // pg.url: a fresh database of this file's own
 *   const shop = await pg.createDatabase('shop');     // another one, named shop_<random> on the shared server
 *   const tpch = await tpchPostgresForFile({ where }); // a copy of TPC-H loaded once per run, + read-only role
 *   ...
 *   await pg.stop();                                   // drops this file's databases
 *
 * Outside a vitest run with that globalSetup (a bench under tsx), each call starts a server of its
 * own instead. A file that must stop, restart or reconfigure its server (outages, SET GLOBAL,
 * server-side files) uses startPostgres / startMariadb, never these.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createReadOnlyUser, execMysql, loadTpchMariadb, startMariadb } from './mariadb.js';
import { createReadOnlyRole, execSql, loadTpch, retryConcurrentDdl, startPostgres } from './postgres.js';

/** Which TPC-H a file wants: the tables and per-table row filters of loadTpch / loadTpchMariadb. */
export interface SharedTpchRequest {
  tables?: readonly string[];
  where?: Record<string, string>;
}

export interface FileDatabases {
  /** Superuser (root) URL of a fresh, empty database of this file's own. */
  url: string;
  /** Its name (unique on the shared server). */
  database: string;
  port: number;
  /** URL of a database on the same server, as the superuser or the given user. */
  urlFor(database: string, user?: string, password?: string): string;
  /** Creates another empty database of this file's own, named `<name>_<random>` on the shared server; its superuser URL. */
  createDatabase(name: string): Promise<string>;
  /** Drops this file's databases (on a server of its own: stops the server). */
  stop(): Promise<void>;
}

export interface FileTpch extends FileDatabases {
  /** The read-only login's URL of this file's TPC-H database (`url` is the superuser's). */
  readOnlyUrl: string;
  counts: Record<string, number>;
}

const suffix = () => randomBytes(4).toString('hex');

function endpoint(): string | undefined {
  try {
    return inject('testServers');
  } catch {
    return undefined; // not inside a vitest worker
  }
}

async function ask<T>(path: string, body: object = {}): Promise<T> {
  const res = await fetch(`${endpoint()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = (await res.json()) as T & { detail?: string };
  if (!res.ok) throw new Error(`shared test server ${path}: ${reply.detail}`);
  return reply;
}

const pgUrl = (port: number, database: string, user = 'postgres') => `postgres://${user}@127.0.0.1:${port}/${database}`;

/** Databases of this file's own on the run's PostgreSQL; `template` makes the first one a copy of it. */
export async function postgresForFile(name = 'file', template?: string): Promise<FileDatabases> {
  if (!endpoint()) {
    const own = await startPostgres();
    const url = await own.createDatabase(name, { template });
    return {
      url,
      database: name,
      port: own.port,
      urlFor: own.urlFor,
      createDatabase: (n) => own.createDatabase(n),
      stop: () => own.stop(),
    };
  }
  const { port } = await ask<{ port: number }>('/postgres');
  const admin = pgUrl(port, 'postgres');
  const created: string[] = [];
  const create = async (n: string, from?: string) => {
    const database = `${n}_${suffix()}`.toLowerCase();
    // A template being copied by another file's CREATE DATABASE at that instant is "in use".
    await retryConcurrentDdl(() => execSql(admin, `CREATE DATABASE "${database}"${from ? ` TEMPLATE "${from}"` : ''}`));
    created.push(database);
    return database;
  };
  const database = await create(name, template);
  return {
    url: pgUrl(port, database),
    database,
    port,
    urlFor: (d, user) => pgUrl(port, d, user),
    createDatabase: async (n) => pgUrl(port, await create(n)),
    async stop() {
      for (const d of created.splice(0)) await execSql(admin, `DROP DATABASE IF EXISTS "${d}" WITH (FORCE)`);
    },
  };
}

/** A copy of TPC-H (loaded once per run for these options) with the read-only role `quarry_ro`. */
export async function tpchPostgresForFile(request: SharedTpchRequest = {}): Promise<FileTpch> {
  if (!endpoint()) {
    const own = await postgresForFile('tpch');
    const counts = await loadTpch(own.url, request);
    return { ...own, counts, readOnlyUrl: await createReadOnlyRole(own.url) };
  }
  const { template, counts } = await ask<{ template: string; counts: Record<string, number> }>('/postgres/tpch', request);
  const file = await postgresForFile('tpch', template);
  return { ...file, counts, readOnlyUrl: file.urlFor(file.database, 'quarry_ro') };
}

const mysqlUrl = (port: number, database: string, user = 'root', password = '') =>
  `mysql://${encodeURIComponent(user)}${password ? `:${encodeURIComponent(password)}` : ''}@127.0.0.1:${port}/${database}`;

/** Databases of this file's own on the run's MariaDB. */
export async function mariadbForFile(name = 'file'): Promise<FileDatabases> {
  if (!endpoint()) {
    const own = await startMariadb();
    const url = await own.createDatabase(name);
    return {
      url,
      database: name,
      port: own.port,
      urlFor: own.urlFor,
      createDatabase: (n) => own.createDatabase(n),
      stop: () => own.stop(),
    };
  }
  const { port } = await ask<{ port: number }>('/mariadb');
  const admin = mysqlUrl(port, '');
  const created: string[] = [];
  const create = async (n: string) => {
    const database = `${n}_${suffix()}`;
    await execMysql(admin, `CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4`);
    created.push(database);
    return database;
  };
  const database = await create(name);
  return {
    url: mysqlUrl(port, database),
    database,
    port,
    urlFor: (d, user, password) => mysqlUrl(port, d, user, password),
    createDatabase: async (n) => mysqlUrl(port, await create(n)),
    async stop() {
      for (const d of created.splice(0)) await execMysql(admin, `DROP DATABASE IF EXISTS \`${d}\``);
    },
  };
}

/** A copy of TPC-H with its keys (loaded once per run for these options) and the read-only user `quarry_ro`. */
export async function tpchMariadbForFile(request: SharedTpchRequest = {}): Promise<FileTpch> {
  if (!endpoint()) {
    const own = await startMariadb();
    const counts = await loadTpchMariadb(own, 'tpch', request);
    const readOnlyUrl = await createReadOnlyUser(own.url, 'tpch');
    return {
      url: own.urlFor('tpch'),
      database: 'tpch',
      port: own.port,
      urlFor: own.urlFor,
      createDatabase: (n) => own.createDatabase(n),
      stop: () => own.stop(),
      counts,
      readOnlyUrl,
    };
  }
  const { template, counts } = await ask<{ template: string; counts: Record<string, number> }>('/mariadb/tpch', request);
  const file = await mariadbForFile('tpch');
  // MariaDB has no database templates: copy each table (keys included) from the run's loaded one.
  const tables = Object.keys(counts);
  await execMysql(
    file.url,
    tables
      .map((t) => `CREATE TABLE \`${t}\` LIKE \`${template}\`.\`${t}\`; INSERT INTO \`${t}\` SELECT * FROM \`${template}\`.\`${t}\`;`)
      .join('\n') + `ANALYZE TABLE ${tables.map((t) => `\`${t}\``).join(', ')};`,
  );
  return { ...file, counts, readOnlyUrl: await createReadOnlyUser(file.urlFor(''), file.database) };
}

/**
 * Hostile SQL: every statement must be refused by the guard with a reason, AND — to prove depth —
 * the ones marked `engine` must also fail when sent straight to the locked DuckDB warehouses
 * (a Parquet/CSV folder and a read-only .duckdb file), bypassing the guard. Nothing may change:
 * row counts, the database file, the folder's files; no canary file appears and no secret leaks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';
import { buildDemoWarehouse } from '../../src/warehouse/demo.js';
import { guardSql, SqlRefusedError, WarehouseQueryError } from '../../src/warehouse/index.js';
import { makeDataFolder, type DataFolder } from './fixtures.js';

interface Hostile {
  sql: string;
  /** Also send it straight to both locked warehouses: it must fail there too. */
  engine?: boolean;
}

const H = (sql: string, engine = false): Hostile => ({ sql, engine });

// {SECRET} a file beside the data; {SIBLING} Parquet in a sibling folder; {CANARY} a write target.
const HOSTILE: Hostile[] = [
  // writes and DDL
  H("INSERT INTO region VALUES (9, 'X')", true),
  H("UPDATE region SET r_name = 'X'", true),
  H('DELETE FROM region', true),
  H('TRUNCATE region', true),
  H("MERGE INTO region USING (SELECT 9 AS k) s ON s.k = r_regionkey WHEN NOT MATCHED THEN INSERT VALUES (9, 'X')", true),
  H("INSERT OR REPLACE INTO region VALUES (1, 'X')", true),
  H('DROP TABLE region', true),
  H('DROP VIEW region', true),
  H('CREATE TABLE x AS SELECT * FROM region', true),
  H('CREATE TEMP TABLE x AS SELECT 1 AS a', true),
  H('CREATE OR REPLACE VIEW region AS SELECT 1 AS r_regionkey', true),
  H("CREATE TEMP VIEW region AS SELECT 42 AS r_regionkey, 'POISON' AS r_name", true),
  H('CREATE MACRO m(x) AS x', true),
  H('CREATE TEMP MACRO m(x) AS x', true),
  H('CREATE SEQUENCE s', true),
  H('CREATE SCHEMA s', true),
  H('CREATE INDEX i ON region (r_name)', true),
  H("CREATE TYPE mood AS ENUM ('a', 'b')", true),
  H('ALTER TABLE region ADD COLUMN z INTEGER', true),
  H('ALTER VIEW region RENAME TO r2', true),
  H("COMMENT ON TABLE region IS 'x'", true),
  H('VACUUM', true),
  H('CHECKPOINT', true),
  H('FORCE CHECKPOINT', true),
  H('ANALYZE', true),
  H('BEGIN TRANSACTION', true),
  H('COMMIT', true),
  H('ROLLBACK', true),
  H('GRANT SELECT ON region TO public'),
  H('PIVOT region ON r_name USING count(*)', true),
  H("UPDATE region SET r_name = 'X' WHERE r_regionkey IN (SELECT 1)", true),
  // several statements, comment and quoting tricks
  H('SELECT 1; DROP TABLE region', true),
  H('SELECT 1;DELETE FROM region;', true),
  H('SELECT 1 -- comment\n; DELETE FROM region', true),
  H('SELECT 1 /* multi */; DELETE FROM region', true),
  H("SELECT '/*'; DELETE FROM region; -- */", true),
  H('SELECT 1 /* nested /* comment */ still hidden; */ ; DELETE FROM region', true),
  // nesting deep enough to exhaust a recursive parser's stack (the engine's or the guard's)
  H('SELECT ' + '('.repeat(20_000) + '1' + ')'.repeat(20_000), true),
  H('SELECT * FROM ' + '(SELECT * FROM '.repeat(300) + 'region' + ') t'.repeat(300)),
  H('/* leading */ DELETE FROM region', true),
  H('-- comment\nDELETE FROM region', true),
  H('SELECT 1 /* unterminated', true),
  H("SELECT 'unterminated", true),
  H('SELECT $$x$$; DELETE FROM region', true),
  H('SELECT $tag$ $$ ; $tag$; DELETE FROM region', true),
  H('SELECT "r_name" FROM region; DELETE FROM region', true),
  H("SELECT E'\\''; DELETE FROM region; --'", true),
  H(';DELETE FROM region', true),
  H('SELECT 1;;DELETE FROM region', true),
  H('SELECT 1\u0000; DELETE FROM region'),
  H('WITH x AS (SELECT 1) DELETE FROM region', true),
  H('(DELETE FROM region)', true),
  H('SELECT 1 UNION SELECT 2; DELETE FROM region', true),
  // case and unicode tricks
  H('dElEtE fRoM region', true),
  H('SeLeCt 1; DrOp TaBlE region', true),
  H("SELECT * FROM ReAd_CsV('{SECRET}')", true),
  H(`SELECT * FROM "READ_CSV"('{SECRET}')`, true),
  H(`SELECT * FROM "read_text"('{SECRET}')`, true),
  H('SELECT 1\u00a0; DELETE FROM region', true),
  H('SELECT 1;\u2028DELETE FROM region', true),
  H('ＤＥＬＥＴＥ FROM region', true),
  H('SELECT 1; ΔELETE FROM region'),
  // SELECT that writes or locks
  H('SELECT * INTO newtable FROM region'),
  H('sElEcT * InTo TEMP newtable FROM region'),
  H('SELECT * FROM region FOR UPDATE'),
  H('SELECT * FROM region FOR SHARE'),
  H('SELECT * FROM region FOR NO KEY UPDATE'),
  H('SELECT * FROM region FOR KEY SHARE'),
  H('SELECT * FROM region FOR UPDATE SKIP LOCKED'),
  // writes inside CTEs and subqueries
  H('WITH d AS (DELETE FROM region RETURNING *) SELECT * FROM d', true),
  H("WITH u AS (UPDATE region SET r_name = 'x' RETURNING *) SELECT 1", true),
  H("WITH i AS (INSERT INTO region VALUES (9, 'x') RETURNING *) SELECT * FROM i", true),
  H('WITH RECURSIVE r AS (SELECT 1), d AS (DELETE FROM region RETURNING 1) SELECT 1', true),
  H('SELECT * FROM (DELETE FROM region RETURNING *) x', true),
  H("SELECT (SELECT 1 FROM (INSERT INTO region VALUES (1, 'a') RETURNING 1) t)", true),
  // file reads: the data's neighbours, other folders, system files, URLs
  H("SELECT * FROM read_csv('{SECRET}')", true),
  H("SELECT * FROM read_csv_auto('{SECRET}')", true),
  H("SELECT * FROM read_text('{SECRET}')", true),
  H("SELECT * FROM read_blob('{SECRET}')", true),
  H("SELECT * FROM read_json('{SECRET}')", true),
  H("SELECT * FROM read_json_auto('{SECRET}')", true),
  H("SELECT * FROM read_json_objects('{SECRET}')", true),
  H("SELECT * FROM read_ndjson('{SECRET}')", true),
  H("SELECT * FROM read_parquet('{SIBLING}')", true),
  H("SELECT * FROM parquet_scan('{SIBLING}')", true),
  H("SELECT * FROM parquet_metadata('{SIBLING}')", true),
  H("SELECT * FROM parquet_schema('{SIBLING}')", true),
  H("SELECT * FROM glob('{DATA}/*')", true),
  H("SELECT * FROM sniff_csv('{SECRET}')", true),
  H("SELECT * FROM '{SECRET}'", true),
  H("SELECT * FROM '{SIBLING}'", true),
  H('SELECT * FROM "{SIBLING}"', true),
  H("SELECT * FROM region, '{SECRET}'", true),
  H("SELECT * FROM region JOIN '{SIBLING}' USING (r_regionkey)", true),
  H("SELECT * FROM read_csv('/etc/passwd')", true),
  H("SELECT * FROM '/etc/passwd'", true),
  H("SELECT * FROM read_text('/proc/self/environ')", true),
  H("SELECT * FROM read_csv(['{SECRET}', '/etc/passwd'])", true),
  H("SELECT * FROM read_parquet('{DATA}/../other/orders.parquet')", true),
  H("SELECT * FROM read_csv('https://example.com/x.csv')", true),
  H("SELECT * FROM query('SELECT * FROM read_csv(''{SECRET}'')')", true),
  H("SELECT (SELECT content FROM read_text('{SECRET}')) AS x", true),
  H("SELECT * FROM region WHERE r_name IN (SELECT content FROM read_text('{SECRET}'))", true),
  H("SELECT * FROM read_csv('{SECRET}' /* comment */)", true),
  H("SELECT * FROM read_text /* gap */ ('{SECRET}')", true),
  H("SELECT * FROM read_xlsx('{SECRET}')", true),
  H("SELECT * FROM st_read('{SECRET}')", true),
  H("SELECT * FROM sqlite_scan('{SECRET}', 't')", true),
  H("SELECT * FROM query_table('region')"),
  // attach, extensions, settings, procedures, COPY, EXPORT
  H("ATTACH '{CANARY}' AS x", true),
  H("ATTACH ':memory:' AS x", true),
  H('DETACH DATABASE views', true),
  H('INSTALL httpfs', true),
  H('FORCE INSTALL httpfs', true),
  H('LOAD httpfs', true),
  H('LOAD json', true),
  H('PRAGMA enable_profiling', true),
  H("PRAGMA profiling_output = '{CANARY}'", true),
  H('SET enable_external_access = true', true),
  H("SET allowed_paths = ['/']", true),
  H('RESET allowed_paths', true),
  H('SET lock_configuration = false', true),
  H('SET threads = 1', true),
  H("SET GLOBAL memory_limit = '1GB'", true),
  H('SET VARIABLE x = 1', true),
  H("SET search_path = 'main'", true),
  H('USE memory', true),
  H('CALL enable_logging()', true),
  H('CALL pragma_version()', true),
  H("COPY region TO '{CANARY}'", true),
  H("COPY (SELECT 1) TO '{CANARY}' (FORMAT csv)", true),
  H("COPY region FROM '{SECRET}'", true),
  H("EXPORT DATABASE '{ROOT}/exported'", true),
  H("IMPORT DATABASE '{ROOT}/exported'", true),
  H("CREATE SECRET (TYPE S3, KEY_ID 'x', SECRET 'y')", true),
  H("SELECT getenv('HOME')", true),
  H('SELECT * FROM duckdb_secrets()'),
  H('EXPLAIN ANALYZE SELECT 1', true),
  H("EXPLAIN SELECT * FROM read_csv('{SECRET}')", true),
  H('DESCRIBE region'),
  H('SHOW TABLES'),
  H('SUMMARIZE region'),
  H('PREPARE p AS SELECT 1', true),
  H('EXECUTE p', true),
  H('DEALLOCATE p', true),
  // Postgres-specific
  H("SELECT pg_read_file('/etc/passwd')"),
  H("SELECT pg_read_binary_file('/etc/passwd')"),
  H("SELECT * FROM pg_ls_dir('.')"),
  H("SELECT pg_stat_file('/etc/passwd')"),
  H("SELECT lo_import('/etc/passwd')"),
  H("SELECT lo_export(1, '{CANARY}')"),
  H("SELECT * FROM dblink('host=example.com', 'select 1') AS t(a int)"),
  H("SELECT dblink_exec('host=example.com', 'delete from region')"),
  H("COPY region TO PROGRAM 'id'"),
  H("COPY region FROM PROGRAM 'id'"),
  H("SELECT nextval('s')"),
  H("SELECT setval('s', 1)"),
  H("SELECT set_config('default_transaction_read_only', 'off', false)"),
  H("SELECT pg_catalog.pg_read_file('x')"),
  H("SELECT query_to_xml('delete from region', true, true, '')"),
  H('DO $$ BEGIN DELETE FROM region; END $$'),
  H('SET TRANSACTION READ WRITE'),
  H('SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE'),
  H('SELECT pg_terminate_backend(1)'),
  H('LISTEN x'),
  H("NOTIFY x, 'y'"),
  H('SELECT pg_advisory_lock(1)'),
  H('LOCK TABLE region'),
  H('SELECT txid_current()'),
  H('REFRESH MATERIALIZED VIEW v'),
  H('DECLARE c CURSOR FOR SELECT 1'),
  H("SELECT 1 FROM region WHERE pg_catalog.set_config('x.y', '1', true) IS NOT NULL"),
];

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(p));
    else out.push(`${relative(dir, p)}:${statSync(p).size}`);
  }
  return out.sort();
}

describe('hostile SQL', () => {
  let folder: DataFolder;
  let files: DuckDbWarehouse;
  let db: DuckDbWarehouse;
  let dbFile: string;
  let before: { files: string[]; dbSize: number; dbMtime: number; filesCounts: unknown; dbCounts: unknown };
  const fill = (sql: string) =>
    sql
      .replaceAll('{SECRET}', folder.secret)
      .replaceAll('{SIBLING}', folder.sibling)
      .replaceAll('{CANARY}', folder.canary)
      .replaceAll('{DATA}', folder.data)
      .replaceAll('{ROOT}', folder.root);
  const counts = async (w: DuckDbWarehouse, tables: string[]) =>
    (await w.run(`SELECT ${tables.map((t) => `(SELECT count(*) FROM ${t}) AS ${t}`).join(', ')}`)).rows[0];

  beforeAll(async () => {
    folder = makeDataFolder();
    dbFile = join(folder.root, 'db', 'tpch.duckdb');
    await buildDemoWarehouse(dbFile, { scale: 0.002 });
    files = await DuckDbWarehouse.open(folder.data, { poolSize: 2 });
    db = await DuckDbWarehouse.open(dbFile, { poolSize: 2 });
    before = {
      files: listFiles(folder.root),
      dbSize: statSync(dbFile).size,
      dbMtime: statSync(dbFile).mtimeMs,
      filesCounts: await counts(files, ['region', 'nation', 'sales']),
      dbCounts: await counts(db, ['region', 'nation', 'supplier', 'customer', 'part', 'partsupp', 'orders', 'lineitem']),
    };
  });

  afterAll(async () => {
    await files?.close();
    await db?.close();
    folder?.cleanup();
  });

  it('has at least 100 hostile statements', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(100);
    expect(HOSTILE.filter((h) => h.engine).length).toBeGreaterThanOrEqual(80);
  });

  it.each(HOSTILE.map((h, i) => [i, h.sql.slice(0, 70), h] as const))('#%i refused by the guard: %s', (_i, _label, h) => {
    for (const dialect of ['duckdb', 'postgres'] as const) {
      let err: unknown;
      try {
        guardSql(fill(h.sql), dialect);
      } catch (e) {
        err = e;
      }
      expect(err, `${dialect} guard accepted: ${h.sql}`).toBeInstanceOf(SqlRefusedError);
      const reason = (err as SqlRefusedError).reason;
      expect(reason.length).toBeGreaterThan(15);
      expect((err as Error).message).toMatch(/^Query refused: /);
    }
  });

  it.each(HOSTILE.filter((h) => h.engine).map((h) => [h.sql.slice(0, 70), h] as const))(
    'fails in the locked engine too, bypassing the guard: %s',
    async (_label, h) => {
      for (const w of [files, db]) {
        const sql = fill(h.sql);
        await expect(w.run(sql), `engine ran: ${sql}`).rejects.toBeInstanceOf(WarehouseQueryError);
        expect(existsSync(folder.canary)).toBe(false);
      }
    },
  );

  it('left no effect: row counts, files, database file, every pooled connection', async () => {
    expect(await counts(files, ['region', 'nation', 'sales'])).toEqual(before.filesCounts);
    expect(await counts(db, ['region', 'nation', 'supplier', 'customer', 'part', 'partsupp', 'orders', 'lineitem'])).toEqual(
      before.dbCounts,
    );
    expect(listFiles(folder.root)).toEqual(before.files);
    expect(statSync(dbFile).size).toBe(before.dbSize);
    expect(statSync(dbFile).mtimeMs).toBe(before.dbMtime);
    expect(readFileSync(folder.secret, 'utf8')).toBe('TOP-SECRET-CANARY\n');
    // No connection of either pool sees a poisoned (temp) region view.
    for (const w of [files, db]) {
      const rs = await Promise.all(
        [1, 2, 3, 4].map(() => w.run("SELECT count(*) AS n, count(*) FILTER (WHERE r_name = 'POISON') AS p FROM region")),
      );
      for (const r of rs) expect(r.rows[0]).toEqual({ n: 5, p: 0 });
    }
  });

  it('the engine lock holds: settings read back as locked down', async () => {
    const r = await files.run(
      "SELECT current_setting('enable_external_access') AS ext, current_setting('lock_configuration') AS locked, current_setting('access_mode') AS mode",
    );
    expect(r.rows[0]).toEqual({ ext: false, locked: true, mode: 'read_only' });
    const paths = (await files.run("SELECT current_setting('allowed_paths') AS p")).rows[0]!.p as string[];
    // Exactly the data files (plus DuckDB's own views database), never a folder.
    const data = paths.filter((p) => !p.includes('quarry-duckdb-'));
    expect(data.map((p) => p.split('/').pop()).sort()).toEqual(['nation.parquet', 'region.parquet', 'sales.csv']);
  });

  it('still reads the data files through their views', async () => {
    const r = await files.run('SELECT count(*) AS n FROM nation JOIN region ON n_regionkey = r_regionkey');
    expect(r.rows).toEqual([{ n: 25 }]);
  });
});

describe('the guard accepts what it should', () => {
  const ok = [
    'SELECT 1',
    'select n_name, sum(l_extendedprice * (1 - l_discount)) as revenue from lineitem join orders on l_orderkey = o_orderkey group by 1 order by 2 desc limit 10;',
    'WITH a AS (SELECT 1 AS x) SELECT * FROM a -- trailing comment',
    "SELECT substring(n_name FROM '^A') FROM nation",
    'SELECT extract(year FROM o_orderdate) AS y, count(*) FROM orders GROUP BY ALL',
    'SELECT * EXCLUDE (r_name) FROM region',
    "SELECT DATE '1995-01-01' + INTERVAL 3 DAY, E'it\\'s', 'a;b', 'DROP TABLE x'",
    'SELECT r_name FROM region QUALIFY row_number() OVER (ORDER BY r_name) = 1',
    '(SELECT 1) UNION ALL (SELECT 2)',
    'SELECT t.update, t."delete" FROM t',
    'SELECT 1 FETCH FIRST 1 ROWS ONLY',
    "SELECT date_trunc('month', o_orderdate)::date AS m, count(*) FILTER (WHERE o_orderstatus = 'F') FROM orders GROUP BY 1",
    'SELECT "n_name" AS "Nation name" FROM nation',
    "SELECT CASE WHEN l_returnflag = 'R' THEN 1 ELSE 0 END FROM lineitem",
    "SELECT o_orderdate - INTERVAL '1 year' FROM orders",
    'SELECT $$literal; DROP$$ AS s',
    "SELECT replace(n_name, 'A', 'B') FROM nation",
    "SELECT l_shipdate - o_orderdate AS days FROM lineitem JOIN orders ON o_orderkey = l_orderkey WHERE o_orderdate BETWEEN '1995-01-01' AND '1995-12-31'",
  ];
  it.each(ok)('%s', (sql) => {
    expect(() => guardSql(sql, 'duckdb')).not.toThrow();
    expect(() => guardSql(sql, 'postgres')).not.toThrow();
  });

  it('normalises: comments out, trailing semicolons and space trimmed', () => {
    expect(guardSql('  /* hi */ SELECT 1 -- x\n ;; ', 'duckdb')).toBe('SELECT 1');
    expect(guardSql("SELECT '--not a comment' AS s /* c */ FROM region;", 'duckdb')).toBe("SELECT '--not a comment' AS s   FROM region");
  });

  it('explains refusals in words', () => {
    expect(() => guardSql("SELECT * FROM read_csv('/etc/passwd')", 'duckdb')).toThrow(/read_csv\(\) reads files/);
    expect(() => guardSql('DELETE FROM t', 'duckdb')).toThrow(/only a read-only SELECT/);
    expect(() => guardSql('SELECT 1; SELECT 2', 'duckdb')).toThrow(/only one statement/);
    expect(() => guardSql("SELECT * FROM 'x.csv'", 'duckdb')).toThrow(/string used as a table/);
    expect(() => guardSql('', 'duckdb')).toThrow(/empty/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mysql from 'mysql2/promise';
import { MysqlWarehouse } from '../../src/warehouse/mysql.js';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';
import {
  openWarehouse,
  redactUrl,
  runGuarded,
  SqlRefusedError,
  WarehouseCancelledError,
  WarehouseConnectionError,
  WarehouseQueryError,
  WarehouseTimeoutError,
} from '../../src/warehouse/index.js';
import { execMysql, startTpchMariadb, type TestMariadb } from '../helpers/mariadb.js';
import { MysqlDialect } from '../../src/semantic/dialects/mysql.js';
import { TPCH_DIR } from './fixtures.js';
import { TENTH_OF_ORDERS } from '../helpers/paths.js';

// A slice of TPC-H keeps the load quick; every table is present.

describe('MySQL warehouse on a real MariaDB 10.11', () => {
  let server: TestMariadb & { adminUrl: string; readOnlyUrl: string; counts: Record<string, number> };
  let w: MysqlWarehouse;
  beforeAll(async () => {
    server = await startTpchMariadb({ where: TENTH_OF_ORDERS });
    w = await MysqlWarehouse.open(server.readOnlyUrl, { poolSize: 3 });
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await server?.stop();
  });

  it('loaded the TPC-H tables', () => {
    expect(server.counts.region).toBe(5);
    expect(server.counts.customer).toBe(15000);
    expect(server.counts.orders).toBe(15000);
    expect(server.counts.lineitem).toBeGreaterThan(55000);
    expect(w.flavor).toBe('mariadb');
  });

  it('converts DECIMAL, BIGINT, DATE, DATETIME and TIMESTAMP to JSON-ready values', async () => {
    const r = await w.run(
      `SELECT 12345678901 AS big, CAST(123.45 AS DECIMAL(15,2)) AS \`dec\`, sum(o_totalprice) AS total, DATE '1995-03-04' AS d,
              TIMESTAMP '1995-03-04 12:34:56.789' AS ts, CAST(NULL AS SIGNED) AS nothing, 0.1e0 AS dbl, 'x' AS txt,
              count(*) AS n, CAST(9007199254740993 AS UNSIGNED) AS huge, min(o_orderdate) AS first_order
         FROM orders`,
    );
    expect(r.rows[0]).toMatchObject({
      big: 12345678901,
      dec: 123.45,
      d: '1995-03-04',
      ts: '1995-03-04T12:34:56.789Z',
      nothing: null,
      dbl: 0.1,
      txt: 'x',
      n: 15000,
      huge: 9007199254740992,
      first_order: '1992-01-01',
    });
    expect(typeof r.rows[0]!.total).toBe('number');
    const types = Object.fromEntries(r.columns.map((c) => [c.name, c.type]));
    expect(types).toMatchObject({ big: 'bigint', dec: 'decimal(15,2)', d: 'date', ts: 'datetime', n: 'bigint' });
    // A TIMESTAMP column reads as UTC whatever the server's zone.
    const t = await w.run(`SELECT CAST('2001-02-03 04:05:06' AS DATETIME) AS dt, FROM_UNIXTIME(0) AS epoch`);
    expect(t.rows[0]).toEqual({ dt: '2001-02-03T04:05:06.000Z', epoch: '1970-01-01T00:00:00.000Z' });
  });

  it('gives the same answer as DuckDB over the same Parquet data', async () => {
    const sql = `SELECT o_orderpriority, count(*) AS n, sum(o_totalprice) AS total, min(o_orderdate) AS first_day
                   FROM orders WHERE o_orderkey <= 60000 GROUP BY o_orderpriority ORDER BY o_orderpriority`;
    const duck = await DuckDbWarehouse.open(TPCH_DIR, { poolSize: 1 });
    try {
      const a = await runGuarded(w, sql);
      const b = await runGuarded(duck, sql);
      expect(a.rows).toEqual(b.rows);
      expect(a.rows).toHaveLength(5);
    } finally {
      await duck.close();
    }
  });

  it('caps rows and bytes and flags truncation; the pool keeps working after a cut', async () => {
    const r = await w.run('SELECT o_orderkey FROM orders ORDER BY o_orderkey', { maxRows: 7 });
    expect(r.rows).toHaveLength(7);
    expect(r).toMatchObject({ truncated: true, truncatedBy: 'rows' });
    expect(r.rows[6]).toEqual({ o_orderkey: 7 });
    // A LIMIT of the query's own larger than the cap: the cap still holds.
    const own = await w.run('SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 1000', { maxRows: 3 });
    expect(own.rows.map((x) => x.o_orderkey)).toEqual([1, 2, 3]);
    expect(own.truncated).toBe(true);
    const bytes = await w.run('SELECT * FROM orders', { maxBytes: 2000 });
    expect(bytes.truncatedBy).toBe('bytes');
    expect(bytes.rows.length).toBeGreaterThan(5);
    expect(bytes.rows.length).toBeLessThan(100);
    const all = await w.run('SELECT * FROM region', { maxRows: 5 });
    expect(all.truncated).toBe(false);
    const again = await Promise.all([1, 2, 3, 4].map(() => w.run('SELECT count(*) AS n FROM nation')));
    for (const x of again) expect(x.rows).toEqual([{ n: 25 }]);
  });

  /** Statements of the read-only user still running in the server. */
  const running = async (text: string) => {
    const rows = (await execMysql(
      server.url,
      `SELECT count(*) AS n FROM information_schema.PROCESSLIST WHERE USER = 'quarry_ro' AND COMMAND = 'Query' AND INFO LIKE '%${text}%'`,
    )) as Array<{ n: number }>;
    return Number(rows[0]!.n);
  };
  const HEAVY = 'SELECT count(*) AS n FROM lineitem a JOIN lineitem b ON a.l_suppkey <> b.l_suppkey';

  it('times out and stops the statement in the server (KILL QUERY)', async () => {
    const t0 = performance.now();
    await expect(w.run(HEAVY, { timeoutMs: 500 })).rejects.toBeInstanceOf(WarehouseTimeoutError);
    expect(performance.now() - t0).toBeLessThan(3000);
    await new Promise((r) => setTimeout(r, 300));
    expect(await running('l_suppkey <> b.l_suppkey')).toBe(0);
    expect((await w.run('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('cancels on abort in the server too (not just in the client)', async () => {
    const ac = new AbortController();
    const p = w.run('SELECT SLEEP(30) AS s', { signal: ac.signal, timeoutMs: 60_000 });
    await new Promise((r) => setTimeout(r, 400));
    expect(await running('SLEEP(30)')).toBe(1);
    ac.abort();
    await expect(p).rejects.toBeInstanceOf(WarehouseCancelledError);
    await new Promise((r) => setTimeout(r, 300));
    expect(await running('SLEEP(30)')).toBe(0);
    expect((await w.run('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
  });

  it('cannot write or read files even when the guard is bypassed', async () => {
    const before = await w.run('SELECT count(*) AS n FROM region');
    for (const sql of [
      'DELETE FROM region',
      'SELECT 1; DELETE FROM region',
      'CREATE TABLE x (a int)',
      'CREATE TEMPORARY TABLE x (a int)',
      'DROP TABLE region',
      `SELECT * FROM region INTO OUTFILE '${server.dir}/out.txt'`,
      `LOAD DATA INFILE '${server.dir}/error.log' INTO TABLE region`,
      'SET GLOBAL max_connections = 1',
    ]) {
      await expect(w.run(sql), sql).rejects.toBeInstanceOf(WarehouseQueryError);
    }
    // No FILE privilege: the server reads nothing.
    expect((await w.run(`SELECT LOAD_FILE('${server.dir}/error.log') AS f`)).rows).toEqual([{ f: null }]);
    // Even a direct connection of the SELECT-only user, outside any read-only transaction, cannot write.
    const direct = await mysql.createConnection({ uri: server.readOnlyUrl });
    try {
      await expect(direct.query('DELETE FROM region')).rejects.toThrow(/denied/);
      await expect(direct.query('CREATE TABLE x (a int)')).rejects.toThrow(/denied/);
      await expect(direct.query('SELECT * FROM mysql.user')).rejects.toThrow(/denied/);
    } finally {
      await direct.end();
    }
    expect(await w.run('SELECT count(*) AS n FROM region')).toMatchObject({ rows: before.rows });
    await expect(runGuarded(w, 'DELETE FROM region')).rejects.toBeInstanceOf(SqlRefusedError);
  });

  it('nothing a statement sets outlives it (the connection is reset)', async () => {
    await w.run('SELECT @leak := 42 AS x');
    const rs = await Promise.all([1, 2, 3].map(() => w.run('SELECT @leak AS v, @@SESSION.tx_read_only AS ro')));
    for (const r of rs) expect(r.rows[0]).toEqual({ v: null, ro: 1 });
  });

  it('refuses hostile SQL in the guard', async () => {
    for (const sql of [
      "SELECT LOAD_FILE('/etc/passwd')",
      "SELECT * FROM region INTO OUTFILE '/tmp/x'",
      "SELECT * FROM region INTO DUMPFILE '/tmp/x'",
      "LOAD DATA INFILE '/etc/passwd' INTO TABLE region",
      'SELECT * FROM region FOR UPDATE',
      'SELECT * FROM region LOCK IN SHARE MODE',
      'SET @a = 1',
      'CALL p()',
      'HANDLER region OPEN',
      'SELECT 1; DELETE FROM region',
      'SELECT @@datadir',
      'SELECT 1 /*!50000 , LOAD_FILE(0x2f6574632f706173737764) */',
      'SELECT 1 /*M! , LOAD_FILE(0x2f) */',
      'SELECT * FROM mysql.user',
      'SELECT * FROM information_schema.PROCESSLIST',
      'SELECT * FROM `performance_schema`.threads',
      "SELECT GET_LOCK('x', 10)",
      'SELECT * FROM region PROCEDURE ANALYSE()',
      'DO SLEEP(1)',
    ]) {
      await expect(runGuarded(w, sql), sql).rejects.toBeInstanceOf(SqlRefusedError);
    }
    // Backquotes, "names", # comments and '' escapes read as the server reads them.
    const ok = await runGuarded(
      w,
      "SELECT `r_name`, \"r_regionkey\" FROM region # trailing comment\n WHERE r_name <> 'it''s' ORDER BY 2 LIMIT 2",
    );
    expect(ok.rows).toEqual([
      { r_name: 'AFRICA', r_regionkey: 0 },
      { r_name: 'AMERICA', r_regionkey: 1 },
    ]);
  });

  it('a double-quoted string (MySQL habit) is a name under ANSI_QUOTES: the error says so and how to write it', async () => {
    const err = await runGuarded(w, 'SELECT r_name FROM region WHERE r_name = "ASIA"').catch((e: Error) => e);
    expect(err).toBeInstanceOf(WarehouseQueryError);
    expect((err as Error).message).toMatch(
      /Unknown column 'ASIA'.*double quotes mark names on this warehouse \(ANSI_QUOTES\); write a string as 'ASIA'/,
    );
    // An unknown name written as a name gets the server's message alone.
    const plain = await runGuarded(w, 'SELECT no_such_column FROM region').catch((e: Error) => e);
    expect((plain as Error).message).not.toMatch(/double quotes/);
    expect((await runGuarded(w, "SELECT r_name FROM region WHERE r_name = 'ASIA'")).rows).toEqual([{ r_name: 'ASIA' }]);
  });

  it('the MySQL dialect: NULLs last both ways, OFFSET without LIMIT, odd names, time buckets, days between', async () => {
    const d = new MysqlDialect();
    const vals = `(SELECT 2 AS \`we\`\`ird\` UNION ALL SELECT NULL UNION ALL SELECT 1 UNION ALL SELECT 3) AS v`;
    const col = `v.${d.ident('we`ird')}`;
    const asc = await w.run(`SELECT ${col} AS x FROM ${vals} ORDER BY ${d.orderItem(col, 'ASC')}`);
    expect(asc.rows.map((r) => r.x)).toEqual([1, 2, 3, null]);
    const desc = await w.run(`SELECT ${col} AS x FROM ${vals} ORDER BY ${d.orderItem(col, 'DESC')} ${d.limitOffset(undefined, 1)}`);
    expect(desc.rows.map((r) => r.x)).toEqual([2, 1, null]);
    const day = d.date('1996-02-29');
    const b = await w.run(
      `SELECT ${(['day', 'week', 'month', 'quarter', 'year'] as const).map((g) => `${d.timeBucket(day, g)} AS ${g}`).join(', ')},
              ${d.daysBetween(d.date('1996-01-01'), day)} AS days, ${d.divide('7', '0')} AS by_zero, ${d.divide('7', '2')} AS half,
              ${d.nullSafeEquals('NULL', 'NULL')} AS nulls_equal, ${d.string("it's")} AS s`,
    );
    expect(b.rows[0]).toEqual({
      day: '1996-02-29',
      week: '1996-02-26',
      month: '1996-02-01',
      quarter: '1996-01-01',
      year: 1996,
      days: 59,
      by_zero: null,
      half: 3.5,
      nulls_equal: 1,
      s: "it's",
    });
  });

  it('introspects tables, columns, row counts and declared keys', async () => {
    await execMysql(
      server.adminUrl,
      `ALTER TABLE nation ADD CONSTRAINT nation_region FOREIGN KEY (n_regionkey) REFERENCES region (r_regionkey);
       ALTER TABLE region ADD UNIQUE KEY (r_regionkey);
       ALTER TABLE region DROP PRIMARY KEY;`,
    );
    const tables = await w.introspect();
    expect(tables.map((t) => t.name).sort()).toEqual([
      'customer',
      'lineitem',
      'nation',
      'orders',
      'part',
      'partsupp',
      'region',
      'supplier',
    ]);
    const orders = tables.find((t) => t.name === 'orders')!;
    expect(orders.rowCount).toBe(15000);
    expect(orders.columns.find((c) => c.name === 'o_totalprice')?.type).toBe('decimal(15,2)');
    expect(orders.columns.find((c) => c.name === 'o_orderdate')?.type).toBe('date');
    const nation = tables.find((t) => t.name === 'nation')!;
    expect(nation.primaryKey).toEqual(['n_nationkey']);
    expect(nation.foreignKeys).toEqual([{ columns: ['n_regionkey'], references: 'region', refColumns: ['r_regionkey'] }]);
    expect(tables.find((t) => t.name === 'partsupp')!.primaryKey).toEqual(['ps_partkey', 'ps_suppkey']);
    expect(orders.primaryKey).toEqual(['o_orderkey']);
    // A unique key is not a primary key; the foreign key to it is still declared.
    expect(tables.find((t) => t.name === 'region')!.primaryKey).toBeUndefined();
  });

  it('opens through openWarehouse (mysql:// and mariadb://) and pings; a dead server fails clearly', async () => {
    for (const url of [server.readOnlyUrl, server.readOnlyUrl.replace(/^mysql:/, 'mariadb:')]) {
      const w2 = await openWarehouse(url);
      expect(w2.dialect).toBe('mysql');
      await w2.ping();
      await w2.close();
    }
    expect(redactUrl(server.readOnlyUrl)).not.toContain('quarry-ro-pw');
    await expect(openWarehouse('mysql://nobody:secret@127.0.0.1:1/none')).rejects.toThrow(
      /Cannot connect to the MySQL warehouse 127\.0\.0\.1:1\/none/,
    );
    await expect(openWarehouse('mysql://nobody:secret@127.0.0.1:1/none')).rejects.not.toThrow(/secret/);
    await expect(openWarehouse(server.readOnlyUrl.replace(/\/tpch$/, '/'))).rejects.toThrow(/names no database/);
    await expect(openWarehouse(server.readOnlyUrl.replace('quarry-ro-pw', 'wrong'))).rejects.toBeInstanceOf(WarehouseConnectionError);
  });

  it('reports an outage as unreachable and recovers when the server is back', async () => {
    const w2 = await MysqlWarehouse.open(server.readOnlyUrl, { poolSize: 1 });
    try {
      await w2.ping();
      await server.halt();
      await expect(w2.ping()).rejects.toBeInstanceOf(WarehouseConnectionError);
      await expect(w2.run('SELECT 1 AS one')).rejects.toBeInstanceOf(WarehouseConnectionError);
      await server.resume();
      await w2.ping();
      expect((await w2.run('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await w2.close();
    }
  }, 60_000);
});

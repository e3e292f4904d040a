import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { PostgresWarehouse } from '../../src/warehouse/postgres.js';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';
import {
  openWarehouse,
  runGuarded,
  SqlRefusedError,
  WarehouseCancelledError,
  WarehouseQueryError,
  WarehouseTimeoutError,
} from '../../src/warehouse/index.js';
import { execSql } from '../helpers/postgres.js';
import { tpchPostgresForFile, type FileTpch } from '../helpers/shared-servers.js';
import { TPCH_DIR } from './fixtures.js';

// A slice of TPC-H keeps the load quick; every table is present.
const WHERE = { lineitem: 'l_orderkey <= 60000', orders: 'o_orderkey <= 60000' };

describe('Postgres warehouse on a real PostgreSQL 15', () => {
  let server: FileTpch;
  let w: PostgresWarehouse;
  beforeAll(async () => {
    server = await tpchPostgresForFile({ where: WHERE });
    w = await PostgresWarehouse.open(server.readOnlyUrl, { poolSize: 3 });
  });
  afterAll(async () => {
    await w?.close();
    await server?.stop();
  });

  it('loaded the TPC-H tables', () => {
    expect(server.counts.region).toBe(5);
    expect(server.counts.nation).toBe(25);
    expect(server.counts.customer).toBe(15000);
    expect(server.counts.orders).toBe(15000);
    expect(server.counts.lineitem).toBeGreaterThan(55000);
  });

  it('converts numeric, bigint, dates and timestamps per pool (pg globals untouched)', async () => {
    const r = await w.run(
      `SELECT 12::bigint AS big, 123.45::numeric(15,2) AS dec, sum(o_totalprice) AS total, DATE '1995-03-04' AS d,
              TIMESTAMP '1995-03-04 12:34:56.789' AS ts, TIMESTAMPTZ '1995-03-04 12:00:00+02' AS tstz,
              NULL::int AS nothing, true AS flag, 0.1::float8 AS dbl, ARRAY[1, 2]::bigint[] AS list
         FROM orders`,
    );
    expect(r.rows[0]).toMatchObject({
      big: 12,
      dec: 123.45,
      d: '1995-03-04',
      ts: '1995-03-04T12:34:56.789Z',
      tstz: '1995-03-04T10:00:00.000Z',
      nothing: null,
      flag: true,
      dbl: 0.1,
      list: [1, 2],
    });
    expect(typeof r.rows[0]!.total).toBe('number');
    expect(r.columns.map((c) => c.type)).toContain('numeric');
    // The global parser still returns strings for numeric: ours is per pool.
    expect(pg.types.getTypeParser(1700, 'text')('1.5')).toBe('1.5');
  });

  it('gives the same answer as DuckDB over the same Parquet data', async () => {
    const sql = `SELECT o_orderpriority, count(*) AS n, sum(o_totalprice) AS total, min(o_orderdate) AS first
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

  it('caps rows through a cursor and flags truncation', async () => {
    const r = await w.run('SELECT o_orderkey FROM orders ORDER BY o_orderkey', { maxRows: 7 });
    expect(r.rows).toHaveLength(7);
    expect(r.truncated).toBe(true);
    expect(r.rows[6]).toEqual({ o_orderkey: 7 });
    const all = await w.run('SELECT * FROM region', { maxRows: 5 });
    expect(all.truncated).toBe(false);
  });

  const sleeping = async () => {
    // The cursor runs at FETCH, so look for the wait, not the query text.
    const r = await execSql(
      server.url,
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()",
    );
    return (r as pg.QueryResult).rows[0].n as number;
  };

  it('times out and cancels the statement in the server', async () => {
    const t0 = performance.now();
    await expect(w.run('SELECT pg_sleep(30)', { timeoutMs: 300 })).rejects.toBeInstanceOf(WarehouseTimeoutError);
    expect(performance.now() - t0).toBeLessThan(2000);
    await new Promise((r) => setTimeout(r, 200));
    expect(await sleeping()).toBe(0);
    expect((await w.run('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('cancels on abort in the server too (not just in the client)', async () => {
    const ac = new AbortController();
    const p = w.run('SELECT pg_sleep(30)', { signal: ac.signal, timeoutMs: 60_000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await sleeping()).toBe(1);
    ac.abort();
    await expect(p).rejects.toBeInstanceOf(WarehouseCancelledError);
    await new Promise((r) => setTimeout(r, 300));
    expect(await sleeping()).toBe(0);
  });

  it('cannot write even when the guard is bypassed', async () => {
    const before = await w.run('SELECT count(*) AS n FROM region');
    for (const sql of [
      'DELETE FROM region',
      'SELECT 1; DELETE FROM region',
      'WITH d AS (DELETE FROM region RETURNING 1) SELECT * FROM d',
      "SELECT pg_read_file('/etc/passwd')",
      'CREATE TABLE x (a int)',
    ]) {
      await expect(w.run(sql), sql).rejects.toBeInstanceOf(WarehouseQueryError);
    }
    // Even a direct connection of the read-only role cannot write.
    const direct = new pg.Client({ connectionString: server.readOnlyUrl });
    await direct.connect();
    try {
      await direct.query('SET default_transaction_read_only = off');
      await expect(direct.query('DELETE FROM region')).rejects.toThrow(/permission denied/);
      await expect(direct.query('CREATE TABLE x (a int)')).rejects.toThrow(/permission denied/);
    } finally {
      await direct.end();
    }
    expect(await w.run('SELECT count(*) AS n FROM region')).toMatchObject({ rows: before.rows });
    await expect(runGuarded(w, 'DELETE FROM region')).rejects.toBeInstanceOf(SqlRefusedError);
  });

  it('session settings changed by a query die with its rolled-back transaction', async () => {
    await w.run("SELECT set_config('search_path', 'nowhere', false), set_config('statement_timeout', '0', false)");
    const rs = await Promise.all([1, 2, 3].map(() => w.run("SELECT current_setting('search_path') AS sp, count(*) AS n FROM region")));
    for (const r of rs) expect(r.rows[0]).toEqual({ sp: '"$user", public', n: 5 });
  });

  it('introspects tables, columns and row counts', async () => {
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
    expect(orders.columns.find((c) => c.name === 'o_totalprice')?.type).toBe('numeric(15,2)');
    expect(orders.columns.find((c) => c.name === 'o_orderdate')?.type).toBe('date');
  });

  it('opens through openWarehouse and pings; a dead server fails clearly', async () => {
    const w2 = await openWarehouse(server.readOnlyUrl);
    expect(w2.dialect).toBe('postgres');
    await w2.ping();
    await w2.close();
    await expect(openWarehouse(`postgres://nobody@127.0.0.1:1/none`)).rejects.toThrow(/Cannot connect/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';
import { buildDemoWarehouse } from '../../src/warehouse/demo.js';
import {
  openWarehouse,
  runGuarded,
  SqlRefusedError,
  WarehouseCancelledError,
  WarehouseConnectionError,
  WarehouseQueryError,
  WarehouseTimeoutError,
} from '../../src/warehouse/index.js';
import { makeDataFolder, TPCH_DIR, type DataFolder } from './fixtures.js';
import { join } from 'node:path';

// A query that runs for many seconds unless interrupted (a near-cartesian self join).
const SLOW = 'SELECT count(*) FROM lineitem a, lineitem b WHERE a.l_orderkey + b.l_orderkey = 7';

describe('DuckDB warehouse over the TPC-H Parquet folder', () => {
  let w: DuckDbWarehouse;
  beforeAll(async () => {
    w = await DuckDbWarehouse.open(TPCH_DIR, { poolSize: 3 });
  });
  afterAll(async () => {
    await w.close();
  });

  it('makes one view per file and reports columns, types and row counts', async () => {
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
    expect(orders.rowCount).toBe(150000);
    expect(orders.columns.find((c) => c.name === 'o_totalprice')?.type).toBe('DECIMAL(15,2)');
    expect(orders.columns.find((c) => c.name === 'o_orderdate')?.type).toBe('DATE');
  });

  it('converts values to JSON-ready JS', async () => {
    const r = await w.run(
      `SELECT 12::BIGINT AS big, 170141183460469231731687303715884105727::HUGEINT AS huge, 123.45::DECIMAL(15,2) AS dec,
              sum(l_extendedprice) AS total, DATE '1995-03-04' AS d, TIMESTAMP '1995-03-04 12:34:56.789' AS ts,
              TIMESTAMPTZ '1995-03-04 12:00:00+02' AS tstz, [1, 2]::BIGINT[] AS list, {'a': 1.5::DECIMAL(4,2)} AS st,
              NULL::INTEGER AS nothing, true AS flag, 'x' AS txt, 0.1::DOUBLE AS dbl
         FROM lineitem`,
    );
    const row = r.rows[0]!;
    expect(row).toEqual({
      big: 12,
      huge: 1.7014118346046923e38,
      dec: 123.45,
      total: 21615929280.24,
      d: '1995-03-04',
      ts: '1995-03-04T12:34:56.789Z',
      tstz: '1995-03-04T10:00:00.000Z',
      list: [1, 2],
      st: { a: 1.5 },
      nothing: null,
      flag: true,
      txt: 'x',
      dbl: 0.1,
    });
    expect(JSON.parse(JSON.stringify(r.rows))).toEqual(r.rows);
    expect(r.columns.find((c) => c.name === 'dec')?.type).toBe('DECIMAL(15,2)');
    expect(r.truncated).toBe(false);
    expect(r.elapsedMs).toBeGreaterThan(0);
  });

  it('keeps both of two same-named columns', async () => {
    const r = await w.run('SELECT 1 AS x, 2 AS x');
    expect(r.columns.map((c) => c.name)).toEqual(['x', 'x_2']);
    expect(r.rows[0]).toEqual({ x: 1, x_2: 2 });
  });

  it('cuts rows beyond the cap and says so', async () => {
    const r = await w.run('SELECT o_orderkey FROM orders ORDER BY o_orderkey', { maxRows: 10 });
    expect(r.rows).toHaveLength(10);
    expect(r.rowCount).toBe(10);
    expect(r.truncated).toBe(true);
    expect(r.rows[9]).toEqual({ o_orderkey: 34 }); // TPC-H order keys are sparse: 1..8, 33..40, ...
    const exact = await w.run('SELECT * FROM region', { maxRows: 5 });
    expect(exact.truncated).toBe(false);
    expect(exact.rows).toHaveLength(5);
  });

  it('interrupts a statement on timeout, and the connection works afterwards', async () => {
    const t0 = performance.now();
    await expect(w.run(SLOW, { timeoutMs: 200 })).rejects.toBeInstanceOf(WarehouseTimeoutError);
    expect(performance.now() - t0).toBeLessThan(1500);
    // Every pooled connection still answers (the interrupted one included).
    const answers = await Promise.all([1, 2, 3, 4].map((i) => w.run(`SELECT ${i} AS i`)));
    expect(answers.map((a) => a.rows[0]!.i)).toEqual([1, 2, 3, 4]);
  });

  it('cancels on abort', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 150);
    const t0 = performance.now();
    await expect(w.run(SLOW, { signal: ac.signal })).rejects.toBeInstanceOf(WarehouseCancelledError);
    expect(performance.now() - t0).toBeLessThan(1500);
    const pre = new AbortController();
    pre.abort();
    await expect(w.run('SELECT 1', { signal: pre.signal })).rejects.toBeInstanceOf(WarehouseCancelledError);
  });

  it('runs queries concurrently on the pool and queues the rest', async () => {
    // 3 connections: 3 slow queries occupy them; a 4th waits and times out while queued.
    const slow = [0, 1, 2].map(() => w.run(SLOW, { timeoutMs: 600 }).catch((e) => e));
    await new Promise((r) => setTimeout(r, 50));
    const t0 = performance.now();
    await expect(w.run('SELECT 1', { timeoutMs: 100 })).rejects.toBeInstanceOf(WarehouseTimeoutError);
    expect(performance.now() - t0).toBeLessThan(500);
    for (const e of await Promise.all(slow)) expect(e).toBeInstanceOf(WarehouseTimeoutError);
    expect((await w.run('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
  });

  it('shares connections between accounts: one account never holds them all, and the probe never queues', async () => {
    // 3 connections, at most 2 per account: four slow statements of one account run two at a time.
    // a statement an earlier test cancelled may still be winding down on a loaded machine
    const settle = async (done: () => boolean) => {
      for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 20));
    };
    await settle(() => w.load.running === 0 && w.load.waiting === 0);
    const ctl = new AbortController();
    const hog = [0, 1, 2, 3].map(() => w.run(SLOW, { account: 'acc_a', timeoutMs: 10_000, signal: ctl.signal }).catch((e) => e));
    await settle(() => w.load.running + w.load.waiting === 4);
    expect(w.load).toEqual({ running: 2, waiting: 2 });
    // another account's statement takes the free connection ahead of the first account's queue
    expect((await w.run('SELECT 42 AS x', { account: 'acc_b', timeoutMs: 2000 })).rows).toEqual([{ x: 42 }]);
    await expect(w.ping()).resolves.toBeUndefined();
    ctl.abort();
    for (const e of await Promise.all(hog)) expect(e).toBeInstanceOf(WarehouseCancelledError);
    expect((await w.run('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
  });

  it('cuts a result at the byte cap and says which cap cut it', async () => {
    const r = await w.run("SELECT repeat('x', 100000) AS s FROM range(100)", { maxBytes: 350_000 });
    expect(r).toMatchObject({ rowCount: 3, truncated: true, truncatedBy: 'bytes' });
    const rows = await w.run('SELECT * FROM range(10)', { maxRows: 5 });
    expect(rows).toMatchObject({ rowCount: 5, truncated: true, truncatedBy: 'rows' });
  });

  it('reports engine errors as WarehouseQueryError', async () => {
    await expect(w.run('SELECT no_such_column FROM orders')).rejects.toBeInstanceOf(WarehouseQueryError);
    await expect(w.run('SELEC 1')).rejects.toBeInstanceOf(WarehouseQueryError);
  });

  it('refuses non-SELECT statements in the engine itself', async () => {
    await expect(w.run('SELECT 1; SELECT 2')).rejects.toThrow(/one SQL statement/);
    await expect(w.run('CREATE TEMP TABLE t AS SELECT 1')).rejects.toThrow(/Only SELECT/);
    await expect(w.run('SET VARIABLE x = 1')).rejects.toThrow(/Only SELECT/);
  });

  it('pings', async () => {
    await expect(w.ping()).resolves.toBeUndefined();
  });
});

describe('openWarehouse and runGuarded', () => {
  let folder: DataFolder;
  beforeAll(() => {
    folder = makeDataFolder();
  });
  afterAll(() => folder.cleanup());

  it('opens duckdb:FOLDER with views over Parquet and CSV', async () => {
    const w = await openWarehouse(`duckdb:${folder.data}`);
    try {
      expect(w.dialect).toBe('duckdb');
      const names = (await w.introspect()).map((t) => t.name).sort();
      expect(names).toEqual(['nation', 'region', 'sales']);
      const r = await runGuarded(w, 'SELECT sum(amount) AS total, min(day) AS first FROM sales;');
      expect(r.rows).toEqual([{ total: 35.75, first: '2024-01-02' }]);
      expect(r.sql).toBe('SELECT sum(amount) AS total, min(day) AS first FROM sales');
      await expect(runGuarded(w, 'DROP VIEW sales')).rejects.toBeInstanceOf(SqlRefusedError);
    } finally {
      await w.close();
    }
  });

  it('opens a .duckdb file read-only, and a missing path fails clearly', async () => {
    const file = join(folder.root, 'demo.duckdb');
    await buildDemoWarehouse(file, { scale: 0.002 });
    const w = await openWarehouse(`duckdb:${file}`);
    try {
      expect((await w.run('SELECT count(*) AS n FROM region')).rows).toEqual([{ n: 5 }]);
      await expect(w.run('CREATE TABLE x (a INT)')).rejects.toBeInstanceOf(WarehouseQueryError);
    } finally {
      await w.close();
    }
    await expect(openWarehouse(`duckdb:${join(folder.root, 'missing.duckdb')}`)).rejects.toBeInstanceOf(WarehouseConnectionError);
    await expect(openWarehouse('mysql://x')).rejects.toBeInstanceOf(WarehouseConnectionError);
  });

  it('removes its private views database on close', async () => {
    const w = await DuckDbWarehouse.open(folder.data);
    const tmp = (w as unknown as { tempDir: string }).tempDir;
    expect(existsSync(tmp)).toBe(true);
    await w.close();
    expect(existsSync(tmp)).toBe(false);
    await expect(w.run('SELECT 1')).rejects.toBeInstanceOf(WarehouseConnectionError);
  });
});

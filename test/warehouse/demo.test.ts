import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemoWarehouse } from '../../src/warehouse/demo.js';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';

const SCALE = 0.01; // 60k line items: quick, yet every rule is exercised

describe('demo TPC-H warehouse', () => {
  let dir: string;
  let w: DuckDbWarehouse;
  const one = async (sql: string) => (await w.run(sql)).rows[0]!;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-demo-test-'));
    writeFileSync(join(dir, 'a.duckdb'), 'not a database: the build must replace it');
    await buildDemoWarehouse(join(dir, 'a.duckdb'), { scale: SCALE });
    w = await DuckDbWarehouse.open(join(dir, 'a.duckdb'));
  });
  afterAll(async () => {
    await w?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has the eight tables with TPC-H sizes and no leftovers beside it', async () => {
    const t = Object.fromEntries((await w.introspect()).map((x) => [x.name, x.rowCount]));
    expect(t).toMatchObject({ region: 5, nation: 25, supplier: 100, customer: 1500, part: 2000, partsupp: 8000, orders: 15000 });
    expect(t.lineitem).toBeGreaterThan(15000 * 3.5);
    expect(t.lineitem).toBeLessThan(15000 * 4.5);
    expect(readdirSync(dir)).toEqual(['a.duckdb']);
  });

  it('uses the standard domains', async () => {
    expect(await one("SELECT string_agg(n_name, ',' ORDER BY n_nationkey) AS n FROM nation")).toEqual({
      n: 'ALGERIA,ARGENTINA,BRAZIL,CANADA,EGYPT,ETHIOPIA,FRANCE,GERMANY,INDIA,INDONESIA,IRAN,IRAQ,JAPAN,JORDAN,KENYA,MOROCCO,MOZAMBIQUE,PERU,CHINA,ROMANIA,SAUDI ARABIA,VIETNAM,RUSSIA,UNITED KINGDOM,UNITED STATES',
    });
    expect(await one("SELECT count(*) AS n FROM nation JOIN region ON n_regionkey = r_regionkey WHERE r_name = 'EUROPE'")).toEqual({
      n: 5,
    });
    expect(await one("SELECT string_agg(DISTINCT c_mktsegment, ',' ORDER BY c_mktsegment) AS s FROM customer")).toEqual({
      s: 'AUTOMOBILE,BUILDING,FURNITURE,HOUSEHOLD,MACHINERY',
    });
    expect(await one("SELECT string_agg(DISTINCT o_orderpriority, ',' ORDER BY o_orderpriority) AS s FROM orders")).toEqual({
      s: '1-URGENT,2-HIGH,3-MEDIUM,4-NOT SPECIFIED,5-LOW',
    });
    expect(await one("SELECT string_agg(DISTINCT l_shipmode, ',' ORDER BY l_shipmode) AS s FROM lineitem")).toEqual({
      s: 'AIR,FOB,MAIL,RAIL,REG AIR,SHIP,TRUCK',
    });
    expect(await one('SELECT count(DISTINCT p_brand) AS b, min(p_brand) AS lo, max(p_brand) AS hi FROM part')).toEqual({
      b: 25,
      lo: 'Brand#11',
      hi: 'Brand#55',
    });
    expect(await one('SELECT min(o_orderdate) AS lo, max(o_orderdate) AS hi FROM orders')).toEqual({ lo: '1992-01-01', hi: '1998-08-02' });
    expect(
      await one(
        'SELECT min(l_discount) AS d0, max(l_discount) AS d1, max(l_tax) AS t1, min(l_quantity) AS q0, max(l_quantity) AS q1 FROM lineitem',
      ),
    ).toEqual({ d0: 0, d1: 0.1, t1: 0.08, q0: 1, q1: 50 });
  });

  it('derives dates, flags and statuses like TPC-H', async () => {
    const bad = await one(`
      SELECT count(*) FILTER (WHERE l_shipdate - o_orderdate NOT BETWEEN 1 AND 121) AS ship,
             count(*) FILTER (WHERE l_commitdate - o_orderdate NOT BETWEEN 30 AND 90) AS com,
             count(*) FILTER (WHERE l_receiptdate - l_shipdate NOT BETWEEN 1 AND 30) AS rec,
             count(*) FILTER (WHERE (l_receiptdate <= DATE '1995-06-17') <> (l_returnflag IN ('R', 'A'))) AS flag,
             count(*) FILTER (WHERE (l_shipdate > DATE '1995-06-17') <> (l_linestatus = 'O')) AS status,
             count(DISTINCT l_returnflag) AS flags
        FROM lineitem JOIN orders ON o_orderkey = l_orderkey`);
    expect(bad).toEqual({ ship: 0, com: 0, rec: 0, flag: 0, status: 0, flags: 3 });
    const orders = await one(`
      SELECT count(*) FILTER (WHERE o_orderstatus <> CASE WHEN f = n THEN 'F' WHEN f = 0 THEN 'O' ELSE 'P' END) AS status,
             count(*) FILTER (WHERE o_totalprice <> t) AS total,
             count(*) FILTER (WHERE o_custkey % 3 = 0) AS third,
             count(DISTINCT o_orderstatus) AS statuses
        FROM orders JOIN (SELECT l_orderkey, count(*) AS n, count(*) FILTER (WHERE l_linestatus = 'F') AS f,
                                 sum(round(l_extendedprice * (1 + l_tax) * (1 - l_discount), 2)) AS t
                            FROM lineitem GROUP BY 1) ON l_orderkey = o_orderkey`);
    expect(orders).toEqual({ status: 0, total: 0, third: 0, statuses: 3 });
    expect(
      await one(
        `SELECT count(*) AS n FROM lineitem LEFT JOIN partsupp ON ps_partkey = l_partkey AND ps_suppkey = l_suppkey WHERE ps_partkey IS NULL`,
      ),
    ).toEqual({ n: 0 });
    expect(
      await one(
        `SELECT count(*) AS n FROM lineitem JOIN part ON p_partkey = l_partkey WHERE l_extendedprice <> l_quantity * p_retailprice`,
      ),
    ).toEqual({ n: 0 });
  });

  it('is deterministic: the same scale gives the same data', async () => {
    const other = join(dir, 'b.duckdb');
    await buildDemoWarehouse(other, { scale: SCALE });
    const w2 = await DuckDbWarehouse.open(other);
    const sig = (x: DuckDbWarehouse) =>
      x.run(`SELECT (SELECT sum(hash(l_orderkey, l_linenumber, l_partkey, l_suppkey, l_quantity, l_extendedprice, l_discount, l_shipdate, l_returnflag, l_shipmode)) FROM lineitem) AS l,
                    (SELECT sum(hash(o_orderkey, o_custkey, o_totalprice, o_orderdate, o_orderstatus, o_orderpriority, o_clerk)) FROM orders) AS o,
                    (SELECT sum(hash(c_custkey, c_name, c_address, c_phone, c_acctbal, c_mktsegment)) FROM customer) AS c,
                    (SELECT sum(hash(p_partkey, p_name, p_brand, p_type, p_size, p_container, p_retailprice)) FROM part) AS p`);
    try {
      expect((await sig(w2)).rows).toEqual((await sig(w)).rows);
    } finally {
      await w2.close();
      rmSync(other, { force: true });
    }
  });

  it('refuses an absurd scale and never leaves a partial file', async () => {
    await expect(buildDemoWarehouse(join(dir, 'c.duckdb'), { scale: 0 })).rejects.toThrow(/scale/);
    expect(existsSync(join(dir, 'c.duckdb'))).toBe(false);
  });
});

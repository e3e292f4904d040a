/**
 * Warehouse overhead: representative aggregate queries through the guarded runner
 * (guard + pooled, locked-down DuckDbWarehouse + value conversion) versus the same SQL on a bare
 * DuckDB connection over the same views, interleaved, N runs each. Goal: median ratio <= 1.1x.
 * Also times the demo database build (SF 0.1).
 *
 *   npx tsx test/bench/warehouse.bench.ts [runs]
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';
import { runGuarded } from '../../src/warehouse/index.js';
import { buildDemoWarehouse } from '../../src/warehouse/demo.js';
import { TPCH_DIR } from '../helpers/paths.js';

const DIR = TPCH_DIR;
const RUNS = Number(process.argv[2] ?? 15);

const QUERIES: Record<string, string> = {
  revenue_by_region: `SELECT r_name, sum(l_extendedprice * (1 - l_discount)) AS revenue
    FROM lineitem JOIN orders ON o_orderkey = l_orderkey JOIN customer ON c_custkey = o_custkey
    JOIN nation ON n_nationkey = c_nationkey JOIN region ON r_regionkey = n_regionkey
    WHERE o_orderdate >= DATE '1995-01-01' AND o_orderdate < DATE '1996-01-01' GROUP BY r_name ORDER BY revenue DESC`,
  monthly_orders: `SELECT date_trunc('month', o_orderdate) AS month, count(*) AS orders, sum(o_totalprice) AS value
    FROM orders GROUP BY 1 ORDER BY 1`,
  pricing_summary: `SELECT l_returnflag, l_linestatus, sum(l_quantity) AS qty, sum(l_extendedprice) AS base,
    avg(l_discount) AS disc, count(*) AS n FROM lineitem WHERE l_shipdate <= DATE '1998-09-02' GROUP BY ALL ORDER BY 1, 2`,
  top_brands: `SELECT p_brand, sum(l_extendedprice * (1 - l_discount)) AS revenue FROM lineitem JOIN part ON p_partkey = l_partkey
    GROUP BY p_brand ORDER BY revenue DESC LIMIT 10`,
  segment_count: `SELECT c_mktsegment, count(*) AS customers FROM customer GROUP BY 1 ORDER BY 1`,
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main() {
  const w = await DuckDbWarehouse.open(DIR);
  // The baseline: a plain in-memory DuckDB, same views, no lock-down, no pool, no conversion.
  const bare = await DuckDBInstance.create(':memory:');
  const bc = await bare.connect();
  for (const f of readdirSync(DIR).filter((f) => f.endsWith('.parquet'))) {
    await bc.run(`CREATE VIEW "${basename(f, '.parquet')}" AS SELECT * FROM read_parquet('${join(DIR, f)}')`);
  }
  console.log(`warehouse overhead, ${RUNS} interleaved runs per query (median ms)`);
  console.log('query'.padEnd(20), 'bare'.padStart(8), 'guarded'.padStart(8), 'ratio'.padStart(7));
  const ratios: number[] = [];
  for (const [name, sql] of Object.entries(QUERIES)) {
    // warm both (Parquet metadata, OS cache)
    await bc.runAndReadAll(sql);
    await runGuarded(w, sql);
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const order = i % 2 === 0;
      for (const which of order ? ['bare', 'guarded'] : ['guarded', 'bare']) {
        const t0 = performance.now();
        if (which === 'bare') (await bc.runAndReadAll(sql)).getRowObjectsJS();
        else await runGuarded(w, sql, { timeoutMs: 60_000 });
        (which === 'bare' ? a : b).push(performance.now() - t0);
      }
    }
    const ma = median(a);
    const mb = median(b);
    ratios.push(mb / ma);
    console.log(name.padEnd(20), ma.toFixed(2).padStart(8), mb.toFixed(2).padStart(8), `${(mb / ma).toFixed(3)}x`.padStart(7));
  }
  const overall = median(ratios);
  console.log(`median ratio ${overall.toFixed(3)}x (goal <= 1.1x) ${overall <= 1.1 ? 'OK' : 'OVER'}`);
  bc.closeSync();
  bare.closeSync();
  await w.close();

  const dir = mkdtempSync(join(tmpdir(), 'quarry-bench-demo-'));
  try {
    const r = await buildDemoWarehouse(join(dir, 'demo.duckdb'), { scale: 0.1 });
    console.log(`demo build SF 0.1: ${(r.elapsedMs / 1000).toFixed(2)} s`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

/**
 * Compile-time benchmark: median time to compile each SemanticQuery of a varied set to SQL
 * (both dialects). Standalone: `npx tsx test/bench/compile.bench.ts`. Goal: <= 1 ms median.
 */
import { performance } from 'node:perf_hooks';
import { compile } from '../../src/semantic/compiler.js';
import { DEFAULT_MODEL_PATH, loadModel } from '../../src/semantic/loader.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import { PostgresDialect } from '../../src/semantic/dialects/postgres.js';
import type { SemanticQueryInput } from '../../src/semantic/query.js';

const model = loadModel(DEFAULT_MODEL_PATH);
const year = { start: '1997-01-01', end: '1998-01-01' };

const QUERIES: Record<string, SemanticQueryInput> = {
  total: { metrics: ['revenue'] },
  'multi-entity totals': { metrics: ['revenue', 'orders', 'customers', 'suppliers'] },
  'by region, period': { metrics: ['revenue'], group_by: [{ dimension: 'region' }], time_range: year },
  'two dims + filters': {
    metrics: ['revenue', 'units_sold'],
    group_by: [{ dimension: 'nation' }, { dimension: 'market_segment' }],
    filters: [
      { dimension: 'order_priority', op: 'in', values: ['high priority'] },
      { dimension: 'part_size', op: 'between', values: [10, 20] },
    ],
  },
  'monthly trend': { metrics: ['revenue', 'orders'], group_by: [{ dimension: 'order_date', grain: 'month' }], time_range: year },
  'top-N + share': {
    metrics: ['revenue'],
    group_by: [{ dimension: 'customer' }],
    order: [{ by: 'revenue', direction: 'desc' }],
    limit: 10,
    share_of_total: ['revenue'],
  },
  'derived + having': {
    metrics: ['profit_margin', 'return_rate'],
    group_by: [{ dimension: 'supplier_region' }],
    metric_filters: [{ metric: 'profit_margin', op: 'gt', value: 0.1 }],
  },
  'fan-out bridge': {
    metrics: ['orders', 'order_value', 'line_items'],
    group_by: [{ dimension: 'ship_mode' }],
    filters: [{ dimension: 'return_flag', op: 'eq', values: ['R'] }],
  },
  'ship-dated': {
    metrics: ['late_delivery_rate', 'days_to_ship'],
    group_by: [{ dimension: 'ship_date', grain: 'quarter' }],
    time_range: { ...year, dimension: 'ship_date' },
  },
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const dialects = [new DuckDbDialect(), new PostgresDialect()];
const ITER = 2000;
const rows: string[] = [];
const medians: number[] = [];
for (const [name, q] of Object.entries(QUERIES)) {
  for (const d of dialects) {
    for (let i = 0; i < 200; i++) compile(model, q, d); // warm-up (JIT, per-model caches)
    const times: number[] = [];
    for (let i = 0; i < ITER; i++) {
      const t = performance.now();
      compile(model, q, d);
      times.push(performance.now() - t);
    }
    const med = median(times);
    medians.push(med);
    const p95 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)]!;
    rows.push(
      `${name.padEnd(22)} ${d.name.padEnd(9)} median ${(med * 1000).toFixed(1).padStart(7)} µs   p95 ${(p95 * 1000).toFixed(1).padStart(7)} µs`,
    );
  }
}
console.log(rows.join('\n'));
const overall = median(medians);
console.log(`\noverall median of medians: ${(overall * 1000).toFixed(1)} µs (goal <= 1000 µs) ${overall <= 1 ? 'OK' : 'SLOW'}`);

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, CompileError } from '../../src/semantic/compiler.js';
import { DEFAULT_MODEL_PATH, loadModel } from '../../src/semantic/loader.js';
import type { DimensionFilter, SemanticQueryInput } from '../../src/semantic/query.js';
import { TIME_GRAINS } from '../../src/semantic/model.js';
import { joinGraph } from '../../src/semantic/graph.js';
import { duckdbEngine, mariadbEngine, sameRows, TENTH_OF_ORDERS, type Engine } from './engines.js';

const model = loadModel(DEFAULT_MODEL_PATH);
const metricNames = [...model.measures, ...model.metrics].map((m) => m.name);
const dimNames = model.dimensions.map((d) => d.name);
const timeNames = model.time_dimensions.map((d) => d.name);

/** Plausible filter values per dimension (some deliberately absent from the data). */
const SAMPLE: Record<string, (string | number)[]> = {
  region: ['EUROPE', 'ASIA', 'ATLANTIS'],
  nation: ['GERMANY', 'JAPAN'],
  supplier_region: ['AMERICA', 'AFRICA'],
  supplier_nation: ['FRANCE', 'CHINA'],
  market_segment: ['BUILDING', 'MACHINERY'],
  order_priority: ['urgent', 'high priority', '3-MEDIUM'],
  order_status: ['F', 'open'],
  ship_mode: ['AIR', 'TRUCK', "O'HARE"],
  return_flag: ['R', 'accepted'],
  brand: ['Brand#13', 'Brand#51'],
  manufacturer: ['Manufacturer#1'],
  part_type: ['ECONOMY ANODIZED STEEL'],
  container: ['SM BOX', 'LG CASE'],
  part_size: [1, 15, 50],
  customer: ['Customer#000000001'],
  supplier: ['Supplier#000000001'],
  part: ['goldenrod lavender spring chocolate lace'],
  clerk: ['Clerk#000000001'],
  order_date: ['1995-06-01', '1997-01-01'],
  ship_date: ['1996-03-15'],
  receipt_date: ['1994-01-01'],
  commit_date: ['1998-01-01'],
};

const filterArb = fc.constantFrom(...Object.keys(SAMPLE)).chain((dimension) =>
  fc
    .record({
      dimension: fc.constant(dimension),
      op: fc.constantFrom<DimensionFilter['op'][]>('eq', 'ne', 'in', 'not_in', 'gt', 'gte', 'lt', 'lte', 'between'),
      values: fc.subarray(SAMPLE[dimension]!, { minLength: 1 }),
    })
    .map((f) => {
      // Arity the operators need: one value for comparisons, two for between.
      if (f.op === 'between') return { ...f, values: [f.values[0]!, f.values.at(-1)!].sort() };
      if (!['in', 'not_in'].includes(f.op)) return { ...f, values: [f.values[0]!] };
      return f;
    }),
);

const queryArb: fc.Arbitrary<SemanticQueryInput> = fc
  .record({
    metrics: fc.subarray(metricNames, { minLength: 1, maxLength: 3 }),
    dims: fc.subarray(dimNames, { minLength: 0, maxLength: 2 }),
    time: fc.option(fc.record({ dimension: fc.constantFrom(...timeNames), grain: fc.constantFrom(...TIME_GRAINS) }), { nil: undefined }),
    filters: fc.array(filterArb, { maxLength: 2 }),
    range: fc.option(
      fc.record({ dimension: fc.option(fc.constantFrom(...timeNames), { nil: undefined }), year: fc.integer({ min: 1992, max: 1998 }) }),
      { nil: undefined },
    ),
    limit: fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }),
    share: fc.boolean(),
    having: fc.boolean(),
    desc: fc.boolean(),
  })
  .map((r) => ({
    metrics: r.metrics,
    group_by: [...r.dims.map((dimension) => ({ dimension })), ...(r.time ? [r.time] : [])],
    filters: r.filters,
    ...(r.range
      ? {
          time_range: {
            ...(r.range.dimension ? { dimension: r.range.dimension } : {}),
            start: `${r.range.year}-01-01`,
            end: `${r.range.year + 1}-01-01`,
          },
        }
      : {}),
    ...(r.limit ? { limit: r.limit } : {}),
    order: r.limit ? [{ by: r.metrics[0]!, direction: r.desc ? ('desc' as const) : ('asc' as const) }] : [],
    share_of_total: r.share ? [r.metrics[0]!] : [],
    metric_filters: r.having ? [{ metric: r.metrics.at(-1)!, op: 'gt' as const, value: 0 }] : [],
  }));

describe('property: random valid queries compile to SQL DuckDB runs', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await duckdbEngine();
  });
  afterAll(async () => engine.close());

  it('compiles or refuses with a CompileError; compiled SQL runs and has the announced columns', async () => {
    let compiled = 0;
    await fc.assert(
      fc.asyncProperty(queryArb, async (q) => {
        let out;
        try {
          out = compile(model, q, engine.dialect);
        } catch (e) {
          expect(e).toBeInstanceOf(CompileError);
          return;
        }
        compiled++;
        const rows = await engine.query(`SELECT * FROM (${out.sql}) AS q LIMIT 50`);
        if (rows.length) expect(Object.keys(rows[0]!)).toEqual(out.columns.map((c) => c.name));
      }),
      { numRuns: 60, seed: 20261121 },
    );
    expect(compiled).toBeGreaterThan(30);
  }, 60_000);

  it('grouping an additive measure by a to-one dimension never changes its total (no fan-out)', async () => {
    const g = joinGraph(model);
    const additive = model.measures.filter((m) => m.agg === 'sum' || m.agg === 'count');
    const pairs = additive.flatMap((m) =>
      model.dimensions.filter((d) => g.path(m.entity, d.entity) && d.index_values).map((d) => [m.name, d.name] as const),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pairs), async ([metric, dimension]) => {
        const total = compile(model, { metrics: [metric] }, engine.dialect);
        const grouped = compile(model, { metrics: [metric], group_by: [{ dimension }] }, engine.dialect);
        const [t] = await engine.query(total.sql);
        const rows = await engine.query(grouped.sql);
        const sum = rows.reduce((s, r) => s + Number(r[metric] ?? 0), 0);
        expect(sum).toBeCloseTo(Number(t![metric]), 0);
      }),
      { numRuns: 15, seed: 7 },
    );
  }, 60_000);
});

describe('property: a random query gives the same rows on DuckDB and MariaDB', () => {
  let duck: Engine;
  let maria: Engine | undefined;
  beforeAll(async () => {
    duck = await duckdbEngine(TENTH_OF_ORDERS);
    maria = await mariadbEngine();
  }, 180_000);
  afterAll(async () => {
    await duck?.close();
    await maria?.close();
  });

  it('compiled per dialect, both engines return the same rows', async (ctx) => {
    if (!maria) return ctx.skip();
    const m = maria;
    let compared = 0;
    // Without limit and order: rows tied at a cut could differ between engines, and the set is what must agree.
    const unlimited = queryArb.map((q) => ({ ...q, limit: undefined, order: [] }));
    await fc.assert(
      fc.asyncProperty(unlimited, async (q) => {
        let onDuck, onMaria;
        try {
          onDuck = compile(model, q, duck.dialect);
          onMaria = compile(model, q, m.dialect);
        } catch (e) {
          expect(e).toBeInstanceOf(CompileError);
          return;
        }
        const [a, b] = await Promise.all([duck.query(onDuck.sql), m.query(onMaria.sql)]);
        compared++;
        const diff = sameRows(b, a, false);
        expect(diff, `${diff}\n--- query: ${JSON.stringify(q)}\n--- MariaDB SQL:\n${onMaria.sql}`).toBeUndefined();
      }),
      { numRuns: 25, seed: 20261124 },
    );
    expect(compared).toBeGreaterThan(10);
  }, 600_000);
});

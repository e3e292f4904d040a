/**
 * Durations between two dates of the same rows, end to end: a small staff database bootstrapped
 * from a real DuckDB (the model as an unfamiliar database gets it), questions interpreted, compiled
 * and run, each checked against hand-written SQL; refusals for what is not clear.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { interpret } from '../../src/nlq/interpret.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/index.js';
import { SemanticModelSchema, type SemanticModel } from '../../src/semantic/model.js';
import type { SemanticQuery } from '../../src/semantic/query.js';
import { semanticLayerFor, type SemanticLayer } from '../../src/semantic/values.js';
import { openWarehouse } from '../../src/warehouse/index.js';
import { bootstrapModel } from '../../src/warehouse/introspect.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { ask as askTpch } from './helpers.js';

const SETUP = [
  'CREATE TABLE courier (courier_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR, depot VARCHAR, joined_on DATE, left_on DATE, birth_date DATE)',
  'CREATE TABLE shift (shift_id INTEGER PRIMARY KEY, courier_id INTEGER REFERENCES courier(courier_id), vehicle VARCHAR, shift_start_ts TIMESTAMP, shift_end_ts TIMESTAMP)',
  `INSERT INTO courier VALUES
    (1, 'Ada', 'Moss', 'Leeds', '2019-02-01', '2020-02-01', '1990-01-01'),
    (2, 'Ben', 'Hart', 'Leeds', '2020-05-10', '2020-07-01', '1991-01-01'),
    (3, 'Cal', 'Ivy', 'York', '2021-01-15', NULL, '1992-01-01'),
    (4, 'Dee', 'Oak', 'York', '2018-03-01', '2022-03-01', '1993-01-01'),
    (5, 'Eve', 'Ash', 'York', '2020-09-01', '2020-09-30', '1994-01-01')`,
  `INSERT INTO shift VALUES
    (1, 1, 'van', '2024-03-01 08:00:00', '2024-03-01 16:30:00'),
    (2, 1, 'bike', '2024-03-02 22:00:00', '2024-03-03 02:00:00'),
    (3, 2, 'van', '2024-03-04 09:00:00', '2024-03-04 09:45:30'),
    (4, 3, 'bike', '2024-03-05 07:00:00', NULL),
    (5, 4, 'van', NULL, '2024-03-06 10:00:00')`,
];

let dir: string;
let warehouse: Warehouse;
let model: SemanticModel;
let layer: SemanticLayer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-duration-nlq-'));
  const path = join(dir, 'couriers.duckdb');
  const db = await DuckDBInstance.create(path);
  const c = await db.connect();
  for (const s of SETUP) await c.run(s);
  c.closeSync();
  db.closeSync();
  warehouse = await openWarehouse(`duckdb:${path}`);
  model = SemanticModelSchema.parse(await bootstrapModel(warehouse));
  layer = await semanticLayerFor(model, warehouse);
}, 120_000);
afterAll(async () => {
  await warehouse?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const ask = (question: string) =>
  interpret(question, { model, values: new Map(Object.entries(layer.values)), asOf: layer.asOf, sameRows: layer.sameRows });
function q(question: string): SemanticQuery {
  const r = ask(question);
  if (r.kind !== 'query') throw new Error(`expected a query for "${question}", got ${r.kind}: ${r.reason}`);
  return r.query;
}
const rows = async (sql: string) =>
  (await warehouse.run(sql, {})).rows.map((r) =>
    Object.values(r).map((v) =>
      typeof v === 'bigint' || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v))
        ? Math.round(Number(v) * 1000) / 1000
        : typeof v === 'number'
          ? Math.round(v * 1000) / 1000
          : v,
    ),
  );
/** The answer's rows equal the hand-written SQL's rows (values in column order). */
async function same(question: string, reference: string) {
  const sql = compile(model, q(question), new DuckDbDialect()).sql;
  expect(await rows(sql), `${question}\n${sql}`).toEqual(await rows(reference));
}

describe('durations on a bootstrapped DuckDB: answers equal hand-written SQL', () => {
  it('average number of days between two dates of one thing, by a dimension', async () => {
    await same(
      'average number of days between joined on and left on by depot',
      'SELECT depot, AVG(left_on - joined_on) FROM courier WHERE left_on IS NOT NULL AND joined_on IS NOT NULL GROUP BY depot ORDER BY depot',
    );
    expect(q('average number of days between joined on and left on').durations).toEqual([
      expect.objectContaining({ from: 'joined_on', to: 'left_on', unit: 'day', agg: 'avg' }),
    ]);
  });
  it('shortest, longest and total time; "on average" after; "how long"', async () => {
    await same('the shortest time from joined on to left on', 'SELECT MIN(left_on - joined_on) FROM courier');
    await same('maximum days between joined on and left on', 'SELECT MAX(left_on - joined_on) FROM courier');
    await same(
      'maximum days between joined on and left on by depot',
      'SELECT depot, MAX(left_on - joined_on) FROM courier GROUP BY depot ORDER BY depot',
    );
    await same('total days from joined on to left on in York', "SELECT SUM(left_on - joined_on) FROM courier WHERE depot = 'York'");
    await same('how long from joined on to left on on average', 'SELECT AVG(left_on - joined_on) FROM courier');
    await same('average days to left on since joined on', 'SELECT AVG(left_on - joined_on) FROM courier');
  });
  it('units: the head word or "in <unit>"; seconds, minutes and hours of timestamps', async () => {
    await same(
      'average time between shift start timestamp and shift end timestamp in seconds',
      'SELECT AVG(epoch(shift_end_ts) - epoch(shift_start_ts)) FROM shift',
    );
    await same(
      'longest minutes from shift start timestamp to shift end timestamp',
      'SELECT MAX((epoch(shift_end_ts) - epoch(shift_start_ts)) / 60.0) FROM shift',
    );
    await same(
      'total hours between shift start timestamp and shift end timestamp by vehicle',
      'SELECT vehicle, SUM((epoch(shift_end_ts) - epoch(shift_start_ts)) / 3600.0) FROM shift GROUP BY vehicle ORDER BY vehicle',
    );
  });
  it('"duration" next to a thing reads its one start/end pair', async () => {
    await same('average shift duration in minutes', 'SELECT AVG((epoch(shift_end_ts) - epoch(shift_start_ts)) / 60.0) FROM shift');
    await same(
      'total duration of shifts in hours for van',
      "SELECT SUM((epoch(shift_end_ts) - epoch(shift_start_ts)) / 3600.0) FROM shift WHERE vehicle = 'van'",
    );
  });
  it("a superlative over the members of the dates' own thing ranks them by their own duration", async () => {
    const query = q('the courier with the shortest time from joined on to left on');
    expect(query.order).toEqual([{ by: query.durations![0]!.name, direction: 'asc' }]);
    expect(query.limit).toBe(1);
    await same(
      'the courier with the shortest time from joined on to left on',
      'SELECT courier_id, left_on - joined_on AS d FROM courier WHERE left_on IS NOT NULL ORDER BY d ASC LIMIT 1',
    );
    await same(
      'which courier had the longest time between joined on and left on',
      'SELECT courier_id, left_on - joined_on AS d FROM courier WHERE left_on IS NOT NULL ORDER BY d DESC LIMIT 1',
    );
    await same(
      'which depot has the longest average time between joined on and left on',
      'SELECT depot, AVG(left_on - joined_on) AS d FROM courier GROUP BY depot ORDER BY d DESC LIMIT 1',
    );
  });
  it('"top N <groups> by <duration>" ranks the groups; a breakdown and a metric beside it', async () => {
    await same(
      'top 1 depots by average days from joined on to left on',
      'SELECT depot, AVG(left_on - joined_on) AS d FROM courier GROUP BY depot ORDER BY d DESC LIMIT 1',
    );
    const both = q('number of couriers and average days between joined on and left on by depot');
    expect(both.group_by).toEqual([{ dimension: 'depot' }]);
    expect(both.metrics.length).toBe(1);
    expect(both.durations?.length).toBe(1);
  });
  it('a period dates the rows by the start date', async () => {
    await same(
      'average days between joined on and left on in 2020',
      "SELECT AVG(left_on - joined_on) FROM courier WHERE joined_on >= DATE '2020-01-01' AND joined_on < DATE '2021-01-01'",
    );
  });
});

describe('durations: refused when unclear', () => {
  it.each([
    // no figure: which one of the many durations?
    'how many days between joined on and left on',
    // a ranking of groups by a duration that is not their own: the longest one or the longest average?
    'which depot had the longest time between joined on and left on',
    // two units
    'average hours from shift start timestamp to shift end timestamp in seconds',
    // the same date twice
    'average days between joined on and joined on',
    // a ranking of its own beside the duration: which orders the answer?
    'average days between joined on and left on for the top 2 depots by number of shifts',
  ])('%s', (question) => {
    expect(ask(question).kind).toBe('out_of_scope');
  });
  it("a date of the thing each row belongs to: per shift, from its courier's joining; a courier ranked by it is refused", async () => {
    await same(
      'average days from joined on to shift start timestamp',
      'SELECT AVG(CAST(s.shift_start_ts AS DATE) - c.joined_on) FROM shift s JOIN courier c USING (courier_id)',
    );
    expect(ask('the courier with the shortest time from joined on to shift start timestamp').kind).toBe('out_of_scope');
    expect(askTpch('average days between ship date and receipt date').kind).toBe('query');
  });
});

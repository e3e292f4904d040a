/**
 * The data check of a hand-written model (`quarry semantic check`, and quickly whenever a model is
 * loaded): a key that repeats, a join that fans out against its declared cardinality, a time dimension
 * with no dates and a table the warehouse lacks are each reported with the fix; a model naming a
 * missing table is refused (`quarry serve` does not start); a join that would multiply rows is left
 * out, so the metric refuses instead of answering five times too much.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { freePort } from '../helpers/net.js';
import { parseModel } from '../../src/semantic/loader.js';
import { semanticLayerFor } from '../../src/semantic/values.js';
import { checkModel, guardLayerModel, ModelCheckError } from '../../src/semantic/check.js';
import { compile } from '../../src/semantic/compiler.js';
import { dialectFor } from '../../src/semantic/dialects/index.js';
import { openWarehouse } from '../../src/warehouse/index.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { quarryArgs } from '../helpers/quarry-cli.js';

const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('QUARRY_')));

// A garden centre: each depot row repeated per season (5 rows per depot_id), a supplier code shared
// by two suppliers, a delivery date never filled in.
const DDL = `
  CREATE TABLE depot (depot_id INTEGER, depot_name VARCHAR, season VARCHAR);
  INSERT INTO depot SELECT d, 'Depot ' || d, s FROM range(1, 4) a(d), (VALUES ('spring'), ('summer'), ('autumn'), ('winter'), ('all')) b(s);
  CREATE TABLE supplier (supplier_id INTEGER PRIMARY KEY, supplier_code VARCHAR, supplier_name VARCHAR);
  INSERT INTO supplier VALUES (1, 'GRN', 'Greenleaf'), (2, 'GRN', 'Greenline'), (3, 'BLM', 'Bloom & Co');
  CREATE TABLE sale (sale_id INTEGER PRIMARY KEY, depot_id INTEGER, supplier_code VARCHAR, sold_on DATE, delivered_on DATE, amount DECIMAL(8,2));
  INSERT INTO sale SELECT i, 1 + i % 3, CASE WHEN i % 2 = 0 THEN 'GRN' ELSE 'BLM' END, DATE '2025-03-01' + CAST(i AS INTEGER), NULL, 10 FROM range(1, 31) t(i);
`;

const model = (extra = '') => `
name: garden
entities:
  - { name: sale, table: sale, primary_key: sale_id }
  - { name: depot, table: depot, primary_key: depot_id }
  - { name: supplier, table: supplier, primary_key: supplier_id }
${extra}
relationships:
  - { from: sale, to: depot, on: [[depot_id, depot_id]], cardinality: many_to_one }
  - { from: sale, to: supplier, on: [[supplier_code, supplier_code]], cardinality: many_to_one }
dimensions:
  - { name: depot_name, entity: depot, sql: "\${TABLE}.depot_name", type: string }
  - { name: supplier_name, entity: supplier, sql: "\${TABLE}.supplier_name", type: string }
time_dimensions:
  - { name: sold_on, entity: sale, sql: "\${TABLE}.sold_on" }
  - { name: delivered_on, entity: sale, sql: "\${TABLE}.delivered_on" }
measures:
  - { name: sales_amount, entity: sale, agg: sum, sql: "\${TABLE}.amount", time_dimension: sold_on }
  - { name: sale_count, entity: sale, agg: count, time_dimension: sold_on }
defaults: { time_dimension: sold_on }
`;

let dir: string;
let file: string;
let w: Warehouse;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-check-'));
  file = join(dir, 'garden.duckdb');
  const db = await DuckDBInstance.create(file);
  const c = await db.connect();
  await c.run(DDL);
  c.closeSync();
  db.closeSync();
  w = await openWarehouse(`duckdb:${file}`);
});
afterAll(async () => {
  await w?.close();
  rmSync(dir, { recursive: true, force: true });
});

const failedOf = async (yaml: string) => (await checkModel(parseModel(yaml), w)).failed;

describe('quarry semantic check', () => {
  it('reports a key that repeats, with the fix', async () => {
    const f = (await failedOf(model())).find((x) => x.kind === 'key');
    expect(f).toMatchObject({ subject: 'entity depot', ok: false });
    expect(f!.problem).toMatch(/primary key depot_id is not unique: \d+ appears 5 times/);
    expect(f!.fix).toMatch(/primary_key/);
  });

  it('reports a join that fans out against its declared cardinality', async () => {
    const f = (await failedOf(model())).filter((x) => x.kind === 'fan_out').map((x) => x.subject);
    expect(f).toEqual([
      'relationship sale -> depot (depot_id = depot_id)',
      'relationship sale -> supplier (supplier_code = supplier_code)',
    ]);
    // the supplier's own key is unique: only the join fans out
    expect((await failedOf(model())).some((x) => x.subject === 'entity supplier')).toBe(false);
  });

  it('reports a time dimension that holds no dates', async () => {
    const f = (await failedOf(model())).filter((x) => x.kind === 'time');
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ subject: 'time dimension delivered_on' });
    expect(f[0]!.problem).toMatch(/holds no dates/);
  });

  it('reports a missing table and a missing column', async () => {
    const yaml = model('  - { name: refund, table: refund, primary_key: refund_id }').replace(
      '"${TABLE}.supplier_name"',
      '"${TABLE}.supplier_title"',
    );
    const failed = await failedOf(yaml);
    expect(failed.find((x) => x.subject === 'entity refund')).toMatchObject({
      kind: 'table',
      fix: expect.stringMatching(/existing table/),
    });
    expect(failed.find((x) => x.subject === 'dimension supplier_name')).toMatchObject({ kind: 'column' });
  });

  it('passes a model that matches the data', async () => {
    const good = model()
      .replace('table: depot, primary_key: depot_id', 'sql: "SELECT DISTINCT depot_id, depot_name FROM depot", primary_key: depot_id')
      .replace(/ {2}- \{ from: sale, to: supplier.*\n/, '')
      .replace(/ {2}- \{ name: delivered_on.*\n/, '')
      .replace(/ {2}- \{ name: supplier_name.*\n/, '');
    expect(await failedOf(good)).toEqual([]);
  });

  it('as a command: prints each failure with its fix and exits 1', async () => {
    const path = join(dir, 'garden.yaml');
    writeFileSync(path, model());
    const r = await new Promise<{ code: number | null; out: string }>((done) => {
      const child = spawn(process.execPath, quarryArgs('semantic', 'check', path, '--warehouse', `duckdb:${file}`), {
        env: cleanEnv(),
      });
      let out = '';
      child.stdout.on('data', (c) => (out += String(c)));
      child.stderr.on('data', (c) => (out += String(c)));
      child.on('close', (code) => done({ code, out }));
    });
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAIL entity depot: primary key depot_id is not unique/);
    expect(r.out).toMatch(/fix: /);
    expect(r.out).toMatch(/FAIL time dimension delivered_on: holds no dates/);
    expect(r.out).toMatch(/checks passed, 4 failed/);
  }, 60_000);
});

describe('the check when a model is loaded', () => {
  it('refuses a model naming a missing table', async () => {
    await expect(semanticLayerFor(parseModel(model('  - { name: refund, table: refund, primary_key: refund_id }')), w)).rejects.toThrow(
      ModelCheckError,
    );
  });

  it('leaves out the joins that would multiply rows: the metric by depot refuses instead of counting each sale 5 times', async () => {
    const layer = await semanticLayerFor(parseModel(model()), w);
    expect(layer.problems?.map((p) => p.kind)).toEqual(['fan_out', 'fan_out']);
    expect(() =>
      compile(layer.model, { metrics: ['sales_amount'], group_by: [{ dimension: 'depot_name' }] }, dialectFor('duckdb')),
    ).toThrow(/depot/);
    // the sale's own figures still answer
    const total = await w.run(compile(layer.model, { metrics: ['sales_amount'] }, dialectFor('duckdb')).sql);
    expect(Number(Object.values(total.rows[0]!)[0])).toBe(300);
  });

  it('keeps a join whose check ran out of time (a saturated host): kept as declared, and said so', async () => {
    // the depots' keys read from a query too slow for the check's time budget
    const slow = model()
      .replace(
        'table: depot, primary_key: depot_id',
        'sql: "SELECT DISTINCT depot_id, depot_name FROM depot, range(2000000) r(i) WHERE i >= 0", primary_key: depot_id',
      )
      .replace(/ {2}- \{ from: sale, to: supplier.*\n/, '');
    const guarded = await guardLayerModel(parseModel(slow), w, { timeoutMs: 20 });
    expect(guarded.model.relationships.map((r) => r.to)).toEqual(['depot']);
    expect(guarded.failed.find((f) => f.kind === 'fan_out')).toMatchObject({
      unchecked: true,
      problem: expect.stringMatching(/could not be checked in 0.02 s.*kept as declared/),
    });
    // with the time it needs, the same join is checked and found sound
    const checked = await guardLayerModel(parseModel(slow), w, { timeoutMs: 600_000 });
    expect(checked.failed.filter((f) => f.kind === 'fan_out')).toEqual([]);
  }, 120_000);

  it('quarry serve does not start with a model naming a missing table', async () => {
    const path = join(dir, 'missing.yaml');
    writeFileSync(path, model('  - { name: refund, table: refund, primary_key: refund_id }'));
    const port = await freePort();
    const r = await new Promise<{ code: number | null; out: string }>((done) => {
      const child = spawn(process.execPath, quarryArgs('serve'), {
        cwd: dir,
        env: {
          ...cleanEnv(),
          QUARRY_PORT: String(port),
          QUARRY_HOST: '127.0.0.1',
          QUARRY_DATA_DIR: join(dir, 'state'),
          QUARRY_WAREHOUSE: `duckdb:${file}`,
          QUARRY_MODEL: path,
          QUARRY_LOG_LEVEL: 'warn',
        },
      });
      let out = '';
      child.stdout.on('data', (c) => (out += String(c)));
      child.stderr.on('data', (c) => (out += String(c)));
      const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        done({ code, out });
      });
    });
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/refund/);
    expect(r.out).toMatch(/not in the warehouse/);
  }, 60_000);
});

/**
 * A value stored in several dimensions is one reading when it selects the same rows in each,
 * checked on the data when the semantic layer loads: "Leeds" the town and "Leeds" the county that
 * holds only Leeds give one answer; "York" the town and "York" the county that also holds Selby do
 * not, and stay two readings (refused).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { semanticLayerFor, type SemanticLayer } from '../../src/semantic/values.js';
import { answerQuestion } from '../../src/eval/answer.js';

let dir: string;
let w: DuckDbWarehouse;
let layer: SemanticLayer;

const model = SemanticModelSchema.parse({
  name: 'shops',
  entities: [
    { name: 'town', table: 'town', primary_key: 'town_name', synonyms: ['towns'] },
    { name: 'shop', table: 'shop', primary_key: 'id', synonyms: ['shops'] },
  ],
  relationships: [{ from: 'shop', to: 'town', on: [['town_name', 'town_name']] }],
  dimensions: [
    { name: 'town', entity: 'town', sql: '${TABLE}.town_name', label: 'Town', index_values: true },
    { name: 'county', entity: 'town', sql: '${TABLE}.county', label: 'County', index_values: true },
    { name: 'shop_town', entity: 'shop', sql: '${TABLE}.town_name', label: 'Shop town', index_values: true },
    // "Selby" is also the name of the area code SB, whose shops are all in Selby
    { name: 'area', entity: 'shop', sql: '${TABLE}.area', label: 'Area', index_values: true, value_synonyms: { SB: ['Selby'] } },
  ],
  measures: [{ name: 'shop_count', entity: 'shop', agg: 'count', label: 'Shops', synonyms: ['number of shops'], time_bound: false }],
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-same-rows-'));
  const file = join(dir, 'shops.duckdb');
  const db = await DuckDBInstance.create(file);
  const c = await db.connect();
  await c.run(`
    CREATE TABLE town (town_name VARCHAR PRIMARY KEY, county VARCHAR);
    INSERT INTO town VALUES ('Leeds', 'Leeds'), ('York', 'York'), ('Selby', 'York');
    CREATE TABLE shop (id INTEGER, town_name VARCHAR, area VARCHAR);
    INSERT INTO shop VALUES (1, 'Leeds', 'LS'), (2, 'Leeds', 'LS'), (3, 'York', 'YO'), (4, 'Selby', 'SB');
  `);
  c.closeSync();
  db.closeSync();
  w = await DuckDbWarehouse.open(file);
  layer = await semanticLayerFor(model, w, { asOf: '2024-06-30' });
});
afterAll(async () => {
  await w.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a value in several dimensions', () => {
  it('is checked on the data: Leeds selects the same rows as town, county and shop town; York does not', () => {
    expect(layer.sameRows?.['leeds']?.[0]?.sort()).toEqual(['county', 'shop_town', 'town']);
    expect(layer.sameRows?.['york']?.some((g) => g.includes('county'))).toBe(false);
  });
  it('with one answer, it is answered', async () => {
    const r = await answerQuestion(layer, w, 'how many shops in Leeds');
    expect(r.status).toBe('done');
    expect(Object.values(r.rows[0]!).map(Number)).toEqual([2]);
  });
  it('a value synonym counts as the value it names: Selby the town and Selby the area SB are one answer', async () => {
    expect(layer.sameRows?.['selby']?.some((g) => g.includes('area') && g.includes('town'))).toBe(true);
    const r = await answerQuestion(layer, w, 'how many shops in Selby');
    expect(r.status).toBe('done');
    expect(Object.values(r.rows[0]!).map(Number)).toEqual([1]);
  });
  it('with two answers (the town York or its county), two readings compete', async () => {
    const r = await answerQuestion(layer, w, 'how many shops in York');
    expect(r.status).toBe('refused');
    expect(r.reason).toMatch(/Two readings compete/);
  });
});

/**
 * A small bakery warehouse of our own (a DuckDB file and its model) for the model editor's tests:
 * two dimensions, two dates (the delivery date holds no dates), two measures and a metric over them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

export const BAKERY_MODEL = `
name: bakery
entities:
  - name: sale
    table: sales
    primary_key: id
    synonyms: [sales]
dimensions:
  - name: branch
    entity: sale
    sql: \${TABLE}.branch
    label: Branch
  - name: till
    entity: sale
    sql: \${TABLE}.till
    label: Till
time_dimensions:
  - name: baked_on
    entity: sale
    sql: \${TABLE}.baked_on
    label: Bake date
  - name: delivered_on
    entity: sale
    sql: \${TABLE}.delivered_on
    label: Delivery date
measures:
  - name: loaves
    entity: sale
    agg: sum
    sql: \${TABLE}.qty
    label: Loaves
    time_dimension: baked_on
  - name: takings
    entity: sale
    agg: sum
    sql: \${TABLE}.amount
    label: Takings
    time_dimension: baked_on
metrics:
  - name: price_per_loaf
    expression: takings / loaves
    label: Price per loaf
defaults:
  time_dimension: baked_on
`;

/** Writes the bakery's DuckDB file and model into a new directory; returns their paths. */
export async function makeBakery(): Promise<{ dir: string; url: string; model: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-bakery-'));
  writeFileSync(join(dir, 'bakery.yaml'), BAKERY_MODEL);
  const db = await DuckDBInstance.create(join(dir, 'bakery.duckdb'));
  const c = await db.connect();
  await c.run(`CREATE TABLE sales (id INTEGER, branch VARCHAR, till VARCHAR, baked_on DATE, delivered_on DATE, qty INTEGER, amount DOUBLE);
    INSERT INTO sales VALUES (1, 'Harbour', 't1', DATE '2024-01-03', NULL, 10, 32.5), (2, 'Old Town', 't2', DATE '2024-01-04', NULL, 4, 14.0),
      (3, 'Harbour', 't1', DATE '2024-02-11', NULL, 7, 21.0)`);
  c.closeSync();
  db.closeSync();
  return { dir, url: `duckdb:${join(dir, 'bakery.duckdb')}`, model: join(dir, 'bakery.yaml') };
}

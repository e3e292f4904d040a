/**
 * Bootstrap rules for names, each on small DuckDB files of our own: camelCase names folded to lower
 * case by an unquoted DDL (`qzStore.qzStName` -> `qzstore.qzstname`) with a house prefix on every
 * table and column; tables that merely begin alike keep their names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { bootstrapModel, splitGlued } from '../../src/warehouse/introspect.js';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';
import type { SemanticModelInput } from '../../src/semantic/model.js';

let dir: string;
let folded: SemanticModelInput;
let alike: SemanticModelInput;

async function draft(file: string, ddl: string, name: string): Promise<SemanticModelInput> {
  const db = await DuckDBInstance.create(file);
  const c = await db.connect();
  await c.run(ddl);
  c.closeSync();
  db.closeSync();
  const w = await DuckDbWarehouse.open(file);
  try {
    return await bootstrapModel(w, { name });
  } finally {
    await w.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-boot-names-'));
  folded = await draft(
    join(dir, 'folded.duckdb'),
    `
    CREATE TABLE qzstore (qzstid VARCHAR PRIMARY KEY, qzstname VARCHAR, qzstregion VARCHAR, qzstopendate DATE);
    INSERT INTO qzstore VALUES ('S1', 'Harbour', 'North', DATE '2020-01-05'), ('S2', 'Mill', 'South', DATE '2021-03-01'), ('S3', 'Quay', 'North', DATE '2022-07-09');
    CREATE TABLE qzvisit (qzvsid VARCHAR PRIMARY KEY, qzvsstoreid VARCHAR, qzvsdatetime TIMESTAMP, qzvsamount DECIMAL(10,2), qzvsstatus VARCHAR);
    INSERT INTO qzvisit VALUES ('V1', 'S1', TIMESTAMP '2023-01-02 10:00', 12.5, 'paid'), ('V2', 'S1', TIMESTAMP '2023-01-03 11:00', 8.0, 'void'),
      ('V3', 'S2', TIMESTAMP '2023-02-01 09:30', 20.0, 'paid'), ('V4', 'S3', TIMESTAMP '2023-02-11 16:00', 5.0, 'paid');
    `,
    'folded',
  );
  alike = await draft(
    join(dir, 'alike.duckdb'),
    `
    CREATE TABLE product (id INTEGER, label VARCHAR, price DOUBLE);
    INSERT INTO product VALUES (1, 'Pen', 1.5), (2, 'Ink', 3.0);
    CREATE TABLE profile (id INTEGER, product_id INTEGER, handle VARCHAR);
    INSERT INTO profile VALUES (1, 1, 'a'), (2, 2, 'b');
    `,
    'alike',
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bootstrap names', () => {
  it('splits glued lower-case names at common word endings', () => {
    expect(splitGlued('joindate')).toEqual(['join', 'date']);
    expect(splitGlued('postalcode')).toEqual(['postal', 'code']);
    expect(splitGlued('isactive')).toEqual(['is', 'active']);
    expect(splitGlued('datetime')).toEqual(['date', 'time']);
    expect(splitGlued('update')).toEqual(['update']);
  });
  it('a house prefix on every table and column is dropped: entities are named by their words', () => {
    expect(folded.entities.map((e) => e.name).sort()).toEqual(['store', 'visit']);
    expect(folded.entities.find((e) => e.name === 'visit')?.table).toBe('qzvisit');
    expect(folded.entities.find((e) => e.name === 'visit')?.synonyms).toContain('visits');
  });
  it('a folded column is read without its table prefix: the region, the status, the amount', () => {
    const dims = Object.fromEntries(folded.dimensions!.map((d) => [d.sql, d]));
    expect(dims['${TABLE}.qzstregion']?.label).toBe('Region');
    expect(dims['${TABLE}.qzstname']?.name).toBe('store');
    expect(dims['${TABLE}.qzvsstatus']?.label).toMatch(/status$/i);
    const sum = folded.measures!.find((m) => m.agg === 'sum' && m.sql === '${TABLE}.qzvsamount');
    expect(sum?.label).toMatch(/amount$/i);
    const times = folded.time_dimensions!.map((t) => t.label);
    expect(times).toContain('Open date');
  });
  it('a folded foreign key joins to the table its words name', () => {
    const r = folded.relationships!.map((x) => `${x.from}.${x.on[0]![0]}->${x.to}.${x.on[0]![1]}`);
    expect(r).toEqual(['visit.qzvsstoreid->store.qzstid']);
  });
  it('tables that merely begin alike keep their names', () => {
    expect(alike.entities.map((e) => e.name).sort()).toEqual(['product', 'profile']);
    expect(alike.dimensions!.find((d) => d.sql?.endsWith('.handle'))?.label).toBe('Handle');
  });
});

/**
 * The draft profiles the data before it guesses: partitions fold into their parent, an empty table or
 * a date NULL in every row never dates anything or becomes the main fact, a thing is dated by its own
 * event (never a related person's birth date), members are labelled by a column that holds names,
 * enum columns are dimensions, and names keep their words (`last_update`; glued `unitcost`).
 * A rental shop in a real PostgreSQL 15 and a clinic in DuckDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { startPostgres, execSql, type TestPostgres } from '../../helpers/postgres.js';
import { openWarehouse } from '../../../src/warehouse/index.js';
import type { Warehouse } from '../../../src/warehouse/types.js';
import { bootstrapDraft, draftYaml, type BootstrapResult } from '../../../src/semantic/draft/index.js';
import { parseModel } from '../../../src/semantic/loader.js';
import { semanticLayerFor } from '../../../src/semantic/values.js';
import { answerQuestion } from '../../../src/eval/answer.js';

const byName = <T extends { name: string }>(xs: T[] | undefined) => Object.fromEntries((xs ?? []).map((x) => [x.name, x]));

describe('a rental shop in PostgreSQL: partitions, an enum, last_update, a birth date', () => {
  let pg: TestPostgres;
  let w: Warehouse;
  let draft: BootstrapResult;
  beforeAll(async () => {
    pg = await startPostgres();
    await execSql(pg.url, 'CREATE DATABASE shop');
    const url = pg.urlFor('shop');
    await execSql(
      url,
      `CREATE TYPE certificate AS ENUM ('U', 'PG', '12', '18');
       CREATE TABLE film (film_id int PRIMARY KEY, title text NOT NULL, certificate certificate NOT NULL, last_update timestamp NOT NULL);
       CREATE TABLE member (member_id int PRIMARY KEY, full_name text NOT NULL, birth_date date NOT NULL);
       CREATE TABLE rental (rental_id int NOT NULL, film_id int NOT NULL REFERENCES film, member_id int NOT NULL REFERENCES member, rented_on date NOT NULL, fee numeric(6,2) NOT NULL) PARTITION BY RANGE (rented_on);
       CREATE TABLE rental_2023 PARTITION OF rental FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
       CREATE TABLE rental_2024 PARTITION OF rental FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
       CREATE TABLE rental_2025 PARTITION OF rental FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
       CREATE TABLE fine (fine_id int PRIMARY KEY, member_id int REFERENCES member, charged_on date, amount numeric(6,2));
       CREATE TABLE fine_2019 () INHERITS (fine);
       INSERT INTO film VALUES (1, 'Harbour Lights', 'PG', '2024-02-01'), (2, 'Salt Road', '18', '2024-02-01'), (3, 'Paper Moons', 'U', '2024-03-01');
       INSERT INTO member VALUES (1, 'Ada Brook', '1970-05-01'), (2, 'Ben Hale', '1985-01-09');
       INSERT INTO rental SELECT g, 1 + g % 3, 1 + g % 2, DATE '2024-01-05' + g * 7, 3.50 FROM generate_series(1, 60) AS g;`,
    );
    w = await openWarehouse(url);
    draft = await bootstrapDraft(w, { name: 'shop' });
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await pg?.stop();
  });

  it('folds partitions and inheriting tables into their parent', () => {
    const tables = draft.model.entities.map((e) => e.table);
    expect(tables).toEqual(expect.arrayContaining(['rental', 'fine', 'film', 'member']));
    expect(tables.filter((t) => /_20\d\d$/.test(t ?? ''))).toEqual([]);
    expect(draft.notes['entities:rental']).toMatch(/rental_2023, rental_2024, rental_2025/);
  });

  it('dates the data by the fact that has rows and dates, and keeps the words of last_update', () => {
    expect(draft.fact).toBe('rental');
    expect(draft.model.as_of).toEqual({ latest: 'rented_on' });
    const times = byName(draft.model.time_dimensions);
    expect(times.last_update).toBeDefined();
    expect(times.last_up_date).toBeUndefined();
  });

  it('never dates members by their birth date', () => {
    const count = draft.model.measures!.find((m) => m.entity === 'member' && m.agg === 'count')!;
    expect(count.time_dimension).toBeUndefined();
    expect(count.time_bound).toBe(false);
  });

  it('drafts the enum column as a dimension that answers', async () => {
    const dim = draft.model.dimensions!.find((d) => d.entity === 'film' && /certificate/.test(d.sql ?? ''))!;
    expect(dim.sql).toBe('CAST(${TABLE}.certificate AS TEXT)');
    const layer = await semanticLayerFor(parseModel(draftYaml(draft.model, draft.notes, draft.undecided)), w);
    const r = await answerQuestion(layer, w, 'number of rentals by certificate');
    expect(r.status).toBe('done');
    expect(r.rows.map((x) => Object.values(x).map(String).join(' ')).sort()).toEqual(['18 20', 'PG 20', 'U 20']);
  });
});

describe('a clinic in DuckDB: an empty table, a date never filled in, NULL names, glued names', () => {
  let dir: string;
  let w: Warehouse;
  let draft: BootstrapResult;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-draft-profile-'));
    const file = join(dir, 'clinic.duckdb');
    const db = await DuckDBInstance.create(file);
    const c = await db.connect();
    await c.run(`
      CREATE TABLE insurer (insurer_id INTEGER PRIMARY KEY, company VARCHAR, first_name VARCHAR, last_name VARCHAR);
      INSERT INTO insurer VALUES (1, 'Northwell Mutual', NULL, NULL), (2, 'Keystone Health', NULL, NULL), (3, 'Aster Cover', NULL, NULL);
      CREATE TABLE visit (visit_id INTEGER PRIMARY KEY, insurer_id INTEGER REFERENCES insurer, visitdate DATE, discharged_on DATE, unitcost DECIMAL(8,2));
      INSERT INTO visit SELECT i, 1 + i % 3, DATE '2025-01-01' + CAST(i AS INTEGER), NULL, 40 + i FROM range(1, 40) t(i);
      CREATE TABLE visit_archive (archive_id INTEGER PRIMARY KEY, insurer_id INTEGER, archived_on DATE, note VARCHAR);
    `);
    c.closeSync();
    db.closeSync();
    w = await openWarehouse(`duckdb:${file}`);
    draft = await bootstrapDraft(w, { name: 'clinic' });
  });
  afterAll(async () => {
    await w?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('never picks the empty table as the main fact, nor a date NULL in every row', () => {
    expect(draft.fact).toBe('visit');
    expect(draft.model.as_of).toEqual({ latest: 'visit_date' });
    const times = draft.model.time_dimensions!.map((t) => t.name);
    expect(times).toContain('visit_date');
    expect(times.some((t) => /discharged/.test(t))).toBe(false);
    expect(draft.notes['skipped:visit.discharged_on']).toMatch(/NULL in every row/);
  });

  it('labels insurers by the company, not by first and last names that are all NULL', () => {
    const named = draft.model.dimensions!.find((d) => d.entity === 'insurer' && d.name === 'insurer')!;
    expect(named.sql).toBe('${TABLE}.company');
  });

  it('splits a glued name into its words by rule', () => {
    const sum = draft.model.measures!.find((m) => m.entity === 'visit' && m.agg === 'sum')!;
    expect(sum.label).toBe('Total unit cost');
  });
});

/**
 * Bootstrap rules learnt on unfamiliar databases, each on a small DuckDB file of our own (a food
 * guide): keys that also refer to another table, natural text keys, ratings with fractions, and
 * names that do not stand for their thing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { bootstrapModel } from '../../src/semantic/draft/index.js';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';
import type { SemanticModelInput } from '../../src/semantic/model.js';

let dir: string;
let model: SemanticModelInput;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-boot-rules-'));
  const file = join(dir, 'guide.duckdb');
  const db = await DuckDBInstance.create(file);
  const c = await db.connect();
  await c.run(`
    CREATE TABLE eatery (id INTEGER, title VARCHAR, rating DOUBLE, city_name VARCHAR);
    INSERT INTO eatery VALUES (1, 'Blue Door', 4.5, 'Leeds'), (2, 'Blue Door', 3.5, 'York'), (3, 'Green Fig', 4.0, 'Leeds'), (4, 'Olive', 2.5, 'Hull');
    CREATE TABLE premises (eatery_id INTEGER, street VARCHAR, floor_area DOUBLE);
    INSERT INTO premises VALUES (1, 'High St', 120.5), (2, 'Low Rd', 80.0), (3, 'Mill Ln', 95.0);
    CREATE TABLE area (city_name VARCHAR, county VARCHAR);
    INSERT INTO area VALUES ('Leeds', 'West Yorkshire'), ('York', 'North Yorkshire'), ('Hull', 'East Riding'), ('Ripon', 'North Yorkshire');
    CREATE TABLE critic (id INTEGER, name VARCHAR);
    INSERT INTO critic VALUES (1, 'Ann'), (2, 'Bo');
    CREATE TABLE review (id INTEGER, eatery_id INTEGER, critic_id INTEGER, score INTEGER);
    INSERT INTO review VALUES (1, 1, 1, 5), (2, 1, 2, 4), (3, 2, 1, 3), (4, 3, 2, 4), (5, 4, 1, 1);
    CREATE TABLE critic_badge (badge_code VARCHAR, label VARCHAR);
    INSERT INTO critic_badge VALUES ('G', 'Gourmet'), ('N', 'Newcomer');
    -- An empty link table whose name begins with the word of one table it links.
    CREATE TABLE critic_critic_badge (critic_id INTEGER, badge_code VARCHAR);
  `);
  c.closeSync();
  db.closeSync();
  const w = await DuckDbWarehouse.open(file);
  try {
    model = await bootstrapModel(w, { name: 'guide' });
  } finally {
    await w.close();
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rels = () =>
  (model.relationships ?? []).map((r) => `${r.from}.${r.on.map((p) => p[0]).join('+')}->${r.to}.${r.on.map((p) => p[1]).join('+')}`).sort();

describe('bootstrap rules from unfamiliar databases', () => {
  it("a table keyed by another table's id (a one-to-one extension) still joins to it", () => {
    const pk = Object.fromEntries(model.entities.map((e) => [e.name, e.primary_key]));
    expect(pk.premises).toBe('eatery_id');
    expect(rels()).toContain('premises.eatery_id->eatery.id');
  });
  it('an empty link table named after one of the tables it links is keyed by both keys and joins to both (by name, noted)', () => {
    const link = model.entities.find((e) => e.name === 'critic_critic_badge');
    expect(link?.primary_key).toEqual(['critic_id', 'badge_code']);
    expect(rels()).toContain('critic_critic_badge.critic_id->critic.id');
    expect(rels()).toContain('critic_critic_badge.badge_code->critic_badge.badge_code');
  });
  it("a text column named as another table's single key joins to it when every value is there, one way only", () => {
    expect(rels()).toContain('eatery.city_name->area.city_name');
    expect(rels().filter((r) => r.startsWith('area.'))).toEqual([]);
  });
  it('a rating with fractions is averaged (its bare name is the average), not a category', () => {
    const avg = model.measures!.find((m) => m.agg === 'avg' && m.sql?.includes('rating'));
    expect(avg?.entity).toBe('eatery');
    expect(avg?.synonyms).toContain('rating');
    expect(model.dimensions!.some((d) => d.sql?.endsWith('.rating'))).toBe(false);
  });
  it("a whole-number score is a category and is averaged too; its bare name stays the category's", () => {
    const dim = model.dimensions!.find((d) => d.sql?.endsWith('.score'));
    const avg = model.measures!.find((m) => m.agg === 'avg' && m.sql?.endsWith('.score'));
    expect(dim?.label).toBe('Score');
    expect(avg?.label).toBe('Average score');
    expect(avg?.synonyms).not.toContain('score');
  });
  it('a name shared by two things does not stand for them: it is "<thing> title", never a bare "title"', () => {
    const title = model.dimensions!.find((d) => d.sql?.endsWith('.title'));
    expect(title?.name).toBe('eatery_title');
    expect(title?.label).toBe('Eatery title');
    expect(title?.synonyms).not.toContain('title');
    expect(model.dimensions!.some((d) => d.name === 'eatery')).toBe(false);
    // a unique name still names its thing
    expect(model.dimensions!.find((d) => d.name === 'critic')?.sql).toMatch(/name$/);
  });
  it('a `<thing>_name` column of another table is that thing ("city" for city_name), unless a table is that thing', () => {
    const city = model.dimensions!.find((d) => d.entity === 'eatery' && d.sql?.endsWith('.city_name'));
    expect(city?.synonyms).toContain('city');
  });
});

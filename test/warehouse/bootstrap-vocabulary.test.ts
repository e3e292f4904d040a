/**
 * Words the bootstrap drafts for things and figures, on a small DuckDB file of our own: a table named
 * with a trailing participle (`refunds_issued`: "refunds issued", never "refunds issueds"); "signups"
 * for people counted by the day they joined (or, for members with no such date, the day their record
 * was created); "revenue" for the one sum of money of the one table of sales; glued `firstname` /
 * `lastname`; capacity as an amount; money columns of one thing that end alike ("the cost of economy
 * tickets"); a figure said of its thing ("average boat length").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { bootstrapDraft, draftYaml, isParticiple, pluralPhrase } from '../../src/semantic/draft/index.js';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';
import type { SemanticModelInput } from '../../src/semantic/model.js';
import { parseModel } from '../../src/semantic/loader.js';
import { semanticLayerFor, type SemanticLayer } from '../../src/semantic/values.js';
import { answerQuestion } from '../../src/eval/answer.js';

let dir: string;
let w: DuckDbWarehouse;
let model: SemanticModelInput;
let yaml: string;
let layer: SemanticLayer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-boot-vocab-'));
  const file = join(dir, 'marina.duckdb');
  const db = await DuckDBInstance.create(file);
  const c = await db.connect();
  await c.run(`
    CREATE TABLE members (id INTEGER PRIMARY KEY, firstname VARCHAR, lastname VARCHAR, town VARCHAR, joined_on DATE);
    INSERT INTO members VALUES (1, 'Ada', 'Lark', 'Leeds', DATE '2023-01-10'), (2, 'Bo', 'Finch', 'Leeds', DATE '2023-02-11'),
      (3, 'Cy', 'Wren', 'York', DATE '2023-02-20'), (4, 'Di', 'Swift', 'Hull', DATE '2023-03-01');
    CREATE TABLE boats (id INTEGER PRIMARY KEY, member_id INTEGER, kind VARCHAR, capacity INTEGER, length_m DOUBLE);
    INSERT INTO boats VALUES (1, 1, 'yacht', 8, 12.0), (2, 2, 'yacht', 6, 14.0), (3, 3, 'dinghy', 2, 3.5), (4, 4, 'barge', 12, 20.0);
    CREATE TABLE sales (id INTEGER PRIMARY KEY, member_id INTEGER, sale_date DATE, sale_price DECIMAL(10,2));
    INSERT INTO sales VALUES (1, 1, DATE '2023-04-01', 100.00), (2, 1, DATE '2023-04-03', 50.00), (3, 3, DATE '2023-05-01', 75.00);
    CREATE TABLE refunds_issued (id INTEGER PRIMARY KEY, sale_id INTEGER, issued_date DATE, refund_amount DECIMAL(10,2), refund_method VARCHAR);
    INSERT INTO refunds_issued VALUES (1, 1, DATE '2023-04-05', 20.00, 'card'), (2, 2, DATE '2023-04-06', 5.00, 'card'), (3, 3, DATE '2023-05-02', 7.50, 'cash');
    CREATE TABLE crews (id INTEGER PRIMARY KEY, name VARCHAR, shift_date DATE, hire_date DATE);
    INSERT INTO crews VALUES (1, 'Ann', DATE '2023-01-01', DATE '2021-03-01'), (2, 'Bob', DATE '2023-01-02', DATE '2022-05-01'), (3, 'Cat', DATE '2023-01-03', DATE '2022-07-01');
    CREATE TABLE tickets (id INTEGER PRIMARY KEY, route VARCHAR, economy_cost INTEGER, business_cost INTEGER);
    INSERT INTO tickets VALUES (1, 'north', 40, 90), (2, 'north', 45, 100), (3, 'south', 30, 70);
  `);
  c.closeSync();
  db.closeSync();
  w = await DuckDbWarehouse.open(file);
  const d = await bootstrapDraft(w, { name: 'marina' });
  model = d.model;
  yaml = draftYaml(d.model, d.notes, d.undecided);
  layer = await semanticLayerFor(parseModel(yaml), w, { asOf: '2023-06-30' });
});
afterAll(async () => {
  await w.close();
  rmSync(dir, { recursive: true, force: true });
});

const measure = (name: string) => model.measures!.find((m) => m.name === name)!;
const ask = async (q: string) => {
  const r = await answerQuestion(layer, w, q);
  return r.status === 'done' ? r.rows.map((row) => Object.values(row).map(String).join(' ')).sort() : [`${r.status}: ${r.reason}`];
};

describe('a table named with a trailing participle', () => {
  it('is plural by its head noun: "refunds issued", "refund issued"', () => {
    expect(isParticiple('issued')).toBe(true);
    expect(isParticiple('received')).toBe(true);
    expect(isParticiple('seed')).toBe(false);
    expect(pluralPhrase('refund issued')).toBe('refunds issued');
    expect(pluralPhrase('ticket')).toBe('tickets');
    const count = model.measures!.find((m) => m.entity === 'refunds_issued' && m.agg === 'count')!;
    expect(count.label).toBe('Refunds issued');
    expect(count.synonyms).toContain('number of refunds issued');
    expect(JSON.stringify(model)).not.toMatch(/issueds/);
    expect(model.entities.find((e) => e.name === 'refunds_issued')!.synonyms).toEqual(['refund issued']);
  });
  it('"how many refunds issued" counts them; "the total amount of refunds issued" adds up their amount', async () => {
    expect(await ask('how many refunds issued')).toEqual(['3']);
    expect(await ask('the total amount of refunds issued by refund method')).toEqual(['card 25', 'cash 7.5']);
  });
});

describe('signups', () => {
  it('the members counted by the day they joined, commented', () => {
    const count = measure('members_count');
    expect(count.time_dimension).toBe('joined_on');
    expect(count.synonyms).toEqual(expect.arrayContaining(['member signups', 'signups', 'sign-ups', 'number of signups']));
    expect(yaml).toMatch(/"signups": the date each one joined/);
  });
  it('are answered by town and by month', async () => {
    expect(await ask('member signups by town')).toEqual(['Hull 1', 'Leeds 2', 'York 1']);
    expect(await ask('how many sign-ups in February 2023')).toEqual(['2']);
    // the verbs name that date
    expect(await ask('number of members who joined in February 2023')).toEqual(['2']);
    expect(await ask('how many members signed up in 2023 by town')).toEqual(['Hull 1', 'Leeds 2', 'York 1']);
  });
});

describe('revenue, capacity, qualified money, a figure of its thing', () => {
  it('"revenue" is the one sum of money of the one table of sales', async () => {
    expect(measure('total_sale_price').synonyms).toEqual(expect.arrayContaining(['revenue', 'total revenue']));
    expect(yaml).toMatch(/"revenue": the one sum of money of sales/);
    expect(await ask('total revenue')).toEqual(['225']);
  });
  it('capacity is an amount: summed and averaged, not a category', async () => {
    expect(model.dimensions!.some((d) => d.name === 'capacity')).toBe(false);
    expect(await ask('total capacity of boats by kind')).toEqual(['barge 12', 'dinghy 2', 'yacht 14']);
  });
  it('"the cost of economy tickets": money columns of one thing that end alike', async () => {
    expect(await ask('total cost of business tickets by route')).toEqual(['north 190', 'south 70']);
    expect(await ask('average cost of economy tickets')).toEqual(['38.333333333333336']);
  });
  it('"average boat length", and its unit after a ranking', async () => {
    expect(await ask('top 1 kind by average boat length in metres')).toEqual(['barge 20']);
  });
  it('a date named by a verb is also its participle: "crews hired in 2022"', async () => {
    expect(model.time_dimensions!.find((t) => t.name === 'hire_date')?.synonyms).toContain('hired');
    // (the crews are dated by their shift date: the verb moves the period to the hire date)
    expect((await ask('how many crews in 2022'))[0]).toMatch(/^no_data/);
    expect(await ask('how many crews hired in 2022')).toEqual(['2']);
  });
  it('glued first and last names are first and last names', () => {
    expect(model.dimensions!.find((d) => d.name === 'firstname')?.label).toBe('First name');
    expect(model.dimensions!.find((d) => d.name === 'lastname')?.label).toBe('Last name');
  });
});

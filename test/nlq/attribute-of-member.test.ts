/**
 * "The population of the capital of Ontario": an attribute named a few words before a value of its
 * own thing ("capital", Ontario a province) asks for what that attribute holds — a lookup not read
 * here — and is never excused as naming the value's thing (before: the province's own population was
 * answered, "capital" dropped). The value's own column or the thing's naming column beside it still
 * names the value ("the province of Ontario", "customers in the BUILDING market segment"). Our own
 * provinces database (bootstrapped DuckDB) and TPC-H.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';
import { ask } from './helpers.js';

describe('an attribute of a member named by a value', () => {
  const db = bootstrappedDuckdb(
    'provinces',
    `CREATE TABLE province (province_name VARCHAR PRIMARY KEY, capital VARCHAR, population INTEGER, area DOUBLE);
     INSERT INTO province VALUES ('Ontario', 'Toronto', 14000000, 1076395), ('Quebec', 'Quebec City', 8500000, 1542056), ('Manitoba', 'Winnipeg', 1300000, 647797);
     CREATE TABLE town (town_name VARCHAR, population INTEGER, province_name VARCHAR REFERENCES province(province_name));
     INSERT INTO town VALUES ('Toronto', 2800000, 'Ontario'), ('Ottawa', 1000000, 'Ontario'), ('Winnipeg', 750000, 'Manitoba'), ('Quebec City', 540000, 'Quebec');`,
  );

  it('never drops the attribute: refused (was the province population)', async () => {
    expect((await db.ask('what is the population of the capital of Ontario'))[0]).toMatch(/^refused/);
    expect((await db.ask('how many people are in the capital of Manitoba'))[0]).toMatch(/^refused/);
  });

  it('the value with its own thing named still reads', async () => {
    expect(await db.ask('what is the population of the province of Ontario')).toEqual(['14000000']);
    expect(await db.ask('what is the capital of Quebec')).toEqual(['Quebec City']);
  });

  it('on TPC-H: an attribute of orders beside an order priority is not dropped', () => {
    expect(ask('total revenue of the clerk of 1-URGENT orders').kind).not.toBe('query');
    expect(ask('total revenue of the 1-URGENT order priority')).toMatchObject({
      kind: 'query',
      query: { filters: [{ dimension: 'order_priority', values: ['1-URGENT'] }] },
    });
  });
});

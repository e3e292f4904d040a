/**
 * Leaving rows out, in a question and in follow-ups: the words between a negation and its value
 * ("except the ones from", "excluding anything in", "excluding customers in") belong to the
 * negation, never a figure of their own; "and X too" after a question that named or left out values
 * of a dimension adds X to them ("for Europe" → Europe and Asia; "leave out Europe" → both left out),
 * while "instead" still replaces. Two vocabularies: TPC-H, a retailer drafted from its own database
 * and a bakery's deliveries.
 */
import { describe, expect, it } from 'vitest';
import type { SemanticQuery } from '../../src/semantic/query.js';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';
import { askBakery } from './bakery-fixture.js';
import { q } from './helpers.js';

const within = (query: SemanticQuery) => query.filters.map((f) => `${f.dimension} ${f.op} ${f.values.join(',')}`);

describe('the rows a negation leaves out, however they are named', () => {
  it('TPC-H: "the ones", "anything", or the thing whose rows the value picks', () => {
    for (const question of [
      'orders in 1995 excluding the ones from the BUILDING segment',
      'orders in 1995 except anything in the BUILDING segment',
      'orders in 1995 excluding customers in the BUILDING segment',
      'orders in 1995 but not those of customers from the BUILDING segment',
    ]) {
      const query = q(question);
      expect(query.metrics, question).toEqual(['orders']);
      expect(within(query), question).toEqual(['market_segment ne BUILDING']);
    }
    // a thing named before the negation is still what is counted
    expect(q('how many customers are not in the BUILDING segment').metrics).toEqual(['customers']);
  });

  describe('a retailer, drafted from its own tables', () => {
    const shop = bootstrappedDuckdb(
      'retail-exclusion',
      `CREATE TABLE cities (city_id INTEGER PRIMARY KEY, city_name VARCHAR);
       INSERT INTO cities VALUES (1, 'Leeds'), (2, 'York');
       CREATE TABLE stores (store_id INTEGER PRIMARY KEY, store_name VARCHAR, city_id INTEGER REFERENCES cities(city_id));
       INSERT INTO stores VALUES (1, 'North Arcade', 1), (2, 'Canal Yard', 1), (3, 'Minster Gate', 2);
       CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, store_id INTEGER REFERENCES stores(store_id), amount DECIMAL(10,2));
       INSERT INTO sales VALUES (1, 1, 10), (2, 1, 20), (3, 1, 5), (4, 2, 50), (5, 3, 70), (6, 3, 80), (7, 3, 90);`,
    );

    it('the sales of every store but those in York: Leeds only, one figure', async () => {
      expect(await shop.ask('total sales amount excluding stores in York')).toEqual(['85']);
      expect(await shop.ask('total sales amount except the ones from York')).toEqual(['85']);
    });
  });
});

describe('"and X too": a follow-up adds to the values the previous question named or left out', () => {
  it('TPC-H: named regions grow, left-out regions grow, "instead" replaces', () => {
    const europe = q('revenue by region in 1996 for europe');
    expect(within(q('and asia too', europe))).toEqual(['region in EUROPE,ASIA']);
    expect(within(q('what about asia as well', europe))).toEqual(['region in EUROPE,ASIA']);
    expect(within(q('show asia instead', europe))).toEqual(['region eq ASIA']);

    const notEurope = q('leave out europe', q('revenue by region in 1996'));
    expect(within(notEurope)).toEqual(['region ne EUROPE']);
    const notTwo = q('and asia too', notEurope);
    expect(within(notTwo)).toEqual(['region not_in EUROPE,ASIA']);
    expect(within(q('exclude africa as well', notTwo))).toEqual(['region not_in EUROPE,ASIA,AFRICA']);
  });

  it('a bakery: one van, then the other too', () => {
    const blue = askBakery('loaves delivered by the Blue van in 2023');
    if (blue.kind !== 'query') throw new Error(blue.reason);
    expect(within(blue.query)).toEqual(['van eq Blue']);
    const both = askBakery('and the Red van too', blue.query);
    if (both.kind !== 'query') throw new Error(both.reason);
    expect(within(both.query)).toEqual(['van in Blue,Red']);
    expect(both.query.metrics).toEqual(['loaves']);
  });
});

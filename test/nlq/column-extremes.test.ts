/**
 * The first or last value of one column of a thing: "the earliest order date", "the most recent
 * adoption date", "the maximum name" (a text in its sort order). One value, the rows' own conditions
 * applied; never a ranking of members by a default figure. Two extremes at once are refused. Our own
 * wordings on TPC-H and a drafted shelter database.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';
import { ask, q } from './helpers.js';

describe('the first or last value of a date or text column', () => {
  const shelter = bootstrappedDuckdb(
    'shelter-extremes',
    `CREATE TABLE adoptions (adoption_id INTEGER PRIMARY KEY, pet_name VARCHAR, shelter_town VARCHAR, adoption_date DATE, fee DECIMAL(8,2));
     INSERT INTO adoptions VALUES (1, 'Biscuit', 'Leeds', '2022-03-14', 80), (2, 'Pepper', 'York', '2021-11-02', 35),
       (3, 'Moss', 'Leeds', '2023-07-30', 120), (4, 'Juniper', 'York', '2023-01-09', 35);`,
  );

  it('TPC-H: an order date, a ship date, with a condition on the rows', () => {
    const first = q('what is the earliest order date');
    expect(first.group_by).toEqual([{ dimension: 'order_date', grain: 'day' }]);
    expect(first.order).toEqual([{ by: 'order_date', direction: 'asc' }]);
    expect(first.limit).toBe(1);
    expect(first.metrics).toEqual([]);
    expect(q('the most recent ship date of line items').order).toEqual([{ by: 'ship_date', direction: 'desc' }]);
    const held = q('the latest order date of orders with status F');
    expect(held.filters).toContainEqual({ dimension: 'order_status', op: 'eq', values: ['F'] });
    expect(held.order).toEqual([{ by: 'order_date', direction: 'desc' }]);
  });

  it('TPC-H: "the minimum customer name" is the first name in sort order, never a ranking by revenue', () => {
    const r = q('the minimum customer name');
    expect(r.metrics).toEqual([]);
    expect(r.group_by).toEqual([{ dimension: 'customer' }]);
    expect(r.order).toEqual([{ by: 'customer', direction: 'asc' }]);
  });

  it('a drafted shelter: dates and names, with a value condition', async () => {
    // (where the general rules read the date as the member holding it, the adoption is named beside it)
    const dateOf = async (question: string) => (await shelter.ask(question)).map((r) => r.split(' ').at(-1));
    expect(await dateOf('when was the earliest adoption date')).toEqual(['2021-11-02']);
    expect(await dateOf('what is the latest adoption date')).toEqual(['2023-07-30']);
    expect(await dateOf('the most recent adoption date in Leeds')).toEqual(['2023-07-30']);
    expect(await dateOf('the first adoption date of adoptions in York')).toEqual(['2021-11-02']);
    expect(await shelter.ask('the maximum pet name')).toEqual(['Pepper']);
    expect(await shelter.ask('what is the minimum shelter town')).toEqual(['Leeds']);
  });

  it('refuses two extremes at once and a period it does not read', async () => {
    expect(ask('the earliest and latest order dates').kind).not.toBe('query');
    expect((await shelter.ask('the earliest and the latest adoption date'))[0]).toMatch(/^refused/);
    // a size word said of a text is no sort order ("the largest town" is about size)
    expect((await shelter.ask('the largest pet name'))[0]).not.toBe('Pepper');
    const biggest = ask('the biggest customer name');
    expect(biggest.kind === 'query' && biggest.query.order.some((o) => o.by === 'customer')).toBe(false);
  });
});

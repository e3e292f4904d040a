/**
 * Years written with two digits after an apostrophe ("in '97") are read as the year nearest the
 * data's today, in two vocabularies: TPC-H (today 1998) and a bakery's deliveries (today 2024).
 * A decade ("the '90s") is not a year.
 */
import { describe, expect, it } from 'vitest';
import { expandShortYears } from '../../src/nlq/time.js';
import { askBakery } from './bakery-fixture.js';
import { q } from './helpers.js';

describe("two-digit years ('97)", () => {
  it('TPC-H: the year nearest the data, alone or after a quarter', () => {
    expect(q("revenue in '97").time_range).toMatchObject({ start: '1997-01-01', end: '1998-01-01' });
    expect(q("number of orders by month for '95").time_range).toMatchObject({ start: '1995-01-01', end: '1996-01-01' });
    expect(q("revenue in Q3 '96").time_range).toMatchObject({ start: '1996-07-01', end: '1996-10-01' });
  });

  it('a bakery whose data runs to 2024: the same words, another century when nearer', () => {
    const read = (question: string) => {
      const r = askBakery(question);
      if (r.kind !== 'query') throw new Error(`${question}: ${r.kind} ${r.reason}`);
      return r.query;
    };
    expect(read("loaves delivered in '19").time_range).toMatchObject({ start: '2019-01-01', end: '2020-01-01' });
    expect(read("loaves by van in '98").time_range).toMatchObject({ start: '1998-01-01', end: '1999-01-01' });
  });

  it('time units and words written short (yr, qtr, acct, mkt, rev), in both vocabularies', () => {
    expect(q('rev by nation last yr').time_range).toMatchObject({ start: '1997-01-01', end: '1998-01-01' });
    expect(q('avg acct balance of suppliers by nation').metrics).toEqual(['average_supplier_account_balance']);
    expect(q('orders by mkt segment this qtr').group_by).toEqual([{ dimension: 'market_segment' }]);
    const r = askBakery('loaves by van last yr');
    expect(r.kind === 'query' && r.query.time_range).toMatchObject({ start: '2023-01-01', end: '2024-01-01' });
  });

  it('a month or quarter and two digits that cannot be a day: a year ("march 98", "q3 97")', () => {
    expect(q('units sold in march 98').time_range).toMatchObject({ start: '1998-03-01', end: '1998-04-01' });
    expect(q('orders in q3 95').time_range).toMatchObject({ start: '1995-07-01', end: '1995-10-01' });
    // "march 15" may be a day: not read as a year
    expect(expandShortYears('revenue in march 15', '1998-08-02')).toBe('revenue in march 15');
  });

  it('a decade, a quoted word or a number that is not after an apostrophe is left alone', () => {
    expect(expandShortYears("sales in the '90s", '1998-08-02')).toBe("sales in the '90s");
    expect(expandShortYears("the 'gold' customers", '1998-08-02')).toBe("the 'gold' customers");
    expect(expandShortYears('top 97 customers', '1998-08-02')).toBe('top 97 customers');
    expect(expandShortYears("names containing '50%'", '1998-08-02')).toBe("names containing '50%'");
  });
});

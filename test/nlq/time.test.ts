import { describe, expect, it } from 'vitest';
import { findTimeExpressions, OPEN_START } from '../../src/nlq/time.js';
import { ask, q } from './helpers.js';

const TODAY = '1998-08-02';
const range = (text: string) => {
  const hits = findTimeExpressions(text.toLowerCase(), TODAY);
  expect(hits.length, text).toBe(1);
  return [hits[0].range.start, hits[0].range.end];
};

describe('time expressions against as_of 1998-08-02 (end exclusive)', () => {
  const cases: [string, string, string][] = [
    ['sales during 1994', '1994-01-01', '1995-01-01'],
    ['1993 orders', '1993-01-01', '1994-01-01'],
    ['Q2 1995', '1995-04-01', '1995-07-01'],
    ['1995 q4', '1995-10-01', '1996-01-01'],
    ['the second quarter of 1997', '1997-04-01', '1997-07-01'],
    ['in April 1996', '1996-04-01', '1996-05-01'],
    ['for sep 1994', '1994-09-01', '1994-10-01'],
    ['from January to April 1995', '1995-01-01', '1995-05-01'],
    ['between 1993 and 1995', '1993-01-01', '1996-01-01'],
    ['from 1994 to 1995', '1994-01-01', '1996-01-01'],
    ['since 1997', '1997-01-01', '1998-08-03'],
    // a bare "from" says where a thing comes from: that period itself; "on/onwards" opens it to today
    ['orders from 1996', '1996-01-01', '1997-01-01'],
    ['parts shipped from March 1997', '1997-03-01', '1997-04-01'],
    ['orders from 1996 onwards', '1996-01-01', '1998-08-03'],
    ['revenue from 1997 on', '1997-01-01', '1998-08-03'],
    ['before 1993', OPEN_START, '1993-01-01'],
    ['after March 3, 1997', '1997-03-04', '1998-08-03'],
    ['on or after March 3, 1997', '1997-03-03', '1998-08-03'],
    ['on or before March 3, 1997', OPEN_START, '1997-03-04'],
    ['last year', '1997-01-01', '1998-01-01'],
    ['the previous year', '1997-01-01', '1998-01-01'],
    ['the year before last', '1996-01-01', '1997-01-01'],
    ['this year', '1998-01-01', '1998-08-03'],
    ['year to date', '1998-01-01', '1998-08-03'],
    ['YTD', '1998-01-01', '1998-08-03'],
    ['last quarter', '1998-04-01', '1998-07-01'],
    ['this quarter', '1998-07-01', '1998-08-03'],
    ['last month', '1998-07-01', '1998-08-01'],
    ['this month', '1998-08-01', '1998-08-03'],
    ['over the last 3 months', '1998-05-01', '1998-08-01'],
    ['past six months', '1998-02-01', '1998-08-01'],
    ['the last 7 days', '1998-07-27', '1998-08-03'],
    ['last 2 years', '1996-01-01', '1998-01-01'],
    ['first half of 1997', '1997-01-01', '1997-07-01'],
    ['on 1996-02-29', '1996-02-29', '1996-03-01'],
    ['today', '1998-08-02', '1998-08-03'],
  ];
  for (const [text, start, end] of cases) {
    it(text, () => expect(range(text)).toEqual([start, end]));
  }

  it('does not read quantities as years', () => {
    expect(findTimeExpressions('customers with more than 2000 orders', TODAY)).toEqual([]);
    expect(findTimeExpressions('top 1995', TODAY)).toEqual([]);
  });

  it('a month name that is also a word needs a preposition or a year', () => {
    expect(findTimeExpressions('what may revenue be', TODAY)).toEqual([]);
    expect(range('revenue in may')).toEqual(['1998-05-01', '1998-06-01']);
  });

  it('a far-future year still compiles (no data is decided by execution)', () => {
    const query = q('sales in 2040');
    expect(query.time_range).toMatchObject({ start: '2040-01-01', end: '2041-01-01' });
  });

  it('the label keeps how the question named the period', () => {
    expect(q('turnover last quarter').time_range?.label).toBe('last quarter');
    expect(q('orders in Q1 1997').time_range?.label?.toLowerCase()).toBe('q1 1997');
  });

  it('two periods of one kind compared: the later is current, the earlier the comparison', () => {
    const query = q('sales 1994 versus 1995');
    expect(query.time_range).toMatchObject({ start: '1995-01-01', end: '1996-01-01' });
    expect(query.comparison?.previous).toMatchObject({ start: '1994-01-01', end: '1995-01-01' });
    expect(query.group_by).toEqual([]);
  });
  it('several periods without a comparison word are spanned and broken down', () => {
    const query = q('sales in 1994 and 1995');
    expect(query.time_range).toMatchObject({ start: '1994-01-01', end: '1996-01-01' });
    expect(query.group_by).toEqual([{ dimension: 'order_date', grain: 'year' }]);
  });
});

describe('periods counted back from today or from a named period (as of Sunday 1998-08-02)', () => {
  const cases: [string, string, string][] = [
    // N units ago: the calendar period of that unit N units back
    ['members who joined 2 years ago', '1996-01-01', '1997-01-01'],
    ['a year ago', '1997-01-01', '1998-01-01'],
    ['three months ago', '1998-05-01', '1998-06-01'],
    ['2 quarters ago', '1998-01-01', '1998-04-01'],
    ['1 week ago', '1998-07-20', '1998-07-27'],
    ['4 days ago', '1998-07-29', '1998-07-30'],
    // calendar months back: from the start of the month N back through today
    ['in the past 6 calendar months', '1998-02-01', '1998-08-03'],
    ['over the last 2 calendar years', '1996-01-01', '1998-08-03'],
    // from today: rolling
    ['within the last 6 months from today', '1998-02-02', '1998-08-03'],
    ['the past 1 year from today', '1997-08-02', '1998-08-03'],
    // restated periods
    ['in the whole of the previous ISO week not including the current week', '1998-07-20', '1998-07-27'],
    ['the whole of last month', '1998-07-01', '1998-08-01'],
    ['this iso week', '1998-07-27', '1998-08-03'],
    ['last quarter, excluding the current quarter', '1998-04-01', '1998-07-01'],
    ['between Jan 1, 1997 and Mar 31, 1997 (inclusive of start and end dates)', '1997-01-01', '1997-04-01'],
    ['from 1995-02-01 to 1995-02-10 inclusive', '1995-02-01', '1995-02-11'],
    ['between 1994 and 1995, both inclusive', '1994-01-01', '1996-01-01'],
    // a period moved by N units as coarse as its own
    ['exactly 2 months after March 1997', '1997-05-01', '1997-06-01'],
    ['one quarter before Q1 1997', '1996-10-01', '1997-01-01'],
    ['a year before Q2 1996', '1995-04-01', '1995-07-01'],
    ['3 days before 1997-03-10', '1997-03-07', '1997-03-08'],
    ['exactly 1 month after 1996-01-31', '1996-02-29', '1996-03-01'],
    ['2 weeks after last week', '1998-08-03', '1998-08-10'],
  ];
  for (const [text, start, end] of cases) {
    it(text, () => {
      const hits = findTimeExpressions(text.toLowerCase(), TODAY);
      expect(hits.length, text).toBe(1);
      // the whole expression is read: no word of it is left over
      expect(
        text
          .toLowerCase()
          .slice(hits[0].from, hits[0].to)
          .replace(/^members who joined /, ''),
      ).toBe(text.toLowerCase().replace(/^members who joined /, ''));
      expect([hits[0].range.start, hits[0].range.end]).toEqual([start, end]);
    });
  }

  it('a finer unit than the period, or a span before a period, is not read as a period moved', () => {
    for (const text of ['orders 2 days before March 1997', 'the 3 months before March 1997', 'top 2 years before 1997']) {
      const hits = findTimeExpressions(text.toLowerCase(), TODAY);
      expect(
        hits.map((h) => h.range.label),
        text,
      ).toEqual([text.toLowerCase().match(/march 1997|1997$/)![0]]);
    }
    expect(ask('revenue 2 days after March 1997')).toMatchObject({ kind: 'out_of_scope', unconsumed: expect.arrayContaining(['after']) });
    expect(ask('revenue in the 3 months before 1997')).toMatchObject({ kind: 'out_of_scope' });
    // a day moved by a week: that day, or the week after it? Only "exactly" says the day
    expect(ask('revenue a week after 1997-03-03')).toMatchObject({ kind: 'out_of_scope' });
  });

  it('a restatement that does not hold, or an exclusive range, stays unread', () => {
    // the last 3 months end before today: "including today" would change them
    expect(ask('revenue in the last 3 months including today')).toMatchObject({
      kind: 'out_of_scope',
      unconsumed: expect.arrayContaining(['including']),
    });
    // "not including today" after the last 7 days: the 7 whole days before today
    expect(q('revenue in the last 7 days not including today').time_range).toMatchObject({ start: '1998-07-26', end: '1998-08-02' });
    expect(ask('revenue between 1995-01-01 and 1995-03-31 exclusive')).toMatchObject({ kind: 'out_of_scope' });
    expect(ask('revenue between 1995 and 1996 (inclusive')).toMatchObject({ kind: 'out_of_scope' });
    // an ISO year is not the calendar year
    expect(ask('revenue last iso year')).toMatchObject({ kind: 'out_of_scope' });
  });

  it('the periods reach the query', () => {
    expect(q('revenue 2 years ago').time_range).toMatchObject({ start: '1996-01-01', end: '1997-01-01', label: '2 years ago' });
    expect(q('number of orders in the whole of the previous week not including the current week').time_range).toMatchObject({
      start: '1998-07-20',
      end: '1998-07-27',
    });
  });
});

describe('dating by shipping or receipt', () => {
  it('shipping words date by the ship date', () => {
    const query = q('units shipped during 1995');
    expect(query.metrics).toEqual(['units_sold']);
    expect(query.time_range).toMatchObject({ dimension: 'ship_date', start: '1995-01-01' });
  });
  it('receipt words date by the receipt date, also for the time breakdown', () => {
    const query = q('sales delivered in 1996 per month');
    expect(query.time_range?.dimension).toBe('receipt_date');
    expect(query.group_by).toEqual([{ dimension: 'receipt_date', grain: 'month' }]);
  });
  it('by default the period is left to each metric (order date)', () => {
    expect(q('sales in 1996').time_range?.dimension).toBeUndefined();
  });
});

describe('periods after the data', () => {
  it('"since" a future year is an empty period, never an inverted one', () => {
    const query = q('sales since 2050');
    expect(query.time_range!.start <= query.time_range!.end).toBe(true);
    expect(query.time_range).toMatchObject({ start: '2050-01-01', end: '2050-01-01' });
  });
});

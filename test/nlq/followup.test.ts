import { describe, expect, it } from 'vitest';
import { ask, q, session } from './helpers.js';

describe('follow-up fragments modify the previous query', () => {
  it('a new period replaces the old one', () => {
    const s = session('gross sales per segment in 1994', 'and 1996?');
    expect(s).toMatchObject({ metrics: ['gross_sales'], group_by: [{ dimension: 'market_segment' }] });
    expect(s.time_range).toMatchObject({ start: '1996-01-01', end: '1997-01-01' });
  });
  it('"what about <period>" is a follow-up and says so', () => {
    const prev = q('units sold by ship mode in 1993');
    const r = ask('what about last year?', prev);
    expect(r.kind === 'query' && r.followUp).toBe(true);
    if (r.kind === 'query') expect(r.query.time_range).toMatchObject({ start: '1997-01-01', end: '1998-01-01' });
  });
  it('"only for <value>" adds a filter', () => {
    const s = session('orders by quarter in 1996', 'only for EUROPE');
    expect(s.filters).toEqual([{ dimension: 'region', op: 'eq', values: ['EUROPE'] }]);
    expect(s.group_by).toEqual([{ dimension: 'order_date', grain: 'quarter' }]);
  });
  it('"and for <value>?" replaces the filter on that dimension', () => {
    const s = session('profit in AFRICA', 'and for AMERICA?');
    expect(s.filters).toEqual([{ dimension: 'region', op: 'eq', values: ['AMERICA'] }]);
  });
  it('a drill-down keeps the filter and adds the breakdown', () => {
    const s = session('what were sales in EUROPE during 1995?', 'split that by country');
    expect(s).toMatchObject({
      metrics: ['revenue'],
      group_by: [{ dimension: 'nation' }],
      filters: [{ dimension: 'region', op: 'eq', values: ['EUROPE'] }],
    });
    expect(s.time_range?.start).toBe('1995-01-01');
  });
  it('"and by quarter?" adds a time breakdown', () => {
    const s = session('sales per region in 1997', 'and by quarter?');
    expect(s.group_by).toEqual([{ dimension: 'region' }, { dimension: 'order_date', grain: 'quarter' }]);
  });
  it('"now by <dimension>" replaces the breakdown', () => {
    const s = session('orders by segment', 'now by ship mode');
    expect(s.group_by).toEqual([{ dimension: 'ship_mode' }]);
  });
  it('"top N instead" re-ranks', () => {
    const s = session('top 10 customers by profit', 'top 3 instead');
    expect(s).toMatchObject({ limit: 3, order: [{ by: 'profit', direction: 'desc' }], group_by: [{ dimension: 'customer' }] });
  });
  it('"same for <metric>" swaps the metric and keeps the rest', () => {
    const s = session('sales by nation in 1995', 'same for orders');
    expect(s).toMatchObject({ metrics: ['orders'], group_by: [{ dimension: 'nation' }] });
    expect(s.time_range?.start).toBe('1995-01-01');
  });
  it('ranking follows a swapped metric', () => {
    const s = session('top 5 brands by sales', 'what about profit?');
    expect(s).toMatchObject({ metrics: ['profit'], order: [{ by: 'profit', direction: 'desc' }], limit: 5 });
  });
  it('"exclude <value>" adds a negative filter', () => {
    const s = session('sales by ship mode', 'exclude SHIP');
    expect(s.filters).toEqual([{ dimension: 'ship_mode', op: 'ne', values: ['SHIP'] }]);
  });
  it('"also <metric>" adds a metric', () => {
    expect(session('sales by region', 'also show profit').metrics).toEqual(['revenue', 'profit']);
  });
  it('a complete new question replaces the previous one', () => {
    const prev = q('sales by region in 1996');
    const r = ask('How many suppliers are there?', prev);
    expect(r.kind === 'query' && !r.followUp).toBe(true);
    if (r.kind === 'query') expect(r.query).toMatchObject({ metrics: ['suppliers'], group_by: [] });
  });
  it('without a previous query a fragment is not a follow-up', () => {
    const r = ask('what about 1997?');
    expect(r.kind === 'query' ? r.followUp : false).toBe(false);
  });
  it('an off-topic fragment is still refused', () => {
    const prev = q('sales by region');
    expect(ask('and the weather in Oslo?', prev).kind).toBe('out_of_domain');
  });
});

describe('follow-ups: more shapes', () => {
  it('a value with its entity noun filters without changing the metric', () => {
    const s = session('profit per segment', 'only the high priority orders');
    expect(s.metrics).toEqual(['profit']);
    expect(s.filters).toEqual([{ dimension: 'order_priority', op: 'in', values: ['1-URGENT', '2-HIGH'] }]);
  });
  it('a nation replaces a region filter (what about)', () => {
    const s = session('sales in EUROPE', 'what about FRANCE?');
    expect(s.filters).toEqual([{ dimension: 'nation', op: 'eq', values: ['FRANCE'] }]);
  });
  it('"for all time" drops the period', () => {
    const s = session('orders by month in 1995', 'for all time');
    expect(s.time_range).toBeUndefined();
    expect(s.group_by).toEqual([{ dimension: 'order_date', grain: 'month' }]);
  });
  it('a new grain replaces the old one', () => {
    expect(session('sales by month in 1996', 'weekly instead').group_by).toEqual([{ dimension: 'order_date', grain: 'week' }]);
  });
  it('"compare with <period>" spans both periods, one row each', () => {
    const s = session('gross sales in 1994', 'compare with 1995');
    expect(s.time_range).toMatchObject({ start: '1994-01-01', end: '1996-01-01' });
    expect(s.group_by).toEqual([{ dimension: 'order_date', grain: 'year' }]);
  });
  it('a metric of the other role moves the role dimensions', () => {
    const s = session('how many vendors are there per region', 'what about customers?');
    expect(s).toMatchObject({ metrics: ['customers'], group_by: [{ dimension: 'region' }] });
  });
  it('excluding the latest period ends the range before it', () => {
    const s = session('sales by year', 'exclude 1998');
    expect(s.time_range).toMatchObject({ end: '1998-01-01' });
  });
});

describe('a new question is not a follow-up', () => {
  it('a complete question with its own metric inherits neither the period nor the breakdown', () => {
    const prev = q('profit by region in 1996');
    const r = ask('How many orders do we have?', prev);
    expect(r.kind).toBe('query');
    if (r.kind === 'query') {
      expect(r.followUp).toBe(false);
      expect(r.query).toMatchObject({ metrics: ['orders'], group_by: [], filters: [] });
      expect(r.query.time_range).toBeUndefined();
    }
  });
  it('a complete question without a metric does not silently take the previous one: the readings compete', () => {
    const prev = q('profit by region in 1996');
    const r = ask('Which nation bought the most?', prev);
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toMatch(/profit.*revenue|revenue.*profit/i);
  });
  it('the same question with no session is answered on its own', () => {
    expect(q('Which nation bought the most?')).toMatchObject({ metrics: ['revenue'], group_by: [{ dimension: 'nation' }], limit: 1 });
  });
  it('a short fragment continues the previous question', () => {
    const r = ask('top 5 customers', q('revenue by region in 1996'));
    expect(r.kind).toBe('query');
    if (r.kind === 'query') {
      expect(r.followUp).toBe(true);
      expect(r.query.metrics).toEqual(['revenue']);
      expect(r.query.time_range).toMatchObject({ start: '1996-01-01', end: '1997-01-01' });
      expect(r.query.limit).toBe(5);
    }
  });
});

describe('follow-ups keep the previous period in view', () => {
  it('a month named without a year is the previous question’s year', () => {
    const s = session('how many orders were placed in march 1997', 'and in april?');
    expect(s.time_range).toMatchObject({ start: '1997-04-01', end: '1997-05-01' });
  });
});

describe('follow-ups of the richer constructions', () => {
  it('a comparison carries into a breakdown follow-up, and a new period drops it', () => {
    const byRegion = session('revenue 1997 vs 1996', 'by region');
    expect(byRegion.comparison?.previous).toMatchObject({ start: '1996-01-01' });
    expect(byRegion.group_by).toEqual([{ dimension: 'region' }]);
    const other = session('revenue 1997 vs 1996', 'and in 1995?');
    expect(other.comparison).toBeUndefined();
    expect(other.time_range).toMatchObject({ start: '1995-01-01' });
  });
  it('"now by orders" re-ranks the previous list', () => {
    expect(session('top 5 customers by revenue', 'now by orders')).toMatchObject({
      metrics: ['orders'],
      order: [{ by: 'orders', direction: 'desc' }],
      limit: 5,
    });
  });
});

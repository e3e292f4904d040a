/**
 * Follow-ups that move to the neighbouring period of the previous question ("and the year before
 * that?", "the following quarter") or count fewer of the same rows ("how many of them were
 * urgent?"). "Last year" still counts from today. Two vocabularies: TPC-H and a bakery's deliveries.
 */
import { describe, expect, it } from 'vitest';
import type { SemanticQuery } from '../../src/semantic/query.js';
import { askBakery } from './bakery-fixture.js';
import { ask, q } from './helpers.js';

const readBakery = (question: string, previous?: SemanticQuery) => {
  const r = askBakery(question, previous);
  if (r.kind !== 'query') throw new Error(`${question}: ${r.kind} ${r.reason}`);
  return r.query;
};

describe('follow-ups on the neighbouring period', () => {
  it('TPC-H: the year or quarter before or after the one asked about', () => {
    const first = q('number of orders in 1995');
    expect(q('and the year before that?', first).time_range).toMatchObject({ start: '1994-01-01', end: '1995-01-01' });
    expect(q('what about the following quarter', first).time_range).toMatchObject({ start: '1996-01-01', end: '1996-04-01' });
    expect(q('and the previous month?', first).time_range).toMatchObject({ start: '1994-12-01', end: '1995-01-01' });
    // "last year" counts from today (1998-08-02), not from the question before
    expect(q('and last year?', first).time_range).toMatchObject({ start: '1997-01-01', end: '1998-01-01' });
  });

  it('a bakery: loaves in a month, then the month after', () => {
    const first = readBakery('loaves delivered in March 2024');
    expect(readBakery('and the month after?', first).time_range).toMatchObject({ start: '2024-04-01', end: '2024-05-01' });
    expect(readBakery('the year before', first).time_range).toMatchObject({ start: '2023-01-01', end: '2024-01-01' });
  });
});

describe('follow-ups that count fewer of the same rows', () => {
  it('TPC-H: how many of those / of them were <value>', () => {
    const first = q('how many orders were placed in 1997');
    for (const question of ['how many of those were urgent?', 'and how many of them were urgent']) {
      const r = q(question, first);
      expect(r.metrics).toEqual(['orders']);
      expect(r.filters).toEqual([{ dimension: 'order_priority', op: 'eq', values: ['1-URGENT'] }]);
      expect(r.time_range).toMatchObject({ start: '1997-01-01' });
    }
    // after a sum, "how many" asks something the previous question did not count
    expect(ask('how many of those were urgent?', q('revenue in 1997')).kind).toBe('out_of_scope');
  });

  it('a bakery: how many of them went in the Blue van', () => {
    const first = readBakery('how many deliveries in 2023');
    const r = readBakery('how many of them were Blue', first);
    expect(r.metrics).toEqual(['delivery_count']);
    expect(r.filters).toEqual([{ dimension: 'van', op: 'eq', values: ['Blue'] }]);
  });
});

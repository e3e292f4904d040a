/**
 * "by day of the week", "by month of year" ask for a part of a cycle (every Monday together, every March
 * together), not the finer unit's own calendar buckets. They were answered as a breakdown by day / by
 * month (the coarser word read as restating it): a wrong answer. No query computes such a part yet, so
 * they are refused naming both words. Club and TPC-H vocabularies.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { clubModel, clubValues } from './club-fixture.js';
import { ask } from './helpers.js';

const club = (question: string) => interpret(question, { model: clubModel, values: clubValues, asOf: '2024-06-30' });

describe('parts of a cycle', () => {
  it("are refused, naming the two units (was: the finer unit's buckets)", () => {
    for (const r of [
      club('total fees by day of the week'),
      club('number of fees per month of the year'),
      ask('revenue by day of week'),
      ask('orders by month of year in 1995'),
    ]) {
      expect(r.kind).toBe('out_of_scope');
      if (r.kind === 'out_of_scope') expect(r.unconsumed?.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('leave the plain breakdowns as they were', () => {
    expect(club('total fees by week')).toMatchObject({ kind: 'query', query: { group_by: [{ dimension: 'charged_on', grain: 'week' }] } });
    expect(ask('revenue by month in 1995')).toMatchObject({ kind: 'query', query: { group_by: [{ grain: 'month' }] } });
  });
});

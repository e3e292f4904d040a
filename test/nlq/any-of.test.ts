/**
 * "or" between two conditions: never read as both. Values of one dimension joined by "or" stay its
 * in-list; two conditions on different dimensions (or two that cannot share an in-list) joined by
 * "or" are refused naming the "or". Own fixture: a small gardening club (members, plots, harvests).
 */
import { describe, expect, it } from 'vitest';
import { ask, q } from './any-of-fixture.js';

describe('"or" between conditions is never read as "and"', () => {
  it('values of one dimension joined by "or" stay its in-list', () => {
    expect(q('how many members in Ashby or Brompton').filters).toEqual([{ dimension: 'village', op: 'in', values: ['Ashby', 'Brompton'] }]);
    expect(q('weight of Leeks or Beans harvested in Carlow').filters).toEqual(
      expect.arrayContaining([
        { dimension: 'crop', op: 'in', values: ['Leeks', 'Beans'] },
        { dimension: 'village', op: 'eq', values: ['Carlow'] },
      ]),
    );
  });
  it('a text pattern with two texts stays one pattern', () => {
    expect(q("how many members whose last name starts with 'A' or 'B'").filters).toEqual([{ dimension: 'family_name', op: 'starts_with', values: ['A', 'B'] }]);
  });
  it('two conditions of different kinds joined by "or" are refused, naming the "or"', () => {
    for (const question of ['how many members in Ashby or with more than 3 harvests', 'total weight of Leeks or in 2023', 'how many members with a plot size above 10 or in Carlow with more than 2 harvests', "how many members whose first name starts with 'J' or last name contains 'son'"]) {
      const r = ask(question);
      expect(r.kind, question).toBe('out_of_scope');
      if (r.kind === 'out_of_scope') expect(r.unconsumed, question).toContain('or');
    }
  });
});

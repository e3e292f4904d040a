/**
 * One figure for the top N together ("how much revenue came from the top 10 customers", "in total",
 * "what share ... from the top 5") is refused with what can be asked instead, never answered with
 * the N rows (which answer another question); a ranking that shows each member's figure, one top
 * member, or a share for each member stand. Two vocabularies: TPC-H and a bakery's vans.
 */
import { describe, expect, it } from 'vitest';
import { askBakery } from './bakery-fixture.js';
import { ask, q } from './helpers.js';

describe('one figure for the top N together', () => {
  it('TPC-H: refused, naming the words and what to ask instead', () => {
    for (const question of [
      'how much revenue came from the top 10 customers',
      'what did the top 3 nations spend in total',
      'what share of revenue comes from the top 10 customers',
    ]) {
      const r = ask(question);
      expect(r.kind, question).toBe('out_of_scope');
      expect(r.kind === 'out_of_scope' && r.reason, question).toMatch(/one figure for the top \d+ together.*Ask for the top \d+/);
    }
    expect(q('top 10 customers by revenue')).toMatchObject({ limit: 10, group_by: [{ dimension: 'customer' }] });
    expect(q('how much revenue came from the top customer')).toMatchObject({ limit: 1 });
    expect(q('what share of revenue comes from each region').share_of_total).toEqual(['revenue']);
  });

  it('a bakery: the loaves of the top 2 vans together are refused; each van ranked stands', () => {
    expect(askBakery('how many loaves came from the top 2 vans in 2023').kind).toBe('out_of_scope');
    expect(askBakery('loaves delivered by the top 2 vans combined').kind).toBe('out_of_scope');
    const ranked = askBakery('top 2 vans by loaves in 2023');
    expect(ranked.kind === 'query' && ranked.query).toMatchObject({ limit: 2, group_by: [{ dimension: 'van' }] });
  });
});

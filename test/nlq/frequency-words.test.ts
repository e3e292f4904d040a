/**
 * How often a thing is used is how many rows name it: "the most used", "used the most", "the most
 * frequently used", "least used" rank a breakdown by its number of rows, as "most common" does.
 * Two vocabularies: TPC-H's ship modes and a bakery's vans.
 */
import { describe, expect, it } from 'vitest';
import { askBakery } from './bakery-fixture.js';
import { ask, q } from './helpers.js';

describe('"used the most": ranked by how many rows name each member', () => {
  it('TPC-H: ship modes by their line items', () => {
    for (const [question, direction] of [
      ['which ship mode is used the most', 'desc'],
      ['what is the most frequently used ship mode', 'desc'],
      ['the least used ship mode in 1996', 'asc'],
    ] as const) {
      expect(q(question), question).toMatchObject({
        metrics: ['line_items'],
        group_by: [{ dimension: 'ship_mode' }],
        order: [{ by: 'line_items', direction }],
        limit: 1,
      });
    }
    expect(q('top 3 most used ship modes')).toMatchObject({ metrics: ['line_items'], limit: 3 });
  });

  it('a bakery: vans by their deliveries', () => {
    for (const [question, direction] of [
      ['which van was used the most in 2023', 'desc'],
      ['the least often used van', 'asc'],
    ] as const) {
      const r = askBakery(question);
      if (r.kind !== 'query') throw new Error(`${question}: ${r.reason}`);
      expect(r.query, question).toMatchObject({
        metrics: ['delivery_count'],
        group_by: [{ dimension: 'van' }],
        order: [{ by: 'delivery_count', direction }],
      });
    }
  });
});

describe('"chosen most often", "the most popular", "how often was each ... used": the same ranking, or the count per member', () => {
  it('TPC-H: ship modes by their line items', () => {
    for (const [question, direction] of [
      ['which ship mode was chosen most often', 'desc'],
      ['which ship mode appears least often', 'asc'],
      ['the most popular ship mode', 'desc'],
      ['which ship mode do customers choose most often', 'desc'],
    ] as const)
      expect(q(question), question).toEqual(
        expect.objectContaining({
          metrics: ['line_items'],
          group_by: [{ dimension: 'ship_mode' }],
          order: [{ by: 'line_items', direction }],
        }),
      );
    expect(q('how many times was each ship mode chosen in 1996')).toMatchObject({
      metrics: ['line_items'],
      group_by: [{ dimension: 'ship_mode' }],
      order: [],
      time_range: { start: '1996-01-01', end: '1997-01-01' },
    });
  });
  it('the things before an active verb are who does it, never a figure of their own', () => {
    const r = ask('which ship mode do customers choose most often');
    if (r.kind !== 'query') throw new Error(r.reason);
    expect(r.query.metrics).toEqual(['line_items']);
    expect(r.notes.join(' ')).not.toMatch(/Metric: Customers/);
  });
  it('a bakery: vans by their deliveries', () => {
    const r = askBakery('how often was each van used');
    if (r.kind !== 'query') throw new Error(r.reason);
    expect(r.query).toMatchObject({ metrics: ['delivery_count'], group_by: [{ dimension: 'van' }], order: [] });
  });
  it('a verb that says which rows ("returned", "shipped") is not read as how often', () => {
    for (const question of ['which ship mode was returned most often', 'which ship mode was shipped most often'])
      expect(ask(question).kind, question).toBe('out_of_scope');
  });
});

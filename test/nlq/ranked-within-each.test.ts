/**
 * A ranking beside a coarser "each <unit>" ("which day had the lowest yield in each month") asks
 * for a ranking within each month, which the query language cannot say yet: it is refused naming
 * the unit, never answered as the finest breakdown ranked as a whole (one day of all). Nested units
 * with no ranking ("by year and month") and a ranking with one unit still answer. Two vocabularies
 * of our own: a greenhouse's harvests, a clinic's invoices.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const greenhouse = SemanticModelSchema.parse({
  name: 'greenhouse',
  entities: [{ name: 'harvest', table: 'harvests', primary_key: 'id', synonyms: ['harvests'] }],
  time_dimensions: [{ name: 'picked_on', entity: 'harvest', sql: '${TABLE}.picked_on', label: 'Pick date' }],
  measures: [{ name: 'yield_kg', entity: 'harvest', agg: 'sum', sql: '${TABLE}.kg', label: 'Yield', synonyms: ['yield'] }],
  defaults: { time_dimension: 'picked_on' },
});
const clinic = SemanticModelSchema.parse({
  name: 'clinic',
  entities: [{ name: 'invoice', table: 'invoices', primary_key: 'id', synonyms: ['invoices'] }],
  time_dimensions: [{ name: 'billed_on', entity: 'invoice', sql: '${TABLE}.billed_on', label: 'Billing date' }],
  measures: [
    { name: 'amount_billed', entity: 'invoice', agg: 'sum', sql: '${TABLE}.amount', label: 'Amount billed', synonyms: ['billings'] },
  ],
  defaults: { time_dimension: 'billed_on' },
});
const ask = (model: typeof clinic, q: string) => interpret(q, { model, values: new Map(), asOf: '2024-06-30' });

describe('a ranking within each coarser unit', () => {
  it('is refused naming the unit, in both vocabularies', () => {
    for (const [model, q, unit] of [
      [greenhouse, 'which day had the lowest yield in each month', 'month'],
      [greenhouse, 'for each month, the day with the highest yield', 'month'],
      [clinic, 'which week had the most billings in every quarter', 'quarter'],
    ] as const) {
      const r = ask(model, q);
      expect(r.kind, q).toBe('out_of_scope');
      if (r.kind === 'out_of_scope') expect(r.reason, q).toContain(`"${unit}"`);
    }
  });
  it('nested units without a ranking, and a ranking of one unit, still answer', () => {
    for (const [model, q] of [
      [greenhouse, 'yield by year and month'],
      [greenhouse, 'top 3 days by yield'],
      [clinic, 'billings by month for each year'],
      [clinic, 'which month had the most billings'],
    ] as const) {
      expect(ask(model, q).kind, q).toBe('query');
    }
  });
});

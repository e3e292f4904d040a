/**
 * A second side held to a value of the column the first side's own figure is filtered by ("returned line
 * items to line items not returned") is that side's own: read for both sides it left the first side empty
 * (a ratio of 0). A value of another column after the second side still holds for both. TPC-H and a club
 * whose gold fees are a figure of their own.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { clubModel, clubValues } from './club-fixture.js';
import { ask } from './helpers.js';

const club = SemanticModelSchema.parse({
  ...clubModel,
  dimensions: [...clubModel.dimensions, { name: 'method', entity: 'fee', sql: '${TABLE}.method', label: 'Method', index_values: true }],
  measures: [
    ...clubModel.measures,
    { name: 'gold_fees', entity: 'fee', agg: 'count', filter: "${TABLE}.tier = 'Gold'", label: 'Gold fees', time_dimension: 'charged_on' },
  ],
});
const values = new Map([...clubValues, ['method', ['card', 'cash']]]);
const askClub = (q: string) => interpret(q, { model: club, values, asOf: '2024-06-30' });

describe('a second side held to a value the first side is filtered by', () => {
  it('TPC-H: line items not returned are the second side only', () => {
    const r = ask('the ratio of returned line items to line items not returned for each ship mode, lowest first');
    expect(r).toMatchObject({
      kind: 'query',
      query: {
        filters: [],
        group_by: [{ dimension: 'ship_mode' }],
        ratios: [
          {
            numerator: { metric: 'returned_line_items' },
            denominator: { metric: 'line_items', filters: [{ dimension: 'return_flag', op: 'ne', values: ['R'] }] },
          },
        ],
      },
    });
    // another column's value after the second side: both sides
    expect(ask('ratio of returned line items to line items with ship mode AIR')).toMatchObject({
      kind: 'query',
      query: {
        filters: [{ dimension: 'ship_mode', op: 'eq', values: ['AIR'] }],
        ratios: [{ numerator: { metric: 'returned_line_items' } }],
      },
    });
  });

  it('a club: gold fees to fees that are not gold', () => {
    const r = askClub('what is the ratio of gold fees to fees that are not gold');
    expect(r).toMatchObject({
      kind: 'query',
      query: {
        filters: [],
        ratios: [
          {
            numerator: { metric: 'gold_fees' },
            denominator: { metric: 'fee_count', filters: [{ dimension: 'tier', op: 'ne', values: ['Gold'] }] },
          },
        ],
      },
    });
    expect(askClub('what is the ratio of gold fees to fees with method cash')).toMatchObject({
      kind: 'query',
      query: { filters: [{ dimension: 'method', values: ['cash'] }], ratios: [{ numerator: { metric: 'gold_fees' } }] },
    });
  });
});

/**
 * A small model of our own, in another vocabulary than TPC-H: a bakery's deliveries (a van, a drop
 * date, loaves). Its today is 2024-06-26, a Wednesday.
 */
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

export const BAKERY_TODAY = '2024-06-26';

export const bakery = SemanticModelSchema.parse({
  name: 'bakery',
  entities: [{ name: 'delivery', table: 'deliveries', primary_key: 'id', synonyms: ['deliveries'] }],
  dimensions: [
    { name: 'delivery_id', entity: 'delivery', sql: '${TABLE}.id', type: 'number', label: 'Delivery id' },
    { name: 'van', entity: 'delivery', sql: '${TABLE}.van', label: 'Van', index_values: true },
  ],
  time_dimensions: [{ name: 'dropped_on', entity: 'delivery', sql: '${TABLE}.dropped_on', label: 'Drop date' }],
  measures: [
    {
      name: 'delivery_count',
      entity: 'delivery',
      agg: 'count',
      label: 'Deliveries',
      synonyms: ['number of deliveries'],
      time_dimension: 'dropped_on',
    },
    {
      name: 'loaves',
      entity: 'delivery',
      agg: 'sum',
      sql: '${TABLE}.loaves',
      label: 'Loaves delivered',
      synonyms: ['loaves'],
      time_dimension: 'dropped_on',
    },
  ],
  defaults: { time_dimension: 'dropped_on', ranking_metric: 'delivery_count' },
});

export const bakeryValues = new Map([['van', ['Blue', 'Red']]]);

/** The bakery's reading of a question (after `previous`, for a follow-up). */
export const askBakery = (question: string, previous?: SemanticQuery) =>
  interpret(question, { model: bakery, values: bakeryValues, asOf: BAKERY_TODAY, previous });

/**
 * A club's members and the fees charged to them: a small model of our own, shared by the tests of
 * readings that were read but never reached the query (follow-ups, a figure beside members with a
 * condition, several time breakdowns).
 */
import { SemanticModelSchema, type SemanticModel } from '../../src/semantic/model.js';

export const clubModel: SemanticModel = SemanticModelSchema.parse({
  name: 'club',
  entities: [
    { name: 'member', table: 'members', primary_key: 'id', synonyms: ['members'] },
    { name: 'fee', table: 'fees', primary_key: 'id', synonyms: ['fees'] },
  ],
  relationships: [{ from: 'fee', to: 'member', on: [['member_id', 'id']] }],
  dimensions: [
    { name: 'member_id', entity: 'member', sql: '${TABLE}.id', type: 'number', label: 'Member id' },
    { name: 'member_name', entity: 'member', sql: '${TABLE}.name', label: 'Member name' },
    { name: 'age', entity: 'member', sql: '${TABLE}.age', type: 'number', label: 'Age' },
    { name: 'tier', entity: 'fee', sql: '${TABLE}.tier', label: 'Tier', index_values: true },
  ],
  time_dimensions: [
    { name: 'enrolled_on', entity: 'member', sql: '${TABLE}.enrolled_on', label: 'Enrol date' },
    { name: 'charged_on', entity: 'fee', sql: '${TABLE}.charged_on', label: 'Charge date' },
  ],
  measures: [
    { name: 'fee_count', entity: 'fee', agg: 'count', label: 'Fees', synonyms: ['number of fees'], time_dimension: 'charged_on' },
    {
      name: 'fee_total',
      entity: 'fee',
      agg: 'sum',
      sql: '${TABLE}.amount',
      label: 'Fee amount',
      synonyms: ['total fees'],
      time_dimension: 'charged_on',
    },
    {
      name: 'member_count',
      entity: 'member',
      agg: 'count',
      label: 'Members',
      synonyms: ['number of members'],
      time_dimension: 'enrolled_on',
    },
  ],
  defaults: { time_dimension: 'charged_on' },
});
export const clubValues = new Map([['tier', ['Gold', 'Basic']]]);

/**
 * "non-<noun>" and "<noun>less" of rows that keep how many of the noun each has (`constructions/none-counted.ts`):
 * a railway's services with a count of stops, and a survey's households with a number of children. The column is 0;
 * a noun no count column is named by stays refused, and "non-" joined to one word never negates a value further on.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { askRail, queryOf } from './clock-fixture.js';

const survey = SemanticModelSchema.parse({
  name: 'survey',
  entities: [{ name: 'household', table: 'households', primary_key: 'id', synonyms: ['households', 'homes'] }],
  dimensions: [
    { name: 'household_id', entity: 'household', sql: '${TABLE}.id', type: 'number', label: 'Household id' },
    { name: 'district', entity: 'household', sql: '${TABLE}.district', label: 'District', index_values: true },
    { name: 'num_children', entity: 'household', sql: '${TABLE}.num_children', type: 'number', label: 'Num children' },
    { name: 'tenure', entity: 'household', sql: '${TABLE}.tenure', label: 'Tenure', index_values: true },
  ],
  measures: [{ name: 'household_count', entity: 'household', agg: 'count', label: 'Households', time_bound: false }],
});
const askSurvey = (q: string) =>
  interpret(q, {
    model: survey,
    values: new Map([
      ['district', ['Eastfield', 'Northgate']],
      ['tenure', ['owned', 'rented']],
    ]),
    asOf: '2024-06-30',
  });

describe('none of a counted noun', () => {
  it('"nonstop", "non-stop" of a count of stops', () => {
    const r = askRail('list the nonstop services');
    expect(queryOf(r).filters).toEqual([{ dimension: 'stops', op: 'eq', values: [0] }]);
    expect(r.kind === 'query' && r.notes).toContain('Read "nonstop" as Stops = 0');
    expect(queryOf(askRail('non-stop services from Kirkby')).filters).toEqual([
      { dimension: 'origin', op: 'eq', values: ['Kirkby'] },
      { dimension: 'stops', op: 'eq', values: [0] },
    ]);
  });
  it('"childless" of a number of children', () => {
    expect(queryOf(askSurvey('how many households are childless')).filters).toEqual([{ dimension: 'num_children', op: 'eq', values: [0] }]);
    expect(queryOf(askSurvey('childless households in Eastfield')).filters).toEqual([
      { dimension: 'district', op: 'eq', values: ['Eastfield'] },
      { dimension: 'num_children', op: 'eq', values: [0] },
    ]);
  });
  it('a noun no count column names stays refused; "non" negates only the word joined to it', () => {
    expect(askSurvey('how many carless households').kind).not.toBe('query');
    expect(askSurvey('non-rented households').kind === 'query' && queryOf(askSurvey('non-rented households')).filters).toEqual([
      { dimension: 'tenure', op: 'ne', values: ['rented'] },
    ]);
  });
});

/**
 * Units after a figure: understood only as the unit the figure's own column is kept in (its kind,
 * and nothing in the model or the column's name saying another); any other unit is refused, never
 * converted silently. Own small model: trails (length, no unit said), lakes (depth in feet), parks
 * (area with the model's unit "km2"), hikers (weight).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const model = SemanticModelSchema.parse({
  name: 'outdoors',
  entities: [
    { name: 'trail', table: 'trails', primary_key: 'id', synonyms: ['trails'] },
    { name: 'lake', table: 'lakes', primary_key: 'id', synonyms: ['lakes'] },
    { name: 'park', table: 'parks', primary_key: 'id', synonyms: ['parks'] },
  ],
  dimensions: [
    { name: 'trail', entity: 'trail', sql: '${TABLE}.name', label: 'Trail' },
    { name: 'region', entity: 'trail', sql: '${TABLE}.region', label: 'Region' },
    { name: 'lake', entity: 'lake', sql: '${TABLE}.name', label: 'Lake' },
    { name: 'park', entity: 'park', sql: '${TABLE}.name', label: 'Park' },
  ],
  measures: [
    { name: 'total_length', entity: 'trail', agg: 'sum', sql: '${TABLE}.length', label: 'Total length', synonyms: ['length'], time_bound: false },
    { name: 'average_depth', entity: 'lake', agg: 'avg', sql: '${TABLE}.depth_feet', label: 'Average depth', synonyms: ['depth'], time_bound: false },
    { name: 'total_park_area', entity: 'park', agg: 'sum', sql: '${TABLE}.area', label: 'Park area', synonyms: ['area'], time_bound: false, format: { kind: 'number', unit: 'km2' } },
    { name: 'park_count', entity: 'park', agg: 'count', label: 'Parks', time_bound: false },
  ],
});
const ask = (q: string) => interpret(q, { model, values: new Map(), asOf: '2024-06-30' });
const answered = (q: string) => {
  const r = ask(q);
  expect(r.kind, `${q}: ${r.kind !== 'query' ? r.reason : ''}`).toBe('query');
  return r.kind === 'query' ? r.query : undefined;
};
const refused = (q: string) => expect(ask(q).kind, q).not.toBe('query');

describe('a unit after a figure', () => {
  it('a unit of the figure\'s kind that nothing in the model contradicts is its own', () => {
    expect(answered('What is the total length of trails in kilometers?')?.metrics).toEqual(['total_length']);
    expect(answered('What is the length of each trail in miles?')?.group_by).toEqual([{ dimension: 'trail' }]);
    expect(answered('What is the average depth of the lakes in feet?')?.metrics).toEqual(['average_depth']);
    expect(answered('What is the total area of parks in square kilometers?')?.metrics).toEqual(['total_park_area']);
  });
  it('a unit the column\'s name or the model\'s unit contradicts would need a conversion: refused', () => {
    refused('What is the average depth of the lakes in meters?');
    refused('What is the total area of parks in acres?');
  });
  it('a unit of another kind than the figure, or with no figure before it, is refused', () => {
    refused('What is the total length of trails in kilograms?');
    refused('What is the total length of trails in square miles?');
    refused('How many parks are there in square kilometers?');
  });
});

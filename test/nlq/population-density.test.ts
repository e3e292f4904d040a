/**
 * "population density": the everyday name of a `density` column kept beside a population. Read only
 * for a thing that has both; a density of another kind (a material's) stays unread when asked so.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const place = (thing: string, plural: string) =>
  SemanticModelSchema.parse({
    name: `${thing}s`,
    entities: [{ name: thing, table: thing, primary_key: 'id', synonyms: [plural] }],
    dimensions: [{ name: thing, entity: thing, sql: '${TABLE}.name', label: thing, index_values: true }],
    measures: [
      { name: `${thing}_count`, entity: thing, agg: 'count', label: plural, time_bound: false },
      { name: 'population', entity: thing, agg: 'sum', sql: '${TABLE}.population', label: 'Population', time_bound: false },
      { name: 'max_density', entity: thing, agg: 'max', sql: '${TABLE}.density', label: 'Highest density', time_bound: false },
      {
        name: 'average_density',
        entity: thing,
        agg: 'avg',
        sql: '${TABLE}.density',
        label: 'Average density',
        synonyms: ['density'],
        time_bound: false,
      },
    ],
  });
const atlas = place('province', 'provinces');
const districts = place('district', 'districts');

const materials = SemanticModelSchema.parse({
  name: 'materials',
  entities: [{ name: 'alloy', table: 'alloy', primary_key: 'id', synonyms: ['alloys'] }],
  dimensions: [{ name: 'alloy', entity: 'alloy', sql: '${TABLE}.name', label: 'Alloy', index_values: true }],
  measures: [
    { name: 'alloy_count', entity: 'alloy', agg: 'count', label: 'Alloys', time_bound: false },
    {
      name: 'average_density',
      entity: 'alloy',
      agg: 'avg',
      sql: '${TABLE}.density',
      label: 'Average density',
      synonyms: ['density'],
      time_bound: false,
    },
  ],
});

const ask = (model: typeof atlas, values: Map<string, string[]>, q: string) => interpret(q, { model, values, asOf: '2024-06-30' });

describe('population density', () => {
  it('ranks provinces by their density', () => {
    const r = ask(atlas, new Map([['province', ['Northmark', 'Lowfen']]]), 'which province has the lowest population density');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.group_by).toEqual([{ dimension: 'province' }]);
    expect(r.query.order).toEqual([{ by: r.query.metrics[0], direction: 'asc' }]);
    expect(r.query.metrics[0]).toMatch(/density/);
  });

  it('gives a district its density', () => {
    const r = ask(districts, new Map([['district', ['Harbourside', 'Old Town']]]), 'what is the population density of Old Town');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.metrics).toEqual(['average_density']);
    expect(r.query.filters).toEqual([{ dimension: 'district', op: 'eq', values: ['Old Town'] }]);
  });

  it('is no density of a thing with no population', () => {
    expect(ask(materials, new Map([['alloy', ['Bronze']]]), 'what is the population density of Bronze').kind).not.toBe('query');
  });
});

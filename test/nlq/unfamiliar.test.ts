/**
 * Readings that went wrong on drafted models of unfamiliar databases, as general rules, on a small
 * model of our own (a gym: visits of members to clubs). Each either reads the question right or
 * refuses it, never answers another question.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const model = SemanticModelSchema.parse({
  name: 'gym',
  entities: [
    { name: 'visit', table: 'visit', primary_key: 'id', synonyms: ['visits'] },
    { name: 'club', table: 'club', primary_key: 'id', synonyms: ['clubs'] },
  ],
  relationships: [{ from: 'visit', to: 'club', on: [['club_id', 'id']] }],
  dimensions: [
    { name: 'club', entity: 'club', sql: '${TABLE}.name', label: 'Club', index_values: true },
    { name: 'town', entity: 'club', sql: '${TABLE}.town', label: 'Town', index_values: true },
  ],
  measures: [
    { name: 'visit_count', entity: 'visit', agg: 'count', label: 'Visits', synonyms: ['number of visits'], time_bound: false },
    { name: 'average_satisfaction', entity: 'visit', agg: 'avg', sql: '${TABLE}.satisfaction', label: 'Average satisfaction', synonyms: ['satisfaction'], time_bound: false },
  ],
});
const values = new Map([
  ['club', ['Northside', 'Riverside']],
  ['town', ['Leeds', 'York']],
]);
const ask = (q: string) => interpret(q, { model, values, asOf: '2024-06-30' });

describe('"by <metric>" ranks a breakdown, or means nothing', () => {
  it('with no breakdown, "by" a metric is not understood (never two totals side by side)', () => {
    for (const q of ['number of visits by satisfaction', 'visits by satisfaction']) {
      const r = ask(q);
      expect(r.kind, q).toBe('out_of_scope');
      if (r.kind === 'out_of_scope') expect(r.unconsumed, q).toContain('by');
    }
  });
  it('with a breakdown, "by" a metric ranks it', () => {
    const r = ask('top 2 clubs by satisfaction');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') {
      expect(r.query.group_by).toEqual([{ dimension: 'club' }]);
      expect(r.query.order).toEqual([{ by: 'average_satisfaction', direction: 'desc' }]);
      expect(r.query.limit).toBe(2);
    }
  });
});

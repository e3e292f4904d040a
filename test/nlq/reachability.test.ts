/**
 * What the interpreter may join is what the compiler joins: one rule (JoinGraph, which reads a
 * one_to_one relationship both ways; the lexicon's own copy of the rule read it one way only).
 * Two own models, each with a one_to_one declared from the other side of the figure: the figure
 * breaks down by the first entity's dimension, and the compiled SQL joins the two.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';

const staff = SemanticModelSchema.parse({
  name: 'staff',
  entities: [
    { name: 'employee', table: 'employees', primary_key: 'id', synonyms: ['employees', 'staff'] },
    { name: 'badge', table: 'badges', primary_key: 'employee_id', synonyms: ['badges'] },
  ],
  relationships: [{ from: 'employee', to: 'badge', on: [['id', 'employee_id']], cardinality: 'one_to_one' }],
  dimensions: [
    { name: 'department', entity: 'employee', sql: '${TABLE}.department', label: 'Department', index_values: true },
    { name: 'badge_colour', entity: 'badge', sql: '${TABLE}.colour', label: 'Badge colour', index_values: true },
  ],
  time_dimensions: [{ name: 'issued_on', entity: 'badge', sql: '${TABLE}.issued_on', label: 'Issue date' }],
  measures: [
    { name: 'badge_count', entity: 'badge', agg: 'count', label: 'Badges', synonyms: ['number of badges'], time_dimension: 'issued_on' },
  ],
});

const accounts = SemanticModelSchema.parse({
  name: 'accounts',
  entities: [
    { name: 'account', table: 'accounts', primary_key: 'id', synonyms: ['accounts'] },
    { name: 'profile', table: 'profiles', primary_key: 'account_id', synonyms: ['profiles'] },
  ],
  relationships: [{ from: 'account', to: 'profile', on: [['id', 'account_id']], cardinality: 'one_to_one' }],
  dimensions: [
    { name: 'plan', entity: 'account', sql: '${TABLE}.plan', label: 'Plan', index_values: true },
    { name: 'language', entity: 'profile', sql: '${TABLE}.language', label: 'Language', index_values: true },
  ],
  time_dimensions: [{ name: 'completed_on', entity: 'profile', sql: '${TABLE}.completed_on', label: 'Completion date' }],
  measures: [
    {
      name: 'profile_count',
      entity: 'profile',
      agg: 'count',
      label: 'Profiles',
      synonyms: ['number of profiles'],
      time_dimension: 'completed_on',
    },
  ],
});

const groupsOf = (r: ReturnType<typeof interpret>) => (r.kind === 'query' ? r.query.group_by.map((g) => g.dimension) : r.kind);

describe("reachability is the compiler's (JoinGraph): a one_to_one relationship reads both ways", () => {
  it("a figure of the second entity breaks down by the first entity's dimension", () => {
    const staffValues = new Map([
      ['department', ['Finance', 'Legal']],
      ['badge_colour', ['Red', 'Blue']],
    ]);
    expect(groupsOf(interpret('number of badges by department', { model: staff, values: staffValues, asOf: '2024-06-30' }))).toEqual([
      'department',
    ]);
    const accountValues = new Map([
      ['plan', ['Pro', 'Free']],
      ['language', ['German', 'Welsh']],
    ]);
    const r = interpret('number of profiles by plan', { model: accounts, values: accountValues, asOf: '2024-06-30' });
    expect(groupsOf(r)).toEqual(['plan']);
    if (r.kind !== 'query') throw new Error('not a query');
    expect(compile(accounts, r.query, new DuckDbDialect()).sql).toMatch(/JOIN\s+"?accounts"?/i);
  });
});

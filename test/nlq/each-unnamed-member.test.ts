/**
 * "for each visit", "each treatment": members named one by one are a breakdown by the thing's key when
 * nothing names them (no naming column, no first and last names). It was refused ("for each" not
 * understood). Only a singular after each/every: a plural or a thing that modifies the next noun keeps
 * its reading. Two small models of our own: a gym's visits and their notes, a clinic's treatments and
 * their side effects.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const twoThings = (one: string, many: string, label: string) =>
  SemanticModelSchema.parse({
    name: `${one}s`,
    entities: [
      { name: one, table: `${one}s`, primary_key: 'id', synonyms: [`${one}s`] },
      { name: many, table: `${many}s`, primary_key: 'id', synonyms: [`${many}s`, label] },
    ],
    relationships: [{ from: many, to: one, on: [[`${one}_id`, 'id']] }],
    dimensions: [
      { name: `${one}_id`, entity: one, sql: '${TABLE}.id', type: 'number', label: `${one} id` },
      { name: `${many}_id`, entity: many, sql: '${TABLE}.id', type: 'number', label: `${many} id` },
    ],
    time_dimensions: [{ name: `${one}_on`, entity: one, sql: '${TABLE}.day', label: 'Day' }],
    measures: [
      { name: `${many}_count`, entity: many, agg: 'count', label: `${many}s` },
      { name: `${one}_count`, entity: one, agg: 'count', label: `${one}s`, time_dimension: `${one}_on` },
    ],
  });
const gym = twoThings('visit', 'note', 'notes');
const clinic = twoThings('treatment', 'effect', 'side effects');
const ask = (model: ReturnType<typeof twoThings>, question: string) =>
  interpret(question, { model, values: new Map(), asOf: '2024-06-30' });

describe('each member of a thing nothing names', () => {
  it('is a breakdown by its key (was: "for each" not understood)', () => {
    expect(ask(gym, 'how many notes are there for each visit?')).toMatchObject({
      kind: 'query',
      query: { metrics: ['note_count'], group_by: [{ dimension: 'visit_id' }] },
    });
    expect(ask(clinic, 'what is the number of side effects for each treatment')).toMatchObject({
      kind: 'query',
      query: { metrics: ['effect_count'], group_by: [{ dimension: 'treatment_id' }] },
    });
    expect(ask(clinic, 'how many side effects does each treatment have')).toMatchObject({
      kind: 'query',
      query: { group_by: [{ dimension: 'treatment_id' }] },
    });
  });

  it('is not read after a plural or as a modifier of the next noun', () => {
    const plural = ask(gym, 'how many notes for all visits');
    if (plural.kind === 'query') expect(plural.query.group_by).toEqual([]);
  });
});

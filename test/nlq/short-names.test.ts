/**
 * A name of one or two letters is read as a value only when written in capitals or quoted beside its
 * column ("a" or "is" are words first). Written with a capital right before the thing it names ("the Ek
 * trail", "the Ux line") it is that thing's name; in lower case, or alone, it stays unread.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const named = (thing: string, plural: string) =>
  SemanticModelSchema.parse({
    name: plural,
    entities: [{ name: thing, table: thing, primary_key: 'id', synonyms: [plural] }],
    dimensions: [{ name: thing, entity: thing, sql: '${TABLE}.name', label: thing, index_values: true }],
    measures: [
      { name: `${thing}_count`, entity: thing, agg: 'count', label: plural, time_bound: false },
      {
        name: 'total_length',
        entity: thing,
        agg: 'sum',
        sql: '${TABLE}.length',
        label: 'Total length',
        synonyms: ['length'],
        time_bound: false,
      },
    ],
  });
const trails = named('trail', 'trails');
const lines = named('line', 'lines');

const ask = (model: typeof trails, values: Map<string, string[]>, q: string) => interpret(q, { model, values, asOf: '2024-06-30' });
const trailValues = new Map([['trail', ['Ek', 'Long Ridge']]]);
const lineValues = new Map([['line', ['Ux', 'Orbital']]]);

describe('a short name before the thing it names', () => {
  it('gives the length of the Ek trail', () => {
    const r = ask(trails, trailValues, 'how long is the Ek trail');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.filters).toEqual([{ dimension: 'trail', op: 'eq', values: ['Ek'] }]);
  });

  it('gives the length of the Ux line', () => {
    const r = ask(lines, lineValues, 'what is the length of the Ux line');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.metrics).toEqual(['total_length']);
    expect(r.query.filters).toEqual([{ dimension: 'line', op: 'eq', values: ['Ux'] }]);
  });

  it('reads no name in lower case or away from its thing', () => {
    expect(ask(trails, trailValues, 'how long is the ek trail').kind).not.toBe('query');
    expect(ask(lines, lineValues, 'what is the length of Ux').kind).not.toBe('query');
  });
});

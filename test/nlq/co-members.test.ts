/**
 * "Ada's co-authors", "co-owners of X": the other members of a thing of people that share a row of its one
 * table of pairs with the member named. Two vocabularies of our own: owners sharing properties, contributors
 * sharing articles. Two tables of pairs (grants and panels), or a member of another thing, stay refused, and the
 * word is never read as the people themselves ("cocontributors" is not "contributors").
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { compile } from '../../src/semantic/compiler.js';
import { dialectFor } from '../../src/semantic/dialects/index.js';
import { estates, estatesValues, grants, grantsValues, magazine, magazineValues } from './who-fixture.js';

const askIn = (model: typeof estates, values: Map<string, string[]>) => (q: string) => interpret(q, { model, values, asOf: '2024-06-30' });
const askEstates = askIn(estates, estatesValues);
const askMagazine = askIn(magazine, magazineValues);
const askGrants = askIn(grants, grantsValues);

function query(ask: (q: string) => ReturnType<typeof interpret>, model: typeof estates, q: string) {
  const r = ask(q);
  expect(r.kind, `${q}: ${r.kind === 'query' ? '' : r.reason}`).toBe('query');
  if (r.kind !== 'query') throw new Error(q);
  compile(model, r.query, dialectFor('duckdb'));
  return r.query;
}

describe('co-members: the others sharing a row of the one table of pairs', () => {
  it('owners sharing a property with the owner named, the owner aside', () => {
    for (const q of ["who are Rhea Stone's co-owners", 'co-owners of Rhea Stone', 'list the coowners of Rhea Stone?']) {
      const r = query(askEstates, estates, q);
      expect(
        r.group_by.map((g) => g.dimension),
        q,
      ).toEqual(['owner_id', 'first_name', 'last_name', 'full_name']);
      expect(r.filters, q).toEqual([{ dimension: 'full_name', op: 'ne', values: ['Rhea Stone'] }]);
      expect(r.entity_conditions, q).toEqual([
        {
          entity: 'owner',
          metric: 'ownership_count',
          op: 'gt',
          value: 0,
          conditions: [
            {
              entity: 'property',
              metric: 'ownership_count',
              op: 'gt',
              value: 0,
              filters: [{ dimension: 'full_name', op: 'eq', values: ['Rhea Stone'] }],
            },
          ],
        },
      ]);
      expect(r.metrics, q).toEqual([]);
    }
  });
  it('contributors credited on the same articles', () => {
    for (const q of ["Iris Vale's co-contributors", 'who were the cocontributors of Iris Vale']) {
      const r = query(askMagazine, magazine, q);
      expect(
        r.group_by.map((g) => g.dimension),
        q,
      ).toEqual(['contributor_id', 'contributor']);
      expect(r.filters, q).toEqual([{ dimension: 'contributor', op: 'ne', values: ['Iris Vale'] }]);
      expect(r.entity_conditions?.[0]?.conditions?.[0], q).toMatchObject({ entity: 'article', metric: 'credit_count' });
    }
  });
  it('stays refused with two tables of pairs, or a member of another thing; never read as the people themselves', () => {
    for (const q of ['co-investigators of Dana Whit', "Dana Whit's coinvestigators"]) {
      const r = askGrants(q);
      expect(r.kind, q).toBe('out_of_scope');
      if (r.kind === 'out_of_scope') expect(r.reason, q).toMatch(/grant investigator and of panel seat/);
    }
    // a property is no owner
    expect(askEstates('the co-owners of 12 Quay Street').kind).toBe('out_of_scope');
    // (a word that merely starts with "co" is left to the general rules)
    expect(askEstates('the costs of Rhea Stone').kind).not.toBe('query');
  });
});

/**
 * Structure words and person names on a small model of our own (allotments: gardeners rent plots,
 * plots give harvests; volunteers and tools stand apart) over a real DuckDB. Words about the data's
 * own structure ("in the database", "in the plots table", "based on joining the gardeners and plots
 * tables", "by doing a left join from gardeners to plots") are consumed only when the query reads
 * exactly what they say; otherwise the question is refused, never answered with them dropped.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const model = SemanticModelSchema.parse({
  name: 'allotments',
  entities: [
    { name: 'gardeners', table: 'gardeners', primary_key: 'id', synonyms: ['gardener'] },
    { name: 'plots', table: 'plots', primary_key: 'id', synonyms: ['plot'] },
    { name: 'harvests', table: 'harvests', primary_key: 'id', synonyms: ['harvest'] },
    { name: 'volunteers', table: 'volunteers', primary_key: 'id', synonyms: ['volunteer'] },
    { name: 'tools', table: 'tools', primary_key: 'id', synonyms: ['tool'] },
  ],
  relationships: [
    { from: 'plots', to: 'gardeners', on: [['gardener_id', 'id']] },
    { from: 'harvests', to: 'plots', on: [['plot_id', 'id']] },
  ],
  dimensions: [
    { name: 'gardener_id', entity: 'gardeners', sql: '${TABLE}.id', type: 'number', label: 'Gardener id' },
    { name: 'given_name', entity: 'gardeners', sql: '${TABLE}.given_name', label: 'Given name' },
    { name: 'family_name', entity: 'gardeners', sql: '${TABLE}.family_name', label: 'Family name' },
    { name: 'plot_id', entity: 'plots', sql: '${TABLE}.id', type: 'number', label: 'Plot id' },
    { name: 'plot_size', entity: 'plots', sql: '${TABLE}.size', label: 'Plot size', type: 'number' },
    { name: 'harvest_id', entity: 'harvests', sql: '${TABLE}.id', type: 'number', label: 'Harvest id' },
    { name: 'crop', entity: 'harvests', sql: '${TABLE}.crop', label: 'Crop', index_values: true },
    { name: 'volunteer_id', entity: 'volunteers', sql: '${TABLE}.id', type: 'number', label: 'Volunteer id' },
    { name: 'firstname', entity: 'volunteers', sql: '${TABLE}.firstname', label: 'Firstname' },
    { name: 'surname', entity: 'volunteers', sql: '${TABLE}.surname', label: 'Surname' },
    { name: 'tool_id', entity: 'tools', sql: '${TABLE}.id', type: 'number', label: 'Tool id' },
    { name: 'tool', entity: 'tools', sql: '${TABLE}.label', label: 'Tool', index_values: true },
  ],
  measures: [
    { name: 'gardener_count', entity: 'gardeners', agg: 'count', label: 'Gardeners', time_bound: false },
    { name: 'plot_count', entity: 'plots', agg: 'count', label: 'Plots', time_bound: false },
    { name: 'harvest_count', entity: 'harvests', agg: 'count', label: 'Harvests', time_bound: false },
    { name: 'volunteer_count', entity: 'volunteers', agg: 'count', label: 'Volunteers', time_bound: false },
    { name: 'tool_count', entity: 'tools', agg: 'count', label: 'Tools', time_bound: false },
  ],
});
const values = new Map([
  ['crop', ['leeks', 'beans']],
  ['tool', ['spade', 'rake']],
]);

const TABLES = `
CREATE TABLE gardeners (id INTEGER, given_name VARCHAR, family_name VARCHAR);
INSERT INTO gardeners VALUES (1, 'Iris', 'Holt'), (2, 'Owen', 'Pike'), (3, 'Iris', 'Wren'), (4, 'Tam', 'Holt');
CREATE TABLE plots (id INTEGER, gardener_id INTEGER, size INTEGER);
INSERT INTO plots VALUES (10, 1, 40), (11, 1, 25), (12, 3, 60);
CREATE TABLE harvests (id INTEGER, plot_id INTEGER, crop VARCHAR);
INSERT INTO harvests VALUES (100, 10, 'leeks'), (101, 12, 'beans'), (102, 12, 'leeks');
CREATE TABLE volunteers (id INTEGER, firstname VARCHAR, surname VARCHAR);
INSERT INTO volunteers VALUES (1, 'Nell', 'Ash'), (2, 'Kit', 'Moor');
CREATE TABLE tools (id INTEGER, label VARCHAR);
INSERT INTO tools VALUES (1, 'spade'), (2, 'rake');
`;

const tables = duckdbTables(TABLES);

const ask = (q: string) => interpret(q, { model, values, asOf: '2024-06-30' });
/** Interprets, compiles and runs the question; its rows must equal the reference's (as sets). */
async function answers(question: string, reference: string): Promise<string[]> {
  return (await expectSameRows(tables, model, question, ask(question), reference))?.columns ?? [];
}
const refused = (q: string) => {
  const r = ask(q);
  expect(r.kind, `${q}: ${r.kind === 'query' ? JSON.stringify(r.query) : ''}`).not.toBe('query');
  return r;
};

describe('structure words consumed when the query reads what they say', () => {
  it('"in the database" says all of the data', async () => {
    await answers('How many plots are there in the database?', 'SELECT COUNT(*) FROM plots');
    await answers('list the tools in the whole database', 'SELECT id, label FROM tools');
  });
  it('"in the X table" names a table the query reads', async () => {
    await answers('How many harvests are recorded in the harvests table?', 'SELECT COUNT(*) FROM harvests');
    await answers('count the leeks harvests in the harvest table', `SELECT COUNT(*) FROM harvests WHERE crop = 'leeks'`);
  });
  it('"based on joining the A and B tables": exactly the tables the query reads', async () => {
    await answers(
      'Return the distinct list of gardener IDs that have plots, based on joining the gardeners and plots tables.',
      'SELECT DISTINCT gardener_id FROM plots',
    );
    // the joins pass through plots: all three named
    await answers(
      'Return the gardener IDs that have harvests, based on joining the gardeners, plots and harvests tables',
      `SELECT DISTINCT p.gardener_id FROM plots p JOIN harvests h ON h.plot_id = p.id`,
    );
  });
  it('"a left join from A to B" with the members of A that have no B', async () => {
    const cols = await answers(
      'Return the gardener ID, given name and family name for gardeners that have no plots, by doing a left join from the gardeners to the plots table.',
      'SELECT id, given_name, family_name FROM gardeners WHERE id NOT IN (SELECT gardener_id FROM plots)',
    );
    expect(cols).toEqual(['gardener_id', 'given_name', 'family_name']);
  });
});

describe('structure words refused when the query does not read what they say', () => {
  it('a table the query does not read', () => {
    const r = refused('How many gardeners are in the tools table?');
    if (r.kind === 'out_of_scope') expect(r.unconsumed).toContain('tools');
  });
  it('a join over other tables than the query reads', () => {
    refused('Return the gardener IDs that have plots, based on joining the gardeners and tools tables.');
    // the query reads plots too: a join of gardeners and harvests alone is not it
    refused('Return the gardener IDs that have harvests, based on joining the gardeners and harvests tables');
  });
  it('a left join that is not the query\'s "none" condition, or the wrong way round', () => {
    refused('Return the gardener IDs for gardeners that have plots, by doing a left join from gardeners to the plots table.');
    refused('Return the gardener IDs for gardeners that have no plots, by doing a left join from plots to gardeners table.');
  });
  it('"joined" as a verb of the data is no join of tables', async () => {
    // (no structure phrase taken: the question reads as it did)
    const r = ask('how many gardeners joined the plots');
    const plain = ask('how many gardeners joined plots');
    expect(r.kind).toBe(plain.kind);
    if (r.kind !== 'query') expect(r.reason).not.toMatch(/the answer reads/);
  });
  it('a name that is no table of the model stays unconsumed', () => {
    refused('Return the gardener IDs that have plots, based on joining the gardeners and sheds tables.');
    refused('How many plots are in the allotment table?');
  });
});

describe('person names', () => {
  it('"names" of a person held in a given and a family name: both, in that order', async () => {
    const cols = await answers('What are the names of the gardeners?', 'SELECT DISTINCT given_name, family_name FROM gardeners');
    expect(cols).toEqual(['given_name', 'family_name']);
  });
  it('"first names", "last names", "surnames": the part named', async () => {
    expect(await answers('list the first names of the gardeners', 'SELECT DISTINCT given_name FROM gardeners')).toEqual(['given_name']);
    expect(await answers('list the last names of gardeners', 'SELECT DISTINCT family_name FROM gardeners')).toEqual(['family_name']);
  });
  it("compound columns (firstname, surname) are a person's name parts", async () => {
    expect(await answers('List the first and last names of volunteers', 'SELECT DISTINCT firstname, surname FROM volunteers')).toEqual([
      'firstname',
      'surname',
    ]);
    expect(
      await answers('List the first name and last name of the volunteers', 'SELECT DISTINCT firstname, surname FROM volunteers'),
    ).toEqual(['firstname', 'surname']);
    expect(await answers('show the names of the volunteers', 'SELECT DISTINCT firstname, surname FROM volunteers')).toEqual([
      'firstname',
      'surname',
    ]);
  });
  it('ordered by a part of the name ("by last name", "by the volunteers\' last names")', async () => {
    const r = ask('List the names of gardeners ordered by last name');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') expect(r.query.order).toEqual([{ by: 'family_name', direction: 'asc' }]);
    const v = ask("List the first and last names of the volunteers. Order the results by the volunteers' last names.");
    expect(v.kind).toBe('query');
    if (v.kind === 'query') expect(v.query.order).toEqual([{ by: 'surname', direction: 'asc' }]);
    // "by name" where the name is two columns says neither
    refused('List the names of gardeners ordered by name');
  });
  it('"which gardeners have a given name": an attribute said to be set is a condition (is_set), no column of a list', async () => {
    await answers(
      'which gardeners have a given name',
      `SELECT id, given_name, family_name FROM gardeners WHERE given_name IS NOT NULL AND given_name <> ''`,
    );
    await answers(
      'list the gardeners with a family name',
      `SELECT id, given_name, family_name FROM gardeners WHERE family_name IS NOT NULL AND family_name <> ''`,
    );
  });
  it('a name part the thing does not have is refused', () => {
    refused('list the middle names of the volunteers');
  });
});

describe('coverage still holds around structure words', () => {
  const answered = [
    'How many plots are there in the database?',
    'How many harvests are recorded in the harvests table?',
    'Return the distinct list of gardener IDs that have plots, based on joining the gardeners and plots tables.',
    'Return the gardener IDs for gardeners that have no plots, by doing a left join from the gardeners to the plots table.',
  ];
  it('a made-up word anywhere is refused, naming the word', () => {
    for (const q of answered) {
      expect(ask(q).kind, q).toBe('query');
      const words = q.split(' ');
      for (let k = 0; k <= words.length; k++) {
        const asked = [...words.slice(0, k), 'blorvix', ...words.slice(k)].join(' ');
        const r = ask(asked);
        expect(r.kind, asked).not.toBe('query');
      }
    }
  });
});

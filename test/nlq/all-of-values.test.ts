/**
 * "Together", "jointly", "both": values of a thing related to the things counted through a linking
 * table (an album has several musicians, a project several staff) joined by "and" ask for the things
 * with rows for every one of them — one entity condition per value, never the IN list of "either".
 * Without such a word the question stays refused (all of them, or any one?). Two models of our own:
 * albums credited to musicians, projects staffed by employees.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import { duckdbTables, jsonRows } from '../helpers/duckdb-tables.js';

const music = SemanticModelSchema.parse({
  name: 'music',
  entities: [
    { name: 'album', table: 'albums', primary_key: 'id', synonyms: ['albums', 'record', 'records'] },
    { name: 'musician', table: 'musicians', primary_key: 'id', synonyms: ['musicians'] },
    { name: 'credit', table: 'credits', primary_key: 'id', synonyms: ['credits'] },
  ],
  relationships: [
    { from: 'credit', to: 'album', on: [['album_id', 'id']] },
    { from: 'credit', to: 'musician', on: [['musician_id', 'id']] },
  ],
  dimensions: [
    { name: 'album_id', entity: 'album', sql: '${TABLE}.id', type: 'number', label: 'Album id' },
    { name: 'album', entity: 'album', sql: '${TABLE}.title', label: 'Album' },
    { name: 'musician', entity: 'musician', sql: '${TABLE}.name', label: 'Musician', index_values: true },
  ],
  measures: [
    { name: 'album_count', entity: 'album', agg: 'count', label: 'Albums', time_bound: false },
    { name: 'musician_count', entity: 'musician', agg: 'count', label: 'Musicians', time_bound: false },
    { name: 'credit_count', entity: 'credit', agg: 'count', label: 'Credits', time_bound: false },
  ],
});
const musicValues = new Map([['musician', ['Mia Ross', 'Tom Hale', 'Ida Penn']]]);
const askMusic = (q: string) => interpret(q, { model: music, values: musicValues, asOf: '2024-06-30' });

const work = SemanticModelSchema.parse({
  name: 'work',
  entities: [
    { name: 'project', table: 'projects', primary_key: 'id', synonyms: ['projects'] },
    { name: 'employee', table: 'employees', primary_key: 'id', synonyms: ['employees', 'staff'] },
    { name: 'assignment', table: 'assignments', primary_key: 'id', synonyms: ['assignments'] },
  ],
  relationships: [
    { from: 'assignment', to: 'project', on: [['project_id', 'id']] },
    { from: 'assignment', to: 'employee', on: [['employee_id', 'id']] },
  ],
  dimensions: [
    { name: 'project_id', entity: 'project', sql: '${TABLE}.id', type: 'number', label: 'Project id' },
    { name: 'project', entity: 'project', sql: '${TABLE}.title', label: 'Project' },
    { name: 'employee', entity: 'employee', sql: '${TABLE}.full_name', label: 'Employee', index_values: true },
  ],
  measures: [
    { name: 'project_count', entity: 'project', agg: 'count', label: 'Projects', time_bound: false },
    { name: 'assignment_count', entity: 'assignment', agg: 'count', label: 'Assignments', time_bound: false },
  ],
});
const workValues = new Map([['employee', ['Ann Park', 'Raj Mehta']]]);
const askWork = (q: string) => interpret(q, { model: work, values: workValues, asOf: '2024-06-30' });

const { rows } = duckdbTables(`
  CREATE TABLE albums (id INTEGER, title VARCHAR);
  CREATE TABLE musicians (id INTEGER, name VARCHAR);
  CREATE TABLE credits (id INTEGER, album_id INTEGER, musician_id INTEGER);
  INSERT INTO albums VALUES (1, 'Low Tide'), (2, 'North'), (3, 'Glass');
  INSERT INTO musicians VALUES (1, 'Mia Ross'), (2, 'Tom Hale'), (3, 'Ida Penn');
  -- Low Tide: Mia and Tom; North: Mia only; Glass: Tom and Ida
  INSERT INTO credits VALUES (1, 1, 1), (2, 1, 2), (3, 2, 1), (4, 3, 2), (5, 3, 3);
`);

const eachOf = (dimension: string, metric: string, entity: string, ...names: string[]) =>
  names.map((n) => ({ entity, metric, op: 'gte', value: 1, filters: [{ dimension, op: 'eq', values: [n] }] }));

describe('values joined by "and" with a word saying all of them', () => {
  it('"together" after the verb: a count of the albums with a credit for each musician', async () => {
    const r = askMusic('How many albums have Mia Ross and Tom Hale recorded together?');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.metrics).toEqual(['album_count']);
    expect(r.query.filters).toEqual([]);
    expect(r.query.entity_conditions).toEqual(eachOf('musician', 'credit_count', 'album', 'Mia Ross', 'Tom Hale'));
    expect(jsonRows(await rows(compile(music, r.query, new DuckDbDialect()).sql))).toEqual(['[1]']);
  });

  it('a listing: the albums recorded by both, named', async () => {
    const r = askMusic('albums recorded by Mia Ross and Tom Hale together');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.entity_conditions).toEqual(eachOf('musician', 'credit_count', 'album', 'Mia Ross', 'Tom Hale'));
    const got = await rows(compile(music, r.query, new DuckDbDialect()).sql);
    expect(got.map((x) => x.includes('Low Tide'))).toEqual([true]);
  });

  it('"both" before the values, in another vocabulary: projects staffed by both employees', () => {
    const r = askWork('How many projects have both Ann Park and Raj Mehta worked on?');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.metrics).toEqual(['project_count']);
    expect(r.query.entity_conditions).toEqual(eachOf('employee', 'assignment_count', 'project', 'Ann Park', 'Raj Mehta'));
  });

  it('"jointly": the projects Ann Park and Raj Mehta staffed jointly', () => {
    const r = askWork('projects staffed by Ann Park and Raj Mehta jointly');
    expect(r.kind).toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.entity_conditions).toEqual(eachOf('employee', 'assignment_count', 'project', 'Ann Park', 'Raj Mehta'));
  });
});

describe('neighbouring readings stay refused', () => {
  it('no word saying all of them or any one: still asked', () => {
    for (const q of ['How many albums have Mia Ross and Tom Hale recorded?', 'How many projects have Ann Park and Raj Mehta worked on?']) {
      const r = q.includes('albums') ? askMusic(q) : askWork(q);
      expect(r.kind).toBe('out_of_scope');
      if (r.kind === 'out_of_scope') expect(r.reason).toMatch(/all of them, or with any one of them/);
    }
  });

  it('whether one exists ("a" thing, no count word): not read as a count of them', () => {
    for (const q of [
      'Have Mia Ross and Tom Hale recorded an album together?',
      'Have Ann Park and Raj Mehta worked on a project together?',
    ]) {
      const r = q.includes('album') ? askMusic(q) : askWork(q);
      expect(r.kind).toBe('out_of_scope');
    }
  });

  it('"together" far from the values is not theirs', () => {
    const r = askMusic('How many albums have Mia Ross and Tom Hale recorded, and which of them were put together in one week?');
    expect(r.kind).toBe('out_of_scope');
  });
});

/**
 * Superlative lookups: the members of one thing ranked by one figure, with what the question names
 * of them, on a small model of our own (hiking: trails and their reviews, peaks, towns, lakes,
 * stations) over a real DuckDB. Each answered case is interpreted, compiled and run, and its rows
 * checked against hand-written SQL; each refused case must be refused, never answered.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const own = (entity: string, column: string, label: string, synonyms: string[] = [], unit?: string) => [
  {
    name: `total_${entity}_${column}`,
    entity,
    agg: 'sum',
    sql: `\${TABLE}.${column}`,
    label: `Total ${label}`,
    synonyms: [label.toLowerCase(), ...synonyms],
    time_bound: false,
    ...(unit ? { format: { kind: 'number', unit } } : {}),
  },
  { name: `average_${entity}_${column}`, entity, agg: 'avg', sql: `\${TABLE}.${column}`, label: `Average ${label}`, time_bound: false },
];

const raw = {
  name: 'hiking',
  entities: [
    { name: 'trail', table: 'trails', primary_key: 'id', synonyms: ['trails', 'route', 'routes'] },
    { name: 'review', table: 'reviews', primary_key: 'id', synonyms: ['reviews'] },
    { name: 'peak', table: 'peaks', primary_key: 'id', synonyms: ['peaks', 'summit', 'summits'] },
    { name: 'town', table: 'towns', primary_key: 'id', synonyms: ['towns'] },
    { name: 'lake', table: 'lakes', primary_key: 'id', synonyms: ['lakes'] },
    { name: 'station', table: 'stations', primary_key: 'id', synonyms: ['stations'] },
  ],
  relationships: [{ from: 'review', to: 'trail', on: [['trail_id', 'id']] }],
  dimensions: [
    { name: 'trail_id', entity: 'trail', sql: '${TABLE}.id', type: 'number', label: 'Trail id' },
    { name: 'trail', entity: 'trail', sql: '${TABLE}.name', label: 'Trail', synonyms: ['trail name'], index_values: true },
    { name: 'region', entity: 'trail', sql: '${TABLE}.region', label: 'Region', index_values: true },
    { name: 'review_id', entity: 'review', sql: '${TABLE}.id', type: 'number', label: 'Review id' },
    { name: 'peak_id', entity: 'peak', sql: '${TABLE}.id', type: 'number', label: 'Peak id' },
    { name: 'peak', entity: 'peak', sql: '${TABLE}.name', label: 'Peak', synonyms: ['peak name'] },
    { name: 'latitude', entity: 'peak', sql: '${TABLE}.lat', type: 'number', label: 'Latitude' },
    { name: 'town_id', entity: 'town', sql: '${TABLE}.id', type: 'number', label: 'Town id' },
    { name: 'town', entity: 'town', sql: '${TABLE}.name', label: 'Town' },
    { name: 'lake_id', entity: 'lake', sql: '${TABLE}.id', type: 'number', label: 'Lake id' },
    { name: 'lake', entity: 'lake', sql: '${TABLE}.name', label: 'Lake' },
    { name: 'station_id', entity: 'station', sql: '${TABLE}.id', type: 'number', label: 'Station id' },
    { name: 'station', entity: 'station', sql: '${TABLE}.name', label: 'Station' },
    { name: 'transfer_time', entity: 'station', sql: '${TABLE}.transfer_time', type: 'number', label: 'Transfer time' },
  ],
  time_dimensions: [{ name: 'posted_date', entity: 'review', sql: '${TABLE}.posted_on', label: 'Posted date' }],
  measures: [
    ...own('trail', 'length', 'Length'),
    {
      name: 'review_count',
      entity: 'review',
      agg: 'count',
      label: 'Reviews',
      synonyms: ['number of reviews'],
      time_dimension: 'posted_date',
    },
    {
      name: 'average_rating',
      entity: 'review',
      agg: 'avg',
      sql: '${TABLE}.rating',
      label: 'Average rating',
      synonyms: ['rating'],
      time_dimension: 'posted_date',
    },
    { name: 'max_rating', entity: 'review', agg: 'max', sql: '${TABLE}.rating', label: 'Highest rating', time_dimension: 'posted_date' },
    { name: 'max_peak_height', entity: 'peak', agg: 'max', sql: '${TABLE}.height', label: 'Highest peak height', time_bound: false },
    ...own('peak', 'height', 'Height'),
    ...own('town', 'area', 'Area'),
    ...own('town', 'population', 'Population'),
    ...own('lake', 'depth_feet', 'Depth'),
    { name: 'station_count', entity: 'station', agg: 'count', label: 'Stations', time_bound: false },
  ],
  defaults: { time_dimension: 'posted_date' },
};
const model = SemanticModelSchema.parse(raw);
const values = new Map([
  ['trail', ['Ridge Walk', 'Valley Loop', 'Coast Path', 'Moor Trail']],
  ['region', ['Wales', 'Cumbria']],
]);

const TABLES = `
CREATE TABLE trails (id INTEGER, name VARCHAR, region VARCHAR, length INTEGER);
INSERT INTO trails VALUES (1, 'Ridge Walk', 'Wales', 12), (2, 'Valley Loop', 'Cumbria', 7), (3, 'Coast Path', 'Wales', 30), (4, 'Moor Trail', 'Cumbria', 18);
CREATE TABLE reviews (id INTEGER, trail_id INTEGER, rating INTEGER, posted_on DATE);
INSERT INTO reviews VALUES (1, 1, 5, DATE '2024-01-05'), (2, 1, 3, DATE '2024-02-05'), (3, 2, 4, DATE '2024-03-01'), (4, 2, 4, DATE '2024-03-09'),
  (5, 2, 5, DATE '2024-04-01'), (6, 3, 2, DATE '2024-04-02'), (7, 4, 5, DATE '2024-05-02');
CREATE TABLE peaks (id INTEGER, name VARCHAR, lat DOUBLE, height INTEGER);
INSERT INTO peaks VALUES (1, 'Crag', 54.4, 978), (2, 'Pike', 54.5, 931), (3, 'Fell', 53.1, 1085), (4, 'Knott', 54.6, 700);
CREATE TABLE towns (id INTEGER, name VARCHAR, area INTEGER, population INTEGER);
INSERT INTO towns VALUES (1, 'Keswick', 10, 5000), (2, 'Bala', 20, 2000);
CREATE TABLE lakes (id INTEGER, name VARCHAR, depth_feet INTEGER);
INSERT INTO lakes VALUES (1, 'Wastwater', 260), (2, 'Bala Lake', 138);
CREATE TABLE stations (id INTEGER, name VARCHAR, transfer_time INTEGER);
INSERT INTO stations VALUES (1, 'North', 9), (2, 'South', 4), (3, 'East', 6);
`;

const tables = duckdbTables(TABLES);

const ask = (q: string) => interpret(q, { model, values, asOf: '2024-06-30' });
/** Interprets, compiles and runs the question; its rows, in order, must equal the reference's. */
async function answers(question: string, reference: string): Promise<string[]> {
  return (await expectSameRows(tables, model, question, ask(question), reference, true))?.columns ?? [];
}
function refused(question: string): string {
  const r = ask(question);
  expect(r.kind, `${question} should be refused: ${JSON.stringify(r.kind === 'query' ? r.query : '')}`).not.toBe('query');
  return r.kind === 'query' ? '' : r.reason;
}

describe('the columns of the thing with the highest figure: one row', () => {
  it('a figure of related rows: the trail\'s rating as the model names "rating" (its average), never the highest single review', async () => {
    const cols = await answers(
      'What is the region of the trail with the highest rating?',
      `SELECT t.id, t.region, AVG(r.rating) FROM trails t JOIN reviews r ON r.trail_id = t.id GROUP BY t.id, t.region ORDER BY 3 DESC LIMIT 1`,
    );
    expect(cols).toEqual(['trail_id', 'region', 'average_rating']);
  });
  it('a count of related rows: the most reviews; "which ... and what is it" shows the thing and the figure', async () => {
    await answers(
      'Which trail has the most reviews, and what is it?',
      `SELECT t.id, t.name, COUNT(*) FROM trails t JOIN reviews r ON r.trail_id = t.id GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`,
    );
  });
  it("a figure of the thing's own column: its value, one row per member (the key joins the name)", async () => {
    await answers('What is the name of the peak with the lowest height?', `SELECT id, name, height FROM peaks ORDER BY height LIMIT 1`);
    await answers(
      'What is the latitude of the peak that has reached the greatest height?',
      `SELECT id, lat, height FROM peaks ORDER BY height DESC LIMIT 1`,
    );
  });
  it('"ordered by" the figure again restates the ranking: every member in that order; a verb between is the linking verb\'s', async () => {
    await answers(
      'Which trails have gathered the most reviews, ordered by the number of reviews in descending order?',
      `SELECT t.id, t.name, COUNT(*) FROM trails t JOIN reviews r ON r.trail_id = t.id GROUP BY 1, 2 ORDER BY 3 DESC, 1`,
    );
    refused('Which trails have gathered the most reviews, ordered by the number of reviews in ascending order?');
    refused('Which trails have gathered the most reviews, ordered by region?');
  });
  it("an aggregation word before the figure must be the figure's own", async () => {
    await answers(
      'What is the region of the trail with the highest average rating?',
      `SELECT t.id, t.region, AVG(r.rating) FROM trails t JOIN reviews r ON r.trail_id = t.id GROUP BY t.id, t.region ORDER BY 3 DESC LIMIT 1`,
    );
    await answers('Which peak has the greatest total height?', `SELECT id, name, height FROM peaks ORDER BY height DESC LIMIT 1`);
    refused('Which trail has the highest total rating?');
  });
  it('a value of the thing filters the members ranked', async () => {
    await answers(
      'What is the name of the longest trail in Cumbria?',
      `SELECT id, name, length FROM trails WHERE region = 'Cumbria' ORDER BY length DESC LIMIT 1`,
    );
  });
  it('the columns of the thing with the fewest related rows: every member ranked, those with none too', async () => {
    await answers(
      'What is the region of the trail with the fewest reviews?',
      `SELECT t.id, t.region, COUNT(r.id) FROM trails t LEFT JOIN reviews r ON r.trail_id = t.id GROUP BY 1, 2 QUALIFY RANK() OVER (ORDER BY COUNT(r.id)) = 1`,
    );
  });
  it('a column of another thing, or a second figure, is refused', () => {
    refused('What is the population of the trail with the highest rating?');
    refused('What is the region and the total length of the trail with the highest rating?');
  });
});

describe('adjectives that name a measure by its sense', () => {
  it('"the longest trail" ranks by its length; "which peak is the tallest" by its height', async () => {
    await answers('What is the name of the longest trail?', `SELECT id, name, length FROM trails ORDER BY length DESC LIMIT 1`);
    await answers('Which peak is the tallest?', `SELECT id, name, height FROM peaks ORDER BY height DESC LIMIT 1`);
    await answers('What are the 2 highest peaks?', `SELECT id, name, height FROM peaks ORDER BY height DESC LIMIT 2`);
  });
  it('a plural with its order spelled out lists every member in that order', async () => {
    await answers(
      'What are the longest trails, ordered from longest to shortest?',
      `SELECT id, name, length FROM trails ORDER BY length DESC`,
    );
    await answers(
      'Which stations have the shortest transfer time, sorted in ascending order? Show the transfer time.',
      `SELECT transfer_time, id, name FROM stations ORDER BY transfer_time`,
    );
  });
  it('an order whose first end is an adjective of a sense ranks the thing listed by that sense', async () => {
    await answers('List the trails from shortest to longest', `SELECT id, name, length FROM trails ORDER BY length`);
    await answers('List the peaks, sorted from highest to lowest height', `SELECT id, name, height FROM peaks ORDER BY height DESC`);
    // ("large" is extent first: the area, though towns also keep a population)
    await answers('List the towns from largest to smallest', `SELECT id, name, area FROM towns ORDER BY area DESC`);
    refused('List the stations from longest to shortest');
  });
  it('an ordinal before the adjective skips the first ones', async () => {
    await answers(
      'What is the name of the second longest trail?',
      `SELECT id, name, length FROM trails ORDER BY length DESC LIMIT 1 OFFSET 1`,
    );
    await answers('Which peak is the third highest?', `SELECT id, name, height FROM peaks ORDER BY height DESC LIMIT 1 OFFSET 2`);
  });
  it('the figure itself may be the column asked for', async () => {
    await answers('What is the length of the longest trail?', `SELECT id, name, length FROM trails ORDER BY length DESC LIMIT 1`);
  });
  it('a plural with neither a number nor an order is refused (how many is not said)', () => {
    refused('What are the longest trails?');
  });
  it('an order against the superlative is refused', () => {
    refused('Which stations have the shortest transfer time, sorted in descending order?');
  });
  it('"largest" is the area before the population; the most populous is the population', async () => {
    await answers('Which town is the largest?', `SELECT id, name, area FROM towns ORDER BY area DESC LIMIT 1`);
    await answers('Which is the smallest town by area?', `SELECT id, name, area FROM towns ORDER BY area LIMIT 1`);
    await answers('Which town is the most populous?', `SELECT id, name, population FROM towns ORDER BY population DESC LIMIT 1`);
  });
  it('none of the sense is not understood', () => {
    refused('Which station is the deepest?');
  });
  it('an adjective must fit the figure named after it ("the shortest rating" is no length)', () => {
    refused('Which trail has the shortest rating?');
  });
});

describe("units: named only when they are the figure's own", () => {
  it('"in feet" of a column in feet is consumed; "in meters" of it is a conversion and refused', async () => {
    await answers('What is the deepest lake in feet?', `SELECT id, name, depth_feet FROM lakes ORDER BY depth_feet DESC LIMIT 1`);
    refused('What is the deepest lake in meters?');
  });
  it("a unit of another kind than the figure's is refused", () => {
    refused('Which peak is the tallest in kilograms?');
  });
  it('a unit outside a ranked lookup is not read (never a skipped conversion)', () => {
    refused('What is the total length of the trails in kilometers?');
  });
});

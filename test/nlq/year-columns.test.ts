/**
 * Years kept as numbers: a period of whole years said of a thing whose year is a number column
 * filters that column when the date the period would otherwise take only stamps the record (or the
 * question names the column: "with a year after 2020"); a period of rows dated by an event keeps its
 * date. Before, "vans from 2021" counted the vans whose record was created in 2021 and "a year before
 * 2019" was read as the year 2018. Two vocabularies of our own (a garage, a library) and TPC-H.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema, type SemanticModel } from '../../src/semantic/model.js';
import { q } from './helpers.js';

const garage = SemanticModelSchema.parse({
  name: 'garage',
  entities: [
    { name: 'vehicle', table: 'vehicles', primary_key: 'id', synonyms: ['vehicles', 'vans'] },
    { name: 'sale', table: 'sales', primary_key: 'id', synonyms: ['sales'] },
  ],
  relationships: [{ from: 'sale', to: 'vehicle', on: [['vehicle_id', 'id']] }],
  dimensions: [
    { name: 'vehicle_id', entity: 'vehicle', sql: '${TABLE}.id', type: 'number', label: 'Vehicle id' },
    { name: 'maker', entity: 'vehicle', sql: '${TABLE}.maker', label: 'Maker', index_values: true },
    { name: 'model_year', entity: 'vehicle', sql: '${TABLE}.model_year', type: 'number', label: 'Model year' },
  ],
  time_dimensions: [
    { name: 'vehicle_created_at', entity: 'vehicle', sql: '${TABLE}.created_at', label: 'Created at' },
    { name: 'sold_on', entity: 'sale', sql: '${TABLE}.sold_on', label: 'Sale date' },
  ],
  measures: [
    { name: 'vehicle_count', entity: 'vehicle', agg: 'count', label: 'Vehicles', time_dimension: 'vehicle_created_at' },
    { name: 'sale_count', entity: 'sale', agg: 'count', label: 'Sales', time_dimension: 'sold_on' },
  ],
});

const library = SemanticModelSchema.parse({
  name: 'library',
  entities: [{ name: 'book', table: 'books', primary_key: 'id', synonyms: ['books', 'titles'] }],
  dimensions: [
    { name: 'book_title', entity: 'book', sql: '${TABLE}.title', label: 'Title' },
    { name: 'pub_yr', entity: 'book', sql: '${TABLE}.pub_yr', type: 'number', label: 'Pub yr' },
  ],
  time_dimensions: [{ name: 'row_updated', entity: 'book', sql: '${TABLE}.updated', label: 'Updated' }],
  measures: [{ name: 'book_count', entity: 'book', agg: 'count', label: 'Books', time_dimension: 'row_updated' }],
});

const read = (model: SemanticModel, question: string) => {
  const r = interpret(question, { model, values: new Map([['maker', ['Ford', 'Iveco']]]), asOf: '2024-05-01' });
  if (r.kind !== 'query') throw new Error(`expected a query for "${question}", got ${r.kind}: ${r.reason}`);
  return r.query;
};

describe('years kept as numbers', () => {
  it('a year, a bound and a span of years filter the year column (garage)', () => {
    const one = read(garage, 'How many vans from 2021 are there?');
    expect(one.time_range).toBeUndefined();
    expect(one.filters).toEqual([{ dimension: 'model_year', op: 'eq', values: [2021] }]);
    expect(read(garage, 'how many vehicles from before 2019').filters).toEqual([{ dimension: 'model_year', op: 'lt', values: [2019] }]);
    // after 2020 = from 2021 on (whole years)
    expect(read(garage, 'vehicles with a model year after 2020').filters).toEqual([{ dimension: 'model_year', op: 'gte', values: [2021] }]);
  });

  it('a listing of the things of a year (library)', () => {
    const listed = read(library, 'List the titles of books from 2015');
    expect(listed.time_range).toBeUndefined();
    expect(listed.filters).toEqual([{ dimension: 'pub_yr', op: 'eq', values: [2015] }]);
    const counted = read(library, 'number of books between 2001 and 2003');
    expect(counted.filters).toEqual([
      { dimension: 'pub_yr', op: 'gte', values: [2001] },
      { dimension: 'pub_yr', op: 'lt', values: [2004] },
    ]);
  });

  it('rows dated by an event keep their date', () => {
    const sales = read(garage, 'How many sales were there in 2023?');
    expect(sales.time_range).toMatchObject({ start: '2023-01-01', end: '2024-01-01' });
    expect(sales.filters).toEqual([]);
    expect(q('revenue in 1995').time_range).toMatchObject({ start: '1995-01-01', end: '1996-01-01' });
  });
});

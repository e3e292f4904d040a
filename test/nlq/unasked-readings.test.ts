/**
 * Readings that answered a question nobody asked, on two small models of our own (regions with their
 * neighbours and summits; shops with deliveries and suppliers):
 * - one thing named in the singular with no word asking how many ("the book by Ada Lark") is no count;
 * - "the region with the largest area" said after a verb names one region of its own: a ranking of
 *   another breakdown (the neighbours) is no answer, while a column kept one row per region (its summit)
 *   is the region's own.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { AS_OF, loadTpch } from './fixture.js';

const regions = SemanticModelSchema.parse({
  name: 'regions',
  entities: [
    { name: 'region', table: 'region', primary_key: 'name', synonyms: ['regions'] },
    // one row per pair of neighbours, keyed by its own id
    { name: 'neighbour', table: 'neighbour', primary_key: 'id', synonyms: ['neighbours'] },
    // one row per region, keyed by the region's name
    { name: 'summit', table: 'summit', primary_key: 'region_name', synonyms: ['summits'] },
    { name: 'author', table: 'author', primary_key: 'id', synonyms: ['authors'] },
    { name: 'book', table: 'book', primary_key: 'id', synonyms: ['books'] },
  ],
  relationships: [
    { from: 'neighbour', to: 'region', on: [['region_name', 'name']] },
    { from: 'summit', to: 'region', on: [['region_name', 'name']] },
    { from: 'book', to: 'author', on: [['author_id', 'id']] },
    { from: 'book', to: 'region', on: [['region_name', 'name']] },
  ],
  dimensions: [
    { name: 'region', entity: 'region', sql: '${TABLE}.name', label: 'Region', index_values: true },
    { name: 'neighbour', entity: 'neighbour', sql: '${TABLE}.neighbour', label: 'Neighbour', index_values: true },
    { name: 'peak', entity: 'summit', sql: '${TABLE}.peak', label: 'Peak', index_values: true },
    { name: 'author', entity: 'author', sql: '${TABLE}.name', label: 'Author', index_values: true },
    { name: 'book', entity: 'book', sql: '${TABLE}.title', label: 'Book', index_values: true },
    { name: 'genre', entity: 'book', sql: '${TABLE}.genre', label: 'Genre', index_values: true },
  ],
  measures: [
    { name: 'region_count', entity: 'region', agg: 'count', label: 'Regions', time_bound: false },
    { name: 'region_area', entity: 'region', agg: 'sum', sql: '${TABLE}.area', label: 'Area', time_bound: false },
    { name: 'neighbour_count', entity: 'neighbour', agg: 'count', label: 'Neighbours', time_bound: false },
    { name: 'summit_count', entity: 'summit', agg: 'count', label: 'Summits', time_bound: false },
    { name: 'author_count', entity: 'author', agg: 'count', label: 'Authors', time_bound: false },
    { name: 'book_count', entity: 'book', agg: 'count', label: 'Books', time_bound: false },
  ],
});
const regionValues = new Map([
  ['region', ['Marsh Vale', 'High Fells']],
  ['neighbour', ['Marsh Vale', 'High Fells', 'Saltcoast']],
  ['peak', ['Cold Pike']],
  ['author', ['Ada Lark', 'Ben Moss']],
  ['genre', ['poetry', 'crime']],
]);

const shops = SemanticModelSchema.parse({
  name: 'shops',
  entities: [
    { name: 'shop', table: 'shop', primary_key: 'id', synonyms: ['shops'] },
    { name: 'delivery', table: 'delivery', primary_key: 'id', synonyms: ['deliveries'] },
  ],
  relationships: [{ from: 'delivery', to: 'shop', on: [['shop_id', 'id']] }],
  dimensions: [
    { name: 'shop', entity: 'shop', sql: '${TABLE}.name', label: 'Shop', index_values: true },
    { name: 'town', entity: 'shop', sql: '${TABLE}.town', label: 'Town', index_values: true },
    { name: 'supplier', entity: 'delivery', sql: '${TABLE}.supplier', label: 'Supplier', index_values: true },
  ],
  time_dimensions: [{ name: 'delivered_on', entity: 'delivery', sql: '${TABLE}.delivered_on', label: 'Delivery date' }],
  measures: [
    { name: 'shop_count', entity: 'shop', agg: 'count', label: 'Shops', time_bound: false },
    { name: 'floor_area', entity: 'shop', agg: 'sum', sql: '${TABLE}.floor_area', label: 'Floor area', time_bound: false },
    { name: 'delivery_count', entity: 'delivery', agg: 'count', label: 'Deliveries', time_dimension: 'delivered_on' },
  ],
});
const shopValues = new Map([
  ['shop', ['Quayside', 'Old Mill']],
  ['town', ['Whitby', 'Hexham']],
  ['supplier', ['Northmoor Foods', 'Dale Dairy']],
]);

const inRegions = (q: string) => interpret(q, { model: regions, values: regionValues, asOf: '2024-06-30' });
const inShops = (q: string) => interpret(q, { model: shops, values: shopValues, asOf: '2024-06-30' });

describe('one thing named with no word asking how many', () => {
  it.each([
    ['what is the book by Ada Lark', inRegions, 'books'],
    ['what is the delivery to shop Quayside', inShops, 'deliveries'],
    ['what is the delivery to shop Quayside in May 2024', inShops, 'deliveries'],
  ] as const)('"%s" is refused, naming the count and the list', (q, ask, things) => {
    const r = ask(q);
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toContain(`"how many ${things}"`);
  });

  it.each([
    ['how many books were written by Ada Lark', inRegions, 'book_count'],
    ['the number of books by authors Ada Lark', inRegions, 'book_count'],
    ['count the deliveries of shop Quayside', inShops, 'delivery_count'],
    ['total deliveries to shops Quayside and Old Mill', inShops, 'delivery_count'],
  ] as const)('"%s" still counts', (q, ask, metric) => {
    const r = ask(q);
    expect(r.kind).toBe('query');
    if (r.kind === 'query') {
      expect(r.query.metrics).toEqual([metric]);
      expect(r.query.group_by).toEqual([]);
    }
  });

  it('things in the plural are their count, beside a value, a breakdown or a period, as before', () => {
    const byAuthor = inRegions('books written by authors Ada Lark');
    expect(byAuthor.kind === 'query' && byAuthor.query.metrics).toEqual(['book_count']);
    const byGenre = inRegions('books by genre');
    expect(byGenre.kind === 'query' && byGenre.query.metrics).toEqual(['book_count']);
    const lastMonth = inShops('deliveries for shops Quayside and Old Mill last month');
    expect(lastMonth.kind === 'query' && lastMonth.query.metrics).toEqual(['delivery_count']);
  });
});

describe('"the <thing> with the <superlative>" said of one member of its own', () => {
  it.each([
    ['what are the neighbours of the region with the largest area', inRegions],
    ['which neighbours border the region with the largest area', inRegions],
    ['which suppliers deliver to the shop with the largest floor area', inShops],
    ['what are the suppliers of the shop with the smallest floor area', inShops],
  ] as const)('"%s" is not answered with a ranking of the other rows', (q, ask) => {
    const r = ask(q);
    // a ranking here would be of the neighbours / suppliers, never the one region or shop
    if (r.kind === 'query') expect(r.query.limit).toBeUndefined();
    else expect(r.kind).toBe('out_of_scope');
  });

  it('a column kept one row per member is the member\'s own: "the peak of the region with the largest area"', () => {
    const r = inRegions('what is the peak of the region with the largest area');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') {
      expect(r.query.group_by.map((g) => g.dimension)).toContain('peak');
      expect(r.query.order).toEqual([{ by: 'region_area', direction: 'desc' }]);
      expect(r.query.limit).toBe(1);
    }
  });

  it('the member itself ranked reads as before: "which shop has the largest floor area"', () => {
    const r = inShops('which shop has the largest floor area');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') {
      expect(r.query.group_by.map((g) => g.dimension)).toContain('shop');
      expect(r.query.limit).toBe(1);
    }
  });
});

describe('a month or quarter named without its year', () => {
  it.each([
    ['how many deliveries to shop Quayside in April', 'April'],
    ['the supplier with the most deliveries in Q3', 'Q3'],
  ])('"%s" is refused, asking which year', (q, named) => {
    const r = inShops(q);
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toContain(`"${named}" names no year`);
  });

  it.each([
    ['revenue in March', 'March'],
    ['the top 3 nations by revenue in Q2', 'Q2'],
  ])('"%s" (TPC-H) is refused, asking which year', async (q, named) => {
    const { model, values } = await loadTpch();
    const r = interpret(q, { model, values, asOf: AS_OF });
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toContain(`"${named}" names no year`);
  });

  it('with its year, or after a question that gives one, the month is read', async () => {
    const withYear = inShops('how many deliveries to shop Quayside in April 2024');
    expect(withYear.kind === 'query' && withYear.query.time_range).toMatchObject({ start: '2024-04-01', end: '2024-05-01' });
    const { model, values } = await loadTpch();
    const first = interpret('revenue in March 1997', { model, values, asOf: AS_OF });
    expect(first.kind).toBe('query');
    if (first.kind !== 'query') return;
    const next = interpret('and in April?', { model, values, asOf: AS_OF, previous: first.query });
    expect(next.kind === 'query' && next.query.time_range).toMatchObject({ start: '1997-04-01', end: '1997-05-01' });
  });
});

/**
 * A breakdown by a thing with no naming dimension (a person with first and last names): "the top 2
 * agents by number of bookings" is broken down by the agent's key, with the names beside it, on a
 * small model of our own (a travel agency) over a real DuckDB. A thing with neither a name nor a
 * naming dimension is never broken down by its bare key, and a thing that only modifies the next
 * noun ("booking statuses") is no breakdown by that thing.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { duckdbTables, jsonRows } from '../helpers/duckdb-tables.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const model = SemanticModelSchema.parse({
  name: 'agency',
  entities: [
    { name: 'agent', table: 'agents', primary_key: 'id', synonyms: ['agents'] },
    { name: 'booking', table: 'bookings', primary_key: 'id', synonyms: ['bookings'] },
    { name: 'voucher', table: 'vouchers', primary_key: 'id', synonyms: ['vouchers'] },
  ],
  relationships: [
    { from: 'booking', to: 'agent', on: [['agent_id', 'id']] },
    { from: 'booking', to: 'voucher', on: [['voucher_id', 'id']] },
  ],
  dimensions: [
    { name: 'agent_id', entity: 'agent', sql: '${TABLE}.id', type: 'number', label: 'Agent id' },
    { name: 'first_name', entity: 'agent', sql: '${TABLE}.first_name', label: 'First name' },
    { name: 'last_name', entity: 'agent', sql: '${TABLE}.last_name', label: 'Last name' },
    { name: 'booking_id', entity: 'booking', sql: '${TABLE}.id', type: 'number', label: 'Booking id' },
    {
      name: 'booking_status',
      entity: 'booking',
      sql: '${TABLE}.status',
      label: 'Booking status',
      synonyms: ['status'],
      index_values: true,
    },
    { name: 'voucher_id', entity: 'voucher', sql: '${TABLE}.id', type: 'number', label: 'Voucher id' },
    { name: 'voucher_value', entity: 'voucher', sql: '${TABLE}.face_value', type: 'number', label: 'Voucher value' },
    { name: 'voucher_kind', entity: 'voucher', sql: '${TABLE}.kind', label: 'Voucher kind', index_values: true },
  ],
  time_dimensions: [{ name: 'booked_on', entity: 'booking', sql: '${TABLE}.booked_on', label: 'Booking date' }],
  measures: [
    {
      name: 'booking_count',
      entity: 'booking',
      agg: 'count',
      label: 'Bookings',
      synonyms: ['number of bookings'],
      time_dimension: 'booked_on',
    },
    {
      name: 'booking_value',
      entity: 'booking',
      agg: 'sum',
      sql: '${TABLE}.price',
      label: 'Booking value',
      synonyms: ['sales'],
      time_dimension: 'booked_on',
    },
    { name: 'average_price', entity: 'booking', agg: 'avg', sql: '${TABLE}.price', label: 'Average price', time_dimension: 'booked_on' },
  ],
  defaults: { time_dimension: 'booked_on' },
});
const values = new Map([
  ['booking_status', ['confirmed', 'cancelled']],
  ['voucher_kind', ['gift', 'refund']],
]);

const TABLES = `
CREATE TABLE agents (id INTEGER, first_name VARCHAR, last_name VARCHAR);
INSERT INTO agents VALUES (1, 'Ann', 'Lee'), (2, 'Ann', 'Moss'), (3, 'Bo', 'Lee');
CREATE TABLE vouchers (id INTEGER, face_value DOUBLE, kind VARCHAR);
INSERT INTO vouchers VALUES (1, 20, 'gift'), (2, 50, 'refund');
CREATE TABLE bookings (id INTEGER, agent_id INTEGER, voucher_id INTEGER, status VARCHAR, price DOUBLE, booked_on DATE);
INSERT INTO bookings VALUES (1, 1, 1, 'confirmed', 100, DATE '2024-01-02'), (2, 2, NULL, 'confirmed', 300, DATE '2024-01-05'),
  (3, 2, 2, 'cancelled', 50, DATE '2024-02-01'), (4, 3, NULL, 'confirmed', 80, DATE '2024-02-03'), (5, 2, NULL, 'confirmed', 20, DATE '2024-03-01'), (6, 1, 2, 'confirmed', 10, DATE '2024-03-05');
`;

const tables = duckdbTables(TABLES);

const ask = (q: string) => interpret(q, { model, values, asOf: '2024-06-30' });
const rows = async (sql: string): Promise<string[]> => jsonRows(await tables.rows(sql), false);

describe('a breakdown by a person: the key, with the names beside it', () => {
  it('"top 2 agents by number of bookings": one row per agent (two share a first name), names shown', async () => {
    const r = ask('Who are the top 2 agents by number of bookings?');
    expect(r.kind, r.kind !== 'query' ? r.reason : '').toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.group_by.map((g) => g.dimension)).toEqual(['agent_id', 'first_name', 'last_name']);
    const compiled = compile(model, r.query, new DuckDbDialect());
    expect(await rows(compiled.sql)).toEqual(
      await rows(
        `SELECT a.id, a.first_name, a.last_name, count(*) AS n FROM bookings b JOIN agents a ON a.id = b.agent_id GROUP BY 1, 2, 3 ORDER BY n DESC LIMIT 2`,
      ),
    );
  });
  it('"sales by agent": the same breakdown with a total', async () => {
    const r = ask('total sales by agent');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') expect(r.query.group_by.map((g) => g.dimension)).toEqual(['agent_id', 'first_name', 'last_name']);
  });
  it('a thing with no name is never broken down by its bare key; a modifier of the next noun is no breakdown', () => {
    const r = ask('top 2 vouchers by number of bookings');
    expect(r.kind === 'query' ? r.query.group_by.map((g) => g.dimension) : []).not.toContain('voucher_id');
    const s = ask('number of bookings by booking status');
    expect(s.kind).toBe('query');
    if (s.kind === 'query') expect(s.query.group_by).toEqual([{ dimension: 'booking_status' }]);
  });
});

describe('rankings and averages of a breakdown', () => {
  it('"top 2 agents by number of bookings and total sales": the second figure breaks ties', async () => {
    const r = ask('top 2 agents by number of bookings and sales');
    expect(r.kind, r.kind !== 'query' ? r.reason : '').toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.order).toEqual([
      { by: 'booking_count', direction: 'desc' },
      { by: 'booking_value', direction: 'desc' },
    ]);
    expect(await rows(compile(model, r.query, new DuckDbDialect()).sql)).toEqual(
      await rows(
        `SELECT a.id, a.first_name, a.last_name, count(*) AS n, sum(price) AS v FROM bookings b JOIN agents a ON a.id = b.agent_id GROUP BY 1, 2, 3 ORDER BY n DESC, v DESC LIMIT 2`,
      ),
    );
  });
  it('"average price per booking": each booking is one row of the average, so it is the average itself', () => {
    const r = ask('average price per booking');
    expect(r.kind, r.kind !== 'query' ? r.reason : '').toBe('query');
    if (r.kind === 'query') expect(r.query).toMatchObject({ metrics: ['average_price'], group_by: [] });
    // per another thing it is a breakdown by that thing, never the plain average
    const s = ask('average price per agent');
    expect(s.kind === 'query' ? s.query.group_by.map((g) => g.dimension) : []).toContain('agent_id');
  });
});

describe('both of two values', () => {
  it('"which agents have bookings with both gift and refund vouchers": members with rows of each, never of either', async () => {
    const r = ask('Which agents have bookings with both gift and refund vouchers?');
    expect(r.kind, r.kind !== 'query' ? r.reason : '').toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.filters).toEqual([]);
    expect(r.query.entity_conditions?.map((c) => c.filters)).toEqual([
      [{ dimension: 'voucher_kind', op: 'eq', values: ['gift'] }],
      [{ dimension: 'voucher_kind', op: 'eq', values: ['refund'] }],
    ]);
    const got = (await rows(compile(model, r.query, new DuckDbDialect()).sql)).map((x) => JSON.parse(x)[0]);
    expect(got).toEqual([1]);
    // without "both" it is either: agents 1 and 2
    const either = ask('Which agents have bookings with gift and refund vouchers?');
    expect(either.kind).toBe('query');
    if (either.kind === 'query')
      expect((await rows(compile(model, either.query, new DuckDbDialect()).sql)).map((x) => JSON.parse(x)[0]).sort()).toEqual([1, 2]);
  });
  it("a value of the members' own dimension cannot be both: refused", () => {
    const r = ask('Which bookings have both confirmed and cancelled status?');
    expect(r.kind).not.toBe('query');
  });
});

describe('a thing named that the answer would not read', () => {
  it('a list of members with a thing it never reads ("agent ids that have a voucher") is refused, never the whole list', () => {
    const r = ask('list the agent ids that have a voucher');
    expect(r.kind === 'query' ? JSON.stringify(r.query) : r.kind).not.toMatch(/^\{/);
    if (r.kind === 'out_of_scope') expect(r.unconsumed).toContain('voucher');
  });
});

describe('a thing named that a count would not read', () => {
  it('"how many agents with a voucher" never counts every agent', () => {
    const r = ask('how many agents with a voucher');
    if (r.kind === 'query') expect(JSON.stringify(r.query)).toMatch(/voucher/);
    else expect(r.kind).toBe('out_of_scope');
  });
});

describe('"by <a dimension> of <a thing>": whose dimension it is, never a second breakdown', () => {
  it('"bookings by first name of the agents" groups by the first name only (not also by each agent)', async () => {
    const r = ask('number of bookings by first name of the agents');
    expect(r.kind, r.kind !== 'query' ? r.reason : '').toBe('query');
    if (r.kind !== 'query') return;
    expect(r.query.group_by.map((g) => g.dimension)).toEqual(['first_name']);
    const compiled = compile(model, r.query, new DuckDbDialect());
    expect(await rows(compiled.sql)).toEqual(
      await rows(`SELECT a.first_name, count(*) AS n FROM bookings b JOIN agents a ON a.id = b.agent_id GROUP BY 1 ORDER BY 1`),
    );
  });
  it('a thing that does not have that dimension ("voucher kind of the agents") is not understood', () => {
    const r = ask('number of bookings by voucher kind of the agents');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.unconsumed).toContain('agents');
  });
});

describe('a verb of selling or buying beside a count', () => {
  it('"how many agents sold" (things other rows refer to) is not understood: a count of all agents never reads "sold"', () => {
    for (const question of ['how many agents sold', 'number of vouchers bought']) {
      const r = ask(question);
      expect(r.kind, question).toBe('out_of_scope');
    }
  });
  it('"how many bookings were made" restates the rows counted: answered', () => {
    const r = ask('how many bookings were made in 2024');
    expect(r.kind, r.kind !== 'query' ? r.reason : '').toBe('query');
    if (r.kind === 'query') expect(r.query.metrics).toEqual(['booking_count']);
  });
});

describe('"made" beside a count of a dated event that other rows refer to', () => {
  const shop = SemanticModelSchema.parse({
    name: 'shop',
    entities: [
      { name: 'car', table: 'cars', primary_key: 'id', synonyms: ['cars'] },
      { name: 'sale', table: 'sales', primary_key: 'id', synonyms: ['sales'] },
      { name: 'payment', table: 'payments', primary_key: 'id', synonyms: ['payments'] },
    ],
    relationships: [
      { from: 'sale', to: 'car', on: [['car_id', 'id']] },
      { from: 'payment', to: 'sale', on: [['sale_id', 'id']] },
    ],
    dimensions: [{ name: 'make', entity: 'car', sql: '${TABLE}.make', label: 'Make' }],
    time_dimensions: [
      { name: 'sale_date', entity: 'sale', sql: '${TABLE}.sale_date', label: 'Sale date' },
      { name: 'car_crtd_ts', entity: 'car', sql: '${TABLE}.crtd_ts', label: 'Created' },
    ],
    measures: [
      { name: 'sale_count', entity: 'sale', agg: 'count', label: 'Sales', synonyms: ['number of sales'], time_dimension: 'sale_date' },
      { name: 'car_count', entity: 'car', agg: 'count', label: 'Cars', synonyms: ['number of cars'], time_dimension: 'car_crtd_ts' },
    ],
  });
  const askShop = (q: string) => interpret(q, { model: shop, values: new Map(), asOf: '2024-06-30' });
  it('"how many sales were made in 2023" restates the sales (dated by their own sale date): answered', () => {
    const r = askShop('how many sales were made in 2023');
    expect(r.kind, r.kind !== 'query' ? r.reason : '').toBe('query');
    if (r.kind === 'query') expect(r.query.metrics).toEqual(['sale_count']);
  });
  it('"how many cars were made / sold in 2023" (dated only by when the record was written) is not understood', () => {
    for (const q of ['how many cars were made in 2023', 'how many cars were sold in 2023']) expect(askShop(q).kind, q).toBe('out_of_scope');
  });
});

describe('a negated word is no typo of its opposite; "number of X with ..." counts X', () => {
  it('"unconfirmed bookings" is never read as the confirmed ones', () => {
    const r = ask('how many unconfirmed bookings');
    expect(r.kind === 'query' ? JSON.stringify(r.query.filters) : r.kind).not.toMatch(/confirmed/);
    expect(r.kind).toBe('out_of_scope');
  });
  it('"number of agents with more than 1 booking" is one count, never a list of agents', async () => {
    for (const question of ['number of agents with more than 1 booking', 'how many agents have more than 1 booking']) {
      const r = ask(question);
      expect(r.kind, question).toBe('query');
      if (r.kind !== 'query') continue;
      expect(r.query.group_by, question).toEqual([]);
      const compiled = compile(model, r.query, new DuckDbDialect());
      expect(await rows(compiled.sql), question).toEqual(
        await rows(`SELECT count(*) FROM (SELECT agent_id FROM bookings GROUP BY 1 HAVING count(*) > 1)`),
      );
    }
  });
});

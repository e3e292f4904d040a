/**
 * The single-table reading (`src/nlq/single-table.ts`): questions about one thing's own rows —
 * aggregates of its columns, several at once; counts; row conditions on its own columns — asked in
 * our own words of two vocabularies: TPC-H (the bundled model over the evaluation warehouse) and a
 * small venue-booking database of our own, bootstrapped unedited (short column names included).
 * Each answer is checked against hand-written SQL; near misses are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '../../src/eval/answer.js';
import { interpret } from '../../src/nlq/interpret.js';
import { clubModel, clubValues } from './club-fixture.js';
import { compareRows } from '../../src/eval/compare.js';
import type { SemanticLayer } from '../../src/semantic/values.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';
import { openTpch } from '../helpers/tpch.js';

describe('single-table reading on TPC-H', () => {
  let warehouse: Warehouse;
  let layer: SemanticLayer;
  beforeAll(async () => {
    ({ warehouse, layer } = await openTpch());
  });
  afterAll(async () => {
    await warehouse?.close();
  });

  const cases: [question: string, sql: string][] = [
    ['what is the minimum and maximum account balance of customers', 'SELECT MIN(c_acctbal) AS a, MAX(c_acctbal) AS b FROM customer'],
    ['the average and total quantity of line items', 'SELECT AVG(l_quantity) AS a, SUM(l_quantity) AS b FROM lineitem'],
    // "maximum" is a MAX of the column, never a ranking of suppliers nor a total
    ['the maximum account balance of suppliers', 'SELECT MAX(s_acctbal) AS a FROM supplier'],
    ['what is the largest part size', 'SELECT MAX(p_size) AS a FROM part'],
    // a value with its dimension after it ("the BUILDING segment") filters the rows aggregated
    [
      'the highest account balance of customers in the BUILDING segment',
      "SELECT MAX(c_acctbal) AS a FROM customer WHERE c_mktsegment = 'BUILDING'",
    ],
    ['the lowest quantity of line items with a quantity above 20', 'SELECT MIN(l_quantity) AS a FROM lineitem WHERE l_quantity > 20'],
    ['count the line items with a quantity between 10 and 20', 'SELECT COUNT(*) AS a FROM lineitem WHERE l_quantity BETWEEN 10 AND 20'],
    // a comparison after "of" ("a balance of more than 9000")
    ['how many suppliers have an account balance of more than 9000', 'SELECT COUNT(*) AS a FROM supplier WHERE s_acctbal > 9000'],
  ];
  it.each(cases)('%s', async (question, sql) => {
    const got = await answerQuestion(layer, warehouse, question);
    expect(got.status, got.reason).toBe('done');
    const expected = (await warehouse.run(sql)).rows;
    const ok = compareRows(
      got.rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toFixed(4)) : v]))),
      expected.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toFixed(4)) : v]))),
    );
    expect(ok.ok, `${JSON.stringify(got.query)} ${'reason' in ok ? ok.reason : ''}`).toBe(true);
  });

  it('lists every column for "all the details of" a supplier', async () => {
    const got = await answerQuestion(layer, warehouse, 'all the details of suppliers with an account balance above 9990');
    expect(got.status, got.reason).toBe('done');
    const expected = (await warehouse.run('SELECT s_name, s_acctbal FROM supplier WHERE s_acctbal > 9990')).rows;
    const key = (r: Record<string, unknown>) => JSON.stringify(Object.values(r).map(String));
    // every column of the supplier is there, the expected ones among them
    expect(got.rows.length).toBe(expected.length);
    for (const e of expected)
      expect(
        got.rows.some((r) => Object.values(e).every((v) => Object.values(r).map(String).includes(String(v)))),
        key(e),
      ).toBe(true);
  });

  it.each([
    // a percent of a column whose scale the model does not state
    'line items with a quantity of 5%',
    // a period is not this reading's (which date?)
    'the maximum account balance of suppliers in 1997',
    // an aggregate of a column beside a breakdown is not this reading's
    'the lowest and highest account balance of customers in each market segment and each nation',
    // a word it does not read
    'the maximum account balance of cheerful customers',
  ])('refuses %s', async (question) => {
    const got = await answerQuestion(layer, warehouse, question);
    expect(got.status, JSON.stringify(got.query)).toBe('refused');
  });
});

describe('single-table reading on a database of our own, bootstrapped unedited', () => {
  const db = bootstrappedDuckdb(
    'venues',
    `CREATE TABLE halls (hall_id INTEGER PRIMARY KEY, hall_name VARCHAR, town VARCHAR, capacity INTEGER, floor_area DOUBLE, hire_fee_amt DECIMAL(10,2), zone VARCHAR);
     INSERT INTO halls VALUES
       (1, 'Riverside', 'Leeds', 120, 310.5, 450.00, '5'), (2, 'Old Mill', 'York', 60, 150.0, 220.00, '2'),
       (3, 'Glasshouse', 'Leeds', 300, 820.0, 1200.00, '5'), (4, 'Chapel Rooms', 'Hull', 45, 98.0, 150.00, '3'),
       (5, 'Corn Exchange', 'York', 500, 1400.0, 2100.00, '2'), (6, 'Studio Nine', 'Hull', 25, 60.0, 95.00, '3');
     CREATE TABLE organisers (organiser_id INTEGER PRIMARY KEY, fname VARCHAR, lname VARCHAR, age INTEGER, town VARCHAR);
     INSERT INTO organisers VALUES
       (1, 'Ada', 'Lark', 34, 'Leeds'), (2, 'Ben', 'Moss', 51, 'York'), (3, 'Cara', 'Neil', 28, 'Hull'),
       (4, 'Dev', 'Oakes', 45, 'Leeds'), (5, 'Eve', 'Pratt', 62, 'York');`,
  );

  it('reads several aggregates of one column at once', async () => {
    expect(await db.ask('what are the smallest and largest capacities of the halls')).toEqual(['25 500']);
    expect(await db.ask('the average and highest hire fee amount of halls in Leeds')).toEqual(['825 1200']);
  });

  it('reads a condition on a row attribute: a range, a bound, a value', async () => {
    expect(await db.ask('count the halls with a capacity between 50 and 150')).toEqual(['2']);
    expect(await db.ask('how many halls have a capacity of 300 or more')).toEqual(['2']);
    expect(await db.ask('how many halls have a floor area of at least 300')).toEqual(['3']);
    // (the column of the condition is shown beside the names)
    expect(await db.ask('list the hall names with a floor area below 100')).toEqual(['Chapel Rooms 98', 'Studio Nine 60']);
  });

  it('never drops a word that changes the answer: a count or an aggregate named with its thing', async () => {
    // (the count's own phrase counts; "average age" is the average, never a list of ages)
    expect(await db.ask('number of halls whose capacity is at least 100')).toEqual(['3']);
    expect(await db.ask('the count of organisers older than 40')).toEqual(['3']);
    expect(await db.ask('the average age of organisers in York')).toEqual(['56.5']);
  });

  it('reads columns named short (fname, lname) and a condition on age', async () => {
    expect(await db.ask('the first name and last name of organisers older than 50')).toEqual(['Ben Moss', 'Eve Pratt']);
    expect(await db.ask('organisers younger than 30')).toEqual(['3 Cara Neil']);
  });

  it('lists every column for "all the information about", numbers kept in measures included', async () => {
    expect(await db.ask('all the information about halls in Hull')).toEqual([
      '4 Chapel Rooms Hull 3 45 98 150',
      '6 Studio Nine Hull 3 25 60 95',
    ]);
    expect(await db.ask('the hall names and capacities of halls in York')).toEqual(['Corn Exchange 500', 'Old Mill 60']);
  });

  it.each([
    'the largest capacity of the halls in 2019',
    'halls with a capacity of 40%',
    'the highest capacity of the halls booked by organisers',
    'count the halls with a stage',
  ])('refuses %s', async (question) => {
    const [first] = await db.ask(question);
    expect(first).toMatch(/^refused/);
  });
});

describe('numbers beside things ranked', () => {
  const db = bootstrappedDuckdb(
    'zones',
    `CREATE TABLE halls (hall_id INTEGER PRIMARY KEY, hall_name VARCHAR, zone VARCHAR, capacity INTEGER);
     INSERT INTO halls VALUES (1, 'Riverside', '5', 120), (2, 'Old Mill', '2', 60), (3, 'Glasshouse', '5', 300),
       (4, 'Chapel Rooms', '3', 45), (5, 'Corn Exchange', '2', 500);
     CREATE TABLE bookings (booking_id INTEGER PRIMARY KEY, hall_id INTEGER REFERENCES halls(hall_id), guests INTEGER);
     INSERT INTO bookings VALUES (1, 1, 10), (2, 1, 20), (3, 1, 5), (4, 3, 40), (5, 3, 50), (6, 5, 70);`,
  );

  it('a number that is also a stored text is the number unless its column is named before it', async () => {
    // ("2" is also a zone: "top 2" keeps two halls, never the halls of zone 2)
    expect(await db.ask('top 2 halls by capacity')).toEqual(['Corn Exchange 500', 'Glasshouse 300']);
    expect(await db.ask('how many halls are in zone 5')).toEqual(['2']);
  });

  it('"the N things with the most/highest X" keeps N of them', async () => {
    expect(await db.ask('the 2 halls with the highest capacity')).toEqual(['3 Glasshouse 300', '5 Corn Exchange 500']);
    expect(await db.ask('the 2 halls with the most bookings')).toEqual(['1 Riverside 3', '3 Glasshouse 2']);
    // and in a club's words: two members ranked by their fees
    const r = interpret('the 2 members with the most fees', { model: clubModel, values: clubValues, asOf: '2024-06-30' });
    expect(r.kind === 'query' && { limit: r.query.limit, order: r.query.order, metrics: r.query.metrics }).toEqual({
      limit: 2,
      order: [{ by: 'fee_count', direction: 'desc' }],
      metrics: ['fee_count'],
    });
  });
});

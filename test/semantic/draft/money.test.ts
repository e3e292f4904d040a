/**
 * "revenue" and "sales" for a drafted model with no table of sales or orders: the one sum of money
 * received (payments of a gym; fares paid on a ferry line) answers to both words, and the answer's
 * column is that measure, so it says which figure was used.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../../helpers/bootstrapped-duckdb.js';

describe('a gym: payments of members', () => {
  const gym = bootstrappedDuckdb(
    'gym',
    `CREATE TABLE member (member_id INTEGER PRIMARY KEY, member_name VARCHAR);
     INSERT INTO member VALUES (1, 'Ivo'), (2, 'Noor');
     CREATE TABLE payment (payment_id INTEGER PRIMARY KEY, member_id INTEGER REFERENCES member, paid_on DATE, amount DECIMAL(8,2));
     INSERT INTO payment VALUES (1, 1, DATE '2025-01-03', 30), (2, 2, DATE '2025-01-09', 45), (3, 1, DATE '2025-02-03', 30);`,
  );
  it('"revenue" and "total sales" are the sum of the payments', async () => {
    expect(await gym.ask('revenue')).toEqual(['105']);
    expect(await gym.ask('total sales by member')).toEqual(['Ivo 60', 'Noor 45']);
    const answer = await gym.answer('revenue');
    expect(Object.keys(answer.rows[0]!).join(' ')).toMatch(/amount/);
  });
});

describe('a ferry line: fares paid per crossing', () => {
  const ferry = bootstrappedDuckdb(
    'ferry',
    `CREATE TABLE crossing (crossing_id INTEGER PRIMARY KEY, route VARCHAR, departed_at DATE, fare_paid DECIMAL(8,2), fuel_cost DECIMAL(8,2));
     INSERT INTO crossing VALUES (1, 'north', DATE '2025-05-01', 12, 4), (2, 'south', DATE '2025-05-02', 8, 3), (3, 'north', DATE '2025-05-03', 10, 4);`,
  );
  it('"revenue by route" is the fares paid, never the fuel cost', async () => {
    expect(await ferry.ask('revenue by route')).toEqual(['north 22', 'south 8']);
  });
});

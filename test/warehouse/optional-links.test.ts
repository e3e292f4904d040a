/**
 * A thing reached only through a link some rows do not have: sales reach a partner only through the
 * voucher a few of them used, loans reach a branch only through the reservation some of them had.
 * "sales for each partner" was answered by the voucher's partner (the other sales dropped, a relation
 * the question never named). The layer marks such relationships `optional` from the data when it loads;
 * the interpreter refuses a path through one unless the things between are named. Our own small
 * databases, bootstrapped unedited; a link every row has (an order's customer) reads as before.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a shop whose sales use a voucher now and then', () => {
  const db = bootstrappedDuckdb(
    'shop',
    `CREATE TABLE partners (partner_id INTEGER PRIMARY KEY, partner_name VARCHAR);
     INSERT INTO partners VALUES (1, 'Acme'), (2, 'Bolt');
     CREATE TABLE vouchers (voucher_id INTEGER PRIMARY KEY, partner_id INTEGER REFERENCES partners(partner_id), code VARCHAR);
     INSERT INTO vouchers VALUES (10, 1, 'SPRING'), (11, 2, 'AUTUMN');
     CREATE TABLE clients (client_id INTEGER PRIMARY KEY, client_name VARCHAR);
     INSERT INTO clients VALUES (1, 'Ann'), (2, 'Ben');
     CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, client_id INTEGER REFERENCES clients(client_id), voucher_id INTEGER REFERENCES vouchers(voucher_id), amount DOUBLE, sold_on DATE);
     INSERT INTO sales VALUES (1, 1, 10, 20, '2024-01-02'), (2, 1, NULL, 35, '2024-01-03'), (3, 2, NULL, 15, '2024-01-04'), (4, 2, 11, 40, '2024-01-05'), (5, 1, NULL, 12, '2024-01-06');`,
  );

  it('refuses sales by partner, reached only through the vouchers a few sales used (was: the voucher sales alone)', async () => {
    const got = await db.answer('how many sales did each partner make?');
    expect(got.status).toBe('refused');
    expect(got.reason).toMatch(/vouchers/);
    expect((await db.answer('number of sales per partner name')).status).toBe('refused');
  });

  it('reads a link every sale has, and the voucher itself, as before', async () => {
    expect(await db.ask('how many sales per client')).toEqual(['Ann 3', 'Ben 2']);
    expect((await db.answer('how many sales per voucher code')).status).toBe('done');
  });
});

describe('a library whose loans sometimes follow a reservation', () => {
  const db = bootstrappedDuckdb(
    'library',
    `CREATE TABLE branches (branch_id INTEGER PRIMARY KEY, branch_name VARCHAR);
     INSERT INTO branches VALUES (1, 'Eastgate'), (2, 'Riverside');
     CREATE TABLE reservations (reservation_id INTEGER PRIMARY KEY, branch_id INTEGER REFERENCES branches(branch_id), placed_on DATE);
     INSERT INTO reservations VALUES (7, 1, '2024-02-01'), (8, 2, '2024-02-03');
     CREATE TABLE loans (loan_id INTEGER PRIMARY KEY, reservation_id INTEGER REFERENCES reservations(reservation_id), days INTEGER, lent_on DATE);
     INSERT INTO loans VALUES (1, 7, 14, '2024-02-05'), (2, NULL, 7, '2024-02-06'), (3, NULL, 21, '2024-02-07'), (4, 8, 14, '2024-02-08');`,
  );

  it('refuses loans by branch through the reservations (was: the reserved loans alone)', async () => {
    const got = await db.answer('how many loans did each branch have');
    expect(got.status).toBe('refused');
    expect(got.reason).toMatch(/reservations/);
  });

  it('reads the reservations by branch, their own link', async () => {
    expect(await db.ask('how many reservations per branch')).toEqual(['Eastgate 1', 'Riverside 1']);
  });
});

/**
 * A value stored for several things is the value of the thing it describes: "active sellers" (the
 * word right before the thing, else the one thing counted: "how many sellers are active") filters
 * the sellers' own status, never a listing's or a flag of another thing; a value said of a thing
 * that does not reach its column ("sold sellers" of a listing status) is not understood. A value
 * said as its adjective or participle ("successful", "failed", "approved") is that value. "the total
 * amount of X" is the sum of X's one amount column. Two vocabularies, drafted from their tables: a
 * marketplace and a clinic. Other values may stand between a value and its thing ("active gold sellers").
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('the value of the thing it describes', () => {
  const market = bootstrappedDuckdb(
    'market-value-of-thing',
    `CREATE TABLE sellers (seller_id INTEGER PRIMARY KEY, seller_name VARCHAR, status VARCHAR, tier VARCHAR);
     INSERT INTO sellers VALUES (1, 'Oak', 'active', 'gold'), (2, 'Elm', 'inactive', 'gold'), (3, 'Ash', 'active', 'basic');
     CREATE TABLE listings (listing_id INTEGER PRIMARY KEY, seller_id INTEGER REFERENCES sellers(seller_id), title VARCHAR, status VARCHAR, is_active BOOLEAN);
     INSERT INTO listings VALUES (1, 1, 'Lamp', 'active', true), (2, 1, 'Desk', 'sold', false), (3, 2, 'Rug', 'active', true), (4, 3, 'Vase', 'active', false), (5, 3, 'Mat', 'inactive', false);
     CREATE TABLE sales (sale_id INTEGER PRIMARY KEY, listing_id INTEGER REFERENCES listings(listing_id), sale_amount DECIMAL(10,2), outcome VARCHAR);
     INSERT INTO sales VALUES (1, 1, 20.00, 'success'), (2, 2, 35.00, 'fail'), (3, 3, 15.00, 'success'), (4, 4, 50.00, 'success');`,
  );
  const clinic = bootstrappedDuckdb(
    'clinic-value-of-thing',
    `CREATE TABLE doctors (doctor_id INTEGER PRIMARY KEY, doctor_name VARCHAR, licence_status VARCHAR, grade VARCHAR);
     INSERT INTO doctors VALUES (1, 'Ray', 'approve', 'junior'), (2, 'Kim', 'reject', 'senior'), (3, 'Lu', 'approve', 'senior');
     CREATE TABLE claims (claim_id INTEGER PRIMARY KEY, doctor_id INTEGER REFERENCES doctors(doctor_id), claim_amount DECIMAL(10,2), claim_status VARCHAR);
     INSERT INTO claims VALUES (1, 1, 100.00, 'reject'), (2, 1, 40.00, 'approve'), (3, 3, 60.00, 'approve');`,
  );

  it('a marketplace: "active sellers" and "sellers that are active" are the sellers own status', async () => {
    expect(await market.ask('how many active sellers are there')).toEqual(['2']);
    expect(await market.ask('how many sellers are active')).toEqual(['2']);
    // (a listing's status and its flag both say "active": two readings, refused)
    expect((await market.ask('how many active listings are there'))[0]).toMatch(/^refused/);
  });

  it('values stacked before the thing ("active gold sellers"): each the value of that thing', async () => {
    expect(await market.ask('list the inactive gold sellers')).toEqual(['2 Elm']);
    expect(await clinic.ask('show the approved senior doctors')).toEqual(['3 Lu']);
    // (no thing after the values: a seller's or a listing's status? still refused)
    expect((await market.ask('list the inactive gold'))[0]).toMatch(/^refused/);
  });

  it('a ratio side: the value of the thing counted; a value the thing does not reach is refused', async () => {
    expect(await market.ask('what is the ratio of active sellers to inactive sellers')).toEqual(['2']);
    expect((await market.ask('what is the ratio of sold sellers to all sellers'))[0]).toMatch(/^refused/);
  });

  it('adjective and participle forms of a stored value', async () => {
    expect(await market.ask('how many successful sales were there')).toEqual(['3']);
    expect(await market.ask('how many failed sales were there')).toEqual(['1']);
    expect(await clinic.ask('how many approved claims are there')).toEqual(['2']);
    expect(await clinic.ask('how many rejected claims are there')).toEqual(['1']);
  });

  it('"the total amount of X" is the sum of its one amount column', async () => {
    expect(await market.ask('what is the total amount of successful sales')).toEqual(['85']);
    expect(await clinic.ask('what is the total amount of approved claims')).toEqual(['100']);
  });
});

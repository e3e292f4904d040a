/**
 * "define class T45", "what is currency GBP", "what does T45 stand for": a code the user names asks what it stands
 * for: the member it picks, with the code beside its names. Our own wordings on two small databases of our own;
 * a code that is stored nowhere, and a question that is more than the code, stay as they were.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a code defined in a fleet', () => {
  const db = bootstrappedDuckdb(
    'fleet-classes',
    `CREATE TABLE ship_classes (class_code VARCHAR PRIMARY KEY, class_name VARCHAR, crew INTEGER);
     INSERT INTO ship_classes VALUES ('T45', 'Daring', 190), ('T23', 'Duke', 185), ('RV', 'Survey Vessel', 40);
     CREATE TABLE ships (ship_id INTEGER PRIMARY KEY, ship_name VARCHAR, class_code VARCHAR REFERENCES ship_classes(class_code));
     INSERT INTO ships VALUES (1, 'Dauntless', 'T45'), (2, 'Iron Duke', 'T23'), (3, 'Echo', 'RV');`,
  );

  it('lists the member the code picks, with the code and its name', async () => {
    expect(await db.ask('define ship class T45')).toEqual(['T45 Daring']);
    expect(await db.ask('what is ship class RV?')).toEqual(['RV Survey Vessel']);
  });

  it('leaves a code stored nowhere refused', async () => {
    expect((await db.ask('define ship class T99'))[0]).toMatch(/^refused/);
  });
});

describe('a code defined in a shop', () => {
  const db = bootstrappedDuckdb(
    'shop-currencies',
    `CREATE TABLE currencies (currency_code VARCHAR PRIMARY KEY, currency_name VARCHAR, decimals INTEGER);
     INSERT INTO currencies VALUES ('GBP', 'Pound sterling', 2), ('JPY', 'Yen', 0), ('EUR', 'Euro', 2);`,
  );

  it('lists the currency a code picks', async () => {
    expect(await db.ask('what does JPY stand for')).toEqual(['JPY Yen']);
    expect(await db.ask('define currency GBP')).toEqual(['GBP Pound sterling']);
  });

  it('reads no definition of more than the code', async () => {
    // (the decimals of a currency: a figure, never its definition)
    expect(await db.ask('what is the decimals of currency JPY')).not.toEqual(['JPY Yen']);
    // ("what does X mean" needs the code alone)
    expect((await db.ask('what does the Yen mean'))[0]).toMatch(/^refused/);
  });
});

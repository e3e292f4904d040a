/**
 * Flags kept as numbers or texts (0/1, Y/N, T/F, yes/no) under a name that says a property
 * (`discontinued`, `is_insured`, `smoker_yn`): drafted as booleans, so "discontinued items", "how many
 * patients are insured", "items that are not discontinued" filter on them. Two databases of our own (a
 * shop, a clinic), bootstrapped unedited; a two-valued column that is no flag (values 1 and 2, or a
 * noun such as `floor`) is never listed as if it answered the condition.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('flags of a shop (0/1 and Y/N)', () => {
  const db = bootstrappedDuckdb(
    'flagshop',
    `CREATE TABLE items (item_id INTEGER PRIMARY KEY, item_name VARCHAR, price DECIMAL(8,2), discontinued INTEGER);
     INSERT INTO items VALUES (1,'Kettle',24.50,0),(2,'Toaster',31.00,1),(3,'Lamp',19.99,0),(4,'Fan',45.00,0),(5,'Clock',19.99,1);
     CREATE TABLE shoppers (shopper_id INTEGER PRIMARY KEY, shopper_name VARCHAR, town VARCHAR, active VARCHAR);
     INSERT INTO shoppers VALUES (1,'Lee','Leeds','Y'),(2,'Mo','Milan','N'),(3,'Nia','Bristol','Y'),(4,'Oli','Leeds','Y');`,
  );

  it('reads the flag named before the things, after a copula, and negated', async () => {
    expect(await db.ask('discontinued items')).toEqual(['2 Toaster', '5 Clock']);
    expect(await db.ask('how many items are discontinued')).toEqual(['2']);
    expect(await db.ask('items that are not discontinued')).toEqual(['1 Kettle', '3 Lamp', '4 Fan']);
    expect(await db.ask('which shoppers are active')).toEqual(['1 Lee', '3 Nia', '4 Oli']);
    expect(await db.ask('count the active shoppers in Leeds')).toEqual(['2']);
    expect(await db.ask('shoppers who are not active')).toEqual(['2 Mo']);
  });
});

describe('flags of a clinic (T/F, yes/no, is_ and _yn names)', () => {
  const db = bootstrappedDuckdb(
    'flagclinic',
    `CREATE TABLE patients (patient_id INTEGER PRIMARY KEY, patient_name VARCHAR, is_insured VARCHAR, smoker_yn VARCHAR, age INTEGER);
     INSERT INTO patients VALUES (1,'Ana','T','no',40),(2,'Bo','F','yes',52),(3,'Cy','T','yes',33),(4,'Di','T','no',61);
     CREATE TABLE wards (ward_id INTEGER PRIMARY KEY, ward_name VARCHAR, floor INTEGER, beds INTEGER);
     INSERT INTO wards VALUES (1,'Ash',0,12),(2,'Birch',1,20),(3,'Cedar',1,8);
     CREATE TABLE drugs (drug_id INTEGER PRIMARY KEY, drug_name VARCHAR, licensed INTEGER);
     INSERT INTO drugs VALUES (1,'Alpha',1),(2,'Beta',2),(3,'Gamma',2);`,
  );

  it('reads is_ and _yn flags by their property', async () => {
    expect(await db.ask('insured patients')).toEqual(['1 Ana', '3 Cy', '4 Di']);
    expect(await db.ask('how many patients are not insured')).toEqual(['1']);
    expect(await db.ask('the average age of insured patients')).toEqual(['44.666666666666664']);
    expect(await db.ask('how many patients are smokers')).toEqual(['2']);
  });

  it('never lists a column that is no flag as if it were the condition', async () => {
    // (values 1 and 2: no yes and no; `floor`: a noun, 0 and 1 are floors)
    for (const q of ['licensed drugs', 'drugs that are licensed', 'floor wards']) expect((await db.ask(q))[0], q).toMatch(/^refused/);
  });
});

describe('flags named by a noun or by any name when stored as Y/N or T/F (a hotel, a café guide)', () => {
  const hotel = bootstrappedDuckdb(
    'flaghotel',
    `CREATE TABLE room (room_no INTEGER PRIMARY KEY, room_type VARCHAR, nightly_rate DECIMAL(7,2), sea_view BOOLEAN);
     INSERT INTO room VALUES (101,'single',80.00,false),(102,'double',120.00,true),(201,'double',130.00,false),(202,'suite',250.00,true);
     CREATE TABLE guest (guest_id INTEGER PRIMARY KEY, fname VARCHAR, lname VARCHAR, vip CHAR(1));
     INSERT INTO guest VALUES (1,'Maria','Lopez','Y'),(2,'Tom','Baker','N'),(3,'Yuki','Sato','N'),(4,'Lena','Fischer','Y');`,
  );
  const cafes = bootstrappedDuckdb(
    'flagcafes',
    `CREATE TABLE cafe (cafe_id INTEGER PRIMARY KEY, cafe_name VARCHAR, town VARCHAR, terrace BOOLEAN, wifi VARCHAR);
     INSERT INTO cafe VALUES (1,'Bean There','Leeds',true,'T'),(2,'Cup & Co','York',false,'T'),(3,'Drip','Leeds',true,'F'),(4,'Grind','Hull',false,'F');`,
  );

  it('holds a flag named by its noun true after "have" / "with a", false after "without" / "do not have"', async () => {
    expect(await hotel.ask('which rooms have a sea view')).toEqual(['102', '202']);
    expect(await hotel.ask('which rooms do not have a sea view')).toEqual(['101', '201']);
    expect(await hotel.ask('the average nightly rate of rooms with a sea view')).toEqual(['185']);
    expect(await cafes.ask('how many cafes have a terrace')).toEqual(['2']);
    expect(await cafes.ask('cafes in York without a terrace')).toEqual(['2 Cup & Co']);
  });

  it('reads a Y/N or T/F column as a flag whatever its name', async () => {
    expect(await hotel.ask('list the VIP guests')).toEqual(['1 Maria Lopez', '4 Lena Fischer']);
    expect(await hotel.ask('how many guests are not vip')).toEqual(['2']);
    expect(await cafes.ask('which cafes have wifi')).toEqual(['1 Bean There', '2 Cup & Co']);
  });

  it('never lists the flag column as if it answered the condition', async () => {
    for (const q of ['which rooms have a sea view', 'which cafes have wifi'])
      for (const row of await (q.includes('rooms') ? hotel : cafes).ask(q)) expect(row).not.toMatch(/true|false|^T$|^F$/);
  });
});

/**
 * "which cabins were reserved", "how many pupils enrolled": a verb whose lemma names one table, said alone of
 * another thing, keeps that thing's members with such rows (`event-existence.ts`). Our own wordings on two small
 * databases of our own (a campsite, a dance school), bootstrapped unedited, each with a member that has no rows;
 * before, the verb was filler and every member was listed or counted.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a campsite: cabins and their reservations', () => {
  const db = bootstrappedDuckdb(
    'campsite',
    `CREATE TABLE camper (camper_id INTEGER PRIMARY KEY, camper_name VARCHAR, home_town VARCHAR);
     INSERT INTO camper VALUES (1, 'Ida Fern', 'Mold'), (2, 'Jon Pike', 'Ely'), (3, 'Kit Moss', 'Ely');
     CREATE TABLE cabin (cabin_id INTEGER PRIMARY KEY, cabin_name VARCHAR, beds INTEGER);
     INSERT INTO cabin VALUES (1, 'Birch', 2), (2, 'Cedar', 4), (3, 'Maple', 6);
     CREATE TABLE reservation (reservation_id INTEGER PRIMARY KEY, camper_id INTEGER REFERENCES camper(camper_id),
       cabin_id INTEGER REFERENCES cabin(cabin_id), arrival DATE, channel VARCHAR);
     INSERT INTO reservation VALUES (1, 1, 1, DATE '2024-05-01', 'web'), (2, 1, 2, DATE '2024-06-01', 'phone'), (3, 2, 1, DATE '2024-07-01', 'web');`,
  );

  it('keeps the members with rows of the table the verb names, passive or active, listed or counted', async () => {
    for (const q of ['which cabins were reserved', 'list the cabins that have been reserved', 'what cabins are reserved?'])
      expect(await db.ask(q), q).toEqual(['1 Birch', '2 Cedar']);
    expect(await db.ask('how many cabins were reserved')).toEqual(['2']);
    expect(await db.ask('which campers reserved')).toEqual(['1 Ida Fern', '2 Jon Pike']);
    expect(await db.ask('how many campers have reserved?')).toEqual(['2']);
  });

  it('ranks the members by how often, and counts how many times', async () => {
    expect(await db.ask('which cabin was reserved most often?')).toEqual(['1 Birch 2']);
    expect(await db.ask('which camper reserved the most times')).toEqual(['1 Ida Fern 2']);
    expect(await db.ask('how many times was Birch reserved')).toEqual(['2']);
    expect(await db.ask('how many times did Ida Fern reserve?')).toEqual(['2']);
  });

  it('leaves the verb to the other rules when something follows it', async () => {
    expect(await db.ask('which cabins were reserved by Ida Fern')).toEqual(['1 Birch', '2 Cedar']);
    expect(await db.ask('which cabins were reserved through the web')).toEqual(['1 Birch']);
  });

  it('never counts every member for a verb read as filler', async () => {
    // (the table's own rows: each one is a reservation, the verb keeps them all)
    expect(await db.ask('how many reservations were made')).toEqual(['3']);
    expect((await db.ask('how many cabins were painted'))[0]).toMatch(/^refused/);
  });
});

describe('a dance school: pupils and their enrolments', () => {
  const db = bootstrappedDuckdb(
    'dance',
    `CREATE TABLE pupil (pupil_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR);
     INSERT INTO pupil VALUES (1, 'Ava', 'Hart'), (2, 'Ben', 'Cole'), (3, 'Cy', 'Dunn'), (4, 'Di', 'Eno');
     CREATE TABLE class (class_id INTEGER PRIMARY KEY, style VARCHAR, weekday VARCHAR);
     INSERT INTO class VALUES (1, 'Tango', 'Mon'), (2, 'Salsa', 'Wed');
     CREATE TABLE enrolment (pupil_id INTEGER REFERENCES pupil(pupil_id), class_id INTEGER REFERENCES class(class_id), term VARCHAR);
     INSERT INTO enrolment VALUES (1, 1, 'spring'), (2, 1, 'spring'), (2, 2, 'autumn');`,
  );

  it('keeps the pupils with enrolments', async () => {
    expect(await db.ask('which pupils enrolled?')).toEqual(['1 Ava Hart', '2 Ben Cole']);
    expect(await db.ask('how many pupils have enrolled')).toEqual(['2']);
    expect(await db.ask('count the pupils who enrolled')).toEqual(['2']);
    expect(await db.ask('which pupil enrolled most frequently')).toEqual(['2 Ben Cole 2']);
    expect(await db.ask('how many times has Ben Cole enrolled')).toEqual(['2']);
  });
});

describe('a bakery: orders and their lines', () => {
  const db = bootstrappedDuckdb(
    'bakeorders',
    `CREATE TABLE shopper (shopper_id INTEGER PRIMARY KEY, shopper_name VARCHAR);
     INSERT INTO shopper VALUES (1, 'Lu Ng'), (2, 'Mo Finch'), (3, 'Nell Ash');
     CREATE TABLE loaf (loaf_id INTEGER PRIMARY KEY, loaf_name VARCHAR, price DECIMAL(5,2));
     INSERT INTO loaf VALUES (1, 'Rye', 3.10), (2, 'Spelt', 3.60), (3, 'Bloomer', 2.40);
     CREATE TABLE orders (order_id INTEGER PRIMARY KEY, shopper_id INTEGER REFERENCES shopper(shopper_id), placed_on DATE);
     INSERT INTO orders VALUES (1, 1, DATE '2024-02-01'), (2, 1, DATE '2024-02-08'), (3, 2, DATE '2024-02-09');
     CREATE TABLE order_lines (order_id INTEGER REFERENCES orders(order_id), loaf_id INTEGER REFERENCES loaf(loaf_id), qty INTEGER);
     INSERT INTO order_lines VALUES (1, 1, 2), (2, 1, 1), (2, 2, 1), (3, 2, 3);`,
  );

  it('reads the verb as the table named by it alone, not the table of its parts', async () => {
    expect(await db.ask('how many shoppers ordered')).toEqual(['2']);
    expect(await db.ask('which shopper ordered the most times?')).toEqual(['1 Lu Ng 2']);
  });
});

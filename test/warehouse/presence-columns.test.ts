/**
 * Having or lacking an attribute: a column that may be empty says something by being filled ("rowers with a
 * nickname", "consignments without a tracking code", "whose insured value is missing"), a date whose name
 * carries a verb says the event happened ("rowers who resigned", "remedies that were approved", "not yet
 * dispatched"), and a whole-number column counting a noun is above 0 or 0 ("with medals", "without
 * transfers"); inside counts, lists and breakdowns. Two small databases of our own, drafted unedited; the
 * neighbouring readings (a value after the noun, a comparison, a period after the verb, a place after a
 * counted noun, an adjective of size) stay what they were or refused.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

const club = bootstrappedDuckdb(
  'rowing',
  `
    CREATE TABLE crew (crew_id INTEGER PRIMARY KEY, crew_name TEXT, home_river TEXT);
    INSERT INTO crew VALUES (1,'Blue Oars','Ouse'),(2,'Heron','Wye'),(3,'Kestrel','Ouse');
    CREATE TABLE rower (rower_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, crew_id INTEGER REFERENCES crew(crew_id),
      nickname TEXT, coach_id INTEGER REFERENCES rower(rower_id), join_date DATE, resignation_date DATE, locker_number INTEGER, medals INTEGER, weight_kg DOUBLE);
    INSERT INTO rower VALUES
      (1,'Ada','Moss',1,'Ace',NULL,DATE '2019-03-01',NULL,12,3,71.5),
      (4,'Di','Ray',2,NULL,NULL,DATE '2018-09-09',DATE '2022-02-02',NULL,0,75.0);
    INSERT INTO rower VALUES
      (3,'Cy','Fox',2,'Foxy',1,DATE '2021-01-15',NULL,7,1,68.0);
    INSERT INTO rower VALUES
      (2,'Ben','Lee',1,NULL,1,DATE '2020-05-02',DATE '2023-01-09',NULL,0,80.0),
      (5,'Ed','Kim',3,NULL,3,DATE '2022-06-30',NULL,4,2,90.0),
      (6,'Flo','Ng',3,'Flow',3,DATE '2023-04-04',NULL,NULL,0,62.0);
  `,
);

const post = bootstrappedDuckdb(
  'courier',
  `
    CREATE TABLE depot (depot_id INTEGER PRIMARY KEY, depot_name TEXT, town TEXT);
    INSERT INTO depot VALUES (1,'North Yard','Leeds'),(2,'Quay','Hull');
    CREATE TABLE consignment (consignment_id INTEGER PRIMARY KEY, sender TEXT, depot_id INTEGER REFERENCES depot(depot_id),
      booked_date DATE, dispatch_date DATE, delivered_date DATE, tracking_code TEXT, transfers INTEGER, insured_value DOUBLE);
    INSERT INTO consignment VALUES
      (1,'Ola',1,DATE '2024-01-02',DATE '2024-01-03',DATE '2024-01-05','TR1',0,100),
      (2,'Pia',1,DATE '2024-01-04',DATE '2024-01-06',NULL,NULL,2,NULL),
      (3,'Ola',2,DATE '2024-02-01',NULL,NULL,'TR3',1,50),
      (4,'Raj',2,DATE '2024-02-03',DATE '2024-02-04',DATE '2024-02-09',NULL,0,NULL),
      (5,'Sam',1,DATE '2024-03-01',NULL,NULL,NULL,0,20);
    CREATE TABLE remedy (remedy_id INTEGER PRIMARY KEY, remedy_name TEXT, approval_date DATE, withdrawal_date DATE, patent_number TEXT);
    INSERT INTO remedy VALUES (1,'Calmix',DATE '2010-01-01',NULL,'P-1'),(2,'Dozol',NULL,NULL,NULL),(3,'Ferrin',DATE '2012-05-05',DATE '2020-01-01',NULL),(4,'Gluco',NULL,NULL,'P-4');
  `,
);

const shop = bootstrappedDuckdb(
  'lending',
  `
    CREATE TABLE borrower (borrower_id INTEGER PRIMARY KEY, full_name TEXT, phone TEXT, closed_date DATE, cancellation_date DATE, fines INTEGER, referral_code TEXT);
    INSERT INTO borrower VALUES (1,'Ann Hale','555',NULL,NULL,0,'R1'),(2,'Bo Tran',NULL,DATE '2023-01-01',NULL,2,NULL),(3,'Cas Yu','',NULL,DATE '2022-05-05',1,NULL);
    CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, borrower_id INTEGER REFERENCES borrower(borrower_id), title TEXT, loan_date DATE, return_date DATE, renewals INTEGER, payment_date DATE);
    INSERT INTO loan VALUES (1,1,'Dune',DATE '2024-01-01',DATE '2024-01-20',0,NULL),(2,1,'Emma',DATE '2024-02-01',NULL,2,DATE '2024-02-03'),(3,2,'Ulysses',DATE '2024-03-01',NULL,1,NULL);
  `,
);

const refused = (r: string[]) => r.length === 1 && r[0]!.startsWith('refused');

describe('a column filled or empty', () => {
  it('rowers: a nickname, a locker number', async () => {
    expect(await club.ask('which rowers have a nickname')).toEqual(['1', '3', '6']);
    expect(await club.ask('list the first names of rowers with a nickname')).toEqual(['Ada', 'Cy', 'Flo']);
    expect(await club.ask('the last names of rowers without a nickname')).toEqual(['Kim', 'Lee', 'Ray']);
    expect(await club.ask('how many rowers have no nickname')).toEqual(['3']);
    expect(await club.ask('first names of rowers whose nickname is not recorded')).toEqual(['Ben', 'Di', 'Ed']);
    expect(await club.ask('how many rowers have been assigned a locker number')).toEqual(['3']);
    expect(await club.ask('the first names of rowers who have been given a locker number')).toEqual(['Ada', 'Cy', 'Ed']);
    expect(await club.ask('how many rowers have no locker number')).toEqual(['3']);
  });
  it('consignments: a tracking code, an insured value kept only as figures', async () => {
    expect(await post.ask('which consignments have a tracking code')).toEqual(['1', '3']);
    expect(await post.ask('the senders of consignments without a tracking code')).toEqual(['Pia', 'Raj', 'Sam']);
    expect(await post.ask('how many consignments with an insured value')).toEqual(['3']);
    expect(await post.ask('senders of consignments whose insured value is missing')).toEqual(['Pia', 'Raj']);
    expect(await post.ask('how many remedies have no patent number')).toEqual(['2']);
  });
  it('a value or a comparison after the noun is no presence', async () => {
    expect(await club.ask('rowers whose nickname is Ace')).toEqual(['1']);
    expect(await post.ask('consignments with an insured value above 60')).toEqual(['1 100']);
    expect(refused(await club.ask('rowers with a coach named Ada'))).toBe(true);
    expect(refused(await club.ask('rowers with a high weight'))).toBe(true);
  });
});

describe('a date whose name carries the verb', () => {
  it('rowers who resigned (a resignation date) or not', async () => {
    expect(await club.ask('which rowers resigned')).toEqual(['2', '4']);
    expect(await club.ask('how many rowers have resigned')).toEqual(['2']);
    expect(await club.ask('the first names of rowers who have not resigned')).toEqual(['Ada', 'Cy', 'Ed', 'Flo']);
    expect(await club.ask('how many rowers have not resigned yet')).toEqual(['4']);
    expect(await club.ask('for each crew, the number of rowers who resigned')).toEqual(['Blue Oars 1', 'Heron 1']);
    expect(await club.ask('for each crew, the number of rowers with a resignation date')).toEqual(['Blue Oars 1', 'Heron 1']);
  });
  it('consignments dispatched or delivered, remedies approved or withdrawn', async () => {
    expect(await post.ask('how many consignments were dispatched')).toEqual(['3']);
    expect(await post.ask('how many consignments have been dispatched')).toEqual(['3']);
    expect(await post.ask('which consignments were not dispatched')).toEqual(['3', '5']);
    expect(await post.ask('for each depot, the number of consignments that were delivered')).toEqual(['North Yard 1', 'Quay 1']);
    expect(await post.ask('how many remedies were approved')).toEqual(['2']);
    expect(await post.ask('the names of remedies that were withdrawn')).toEqual(['Ferrin']);
    expect(await post.ask('how many remedies were never withdrawn')).toEqual(['3']);
  });
  it('a period after the verb dates it, never only fills it', async () => {
    expect(await club.ask('how many rowers resigned in 2022')).toEqual(['1']);
    expect(await post.ask('how many consignments were dispatched in January 2024')).toEqual(['2']);
  });
});

describe('a column counting a noun', () => {
  it('rowers with or without medals', async () => {
    expect(await club.ask('how many rowers have medals')).toEqual(['3']);
    expect(await club.ask('first names of rowers without medals')).toEqual(['Ben', 'Di', 'Flo']);
    expect(await club.ask('how many rowers with no medals')).toEqual(['3']);
    expect(await club.ask('for each crew, how many rowers have medals')).toEqual(['Blue Oars 1', 'Heron 1', 'Kestrel 1']);
    expect(await club.ask('the average weight of rowers with medals')).toEqual(['76.5']);
  });
  it('consignments with or without transfers', async () => {
    expect(await post.ask('how many consignments have transfers')).toEqual(['2']);
    expect(await post.ask('senders of consignments with no transfers')).toEqual(['Ola', 'Raj', 'Sam']);
  });
  it('a number or a place after the noun is no presence', async () => {
    expect(await club.ask('how many rowers have 3 medals')).toEqual(['1']);
    expect(refused(await post.ask('consignments with transfers in Leeds'))).toBe(true);
  });
});

describe('a third vocabulary: a lending library', () => {
  it('borrowers with or without a phone (an empty text is no phone), cancelled, with fines', async () => {
    expect(await shop.ask('how many borrowers have a phone')).toEqual(['1']);
    expect(await shop.ask('the full names of borrowers lacking a phone')).toEqual(['Bo Tran', 'Cas Yu']);
    expect(await shop.ask('how many borrowers whose phone is blank')).toEqual(['2']);
    expect(await shop.ask('which borrowers were cancelled')).toEqual(['3 Cas Yu']);
    expect(await shop.ask('how many borrowers have no fines')).toEqual(['1']);
  });
  it('loans returned, paid (an irregular participle), renewed by a count column', async () => {
    expect(await shop.ask('the titles of loans that were returned')).toEqual(['Dune']);
    expect(await shop.ask('how many loans have not been returned')).toEqual(['2']);
    expect(await shop.ask('how many loans were paid')).toEqual(['1']);
    expect(await shop.ask('for each borrower, the number of loans not yet returned')).toEqual(['Ann Hale 1', 'Bo Tran 1']);
    expect(await shop.ask('which loans have renewals')).toEqual(['2 Emma', '3 Ulysses']);
  });
});

/**
 * "which cities do the staff live in", "what grades are there among the pupils", "the average salary among
 * staff in Leeds": the things named after the column asked for (the subject of the clause, or after "among")
 * are where its values are taken from, never listed themselves nor broken down one row each (`listing.ts`,
 * `build.ts`). Our own wordings on two small databases of our own, bootstrapped unedited; before, each member
 * was listed with its value, or a figure was given per member.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a firm: staff and their towns', () => {
  const db = bootstrappedDuckdb(
    'firm-columns',
    `CREATE TABLE staff (staff_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR, town VARCHAR, grade VARCHAR, salary INTEGER);
     INSERT INTO staff VALUES (1, 'Ann', 'Lee', 'Leeds', 'senior', 50000), (2, 'Bo', 'Ray', 'York', 'junior', 30000),
       (3, 'Cy', 'Poe', 'Leeds', 'junior', 34000), (4, 'Di', 'Orr', 'Hull', 'senior', 46000);`,
  );

  it('the values of the column, each once, when the members are the clause’s subject', async () => {
    expect(await db.ask('Which towns do the staff live in?')).toEqual(['Hull', 'Leeds', 'York']);
    expect(await db.ask('what grades are the staff on?')).toEqual(['junior', 'senior']);
    expect(await db.ask('what grades are there among the staff?')).toEqual(['junior', 'senior']);
  });

  it('a figure among the members is one figure over them', async () => {
    expect(await db.ask('what is the average salary among staff in Leeds?')).toEqual(['42000']);
    expect(await db.ask('the lowest salary among the staff')).toEqual(['30000']);
  });

  it('the member a superlative picks among the members named is one member', async () => {
    expect(await db.ask('which staff member has the highest salary among staff in Leeds?')).toEqual(['1 Ann Lee 50000']);
  });

  it('still lists the members asked for', async () => {
    expect(await db.ask('which staff live in Leeds?')).toEqual(['1 Ann Lee', '3 Cy Poe']);
  });
});

describe('a school: pupils and their houses', () => {
  const db = bootstrappedDuckdb(
    'school-columns',
    `CREATE TABLE pupil (pupil_id INTEGER PRIMARY KEY, pupil_name VARCHAR, house VARCHAR, year_group INTEGER, merits INTEGER);
     INSERT INTO pupil VALUES (1, 'Ava', 'Oak', 7, 12), (2, 'Ben', 'Ash', 8, 3), (3, 'Cy', 'Oak', 9, 7), (4, 'Di', 'Elm', 7, 10);`,
  );

  it('the values of the column, each once', async () => {
    expect(await db.ask('Which houses are the pupils in?')).toEqual(['Ash', 'Elm', 'Oak']);
    expect(await db.ask('what houses are there among the pupils')).toEqual(['Ash', 'Elm', 'Oak']);
  });

  it('a figure among the members is one figure over them', async () => {
    expect(await db.ask('how many merits in total among pupils in Oak?')).toEqual(['19']);
  });
});

describe('a haulier: drivers at depots', () => {
  const db = bootstrappedDuckdb(
    'haulier-columns',
    `CREATE TABLE depot (depot_id INTEGER PRIMARY KEY, depot_name VARCHAR, town VARCHAR);
     INSERT INTO depot VALUES (1, 'North Yard', 'York'), (2, 'Harbour', 'Hull');
     CREATE TABLE driver (driver_id INTEGER PRIMARY KEY, fname VARCHAR, lname VARCHAR, salary INTEGER, depot_id INTEGER REFERENCES depot(depot_id));
     INSERT INTO driver VALUES (1, 'Amy', 'Cole', 31000, 1), (2, 'Bob', 'Dean', 28000, 1), (3, 'Cara', 'Eng', 35000, 2);`,
  );

  it('the member a superlative picks among the members named is one member', async () => {
    expect(await db.ask('which driver has the highest salary among drivers at the York depot')).toEqual(['1 Amy Cole 31000']);
    expect(await db.ask('what is the lowest salary among the drivers in Hull?')).toEqual(['35000']);
  });
});

/**
 * One member by its own date (`single-table.ts`): "who was hired most recently", "which guest checked in
 * first", "the most recent visit", "the earliest booking": the member with the last or first value of the
 * date a verb names (or of the thing's one date), its key and names shown with the date, ties kept. Two
 * databases of our own (a clinic, a hotel), bootstrapped unedited; a plural, or a thing with two dates
 * and no verb naming one, stays refused.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a clinic: staff hired, visits', () => {
  const db = bootstrappedDuckdb(
    'dateclinic',
    `CREATE TABLE nurses (nurse_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR, hire_date DATE);
     INSERT INTO nurses VALUES (1,'Ana','Reyes','2019-04-01'),(2,'Bo','Lund','2022-08-15'),(3,'Cy','Moor','2015-01-10');
     CREATE TABLE visits (visit_id INTEGER PRIMARY KEY, ward VARCHAR, visit_date DATE);
     INSERT INTO visits VALUES (1,'A','2024-01-03'),(2,'B','2024-02-11'),(3,'A','2023-12-30');`,
  );

  it('reads the member hired last or first, asked by "who" or by the thing', async () => {
    expect(await db.ask('who was hired most recently')).toEqual(['2 Bo Lund 2022-08-15']);
    expect(await db.ask('which nurse was hired first')).toEqual(['3 Cy Moor 2015-01-10']);
  });

  it('reads the most recent or earliest of a thing with one date', async () => {
    expect(await db.ask('the most recent visit')).toEqual(['2 B 2024-02-11']);
    expect(await db.ask('the earliest visit')).toEqual(['3 A 2023-12-30']);
  });

  it('refuses a plural', async () => {
    expect((await db.ask('which nurses were hired most recently'))[0]).toMatch(/^refused/);
  });
});

describe('a hotel: guests and bookings', () => {
  const db = bootstrappedDuckdb(
    'datehotel',
    `CREATE TABLE guests (guest_id INTEGER PRIMARY KEY, guest_name VARCHAR, joined DATE);
     INSERT INTO guests VALUES (1,'Lee','2021-04-01'),(2,'Mo','2022-05-11'),(3,'Nia','2023-02-02');
     CREATE TABLE stays (stay_id INTEGER PRIMARY KEY, room VARCHAR, check_in DATE, check_out DATE);
     INSERT INTO stays VALUES (1,'12','2024-01-03','2024-01-05'),(2,'14','2024-02-11','2024-02-12');`,
  );

  it('reads the member who joined last', async () => {
    expect(await db.ask('which guest joined most recently')).toEqual(['3 Nia 2023-02-02']);
    expect(await db.ask('who joined first')).toEqual(['1 Lee 2021-04-01']);
  });

  it('refuses a thing with two dates and no verb naming one', async () => {
    expect((await db.ask('the most recent stay'))[0]).toMatch(/^refused/);
  });
});

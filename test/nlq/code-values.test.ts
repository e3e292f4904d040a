/**
 * Two-letter codes the user names ("XY parcels", "parcels on XY") and existence questions ("is there a
 * parcel from Oslo on XY"). A code is too short to be trusted anywhere in a question: it is read when it is
 * written in capitals beside the thing it is a column of, or after a preposition once that thing was named;
 * "is there" / "are there any" with things picked by values shows them (none is "no"). Asked in our own
 * words of small databases of our own, bootstrapped unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('couriers: parcels carried by a courier given by its code', () => {
  const db = bootstrappedDuckdb(
    'couriers',
    `CREATE TABLE courier (courier_code VARCHAR PRIMARY KEY, courier_name VARCHAR);
     INSERT INTO courier VALUES ('QX', 'Quick Express'), ('RB', 'Red Bike'), ('TL', 'Tern Logistics');
     CREATE TABLE parcel (parcel_id INTEGER PRIMARY KEY, courier_code VARCHAR REFERENCES courier(courier_code),
       origin_city VARCHAR, weight_kg DOUBLE);
     INSERT INTO parcel VALUES (1, 'QX', 'Oslo', 2.5), (2, 'QX', 'Bergen', 1.0), (3, 'RB', 'Oslo', 4.0),
       (4, 'TL', 'Oslo', 0.5), (5, 'RB', 'Bergen', 3.0), (6, 'QX', 'Oslo', 6.0);`,
  );

  it('reads a code in capitals right before its thing, or after a preposition following it', async () => {
    expect(await db.ask('how many QX parcels are there')).toEqual(['3']);
    expect(await db.ask('list the parcels on RB')).toEqual(['3', '5']);
    expect(await db.ask('show the parcels from Oslo with QX')).toEqual(['1', '6']);
  });

  it('"is there" / "are there any" with a value shows the things (none is "no")', async () => {
    expect(await db.ask('are there any parcels from Bergen on RB')).toEqual(['5']);
    const none = await db.answer('is there a parcel from Bergen on TL');
    expect(none.status).toBe('no_data');
    expect(none.status !== 'refused' && none.query?.metrics).toEqual([]);
  });

  it('a code in lower case, or not beside its thing, is not read', async () => {
    expect((await db.ask('list the parcels on rb'))[0]).toMatch(/^refused/);
    expect((await db.ask('QX'))[0]).toMatch(/^refused/);
  });
});

describe('school: lessons of a subject given by its code', () => {
  const db = bootstrappedDuckdb(
    'school',
    `CREATE TABLE subject (subject_code VARCHAR PRIMARY KEY, title VARCHAR);
     INSERT INTO subject VALUES ('MA', 'Mathematics'), ('BI', 'Biology'), ('HI', 'History');
     CREATE TABLE lesson (lesson_id INTEGER PRIMARY KEY, subject_code VARCHAR REFERENCES subject(subject_code),
       room VARCHAR, pupils INTEGER);
     INSERT INTO lesson VALUES (10, 'MA', 'North', 24), (11, 'BI', 'South', 18), (12, 'MA', 'South', 30),
       (13, 'HI', 'North', 12), (14, 'BI', 'North', 20);`,
  );

  it('reads the code before the thing and after a preposition', async () => {
    expect(await db.ask('how many BI lessons are there')).toEqual(['2']);
    expect(await db.ask('lessons in the North room on MA')).toEqual(['10']);
  });

  it('existence with a number is a count, not a list ("are there more than 2")', async () => {
    const r = await db.answer('are there more than 2 lessons in the North room');
    expect(r.status === 'done' && r.query?.group_by.length).not.toBe(1);
  });
});

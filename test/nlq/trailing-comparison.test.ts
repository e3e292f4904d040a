/**
 * A comparison said after the thing it bounds ("20 pages or more", "1 book or fewer") bounds the thing
 * right after the number, as "at least 20 pages" does: a number column of the things, or a count of their
 * related rows; never a count of the things named before it. Asked in our own words of small databases of
 * our own, bootstrapped unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('library: pages of books, books of writers', () => {
  const db = bootstrappedDuckdb(
    'reading_room',
    `CREATE TABLE writer (writer_id INTEGER PRIMARY KEY, writer_name VARCHAR);
     INSERT INTO writer VALUES (1, 'Ann Lee'), (2, 'Bo Chan'), (3, 'Cy Dow');
     CREATE TABLE book (book_id INTEGER PRIMARY KEY, title VARCHAR, pages INTEGER, writer_id INTEGER REFERENCES writer(writer_id));
     INSERT INTO book VALUES (1, 'Red Sky', 300, 1), (2, 'Blue Sea', 120, 1), (3, 'Gray Day', 220, 2), (4, 'Tan Sun', 90, 2), (5, 'Fog', 150, 2);`,
  );

  it('bounds the number column after the number', async () => {
    expect(await db.ask('books with 200 pages or more')).toEqual(['1 Red Sky 300', '3 Gray Day 220']);
    expect(await db.ask('how many books have 120 pages or less')).toEqual(['2']);
  });

  it('bounds the count of related rows after the number, never the things before it', async () => {
    expect(await db.ask('writers with 3 books or more')).toEqual(['Bo Chan 3']);
    // (at most 2 takes in a writer with none)
    const fewer = await db.answer('writers with 2 books or fewer');
    expect(fewer.status === 'done' && fewer.rows.map((r) => r.writer)).toEqual(['Ann Lee', 'Cy Dow']);
  });
});

describe('stable: rides of horses', () => {
  const db = bootstrappedDuckdb(
    'stable',
    `CREATE TABLE horse (horse_id INTEGER PRIMARY KEY, horse_name VARCHAR, height_hands DOUBLE);
     INSERT INTO horse VALUES (1, 'Dusty', 15.2), (2, 'Bramble', 14.0), (3, 'Pepper', 16.1);
     CREATE TABLE ride (ride_id INTEGER PRIMARY KEY, horse_id INTEGER REFERENCES horse(horse_id), minutes INTEGER);
     INSERT INTO ride VALUES (1, 1, 30), (2, 1, 45), (3, 3, 60), (4, 1, 20), (5, 2, 50);`,
  );

  it('reads "N things or more" as "at least N things"', async () => {
    expect(await db.ask('rides with 45 minutes or more')).toEqual(['2 45', '3 60', '5 50']);
    expect(await db.ask('horses with 2 rides or more')).toEqual(['Dusty 3']);
  });
});

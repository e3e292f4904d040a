/**
 * An aggregate word said with "of" before a thing's own number column ("the sum of the pages", "the
 * average of ages") is that aggregate of the column; where the question cannot be read so (the rows are
 * picked through other tables), the word is never dropped to list each value instead: refused. Asked in
 * our own words of small databases of our own, bootstrapped unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('library: pages of books', () => {
  const db = bootstrappedDuckdb(
    'shelf',
    `CREATE TABLE writer (writer_id INTEGER PRIMARY KEY, writer_name VARCHAR, country VARCHAR);
     INSERT INTO writer VALUES (1, 'Ann Lee', 'France'), (2, 'Bo Chan', 'Peru');
     CREATE TABLE book (book_id INTEGER PRIMARY KEY, title VARCHAR, pages INTEGER);
     INSERT INTO book VALUES (1, 'Red Sky', 300), (2, 'Blue Sea', 120), (3, 'Gray Day', 220), (4, 'Tan Sun', 90);
     CREATE TABLE authorship (book_id INTEGER REFERENCES book(book_id), writer_id INTEGER REFERENCES writer(writer_id));
     INSERT INTO authorship VALUES (1, 1), (2, 1), (3, 2), (4, 2);`,
  );

  it('reads "<aggregate> of (all) (the) <column>" as the aggregate', async () => {
    expect(await db.ask('the sum of the pages of all books')).toEqual(['730']);
    expect(await db.ask('what is the average of pages')).toEqual(['182.5']);
    expect(await db.ask('maximum of pages')).toEqual(['300']);
  });

  it('reads the aggregate over rows a related thing picks, and lists each value without an aggregate word', async () => {
    // (refused before: never the list of each value with "sum" dropped)
    expect(await db.ask('sum of pages of books by Ann Lee')).toEqual(['420']);
    expect(await db.ask('pages of books by Ann Lee')).toEqual(['120', '300']);
  });
});

describe('harbour: lengths of boats', () => {
  const db = bootstrappedDuckdb(
    'harbour',
    `CREATE TABLE owner (owner_id INTEGER PRIMARY KEY, owner_name VARCHAR);
     INSERT INTO owner VALUES (1, 'Ines Moor'), (2, 'Tom Reed');
     CREATE TABLE boat (boat_id INTEGER PRIMARY KEY, boat_name VARCHAR, owner_id INTEGER REFERENCES owner(owner_id), berth_fee DOUBLE);
     INSERT INTO boat VALUES (1, 'Gull', 1, 40.0), (2, 'Tern', 1, 25.0), (3, 'Skua', 2, 70.0);`,
  );

  it('reads the aggregate of the column, also through the owner when the fee is a figure of the model', async () => {
    expect(await db.ask('the total of berth fees')).toEqual(['135']);
    expect(await db.ask('the minimum and maximum of the berth fee')).toEqual(['25 70']);
    expect(await db.ask('total of berth fees of boats of Ines Moor')).toEqual(['65']);
  });
});

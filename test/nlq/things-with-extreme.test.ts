/**
 * Things in the plural WITH the highest or lowest figure ("writers with the lowest age", "boats that have
 * the longest hull") are the members holding it, every one tied for it; never how many things there are
 * beside the figure over them all, nor a count of things per value of the column. With the order spelled
 * out ("ordered from largest to smallest") every member is listed. Asked in our own words of small
 * databases of our own, bootstrapped unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('library: writers and books', () => {
  const db = bootstrappedDuckdb(
    'stacks',
    `CREATE TABLE writer (writer_id INTEGER PRIMARY KEY, writer_name VARCHAR, age INTEGER);
     INSERT INTO writer VALUES (1, 'Ann Lee', 40), (2, 'Bo Chan', 50), (3, 'Cy Dow', 61), (4, 'Di Orr', 40);
     CREATE TABLE book (book_id INTEGER PRIMARY KEY, title VARCHAR, pages INTEGER);
     INSERT INTO book VALUES (1, 'Red Sky', 300), (2, 'Blue Sea', 120), (3, 'Gray Day', 220), (4, 'Tan Sun', 90);`,
  );

  it('lists the members holding the extreme, ties included', async () => {
    expect(await db.ask('writers with the lowest age')).toEqual(['1 Ann Lee 40', '4 Di Orr 40']);
    expect(await db.ask('list the writers with the highest age')).toEqual(['3 Cy Dow 61']);
    expect(await db.ask('books with the most pages')).toEqual(['1 Red Sky 300']);
    expect(await db.ask('books that have the fewest pages')).toEqual(['4 Tan Sun 90']);
  });

  it('a plural with no "with" says no number of them: not understood', async () => {
    expect((await db.ask('the longest books'))[0]).toMatch(/^refused/);
  });
});

describe('harbour: boats', () => {
  const db = bootstrappedDuckdb(
    'moorings',
    `CREATE TABLE boat (boat_id INTEGER PRIMARY KEY, boat_name VARCHAR, hull_length DOUBLE, berth_fee DOUBLE);
     INSERT INTO boat VALUES (1, 'Gull', 9.5, 40.0), (2, 'Tern', 12.0, 25.0), (3, 'Skua', 12.0, 70.0), (4, 'Auk', 7.0, 30.0);`,
  );

  it('lists the boats holding the extreme; with the order spelled out, every boat', async () => {
    expect(await db.ask('boats with the longest hull length')).toEqual(['2 Tern 12', '3 Skua 12']);
    expect(await db.ask('boats having the highest berth fee')).toEqual(['3 Skua 70']);
    const all = await db.ask('boats with the highest berth fee, ordered from highest to lowest');
    expect(all).toHaveLength(4);
  });
});

/**
 * Figures over all the rows of one thing, in two vocabularies of our own (bands and venues, a
 * bookshop): "the maximum capacity and the average capacity of all venues" is two figures over every
 * venue (it was read as the top 10 venues, each with its own average), and "bands that have more than
 * 3 members" compares the band's own members column (it was read as a count of the bands themselves,
 * which no band passes). "Count the number of X" is one count; "the average number of members" of a
 * members column is that column averaged; a period applies to the thing's own date when the words say
 * that date ("venues opened before 2005") or it is the only date about the thing ("gigs in 2023").
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

const bands = bootstrappedDuckdb(
  'bands',
  `
    CREATE TABLE band (band_id INTEGER PRIMARY KEY, name TEXT, country TEXT, formed_year INTEGER, members INTEGER);
    INSERT INTO band VALUES (1,'Glass Owls','Norway',1998,4),(2,'Tin Harbour','Ireland',2005,3),(3,'Red Meridian','Norway',2011,5),(4,'Salt & Cedar','Canada',1989,2),(5,'Low Orbit','Ireland',2016,4);
    CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, venue_name TEXT, city TEXT, capacity INTEGER, opened DATE);
    INSERT INTO venue VALUES (1,'The Vault','Dublin',800,'1995-03-01'),(2,'North Hall','Oslo',2500,'2008-09-15'),(3,'Pier Room','Cork',300,'2012-05-20'),(4,'Arena Bay','Oslo',12000,'2001-01-10');
    CREATE TABLE gig (gig_id INTEGER PRIMARY KEY, band_id INTEGER REFERENCES band(band_id), venue_id INTEGER REFERENCES venue(venue_id), gig_date DATE, attendance INTEGER);
    INSERT INTO gig VALUES (1,1,2,'2023-04-01',2100),(2,1,4,'2023-06-12',9000),(3,2,1,'2022-11-05',640),(4,3,2,'2024-02-17',2400),(5,5,3,'2024-03-09',280),(6,4,1,'2023-08-22',700),(7,3,4,'2024-07-01',11000);
  `,
);

const books = bootstrappedDuckdb(
  'bookshop',
  `
    CREATE TABLE book (book_id INTEGER PRIMARY KEY, title TEXT, language TEXT, pages INTEGER, price DECIMAL(8,2), published DATE);
    INSERT INTO book VALUES (1,'Fen Birds','English',320,18.50,'1998-02-01'),(2,'Salt Roads','French',210,12.00,'2004-06-30'),(3,'On Tides','English',150,9.50,'2011-10-10'),(4,'Low Light','English',480,24.00,'1991-01-15');
    CREATE TABLE sale (sale_id INTEGER PRIMARY KEY, book_id INTEGER REFERENCES book(book_id), sold_on DATE, copies INTEGER);
    INSERT INTO sale VALUES (1,1,'2024-01-05',3),(2,2,'2024-02-11',1),(3,1,'2025-03-02',2),(4,4,'2024-07-19',6),(5,3,'2025-01-30',4);
  `,
);

describe('an aggregate word before the figure and the things after it: one figure over them', () => {
  it('venues: the maximum and the average capacity of all venues, one row', async () => {
    expect(await bands.ask('What is the maximum capacity and the average capacity of all venues?')).toEqual(['3900 12000']);
  });
  it('books: the maximum price and average price of books, one row', async () => {
    expect(await books.ask('the maximum price and average price of books')).toEqual(['24 16']);
  });
  it('the thing before the superlative is still ranked', async () => {
    expect(await bands.ask('which venue has the maximum capacity')).toEqual(['4 Arena Bay 12000']);
  });
});

describe('"more than N <own numeric column>" compares that column', () => {
  it('bands: more than 3 members and from Ireland', async () => {
    expect(await bands.ask('Give me the names of bands that have more than 3 members and are from Ireland.')).toEqual(['Low Orbit 4']);
  });
  it('books: more than 300 pages and in English', async () => {
    expect(await books.ask('books that have more than 300 pages and are in English')).toEqual(['1 Fen Birds 320', '4 Low Light 480']);
  });
});

describe('counting words and numbers of things kept in a column', () => {
  it('"count the number of X" is one count, per member when asked', async () => {
    expect(await bands.ask('Count the number of gigs for each band.')).toEqual([
      'Glass Owls 2',
      'Low Orbit 1',
      'Red Meridian 2',
      'Salt & Cedar 1',
      'Tin Harbour 1',
    ]);
    expect(await books.ask('count the number of books in English')).toEqual(['3']);
  });
  it('"the average, minimum and maximum number of members": the members column', async () => {
    expect(await bands.ask('What is the average, minimum and maximum number of members of bands from Norway?')).toEqual(['4.5 4 5']);
    expect(await books.ask('the average number of pages of books in English')).toEqual(['316.6666666666667']);
  });
});

describe("a period of the thing's own date", () => {
  it('gigs: the only date about them', async () => {
    expect(await bands.ask('What is the total attendance of all gigs in 2023?')).toEqual(['11800']);
  });
  it('venues and books: the date the verb names', async () => {
    expect(await bands.ask('Which venues opened before 2005?')).toEqual(['Arena Bay', 'The Vault']);
    expect(await books.ask('books published after 2000')).toEqual(['On Tides', 'Salt Roads']);
  });
  it('a period no date of the thing is said for stays refused', async () => {
    expect((await bands.ask('venues in 2008'))[0]).toMatch(/^refused: /);
    expect((await books.ask('which books in 2024'))[0]).toMatch(/^refused: /);
  });
});

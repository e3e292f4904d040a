/**
 * Figures over all the rows of one thing, in two vocabularies of our own (bands and venues, a
 * bookshop): "the maximum capacity and the average capacity of all venues" is two figures over every
 * venue (it was read as the top 10 venues, each with its own average), and "bands that have more than
 * 3 members" compares the band's own members column (it was read as a count of the bands themselves,
 * which no band passes).
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

const bands = bootstrappedDuckdb(
  'bands',
  `
    CREATE TABLE band (band_id INTEGER PRIMARY KEY, name TEXT, country TEXT, formed_year INTEGER, members INTEGER);
    INSERT INTO band VALUES (1,'Glass Owls','Norway',1998,4),(2,'Tin Harbour','Ireland',2005,3),(3,'Red Meridian','Norway',2011,5),(4,'Salt & Cedar','Canada',1989,2),(5,'Low Orbit','Ireland',2016,4);
    CREATE TABLE venue (venue_id INTEGER PRIMARY KEY, venue_name TEXT, city TEXT, capacity INTEGER);
    INSERT INTO venue VALUES (1,'The Vault','Dublin',800),(2,'North Hall','Oslo',2500),(3,'Pier Room','Cork',300),(4,'Arena Bay','Oslo',12000);
  `,
);

const books = bootstrappedDuckdb(
  'bookshop',
  `
    CREATE TABLE book (book_id INTEGER PRIMARY KEY, title TEXT, language TEXT, pages INTEGER, price DECIMAL(8,2));
    INSERT INTO book VALUES (1,'Fen Birds','English',320,18.50),(2,'Salt Roads','French',210,12.00),(3,'On Tides','English',150,9.50),(4,'Low Light','English',480,24.00);
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

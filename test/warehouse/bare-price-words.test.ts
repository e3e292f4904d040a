/**
 * A column named only "price" or "cost" is said bare ("the price of each book", "repairs with a cost
 * above 100"), not only with its thing ("book price"), in two vocabularies of our own; when two things
 * each have one, the thing the question names decides ("the average price of magazines").
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

const shop = bootstrappedDuckdb(
  'bookstall',
  `
    CREATE TABLE book (book_id INTEGER PRIMARY KEY, title TEXT, language TEXT, price DECIMAL(8,2));
    INSERT INTO book VALUES (1,'Fen Birds','English',18.50),(2,'Salt Roads','French',12.00),(3,'On Tides','English',9.50),(4,'Low Light','English',24.00);
    CREATE TABLE magazine (magazine_id INTEGER PRIMARY KEY, magazine_title TEXT, price DECIMAL(8,2));
    INSERT INTO magazine VALUES (1,'Tideline',4.00),(2,'Marsh Notes',6.00);
  `,
);

const garage = bootstrappedDuckdb(
  'garage',
  `
    CREATE TABLE repair (repair_id INTEGER PRIMARY KEY, vehicle TEXT, mechanic TEXT, cost DECIMAL(8,2));
    INSERT INTO repair VALUES (1,'van','Ola',240.00),(2,'car','Ola',80.00),(3,'van','Ben',130.00);
  `,
);

describe('"price" and "cost" said bare', () => {
  it('books: the price of one book, books over a price, the highest price', async () => {
    expect(await shop.ask('what is the price of Fen Birds')).toEqual(['18.5']);
    expect(await shop.ask('books with a price above 15')).toEqual(['Fen Birds 18.5', 'Low Light 24']);
    expect(await shop.ask('the maximum price of books')).toEqual(['24']);
  });
  it('two things with a price: the one the question names', async () => {
    expect(await shop.ask('the average price of magazines')).toEqual(['5']);
  });
  it('repairs: the total cost, repairs with a cost above 100', async () => {
    expect(await garage.ask('the total cost of repairs on vans')).toEqual(['370']);
    expect(await garage.ask('how many repairs have a cost above 100')).toEqual(['2']);
  });
});

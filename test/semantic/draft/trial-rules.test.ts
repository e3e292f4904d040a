/**
 * Drafting rules found by the init trials on public sample databases, each asked here of small
 * databases of my own (two vocabularies where the rule is about words): a number named by a unit of
 * time is a length, a quantity of things sold counts units, the total of a bill is the amount billed,
 * a company that ships is a shipping company, a list of keys in one text is no dimension, views over
 * the tables are left out, and a thing with few members and no text is named by its key.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../../helpers/bootstrapped-duckdb.js';

describe('a podcast and an airline: durations, units, bills', () => {
  const podcast = bootstrappedDuckdb(
    'podcast',
    `CREATE TABLE episode (episode_id INTEGER PRIMARY KEY, title VARCHAR, seconds INTEGER, aired_on DATE);
     INSERT INTO episode VALUES (1, 'Pilot', 1200, DATE '2024-01-05'), (2, 'Second', 1800, DATE '2024-02-05'), (3, 'Third', 2400, DATE '2024-03-05');
     CREATE TABLE sponsor_bill (sponsor_bill_id INTEGER PRIMARY KEY, billed_on DATE, total DECIMAL(8,2));
     INSERT INTO sponsor_bill VALUES (1, DATE '2024-01-31', 500), (2, DATE '2024-02-29', 700), (3, DATE '2025-01-31', 900);
     CREATE TABLE merch_sale (merch_sale_id INTEGER PRIMARY KEY, item VARCHAR, qty INTEGER, sold_on DATE);
     INSERT INTO merch_sale VALUES (1, 'mug', 2, DATE '2024-01-02'), (2, 'shirt', 5, DATE '2024-01-03'), (3, 'mug', 1, DATE '2024-02-02');`,
  );
  const airline = bootstrappedDuckdb(
    'airline',
    `CREATE TABLE flight (flight_id INTEGER PRIMARY KEY, route VARCHAR, duration_minutes INTEGER, departed_at DATE);
     INSERT INTO flight VALUES (1, 'AMS-LHR', 70, DATE '2024-04-01'), (2, 'AMS-LHR', 80, DATE '2024-04-02'), (3, 'AMS-CDG', 75, DATE '2024-04-03');
     CREATE TABLE invoice (invoice_id INTEGER PRIMARY KEY, issued_on DATE, amount DECIMAL(8,2));
     INSERT INTO invoice VALUES (1, DATE '2024-04-01', 100), (2, DATE '2024-05-01', 250);
     CREATE TABLE order_line (order_line_id INTEGER PRIMARY KEY, meal VARCHAR, quantity INTEGER, ordered_on DATE);
     INSERT INTO order_line VALUES (1, 'pasta', 3, DATE '2024-04-01'), (2, 'salad', 4, DATE '2024-04-01'), (3, 'pasta', 2, DATE '2024-04-02');`,
  );
  it('a number named by a unit of time is a length: "average episode length", "average flight duration in minutes"', async () => {
    expect(await podcast.ask('average episode length')).toEqual(['1800']);
    expect(await podcast.ask('total length in seconds')).toEqual(['5400']);
    expect(await airline.ask('average flight duration in minutes by route')).toEqual(['AMS-CDG 75', 'AMS-LHR 75']);
  });
  it('the quantity of a table of sales or orders counts units: "units sold", "units by meal"', async () => {
    expect(await podcast.ask('units sold by item')).toEqual(['mug 3', 'shirt 5']);
    expect(await airline.ask('units sold per meal')).toEqual(['pasta 5', 'salad 4']);
  });
  it('the total of a bill or an invoice is what was billed or invoiced (never their count)', async () => {
    expect(await podcast.ask('total billed in 2024')).toEqual(['1200']);
    expect(await airline.ask('amount invoiced in May 2024')).toEqual(['250']);
  });
});

describe('a book trade: companies, key lists, views, things named by their key', () => {
  const trade = bootstrappedDuckdb(
    'trade',
    `CREATE TABLE publisher (publisher_id INTEGER PRIMARY KEY, company VARCHAR);
     INSERT INTO publisher VALUES (1, 'Inkwell'), (2, 'Paperleaf');
     CREATE TABLE shipper (shipper_id INTEGER PRIMARY KEY, company VARCHAR);
     INSERT INTO shipper VALUES (1, 'Swift Freight'), (2, 'Slow Boat');
     CREATE TABLE warehouse_site (warehouse_site_id INTEGER PRIMARY KEY, opened_on DATE);
     INSERT INTO warehouse_site VALUES (1, DATE '2020-01-01'), (2, DATE '2021-01-01');
     CREATE TABLE book (book_id INTEGER PRIMARY KEY, title VARCHAR, publisher_id INTEGER REFERENCES publisher,
       warehouse_site_id INTEGER REFERENCES warehouse_site, author_ids VARCHAR, price DECIMAL(6,2));
     INSERT INTO book VALUES (1, 'Rivers', 1, 1, '3', 10), (2, 'Hills', 1, 2, '3;7', 12), (3, 'Seas', 2, 1, '7', 9),
       (4, 'Lakes', 2, 1, '2', 11), (5, 'Woods', 1, 1, '9', 8);
     CREATE TABLE delivery (delivery_id INTEGER PRIMARY KEY, shipper_id INTEGER REFERENCES shipper, delivered_on DATE);
     INSERT INTO delivery VALUES (1, 1, DATE '2024-01-01'), (2, 1, DATE '2024-01-02'), (3, 2, DATE '2024-01-03');
     CREATE VIEW books_by_publisher AS SELECT p.company AS publisher, count(*) AS books FROM book b JOIN publisher p USING (publisher_id) GROUP BY 1;`,
  );
  it('a company named as a doer is "the <doing> company": publishing, shipping', async () => {
    expect(await trade.ask('number of books per publishing company')).toEqual(['Inkwell 3', 'Paperleaf 2']);
    expect(await trade.ask('deliveries by shipping company')).toEqual(['Slow Boat 1', 'Swift Freight 2']);
  });
  it('a list of keys in one text is no dimension: its "3" never eats the number of a question', async () => {
    expect(trade.model.dimensions!.some((d) => d.sql?.includes('author_ids'))).toBe(false);
    expect(await trade.ask('top 3 books by highest book price')).toHaveLength(3);
  });
  it('a view over the tables is left out (the draft says so); the tables answer', async () => {
    expect(trade.model.entities!.map((e) => e.table)).not.toContain('books_by_publisher');
  });
  it('a thing with few members and no text is named by its key: "books per warehouse site" groups by site', async () => {
    expect(await trade.ask('number of books per warehouse site')).toEqual(['1 4', '2 1']);
  });
});

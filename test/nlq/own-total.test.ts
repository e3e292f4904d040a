/**
 * A thing's own column whose name is an aggregate word ("total" of an invoice, "sum" of a payment):
 * "invoices with a total over 20", "how many receipts have a sum of at least 10". Before a condition
 * it is that column of each row, never the count of the things held to a bound (the general rules
 * had read "whose total is at least 20" as "at least 20 invoices"). A thing with no name is listed by
 * its key. "the total of invoices" stays a figure. Our own wordings on two drafted databases.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a column called by an aggregate word, before a condition', () => {
  const shop = bootstrappedDuckdb(
    'shop-own-total',
    `CREATE TABLE invoices (invoice_id INTEGER PRIMARY KEY, billing_city VARCHAR, total DECIMAL(8,2));
     INSERT INTO invoices VALUES (1, 'Leeds', 12.50), (2, 'York', 25.00), (3, 'Leeds', 31.75), (4, 'Hull', 8.00);`,
  );
  const cafe = bootstrappedDuckdb(
    'cafe-own-total',
    `CREATE TABLE receipts (receipt_id INTEGER PRIMARY KEY, till VARCHAR, sum DECIMAL(8,2));
     INSERT INTO receipts VALUES (1, 'front', 4.20), (2, 'front', 11.00), (3, 'back', 15.60);`,
  );

  it('lists the rows whose own total meets the condition, by key', async () => {
    // (the key first, a name beside it where the draft finds one)
    const keys = async (question: string) => (await shop.ask(question)).map((r) => r.split(' ')[0]);
    expect(await keys('invoices with a total over 20')).toEqual(['2', '3']);
    expect(await keys('list the invoices whose total is at least 25')).toEqual(['2', '3']);
    expect((await cafe.ask('receipts with a sum below 5')).map((r) => r.split(' ')[0])).toEqual(['1']);
  });

  it('ranks by it and aggregates it: the word is the column, no second aggregate', async () => {
    expect((await shop.ask('which invoice has the highest total')).map((r) => r.split(' ')[0])).toEqual(['3']);
    expect(await shop.ask('what is the highest invoice total')).toEqual(['31.75']);
    expect(await cafe.ask('the lowest receipt sum')).toEqual(['4.2']);
  });

  it('counts them, with a value condition beside', async () => {
    expect(await shop.ask('how many invoices in Leeds have a total above 20')).toEqual(['1']);
    expect(await cafe.ask('how many receipts have a sum of at least 10')).toEqual(['2']);
  });
});

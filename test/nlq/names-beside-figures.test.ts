/**
 * "the names and ages of pupils", "names and prices of products": the things' names asked beside one of
 * their figures list each one with its own value. The name word names the thing's naming column; it was
 * excused as "whose rows these are" (as in "the average age of pupils") and the figure came back as one
 * total of all of them. A figure said in the plural with no aggregate word ("the ages of pupils") is each
 * one's own value too (`eachOwnValue` in interpret.ts). Two databases of our own (a school and a shop), drafted unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a school: names beside ages and pay', () => {
  const db = bootstrappedDuckdb(
    'namesschool',
    `CREATE TABLE tutors (tutor_id INTEGER PRIMARY KEY, tutor_name VARCHAR, age INTEGER, salary DECIMAL(10,2), town VARCHAR);
     INSERT INTO tutors VALUES (1,'Ada',34,32000,'Leeds'),(2,'Ben',51,41000,'York'),(3,'Cara',28,27000,'Cork'),(4,'Dev',45,38000,'Leeds');
     CREATE TABLE pupils (pupil_id INTEGER PRIMARY KEY, pupil_name VARCHAR, age INTEGER);
     INSERT INTO pupils VALUES (1,'Gil',12),(2,'Hana',14),(3,'Ivo',11);`,
  );

  it('lists each one with its own figure', async () => {
    expect(await db.ask('the names and ages of pupils')).toEqual(['Gil 12', 'Hana 14', 'Ivo 11']);
    expect(await db.ask('names and salaries of tutors')).toEqual(['Ada 32000', 'Ben 41000', 'Cara 27000', 'Dev 38000']);
    expect(await db.ask('the names and ages of the tutors in Leeds')).toEqual(['Ada 34', 'Dev 45']);
  });

  it("lists each one's own value of a figure said in the plural with no aggregate word", async () => {
    expect(await db.ask('the ages of pupils')).toEqual(['11', '12', '14']);
    expect(await db.ask('salaries of the tutors in Leeds')).toEqual(['32000', '38000']);
  });

  it('keeps one figure of them all when an aggregate is said', async () => {
    expect(await db.ask('the average age of pupils')).toEqual([expect.stringMatching(/^12\.33/)]);
    expect(await db.ask('the total salary of tutors')).toEqual(['138000']);
  });
});

describe('a shop: names beside prices and stock', () => {
  const db = bootstrappedDuckdb(
    'namesshop',
    `CREATE TABLE products (product_id INTEGER PRIMARY KEY, product_name VARCHAR, price DECIMAL(8,2), units_in_stock INTEGER);
     INSERT INTO products VALUES (1,'Kettle',24.50,3),(2,'Toaster',31.00,0),(3,'Lamp',19.99,12);`,
  );

  it('lists each one with its own figure', async () => {
    expect(await db.ask('names and units in stock of the products')).toEqual(['Kettle 3', 'Lamp 12', 'Toaster 0']);
    expect(await db.ask('products and their units in stock')).toEqual(['Kettle 3', 'Lamp 12', 'Toaster 0']);
  });

  it('keeps one figure of them all when an aggregate is said', async () => {
    expect(await db.ask('the total units in stock of products')).toEqual(['15']);
  });
});

/**
 * A participle after a qualifier says of the thing qualified: "books from Penguin containing the tag
 * mystery" — "containing" links the books (not the publisher right before it) and the tags, when the
 * model relates the books and the tags in one way (a linking table). Before: refused, "containing" not
 * understood. Two databases of our own, bootstrapped
 * unedited: a bookshop and a recipe site.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a participle after a qualifier, in a bookshop', () => {
  const db = bootstrappedDuckdb(
    'bookshop',
    `CREATE TABLE publisher (publisher_id INTEGER PRIMARY KEY, publisher_name VARCHAR);
     INSERT INTO publisher VALUES (1, 'Penguin'), (2, 'Faber');
     CREATE TABLE tag (tag_id INTEGER PRIMARY KEY, tag_name VARCHAR);
     INSERT INTO tag VALUES (1, 'mystery'), (2, 'coastal'), (3, 'war');
     CREATE TABLE book (book_id INTEGER PRIMARY KEY, title VARCHAR, publisher_id INTEGER REFERENCES publisher(publisher_id));
     INSERT INTO book VALUES (1, 'Salt Harbour', 1), (2, 'The Quiet Pier', 1), (3, 'Iron Winter', 2), (4, 'Low Tide', 2), (5, 'Night Ferry', 1);
     CREATE TABLE book_tag (book_id INTEGER REFERENCES book(book_id), tag_id INTEGER REFERENCES tag(tag_id));
     INSERT INTO book_tag VALUES (1, 1), (1, 2), (2, 2), (3, 3), (4, 1), (4, 2), (5, 1);`,
  );

  it('links the books qualified by their publisher and the tags', async () => {
    expect(await db.ask('how many books from Penguin containing the tag mystery')).toEqual(['2']);
    expect(await db.ask('the number of books by Faber containing the tag coastal')).toEqual(['1']);
  });
});

describe('a participle after a qualifier, on a recipe site', () => {
  const db = bootstrappedDuckdb(
    'recipes',
    `CREATE TABLE cuisine (cuisine_id INTEGER PRIMARY KEY, cuisine_name VARCHAR);
     INSERT INTO cuisine VALUES (1, 'Italian'), (2, 'Thai');
     CREATE TABLE ingredient (ingredient_id INTEGER PRIMARY KEY, ingredient_name VARCHAR);
     INSERT INTO ingredient VALUES (1, 'basil'), (2, 'garlic'), (3, 'lime');
     CREATE TABLE recipe (recipe_id INTEGER PRIMARY KEY, recipe_title VARCHAR, cuisine_id INTEGER REFERENCES cuisine(cuisine_id));
     INSERT INTO recipe VALUES (1, 'Pesto Pasta', 1), (2, 'Green Curry', 2), (3, 'Garlic Bread', 1), (4, 'Som Tam', 2);
     CREATE TABLE recipe_ingredient (recipe_id INTEGER REFERENCES recipe(recipe_id), ingredient_id INTEGER REFERENCES ingredient(ingredient_id));
     INSERT INTO recipe_ingredient VALUES (1, 1), (1, 2), (2, 1), (2, 3), (3, 2), (4, 3), (4, 2);`,
  );

  it('links the recipes qualified by their cuisine and the ingredients', async () => {
    expect(await db.ask('how many recipes in the Italian cuisine using the ingredient garlic')).toEqual(['2']);
    expect(await db.ask('the number of recipes of Thai cuisine containing ingredient lime')).toEqual(['2']);
  });

  it('right after the thing, the participle links it as before', async () => {
    expect(await db.ask('how many recipes containing the ingredient basil')).toEqual(['2']);
  });
});

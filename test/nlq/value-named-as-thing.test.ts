/**
 * "recipes with Garlic in their ingredients", "cooks with Grill as their department": a value followed by
 * "in"/"as" and the thing it is a member of says what the value is (as "the Grill department" does). The
 * thing's word was read as a second thing asked about: a count of the first beside a count of the second,
 * or a count in place of the list. Two databases of our own, drafted unedited.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a kitchen: recipes, their ingredients (a table of pairs) and cooks in departments', () => {
  const db = bootstrappedDuckdb(
    'valueasthingkitchen',
    `CREATE TABLE recipe (recipe_id INTEGER PRIMARY KEY, recipe_name TEXT, minutes INTEGER);
     CREATE TABLE ingredient (ingredient_id INTEGER PRIMARY KEY, ingredient_name TEXT);
     CREATE TABLE recipe_ingredient (recipe_id INTEGER REFERENCES recipe(recipe_id), ingredient_id INTEGER REFERENCES ingredient(ingredient_id));
     CREATE TABLE department (department_id INTEGER PRIMARY KEY, department_name TEXT);
     CREATE TABLE cook (cook_id INTEGER PRIMARY KEY, cook_name TEXT, department_id INTEGER REFERENCES department(department_id));
     INSERT INTO recipe VALUES (1,'Pesto',10),(2,'Soup',40),(3,'Stew',90);
     INSERT INTO ingredient VALUES (1,'Basil'),(2,'Garlic'),(3,'Leek');
     INSERT INTO recipe_ingredient VALUES (1,1),(1,2),(2,3),(3,2),(3,3);
     INSERT INTO department VALUES (1,'Pastry'),(2,'Grill');
     INSERT INTO cook VALUES (1,'Ari',1),(2,'Bea',2),(3,'Cal',2);`,
  );

  it('reads the thing after "in"/"as" as what the value is', async () => {
    expect(await db.ask('recipes with Garlic in their ingredients')).toEqual(['1 Pesto', '3 Stew']);
    expect(await db.ask('recipes with Leek in ingredients')).toEqual(['2 Soup', '3 Stew']);
    expect(await db.ask('cooks with Grill as their department')).toEqual(['2 Bea', '3 Cal']);
    expect(await db.ask('how many cooks have Grill as department')).toEqual(['2']);
  });

  it('refuses a thing the value is no member of', async () => {
    expect((await db.ask('recipes with Garlic in cooks'))[0]).toMatch(/^refused/);
  });
});

describe('a film archive: films and their genres', () => {
  const db = bootstrappedDuckdb(
    'valueasthingfilms',
    `CREATE TABLE genre (genre_id INTEGER PRIMARY KEY, genre_name TEXT);
     CREATE TABLE film (film_id INTEGER PRIMARY KEY, title TEXT, genre_id INTEGER REFERENCES genre(genre_id), release_year INTEGER);
     INSERT INTO genre VALUES (1,'Noir'),(2,'Western');
     INSERT INTO film VALUES (1,'Dark Road',1,1950),(2,'High Sun',2,1952),(3,'Rain City',1,1961);`,
  );

  it('reads the genre after "as"/"in"', async () => {
    expect(await db.ask('films with Noir as their genre')).toEqual(['1 Dark Road', '3 Rain City']);
    expect(await db.ask('number of films with Western in genres')).toEqual(['1']);
  });
});

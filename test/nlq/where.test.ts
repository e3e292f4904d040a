/**
 * "where is X": the members the rest of the question lists, with their location columns (a word of
 * place in the column's name; those of a table extending each member one to one too). Our own wordings
 * on two drafted databases (a bakery chain's shops and products, a city's venues with their addresses
 * kept apart); gradable words with no definition, a listing that picks no members, or a thing with no
 * location column stay refused.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';
import { ask } from './helpers.js';

describe('"where" asks for the location columns of the members listed', () => {
  const bakery = bootstrappedDuckdb(
    'where-bakery',
    `CREATE TABLE shops (shop_id INTEGER PRIMARY KEY, shop_name VARCHAR, street VARCHAR, town VARCHAR, opened_year INTEGER);
     INSERT INTO shops VALUES (1, 'Crumb Corner', 'Mill Lane', 'Ely', 2011), (2, 'Rye and Co', 'High Street', 'Ely', 2015), (3, 'Bap Stop', 'Mill Lane', 'Soham', 2019);
     CREATE TABLE products (product_id INTEGER PRIMARY KEY, product_name VARCHAR, price DECIMAL(6,2));
     INSERT INTO products VALUES (1, 'Sourdough', 4.20), (2, 'Bloomer', 2.80);`,
  );
  const venues = bootstrappedDuckdb(
    'where-venues',
    `CREATE TABLE venues (venue_id INTEGER PRIMARY KEY, venue_name VARCHAR, capacity INTEGER);
     INSERT INTO venues VALUES (1, 'Corn Hall', 400), (2, 'Guild House', 120), (3, 'Quay Stage', 900);
     CREATE TABLE venue_addresses (venue_id INTEGER PRIMARY KEY REFERENCES venues (venue_id), house_number INTEGER, street_name VARCHAR, city VARCHAR);
     INSERT INTO venue_addresses VALUES (1, 12, 'Market Place', 'Diss'), (2, 3, 'Church Walk', 'Diss'), (3, 40, 'Wharf Road', 'Lynn');`,
  );

  it('a member named by its name: its own location columns', async () => {
    const r = await bakery.answer('where is Crumb Corner?');
    expect(r.status).toBe('done');
    if (r.status !== 'done') return;
    expect(r.query?.group_by.map((g) => g.dimension)).toEqual(expect.arrayContaining(['street', 'town']));
    expect(await bakery.ask('where is Crumb Corner located')).toEqual(['1 Crumb Corner Mill Lane Ely']);
  });

  it('members picked by a condition: each one with its place', async () => {
    expect(await bakery.ask('where can I find a shop on Mill Lane')).toEqual([
      '1 Crumb Corner Mill Lane Ely',
      '3 Bap Stop Mill Lane Soham',
    ]);
    expect(await bakery.ask('where are the shops in Ely')).toEqual(['1 Crumb Corner Mill Lane Ely', '2 Rye and Co High Street Ely']);
  });

  it('the address kept in a table of its own, one row per venue', async () => {
    expect(await venues.ask('where is Guild House')).toEqual(['2 Guild House 3 Church Walk Diss']);
    expect(await venues.ask('where are the venues in Lynn')).toEqual(['3 Quay Stage 40 Wharf Road Lynn']);
  });

  it('gradable words, no members picked, or no location column: refused', async () => {
    expect((await bakery.ask('where is the best shop in Ely'))[0]).toMatch(/^refused/);
    expect((await venues.ask('where is a good venue in Diss'))[0]).toMatch(/^refused/);
    expect((await bakery.ask('where are shops'))[0]).toMatch(/^refused/);
    expect((await bakery.ask('where is Sourdough'))[0]).toMatch(/^refused/);
    // (TPC-H's model keeps no address: suppliers listed, but nothing says where)
    expect(ask('where are the suppliers in FRANCE').kind).not.toBe('query');
  });
});

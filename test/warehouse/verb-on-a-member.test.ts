/**
 * A relative clause with a verb after a figure: "which region has the smallest area that borders
 * Corran" says something of another member (regions next to Corran) that no column of the thing
 * holds. The verb is never read as linking the figure to the member the value names (which answered
 * Corran itself); the question is refused, in two vocabularies of our own (regions, shops).
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

const regions = bootstrappedDuckdb(
  'regions',
  `
    CREATE TABLE region (region_name TEXT PRIMARY KEY, population INTEGER, area DOUBLE);
    INSERT INTO region VALUES ('Avalon', 5000, 120.0), ('Brisk', 9000, 300.0), ('Corran', 2000, 80.0), ('Dunmore', 7000, 200.0);
    CREATE TABLE neighbour (region_name TEXT, neighbour TEXT);
    INSERT INTO neighbour VALUES ('Avalon','Brisk'),('Brisk','Avalon'),('Brisk','Corran'),('Corran','Brisk'),('Corran','Dunmore'),('Dunmore','Corran');
  `,
);

const shops = bootstrappedDuckdb(
  'shops',
  `
    CREATE TABLE shop (shop_id INTEGER PRIMARY KEY, shop_name TEXT, floor_space INTEGER, town TEXT);
    INSERT INTO shop VALUES (1, 'Riverside', 400, 'Leeds'), (2, 'Hilltop', 900, 'York'), (3, 'Market Cross', 250, 'Leeds');
  `,
);

describe('a verb between a figure and one member named by its value', () => {
  it('regions: "the smallest area that borders Corran" is refused, never answered with Corran', async () => {
    expect((await regions.ask('which region has the smallest area that borders Corran'))[0]).toMatch(/^refused: .*"borders"/);
    expect((await regions.ask('which region has the largest population that adjoins Brisk'))[0]).toMatch(/^refused: .*"adjoins"/);
  });
  it('regions: the figure of the member itself still answers', async () => {
    expect(await regions.ask('which region has the smallest area')).toEqual(['Corran Corran 80']);
  });
  it('shops: "the largest floor space that competes with Riverside" is refused, never Riverside itself', async () => {
    expect((await shops.ask('which shop has the largest floor space that competes with Riverside'))[0]).toMatch(/^refused: .*"competes"/);
  });
  it('shops: a verb linking the thing and a value of its own column still reads', async () => {
    expect(await shops.ask('shops trading in Leeds')).toEqual(['1 Riverside', '3 Market Cross']);
  });
});

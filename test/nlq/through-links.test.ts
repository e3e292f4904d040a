/**
 * Counts, totals, rankings and listings whose rows reach a condition only through a linking table or a table of
 * attributes of a thing they reach (`semiJoined` in the compiler, `attribute-values.ts`), on two models of our own
 * over a real DuckDB: a semi-join never multiplies rows, a breakdown through a link counts distinct members, and
 * the neighbouring readings (two links that tie, a negation, values side by side, no figure named) stay refused.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import {
  CONFERENCE_TABLES,
  conference,
  conferenceValues,
  RECIPE_TABLES,
  recipeValues,
  recipes,
  SHOP_TABLES,
  shop,
  shopValues,
} from './through-links-fixture.js';

const shopTables = duckdbTables(SHOP_TABLES);
const recipeTables = duckdbTables(RECIPE_TABLES);
const inShop = (q: string) => interpret(q, { model: shop, values: shopValues, asOf: '2024-06-30' });
const inRecipes = (q: string, model = recipes) => interpret(q, { model, values: recipeValues, asOf: '2024-06-30' });
const conferenceTables = duckdbTables(CONFERENCE_TABLES);
const inConference = (q: string, model = conference) => interpret(q, { model, values: conferenceValues, asOf: '2024-06-30' });

function refused(r: ReturnType<typeof interpret>, q: string): string {
  expect(r.kind, q).not.toBe('query');
  return r.kind === 'query' ? '' : r.reason;
}

const VEGAN = `SELECT pt.product_id FROM product_tags pt JOIN tags t ON t.id = pt.tag_id WHERE t.label = 'Vegan'`;
const THAI = `SELECT recipe_id FROM recipe_cuisines WHERE cuisine = 'Thai'`;
const GARLIC = `SELECT ri.recipe_id FROM recipe_ingredients ri JOIN ingredients i ON i.id = ri.ingredient_id WHERE i.name = 'Garlic'`;

describe('a condition reached through a linking table or a table of attributes', () => {
  it('a total broken down by a column of the rows, of things tagged through a linking table', async () => {
    const q = 'total quantity of orders in each city for products tagged Vegan';
    await expectSameRows(shopTables, shop, q, inShop(q), `SELECT city, SUM(qty) FROM orders WHERE product_id IN (${VEGAN}) GROUP BY city`);
  });

  it('a count of things with two conditions, each through its own table (a member with both)', async () => {
    const q = 'how many Thai recipes have Garlic';
    await expectSameRows(
      recipeTables,
      recipes,
      q,
      inRecipes(q),
      `SELECT COUNT(*) FROM recipes WHERE id IN (${THAI}) AND id IN (${GARLIC})`,
    );
  });

  it('a breakdown through a table of attributes counts each member once', async () => {
    const q = 'number of recipes with Garlic in each cuisine';
    await expectSameRows(
      recipeTables,
      recipes,
      q,
      inRecipes(q),
      `SELECT c.cuisine, COUNT(DISTINCT c.recipe_id) FROM recipe_cuisines c WHERE c.recipe_id IN (${GARLIC}) GROUP BY 1`,
    );
  });

  it('"find all <value>" of a table of attributes lists the things it describes', async () => {
    const q = 'list all Snacks';
    await expectSameRows(
      shopTables,
      shop,
      q,
      inShop(q),
      `SELECT id, name FROM products WHERE id IN (SELECT product_id FROM product_categories WHERE category = 'Snacks')`,
    );
    const r = 'find all Italian with more than 2 ratings';
    await expectSameRows(
      recipeTables,
      recipes,
      r,
      inRecipes(r),
      `SELECT r.title, COUNT(*) FROM ratings x JOIN recipes r ON r.id = x.recipe_id
       WHERE r.id IN (SELECT recipe_id FROM recipe_cuisines WHERE cuisine = 'Italian') GROUP BY 1 HAVING COUNT(*) > 2`,
    );
    const p = 'find all Pantry with more than 1 order';
    await expectSameRows(
      shopTables,
      shop,
      p,
      inShop(p),
      `SELECT p.name, COUNT(*) FROM orders o JOIN products p ON p.id = o.product_id
       WHERE p.id IN (SELECT product_id FROM product_categories WHERE category = 'Pantry') GROUP BY 1 HAVING COUNT(*) > 1`,
    );
  });

  it('a ranking by a figure named, of things tagged through a linking table', async () => {
    const q = 'top cities by total quantity for products tagged Vegan';
    await expectSameRows(shopTables, shop, q, inShop(q), `SELECT city, SUM(qty) FROM orders WHERE product_id IN (${VEGAN}) GROUP BY city`);
  });
});

describe('a listing through two linking tables (a thing of its own linked to both)', () => {
  const ROBOTICS = `SELECT tt.talk_id FROM talk_topics tt JOIN topics t ON t.id = tt.topic_id WHERE t.name = 'Robotics'`;
  it('the members linked to rows linked to the value, each once', async () => {
    const q = 'list the speakers on Robotics';
    await expectSameRows(
      conferenceTables,
      conference,
      q,
      inConference(q),
      `SELECT id, name FROM speakers WHERE id IN (SELECT speaker_id FROM talk_speakers WHERE talk_id IN (${ROBOTICS}))`,
    );
    const t = 'topics by Tom Beck';
    await expectSameRows(
      conferenceTables,
      conference,
      t,
      inConference(t),
      `SELECT id, name FROM topics WHERE id IN (SELECT topic_id FROM talk_topics WHERE talk_id IN
         (SELECT ts.talk_id FROM talk_speakers ts JOIN speakers s ON s.id = ts.speaker_id WHERE s.name = 'Tom Beck'))`,
    );
  });

  it('a count per member through one link, and a breakdown by a thing the rows reach', async () => {
    const q = 'which speaker has the most talks on Robotics';
    await expectSameRows(
      conferenceTables,
      conference,
      q,
      inConference(q),
      `SELECT s.name, COUNT(DISTINCT ts.talk_id) AS n FROM talk_speakers ts JOIN speakers s ON s.id = ts.speaker_id
       WHERE ts.talk_id IN (${ROBOTICS}) GROUP BY 1 ORDER BY n DESC LIMIT 1`,
    );
    const r = 'how many talks in each room on Robotics';
    await expectSameRows(
      conferenceTables,
      conference,
      r,
      inConference(r),
      `SELECT r.name, COUNT(*) FROM talks t JOIN rooms r ON r.id = t.room_id WHERE t.id IN (${ROBOTICS}) GROUP BY 1`,
    );
  });

  it('never under a figure, and never when two links to the middle thing tie', () => {
    refused(inConference('speakers of Robotics talks'), 'two totals');
    const reviewed = SemanticModelSchema.parse({
      ...conference,
      entities: [...conference.entities, { name: 'talk_reviewer', table: 'talk_reviewers', primary_key: 'id' }],
      relationships: [
        ...conference.relationships,
        { from: 'talk_reviewer', to: 'talk', on: [['talk_id', 'id']] },
        { from: 'talk_reviewer', to: 'speaker', on: [['speaker_id', 'id']] },
      ],
    });
    const q = 'list the speakers on Robotics';
    refused(inConference(q, reviewed), q);
  });
});

describe('the neighbouring readings stay refused', () => {
  it('no figure named beside a condition the members reach only through other rows: which figure?', () => {
    expect(refused(inShop('top cities for products tagged Vegan'), 'top cities')).toMatch(/names no figure/);
  });

  it('a negated condition through a link (a member with no linked row at all would be left out)', () => {
    expect(refused(inRecipes('how many recipes with Garlic are not Thai'), 'not Thai')).toMatch(/cannot/);
  });

  it('two values side by side of a thing the rows have many of: both, or either?', () => {
    expect(refused(inRecipes('how many ratings of Thai Italian recipes'), 'Thai Italian')).toMatch(/both.*either/);
    expect(refused(inShop('how many orders of Organic Vegan products'), 'Organic Vegan')).toMatch(/both.*either/);
  });

  it('two linking tables that reach both sides as near: no reading', () => {
    const twoWays = SemanticModelSchema.parse({
      ...recipes,
      entities: [...recipes.entities, { name: 'favourite', table: 'favourites', primary_key: 'id', synonyms: ['favourites'] }],
      relationships: [
        ...recipes.relationships,
        { from: 'favourite', to: 'recipe', on: [['recipe_id', 'id']] },
        { from: 'favourite', to: 'cook', on: [['cook_id', 'id']] },
      ],
    });
    const q = 'how many recipes rated by Ann Lee';
    expect(inRecipes(q).kind, q).toBe('query');
    refused(inRecipes(q, twoWays), q);
  });
});

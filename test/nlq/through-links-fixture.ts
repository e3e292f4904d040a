/**
 * Two small models of our own whose things meet through linking tables and tables of attributes, over a real
 * DuckDB: a shop (products tagged through product tags, each product's categories in a table of their own,
 * orders of products from cities) and a recipe site (recipes and their ingredients through recipe ingredients,
 * each recipe's cuisines in a table of their own, ratings of recipes by cooks).
 */
import { SemanticModelSchema } from '../../src/semantic/model.js';

export const shop = SemanticModelSchema.parse({
  name: 'shop',
  entities: [
    { name: 'product', table: 'products', primary_key: 'id', synonyms: ['products'] },
    { name: 'tag', table: 'tags', primary_key: 'id', synonyms: ['tags'] },
    { name: 'product_tag', table: 'product_tags', primary_key: 'id' },
    { name: 'product_category', table: 'product_categories', primary_key: ['product_id', 'category'] },
    { name: 'order', table: 'orders', primary_key: 'id', synonyms: ['orders'] },
  ],
  relationships: [
    { from: 'product_tag', to: 'product', on: [['product_id', 'id']] },
    { from: 'product_tag', to: 'tag', on: [['tag_id', 'id']] },
    { from: 'product_category', to: 'product', on: [['product_id', 'id']] },
    { from: 'order', to: 'product', on: [['product_id', 'id']] },
  ],
  dimensions: [
    { name: 'product_id', entity: 'product', sql: '${TABLE}.id', type: 'number', label: 'Product id' },
    { name: 'product', entity: 'product', sql: '${TABLE}.name', label: 'Product', index_values: true },
    { name: 'tag', entity: 'tag', sql: '${TABLE}.label', label: 'Tag', index_values: true },
    { name: 'category', entity: 'product_category', sql: '${TABLE}.category', label: 'Category', index_values: true },
    { name: 'city', entity: 'order', sql: '${TABLE}.city', label: 'City', index_values: true },
  ],
  measures: [
    { name: 'order_count', entity: 'order', agg: 'count', label: 'Orders', time_bound: false },
    {
      name: 'total_quantity',
      entity: 'order',
      agg: 'sum',
      sql: '${TABLE}.qty',
      label: 'Total quantity',
      synonyms: ['quantity'],
      time_bound: false,
    },
    { name: 'product_count', entity: 'product', agg: 'count', label: 'Products', time_bound: false },
    { name: 'tag_count', entity: 'tag', agg: 'count', label: 'Tags', time_bound: false },
  ],
  defaults: { ranking_metric: 'total_quantity' },
});
export const shopValues = new Map([
  ['product', ['Oat Bar', 'Rye Loaf', 'Fig Jam', 'Tea Tin']],
  ['tag', ['Organic', 'Vegan', 'Local']],
  ['category', ['Snacks', 'Bakery', 'Pantry']],
  ['city', ['Leeds', 'York']],
]);
export const SHOP_TABLES = `
CREATE TABLE products (id INTEGER, name VARCHAR);
INSERT INTO products VALUES (1, 'Oat Bar'), (2, 'Rye Loaf'), (3, 'Fig Jam'), (4, 'Tea Tin');
CREATE TABLE tags (id INTEGER, label VARCHAR);
INSERT INTO tags VALUES (1, 'Organic'), (2, 'Vegan'), (3, 'Local');
CREATE TABLE product_tags (id INTEGER, product_id INTEGER, tag_id INTEGER);
INSERT INTO product_tags VALUES (1, 1, 1), (2, 1, 2), (3, 2, 1), (4, 3, 2), (5, 3, 3), (6, 4, 3);
CREATE TABLE product_categories (product_id INTEGER, category VARCHAR);
INSERT INTO product_categories VALUES (1, 'Snacks'), (1, 'Bakery'), (2, 'Bakery'), (3, 'Pantry'), (4, 'Pantry'), (4, 'Snacks');
CREATE TABLE orders (id INTEGER, product_id INTEGER, qty INTEGER, city VARCHAR);
INSERT INTO orders VALUES (1, 1, 2, 'Leeds'), (2, 1, 1, 'York'), (3, 2, 5, 'Leeds'), (4, 3, 1, 'York'), (5, 4, 3, 'Leeds'),
  (6, 4, 4, 'Leeds'), (7, 2, 1, 'York');
`;

export const recipes = SemanticModelSchema.parse({
  name: 'recipes',
  entities: [
    { name: 'recipe', table: 'recipes', primary_key: 'id', synonyms: ['recipes'] },
    { name: 'ingredient', table: 'ingredients', primary_key: 'id', synonyms: ['ingredients'] },
    { name: 'recipe_ingredient', table: 'recipe_ingredients', primary_key: 'id' },
    { name: 'cuisine', table: 'recipe_cuisines', primary_key: ['recipe_id', 'cuisine'] },
    { name: 'rating', table: 'ratings', primary_key: 'id', synonyms: ['ratings'] },
    { name: 'cook', table: 'cooks', primary_key: 'id', synonyms: ['cooks'] },
  ],
  relationships: [
    { from: 'recipe_ingredient', to: 'recipe', on: [['recipe_id', 'id']] },
    { from: 'recipe_ingredient', to: 'ingredient', on: [['ingredient_id', 'id']] },
    { from: 'cuisine', to: 'recipe', on: [['recipe_id', 'id']] },
    { from: 'rating', to: 'recipe', on: [['recipe_id', 'id']] },
    { from: 'rating', to: 'cook', on: [['cook_id', 'id']] },
  ],
  dimensions: [
    { name: 'recipe_id', entity: 'recipe', sql: '${TABLE}.id', type: 'number', label: 'Recipe id' },
    { name: 'recipe', entity: 'recipe', sql: '${TABLE}.title', label: 'Recipe', index_values: true },
    { name: 'ingredient', entity: 'ingredient', sql: '${TABLE}.name', label: 'Ingredient', index_values: true },
    { name: 'cuisine_name', entity: 'cuisine', sql: '${TABLE}.cuisine', label: 'Cuisine', index_values: true },
    { name: 'cook', entity: 'cook', sql: '${TABLE}.name', label: 'Cook', index_values: true },
    { name: 'region', entity: 'cook', sql: '${TABLE}.region', label: 'Region', index_values: true },
  ],
  measures: [
    { name: 'rating_count', entity: 'rating', agg: 'count', label: 'Ratings', time_bound: false },
    {
      name: 'average_stars',
      entity: 'rating',
      agg: 'avg',
      sql: '${TABLE}.stars',
      label: 'Average stars',
      synonyms: ['stars'],
      time_bound: false,
    },
    { name: 'recipe_count', entity: 'recipe', agg: 'count', label: 'Recipes', time_bound: false },
  ],
  defaults: { ranking_metric: 'average_stars' },
});
export const recipeValues = new Map([
  ['recipe', ['Green Curry', 'Pad Thai', 'Minestrone', 'Aglio Olio']],
  ['ingredient', ['Garlic', 'Basil', 'Noodles']],
  ['cuisine_name', ['Thai', 'Italian', 'Vegetarian']],
  ['cook', ['Ann Lee', 'Bo Chan']],
  ['region', ['North', 'South']],
]);
export const RECIPE_TABLES = `
CREATE TABLE recipes (id INTEGER, title VARCHAR);
INSERT INTO recipes VALUES (1, 'Green Curry'), (2, 'Pad Thai'), (3, 'Minestrone'), (4, 'Aglio Olio');
CREATE TABLE ingredients (id INTEGER, name VARCHAR);
INSERT INTO ingredients VALUES (1, 'Garlic'), (2, 'Basil'), (3, 'Noodles');
CREATE TABLE recipe_ingredients (id INTEGER, recipe_id INTEGER, ingredient_id INTEGER);
INSERT INTO recipe_ingredients VALUES (1, 1, 1), (2, 1, 2), (3, 2, 1), (4, 2, 3), (5, 3, 2), (6, 4, 1), (7, 4, 3);
CREATE TABLE recipe_cuisines (recipe_id INTEGER, cuisine VARCHAR);
INSERT INTO recipe_cuisines VALUES (1, 'Thai'), (2, 'Thai'), (3, 'Italian'), (3, 'Vegetarian'), (4, 'Italian');
CREATE TABLE cooks (id INTEGER, name VARCHAR, region VARCHAR);
INSERT INTO cooks VALUES (1, 'Ann Lee', 'North'), (2, 'Bo Chan', 'South');
CREATE TABLE ratings (id INTEGER, recipe_id INTEGER, cook_id INTEGER, stars INTEGER);
INSERT INTO ratings VALUES (1, 1, 1, 5), (2, 1, 2, 4), (3, 2, 1, 3), (4, 3, 2, 4), (5, 4, 1, 2), (6, 4, 2, 5), (7, 4, 2, 4);
`;

/** A conference: talks given by speakers (through talk speakers) and on topics (through talk topics), in rooms. */
export const conference = SemanticModelSchema.parse({
  name: 'conference',
  entities: [
    { name: 'talk', table: 'talks', primary_key: 'id', synonyms: ['talks'] },
    { name: 'speaker', table: 'speakers', primary_key: 'id', synonyms: ['speakers'] },
    { name: 'talk_speaker', table: 'talk_speakers', primary_key: 'id' },
    { name: 'topic', table: 'topics', primary_key: 'id', synonyms: ['topics'] },
    { name: 'talk_topic', table: 'talk_topics', primary_key: 'id' },
    { name: 'room', table: 'rooms', primary_key: 'id', synonyms: ['rooms'] },
  ],
  relationships: [
    { from: 'talk_speaker', to: 'talk', on: [['talk_id', 'id']] },
    { from: 'talk_speaker', to: 'speaker', on: [['speaker_id', 'id']] },
    { from: 'talk_topic', to: 'talk', on: [['talk_id', 'id']] },
    { from: 'talk_topic', to: 'topic', on: [['topic_id', 'id']] },
    { from: 'talk', to: 'room', on: [['room_id', 'id']] },
  ],
  dimensions: [
    { name: 'talk_id', entity: 'talk', sql: '${TABLE}.id', type: 'number', label: 'Talk id' },
    { name: 'talk', entity: 'talk', sql: '${TABLE}.title', label: 'Talk', index_values: true },
    { name: 'speaker_id', entity: 'speaker', sql: '${TABLE}.id', type: 'number', label: 'Speaker id' },
    { name: 'speaker', entity: 'speaker', sql: '${TABLE}.name', label: 'Speaker', index_values: true },
    { name: 'topic_id', entity: 'topic', sql: '${TABLE}.id', type: 'number', label: 'Topic id' },
    { name: 'topic', entity: 'topic', sql: '${TABLE}.name', label: 'Topic', index_values: true },
    { name: 'room', entity: 'room', sql: '${TABLE}.name', label: 'Room', index_values: true },
  ],
  measures: [
    { name: 'talk_count', entity: 'talk', agg: 'count', label: 'Talks', time_bound: false },
    { name: 'speaker_count', entity: 'speaker', agg: 'count', label: 'Speakers', time_bound: false },
    { name: 'topic_count', entity: 'topic', agg: 'count', label: 'Topics', time_bound: false },
  ],
});
export const conferenceValues = new Map([
  ['talk', ['Soft Grippers', 'Fair Ranking', 'Tiny Models']],
  ['speaker', ['Ines Ruiz', 'Tom Beck', 'Mei Lin']],
  ['topic', ['Robotics', 'Ethics', 'Compilers']],
  ['room', ['Hall A', 'Hall B']],
]);
export const CONFERENCE_TABLES = `
CREATE TABLE rooms (id INTEGER, name VARCHAR);
INSERT INTO rooms VALUES (1, 'Hall A'), (2, 'Hall B');
CREATE TABLE talks (id INTEGER, title VARCHAR, room_id INTEGER);
INSERT INTO talks VALUES (1, 'Soft Grippers', 1), (2, 'Fair Ranking', 2), (3, 'Tiny Models', 1);
CREATE TABLE speakers (id INTEGER, name VARCHAR);
INSERT INTO speakers VALUES (1, 'Ines Ruiz'), (2, 'Tom Beck'), (3, 'Mei Lin');
CREATE TABLE talk_speakers (id INTEGER, talk_id INTEGER, speaker_id INTEGER);
INSERT INTO talk_speakers VALUES (1, 1, 1), (2, 1, 2), (3, 2, 2), (4, 3, 3);
CREATE TABLE topics (id INTEGER, name VARCHAR);
INSERT INTO topics VALUES (1, 'Robotics'), (2, 'Ethics'), (3, 'Compilers');
CREATE TABLE talk_topics (id INTEGER, talk_id INTEGER, topic_id INTEGER);
INSERT INTO talk_topics VALUES (1, 1, 1), (2, 2, 2), (3, 2, 1), (4, 3, 3);
`;

/**
 * A verb between two things three or four joins apart ("topics covered by Iris Vale", "ingredients used by Ann Bell"):
 * read as the model's one join path when that path starts or ends in a table pairing the side with the next thing,
 * named after both (article_topic, recipe_ingredient), the rest saying whose (the articles credited to Iris, the
 * recipes Ann wrote). Two vocabularies of our own (a magazine, a recipe site); a table with a meaning of its own (a
 * library's loans), a chain of things each belonging to the next, a value qualifying another thing, and a verb of
 * state stay refused.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { compile } from '../../src/semantic/compiler.js';
import { dialectFor } from '../../src/semantic/dialects/index.js';
import { SemanticModelSchema, type SemanticModel } from '../../src/semantic/model.js';
import { hotelValues, hotels, magazine, magazineValues } from './who-fixture.js';

/** A recipe site: cooks write recipes, printed in cookbooks; recipe_ingredient pairs a recipe and an ingredient. */
const recipes = SemanticModelSchema.parse({
  name: 'recipes',
  entities: [
    { name: 'cook', table: 'cook', primary_key: 'id', synonyms: ['cooks'] },
    { name: 'recipe', table: 'recipe', primary_key: 'id', synonyms: ['recipes'] },
    { name: 'cookbook', table: 'cookbook', primary_key: 'id', synonyms: ['cookbooks'] },
    { name: 'ingredient', table: 'ingredient', primary_key: 'id', synonyms: ['ingredients'] },
    { name: 'recipe_ingredient', table: 'recipe_ingredient', primary_key: ['recipe_id', 'ingredient_id'] },
  ],
  relationships: [
    { from: 'recipe', to: 'cook', on: [['cook_id', 'id']] },
    { from: 'recipe', to: 'cookbook', on: [['cookbook_id', 'id']] },
    { from: 'recipe_ingredient', to: 'recipe', on: [['recipe_id', 'id']] },
    { from: 'recipe_ingredient', to: 'ingredient', on: [['ingredient_id', 'id']] },
  ],
  dimensions: [
    { name: 'cook_id', entity: 'cook', sql: '${TABLE}.id', label: 'Cook id' },
    { name: 'cook', entity: 'cook', sql: '${TABLE}.name', label: 'Cook', index_values: true },
    { name: 'recipe_id', entity: 'recipe', sql: '${TABLE}.id', label: 'Recipe id' },
    { name: 'recipe', entity: 'recipe', sql: '${TABLE}.title', label: 'Recipe', index_values: true },
    { name: 'cookbook', entity: 'cookbook', sql: '${TABLE}.title', label: 'Cookbook', index_values: true },
    { name: 'ingredient_id', entity: 'ingredient', sql: '${TABLE}.id', label: 'Ingredient id' },
    { name: 'ingredient', entity: 'ingredient', sql: '${TABLE}.name', label: 'Ingredient', index_values: true },
  ],
  measures: [
    { name: 'cook_count', entity: 'cook', agg: 'count', label: 'Cooks', time_bound: false },
    { name: 'recipe_count', entity: 'recipe', agg: 'count', label: 'Recipes', time_bound: false },
    { name: 'cookbook_count', entity: 'cookbook', agg: 'count', label: 'Cookbooks', time_bound: false },
    { name: 'ingredient_count', entity: 'ingredient', agg: 'count', label: 'Ingredients', time_bound: false },
    { name: 'recipe_ingredient_count', entity: 'recipe_ingredient', agg: 'count', label: 'Recipe ingredients', time_bound: false },
  ],
});
const recipeValues = new Map([
  ['cook', ['Ann Bell', 'Raj Mehta']],
  ['cookbook', ['Sunday Kitchen']],
  ['ingredient', ['saffron']],
]);

/** A library: a loan (a table with a meaning of its own, named after neither side) of a copy of a book to a member. */
const library = SemanticModelSchema.parse({
  name: 'library',
  entities: [
    { name: 'member', table: 'member', primary_key: 'id', synonyms: ['members', 'readers'] },
    { name: 'book', table: 'book', primary_key: 'id', synonyms: ['books', 'titles'] },
    { name: 'copy', table: 'copy', primary_key: 'id', synonyms: ['copies'] },
    // a loan pairs a member with a copy
    { name: 'loan', table: 'loan', primary_key: 'id', synonyms: ['loans'] },
    { name: 'branch', table: 'branch', primary_key: 'id', synonyms: ['branches'] },
    { name: 'town', table: 'town', primary_key: 'id', synonyms: ['towns'] },
    { name: 'county', table: 'county', primary_key: 'id', synonyms: ['counties'] },
    // members review branches
    { name: 'review', table: 'review', primary_key: 'id', synonyms: ['reviews'] },
  ],
  relationships: [
    { from: 'loan', to: 'member', on: [['member_id', 'id']] },
    { from: 'loan', to: 'copy', on: [['copy_id', 'id']] },
    { from: 'copy', to: 'book', on: [['book_id', 'id']] },
    // a chain of things each belonging to the next: no pairing on the way
    { from: 'member', to: 'branch', on: [['home_branch_id', 'id']] },
    { from: 'branch', to: 'town', on: [['town_id', 'id']] },
    { from: 'town', to: 'county', on: [['county_id', 'id']] },
    { from: 'review', to: 'member', on: [['member_id', 'id']] },
    { from: 'review', to: 'branch', on: [['branch_id', 'id']] },
  ],
  dimensions: [
    { name: 'member_id', entity: 'member', sql: '${TABLE}.id', label: 'Member id' },
    { name: 'member', entity: 'member', sql: '${TABLE}.full_name', label: 'Member', index_values: true },
    { name: 'book_id', entity: 'book', sql: '${TABLE}.id', label: 'Book id' },
    { name: 'book', entity: 'book', sql: '${TABLE}.title', label: 'Book', index_values: true },
    { name: 'shelf_mark', entity: 'copy', sql: '${TABLE}.shelf_mark', label: 'Shelf mark' },
    { name: 'branch', entity: 'branch', sql: '${TABLE}.name', label: 'Branch', index_values: true },
    { name: 'town', entity: 'town', sql: '${TABLE}.name', label: 'Town', index_values: true },
    { name: 'county_id', entity: 'county', sql: '${TABLE}.id', label: 'County id' },
    { name: 'county', entity: 'county', sql: '${TABLE}.name', label: 'County', index_values: true },
  ],
  measures: [
    { name: 'member_count', entity: 'member', agg: 'count', label: 'Members', time_bound: false },
    { name: 'book_count', entity: 'book', agg: 'count', label: 'Books', time_bound: false },
    { name: 'copy_count', entity: 'copy', agg: 'count', label: 'Copies', time_bound: false },
    { name: 'loan_count', entity: 'loan', agg: 'count', label: 'Loans', time_bound: false },
    { name: 'county_count', entity: 'county', agg: 'count', label: 'Counties', time_bound: false },
    { name: 'review_count', entity: 'review', agg: 'count', label: 'Reviews', time_bound: false },
  ],
});
const libraryValues = new Map([
  ['member', ['Ann Cole', 'Raj Mehta']],
  ['book', ['Slow Rivers']],
  ['branch', ['Quay Street']],
  ['town', ['Kendal']],
  ['county', ['Cumbria']],
]);

const ask = (model: SemanticModel, values: Map<string, string[]>, q: string) => interpret(q, { model, values, asOf: '2024-06-30' });

function sql(model: SemanticModel, values: Map<string, string[]>, q: string) {
  const r = ask(model, values, q);
  expect(r.kind, `${q}: ${r.kind === 'query' ? '' : r.reason}`).toBe('query');
  if (r.kind !== 'query') throw new Error(q);
  return { query: r.query, sql: compile(model, r.query, dialectFor('duckdb')).sql };
}
function refused(model: SemanticModel, values: Map<string, string[]>, q: string, word: string) {
  const r = ask(model, values, q);
  expect(r.kind, q).not.toBe('query');
  if (r.kind === 'out_of_scope') expect(r.unconsumed ?? [], q).toContain(word);
}

describe('a verb along the one path that starts in a table of pairs', () => {
  it('magazine: the topics of the articles credited to a contributor, or printed in a magazine', () => {
    for (const q of [
      'topics covered by Iris Vale',
      'which topics has Iris Vale covered',
      'list the topics treated by Iris Vale',
      'what topics does Iris Vale write about',
    ]) {
      const { query, sql: s } = sql(magazine, magazineValues, q);
      expect(
        query.group_by.map((g) => g.dimension),
        q,
      ).toContain('topic');
      expect(query.filters, q).toContainEqual({ dimension: 'contributor', op: 'eq', values: ['Iris Vale'] });
      for (const t of ['article_topic', 'credit', 'contributor']) expect(s, q).toContain(t);
    }
    const { query, sql: s } = sql(magazine, magazineValues, 'topics discussed in Tideline');
    expect(query.filters).toContainEqual({ dimension: 'magazine', op: 'eq', values: ['Tideline'] });
    expect(s).toContain('article_topic');
  });

  it('recipes: the ingredients of the recipes a cook wrote, or printed in a cookbook', () => {
    for (const q of ['ingredients used by Ann Bell', 'which ingredients did Ann Bell use', 'list the ingredients needed by Ann Bell']) {
      const { query, sql: s } = sql(recipes, recipeValues, q);
      expect(
        query.group_by.map((g) => g.dimension),
        q,
      ).toContain('ingredient');
      expect(query.filters, q).toContainEqual({ dimension: 'cook', op: 'eq', values: ['Ann Bell'] });
      for (const t of ['recipe_ingredient', 'recipe', 'cook']) expect(s, q).toContain(t);
    }
    const { query } = sql(recipes, recipeValues, 'ingredients called for in Sunday Kitchen');
    expect(query.filters).toContainEqual({ dimension: 'cookbook', op: 'eq', values: ['Sunday Kitchen'] });
  });

  it('counted per cook along the same path', () => {
    const { query } = sql(recipes, recipeValues, 'how many ingredients has each cook used');
    expect(query.metrics).toEqual(['ingredient_count']);
    expect(query.group_by.map((g) => g.dimension)).toContain('cook');
  });
});

describe('the neighbouring readings stay refused', () => {
  it('a table with a meaning of its own is no pairing: its own verb would say it', () => {
    // loan → member, loan → copy → book: "borrowed" may be what a loan is, but the model does not say so
    refused(library, libraryValues, 'books borrowed by Ann Cole', 'borrowed');
  });

  it('a chain of things each belonging to the next pairs nothing', () => {
    // member → branch → town → county: "visited" says nothing the chain holds
    refused(library, libraryValues, 'counties visited by Ann Cole', 'visited');
  });

  it('a value qualifying a thing before the verb is not its subject', () => {
    // "articles on ecology that ...": the articles read, never the topic's longer path to the contributor
    refused(magazine, magazineValues, 'articles on ecology that were read by Iris Vale', 'read');
  });

  it('a verb of state is never a relation', () => {
    refused(library, libraryValues, 'books returned by Ann Cole', 'returned');
  });

  it('the same things without a verb keep their reading', () => {
    const { query } = sql(library, libraryValues, 'books of Ann Cole');
    expect(query.filters).toContainEqual({ dimension: 'member', op: 'eq', values: ['Ann Cole'] });
  });
});

/** Members visit museums and donate to them: two tables pair the same two things, and the verb says which. */
const museums = SemanticModelSchema.parse({
  name: 'museums',
  entities: [
    { name: 'patron', table: 'patron', primary_key: 'id', synonyms: ['patrons'] },
    { name: 'museum', table: 'museum', primary_key: 'id', synonyms: ['museums'] },
    { name: 'visit', table: 'visit', primary_key: 'id', synonyms: ['visits'] },
    { name: 'donation', table: 'donation', primary_key: 'id', synonyms: ['donations'] },
  ],
  relationships: [
    { from: 'visit', to: 'patron', on: [['patron_id', 'id']] },
    { from: 'visit', to: 'museum', on: [['museum_id', 'id']] },
    { from: 'donation', to: 'patron', on: [['patron_id', 'id']] },
    { from: 'donation', to: 'museum', on: [['museum_id', 'id']] },
  ],
  dimensions: [
    { name: 'patron_id', entity: 'patron', sql: '${TABLE}.id', label: 'Patron id' },
    { name: 'patron', entity: 'patron', sql: '${TABLE}.name', label: 'Patron', index_values: true },
    { name: 'museum_id', entity: 'museum', sql: '${TABLE}.id', label: 'Museum id' },
    { name: 'museum', entity: 'museum', sql: '${TABLE}.name', label: 'Museum', index_values: true },
  ],
  measures: [
    { name: 'patron_count', entity: 'patron', agg: 'count', label: 'Patrons', time_bound: false },
    { name: 'museum_count', entity: 'museum', agg: 'count', label: 'Museums', time_bound: false },
    { name: 'visit_count', entity: 'visit', agg: 'count', label: 'Visits', time_bound: false },
    { name: 'donation_count', entity: 'donation', agg: 'count', label: 'Donations', time_bound: false },
  ],
});
const museumValues = new Map([
  ['patron', ['Ann Bell']],
  ['museum', ['Tide Mill']],
]);

describe('a verb in its base form, last after does/did and its subject, though the lexicon reads it as its table', () => {
  it('museums: "visit" is the visits pairing patrons and museums, not the donations', () => {
    const { query, sql: s } = sql(museums, museumValues, 'which museums does Ann Bell visit');
    expect(query.filters).toContainEqual({ dimension: 'patron', op: 'eq', values: ['Ann Bell'] });
    expect(s).toContain('visit');
    expect(s).not.toContain('donation');
  });

  it('hotels: "review" is the reviews, not the bookings', () => {
    const { sql: s } = sql(hotels, hotelValues, 'which hotels does Nell Park review');
    expect(s).toContain('review');
    expect(s).not.toContain('booking');
  });

  it('the table the word names must be the relation: copies reach members through loans, never reviews', () => {
    refused(library, libraryValues, 'how many copies does Ann Cole review', 'review');
  });

  it('a verb that names neither table stays refused', () => {
    const r = ask(museums, museumValues, 'which museums does Ann Bell like');
    expect(r.kind).not.toBe('query');
  });
});

/**
 * Two small models of our own whose number columns the draft holds only as measures (an average, a
 * total): cafés with reviews (a score per review, by a reviewer) and papers (a citation count and a
 * page count per paper, in venues, by authors through a link table), plus films with a running time.
 */
import { SemanticModelSchema } from '../../src/semantic/model.js';

/** The measures a draft keeps of a number column: a level averaged (its bare name the average's), a count summed. */
const level = (entity: string, column: string, word: string) => [
  {
    name: `average_${column}`,
    entity,
    agg: 'avg',
    sql: `\${TABLE}.${column}`,
    label: `Average ${word}`,
    synonyms: [word],
    time_bound: false,
  },
  { name: `min_${column}`, entity, agg: 'min', sql: `\${TABLE}.${column}`, label: `Lowest ${word}`, time_bound: false },
  { name: `max_${column}`, entity, agg: 'max', sql: `\${TABLE}.${column}`, label: `Highest ${word}`, time_bound: false },
];
const counted = (entity: string, column: string, phrase: string, things: string) => [
  {
    name: `total_${column}`,
    entity,
    agg: 'sum',
    sql: `\${TABLE}.${column}`,
    label: `Total ${phrase}`,
    synonyms: [phrase, `number of ${things}`, `total ${things}`, things],
    time_bound: false,
  },
  {
    name: `average_${column}`,
    entity,
    agg: 'avg',
    sql: `\${TABLE}.${column}`,
    label: `Average ${phrase}`,
    synonyms: [`average ${things}`],
    time_bound: false,
  },
];

export const cafeModel = SemanticModelSchema.parse({
  name: 'cafes',
  entities: [
    { name: 'cafe', table: 'cafes', primary_key: 'id', synonyms: ['cafes'] },
    { name: 'review', table: 'reviews', primary_key: 'id', synonyms: ['reviews'] },
    { name: 'reviewer', table: 'reviewers', primary_key: 'id', synonyms: ['reviewers'] },
  ],
  relationships: [
    { from: 'review', to: 'cafe', on: [['cafe_id', 'id']] },
    { from: 'review', to: 'reviewer', on: [['reviewer_id', 'id']] },
  ],
  dimensions: [
    { name: 'cafe_id', entity: 'cafe', sql: '${TABLE}.id', type: 'number', label: 'Cafe id' },
    { name: 'review_id', entity: 'review', sql: '${TABLE}.id', type: 'number', label: 'Review id' },
    { name: 'reviewer_id', entity: 'reviewer', sql: '${TABLE}.id', type: 'number', label: 'Reviewer id' },
    { name: 'cafe', entity: 'cafe', sql: '${TABLE}.name', label: 'Cafe', index_values: true },
    { name: 'district', entity: 'cafe', sql: '${TABLE}.district', label: 'District', index_values: true },
    { name: 'reviewer', entity: 'reviewer', sql: '${TABLE}.name', label: 'Reviewer', index_values: true },
    { name: 'review_text', entity: 'review', sql: '${TABLE}.body', label: 'Review text' },
  ],
  measures: [
    { name: 'cafe_count', entity: 'cafe', agg: 'count', label: 'Cafes', time_bound: false },
    { name: 'review_count', entity: 'review', agg: 'count', label: 'Reviews', time_bound: false },
    { name: 'reviewer_count', entity: 'reviewer', agg: 'count', label: 'Reviewers', time_bound: false },
    ...level('review', 'score', 'score'),
    ...counted('cafe', 'seat_count', 'seat count', 'seats'),
  ],
});
export const cafeValues = new Map([
  ['cafe', ['Bean There', 'Daily Grind', 'Cup Corner']],
  ['district', ['Harbour', 'Old Town']],
  ['reviewer', ['Ola Berg', 'Tim Reed']],
]);
export const CAFE_TABLES = `
CREATE TABLE cafes (id INTEGER, name VARCHAR, district VARCHAR, seat_count INTEGER);
INSERT INTO cafes VALUES (1, 'Bean There', 'Harbour', 20), (2, 'Daily Grind', 'Old Town', 45), (3, 'Cup Corner', 'Harbour', 12);
CREATE TABLE reviewers (id INTEGER, name VARCHAR);
INSERT INTO reviewers VALUES (1, 'Ola Berg'), (2, 'Tim Reed');
CREATE TABLE reviews (id INTEGER, cafe_id INTEGER, reviewer_id INTEGER, score DOUBLE, body VARCHAR);
INSERT INTO reviews VALUES (1, 1, 1, 4.5, 'good'), (2, 1, 2, 2.0, 'cold'), (3, 2, 1, 3.5, 'fine'), (4, 3, 2, 1.0, 'bad'), (5, 2, 2, 5.0, 'great');
`;

export const paperModel = SemanticModelSchema.parse({
  name: 'papers',
  entities: [
    { name: 'paper', table: 'papers', primary_key: 'id', synonyms: ['papers'] },
    { name: 'venue', table: 'venues', primary_key: 'id', synonyms: ['venues'] },
    { name: 'author', table: 'authors', primary_key: 'id', synonyms: ['authors'] },
    { name: 'writes', table: 'writes', primary_key: 'id' },
  ],
  relationships: [
    { from: 'paper', to: 'venue', on: [['venue_id', 'id']] },
    { from: 'writes', to: 'paper', on: [['paper_id', 'id']] },
    { from: 'writes', to: 'author', on: [['author_id', 'id']] },
  ],
  dimensions: [
    { name: 'paper_id', entity: 'paper', sql: '${TABLE}.id', type: 'number', label: 'Paper id' },
    { name: 'venue_id', entity: 'venue', sql: '${TABLE}.id', type: 'number', label: 'Venue id' },
    { name: 'author_id', entity: 'author', sql: '${TABLE}.id', type: 'number', label: 'Author id' },
    { name: 'title', entity: 'paper', sql: '${TABLE}.title', label: 'Title', index_values: true },
    { name: 'field', entity: 'paper', sql: '${TABLE}.field', label: 'Field', index_values: true },
    { name: 'venue', entity: 'venue', sql: '${TABLE}.name', label: 'Venue', index_values: true },
    { name: 'author', entity: 'author', sql: '${TABLE}.name', label: 'Author', index_values: true },
  ],
  measures: [
    { name: 'paper_count', entity: 'paper', agg: 'count', label: 'Papers', time_bound: false },
    { name: 'venue_count', entity: 'venue', agg: 'count', label: 'Venues', time_bound: false },
    { name: 'author_count', entity: 'author', agg: 'count', label: 'Authors', time_bound: false },
    ...counted('paper', 'citation_count', 'citation count', 'citations'),
    ...counted('paper', 'page_count', 'page count', 'pages'),
  ],
});
export const paperValues = new Map([
  ['title', ['Deep Nets', 'Graph Cuts', 'Soil Carbon', 'Tide Models']],
  ['field', ['Computing', 'Ecology']],
  ['venue', ['Nordic Forum', 'Lake Summit']],
  ['author', ['Ada Holm', 'Bo Lind']],
]);
export const PAPER_TABLES = `
CREATE TABLE venues (id INTEGER, name VARCHAR);
INSERT INTO venues VALUES (1, 'Nordic Forum'), (2, 'Lake Summit');
CREATE TABLE papers (id INTEGER, title VARCHAR, field VARCHAR, venue_id INTEGER, citation_count INTEGER, page_count INTEGER);
INSERT INTO papers VALUES (1, 'Deep Nets', 'Computing', 1, 300, 12), (2, 'Graph Cuts', 'Computing', 2, 80, 9),
  (3, 'Soil Carbon', 'Ecology', 1, 300, 20), (4, 'Tide Models', 'Ecology', 2, 15, 7);
CREATE TABLE authors (id INTEGER, name VARCHAR);
INSERT INTO authors VALUES (1, 'Ada Holm'), (2, 'Bo Lind');
CREATE TABLE writes (id INTEGER, paper_id INTEGER, author_id INTEGER);
INSERT INTO writes VALUES (1, 1, 1), (2, 2, 1), (3, 3, 2), (4, 4, 2), (5, 1, 2);
`;

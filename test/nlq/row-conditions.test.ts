/**
 * Row conditions on a thing's own number column that the model keeps only as a measure (an average
 * score, a total citation count): "reviews by X with a score above 4" keeps each review whose own score
 * is above 4 (a WHERE on the column, the column shown beside), never a group total. Two vocabularies of our own (cafés and their
 * reviews; papers with citation and page counts), run on DuckDB against hand-written SQL; the
 * neighbouring group-total readings stay as they were, and an aggregate said, or another thing's
 * column, is refused.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { CAFE_TABLES, cafeModel, cafeValues, PAPER_TABLES, paperModel, paperValues } from './row-figure-fixture.js';

const cafes = duckdbTables(CAFE_TABLES);
const papers = duckdbTables(PAPER_TABLES);
const askCafe = (q: string) => interpret(q, { model: cafeModel, values: cafeValues, asOf: '2024-06-30' });
const askPaper = (q: string) => interpret(q, { model: paperModel, values: paperValues, asOf: '2024-06-30' });

function query(r: ReturnType<typeof interpret>, q: string) {
  expect(r.kind, `${q}: ${r.kind === 'query' ? '' : r.reason}`).toBe('query');
  if (r.kind !== 'query') throw new Error(q);
  return r.query;
}

describe('a comparison on the listed things own figure filters their rows', () => {
  it('reviews by a reviewer or of a café, held to their own score', async () => {
    const cases: [string, string][] = [
      [
        'reviews by Ola Berg with a score above 4',
        `SELECT r.id, r.body, r.score FROM reviews r JOIN reviewers u ON r.reviewer_id = u.id WHERE u.name = 'Ola Berg' AND r.score > 4`,
      ],
      [
        'list reviews of Daily Grind whose score is at least 3.5',
        `SELECT r.id, r.body, r.score FROM reviews r JOIN cafes c ON r.cafe_id = c.id WHERE c.name = 'Daily Grind' AND r.score >= 3.5`,
      ],
      [
        'show the reviews by Tim Reed with a score of 2 or less',
        `SELECT r.id, r.body, r.score FROM reviews r JOIN reviewers u ON r.reviewer_id = u.id WHERE u.name = 'Tim Reed' AND r.score <= 2`,
      ],
    ];
    for (const [q, sql] of cases) {
      const got = await expectSameRows(cafes, cafeModel, q, askCafe(q), sql);
      expect(got?.query.metric_filters, q).toEqual([]);
      expect(
        got?.query.filters.map((f) => f.dimension),
        q,
      ).toContain('average_score');
    }
  });

  it('papers by an author, in a field, held to their own citation and page counts', async () => {
    const cases: [string, string][] = [
      [
        'papers by Ada Holm with more than 100 citations',
        `SELECT p.id, p.title, p.citation_count FROM papers p JOIN writes w ON w.paper_id = p.id JOIN authors a ON w.author_id = a.id WHERE a.name = 'Ada Holm' AND p.citation_count > 100`,
      ],
      [
        'papers by Bo Lind with a citation count below 100',
        `SELECT p.id, p.title, p.citation_count FROM papers p JOIN writes w ON w.paper_id = p.id JOIN authors a ON w.author_id = a.id WHERE a.name = 'Bo Lind' AND p.citation_count < 100`,
      ],
      [
        'papers by Bo Lind in Computing with fewer than 20 pages',
        `SELECT p.id, p.title, p.page_count FROM papers p JOIN writes w ON w.paper_id = p.id JOIN authors a ON w.author_id = a.id WHERE a.name = 'Bo Lind' AND p.field = 'Computing' AND p.page_count < 20`,
      ],
      [
        'papers by Bo Lind with more than 100 citations and fewer than 10 pages',
        `SELECT p.id, p.title, p.citation_count, p.page_count FROM papers p JOIN writes w ON w.paper_id = p.id JOIN authors a ON w.author_id = a.id WHERE a.name = 'Bo Lind' AND p.citation_count > 100 AND p.page_count < 10`,
      ],
    ];
    for (const [q, sql] of cases) {
      const got = await expectSameRows(papers, paperModel, q, askPaper(q), sql);
      expect(got?.query.metric_filters, q).toEqual([]);
    }
  });
});

describe('the neighbouring readings', () => {
  it('a count of related rows, or a figure of related rows, stays a total of each group', () => {
    const counted = query(askCafe('list cafes in Harbour with more than 1 reviews'), 'cafes');
    expect(counted.metric_filters).toEqual([{ metric: 'review_count', op: 'gt', value: 1 }]);
    // (the score is the reviews': the cafés' average of it)
    const averaged = query(askCafe('cafes with a score above 4'), 'cafes');
    expect(averaged.metric_filters).toEqual([{ metric: 'average_score', op: 'gt', value: 4 }]);
    expect(averaged.group_by).toEqual([{ dimension: 'cafe' }]);
    const authors = query(askPaper('list authors in Nordic Forum with more than 100 citations'), 'authors');
    expect(authors.metric_filters).toEqual([{ metric: 'total_citation_count', op: 'gt', value: 100 }]);
    expect(authors.group_by).toEqual([{ dimension: 'author' }]);
  });

  it('an aggregate said, a percent, or another thing’s column is no row condition: refused', () => {
    for (const q of [
      'reviews by Ola Berg with an average score above 4',
      'reviews by Ola Berg with a total score above 4',
      'reviews by Ola Berg with a score above 40%',
      'reviews by Ola Berg with more than 30 seats',
    ])
      expect(askCafe(q).kind, q).not.toBe('query');
  });
});

// comments on tickets: a row with no name whose column `content` is what it says, and a level (`urgency`)
const ticketModel = SemanticModelSchema.parse({
  name: 'desk',
  entities: [
    { name: 'ticket', table: 'tickets', primary_key: 'id', synonyms: ['tickets'] },
    { name: 'comment', table: 'comments', primary_key: 'id', synonyms: ['comments'] },
  ],
  relationships: [{ from: 'comment', to: 'ticket', on: [['ticket_id', 'id']] }],
  dimensions: [
    { name: 'ticket_id', entity: 'ticket', sql: '${TABLE}.id', type: 'number', label: 'Ticket id' },
    { name: 'subject', entity: 'ticket', sql: '${TABLE}.subject', label: 'Subject', index_values: true },
    { name: 'comment_id', entity: 'comment', sql: '${TABLE}.id', type: 'number', label: 'Comment id' },
    { name: 'comment_content', entity: 'comment', sql: '${TABLE}.content', label: 'Comment content' },
    { name: 'author', entity: 'comment', sql: '${TABLE}.author', label: 'Author', index_values: true },
  ],
  measures: [
    { name: 'comment_count', entity: 'comment', agg: 'count', label: 'Comments', time_bound: false },
    {
      name: 'average_urgency',
      entity: 'comment',
      agg: 'avg',
      sql: '${TABLE}.urgency',
      label: 'Average urgency',
      synonyms: ['urgency'],
      time_bound: false,
    },
  ],
});
const tickets = duckdbTables(`
CREATE TABLE tickets (id INTEGER, subject VARCHAR);
INSERT INTO tickets VALUES (1, 'Login fails'), (2, 'Slow page');
CREATE TABLE comments (id INTEGER, ticket_id INTEGER, author VARCHAR, content VARCHAR, urgency INTEGER);
INSERT INTO comments VALUES (1, 1, 'Kim', 'seen it too', 3), (2, 1, 'Lee', 'fixed?', 1), (3, 2, 'Kim', 'still slow', 5);
`);
const askTicket = (q: string) =>
  interpret(q, {
    model: ticketModel,
    values: new Map([
      ['author', ['Kim', 'Lee']],
      ['subject', ['Login fails', 'Slow page']],
    ]),
    asOf: '2024-06-30',
  });

describe('a thing with no name is listed by what it says', () => {
  it('comments on a ticket show their key and content; held to their own urgency', async () => {
    const q = 'list the comments on Login fails';
    const got = await expectSameRows(tickets, ticketModel, q, askTicket(q), `SELECT id, content FROM comments WHERE ticket_id = 1`);
    expect(got?.columns).toEqual(['comment_id', 'comment_content']);
    const urgent = 'comments by Kim with an urgency above 4';
    await expectSameRows(
      tickets,
      ticketModel,
      urgent,
      askTicket(urgent),
      `SELECT id, content, urgency FROM comments WHERE author = 'Kim' AND urgency > 4`,
    );
  });

  it('reviews show their key and their text', async () => {
    const q = 'list reviews by Ola Berg';
    const got = await expectSameRows(
      cafes,
      cafeModel,
      q,
      askCafe(q),
      `SELECT r.id, r.body FROM reviews r JOIN reviewers u ON r.reviewer_id = u.id WHERE u.name = 'Ola Berg'`,
    );
    expect(got?.columns).toEqual(['review_id', 'review_text']);
  });
});

/**
 * Members with a condition through a relation ("which singers have released tracks in the style
 * Jazz", "venues that hosted gigs with status sold out") and dated verbs ("gigs that started in
 * 2023", "fans who signed up in 2022"), on a small model of our own (a music scene) over a real
 * DuckDB, checked against hand-written SQL: DISTINCT members, never a count of joined rows. Two
 * paths, a second filter, a negation or a period beside the condition stay refused.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const model = SemanticModelSchema.parse({
  name: 'music',
  entities: [
    { name: 'label', table: 'labels', primary_key: 'id', synonyms: ['labels', 'record label', 'record labels'] },
    { name: 'singer', table: 'singers', primary_key: 'id', synonyms: ['singers'] },
    { name: 'track', table: 'tracks', primary_key: 'id', synonyms: ['tracks', 'song', 'songs'] },
    { name: 'credit', table: 'credits', primary_key: 'id' },
    { name: 'style', table: 'styles', primary_key: 'id', synonyms: ['styles'] },
    { name: 'track_style', table: 'track_styles', primary_key: 'id' },
    { name: 'venue', table: 'venues', primary_key: 'id', synonyms: ['venues'] },
    { name: 'gig', table: 'gigs', primary_key: 'id', synonyms: ['gigs', 'concert', 'concerts'] },
    { name: 'fan', table: 'fans', primary_key: 'id', synonyms: ['fans'] },
    { name: 'ticket', table: 'tickets', primary_key: 'id', synonyms: ['tickets'] },
  ],
  relationships: [
    { from: 'singer', to: 'label', on: [['label_id', 'id']] },
    { from: 'credit', to: 'singer', on: [['singer_id', 'id']] },
    { from: 'credit', to: 'track', on: [['track_id', 'id']] },
    { from: 'track_style', to: 'track', on: [['track_id', 'id']] },
    { from: 'track_style', to: 'style', on: [['style_id', 'id']] },
    { from: 'gig', to: 'venue', on: [['venue_id', 'id']] },
    // a ticket is bought by one fan and gifted to another: two paths between tickets and fans
    { from: 'ticket', to: 'fan', on: [['buyer_id', 'id']] },
    { from: 'ticket', to: 'fan', on: [['gifted_to_id', 'id']] },
  ],
  dimensions: [
    { name: 'label_id', entity: 'label', sql: '${TABLE}.id', type: 'number', label: 'Label id' },
    { name: 'label', entity: 'label', sql: '${TABLE}.name', label: 'Label', index_values: true },
    { name: 'singer_id', entity: 'singer', sql: '${TABLE}.id', type: 'number', label: 'Singer id' },
    { name: 'singer', entity: 'singer', sql: '${TABLE}.name', label: 'Singer', index_values: true },
    { name: 'track_id', entity: 'track', sql: '${TABLE}.id', type: 'number', label: 'Track id' },
    { name: 'track', entity: 'track', sql: '${TABLE}.title', label: 'Track', index_values: true },
    { name: 'style', entity: 'style', sql: '${TABLE}.name', label: 'Style', index_values: true },
    { name: 'venue_id', entity: 'venue', sql: '${TABLE}.id', type: 'number', label: 'Venue id' },
    { name: 'venue', entity: 'venue', sql: '${TABLE}.name', label: 'Venue', index_values: true },
    { name: 'gig_status', entity: 'gig', sql: '${TABLE}.status', label: 'Gig status', synonyms: ['status'], index_values: true },
    { name: 'fan', entity: 'fan', sql: '${TABLE}.name', label: 'Fan', index_values: true },
  ],
  time_dimensions: [
    { name: 'gig_start_dt', entity: 'gig', sql: '${TABLE}.start_date', label: 'Start date', grains: ['day', 'month', 'year'] },
    { name: 'gig_end_dt', entity: 'gig', sql: '${TABLE}.end_date', label: 'End date', grains: ['day', 'month', 'year'] },
    { name: 'fan_join', entity: 'fan', sql: '${TABLE}.joined_on', label: 'Join date', grains: ['day', 'month', 'year'] },
  ],
  measures: [
    { name: 'label_count', entity: 'label', agg: 'count', label: 'Labels', time_bound: false },
    { name: 'singer_count', entity: 'singer', agg: 'count', label: 'Singers', time_bound: false },
    { name: 'track_count', entity: 'track', agg: 'count', label: 'Tracks', time_bound: false },
    { name: 'credit_count', entity: 'credit', agg: 'count', label: 'Credits', time_bound: false },
    { name: 'style_count', entity: 'style', agg: 'count', label: 'Styles', time_bound: false },
    { name: 'track_style_count', entity: 'track_style', agg: 'count', label: 'Track styles', time_bound: false },
    { name: 'venue_count', entity: 'venue', agg: 'count', label: 'Venues', time_bound: false },
    { name: 'gig_count', entity: 'gig', agg: 'count', label: 'Gigs', time_dimension: 'gig_start_dt' },
    {
      name: 'total_fee',
      entity: 'gig',
      agg: 'sum',
      sql: '${TABLE}.fee',
      label: 'Total fee',
      synonyms: ['fee'],
      time_dimension: 'gig_start_dt',
    },
    { name: 'fan_count', entity: 'fan', agg: 'count', label: 'Fans', time_dimension: 'fan_join' },
    { name: 'ticket_count', entity: 'ticket', agg: 'count', label: 'Tickets', time_bound: false },
  ],
  defaults: { time_dimension: 'gig_start_dt' },
});

const values = new Map([
  ['label', ['Blue Owl', 'Red Fox']],
  ['singer', ['Ana Ruiz', 'Bo Chen', 'Cy Dahl']],
  ['track', ['Night Tide', 'Low Sun', 'Iron Rail']],
  ['style', ['Jazz', 'Folk']],
  ['venue', ['The Vault', 'Pier Hall']],
  ['gig_status', ['sold out', 'open']],
  ['fan', ['Dee', 'Eli']],
]);
const ask = (q: string) => interpret(q, { model, values, asOf: '2024-06-30' });

const db = duckdbTables(`
  CREATE TABLE labels (id INTEGER, name VARCHAR);
  INSERT INTO labels VALUES (1, 'Blue Owl'), (2, 'Red Fox'), (3, 'Grey Hen');
  CREATE TABLE singers (id INTEGER, name VARCHAR, label_id INTEGER);
  INSERT INTO singers VALUES (1, 'Ana Ruiz', 1), (2, 'Bo Chen', 2), (3, 'Cy Dahl', 1), (4, 'Ana Ruiz', 3);
  CREATE TABLE tracks (id INTEGER, title VARCHAR);
  INSERT INTO tracks VALUES (1, 'Night Tide'), (2, 'Low Sun'), (3, 'Iron Rail');
  CREATE TABLE credits (id INTEGER, singer_id INTEGER, track_id INTEGER);
  -- Ana (1) sang two jazz tracks: she is listed once
  INSERT INTO credits VALUES (1, 1, 1), (2, 1, 2), (3, 2, 3), (4, 3, 3), (5, 4, 2);
  CREATE TABLE styles (id INTEGER, name VARCHAR);
  INSERT INTO styles VALUES (1, 'Jazz'), (2, 'Folk');
  CREATE TABLE track_styles (id INTEGER, track_id INTEGER, style_id INTEGER);
  INSERT INTO track_styles VALUES (1, 1, 1), (2, 2, 1), (3, 2, 2), (4, 3, 2);
  CREATE TABLE venues (id INTEGER, name VARCHAR);
  INSERT INTO venues VALUES (1, 'The Vault'), (2, 'Pier Hall'), (3, 'Dock Room');
  CREATE TABLE gigs (id INTEGER, venue_id INTEGER, status VARCHAR, start_date DATE, end_date DATE, fee INTEGER);
  INSERT INTO gigs VALUES (1, 1, 'sold out', DATE '2023-03-01', DATE '2023-03-02', 100), (2, 1, 'sold out', DATE '2023-05-01', DATE '2024-01-02', 50),
    (3, 2, 'open', DATE '2022-12-30', DATE '2023-01-01', 300), (4, 3, 'sold out', DATE '2024-02-01', DATE '2024-02-01', 20);
  CREATE TABLE fans (id INTEGER, name VARCHAR, joined_on DATE);
  INSERT INTO fans VALUES (1, 'Dee', DATE '2022-04-01'), (2, 'Eli', DATE '2023-04-01'), (3, 'Fay', DATE '2022-11-11');
  CREATE TABLE tickets (id INTEGER, buyer_id INTEGER, gifted_to_id INTEGER);
  INSERT INTO tickets VALUES (1, 1, 2), (2, 3, 1);
`);

const jazzSingers = `SELECT DISTINCT s.id, s.name FROM singers s JOIN credits r ON r.singer_id = s.id JOIN track_styles ts ON ts.track_id = r.track_id JOIN styles st ON st.id = ts.style_id WHERE st.name = 'Jazz'`;

describe('members with a condition through a relation', () => {
  it('"which singers have released tracks in the style Jazz": each singer once, through both linking tables', async () => {
    const q = 'Which singers have released tracks in the style Jazz?';
    const r = ask(q);
    await expectSameRows(db, model, q, r, jazzSingers);
  });

  it('"the names of the singers who have released songs in the style Jazz": the names only (DISTINCT)', async () => {
    const q = 'What are the names of the singers who have released songs in the style Jazz?';
    await expectSameRows(db, model, q, ask(q), `SELECT DISTINCT name FROM (${jazzSingers})`);
  });

  it('with "have" and no verb, and counted: "how many singers have tracks in the style Folk"', async () => {
    const q1 = 'Which singers have tracks in the style Folk?';
    const folk = jazzSingers.replace("'Jazz'", "'Folk'");
    await expectSameRows(db, model, q1, ask(q1), folk);
    const q2 = 'How many singers have released tracks in the style Folk?';
    await expectSameRows(db, model, q2, ask(q2), `SELECT COUNT(*) FROM (${folk})`);
  });

  it('the passive, its agent carrying the value: "which tracks were released by singers on the Blue Owl label"', async () => {
    const q = 'Which tracks were released by singers on the Blue Owl label?';
    await expectSameRows(
      db,
      model,
      q,
      ask(q),
      `SELECT DISTINCT t.id, t.title FROM tracks t JOIN credits c ON c.track_id = t.id JOIN singers s ON s.id = c.singer_id JOIN labels l ON l.id = s.label_id WHERE l.name = 'Blue Owl'`,
    );
    const q2 = 'How many tracks were released by singers on the label Red Fox?';
    await expectSameRows(
      db,
      model,
      q2,
      ask(q2),
      `SELECT COUNT(DISTINCT c.track_id) FROM credits c JOIN singers s ON s.id = c.singer_id JOIN labels l ON l.id = s.label_id WHERE l.name = 'Red Fox'`,
    );
  });

  it('a chain: "which labels have singers who have released tracks in the style Jazz"', async () => {
    const q = 'Which labels have singers who have released tracks in the style Jazz?';
    await expectSameRows(
      db,
      model,
      q,
      ask(q),
      `SELECT DISTINCT l.id, l.name FROM labels l JOIN (${jazzSingers}) s ON TRUE JOIN singers s2 ON s2.id = s.id AND s2.label_id = l.id`,
    );
  });

  it('the related rows\' own value: "which venues have gigs with status sold out", "have had gigs with a sold out status"', async () => {
    const want = `SELECT DISTINCT v.id, v.name FROM venues v JOIN gigs g ON g.venue_id = v.id WHERE g.status = 'sold out'`;
    const q = 'Which venues have gigs with status sold out?';
    const got = await expectSameRows(db, model, q, ask(q), want);
    expect(got?.query.entity_conditions?.[0]?.filters?.length).toBe(1);
    const q2 = 'Which venues have had gigs with a sold out status?';
    await expectSameRows(db, model, q2, ask(q2), want);
  });

  it('the value before the thing whose column holds it: "singers who have released tracks with Folk styles"', async () => {
    const q = 'Which singers have released tracks with Folk styles?';
    await expectSameRows(db, model, q, ask(q), jazzSingers.replace("'Jazz'", "'Folk'"));
    // or right before the related thing: "singer names that have released Folk tracks"
    const q2 = 'List the singer names that have released Folk tracks.';
    await expectSameRows(db, model, q2, ask(q2), `SELECT DISTINCT name FROM (${jazzSingers.replace("'Jazz'", "'Folk'")})`);
  });

  it('neither listed nor counted ("singers who released Folk tracks"), or beside a breakdown: refused, never the words dropped', () => {
    expect(ask('singers who released Folk tracks').kind).toBe('out_of_scope');
    expect(ask('Which singers have released tracks in the style Jazz by label?').kind).toBe('out_of_scope');
  });

  it('refused: two paths (tickets bought by or gifted to fans), a second filter; a negation keeps those with none', () => {
    expect(ask('Which fans have tickets with status sold out?').kind).toBe('out_of_scope');
    // (the members with no such tracks: related-sets.ts)
    expect(ask('Which singers have not released tracks in the style Jazz?')).toMatchObject({
      kind: 'query',
      query: {
        entity_conditions: [
          { entity: 'singer', op: 'eq', value: 0, conditions: [{ entity: 'track', filters: [{ dimension: 'style', values: ['Jazz'] }] }] },
        ],
      },
    });
    expect(ask('Which singers on Blue Owl have released tracks in the style Jazz?').kind).toBe('out_of_scope');
  });
});

describe('dated verbs', () => {
  it('"how many gigs ended in 2023": a count of the gigs\' own rows is dated by any date of theirs the verb names', async () => {
    // (the model dates the gig count by the start date; the end date is the gigs' own, so their rows are counted by it)
    const q = 'How many gigs ended in 2023?';
    await expectSameRows(
      db,
      model,
      q,
      ask(q),
      `SELECT COUNT(*) FROM gigs WHERE end_date >= DATE '2023-01-01' AND end_date < DATE '2024-01-01'`,
    );
  });

  it('"how many gigs started in 2023", "list the fans who joined in 2022"', async () => {
    const q1 = 'How many gigs started in 2023?';
    await expectSameRows(
      db,
      model,
      q1,
      ask(q1),
      `SELECT COUNT(*) FROM gigs WHERE start_date >= DATE '2023-01-01' AND start_date < DATE '2024-01-01'`,
    );
    const q2 = 'List the fans who joined in 2022';
    const r = ask(q2);
    await expectSameRows(db, model, q2, r, `SELECT name FROM fans WHERE joined_on >= DATE '2022-01-01' AND joined_on < DATE '2023-01-01'`);
  });

  it('beside another figure of the same rows: "top 2 venues by total fee charged for gigs started in 2023, with the number of gigs"', async () => {
    const q = 'What are the top 2 venues by total fee charged for gigs started in 2023? Return the venue, number of gigs and total fee.';
    await expectSameRows(
      db,
      model,
      q,
      ask(q),
      `SELECT v.name, COUNT(*), SUM(fee) FROM gigs g JOIN venues v ON v.id = g.venue_id WHERE start_date >= DATE '2023-01-01' AND start_date < DATE '2024-01-01' GROUP BY 1 ORDER BY 3 DESC LIMIT 2`,
      true,
    );
    // (the columns in the order the question lists them); two figures of two things side by side are no relation
    expect(ask('What is the number of singers and the number of tracks released by singers?').kind).toBe('out_of_scope');
  });

  it('a verb naming no date of the thing stays refused ("gigs played in 2023")', () => {
    expect(ask('How many gigs played in 2023?').kind).toBe('out_of_scope');
  });
});

describe('a verb naming one of two foreign keys', () => {
  const chat = SemanticModelSchema.parse({
    name: 'chat',
    entities: [
      { name: 'member', table: 'members', primary_key: 'id', synonyms: ['members'] },
      { name: 'note', table: 'notes', primary_key: 'id', synonyms: ['notes', 'message', 'messages'] },
    ],
    relationships: [
      { from: 'note', to: 'member', on: [['sender_id', 'id']] },
      { from: 'note', to: 'member', on: [['receiver_id', 'id']] },
    ],
    dimensions: [
      { name: 'member_id', entity: 'member', sql: '${TABLE}.id', type: 'number', label: 'Member id' },
      { name: 'member', entity: 'member', sql: '${TABLE}.handle', label: 'Member', index_values: true },
    ],
    measures: [
      { name: 'member_count', entity: 'member', agg: 'count', label: 'Members', time_bound: false },
      { name: 'note_count', entity: 'note', agg: 'count', label: 'Notes', time_bound: false },
    ],
  });
  const chatDb = duckdbTables(`
    CREATE TABLE members (id INTEGER, handle VARCHAR);
    INSERT INTO members VALUES (1, 'kit'), (2, 'lou'), (3, 'max');
    CREATE TABLE notes (id INTEGER, sender_id INTEGER, receiver_id INTEGER);
    INSERT INTO notes VALUES (1, 1, 2), (2, 1, 3), (3, 2, 1), (4, 3, 1), (5, 3, 1);
  `);
  const askChat = (q: string) => interpret(q, { model: chat, values: new Map([['member', ['kit', 'lou', 'max']]]), asOf: '2024-06-30' });

  it('"sent" names sender_id (the join the query takes): read; "received" names the other key: refused', async () => {
    const q = 'How many messages were sent by each member?';
    await expectSameRows(
      chatDb,
      chat,
      q,
      askChat(q),
      `SELECT m.handle, COUNT(*) FROM notes n JOIN members m ON m.id = n.sender_id GROUP BY 1`,
    );
    const q2 = 'How many messages did each member send?';
    await expectSameRows(
      chatDb,
      chat,
      q2,
      askChat(q2),
      `SELECT m.handle, COUNT(*) FROM notes n JOIN members m ON m.id = n.sender_id GROUP BY 1`,
    );
    expect(askChat('How many messages were received by each member?').kind).toBe('out_of_scope');
    expect(askChat('How many messages did each member receive?').kind).toBe('out_of_scope');
    // a verb naming neither key is no relation the model holds once
    expect(askChat('How many messages were forwarded by each member?').kind).toBe('out_of_scope');
  });
});

/**
 * "the most <participle> <thing>" and a thing named beside its value inside a superlative lookup, on two
 * small models of our own over a real DuckDB: a bike hire (depots, bikes, rentals) and a video site
 * (channels, videos with their own view counts, shares and mentions of videos). The participle's verb names
 * the figure: the thing's own number column ("view_count" of "viewed"), else how many rows of the one thing
 * the verb names belong to each member ("rentals" of "rented").
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';

const count = (entity: string, label: string) => ({ name: `${entity}_count`, entity, agg: 'count', label, time_bound: false });

const hire = SemanticModelSchema.parse({
  name: 'hire',
  entities: [
    { name: 'depot', table: 'depots', primary_key: 'id', synonyms: ['depots'] },
    { name: 'bike', table: 'bikes', primary_key: 'id', synonyms: ['bikes'] },
    { name: 'rental', table: 'rentals', primary_key: 'id', synonyms: ['rentals'] },
  ],
  relationships: [
    { from: 'bike', to: 'depot', on: [['depot_id', 'id']] },
    { from: 'rental', to: 'bike', on: [['bike_id', 'id']] },
  ],
  dimensions: [
    { name: 'depot_id', entity: 'depot', sql: '${TABLE}.id', type: 'number', label: 'Depot id' },
    { name: 'depot', entity: 'depot', sql: '${TABLE}.name', label: 'Depot', synonyms: ['depot name'], index_values: true },
    { name: 'floor_area', entity: 'depot', sql: '${TABLE}.floor_area', type: 'number', label: 'Floor area' },
    { name: 'bike_id', entity: 'bike', sql: '${TABLE}.id', type: 'number', label: 'Bike id' },
    { name: 'bike', entity: 'bike', sql: '${TABLE}.name', label: 'Bike', synonyms: ['bike name'] },
    { name: 'rental_id', entity: 'rental', sql: '${TABLE}.id', type: 'number', label: 'Rental id' },
    { name: 'customer', entity: 'rental', sql: '${TABLE}.customer', label: 'Customer', index_values: true },
  ],
  measures: [
    count('depot', 'Depots'),
    count('bike', 'Bikes'),
    count('rental', 'Rentals'),
    { name: 'total_mass', entity: 'bike', agg: 'sum', sql: '${TABLE}.mass', label: 'Mass', time_bound: false },
    { name: 'total_bays', entity: 'depot', agg: 'sum', sql: '${TABLE}.bays', label: 'Bays', time_bound: false },
  ],
});
const hireValues = new Map([
  ['depot', ['Leeds', 'York']],
  ['customer', ['Ann Hale', 'Bo Reid']],
]);

const videos = SemanticModelSchema.parse({
  name: 'videos',
  entities: [
    { name: 'channel', table: 'channels', primary_key: 'id', synonyms: ['channels'] },
    { name: 'video', table: 'videos', primary_key: 'id', synonyms: ['videos', 'clip', 'clips'] },
    { name: 'share', table: 'shares', primary_key: 'id', synonyms: ['shares'] },
    { name: 'mention', table: 'mentions', primary_key: 'id', synonyms: ['mentions'] },
    { name: 'playback', table: 'playbacks', primary_key: 'id', synonyms: ['playbacks'] },
  ],
  relationships: [
    { from: 'video', to: 'channel', on: [['channel_id', 'id']] },
    { from: 'share', to: 'video', on: [['shared_video_id', 'id']] },
    // (a mention row is of the video that mentions another: its key names the mentioning one)
    { from: 'mention', to: 'video', on: [['mentioning_video_id', 'id']] },
    { from: 'playback', to: 'video', on: [['video_id', 'id']] },
  ],
  dimensions: [
    { name: 'channel_id', entity: 'channel', sql: '${TABLE}.id', type: 'number', label: 'Channel id' },
    { name: 'channel', entity: 'channel', sql: '${TABLE}.name', label: 'Channel', synonyms: ['channel name'], index_values: true },
    { name: 'video_id', entity: 'video', sql: '${TABLE}.id', type: 'number', label: 'Video id' },
    { name: 'video', entity: 'video', sql: '${TABLE}.title', label: 'Video', synonyms: ['video title', 'title'] },
    { name: 'playback_id', entity: 'playback', sql: '${TABLE}.id', type: 'number', label: 'Playback id' },
    { name: 'viewer', entity: 'playback', sql: '${TABLE}.viewer', label: 'Viewer', index_values: true },
  ],
  measures: [
    count('channel', 'Channels'),
    count('video', 'Videos'),
    count('share', 'Shares'),
    count('mention', 'Mentions'),
    { name: 'total_views', entity: 'video', agg: 'sum', sql: '${TABLE}.view_count', label: 'Views', time_bound: false },
    { name: 'total_length', entity: 'video', agg: 'sum', sql: '${TABLE}.length_seconds', label: 'Length seconds', time_bound: false },
  ],
});
const videoValues = new Map([
  ['channel', ['Cooking', 'Travel']],
  ['viewer', ['Cy Moss']],
]);

const tables = duckdbTables(`
CREATE TABLE depots (id INTEGER, name VARCHAR, floor_area INTEGER, bays INTEGER);
INSERT INTO depots VALUES (1, 'Leeds', 400, 12), (2, 'York', 650, 9);
CREATE TABLE bikes (id INTEGER, name VARCHAR, depot_id INTEGER, mass INTEGER);
INSERT INTO bikes VALUES (1, 'Swift', 1, 11), (2, 'Comet', 1, 14), (3, 'Hare', 2, 9), (4, 'Idle', 2, 12);
CREATE TABLE rentals (id INTEGER, bike_id INTEGER, customer VARCHAR);
INSERT INTO rentals VALUES (1, 1, 'Ann Hale'), (2, 1, 'Bo Reid'), (3, 2, 'Ann Hale'), (4, 3, 'Bo Reid'), (5, 3, 'Bo Reid'), (6, 3, 'Ann Hale');
CREATE TABLE channels (id INTEGER, name VARCHAR);
INSERT INTO channels VALUES (1, 'Cooking'), (2, 'Travel');
CREATE TABLE videos (id INTEGER, title VARCHAR, channel_id INTEGER, view_count INTEGER, length_seconds INTEGER);
INSERT INTO videos VALUES (1, 'Bread', 1, 500, 300), (2, 'Soup', 1, 900, 120), (3, 'Alps', 2, 1200, 90), (4, 'Coast', 2, 300, 600);
CREATE TABLE shares (id INTEGER, shared_video_id INTEGER);
INSERT INTO shares VALUES (1, 4), (2, 4), (3, 1);
CREATE TABLE mentions (id INTEGER, mentioning_video_id INTEGER);
INSERT INTO mentions VALUES (1, 2);
CREATE TABLE playbacks (id INTEGER, video_id INTEGER, viewer VARCHAR);
INSERT INTO playbacks VALUES (1, 1, 'Cy Moss'), (2, 4, 'Cy Moss'), (3, 4, 'Cy Moss'), (4, 3, 'Di Vale');
`);

const askHire = (q: string) => interpret(q, { model: hire, values: hireValues, asOf: '2024-06-30' });
const askVideos = (q: string) => interpret(q, { model: videos, values: videoValues, asOf: '2024-06-30' });
async function answers(model: 'hire' | 'videos', question: string, reference: string): Promise<string[]> {
  const r = model === 'hire' ? askHire(question) : askVideos(question);
  return (await expectSameRows(tables, model === 'hire' ? hire : videos, question, r, reference, true))?.columns ?? [];
}
function refused(model: 'hire' | 'videos', question: string): void {
  const r = model === 'hire' ? askHire(question) : askVideos(question);
  expect(r.kind, `${question} should be refused: ${JSON.stringify(r.kind === 'query' ? r.query : '')}`).not.toBe('query');
}

describe('"the most <participle> <thing>": the figure its verb names', () => {
  it('how many rows of the thing the verb names belong to each member ("rented": rentals)', async () => {
    await answers(
      'hire',
      'Which is the most rented bike?',
      `SELECT b.id, b.name, COUNT(*) FROM bikes b JOIN rentals r ON r.bike_id = b.id GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`,
    );
    await answers(
      'hire',
      'Show the 2 most rented bikes',
      `SELECT b.id, b.name, COUNT(*) FROM bikes b JOIN rentals r ON r.bike_id = b.id GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 2`,
    );
    await answers(
      'videos',
      'what is the most shared clip',
      `SELECT v.id, v.title, COUNT(*) FROM videos v JOIN shares s ON s.shared_video_id = v.id GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`,
    );
  });
  it('the thing\'s own number column the verb names ("viewed": view_count), within a value of the thing', async () => {
    await answers('videos', 'What is the most viewed video?', `SELECT id, title, view_count FROM videos ORDER BY view_count DESC LIMIT 1`);
    await answers(
      'videos',
      'the least viewed video of the Travel channel',
      `SELECT v.id, v.title, v.view_count FROM videos v JOIN channels c ON c.id = v.channel_id WHERE c.name = 'Travel' ORDER BY 3 LIMIT 1`,
    );
  });
  it('a verb that names nothing, rows keyed by the one doing it, or the fewest related rows are refused', () => {
    refused('videos', 'What is the most watched video?');
    refused('hire', 'Which is the most ridden bike?');
    // (a mention row is of the video mentioning: "the most mentioned" would count the wrong side)
    refused('videos', 'What is the most mentioned video?');
    // (a bike never rented has no row to rank)
    refused('hire', 'Which is the least rented bike?');
    // (no degree word: no ranking)
    refused('hire', 'Which is the rented bike?');
  });
});

describe('a thing named beside its value keeps the members ranked', () => {
  it('"in the Leeds depot", "of depot Leeds", "in the Travel channel"', async () => {
    const leeds = `SELECT b.id, b.name, COUNT(*) FROM bikes b JOIN rentals r ON r.bike_id = b.id JOIN depots d ON d.id = b.depot_id
      WHERE d.name = 'Leeds' GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`;
    await answers('hire', 'Which is the bike in the Leeds depot with the most rentals?', leeds);
    await answers('hire', 'the bike of depot Leeds with the most rentals', leeds);
    await answers(
      'videos',
      'Which is the video in the Travel channel with the most views?',
      `SELECT v.id, v.title, v.view_count FROM videos v JOIN channels c ON c.id = v.channel_id WHERE c.name = 'Travel' ORDER BY 3 DESC LIMIT 1`,
    );
  });
  it('a participle before its agent ("rented by Ann Hale"): members with such a row, ranked by their own column', async () => {
    await answers(
      'hire',
      'Which is the bike rented by Ann Hale with the highest mass?',
      `SELECT DISTINCT b.id, b.name, b.mass FROM bikes b JOIN rentals r ON r.bike_id = b.id WHERE r.customer = 'Ann Hale' ORDER BY 3 DESC LIMIT 1`,
    );
    await answers(
      'videos',
      'the video watched by Cy Moss with the most views',
      `SELECT DISTINCT v.id, v.title, v.view_count FROM videos v JOIN playbacks p ON p.video_id = v.id WHERE p.viewer = 'Cy Moss' ORDER BY 3 DESC LIMIT 1`,
    );
  });
  it("a thing that is not the value's own beside it, or a verb before no agent, is refused", () => {
    refused('hire', 'Which is the bike rented Ann Hale with the highest mass?');
    refused('hire', 'Which is the bike in the Leeds rental with the most rentals?');
  });
});

describe("what is asked of the winner: a word of the figure's sense, or another figure of its own column", () => {
  it('"the size of the largest depot" is its floor area, "the weight of the heaviest bike" its mass', async () => {
    await answers(
      'hire',
      'What is the size of the largest depot?',
      `SELECT id, name, floor_area FROM depots ORDER BY floor_area DESC LIMIT 1`,
    );
    await answers('hire', 'what is the weight of the heaviest bike', `SELECT id, name, mass FROM bikes ORDER BY mass DESC LIMIT 1`);
  });
  it("another figure of the member's own column is shown beside the one ranked", async () => {
    await answers(
      'hire',
      'What are the bays of the largest depot?',
      `SELECT id, bays, floor_area FROM depots ORDER BY floor_area DESC LIMIT 1`,
    );
    await answers(
      'videos',
      'what are the views of the longest video',
      `SELECT id, view_count, length_seconds FROM videos ORDER BY length_seconds DESC LIMIT 1`,
    );
  });
  it('a sense the thing has no column of, or a figure of other rows, is refused', () => {
    refused('hire', 'What is the depth of the largest depot?');
    // (said with its aggregation it is a second figure)
    refused('hire', 'What are the total bays of the largest depot?');
    refused('hire', 'What is the population of the largest depot?');
    refused('hire', 'What are the rentals of the heaviest bike?');
    refused('videos', 'what are the shares of the longest video');
  });
});

describe('"which X has the <superlative> Y": the thing holding the winner, shown beside it', () => {
  it('the thing each member belongs to, for a figure of its own column, a participle or a count of related rows', async () => {
    const cols = await answers(
      'hire',
      'Which depot has the heaviest bike?',
      `SELECT b.id, d.name, b.mass FROM bikes b JOIN depots d ON d.id = b.depot_id ORDER BY b.mass DESC LIMIT 1`,
    );
    expect(cols).toContain('depot');
    await answers(
      'hire',
      'which depot has the most rented bike',
      `SELECT b.id, d.name, COUNT(*) FROM bikes b JOIN depots d ON d.id = b.depot_id JOIN rentals r ON r.bike_id = b.id
        GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`,
    );
    await answers(
      'videos',
      'Which channel has the most viewed video?',
      `SELECT v.id, c.name, v.view_count FROM videos v JOIN channels c ON c.id = v.channel_id ORDER BY 3 DESC LIMIT 1`,
    );
    await answers(
      'videos',
      'which channel has the clip with the most shares',
      `SELECT v.id, c.name, COUNT(*) FROM videos v JOIN channels c ON c.id = v.channel_id JOIN shares s ON s.shared_video_id = v.id
        GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`,
    );
  });
  it('a thing the members do not each belong to, or a plural winner with no number, is refused', () => {
    refused('hire', 'Which rental has the heaviest bike?');
    refused('videos', 'Which share has the most viewed video?');
    refused('hire', 'Which depot has the heaviest bikes?');
  });
});

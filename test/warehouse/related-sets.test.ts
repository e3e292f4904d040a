/**
 * Sets of members by related rows one or two joins away (`constructions/related-sets.ts`): none ("never",
 * "did not ... any", "with no"), both ("both ... and", "as well as"), one but not the other ("but never",
 * "but not") and only ("only", "whose ... are all"), listed or counted. Our own small databases,
 * bootstrapped unedited: a climbing gym (members, sessions, attendances) and a tool library (borrowers,
 * tools, loans, and the categories of each tool through a linking table).
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a climbing gym: members attend sessions', () => {
  const db = bootstrappedDuckdb(
    'climbgym',
    `CREATE TABLE climber (climber_id INTEGER PRIMARY KEY, climber_name VARCHAR, town VARCHAR);
     INSERT INTO climber VALUES (1, 'Ann Lee', 'Leeds'), (2, 'Bo Kim', 'York'), (3, 'Cy Ro', 'Leeds'), (4, 'Di Fox', 'Hull');
     CREATE TABLE session (session_id INTEGER PRIMARY KEY, discipline VARCHAR, coach VARCHAR);
     INSERT INTO session VALUES (10, 'bouldering', 'Eve'), (11, 'lead', 'Fay'), (12, 'speed', 'Eve'), (13, 'bouldering', 'Gus');
     CREATE TABLE attendance (attendance_id INTEGER PRIMARY KEY, climber_id INTEGER REFERENCES climber(climber_id), session_id INTEGER REFERENCES session(session_id));
     INSERT INTO attendance VALUES (1, 1, 10), (2, 1, 11), (3, 2, 11), (4, 3, 10), (5, 3, 13), (6, 2, 12);`,
  );

  it('keeps the climbers with no related row of a value (never, did not, no)', async () => {
    expect(await db.ask('which climbers never attended a bouldering session')).toEqual(['2 Bo Kim', '4 Di Fox']);
    expect(await db.ask('list the climbers who did not attend any lead session')).toEqual(['3 Cy Ro', '4 Di Fox']);
    expect(await db.ask('which climbers have no speed sessions')).toEqual(['1 Ann Lee', '3 Cy Ro', '4 Di Fox']);
    expect(await db.ask('list climbers with no attendances of speed')).toEqual(['1 Ann Lee', '3 Cy Ro', '4 Di Fox']);
    expect(await db.ask('which climbers have never attended a session with Eve')).toEqual(['4 Di Fox']);
    expect(await db.ask('how many climbers never attended a lead session')).toEqual(['2']);
    expect(await db.ask('which climbers from Leeds never attended a speed session')).toEqual(['1 Ann Lee', '3 Cy Ro']);
  });

  it('keeps the climbers with rows of both values', async () => {
    expect(await db.ask('which climbers attended both a bouldering session and a lead session')).toEqual(['1 Ann Lee']);
    expect(await db.ask('how many climbers attended both lead and speed')).toEqual(['1']);
    expect(await db.ask('list climbers who attended bouldering as well as lead')).toEqual(['1 Ann Lee']);
    expect(await db.ask('the names of climbers who attended both a session with Eve and a session with Gus')).toEqual(['Cy Ro']);
  });

  it('keeps the climbers with rows of one value but none of another', async () => {
    expect(await db.ask('which climbers attended bouldering but never lead')).toEqual(['3 Cy Ro']);
    expect(await db.ask('list climbers who attended a lead session but not a bouldering session')).toEqual(['2 Bo Kim']);
    expect(await db.ask('which climbers attended sessions with Eve but never with Fay')).toEqual(['3 Cy Ro']);
  });

  it('keeps the climbers whose every related row has the value (and one exists)', async () => {
    expect(await db.ask('which climbers attended only bouldering sessions')).toEqual(['3 Cy Ro']);
    expect(await db.ask('how many climbers only attended bouldering')).toEqual(['1']);
    expect(await db.ask('climbers whose sessions are all bouldering')).toEqual(['Cy Ro']);
  });

  it('still refuses the neighbouring readings', async () => {
    // a value the data does not hold is never dropped
    expect((await db.answer('which climbers never attended a yoga session')).status).toBe('refused');
    // a period: of which rows?
    expect((await db.answer('which climbers never attended a lead session in 2023')).status).toBe('refused');
    // "and" alone: rows of each, or of either?
    expect((await db.answer('which climbers attended a lead session and a speed session')).status).toBe('refused');
    // "both" joining two things is no intersection of values
    expect((await db.answer('which climbers attended both sessions and attendances')).status).toBe('refused');
  });
});

describe('a tool library: borrowers, loans of tools, and tool categories through a linking table', () => {
  const db = bootstrappedDuckdb(
    'toolshed',
    `CREATE TABLE borrower (borrower_id INTEGER PRIMARY KEY, borrower_name VARCHAR);
     INSERT INTO borrower VALUES (1, 'Kit Moss'), (2, 'Lu Park'), (3, 'Max Orr'), (4, 'Nia Vale');
     CREATE TABLE tool (tool_id INTEGER PRIMARY KEY, tool_name VARCHAR, maker VARCHAR);
     INSERT INTO tool VALUES (100, 'Rotary Drill', 'Boschmann'), (101, 'Hedge Trimmer', 'Greenline'), (102, 'Tile Cutter', 'Boschmann'), (103, 'Leaf Blower', 'Greenline');
     CREATE TABLE category (category_id INTEGER PRIMARY KEY, category_name VARCHAR);
     INSERT INTO category VALUES (1, 'garden'), (2, 'masonry'), (3, 'power');
     CREATE TABLE tool_category (tool_id INTEGER REFERENCES tool(tool_id), category_id INTEGER REFERENCES category(category_id));
     INSERT INTO tool_category VALUES (100, 3), (101, 1), (101, 3), (102, 2), (103, 1);
     CREATE TABLE loan (loan_id INTEGER PRIMARY KEY, borrower_id INTEGER REFERENCES borrower(borrower_id), tool_id INTEGER REFERENCES tool(tool_id));
     INSERT INTO loan VALUES (1, 1, 100), (2, 1, 102), (3, 2, 101), (4, 3, 103), (5, 3, 101), (6, 1, 103);`,
  );

  it('keeps the borrowers with no loan of a maker', async () => {
    expect(await db.ask('which borrowers never rented a Greenline tool')).toEqual(['4 Nia Vale']);
    expect(await db.ask('how many borrowers have not rented any Boschmann tool')).toEqual(['3']);
    expect(await db.ask('list borrowers with no loans of Greenline tools')).toEqual(['4 Nia Vale']);
  });

  it('keeps the borrowers with loans of both makers, or of one and not the other', async () => {
    expect(await db.ask('which borrowers have loans of both a Boschmann tool and a Greenline tool')).toEqual(['1 Kit Moss']);
    expect(await db.ask('which borrowers have loans of Greenline tools but no loans of Boschmann tools')).toEqual([
      '2 Lu Park',
      '3 Max Orr',
    ]);
    expect(await db.ask('which borrowers rented only Greenline tools')).toEqual(['2 Lu Park', '3 Max Orr']);
  });

  it('reads a tool category across the linking table', async () => {
    expect(await db.ask('which borrowers rented tools in both garden and power')).toEqual(['1 Kit Moss', '2 Lu Park', '3 Max Orr']);
    expect(await db.ask('which borrowers have never rented tools in masonry')).toEqual(['2 Lu Park', '3 Max Orr', '4 Nia Vale']);
    expect(await db.ask('how many borrowers rented tools in power but never in masonry')).toEqual(['2']);
  });

  it('still refuses an unknown maker and a period', async () => {
    expect((await db.answer('which borrowers never rented a Hammerco tool')).status).toBe('refused');
    expect((await db.answer('how many borrowers never rented a Greenline tool in 2022')).status).toBe('refused');
  });
});

/**
 * A part of a person's name is no thing's name: `first_name` is drafted as "first name", never also as
 * "first" (as `city_name` is "city"), so "hired first" or "the last to join" is never read as a name
 * column and answered with every member. Two vocabularies: a staff table and a club's members.
 */
import { describe, expect, it } from 'vitest';
import type { SemanticModelInput } from '../../../src/semantic/model.js';
import { bootstrappedDuckdb } from '../../helpers/bootstrapped-duckdb.js';

const phrasesOf = (model: SemanticModelInput) => (model.dimensions ?? []).flatMap((d) => [d.label?.toLowerCase(), ...(d.synonyms ?? [])]);

describe('name parts are never drafted as bare words', () => {
  const staff = bootstrappedDuckdb(
    'staff-name-parts',
    `CREATE TABLE employees (employee_id INTEGER PRIMARY KEY, first_name VARCHAR, last_name VARCHAR, hire_date DATE, city_name VARCHAR);
     INSERT INTO employees VALUES (1, 'Ann', 'Lee', '2003-05-01', 'Leeds'), (2, 'Bo', 'Ray', '2001-02-03', 'York'), (3, 'Cy', 'Poe', '2007-09-09', 'Leeds');`,
  );
  const club = bootstrappedDuckdb(
    'club-name-parts',
    `CREATE TABLE members (member_id INTEGER PRIMARY KEY, given_name VARCHAR, family_name VARCHAR, joined_on DATE);
     INSERT INTO members VALUES (1, 'Dee', 'Hart', '2019-01-05'), (2, 'Eli', 'Moss', '2015-03-01'), (3, 'Fay', 'Nash', '2021-07-07');`,
  );

  it('a staff table: "first name" and "last name", no "first"/"last"; "hired first" is not every employee', async () => {
    const phrases = phrasesOf(staff.model);
    expect(phrases).toEqual(expect.arrayContaining(['first name', 'last name']));
    expect(phrases).not.toContain('first');
    expect(phrases).not.toContain('last');
    expect(phrases).toContain('city'); // a thing's name still says the thing
    const rows = await staff.ask('which employee was hired first');
    expect(rows.length === 1 || rows[0]!.startsWith('refused')).toBe(true);
    expect(await staff.ask('list the first names of employees in Leeds')).toEqual(['Ann', 'Cy']);
  });

  it('a club: "given name" and "family name", no bare "given"/"family"; "the last member to join" is not every member', async () => {
    const phrases = phrasesOf(club.model);
    expect(phrases).not.toContain('given');
    expect(phrases).not.toContain('family');
    const rows = await club.ask('which member joined last');
    expect(rows.length === 1 || rows[0]!.startsWith('refused')).toBe(true);
  });
});

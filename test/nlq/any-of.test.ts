/**
 * "or" between two conditions: never read as both. Values of one dimension joined by "or" stay its
 * in-list; two filters of one thing joined by "or" are an any-of group (its rows checked on DuckDB);
 * anything else joined by "or" (an entity condition, a period, another thing's rows, a third
 * condition whose binding is not said) is refused naming the "or". Own fixture: a small gardening
 * club (members, plots, harvests).
 */
import { describe, expect, it } from 'vitest';
import { duckdbTables, expectSameRows } from '../helpers/duckdb-tables.js';
import { interpret } from '../../src/nlq/interpret.js';
import { ask, model, q, values } from './any-of-fixture.js';

describe('"or" between conditions is never read as "and"', () => {
  it('values of one dimension joined by "or" stay its in-list', () => {
    expect(q('how many members in Ashby or Brompton').filters).toEqual([{ dimension: 'village', op: 'in', values: ['Ashby', 'Brompton'] }]);
    expect(q('weight of Leeks or Beans harvested in Carlow').filters).toEqual(
      expect.arrayContaining([
        { dimension: 'crop', op: 'in', values: ['Leeks', 'Beans'] },
        { dimension: 'village', op: 'eq', values: ['Carlow'] },
      ]),
    );
  });
  it('a text pattern with two texts stays one pattern', () => {
    expect(q("how many members whose last name starts with 'A' or 'B'").filters).toEqual([
      { dimension: 'family_name', op: 'starts_with', values: ['A', 'B'] },
    ]);
  });
  it('two conditions of different kinds joined by "or" are refused, naming the "or"', () => {
    for (const question of [
      'how many members in Ashby or with more than 3 harvests',
      'total weight of Leeks or in 2023',
      'how many members with a plot size above 10 or in Carlow with more than 2 harvests',
    ]) {
      const r = ask(question);
      expect(r.kind, question).toBe('out_of_scope');
      if (r.kind === 'out_of_scope') expect(r.unconsumed, question).toContain('or');
    }
  });
});

describe('"A or B" on the rows of one thing: an any-of group', () => {
  const J_OR_SON = [
    { dimension: 'given_name', op: 'starts_with', values: ['J'] },
    { dimension: 'family_name', op: 'contains', values: ['son'] },
  ];
  it('two text patterns on two dimensions, listed or counted, with "case-insensitive"', () => {
    for (const question of [
      "how many members whose first name starts with 'J' or last name contains 'son'",
      'How many members have a first name starting with J or a last name containing son?',
      "list the members whose first name starts with 'J' or whose last name contains 'son', case-insensitive",
      "how many members with either a first name starting with 'J' or a last name containing 'son'",
    ]) {
      const r = q(question);
      expect(r.filters, question).toEqual([]);
      expect(r.any_of, question).toEqual([{ filters: J_OR_SON }]);
    }
  });
  it('two patterns on one dimension ("starts with J or ends with \'a\'")', () => {
    expect(q("how many members whose first name starts with J or ends with 'a'").any_of).toEqual([
      {
        filters: [
          { dimension: 'given_name', op: 'starts_with', values: ['J'] },
          { dimension: 'given_name', op: 'ends_with', values: ['a'] },
        ],
      },
    ]);
  });
  it('a value or a comparison; three alternatives; the group AND-ed with a condition that stands apart', () => {
    expect(q('list members in Ashby or with a plot size above 10').any_of).toEqual([
      {
        filters: [
          { dimension: 'village', op: 'eq', values: ['Ashby'] },
          { dimension: 'plot_size', op: 'gt', values: [10] },
        ],
      },
    ]);
    expect(q("how many members whose first name starts with 'J' or whose last name contains 'son' or in Carlow").any_of).toEqual([
      { filters: [...J_OR_SON, { dimension: 'village', op: 'eq', values: ['Carlow'] }] },
    ]);
    for (const question of [
      "how many members whose first name starts with 'J' or last name contains 'son', and in Carlow",
      "how many Carlow members whose first name starts with 'J' or last name contains 'son'",
    ]) {
      const r = q(question);
      expect(r.filters, question).toEqual([{ dimension: 'village', op: 'eq', values: ['Carlow'] }]);
      expect(r.any_of, question).toEqual([{ filters: J_OR_SON }]);
    }
  });
  it('two comparisons on one numeric dimension, the second with its dimension left out', () => {
    const outside = [
      { dimension: 'plot_size', op: 'gt', values: [10] },
      { dimension: 'plot_size', op: 'lt', values: [2] },
    ];
    expect(q('how many members with a plot size above 10 or below 2').any_of).toEqual([{ filters: outside }]);
    expect(q('how many members with a plot size above 10 or a plot size below 2').any_of).toEqual([{ filters: outside }]);
    // with "and" both hold: a range
    expect(q('how many members with a plot size above 10 and below 20')).toMatchObject({
      filters: [
        { dimension: 'plot_size', op: 'gt', values: [10] },
        { dimension: 'plot_size', op: 'lt', values: [20] },
      ],
    });
  });
  it('the notes say either, not both', () => {
    const r = ask("how many members whose first name starts with 'J' or last name contains 'son'");
    expect(r.kind === 'query' && r.notes.join(' | ')).toMatch(
      /Either First name starts with "J" or Last name contains "son": a row is kept when any one of them holds/,
    );
    expect(r.kind === 'query' && r.notes.some((n) => n.startsWith('Filter: First name'))).toBe(false);
  });
  it('refused: a third condition whose binding is not said, alternatives on two things, a value matched case-insensitively, a negated first alternative', () => {
    for (const question of [
      "how many members whose first name starts with 'J' or last name contains 'son' and in Carlow",
      "how many members in Carlow whose first name starts with 'J' or last name contains 'son'",
      'how many harvests of Leeks or by members in Carlow',
      "list members in Ashby or whose last name starts with 'Z', case-insensitive",
      'how many members not in Ashby or with a plot size above 10',
      // Ashby and Brompton are one in-list across the "or": never (Ashby or Brompton) with the plot size
      'how many members in Ashby with a plot size above 10 or in Brompton',
      "how many members in Ashby whose first name starts with 'J' or in Brompton with a plot size above 10",
    ]) {
      const r = ask(question);
      expect(r.kind, question).toBe('out_of_scope');
      if (r.kind === 'out_of_scope') expect(r.unconsumed, question).toContain('or');
    }
  });
});

describe('follow-ups after an any-of question', () => {
  const first = q("how many members whose first name starts with 'J' or last name contains 'son'");
  const next = (question: string) => interpret(question, { model, values, asOf: '2024-06-30', previous: first });
  it('a new filter or breakdown keeps the group', () => {
    const r = next('only in Carlow');
    expect(r.kind === 'query' && r.query).toMatchObject({
      filters: [{ dimension: 'village', op: 'eq', values: ['Carlow'] }],
      any_of: first.any_of,
    });
    const by = next('what about by village');
    expect(by.kind === 'query' && by.query).toMatchObject({ group_by: [{ dimension: 'village' }], any_of: first.any_of });
  });
  it("a filter on one of the group's dimensions is refused: replace that alternative, or narrow them all?", () => {
    const r = next("what about first names starting with 'K'");
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toMatch(/alternatives/);
  });
});

describe('the rows of an any-of reading on DuckDB', () => {
  const tables = duckdbTables(`
    CREATE TABLE member (member_id INTEGER, given_name VARCHAR, family_name VARCHAR, village VARCHAR, plot_size INTEGER);
    INSERT INTO member VALUES (1, 'Jane', 'Moss', 'Ashby', 12), (2, 'Omar', 'Dawson', 'Ashby', 3), (3, 'jill', 'Reed', 'Carlow', 4),
      (4, 'Kate', 'Hudson', 'Carlow', 20), (5, 'Paul', NULL, 'Brompton', 1), (6, 'Ruth', 'Lee', 'Carlow', 8), (7, 'Anna', 'Poole', 'Brompton', 15);
    CREATE TABLE harvest (harvest_id INTEGER, member_id INTEGER, crop VARCHAR, kg DOUBLE, picked_on DATE);
    INSERT INTO harvest VALUES (1, 1, 'Leeks', 2.5, '2024-01-03'), (2, 2, 'Beans', 1.0, '2024-01-05'), (3, 4, 'Onions', 4.0, '2024-02-01'), (4, 7, 'Leeks', 3.0, '2024-02-11');
  `);
  it('counts and lists the members meeting either condition', async () => {
    const count = "how many members whose first name starts with 'J' or last name contains 'son'";
    await expectSameRows(
      tables,
      model,
      count,
      ask(count),
      "SELECT COUNT(*) FROM member WHERE lower(given_name) LIKE 'j%' OR lower(family_name) LIKE '%son%'",
    );
    const inCarlow = "how many members whose first name starts with 'J' or last name contains 'son', and in Carlow";
    await expectSameRows(
      tables,
      model,
      inCarlow,
      ask(inCarlow),
      "SELECT COUNT(*) FROM member WHERE village = 'Carlow' AND (lower(given_name) LIKE 'j%' OR lower(family_name) LIKE '%son%')",
    );
    const either = 'list members in Ashby or with a plot size above 10';
    await expectSameRows(tables, model, either, ask(either), "SELECT member_id FROM member WHERE village = 'Ashby' OR plot_size > 10");
    const outside = 'how many members with a plot size above 10 or below 2';
    await expectSameRows(tables, model, outside, ask(outside), 'SELECT COUNT(*) FROM member WHERE plot_size > 10 OR plot_size < 2');
    const oneDim = "how many members whose first name starts with J or ends with 'a'";
    await expectSameRows(
      tables,
      model,
      oneDim,
      ask(oneDim),
      "SELECT COUNT(*) FROM member WHERE lower(given_name) LIKE 'j%' OR lower(given_name) LIKE '%a'",
    );
  });
});

/**
 * Schema linking (names written short), counting an attribute's distinct values and the closest
 * reading offered with a refusal, on two small models of our own (a workshop's staff, a library's loans).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { buildTerminalAnswer } from '../../src/answer/index.js';

const workshop = SemanticModelSchema.parse({
  name: 'workshop',
  entities: [{ name: 'staff', table: 'staff', primary_key: 'staff_id', synonyms: ['staff members'] }],
  dimensions: [
    { name: 'fname', entity: 'staff', sql: '${TABLE}.fname', label: 'Fname', index_values: true },
    { name: 'lname', entity: 'staff', sql: '${TABLE}.lname', label: 'Lname', index_values: true },
    { name: 'dept', entity: 'staff', sql: '${TABLE}.dept', label: 'Department', index_values: true },
    { name: 'staff_phone', entity: 'staff', sql: '${TABLE}.phone', label: 'Staff phone', synonyms: ['phone'] },
  ],
  measures: [{ name: 'staff_count', entity: 'staff', agg: 'count', label: 'Staff', synonyms: ['number of staff'], time_bound: false }],
});
const library = SemanticModelSchema.parse({
  name: 'library',
  entities: [{ name: 'loan', table: 'loan', primary_key: 'loan_no', synonyms: ['loans'] }],
  dimensions: [
    { name: 'branch_addr', entity: 'loan', sql: '${TABLE}.branch_addr', label: 'Branch addr', index_values: true },
    { name: 'genre', entity: 'loan', sql: '${TABLE}.genre', label: 'Genre', index_values: true },
    { name: 'borrower_email', entity: 'loan', sql: '${TABLE}.borrower_email', label: 'Borrower email' },
  ],
  measures: [{ name: 'loan_count', entity: 'loan', agg: 'count', label: 'Loans', synonyms: ['number of loans'], time_bound: false }],
});
const ask = (model: typeof workshop, q: string) =>
  interpret(q, {
    model,
    values: new Map([
      ['dept', ['Sales', 'Ops']],
      ['genre', ['Poetry', 'Crime']],
    ]),
    asOf: '2024-06-30',
  });

describe('names written short are linked through the abbreviation dictionary', () => {
  it('"first name" finds fname, "branch address" finds branch_addr', () => {
    const r = ask(workshop, 'the first name of staff in Sales');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') expect(r.query.group_by.map((g) => g.dimension)).toContain('fname');
    const l = ask(library, 'how many different branch addresses');
    expect(l.kind).toBe('query');
    if (l.kind === 'query')
      expect(l.query.distinct_counts).toEqual([expect.objectContaining({ entity: 'loan', dimension: 'branch_addr' })]);
  });
});

describe('a column word said with its noun', () => {
  it('"phone number" finds phone, "email address" finds email; the bare noun still counts', () => {
    const r = ask(workshop, 'the phone numbers of staff in Sales');
    expect(r.kind, JSON.stringify(r)).toBe('query');
    if (r.kind === 'query') expect(r.query.group_by.map((g) => g.dimension)).toEqual(['staff_phone']);
    const l = ask(library, 'the borrower email address of loans of Poetry');
    expect(l.kind, JSON.stringify(l)).toBe('query');
    if (l.kind === 'query') expect(l.query.group_by.map((g) => g.dimension)).toEqual(['borrower_email']);
    const n = ask(workshop, 'number of staff in Sales');
    expect(n.kind === 'query' && n.query.metrics).toEqual(['staff_count']);
  });
});

describe('counting an attribute', () => {
  it('"how many different X" / "number of distinct X" counts its distinct values', () => {
    for (const [model, q, dim] of [
      [workshop, 'how many different departments are there', 'dept'],
      [library, 'number of distinct genres', 'genre'],
    ] as const) {
      const r = ask(model, q);
      expect(r.kind, q).toBe('query');
      if (r.kind === 'query') expect(r.query.distinct_counts?.[0]?.dimension, q).toBe(dim);
    }
  });
});

describe('a refusal offers its closest reading', () => {
  it('the question without the words not understood, read whole, with its query', () => {
    const r = ask(library, 'number of loans of the shiny genres');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') {
      expect(r.closest?.question).toBeDefined();
      const again = ask(library, r.closest!.question);
      expect(again.kind).toBe('query');
      if (again.kind === 'query') expect(again.query).toEqual(r.closest!.query);
      const fields = buildTerminalAnswer('out_of_scope', {
        reason: r.reason,
        closestReading: { question: r.closest!.question, semantic_query: r.closest!.query },
      });
      expect(fields.answer_explanation).toEqual({ closest_reading: { question: r.closest!.question, semantic_query: r.closest!.query } });
    }
  });
  it('never without a negation the question said', () => {
    const r = ask(workshop, 'staff not shiny in Sales');
    if (r.kind === 'out_of_scope' && r.unconsumed?.includes('not')) expect(r.closest).toBeUndefined();
  });
  it('a near match is never the word itself', () => {
    const r = ask(library, 'genre genre shiny');
    if (r.kind === 'out_of_scope') expect(r.reason).not.toMatch(/Did you mean "genre"\?/);
  });
});

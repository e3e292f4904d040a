/**
 * Durations between a row's own date and a date of the thing it belongs to ("average days from the
 * enrol date to the charge date": per fee, from its member's enrolment), in a club, a library and
 * TPC-H; a phrase naming several dates is the one that shares rows with the other date; "<thing>
 * date" is the thing's one date. Dates of two things neither belonging to the other stay refused.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect, PostgresDialect } from '../../src/semantic/dialects/index.js';
import { SemanticModelSchema, type SemanticModel } from '../../src/semantic/model.js';
import type { SemanticQuery } from '../../src/semantic/query.js';
import { clubModel, clubValues } from './club-fixture.js';
import { ask as askTpch, tpch } from './helpers.js';

const library: SemanticModel = SemanticModelSchema.parse({
  name: 'library',
  entities: [
    { name: 'reader', table: 'readers', primary_key: 'id', synonyms: ['readers'] },
    { name: 'loan', table: 'loans', primary_key: 'id', synonyms: ['loans'] },
    { name: 'hold', table: 'holds', primary_key: 'id', synonyms: ['holds', 'reservation', 'reservations'] },
    { name: 'supplier_invoice', table: 'supplier_invoices', primary_key: 'id', label: 'Supplier invoice' },
  ],
  relationships: [
    { from: 'loan', to: 'reader', on: [['reader_id', 'id']] },
    { from: 'hold', to: 'reader', on: [['reader_id', 'id']] },
  ],
  dimensions: [
    { name: 'reader_id', entity: 'reader', sql: '${TABLE}.id', type: 'number', label: 'Reader id' },
    { name: 'branch', entity: 'reader', sql: '${TABLE}.branch', label: 'Branch', index_values: true },
    { name: 'loan_id', entity: 'loan', sql: '${TABLE}.id', type: 'number', label: 'Loan id' },
  ],
  time_dimensions: [
    { name: 'signed_up_on', entity: 'reader', sql: '${TABLE}.signed_up_on', label: 'Sign-up date' },
    { name: 'lent_on', entity: 'loan', sql: '${TABLE}.lent_on', label: 'Lent on' },
    { name: 'loan_created_at', entity: 'loan', sql: '${TABLE}.created_at', label: 'Loan created at' },
    { name: 'placed_on', entity: 'hold', sql: '${TABLE}.placed_on', label: 'Placed on' },
    { name: 'invoice_paid_on', entity: 'supplier_invoice', sql: '${TABLE}.paid_on', label: 'Paid on' },
    { name: 'loan_paid_on', entity: 'loan', sql: '${TABLE}.fine_paid_on', label: 'Paid on' },
  ],
  measures: [
    { name: 'loan_count', entity: 'loan', agg: 'count', label: 'Loans', time_dimension: 'lent_on' },
    { name: 'hold_count', entity: 'hold', agg: 'count', label: 'Holds', time_dimension: 'placed_on' },
    { name: 'reader_count', entity: 'reader', agg: 'count', label: 'Readers', time_dimension: 'signed_up_on' },
  ],
  defaults: { time_dimension: 'lent_on' },
});
const libraryValues = new Map([['branch', ['Ashby', 'Brill']]]);

const interpretIn = (model: SemanticModel, values: Map<string, string[]>) => (question: string) =>
  interpret(question, { model, values, asOf: '2024-06-30' });
const askClub = interpretIn(clubModel, clubValues);
const askLibrary = interpretIn(library, libraryValues);
function query(r: ReturnType<typeof askClub>, question: string): SemanticQuery {
  if (r.kind !== 'query') throw new Error(`expected a query for "${question}", got ${r.kind}: ${r.reason}`);
  return r.query;
}

describe("durations from a date of the thing a row belongs to, to the row's own date", () => {
  it('a club: per fee, from its member enrolling to the fee being charged; by a value of the fees', () => {
    const question = 'average number of days from the enrol date to the charge date';
    const q = query(askClub(question), question);
    expect(q.durations).toEqual([expect.objectContaining({ from: 'enrolled_on', to: 'charged_on', agg: 'avg', unit: 'day' })]);
    const sql = compile(clubModel, q, new DuckDbDialect()).sql;
    expect(sql).toMatch(/FROM fees AS t0\s+LEFT JOIN members AS t1 ON t0\.member_id = t1\.id/);
    expect(sql).toContain("date_diff('day', CAST(t1.enrolled_on AS DATE), CAST(t0.charged_on AS DATE))");
    const byTier = query(askClub('the longest time between the enrol date and the charge date by tier'), 'by tier');
    expect(byTier.durations).toEqual([expect.objectContaining({ from: 'enrolled_on', to: 'charged_on', agg: 'max' })]);
    expect(byTier.group_by).toEqual([{ dimension: 'tier' }]);
  });
  it('a library: per loan, from the reader signing up to the loan; in PostgreSQL too', () => {
    const question = 'how long from the sign-up date to lent on on average for Ashby';
    const q = query(askLibrary(question), question);
    expect(q.durations).toEqual([expect.objectContaining({ from: 'signed_up_on', to: 'lent_on', agg: 'avg' })]);
    const sql = compile(library, q, new PostgresDialect()).sql;
    expect(sql).toMatch(/FROM "?loans"? AS t0\s+LEFT JOIN "?readers"? AS t1/);
    expect(sql).toMatch(/t1\.signed_up_on/);
  });
  it('a phrase of two dates is the one that shares rows with the other date', () => {
    // "paid on" is a loan's fine payment or a supplier invoice's payment; only the loan's meets the lent date
    const question = 'average days between lent on and paid on';
    const q = query(askLibrary(question), question);
    expect(q.durations).toEqual([expect.objectContaining({ from: 'lent_on', to: 'loan_paid_on' })]);
  });
  it('"<thing> date" is the thing\'s one date (a record stamp aside)', () => {
    const holds = 'average days between the sign-up date and the reservation date';
    expect(query(askLibrary(holds), holds).durations).toEqual([expect.objectContaining({ from: 'signed_up_on', to: 'placed_on' })]);
    const shortest = 'the shortest time from the sign-up date to the reservation date in Brill';
    const q = query(askLibrary(shortest), shortest);
    expect(q.durations).toEqual([expect.objectContaining({ from: 'signed_up_on', to: 'placed_on', agg: 'min' })]);
    expect(q.filters).toEqual([expect.objectContaining({ dimension: 'branch', values: ['Brill'] })]);
    // a loan has two dates (lent, a fine paid): "the loan date" names neither
    expect(askLibrary('the shortest time from the sign-up date to the loan date').kind).toBe('out_of_scope');
  });
  it('TPC-H: per line item, from its order date to its ship date', () => {
    const r = askTpch('average number of days between order date and ship date');
    const q = query(r, 'tpch');
    expect(q.durations).toEqual([expect.objectContaining({ from: 'order_date', to: 'ship_date' })]);
    expect(compile(tpch.model, q, new DuckDbDialect()).sql).toMatch(/FROM lineitem AS t0\s+LEFT JOIN orders AS t1/);
  });
});

describe('durations over dates of two things: the neighbours stay refused', () => {
  it.each([
    // siblings: a hold and a loan of the same reader share no row
    'average days between lent on and placed on',
    'average days from the reservation date to the loan date',
  ])('%s', (question) => {
    expect(askLibrary(question).kind).toBe('out_of_scope');
  });
  it('siblings are refused, naming both things', () => {
    const r = askLibrary('average days between lent on and placed on');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toMatch(/different things/);
  });
  it('"the member with the shortest time" from the member\'s date to each fee\'s: which fee? refused', () => {
    expect(askClub('the member with the shortest time from the enrol date to the charge date').kind).toBe('out_of_scope');
    expect(askClub('which member had the longest time between the enrol date and the charge date').kind).toBe('out_of_scope');
  });
});

/**
 * The first or last value of a date per group of a breakdown: "the earliest charge date of each
 * member", "for each ship mode, the latest ship date", "the most recent order date by region"
 * (`column_aggregates` of the date, min or max), in a club and TPC-H, compiled for DuckDB and
 * PostgreSQL. The neighbours stay refused: a number of dates per group, a time breakdown, a thing
 * in place of the date ("the first fee of each member": which fee?).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect, PostgresDialect } from '../../src/semantic/dialects/index.js';
import type { SemanticQuery } from '../../src/semantic/query.js';
import { clubModel, clubValues } from './club-fixture.js';
import { ask as askTpch, tpch } from './helpers.js';

const askClub = (question: string) => interpret(question, { model: clubModel, values: clubValues, asOf: '2024-06-30' });
function query(r: ReturnType<typeof askClub>, question: string): SemanticQuery {
  if (r.kind !== 'query') throw new Error(`expected a query for "${question}", got ${r.kind}: ${r.reason}`);
  return r.query;
}

describe('the earliest or latest date of each group', () => {
  it.each([
    ['the earliest charge date of each member', 'min'],
    ['for each member, the first charge date', 'min'],
    ['the most recent charge date for each member', 'max'],
    ['latest charge date per member', 'max'],
  ])('a club: %s', (question, agg) => {
    const q = query(askClub(question), question);
    expect(q.column_aggregates).toEqual([expect.objectContaining({ of: 'charged_on', agg })]);
    expect(q.group_by.map((g) => g.dimension)).toContain('member_id');
    expect(q.metrics).toEqual([]);
    const sql = compile(clubModel, q, new PostgresDialect()).sql;
    expect(sql).toMatch(new RegExp(`${agg.toUpperCase()}\\(t0\\.charged_on\\)`));
    expect(sql).toMatch(/JOIN members/);
  });
  it('a club: beside a figure, and by a value of the rows', () => {
    const q = query(askClub('number of fees and the latest charge date per member'), 'beside');
    expect(q.metrics).toEqual(['fee_count']);
    expect(q.column_aggregates).toEqual([expect.objectContaining({ of: 'charged_on', agg: 'max' })]);
    const byTier = query(askClub('the earliest charge date by tier in 2023'), 'by tier');
    expect(byTier.group_by).toEqual([{ dimension: 'tier' }]);
    expect(byTier.time_range).toMatchObject({ start: '2023-01-01', end: '2024-01-01' });
  });
  it.each([
    ['the latest ship date for each ship mode', 'ship_date', 'max', 'ship_mode'],
    ['the most recent order date by region', 'order_date', 'max', 'region'],
    ['the first order date of each customer', 'order_date', 'min', 'customer'],
  ])('TPC-H: %s', (question, of, agg, group) => {
    const r = askTpch(question);
    const q = query(r, question);
    expect(q.column_aggregates).toEqual([expect.objectContaining({ of, agg })]);
    expect(q.group_by.map((g) => g.dimension)).toEqual([group]);
    expect(compile(tpch.model, q, new DuckDbDialect()).sql).toContain(`${agg.toUpperCase()}(`);
  });
});

describe('the earliest or latest date of each group: neighbours refused', () => {
  it.each([
    // how many dates of each member? (which rows?)
    'the 2 latest charge dates per member',
    // a breakdown by the date's own buckets
    'the latest charge date each month',
    // a thing, not a date: which fee is the first is asked, not its date
    'the first fee of each member',
  ])('a club: %s', (question) => {
    expect(askClub(question).kind).toBe('out_of_scope');
  });
  it('TPC-H: the 3 latest ship dates per ship mode', () => {
    expect(askTpch('the 3 latest ship dates per ship mode').kind).toBe('out_of_scope');
  });
  it('one date with no breakdown stays the single value (the extreme reading)', () => {
    const q = query(askClub('the most recent charge date'), 'one');
    expect(q.column_aggregates ?? []).toEqual([]);
    expect(q.limit).toBe(1);
  });
});

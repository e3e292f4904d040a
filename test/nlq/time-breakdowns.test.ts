/**
 * Several time breakdowns in one question. Each grain word was marked read when it was analysed, but
 * the query holds one time bucket: "by year and quarter" was answered by year (the quarter dropped),
 * "by month year over year" as a plain monthly breakdown (the comparison dropped). Now the finest
 * grain is taken when it says the others (a month is of one quarter and one year); otherwise the
 * other words are not understood and the question is refused. Own small model.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { clubModel as model, clubValues as values } from './club-fixture.js';

const ask = (question: string) => interpret(question, { model, values, asOf: '2024-06-30' });
const grainOf = (question: string) => {
  const r = ask(question);
  return r.kind === 'query' ? r.query.group_by.find((g) => g.grain)?.grain : r.kind;
};

describe('several time breakdowns', () => {
  it('the finest grain when it says the others (was: the first one named)', () => {
    expect(grainOf('total fees by year and quarter')).toBe('quarter');
    expect(grainOf('total fees by year and month')).toBe('month');
    expect(grainOf('total fees by month and year')).toBe('month');
    expect(grainOf('total fees by year, by quarter and by month')).toBe('month');
  });

  it('a grain the finest does not say, or "year over year" beside a breakdown: refused', () => {
    // a week may straddle two months
    expect(grainOf('total fees by month and by week in 2023')).toBe('out_of_scope');
    // (was: a monthly breakdown with no comparison)
    expect(grainOf('total fees by month year over year')).toBe('out_of_scope');
  });

  it('one grain, said once or twice, as before', () => {
    expect(grainOf('total fees by quarter')).toBe('quarter');
    expect(grainOf('monthly total fees in 2023 by month')).toBe('month');
    expect(grainOf('total fees year over year')).toBe('year');
  });

  it("a breakdown by a date that cannot date the figure is refused (was: by the figure's own date)", () => {
    expect(grainOf('total fees by tier and enrol date')).toBe('out_of_scope');
    expect(grainOf('total fees by month of enrol date')).toBe('out_of_scope');
    expect(grainOf('total fees by charge date')).toBe('day');
  });

  it('a date named with nothing for it to date is refused (was: the total, the date word covered)', () => {
    expect(grainOf('total fee amount and charge date')).toBe('out_of_scope');
    // (it dates a period, or is the breakdown, as before)
    expect(ask('total fees with charge date in 2023')).toMatchObject({ kind: 'query', query: { time_range: { start: '2023-01-01' } } });
    expect(grainOf('total fees by charge date')).toBe('day');
  });
});

import { describe, expect, it } from 'vitest';
import { containsExpected } from '../../src/eval/compare.js';

describe('containsExpected (lenient benchmark comparison)', () => {
  const expected = [
    { city: 'Lyon', visits: 3 },
    { city: 'Nice', visits: 5 },
  ];
  it('accepts other column names, another column order and extra columns', () => {
    const got = [
      { n: 5, share: 0.625, town: 'Nice', id: 2 },
      { n: 3, share: 0.375, town: 'Lyon', id: 1 },
    ];
    expect(containsExpected(got, expected)).toEqual({ ok: true });
  });
  it('compares numbers to 8 significant digits and numeric text as numbers', () => {
    expect(containsExpected([{ a: '0.333333333' }], [{ b: 1 / 3 }]).ok).toBe(true);
    expect(containsExpected([{ a: 0.34 }], [{ b: 1 / 3 }]).ok).toBe(false);
  });
  it('rejects missing or extra rows', () => {
    expect(containsExpected([{ city: 'Lyon', visits: 3 }], expected)).toMatchObject({ ok: false, kind: 'missing_rows' });
    expect(containsExpected([...expected, { city: 'Metz', visits: 1 }], expected)).toMatchObject({ ok: false, kind: 'extra_rows' });
    expect(containsExpected([], expected)).toMatchObject({ ok: false, kind: 'empty' });
  });
  it('rejects a column whose values differ, and values paired with the wrong rows', () => {
    expect(
      containsExpected(
        [
          { city: 'Lyon', visits: 4 },
          { city: 'Nice', visits: 5 },
        ],
        expected,
      ),
    ).toMatchObject({ ok: false, kind: 'wrong_values' });
    expect(
      containsExpected(
        [
          { city: 'Lyon', visits: 5 },
          { city: 'Nice', visits: 3 },
        ],
        expected,
      ),
    ).toMatchObject({ ok: false, kind: 'wrong_values' });
  });
  it('uses each answer column once', () => {
    expect(containsExpected([{ x: 1 }], [{ a: 1, b: 1 }]).ok).toBe(false);
  });
  it('an empty expectation is met only by an empty answer', () => {
    expect(containsExpected([], []).ok).toBe(true);
    expect(containsExpected([{ a: 1 }], []).ok).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  describePeriod,
  escapeHtml,
  formatTimeBucket,
  formatValue,
  inclusiveEnd,
  parseDateish,
  unitSymbol,
} from '../../src/answer/format.js';

describe('formatValue', () => {
  it('formats currency compactly from a million on, in full below, and in full on request', () => {
    expect(formatValue(1234567.891, { kind: 'currency', unit: '$' })).toBe('$1.23M');
    expect(formatValue(2107654321.12, { kind: 'currency', unit: '$' })).toBe('$2.11B');
    expect(formatValue(1234.5, { kind: 'currency', unit: '$', decimals: 2 })).toBe('$1,234.50');
    expect(formatValue(1234567.891, { kind: 'currency', unit: '$' }, { compact: false })).toBe('$1,234,567.89');
    expect(formatValue(-2500000, { kind: 'currency' })).toBe('-$2.50M');
    expect(formatValue(12.5, { kind: 'currency', unit: 'EUR' })).toBe('12.50 EUR');
    expect(formatValue(999_999.999, { kind: 'currency' })).toBe('$1.00M');
  });

  it('formats percent from fractions', () => {
    expect(formatValue(0.0523, { kind: 'percent' })).toBe('5.23%');
    expect(formatValue(0.05, { kind: 'percent', decimals: 1 })).toBe('5.0%');
    expect(formatValue(1, { kind: 'percent', decimals: 0 })).toBe('100%');
    expect(formatValue(0.00001, { kind: 'percent', decimals: 2 })).toBe('0.001%');
  });

  it('formats integers with thousands separators, durations in days, plain numbers', () => {
    expect(formatValue(1500000, { kind: 'integer' })).toBe('1,500,000');
    expect(formatValue(22780.4, { kind: 'integer' })).toBe('22,780');
    expect(formatValue(60.51234, { kind: 'duration', unit: 'days', decimals: 1 })).toBe('60.5 days');
    expect(formatValue(1, { kind: 'duration', decimals: 0 })).toBe('1 day');
    expect(formatValue(61, { kind: 'duration', decimals: 1 })).toBe('61.0 days');
    expect(formatValue(1234.5678, { kind: 'number' })).toBe('1,234.57');
    expect(formatValue(15312345, { kind: 'number', decimals: 0 })).toBe('15,312,345');
    expect(formatValue(3, { kind: 'number', unit: 'kg' })).toBe('3 kg');
  });

  it('handles null, numeric strings, bigints and text', () => {
    expect(formatValue(null, { kind: 'currency' })).toBe('n/a');
    expect(formatValue('1234.5', { kind: 'integer' })).toBe('1,235');
    expect(formatValue(12345678901234n, { kind: 'integer' })).toBe('12,345,678,901,234');
    expect(formatValue('EUROPE', { kind: 'currency' })).toBe('EUROPE');
  });

  it('gives unit symbols', () => {
    expect(unitSymbol({ kind: 'currency' })).toBe('$');
    expect(unitSymbol({ kind: 'percent' })).toBe('%');
    expect(unitSymbol({ kind: 'duration' })).toBe('days');
    expect(unitSymbol({ kind: 'integer' })).toBe('');
  });
});

describe('dates and periods', () => {
  it('reads time buckets in every accepted form', () => {
    expect(parseDateish('1997-03-01')).toMatchObject({ year: 1997, month: 3, day: 1 });
    expect(parseDateish('1997-03-01T00:00:00.000Z')).toMatchObject({ year: 1997, month: 3 });
    expect(parseDateish('1997-Q2')).toMatchObject({ year: 1997, month: 4, quarter: 2 });
    expect(parseDateish(1997)).toMatchObject({ year: 1997, yearOnly: true });
    expect(parseDateish('EUROPE')).toBeNull();
  });

  it('labels buckets by grain', () => {
    expect(formatTimeBucket('1997-03-01', 'month')).toBe('Mar 1997');
    expect(formatTimeBucket('1997-04-01', 'quarter')).toBe('Q2 1997');
    expect(formatTimeBucket(1997)).toBe('1997');
    expect(formatTimeBucket('1997-01-01', 'year')).toBe('1997');
    expect(formatTimeBucket('1997-01-06', 'week')).toBe('week of 1997-01-06');
  });

  it('names periods', () => {
    expect(describePeriod('1997-01-01', '1998-01-01')).toBe('1997');
    expect(describePeriod('1998-04-01', '1998-07-01')).toBe('Q2 1998');
    expect(describePeriod('1998-07-01', '1998-08-01')).toBe('July 1998');
    expect(describePeriod('1998-05-01', '1998-08-01')).toBe('May 1998 to July 1998');
    expect(describePeriod('1998-01-01', '1998-08-03')).toBe('1998-01-01 to 1998-08-02');
    expect(inclusiveEnd('1998-01-01')).toBe('1997-12-31');
  });

  it('escapes HTML', () => {
    expect(escapeHtml('<script>alert("x")</script> & \'')).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;');
  });
});

import { describe, expect, it } from 'vitest';
import { DimensionValidationError, resolveRequestDimensions } from '../../src/nlq/dimensions.js';
import { tpch } from './helpers.js';

const resolve = (d: Record<string, unknown>) => resolveRequestDimensions(tpch.model, tpch.values, d);
const fails = (d: Record<string, unknown>): string => {
  try {
    resolve(d);
  } catch (e) {
    expect(e).toBeInstanceOf(DimensionValidationError);
    return (e as DimensionValidationError).detail;
  }
  throw new Error('expected a DimensionValidationError');
};

describe('request dimensions -> mandatory filters', () => {
  it('a single value, matched case-insensitively, returns the stored spelling', () => {
    expect(resolve({ region: 'europe' })).toEqual([{ dimension: 'region', op: 'eq', values: ['EUROPE'] }]);
    expect(resolve({ brand: 'brand#13' })).toEqual([{ dimension: 'brand', op: 'eq', values: ['Brand#13'] }]);
  });
  it('a list of values -> in', () => {
    expect(resolve({ market_segment: ['building', 'MACHINERY'] })).toEqual([
      { dimension: 'market_segment', op: 'in', values: ['BUILDING', 'MACHINERY'] },
    ]);
  });
  it('value synonyms and value groups of the model', () => {
    expect(resolve({ order_priority: 'urgent' })).toEqual([{ dimension: 'order_priority', op: 'eq', values: ['1-URGENT'] }]);
    expect(resolve({ order_priority: 'high priority' })).toEqual([
      { dimension: 'order_priority', op: 'in', values: ['1-URGENT', '2-HIGH'] },
    ]);
  });
  it('several dimensions at once', () => {
    expect(resolve({ region: 'ASIA', ship_mode: 'air' })).toHaveLength(2);
  });
  it('numeric dimensions: a number, a list, a range', () => {
    expect(resolve({ part_size: 7 })).toEqual([{ dimension: 'part_size', op: 'eq', values: [7] }]);
    expect(resolve({ part_size: { from: 10, to: 20 } })).toEqual([{ dimension: 'part_size', op: 'between', values: [10, 20] }]);
    expect(resolve({ part_size: { gte: 40 } })).toEqual([{ dimension: 'part_size', op: 'gte', values: [40] }]);
    expect(fails({ part_size: 'big' })).toMatch(/expected a number/);
  });
  it('time dimensions: a period or a range, inclusive', () => {
    expect(resolve({ order_date: '1996' })).toEqual([{ dimension: 'order_date', op: 'between', values: ['1996-01-01', '1996-12-31'] }]);
    expect(resolve({ ship_date: { from: '1995-03', to: '1995-Q3' } })).toEqual([
      { dimension: 'ship_date', op: 'between', values: ['1995-03-01', '1995-09-30'] },
    ]);
    expect(resolve({ order_date: { from: '1997-01-01' } })).toEqual([{ dimension: 'order_date', op: 'gte', values: ['1997-01-01'] }]);
    expect(fails({ order_date: 'yesterday-ish' })).toMatch(/YYYY-MM-DD/);
  });
  it('an unknown dimension lists the valid names', () => {
    const detail = fails({ regoin: 'EUROPE' });
    expect(detail).toMatch(/unknown dimension "regoin"/);
    expect(detail).toMatch(/Did you mean "region"/);
    expect(detail).toMatch(/market_segment/);
  });
  it('an unknown value offers close matches', () => {
    const detail = fails({ region: 'EUROP' });
    expect(detail).toMatch(/unknown value "EUROP"/);
    expect(detail).toMatch(/"EUROPE"/);
    expect(fails({ market_segment: 'RETAIL' })).toMatch(/Valid values: AUTOMOBILE/);
  });
  it('a range on a text dimension, an empty list, null are rejected', () => {
    expect(fails({ region: { from: 'A', to: 'B' } })).toMatch(/range/);
    expect(fails({ region: [] })).toMatch(/empty/);
    expect(fails({ region: null })).toMatch(/required/);
  });
  it('a dimension without indexed values takes the value as given', () => {
    expect(resolve({ customer: 'Customer#000000001' })).toEqual([{ dimension: 'customer', op: 'eq', values: ['Customer#000000001'] }]);
  });
});

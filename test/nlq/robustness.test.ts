import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import { SemanticQuerySchema } from '../../src/semantic/query.js';
import { ask, q, tpch } from './helpers.js';

const WORDS = [
  'sales',
  'orders',
  'by',
  'per',
  'region',
  'nation',
  'top',
  '5',
  'in',
  '1996',
  'last',
  'quarter',
  'what',
  'about',
  'urgent',
  'EUROPE',
  'not',
  'and',
  'share',
  'of',
  'more',
  'than',
  'million',
  'which',
  'highest',
  'suppliers',
  'how',
  'many',
  'monthly',
  'the',
  'weather',
  'employees',
  'Brand#13',
  'between',
  '1994',
  '1995',
  '?',
  ',',
];

describe('robustness', () => {
  it('never throws and always returns a valid query or a refusal', () => {
    const prev = q('sales by region in 1996');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WORDS), { maxLength: 12 }), fc.boolean(), (words, follow) => {
        const r = ask(words.join(' '), follow ? prev : undefined);
        if (r.kind === 'query') {
          expect(SemanticQuerySchema.safeParse(r.query).success).toBe(true);
          expect(r.confidence).toBeGreaterThan(0);
          expect(r.confidence).toBeLessThanOrEqual(1);
          // every reading is one the model can compute (the order names one of its columns, a
          // time breakdown a dated metric)
          expect(() => compile(tpch.model, r.query, new DuckDbDialect())).not.toThrow();
        } else {
          expect(r.reason.length).toBeGreaterThan(10);
        }
      }),
      { numRuns: 400 },
    );
  });
  it('counterexamples found by sweeps stay fixed', () => {
    // a ratio is ordered by its own column
    const ratio = ask('top orders per monthly sales');
    if (ratio.kind === 'query') expect(() => compile(tpch.model, ratio.query, new DuckDbDialect())).not.toThrow();
    // a time breakdown of what has no date is refused by the interpreter, with the reason
    const undated = ask('monthly suppliers');
    expect(undated.kind).toBe('out_of_scope');
    if (undated.kind === 'out_of_scope') expect(undated.reason).toMatch(/not dated/);
  });
  it('arbitrary text never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        expect(() => ask(s)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
  it('empty or whitespace input is refused', () => {
    expect(ask('').kind).not.toBe('query');
    expect(ask('   ?  ').kind).not.toBe('query');
  });
});

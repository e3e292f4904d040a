import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SemanticQuerySchema } from '../../src/semantic/query.js';
import { ask, q } from './helpers.js';

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
          for (const o of r.query.order) {
            expect([...r.query.metrics, ...r.query.group_by.map((g) => g.dimension)]).toContain(o.by);
          }
        } else {
          expect(r.reason.length).toBeGreaterThan(10);
        }
      }),
      { numRuns: 400 },
    );
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

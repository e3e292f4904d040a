/**
 * Coverage as a property: a word the model does not know, or a keyword whose argument cannot
 * attach, put anywhere into a question the interpreter answers, must never yield the same query
 * with the word dropped. Unknown words must be refused (the LLM router then takes over); a stray
 * keyword is refused or changes the query.
 */
import fc from 'fast-check';
import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { getLexicon } from '../../src/nlq/lexicon.js';
import { CASES } from './construction-cases.js';
import { ask, tpch } from './helpers.js';

/** Questions in our own wording that the interpreter answers. */
const ANSWERED = [
  'sales by region in 1996',
  'how many orders were placed in 1995',
  'top 3 nations by profit',
  'average discount per ship mode',
  'revenue from the BUILDING segment last year',
  'monthly gross sales in 1997',
  'number of suppliers in each region',
  'return rate by ship mode',
  'profit margin for 1994',
  'units sold by brand in 1996',
  'which region had the lowest revenue in 1993',
  'urgent orders by quarter in 1996',
  'revenue for customers in GERMANY',
  'average order value by market segment',
  'late delivery rate by ship mode in 1997',
  // and every construction's own question
  ...CASES.map(([, question]) => question),
];

/** Keywords whose arguments cannot attach when dropped in at random. */
const STRAY_KEYWORDS = ['not', 'excluding', 'more than', 'at least', 'between', 'share of', 'versus', 'second', 'never', 'above'];

/** Keywords a question may already say in other words. */
const SAME_MEANING: Record<string, RegExp> = {
  'share of': /\b(share|percent|percentage|proportion|fraction)\b/i,
  versus: /\b(vs|versus|compared?|grow|grew|growth|change|drop|increase|decrease)\b/i,
  not: /\b(not|excluding|outside|never)\b/i,
  excluding: /\b(not|excluding|outside|never)\b/i,
  never: /\b(never|not)\b/i,
  second: /\b(second|third)\b/i,
  'more than': /\b(more than|at least|over|above)\b/i,
  'at least': /\b(more than|at least|over|above)\b/i,
  above: /\b(more than|at least|over|above)\b/i,
  between: /\bbetween\b|\bfrom \d{4}/i,
};

const lex = getLexicon(tpch.model, tpch.values);
const vocabulary = [...lex.vocabList];
/** A made-up word far from every model word (so no typo reading can claim it). */
const unknownWord = fc
  .stringMatching(/^[bcdfghjklmnpqrstvwxz]{3}[aeiou][bcdfghjklmnpqrstvwxz]{2,4}$/)
  .filter((w) => vocabulary.every((v) => distance(v, w) > 2 && distance(v, w.replace(/s$/, '')) > 2));

function insertAt(question: string, word: string, at: number): string {
  const tokens = question.split(' ');
  const k = at % (tokens.length + 1);
  return [...tokens.slice(0, k), word, ...tokens.slice(k)].join(' ');
}

describe('coverage: nothing is silently dropped', () => {
  it('every base question is answered', () => {
    for (const s of ANSWERED) expect(ask(s).kind, s).toBe('query');
  });

  it('an unknown word anywhere in an answered question is refused, naming the word', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ANSWERED), unknownWord, fc.nat(), (question, word, at) => {
        const r = ask(insertAt(question, word, at));
        expect(r.kind).toBe('out_of_scope');
        if (r.kind === 'out_of_scope') expect(r.unconsumed ?? []).toContain(word);
      }),
      { numRuns: 300 },
    );
  });

  it('a stray keyword is refused or changes the query, never dropped', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ANSWERED), fc.constantFrom(...STRAY_KEYWORDS), fc.nat(), (question, keyword, at) => {
        // a second word for what the question already says ("share of percentage of") attaches to it
        if (SAME_MEANING[keyword]?.test(question)) return;
        const base = ask(question);
        const r = ask(insertAt(question, keyword, at));
        if (r.kind === 'query' && base.kind === 'query') expect(r.query).not.toEqual(base.query);
      }),
      { numRuns: 400 },
    );
  });
});

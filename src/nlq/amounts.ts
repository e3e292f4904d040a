/**
 * "the total amount of payments received", "the sum of sales", "the total value of orders": a word of
 * amount, then "of" and a thing's rows, asks for how much those rows come to, not how many there are;
 * so do "the sales amount", "total order value" (the word after the things) and "the total payments",
 * "total sales" (things that are money themselves: payments, sales, refunds, fees ...). "the cost of
 * cars", "the average price of tickets": money named by its own word is the things' one figure named so.
 * The thing's one amount-like figure (a sum of its own rows whose name says money or an amount) is
 * read instead of its count; several such figures compete and the word is not understood (never the
 * count instead); with none, the phrase stays what it was ("the total of visits" is their number).
 * A bare "amount of" is also said for a number ("the amount of cars sold"): before things that have an
 * amount figure it is not understood (neither reading is taken); "the total amount of" is the amount.
 */
import type { Lexicon } from './lexicon.js';
import { lemmas, phraseKeys } from './text.js';
import { entriesOf, type Item } from './spans.js';
import { rowsNamed } from './members.js';

/** Words that ask how much rows come to ("amount of", "sum of"): general English. */
const AMOUNT_HEADS = new Set(['amount', 'amounts', 'sum', 'value', 'total']);
/** Money named by its own word ("the cost of cars", "the average price of tickets"): a figure whose name says it. */
const MONEY_HEADS = new Set(['cost', 'costs', 'price', 'prices', 'fee', 'fees', 'charge', 'charges']);
/** A word right after things that asks how much they come to ("sales amount", "order value"). */
export const AMOUNT_AFTER_THINGS = /^(amount|amounts|value)$/;
/** Words in a figure's name that say it is money or an amount (general English). */
const AMOUNT_WORDS = new Set([
  'amount',
  'value',
  'price',
  'cost',
  'revenue',
  'sales',
  'sale',
  'payment',
  'paid',
  'fee',
  'charge',
  'spend',
  'spent',
  'income',
  'expense',
  'turnover',
]);

/** The words before k ("the total amount of (the)") that ask for an amount: the head word last, or undefined. */
function amountWordsBefore(items: Item[], k: number): Item[] | undefined {
  let p = k - 1;
  while (p >= 0 && items[p]!.kind === 'word' && (items[p]!.lower === 'the' || items[p]!.lower === 'all')) p--;
  const of = items[p];
  if (of?.kind !== 'word' || of.lower !== 'of') return undefined;
  const head = items[p - 1];
  if (head?.kind !== 'word' || !(AMOUNT_HEADS.has(head.lower) || MONEY_HEADS.has(head.lower))) return undefined;
  const total = items[p - 2];
  // "the total amount of", "the total sum of": one word of amount with "total" before it
  return total?.kind === 'word' && total.lower === 'total' && head.lower !== 'total' ? [of, total, head] : [of, head];
}

/** The sums of an entity's own rows whose name or label says money or an amount. */
export function amountFigures(lex: Lexicon, entity: string): string[] {
  return [...lex.metrics.values()]
    .filter(
      (m) => m.entity === entity && m.agg === 'sum' && [...phraseKeys(m.name), ...phraseKeys(m.label)].some((w) => AMOUNT_WORDS.has(w)),
    )
    .map((m) => m.name);
}

/** Things that are sums of money themselves: "the total payments" is how much they come to. */
const MONEY_THINGS = new Set([
  'payment',
  'sale',
  'refund',
  'deposit',
  'withdrawal',
  'donation',
  'charge',
  'fee',
  'expense',
  'earning',
  'spending',
  'contribution',
]);

/**
 * "(total) sales amount", "payments value" (an amount word right after the things), and "the total
 * payments", "total sales" (things that are money themselves): the words that ask for an amount.
 */
function amountWordsAround(items: Item[], k: number): Item[] | undefined {
  const before = amountWordsBefore(items, k);
  if (before) return before;
  const it = items[k]!;
  const after = items[k + 1];
  const total = items[k - 1]?.kind === 'word' && items[k - 1]!.lower === 'total' ? [items[k - 1]!] : [];
  if (after?.kind === 'word' && AMOUNT_AFTER_THINGS.test(after.lower)) return [...total, after];
  // (in the plural: "total payments received", "total sales")
  const money = it.lower.split(' ').some((w) => lemmas(w)[0] !== w && MONEY_THINGS.has(lemmas(w)[0]));
  return total.length && money ? total : undefined;
}

/** The figures of an entity's own rows with this aggregate whose name or label has the word. */
function namedFigures(lex: Lexicon, entity: string, word: string, agg: 'sum' | 'avg'): string[] {
  return [...lex.metrics.values()]
    .filter((m) => m.entity === entity && m.agg === agg && [...phraseKeys(m.name), ...phraseKeys(m.label)].includes(word))
    .map((m) => m.name);
}

/** Reads "amount of <things>" as the things' one amount figure (see above); marks what it read. */
export function readAmountsOf(items: Item[], lex: Lexicon): void {
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    if (it.kind !== 'lex' || entriesOf(it, 'value').length) continue;
    const words = amountWordsAround(items, k);
    if (!words) continue;
    const entity = rowsNamed(lex, it);
    if (!entity) continue;
    const head = words[words.length - 1]!;
    // "the (average) cost of cars": the sum (or, after "average", the average) of the things' one figure
    // named by that word
    const named = MONEY_HEADS.has(head.lower) ? lemmas(head.lower)[0] : undefined;
    const averaged = !!named && /^(average|mean|avg)$/.test(items[items.indexOf(head) - 1]?.lower ?? '');
    const figures = named ? namedFigures(lex, entity, named, averaged ? 'avg' : 'sum') : amountFigures(lex, entity);
    if (figures.length === 0) continue;
    if (averaged) words.push(items[items.indexOf(head) - 1]!);
    // (a bare "amount of" may also mean how many)
    const bare = /^amounts?$/.test(head.lower) && words.length === 2 && words[0]!.lower === 'of';
    if (figures.length > 1 || bare) {
      // which of them, or how many? not understood, never their count instead
      head.dropped = true;
      continue;
    }
    it.entries = [{ kind: 'metric', target: figures[0]!, source: 'synonym', phrase: it.text }];
    for (const w of words) w.used = true;
  }
}

/**
 * A column named with its unit or an amount word after what it holds ("budget_amt", "runtime_mins",
 * "weight_kg", "revenue_in_millions", "price_usd") is also said by what it holds alone: "the
 * budget", "films with a runtime over 100", "the heaviest weight". General English units and
 * amount words only (never a dataset's own words). The reading is added only when it is one
 * element's (two columns of one head, "price_usd" and "price_eur", say neither) and no element of
 * the model is already called so; "min" is minutes only when no column of the same head ends in
 * "max" (then it is a minimum); a name that starts with an aggregate word gives none.
 */
import { nameTokens } from './linking.js';

/** Words that say the unit or the kind of amount a column holds, after what it holds. */
const UNIT_WORDS = new Set([
  'amt',
  'amount',
  'val',
  'value',
  'usd',
  'eur',
  'gbp',
  'dollars',
  'euros',
  'kg',
  'kgs',
  'lb',
  'lbs',
  'km',
  'kms',
  'kilometers',
  'kilometres',
  'miles',
  'meters',
  'metres',
  'feet',
  'ft',
  'inches',
  'grams',
  'kilograms',
  'pounds',
  'cm',
  'mm',
  'litres',
  'liters',
  'ltr',
  'ml',
  'gallons',
  'mins',
  'minutes',
  'secs',
  'seconds',
  'hrs',
  'hours',
  'millions',
  'billions',
  'thousands',
]);
/** A head that says nothing alone ("total_amt" is no "total"). */
const NO_HEAD = new Set(['total', 'sum', 'average', 'avg', 'mean', 'net', 'gross', 'base', 'unit', 'min', 'max', 'in', 'per', 'the']);

interface Named {
  name: string;
  sql?: string;
  label?: string;
  synonyms: string[];
}

/** What a name holds without its unit word ("budget_amt" -> "budget"), or undefined. */
function headOf(name: string, columns: Set<string>): string | undefined {
  const words = nameTokens(name);
  if (words.length < 2) return undefined;
  let end = words.length - 1;
  const last = words[end]!;
  // (a column of the same head ending in "max" anywhere in the model: "min" is its minimum)
  const minutes = last === 'min' && ![...columns].some((c) => c.endsWith(`${words.slice(0, -1).slice(-1)[0]} max`));
  if (!UNIT_WORDS.has(last) && !minutes) return undefined;
  // "revenue_in_millions"
  if (words[end - 1] === 'in') end--;
  const head = words.slice(0, end);
  // (an aggregate word first is read as one: "total refund" of `total_refund_amount` would take
  // "total refunds issued" from its own thing)
  if (!head.length || NO_HEAD.has(head[0]!)) return undefined;
  return head.join(' ');
}

/**
 * The readings without a unit word of each element's names, keyed by phrase; only those one element
 * gives. `taken` says whether a phrase already names something in the model.
 */
export function unitlessNames<T extends Named>(elements: T[], taken: (phrase: string) => boolean, columns: Set<string>): Map<string, T> {
  const found = new Map<string, T | null>();
  for (const e of elements) {
    const heads = new Set(
      [e.name, e.label ?? '', ...e.synonyms, columnOf(e.sql) ?? '']
        .map((n) => headOf(n, columns))
        .filter((h): h is string => !!h && !taken(h)),
    );
    for (const h of heads) found.set(h, found.has(h) && found.get(h) !== e ? null : e);
  }
  return new Map([...found].filter((x): x is [string, T] => x[1] !== null));
}

/** The column a plain `${TABLE}.column` expression reads, else undefined. */
export const columnOf = (sql: string | undefined): string | undefined => /^\$\{TABLE\}\.(\w+)$/.exec(sql?.trim() ?? '')?.[1];

/** Every plain column of the model's dimensions and measures, as its words ("temp max"). */
export function modelColumns(elements: { sql?: string }[]): Set<string> {
  return new Set(
    elements
      .map((e) => columnOf(e.sql))
      .filter((c): c is string => !!c)
      .map((c) => nameTokens(c).join(' ')),
  );
}

/**
 * Text primitives of the rule-based interpreter: tokenising, lemmatising, number words.
 * General English only — nothing here knows about a particular semantic model.
 */
import { lookupTable } from './lookup.js';
import { createRequire } from 'node:module';

interface WinkLemmatizer {
  noun(word: string): string;
  verb(word: string): string;
  adjective(word: string): string;
}
const require = createRequire(import.meta.url);
const wink = require('wink-lemmatizer') as WinkLemmatizer;

export interface Token {
  /** Text as written in the question. */
  raw: string;
  /** Lower-case form. */
  lower: string;
  /** Noun lemma of the lower-case form (plural -> singular); function words stay as they are. */
  lemma: string;
  /** Verb lemma (shipped -> ship), used as a second key for matching. */
  verb: string;
  /** Char offsets in the question. */
  start: number;
  end: number;
  /** Written in capitals (AIR, FURNITURE) or with a capital inside (Brand#13). */
  upper: boolean;
  /** Placeholder for a time expression found before tokenising. */
  time?: number;
  /** Numeric value when the token is a number (digits, number word, 1.5m, 10k). */
  num?: number;
  /** A number written with a percent sign. */
  percent?: boolean;
  /** A number written with a currency sign. */
  currency?: boolean;
}

/** Words never lemmatised (the lemmatiser would turn "does" into "doe", "was" into "wa"). */
const NO_LEMMA = new Set([
  'is',
  'was',
  'has',
  'does',
  'this',
  'its',
  'us',
  'as',
  'his',
  'less',
  'status',
  'gas',
  'plus',
  'bus',
  'across',
  'various',
  'previous',
  'always',
  'news',
  'series',
  'analysis',
  'bonus',
  'percentages',
  'always',
  'thus',
  'whereas',
  'basis',
  'minus',
  'yes',
  'kudos',
  'us',
]);

/** Parts of speech of common English words (wink-lexicon, after fnTBL): word -> Penn tags. */
const partsOfSpeech = require('wink-lexicon/src/lexicon.js') as Record<string, string[]>;
const VERB_TAGS = new Set(['VB', 'VBP', 'VBZ', 'VBD', 'VBN', 'VBG']);

/**
 * The verb a word is a form of: "wrote" -> write, "serving" -> serve, "offer" -> offer; undefined
 * when the word is no verb in common English ("second", "ratio", "database"). A word the lexicon
 * of common words does not list counts only as an inflected form WordNet takes back to a verb.
 */
export function verbOf(lower: string): string | undefined {
  if (!/^[a-z]{3,}$/.test(lower) || NO_LEMMA.has(lower)) return undefined;
  const base = wink.verb(lower);
  const tags = Object.prototype.hasOwnProperty.call(partsOfSpeech, lower) ? partsOfSpeech[lower] : undefined;
  if (tags) return tags.some((t) => VERB_TAGS.has(t)) ? base : undefined;
  return base !== lower && /(ed|ing|en)$/.test(lower) ? base : undefined;
}

/** Plurals not made with -s, of nouns common in questions (general English). */
const IRREGULAR_PLURALS: Record<string, string> = lookupTable({
  people: 'person',
  children: 'child',
  men: 'man',
  women: 'woman',
  feet: 'foot',
  teeth: 'tooth',
  mice: 'mouse',
  geese: 'goose',
  criteria: 'criterion',
  alumni: 'alumnus',
  phenomena: 'phenomenon',
});

const lemmaCache = new Map<string, [string, string]>();
export function lemmas(lower: string): [noun: string, verb: string] {
  let hit = lemmaCache.get(lower);
  if (hit) return hit;
  let noun = lower;
  let verb = lower;
  if (/^[a-z]+$/.test(lower) && lower.length > 2 && !NO_LEMMA.has(lower)) {
    if (lower.endsWith('s')) noun = wink.noun(lower);
    else noun = IRREGULAR_PLURALS[lower] ?? noun;
    if (noun === lower && lower.endsWith('s')) noun = compoundPlural(lower) ?? noun;
    if (/(ed|ing|es|s)$/.test(lower)) verb = wink.verb(lower);
    if (verb === lower && noun !== lower) verb = noun;
  }
  hit = [noun, verb];
  if (lemmaCache.size < 50_000) lemmaCache.set(lower, hit);
  return hit;
}

/**
 * "keywords", "keyphrases", "datasets": a compound the lemmatiser does not know, whose last part is
 * a plural noun of common English ("words", "phrases", "sets"), is that compound in the singular.
 */
function compoundPlural(lower: string): string | undefined {
  for (let k = 2; k <= lower.length - 4; k++) {
    const tail = lower.slice(k);
    const tags = Object.prototype.hasOwnProperty.call(partsOfSpeech, tail) ? partsOfSpeech[tail] : undefined;
    if (!tags?.includes('NNS')) continue;
    const one = wink.noun(tail);
    if (one !== tail) return lower.slice(0, k) + one;
  }
  return undefined;
}

export const NUMBER_WORDS: Record<string, number> = lookupTable({
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  dozen: 12,
});

export const ORDINALS: Record<string, number> = lookupTable({
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
  '5th': 5,
});

const SCALE: Record<string, number> = lookupTable({
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  million: 1e6,
  millions: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  billions: 1e9,
  t: 1e12,
  trillion: 1e12,
});

/** Characters that mark a masked time expression (see time.ts). */
export const TIME_MARK = '\u00a7';

const TOKEN_RE = new RegExp(`${TIME_MARK}\\d*|[$€£]|%|>=|<=|[<>=]|[A-Za-z0-9]+(?:[#'\\-.&/][A-Za-z0-9]+)*#?|[?,;:!()]`, 'g');

/** Normalises a question: unicode quotes and dashes, thousands separators (1,000,000). */
export function normalise(q: string): string {
  return (
    q
      .replace(/[\u2018\u2019\u02bc`]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/[\u2013\u2014]/g, '-')
      .replace(/(\d),(?=\d{3}\b)/g, '$1')
      // "he/she", "his/her": one pronoun (a slash between other words is an "or" and stays a word)
      .replace(/\b(he|she|his|her|him|hers)\/(he|she|his|her|him|hers|they|their|them)\b/gi, 'they')
      .replace(/\b(year|month|quarter|week)\s+(over|on|to|by)\s+\1\b/gi, '$1-over-$1')
      // "first and last name": each part of a person's name said with "name" (a bare "first" is an ordinal)
      .replace(
        /\b(first|last|given|family|middle)\s*(,|and|or|&)\s*(first|last|given|family|middle)\s+(names?)\b/gi,
        (_, a: string, and: string, b: string, name: string) => `${a} ${name}${and === ',' ? ',' : ` ${and}`} ${b} ${name}`,
      )
  );
}

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN_RE)) {
    let raw = m[0];
    const start = m.index ?? 0;
    if (raw.startsWith(TIME_MARK)) {
      out.push(mk(raw, start, { time: Number(raw.slice(1)) }));
      continue;
    }
    // possessive / contraction: customer's -> customer, what's -> what
    raw = raw.replace(/'(s|re|ve|ll|d|m)$/i, '').replace(/'$/, '');
    if (!raw) continue;
    out.push(mk(raw, start, {}));
  }
  return numbers(out);
}

/** Abbreviations and variants read as their usual word. */
const ALIASES: Record<string, string> = lookupTable({
  mean: 'average',
  avg: 'average',
  averages: 'average',
  qty: 'quantity',
  amt: 'amount',
  num: 'number',
  nr: 'number',
  no: 'no',
  yr: 'year',
  yrs: 'years',
  mo: 'month',
  mos: 'months',
  qtr: 'quarter',
  qtrs: 'quarters',
  '#': 'number',
  pct: 'percent',
  tot: 'total',
  cust: 'customer',
  custs: 'customers',
  acct: 'account',
  accts: 'accounts',
  bal: 'balance',
  mkt: 'market',
  mkts: 'markets',
  rev: 'revenue',
  dept: 'department',
  depts: 'departments',
  mgr: 'manager',
  mgrs: 'managers',
  txn: 'transaction',
  txns: 'transactions',
  ctry: 'country',
  addr: 'address',
});

function mk(raw: string, start: number, extra: Partial<Token>): Token {
  const low = raw.toLowerCase();
  const lower = ALIASES[low] ?? low;
  const [lemma, verb] = lemmas(lower);
  const upper = /[A-Z]/.test(raw) && (raw === raw.toUpperCase() || /[a-z][A-Z]|#/.test(raw));
  return { raw, lower, lemma, verb, start, end: start + raw.length, upper, ...extra };
}

function numbers(out: Token[]): Token[] {
  // numeric values, currency and percent signs, scale words
  const res: Token[] = [];
  for (let i = 0; i < out.length; i++) {
    const t = out[i];
    if (t.lower === '$' || t.lower === '€' || t.lower === '£') {
      const n = out[i + 1];
      if (n && numberOf(n.lower) !== undefined) n.currency = true;
      continue;
    }
    // "a hundred", "a thousand", "a dozen": the article is the number's "one"
    if ((t.lower === 'a' || t.lower === 'an') && /^(hundred|thousand|million|billion|dozen)$/.test(out[i + 1]?.lower ?? '')) {
      const n = out[i + 1]!;
      n.num = numberOf(n.lower) ?? SCALE[n.lower];
      continue;
    }
    const v = numberOf(t.lower) ?? t.num;
    if (v !== undefined) {
      t.num = v;
      const n = out[i + 1];
      // "10 k", "1.5 million", "a hundred thousand" (a number word takes only a scale word: "five m" is no number)
      if (n && SCALE[n.lower] !== undefined && (!/[a-z]$/.test(t.lower) || /^(thousand|million|billion|trillion)s?$/.test(n.lower))) {
        t.num = v * SCALE[n.lower];
        t.end = n.end;
        i++;
      } else if (n && (n.lower === '%' || n.lower === 'percent' || n.lower === 'pct')) {
        t.percent = true;
        t.end = n.end;
        i++;
      }
    }
    res.push(t);
  }
  return res;
}

/** "12", "1.5", "1.5m", "10k", "five" -> number; otherwise undefined. */
export function numberOf(lower: string): number | undefined {
  if (NUMBER_WORDS[lower] !== undefined) return NUMBER_WORDS[lower];
  const m = /^(\d+(?:\.\d+)?)(k|m|mm|mn|b|bn|t)?$/.exec(lower);
  if (!m) return undefined;
  const v = Number(m[1]);
  return m[2] ? v * SCALE[m[2]] : v;
}

/** Lower-cases, splits on non-alphanumerics (keeping '#', '-' inside words), lemmatises. */
export function phraseKeys(phrase: string): string[] {
  const toks = tokenize(normalise(phrase.replace(/_/g, ' ')));
  return toks.map((t) => t.lemma);
}

/** Whether common English uses the word with one of these Penn tags ("successful" JJ, "failed" VBN). */
export function taggedAs(lower: string, tags: readonly string[]): boolean {
  const own = Object.prototype.hasOwnProperty.call(partsOfSpeech, lower) ? partsOfSpeech[lower] : undefined;
  return !!own?.some((t) => tags.includes(t));
}

/** A past participle that is no noun ("opened", "built"; never "debut", "opening"). */
export const isPastParticiple = (lower: string): boolean => taggedAs(lower, ['VBN']) && !taggedAs(lower, ['NN', 'NNS']);

/**
 * A name of a column of years that is a participle said alone ("opened" of `opened`, "opened" as the head
 * of "year opened"): in a question it is the verb ("venues opened before 1950"), never the column.
 */
export const participleOfYears = (d: { grain?: 'year' }, phrase: string): boolean =>
  d.grain === 'year' &&
  isPastParticiple(
    phrase
      .toLowerCase()
      .trim()
      .split(/[\s_]+/)
      .at(-1) ?? '',
  );

/** The verb an inflected form goes back to ("failed" -> fail), by WordNet's rules. */
export function verbBase(lower: string): string {
  return wink.verb(lower);
}

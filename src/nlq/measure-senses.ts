/**
 * The column words of each measured sense (general English), and the one table of the adjectives that
 * name a column by its sense, read in every degree: "how long is X" (single-table.ts), "longer than"
 * (measured-comparatives.ts, single-table.ts) and "the longest" (constructions/superlative-lookup.ts).
 */
import { nameWords } from './units.js';

export const LENGTH = ['length', 'long', 'distance'];
export const ALTITUDE = ['altitude', 'height', 'elevation'];
export const SIZE = ['area', 'size', 'population'];
/**
 * Words a sense names only when none of its other words names a column: "large" is physical extent
 * first, so "the largest state" of states with an area and a population is the area, and "the largest
 * city" of cities with only a population is the population.
 */
const FALLBACK: ReadonlySet<string> = new Set(['population']);
/** The columns `columnsNamed` finds for a sense's words, those of its fallback words only when the others name none. */
export function senseColumns<T>(words: readonly string[], columnsNamed: (words: string[]) => T[]): T[] {
  const main = columnsNamed(words.filter((w) => !FALLBACK.has(w)));
  return main.length ? main : columnsNamed([...words]);
}
/** Of `columns`, those whose names say the sense (`senseColumns`): "the cheapest room" of rooms with a `nightly_rate`. */
export function columnsOfSense(columns: readonly string[], words: readonly string[]): string[] {
  return senseColumns(words, (ws) => columns.filter((c) => saysSense(nameWords(c), ws)));
}
/** Periods a rate is charged by: a rate so qualified is a price ("nightly_rate", "hourly_rate"), not a ratio. */
const RATE_PERIODS = new Set([
  'hourly',
  'daily',
  'nightly',
  'weekly',
  'monthly',
  'yearly',
  'annual',
  'night',
  'day',
  'hour',
  'week',
  'month',
]);
/** A column's name words say one of a sense's words (a price also by a rate charged per period). */
function saysSense(columnWords: readonly string[], senseWords: readonly string[]): boolean {
  if (columnWords.some((w) => senseWords.includes(w))) return true;
  return senseWords.includes('price') && columnWords.includes('rate') && columnWords.some((w) => RATE_PERIODS.has(w));
}
export const DEPTH = ['depth', 'deep'];
export const WEIGHT = ['weight', 'mass'];
export const SPEED = ['speed'];
export const WIDTH = ['width', 'wide', 'breadth'];
export const PRICE = ['price', 'cost', 'fee', 'charge', 'fare', 'rent', 'tuition'];
export const AGE = ['age'];
export const POPULATION = ['population', 'inhabitants', 'residents', 'pop'];
export const DENSITY = ['density'];
export const PAY = ['salary', 'wage', 'earnings', 'income', 'pay'];
/**
 * Verbs that say a value of a measured sense (general English): "tracks that cost 1.99", "crates weighing
 * over 5", "staff who earn more than 40000". The verb's own noun ("priced", "aged", "sized") is linked as
 * its column already.
 */
export const VERB_SENSES: Readonly<Record<string, readonly string[]>> = Object.assign(Object.create(null), {
  cost: PRICE,
  costs: PRICE,
  costing: PRICE,
  priced: PRICE,
  weigh: WEIGHT,
  weighs: WEIGHT,
  weighing: WEIGHT,
  weighed: WEIGHT,
  earn: PAY,
  earns: PAY,
  earning: PAY,
});
/** Nouns of the measured senses ("the size of", "the height of"). */
export const SENSE_NOUNS = [
  'size',
  'area',
  'height',
  'altitude',
  'elevation',
  'length',
  'distance',
  'depth',
  'weight',
  'mass',
  'speed',
  'width',
  'breadth',
  'price',
  'cost',
  'fee',
  'age',
  'population',
  'density',
];
/** The senses a noun says ("size": area or size, population when neither; "height": altitude...). */
export function sensesOfNoun(noun: string): (readonly string[])[] {
  return [LENGTH, ALTITUDE, SIZE, DEPTH, WEIGHT, SPEED, WIDTH, PRICE, AGE, POPULATION, DENSITY].filter((ws) => ws.includes(noun));
}

/** What a length of time is also kept as ("the longest film": its runtime). */
const SPAN = ['len', 'duration', 'runtime'];
/** An adjective of measurement: its degrees, the way its base goes, and the column words of its sense. */
interface Adjective {
  base: string;
  comparative?: string;
  superlative?: string;
  /** "more" for long, "less" for short: the comparative's direction, the superlative's descending or ascending. */
  dir: 'more' | 'less';
  words: readonly string[];
  /** Words a figure named after the superlative may carry besides ("the shortest connect time"). */
  named?: readonly string[];
  /** Said with "more" / "most" ("more expensive", "the least populous"). */
  periphrastic?: boolean;
}
const ADJECTIVES: readonly Adjective[] = [
  {
    base: 'long',
    comparative: 'longer',
    superlative: 'longest',
    dir: 'more',
    words: [...LENGTH, ...SPAN],
    named: ['time', 'range', 'span'],
  },
  // (short is said of a length and of a height: a thing with both is asked which)
  {
    base: 'short',
    comparative: 'shorter',
    superlative: 'shortest',
    dir: 'less',
    words: [...LENGTH, ...SPAN, 'height'],
    named: ['time', 'range', 'span'],
  },
  { base: 'tall', comparative: 'taller', superlative: 'tallest', dir: 'more', words: [...ALTITUDE, 'tall'] },
  { base: 'high', comparative: 'higher', superlative: 'highest', dir: 'more', words: ALTITUDE },
  { base: 'low', comparative: 'lower', superlative: 'lowest', dir: 'less', words: ALTITUDE },
  { base: 'big', comparative: 'bigger', superlative: 'biggest', dir: 'more', words: SIZE },
  { base: 'large', comparative: 'larger', superlative: 'largest', dir: 'more', words: SIZE },
  { base: 'small', comparative: 'smaller', superlative: 'smallest', dir: 'less', words: SIZE },
  { base: 'old', comparative: 'older', superlative: 'oldest', dir: 'more', words: AGE },
  { base: 'young', comparative: 'younger', superlative: 'youngest', dir: 'less', words: AGE },
  { base: 'heavy', comparative: 'heavier', superlative: 'heaviest', dir: 'more', words: WEIGHT },
  { base: 'light', comparative: 'lighter', superlative: 'lightest', dir: 'less', words: WEIGHT },
  { base: 'deep', comparative: 'deeper', superlative: 'deepest', dir: 'more', words: DEPTH },
  { base: 'shallow', comparative: 'shallower', superlative: 'shallowest', dir: 'less', words: DEPTH },
  { base: 'fast', comparative: 'faster', superlative: 'fastest', dir: 'more', words: SPEED },
  { base: 'slow', comparative: 'slower', superlative: 'slowest', dir: 'less', words: SPEED },
  { base: 'wide', comparative: 'wider', superlative: 'widest', dir: 'more', words: WIDTH },
  { base: 'narrow', comparative: 'narrower', superlative: 'narrowest', dir: 'less', words: WIDTH },
  { base: 'far', dir: 'more', words: ['distance'] },
  { base: 'dense', comparative: 'denser', superlative: 'densest', dir: 'more', words: DENSITY, periphrastic: true },
  { base: 'cheap', comparative: 'cheaper', superlative: 'cheapest', dir: 'less', words: PRICE },
  { base: 'pricey', comparative: 'pricier', superlative: 'priciest', dir: 'more', words: PRICE },
  { base: 'costly', comparative: 'costlier', superlative: 'costliest', dir: 'more', words: PRICE, periphrastic: true },
  { base: 'expensive', dir: 'more', words: PRICE, periphrastic: true },
  { base: 'populous', dir: 'more', words: POPULATION, periphrastic: true },
  { base: 'populated', dir: 'more', words: POPULATION, periphrastic: true },
];
const byForm = (form: (a: Adjective) => string | undefined) =>
  new Map(ADJECTIVES.flatMap((a) => (form(a) ? [[form(a)!, a] as const] : [])));
const BASES = byForm((a) => a.base);
const COMPARATIVES = byForm((a) => a.comparative);
const SUPERLATIVES = byForm((a) => a.superlative);
const flip = (dir: 'more' | 'less') => (dir === 'more' ? 'less' : 'more');

/** "how long (is X)": the column words of an adjective in its base degree. */
export function measuredSense(base: string): readonly string[] | undefined {
  return BASES.get(base)?.words;
}
/** "longer", or "more" / "less" and an adjective that takes them ("more expensive"): the direction and column words. */
export function comparativeSense(
  word: string,
  next?: string,
): { dir: 'more' | 'less'; words: readonly string[]; width: number } | undefined {
  const a = COMPARATIVES.get(word);
  if (a) return { dir: a.dir, words: a.words, width: 1 };
  const p = (word === 'more' || word === 'less') && next ? BASES.get(next) : undefined;
  return p?.periphrastic ? { dir: word === 'more' ? p.dir : flip(p.dir), words: p.words, width: 2 } : undefined;
}
/** "longest", or "most expensive" / "least populous": the ranking's direction and the column words. */
export function superlativeSense(word: string): { dir: 'asc' | 'desc'; words: readonly string[]; named?: readonly string[] } | undefined {
  const [degree, adjective] = word.split(' ');
  const a = adjective ? BASES.get(adjective) : SUPERLATIVES.get(word);
  if (!a || (adjective && (!a.periphrastic || (degree !== 'most' && degree !== 'least')))) return undefined;
  const dir = degree === 'least' ? flip(a.dir) : a.dir;
  return { dir: dir === 'more' ? 'desc' : 'asc', words: a.words, named: a.named };
}
/** An adjective said with "more" / "most" before it ("expensive", "populous"). */
export function takesDegreeWord(word: string): boolean {
  return !!BASES.get(word)?.periphrastic;
}

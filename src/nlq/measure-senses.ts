/**
 * The column words of each measured sense (general English), shared by the adjectives that name a
 * measure by its sense: comparatives ("longer than", measured-comparatives.ts) and superlatives
 * ("the longest", constructions/superlative-lookup.ts).
 */
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
export const DEPTH = ['depth', 'deep'];
export const WEIGHT = ['weight', 'mass'];
export const SPEED = ['speed'];
export const WIDTH = ['width', 'wide', 'breadth'];
export const PRICE = ['price', 'cost', 'fee'];
export const AGE = ['age'];
export const POPULATION = ['population', 'inhabitants', 'residents'];
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

/**
 * The length of a text as what an order is by: "ordered by the length of the name", "sorted by their
 * title length", "names from shortest to longest". Only a text column can be ordered so; the words are
 * consumed by the order that reads them.
 */
import type { Item } from './spans.js';

const DETERMINERS = new Set(['the', 'their', 'its', 'his', 'her', 'each']);

/**
 * "the length of (the) X" at `p`: the words before X and where X starts. "length" must be no word of the
 * model (a river's own length is a column: never its name's characters).
 */
export function lengthOfAt(items: Item[], p: number): { words: Item[]; at: number } | undefined {
  let k = p;
  while (items[k]?.kind === 'word' && DETERMINERS.has(items[k]!.lower)) k++;
  const head = items[k];
  if (head?.kind !== 'word' || !['length', 'lengths'].includes(head.lower) || items[k + 1]?.lower !== 'of') return undefined;
  let at = k + 2;
  while (items[at]?.kind === 'word' && DETERMINERS.has(items[at]!.lower)) at++;
  return { words: items.slice(p, at), at };
}

/** "X length" right after X at `p` ("sorted by title length"). */
export function lengthAfter(items: Item[], p: number): Item | undefined {
  const it = items[p + 1];
  return it?.kind === 'word' && ['length', 'lengths'].includes(it.lower) ? it : undefined;
}

/** "from shortest to longest", "longest first": a direction that says a length (of a text: its characters). */
export function directionSaysLength(items: Item[]): boolean {
  return items.some((it) => it.kind === 'kw' && (it.kw === 'asc_word' || it.kw === 'desc_word') && /\b(shortest|longest)\b/.test(it.lower));
}

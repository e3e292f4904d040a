/** Honest refusals: texts that name what was not understood and what is available. */
import { nearMatches } from './coverage.js';
import { type SemanticModel } from '../semantic/model.js';
import { type Lexicon } from './lexicon.js';
import { type Interpretation } from './types.js';
import { STOPWORDS } from './words.js';
import { type Item } from './spans.js';
export function modelTopic(model: SemanticModel): string {
  const c = model.company as Record<string, unknown>;
  return typeof c.name === 'string' ? `${c.name}'s data` : `the ${model.name} data`;
}
export function sampleMetrics(lex: Lexicon, n = 8): string {
  return `metrics such as ${[...lex.metrics.values()]
    .slice(0, n)
    .map((m) => m.label.toLowerCase())
    .join(', ')}`;
}
export function sampleDimensions(lex: Lexicon, n = 10): string {
  return [...lex.dimensions.values()]
    .slice(0, n)
    .map((d) => d.label.toLowerCase())
    .join(', ');
}

export function singular(w: string): string {
  return w.endsWith('s') ? w.slice(0, -1) : w;
}
export function uniq<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}
export function quoteList(xs: string[]): string {
  return uniq(xs)
    .map((x) => `"${x}"`)
    .join(', ');
}
export function round(x: number): number {
  return Math.round(x * 100) / 100;
}

/** The unknown words with the words around them that belong to the same noun phrase. */
export function missingPhrase(items: Item[], unknown: Item[]): string | undefined {
  if (!unknown.length) return undefined;
  const idx = unknown.map((u) => items.indexOf(u)).sort((x, y) => x - y);
  const lo = idx[0];
  let hi = lo;
  while (hi + 1 < items.length && items[hi + 1].kind === 'word' && !STOPWORDS.has(items[hi + 1].lower)) hi++;
  let start = lo;
  while (start - 1 >= 0 && items[start - 1].kind === 'word' && !STOPWORDS.has(items[start - 1].lower)) start--;
  return items
    .slice(start, hi + 1)
    .map((x) => x.text.toLowerCase())
    .join(' ');
}

export function outOfScope(
  lex: Lexicon,
  missing: string[],
  phrase: string | undefined,
  dimensionSlot: boolean,
  why?: string,
): Interpretation {
  const what = phrase ?? missing.join(', ');
  const close = nearMatches(lex, missing);
  const near = close.length ? close.map((n) => `"${n}"`).join(' or ') : suggestions(lex, missing);
  const head = why
    ? why
    : `The data model has no ${dimensionSlot ? 'dimension' : 'metric or dimension'} for "${what}"${missing.length > 1 || (phrase && phrase !== missing[0]) ? ` (not modelled: ${quoteList(missing)})` : ''}.`;
  return {
    kind: 'out_of_scope',
    reason: `${head}${near ? ` ${close.length ? `Did you mean ${near}?` : `Closest available: ${near}.`}` : ''}`,
    ...(missing.length ? { unconsumed: missing } : {}),
    catalogue: catalogue(lex),
  };
}

/** The model's metrics and dimensions in one sentence: the one place a refusal lists them. */
export function catalogue(lex: Lexicon): string {
  return `Available metrics: ${[...lex.metrics.values()].map((m) => m.label.toLowerCase()).join(', ')}. Dimensions: ${[...lex.dimensions.values()].map((d) => d.label.toLowerCase()).join(', ')}, and time (${[...lex.timeDimensions.values()].map((t) => t.label.toLowerCase()).join(', ')}).`;
}

export function suggestions(lex: Lexicon, words: string[]): string {
  const out: string[] = [];
  for (const w of words) {
    const s = singular(w);
    for (const m of lex.metrics.values()) {
      if (
        m.label
          .toLowerCase()
          .split(/\s+/)
          .some((x) => x === s || x === w)
      )
        out.push(m.label.toLowerCase());
    }
  }
  return uniq(out).slice(0, 4).join(', ');
}

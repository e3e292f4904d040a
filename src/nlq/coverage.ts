/**
 * Coverage: the rule that makes the interpreter honest. Every content word, number and keyword of
 * the question must have been consumed by a construction that put it into the query (the ledger
 * on each item); a keyword counts only when its arguments attached. What is left over means the
 * question was not understood, and the interpreter refuses (or hands over to the LLM planner)
 * instead of answering a different question with the word dropped.
 */
import { distance } from 'fastest-levenshtein';
import type { Lexicon } from './lexicon.js';
import type { Item } from './spans.js';
import { GENERIC_WORDS, STOPWORDS, type Keyword } from './words.js';

/**
 * Function words that carry no query content of their own. These are STOPWORDS minus words that
 * change what is asked when they appear outside a keyword ("no", "before", "between", "other"...).
 */
const MEANINGFUL = new Set(
  `no none nor not before after between more most less least few fewer other others another both either
  than first second third next previous prior last except`.split(/\s+/),
);
export const FILLER = new Set([...STOPWORDS].filter((w) => !MEANINGFUL.has(w)));

/** Keywords that shape how an answer is presented, never what it computes. */
const PRESENTATIONAL: ReadonlySet<Keyword> = new Set<Keyword>(['which', 'list', 'alltime', 'money']);

export interface Coverage {
  /** Items no construction consumed, in question order. */
  uncovered: Item[];
  /** Items that carry content (what coverage is measured over). */
  content: number;
}

export function measureCoverage(items: Item[], dangling: Item[]): Coverage {
  const uncovered: Item[] = [];
  let content = 0;
  for (const [k, it] of items.entries()) {
    // ("products out of stock": "out of" says none is left, never filler: read by a construction or refused)
    const outOf = it.kind === 'word' && it.lower === 'out' && items[k + 1]?.lower === 'of' && !it.used && !it.consumed;
    const covered = outOf ? false : isCovered(it, dangling);
    if (covered === null) continue;
    content++;
    if (!covered) uncovered.push(it);
  }
  return { uncovered, content };
}

/** true = consumed, false = left over, null = not content (punctuation, function words). */
function isCovered(it: Item, dangling: Item[]): boolean | null {
  if (it.dropped) return false;
  switch (it.kind) {
    case 'punct':
      return null;
    case 'time':
      return true;
    case 'word':
      if (it.used || it.consumed) return true;
      return isFillerWord(it.lower) ? null : false;
    case 'kw':
      if (PRESENTATIONAL.has(it.kw!)) return null;
      return !!it.consumed;
    case 'num':
    case 'grain':
      return !!(it.used || it.consumed);
    case 'lex':
      if (dangling.includes(it)) return false;
      if (it.used || it.consumed) return true;
      // a phrase read only as an unlikely value (the word "a" as return flag A) is a plain word
      // (but a capital letter that is no word of English, "got C", is a value left unread: never dropped)
      if ((it.entries ?? []).every((e) => e.kind === 'value' && e.weak) && isFillerWord(it.lower) && !/^[B-HJ-Z]$/.test(it.text))
        return null;
      return false;
  }
}

function isFillerWord(w: string): boolean {
  return FILLER.has(w) || GENERIC_WORDS.has(w) || w.length <= 1 || /^['’]s$/.test(w);
}

/** Near matches in the model's vocabulary for words that were not understood ("did you mean"). */
export function nearMatches(lex: Lexicon, words: string[], max = 3): string[] {
  const phrases = new Set<string>();
  for (const m of lex.metrics.values()) phrases.add(m.label.toLowerCase());
  for (const d of lex.dimensions.values()) phrases.add(d.label.toLowerCase());
  for (const t of lex.timeDimensions.values()) phrases.add(t.label.toLowerCase());
  const out: { phrase: string; score: number }[] = [];
  for (const w0 of words) {
    const w = w0.toLowerCase();
    if (w.length < 3) continue;
    for (const p of phrases) {
      // the word itself is no suggestion: it was read and could not be used ("theme" for "theme")
      if (p === w || p === w.replace(/s$/, '') || `${p}s` === w) continue;
      const parts = p.split(/\s+/);
      const joined = parts.join('');
      // a whole-phrase typo ("shipmode"), a word of the phrase, or a close spelling of one
      const dWhole = distance(w, joined);
      const dPart = Math.min(...parts.map((x) => (x.length >= 3 ? distance(w, x) : 99)));
      const prefix = parts.some((x) => x.length >= 4 && (x.startsWith(w) || (w.startsWith(x) && w.length - x.length <= 2)));
      const score = Math.min(dWhole / Math.max(w.length, joined.length), dPart / Math.max(w.length, 4), prefix ? 0.2 : 1);
      if (score <= 0.3) out.push({ phrase: p, score });
    }
  }
  out.sort((x, y) => x.score - y.score || x.phrase.localeCompare(y.phrase));
  return [...new Set(out.map((o) => o.phrase))].slice(0, max);
}

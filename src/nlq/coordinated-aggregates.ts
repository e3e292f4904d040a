/**
 * Several aggregate words sharing one figure: "the minimum and maximum price", "average and total
 * salary", "the min, max and mean rating". Each aggregate word applies to the figure said after the
 * last one, so the question is read as if the figure were said after each ("the minimum price and
 * maximum price"); nothing is dropped, the figure is only repeated. The reading is kept only when it
 * computes one figure per aggregate word and ranks nothing (`checkDistributed`): "which store has the
 * highest and lowest rent" asks for two members, never one figure, and is refused.
 */
import type { SemanticQuery } from '../semantic/query.js';
import type { Lexicon } from './lexicon.js';
import { linkQuestion } from './linking.js';
import { tokenize } from './text.js';

/** Aggregate words that take a figure after them, by the aggregate they ask for. */
const AGGREGATE_WORDS = new Map<string, string>([
  ['min', 'min'],
  ['minimum', 'min'],
  ['lowest', 'min'],
  ['smallest', 'min'],
  ['max', 'max'],
  ['maximum', 'max'],
  ['highest', 'max'],
  ['largest', 'max'],
  ['biggest', 'max'],
  ['greatest', 'max'],
  ['average', 'avg'],
  ['avg', 'avg'],
  ['mean', 'avg'],
  ['total', 'sum'],
  ['sum', 'sum'],
  ['median', 'median'],
]);

/** What lies between two aggregate words of one list: a comma, "and", "or", "&", or a comma and "and". */
const JOINS = /^\s*(,\s*(and\s+|&\s*)?|and\s+|&\s*)$/i;
const JOIN_TOKENS = new Set([',', 'and']);

/** Words asking for members: a list of aggregates after them asks which member holds each. */
const MEMBER_WORDS = new Set(['which', 'who', 'whom', 'whose']);
/** Words right before "the highest and lowest X" that make it a member's figure ("has", "with"). */
const HOLDER_WORDS = new Set(['has', 'have', 'had', 'having', 'with']);

export interface Distributed {
  /** The question with the figure said after each aggregate word. */
  text: string;
  /** How many aggregate words share the figure: the reading must compute that many figures. */
  aggregates: number;
  /** A list that asks which members hold the figures ("which store has the highest and lowest rent"): refused. */
  blocked: boolean;
  /** The words of the list as said ("minimum and maximum"), for a refusal. */
  words: string;
}

/**
 * Finds lists of aggregate words before one figure (a measure or a dimension phrase of the model, the
 * longest named right after the last word) and repeats the figure after each word. Undefined when
 * the question has none.
 */
export function distributeAggregates(question: string, lex: Lexicon): Distributed | undefined {
  const tokens = tokenize(question);
  const links = linkQuestion(tokens, lex);
  let out = question;
  let aggregates = 0;
  let blocked = false;
  const said: string[] = [];
  // from the end, so that earlier offsets stay right
  for (let k = tokens.length - 1; k > 0; k--) {
    const last = tokens[k]!;
    if (!AGGREGATE_WORDS.has(last.lower)) continue;
    // the run of aggregate words ending at k, each joined to the next by a comma, "and", "or", "&"
    const words = [last];
    let first = k;
    for (;;) {
      let p = first - 1;
      while (p >= 0 && JOIN_TOKENS.has(tokens[p]!.lower)) p--;
      if (p < 0 || !AGGREGATE_WORDS.has(tokens[p]!.lower)) break;
      const between = question.slice(tokens[p]!.end, tokens[first]!.start);
      if (!JOINS.test(between)) break;
      // only the last two are joined by "and"/"&": "min, max and mean"
      if (/and|&/i.test(between) !== (first === k)) break;
      words.unshift(tokens[p]!);
      first = p;
    }
    if (first === k) continue;
    // "which ticker has the highest and lowest price", "customers with the minimum and maximum balance": members asked for, not figures
    let before = first - 1;
    while (before >= 0 && ['the', 'a', 'its', 'their'].includes(tokens[before]!.lower)) before--;
    if (tokens.slice(0, first).some((t) => MEMBER_WORDS.has(t.lower)) || (before >= 0 && HOLDER_WORDS.has(tokens[before]!.lower))) {
      aggregates += words.length;
      said.unshift(question.slice(tokens[first]!.start, last.end));
      blocked = true;
      k = first;
      continue;
    }
    // "minimum and minimum" is no list of two figures
    if (new Set(words.map((w) => AGGREGATE_WORDS.get(w.lower))).size !== words.length) continue;
    // the figure: the longest model phrase starting right after the last aggregate word, a measure or a dimension
    // (or the rest of a phrase the last aggregate word opens: "average salary" named only with its aggregate)
    const isFigure = (l: (typeof links)[number]) => l.kind === 'metric' || l.kind === 'dimension' || l.kind === 'time_dimension';
    const figure =
      links.filter((l) => l.i === k + 1 && isFigure(l)).sort((x, y) => y.j - x.j)[0] ??
      links.filter((l) => l.i === k && l.j > k + 1 && isFigure(l)).sort((x, y) => y.j - x.j)[0];
    if (!figure) continue;
    const phrase = question.slice(tokens[k + 1]!.start, tokens[figure.j - 1]!.end);
    let rewritten = '';
    words.slice(0, -1).forEach((w, n) => {
      rewritten += `${question.slice(w.start, w.end)} ${phrase}${question.slice(w.end, words[n + 1]!.start)}`;
    });
    out = `${out.slice(0, tokens[first]!.start)}${rewritten}${out.slice(last.start)}`;
    aggregates += words.length;
    said.unshift(question.slice(tokens[first]!.start, last.end));
    k = first;
  }
  return aggregates ? { text: blocked ? question : out, aggregates, words: said.join(', '), blocked } : undefined;
}

/** The distributed reading computes a figure for each aggregate word and ranks nothing by them. */
export function checkDistributed(query: SemanticQuery, d: Distributed): boolean {
  const figures = query.metrics.length + (query.column_aggregates?.length ?? 0);
  return !d.blocked && figures >= d.aggregates && query.limit === undefined;
}

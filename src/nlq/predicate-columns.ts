/**
 * A column said as a predicate of the thing: "products that are discontinued", "which rooms are
 * accessible" where `discontinued` / `accessible` is a column but no flag the model can read as a
 * condition. Listing the column beside every member answers another question (all products, with their
 * discontinued value): the words are not understood. The phrase is a dimension of the thing named
 * right before the copula (itself, or "that / which / who" after it) and ends the question.
 */
import type { SemanticQuery } from '../semantic/query.js';
import type { Lexicon } from './lexicon.js';
import { linkQuestion } from './linking.js';
import { normalise, tokenize } from './text.js';

const COPULA = new Set(['are', 'is', 'were', 'was']);
const RELATIVE = new Set(['that', 'which', 'who']);

/** The words of a column predicated of the thing and only listed by the query, if any. */
export function predicatedColumn(question: string, lex: Lexicon, query: SemanticQuery): string | undefined {
  const tokens = tokenize(normalise(question));
  const end = tokens.length - (tokens.length && /^[?.!]$/.test(tokens[tokens.length - 1]!.lower) ? 1 : 0);
  const links = linkQuestion(tokens, lex);
  const listedOnly = (d: string) => query.group_by.some((g) => g.dimension === d) && !query.filters.some((f) => f.dimension === d);
  // "discontinued products": a column of the thing said right before it, as its adjective
  for (const c of links) {
    if (c.kind !== 'dimension' || links.some((x) => x.i === c.i && x.kind !== 'dimension')) continue;
    const things = links.filter((x) => x.i === c.j && x.kind === 'entity').map((x) => x.target);
    if (things.includes(lex.dimensions.get(c.target)?.entity ?? '') && listedOnly(c.target) && !links.some((x) => x.i === c.i && x.j > c.j))
      return tokens
        .slice(c.i, c.j)
        .map((t) => t.raw)
        .join(' ');
  }
  for (let k = 1; k < end - 1; k++) {
    if (!COPULA.has(tokens[k]!.lower)) continue;
    const subject = RELATIVE.has(tokens[k - 1]!.lower) ? k - 1 : k;
    const things = links.filter((c) => c.j === subject && c.kind === 'entity').map((c) => c.target);
    if (!things.length) continue;
    const predicate = links.filter((c) => c.i === k + 1 && c.j === end);
    if (!predicate.length || predicate.some((c) => c.kind !== 'dimension')) continue;
    const dims = predicate.filter((c) => things.includes(lex.dimensions.get(c.target)?.entity ?? ''));
    if (dims.length !== 1) continue;
    const d = dims[0]!.target;
    if (listedOnly(d))
      return tokens
        .slice(k + 1, end)
        .map((t) => t.raw)
        .join(' ');
  }
  return undefined;
}

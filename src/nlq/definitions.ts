/**
 * "define airline F9", "what is fare code QX", "what does F9 stand for": a code the user names asks what it
 * stands for: the member it picks, listed with the code beside its naming column(s). Read only when the rest
 * is the code (capitals and digits, at most five: a value of one dimension), with the thing's name before it at
 * most; the listing must pick the members by that code and compute nothing.
 */
import type { SemanticModel } from '../semantic/model.js';
import type { SemanticQuery } from '../semantic/query.js';
import type { Lexicon } from './lexicon.js';
import { linkQuestion } from './linking.js';
import { normalise, tokenize } from './text.js';

const OPENER = /^\s*(define|what\s+is|what's|what\s+does)\s+(.+?)(\s+(?:stand\s+for|mean))?\s*[?.!]?\s*$/i;
/** A code as people write one: capitals and digits, a capital among them ("F9", "QX", "B737"). */
const CODE = /^(?=.*[A-Z])[A-Z0-9]{1,5}$/;

/** The listing a definition asks for ("list airline F9") and the code's dimension, or undefined. */
export function definitionListing(question: string, lex: Lexicon): { text: string; dimension: string } | undefined {
  const m = OPENER.exec(normalise(question));
  // ("what does F9 stand for": the verb needs its "stand for" / "mean", and only it)
  if (!m || /^what\s+does$/i.test(m[1]!) !== !!m[3]) return undefined;
  const tokens = tokenize(m[2]!);
  const links = linkQuestion(tokens, lex);
  let k = ['the', 'a', 'an'].includes(tokens[0]?.lower ?? '') ? 1 : 0;
  const thing = links.find((c) => c.i === k && c.kind === 'entity');
  if (thing) k = thing.j;
  const code = tokens[k];
  if (!code || k !== tokens.length - 1 || !CODE.test(code.raw)) return undefined;
  const dimensions = [
    ...new Set(
      links
        .filter((c) => c.i === k && c.j === k + 1 && c.kind === 'value')
        .filter((c) => !thing || lex.dimensions.get(c.target)?.entity === thing.target)
        .map((c) => c.target),
    ),
  ];
  if (dimensions.length !== 1) return undefined;
  // ("what does JPY stand for": the code alone is of its dimension's thing)
  const owner = lex.dimensions.get(dimensions[0]!)?.entity;
  const text = thing || !owner ? `list ${m[2]!}` : `list the ${owner.replace(/_/g, ' ')} ${m[2]!}`;
  return { text, dimension: dimensions[0]! };
}

/** The listing with the code shown first, or undefined when it is no listing of the members that code picks. */
export function withCode(query: SemanticQuery, dimension: string, model: SemanticModel): SemanticQuery | undefined {
  const picks = query.filters.length === 1 && query.filters[0]!.dimension === dimension && query.filters[0]!.op === 'eq';
  if (query.metrics.length || !query.group_by.length || !picks || query.limit !== undefined) return undefined;
  // (a plain listing: no construction of its own)
  const constructed = Object.entries(query).some(([k, v]) => Array.isArray(v) && v.length && !['group_by', 'filters', 'order'].includes(k));
  if (constructed) return undefined;
  // (the code may be shown already, as the key of the members listed)
  const sqlOf = (name: string) => {
    const d = model.dimensions.find((x) => x.name === name);
    return d && `${d.entity} ${d.sql}`;
  };
  const shown = query.group_by.some((g) => g.dimension === dimension || sqlOf(g.dimension) === sqlOf(dimension));
  return shown ? query : { ...query, group_by: [{ dimension }, ...query.group_by] };
}

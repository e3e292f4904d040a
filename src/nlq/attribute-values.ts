/**
 * "find all Bakery in Leeds", "which Vegan were rated by Ann": a value of a table that only holds attributes of
 * another thing (a row per tag or category of a shop: it refers to the shop and nothing refers to it), said where
 * the things asked for stand, names those things: the question is read as "find all Bakery <shops> in Leeds".
 * Kept only when that reading lists or breaks down the owner's members (see `interpret.ts`).
 */
import type { SemanticModel } from '../semantic/model.js';
import type { SemanticQuery } from '../semantic/query.js';
import type { Lexicon } from './lexicon.js';
import { linkQuestion } from './linking.js';
import { normalise, tokenize } from './text.js';

/** Words that ask for things before them: "find (me) all", "list the", "which", "show all". */
const OPENING = /^(?:(?:please\s+)?(?:find|list|show|return|give)(?:\s+me)?(?:\s+(?:all|every|the))?|which|what\s+are(?:\s+the)?)$/;

/** The thing a table of attributes describes: its one relationship, many to one, when nothing refers to it. */
function ownerOfAttributes(model: SemanticModel, entity: string): string | undefined {
  const rels = model.relationships.filter((r) => r.from === entity || r.to === entity);
  const only = rels.length === 1 ? rels[0]! : undefined;
  return only && only.from === entity && only.to !== entity && only.cardinality === 'many_to_one' ? only.to : undefined;
}

/** The question with the owner's things named after the value, and the owner; undefined when it is no such question. */
export function valueOfAttributes(question: string, lex: Lexicon, model: SemanticModel): { text: string; owner: string } | undefined {
  const text = normalise(question);
  // (most questions open otherwise: their schema links are not looked up here)
  if (!/^\W*(?:please\s+)?(?:find|list|show|return|give|which|what)\b/i.test(text)) return undefined;
  const tokens = tokenize(text);
  const links = linkQuestion(tokens, lex);
  const at = links.find((c) => c.kind === 'value')?.i;
  if (
    at === undefined ||
    !OPENING.test(
      tokens
        .slice(0, at)
        .map((t) => t.lower)
        .join(' '),
    )
  )
    return undefined;
  const end = Math.max(...links.filter((c) => c.i === at).map((c) => c.j));
  const here = links.filter((c) => c.i === at && c.j === end);
  const dims = new Set(here.map((c) => (c.kind === 'value' ? c.target : '')));
  if (dims.size !== 1 || dims.has('')) return undefined;
  const entity = lex.dimensions.get([...dims][0]!)?.entity;
  const owner = entity ? ownerOfAttributes(model, entity) : undefined;
  // ("Bakery shops": the things are named already; "Bakery reviewed by Ann" names them by no participle)
  const next = tokens[end];
  const participle = !!next && /(ed|en)$/.test(next.lower) && next.verb !== next.lower;
  if (!owner || (!participle && links.some((c) => c.i === end && c.kind === 'entity'))) return undefined;
  const e = model.entities.find((x) => x.name === owner);
  const plural = (e?.synonyms ?? []).find((s) => /s$/.test(s) && s.startsWith(owner.slice(0, -1))) ?? owner.replace(/_/g, ' ');
  const cut = tokens[end - 1]!.end;
  // (a closing quote stays with the value)
  const close = /^\s*["”']/.exec(text.slice(cut))?.[0].length ?? 0;
  return { text: `${text.slice(0, cut + close)} ${plural}${text.slice(cut + close)}`, owner };
}

/** Whether a query lists or breaks down the owner's members (any of its own dimensions grouped, nothing else). */
export function listsOwner(query: SemanticQuery, model: SemanticModel, owner: string): boolean {
  const of = (d: string) => model.dimensions.find((x) => x.name === d)?.entity;
  return query.group_by.length > 0 && query.group_by.every((g) => !g.grain && of(g.dimension) === owner);
}

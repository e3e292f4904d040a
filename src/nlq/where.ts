/**
 * "where is X", "where are the shops in Leeds", "where can I find a cafe on Mill Lane", "where is Lhotse located",
 * "where does Ann live":
 * the members the rest of the question lists, with their location columns beside them (their columns a word
 * of place names: address, street, house number, city, state, country ...; those of a table that extends each
 * member one to one too: a restaurant's location row keyed by the restaurant). The rest is read as a
 * listing ("list the shops in Leeds"; a member named by its name alone, "where is Lhotse", as "list the
 * mountain Lhotse" when its name is of one thing only); a thing with no location column, a listing that
 * picks no members ("where are mountains": the places that have some, or each one's place?), or any word
 * the listing does not read ("good", "best"), and there is no reading.
 */
import type { SemanticModel } from '../semantic/model.js';
import type { SemanticQuery } from '../semantic/query.js';
import type { Lexicon } from './lexicon.js';
import { linkQuestion, nameTokens } from './linking.js';
import { nameCandidates } from './members.js';
import { dimensionOfEntity } from './lexicon.js';
import { normalise, tokenize } from './text.js';
import { columnOf } from './units.js';

/** Words of place in a column's name (general English). */
const PLACE = new Set([
  'address',
  'street',
  'road',
  'avenue',
  'house',
  'door',
  'building',
  'city',
  'town',
  'village',
  'state',
  'country',
  'region',
  'county',
  'province',
  'district',
  'zip',
  'zipcode',
  'postcode',
  'postal',
  'suburb',
  'neighbourhood',
  'neighborhood',
  'location',
  'latitude',
  'longitude',
]);

const OPENER =
  /^\s*where\s+(?:(?:is|are|was|were|can\s+(?:i|we|you|one)\s+find)\s+(.+?)(?:\s+(?:located|based|situated|headquartered))?|(?:does|do|did)\s+(.+?)\s+(?:live|reside|stay))\s*[?.!]?\s*$/i;

/** The listing a "where" question asks for, as questions to read: "list <rest>", then "list the <thing> <rest>". */
export function whereListings(question: string, lex: Lexicon, model: SemanticModel): string[] | undefined {
  const m = OPENER.exec(normalise(question));
  if (!m) return undefined;
  const rest = (m[1] ?? m[2])!;
  const out = [`list ${rest}`];
  // "where is Lhotse": a name of one thing's members alone (after an article that is not part of it: "a The Ramen Shop")
  const tokens = tokenize(rest);
  const links = linkQuestion(tokens, lex).filter((c) => c.kind === 'value');
  const from = links.some((c) => c.i === 0) ? 0 : ['the', 'a', 'an'].includes(tokens[0]?.lower ?? '') ? 1 : -1;
  const values = links.filter((c) => c.i === from);
  const owners = new Set(values.map((c) => lex.dimensions.get(c.target)?.entity));
  const owner = owners.size === 1 ? [...owners][0] : undefined;
  if (owner && values.every((c) => nameCandidates(model, lex, owner).includes(c.target) || dimensionOfEntity(lex, owner) === c.target))
    out.push(`list the ${owner.replace(/_/g, ' ')} ${rest.slice(tokens[from]!.start)}`);
  return out;
}

/** The location columns of a thing's members: its own, and those of a table keyed by its reference to the thing. */
function locationColumns(model: SemanticModel, entity: string, shown: Set<string>): string[] {
  const pkOf = (e: string) => {
    const pk = model.entities.find((x) => x.name === e)?.primary_key;
    return typeof pk === 'string' ? pk : undefined;
  };
  const extensions = model.relationships
    .filter((r) => r.to === entity && r.from !== entity && r.on.length === 1 && r.on[0]![0] === pkOf(r.from))
    .map((r) => r.from);
  return model.dimensions
    .filter((d) => (d.entity === entity || extensions.includes(d.entity)) && !shown.has(d.name))
    .filter((d) => nameTokens(columnOf(d.sql) ?? '').some((w) => PLACE.has(w)))
    .map((d) => d.name);
}

/** A listing of one thing's members with their location columns added, or undefined when it is no such listing. */
export function withLocation(query: SemanticQuery, model: SemanticModel): SemanticQuery | undefined {
  // ("where are mountains", nothing picking members: the places that have some, or each one's place? not read)
  if (query.metrics.length || !query.group_by.length || !query.filters.length || query.limit !== undefined) return undefined;
  const constructed = Object.entries(query).some(
    ([k, v]) =>
      Array.isArray(v) && v.length && !['group_by', 'filters', 'order', 'metrics', 'metric_filters', 'share_of_total'].includes(k),
  );
  if (constructed || query.metric_filters.length) return undefined;
  const owners = new Set(query.group_by.map((g) => model.dimensions.find((d) => d.name === g.dimension)?.entity));
  if (owners.size !== 1 || !model.entities.some((e) => owners.has(e.name))) return undefined;
  const entity = [...owners][0]!;
  const added = locationColumns(model, entity, new Set(query.group_by.map((g) => g.dimension)));
  if (!added.length) return undefined;
  return { ...query, group_by: [...query.group_by, ...added.map((dimension) => ({ dimension }))] };
}

/**
 * A table relating a thing to itself: two columns of one table referring to one other table, their names saying
 * the two roles (`citing_patent_id` / `cited_patent_id`, `follower_id` / `followed_id`, `quotingrulingid` /
 * `quotedrulingid`). A count of its rows said of someone the rows reach only through a linking table ("how many
 * citations does Ann have": the patents Ann invented) is a count of the rows where her things hold ONE of the
 * roles, and the question's voice says which:
 *   - the noun of the act ("citations of Ann", "Ann's quotations"): the act done to her things (the receiving role);
 *   - a verb with her before it ("Ann cites", "has Ann cited"): done by them (the acting role);
 *     with her after it ("patents citing Ann", "was Ann cited" aside): done to them;
 *   - a passive ("was Ann cited"): done to them; a passive with "by" after it (an agent, or who wrote them?) and a
 *     bare noun of the rows ("quotes", "cites": given or received?) decide nothing: the refusal names both readings.
 * Read only when the rest of the question was understood and only this choice kept it from being computed, with
 * nothing broken down, ranked or dated (those would be read along whichever role the model joins first).
 */
import type { Relationship, SemanticModel } from '../semantic/model.js';
import type { SemanticQuery } from '../semantic/query.js';
import { joinGraph } from '../semantic/graph.js';
import { normalise, tokenize } from './text.js';

/** The two roles of a pair table: the entity each column refers to, and whether it is the one acting. */
interface Roles {
  acting: string;
  receiving: string;
  /** The stem the verb's forms share ("cit" of citing/cited). */
  stem: string;
  table: string;
  /** The columns of the two roles, as the data names them. */
  columns: { acting: string; receiving: string };
}

const ACTING = /(ing|er|or)$/;
const RECEIVING = /(ed|ee)$/;
/** Endings after the stem that make a form of the verb or its noun. */
const VERB_FORMS = new Set(['e', 'es', 's', '', 'ing', 'ed', 'd']);
const ACT_NOUNS = new Set(['ation', 'ations', 'ion', 'ions']);
const BE = new Set(['was', 'were', 'is', 'are', 'been', 'be', 'being', 'get', 'gets', 'got', 'gotten']);
const HAVE = new Set(['has', 'have', 'had']);
/** Words right before a form that make it a noun ("how many quotes", "the number of cites"). */
const BEFORE_NOUN = new Set(['many', 'of', 'the', 'number', 'no', 'any', 'total', 'count', 's', "'s", 'his', 'her', 'their', 'its']);

/** The common ending of two names, and what comes before it in each. */
function prefixes(a: string, b: string): [string, string] {
  let k = 0;
  while (k < a.length && k < b.length && a[a.length - 1 - k] === b[b.length - 1 - k]) k++;
  return [a.slice(0, a.length - k).replace(/_+$/, ''), b.slice(0, b.length - k).replace(/_+$/, '')];
}

function rolesOf(model: SemanticModel, entity: string): Roles | undefined {
  const tableOf = (e: string) => model.entities.find((x) => x.name === e)?.table;
  const rels = model.relationships.filter((r) => r.from === entity && r.on.length === 1);
  const found: Roles[] = [];
  for (let i = 0; i < rels.length; i++)
    for (let j = i + 1; j < rels.length; j++) {
      const [x, y] = [rels[i]!, rels[j]!];
      if (x.to === y.to || tableOf(x.to) !== tableOf(y.to)) continue;
      const [px, py] = prefixes(x.on[0]![0].toLowerCase(), y.on[0]![0].toLowerCase());
      const role = (p: string, r: Relationship) =>
        ACTING.test(p)
          ? { acting: r.to, actingColumn: r.on[0]![0] }
          : RECEIVING.test(p)
            ? { receiving: r.to, receivingColumn: r.on[0]![0] }
            : {};
      const both = { ...role(px, x), ...role(py, y) };
      let stem = 0;
      while (stem < px.length && px[stem] === py[stem]) stem++;
      if (both.acting && both.receiving && stem >= 3)
        found.push({
          acting: both.acting,
          receiving: both.receiving,
          stem: px.slice(0, stem),
          table: tableOf(x.to)!,
          columns: { acting: both.actingColumn!, receiving: both.receivingColumn! },
        });
    }
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The partial query with each filter reached only through a linking table held to the role the voice names;
 * a string when the voice names no role (the refusal); undefined when this is not such a question. `unread`: the
 * one word the general reading left ("how many patents does Ann cite": a count of the thing, the verb unread),
 * then the count is of the members on the other side of the rows held to that role, each once.
 */
export function heldToRole(
  question: string,
  model: SemanticModel,
  partial: SemanticQuery,
  unread: string[] = [],
): { query: SemanticQuery; column: string } | string | undefined {
  const entityOfMetric = (m: string) => model.measures.find((x) => x.name === m)?.entity;
  const entities = new Set(partial.metrics.map(entityOfMetric));
  const [entity] = [...entities];
  if (entities.size !== 1 || !entity || unread.length > 1) return undefined;
  const { metrics: _m, filters, metric_filters, order, share_of_total, group_by, ...rest } = partial;
  const extra = Object.entries(rest).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0));
  if (group_by.length || order.length || metric_filters.length || share_of_total.length || extra.length || !filters.length)
    return undefined;
  const tableOf = (e: string) => model.entities.find((x) => x.name === e)?.table;
  const pairs = unread.length ? model.entities.map((e) => e.name).filter((e) => rolesOf(model, e)?.table === tableOf(entity)) : [entity];
  const pair = pairs.length === 1 ? pairs[0]! : undefined;
  const roles = pair ? rolesOf(model, pair) : undefined;
  if (!pair || !roles) return undefined;
  if (unread.length && (partial.metrics.length !== 1 || model.measures.find((m) => m.name === partial.metrics[0])?.agg !== 'count'))
    return undefined;
  const graph = joinGraph(model);
  const entityOfDim = (d: string) => model.dimensions.find((x) => x.name === d)?.entity;
  if (filters.some((f) => f.op !== 'eq' && f.op !== 'in')) return undefined;
  // each filter on the thing itself (the model reaches it in one role only) or on something reached through a linking table
  const sides = new Set([roles.acting, roles.receiving]);
  const through = (e: string | undefined) => !!e && (sides.has(e) || !graph.path(pair, e));
  if (!filters.every((f) => through(entityOfDim(f.dimension)))) return undefined;

  const tokens = tokenize(normalise(question).toLowerCase()).map((t) => t.lower);
  // a count asked for ("which patents cite Ann" lists patents: no count of rows answers it)
  const counting = tokens.some((w, k) => (w === 'how' && tokens[k + 1] === 'many') || (w === 'number' && tokens[k + 1] === 'of'));
  if (!counting) return undefined;
  const forms = tokens.map((w, k) => ({ k, end: w.startsWith(roles.stem) ? w.slice(roles.stem.length) : undefined }));
  const said = forms.filter((f) => f.end !== undefined && (VERB_FORMS.has(f.end) || ACT_NOUNS.has(f.end)));
  if (said.length !== 1) return undefined;
  const { k: v, end } = said[0]!;
  if (unread.length && (unread[0] !== tokens[v] || ACT_NOUNS.has(end!))) return undefined;
  // where the named members are: each before the verb or after it
  const at = filters.flatMap((f) => f.values.map((value) => indexOfPhrase(tokens, String(value).toLowerCase())));
  if (at.some((k) => k < 0)) return undefined;
  const before = at.every((k) => k < v);
  const after = at.every((k) => k > v);
  const named = filters.flatMap((f) => f.values.map(String)).join(', ');
  const own = filters.every((f) => sides.has(entityOfDim(f.dimension)!));
  const undecided =
    `"${tokens[v]}" does not say which side of each ${pair.replace(/_/g, ' ')} row is meant: the rows whose ` +
    `"${roles.columns.acting}" is ${own ? named : `a ${roles.table.replace(/_/g, ' ')} of ${named}`}, or those whose "${roles.columns.receiving}" is.`;
  let role: string | undefined;
  if (ACT_NOUNS.has(end!)) role = roles.receiving;
  else if (end === 'ed' || end === 'd') {
    const aux = tokens
      .slice(0, v)
      .reverse()
      .find((w) => BE.has(w) || HAVE.has(w));
    if (!aux) return undefined;
    if (BE.has(aux)) role = before && tokens[v + 1] !== 'by' ? roles.receiving : undefined;
    else role = before ? roles.acting : after ? roles.receiving : undefined;
  } else if (BEFORE_NOUN.has(tokens[v - 1] ?? '')) role = undefined;
  else role = before ? roles.acting : after ? roles.receiving : undefined;
  if (!role) return undecided;
  const held = { filter_roles: filters.map((f) => ({ dimension: f.dimension, role })) };
  const column = role === roles.acting ? roles.columns.acting : roles.columns.receiving;
  if (!unread.length) return { query: { ...partial, ...held }, column };
  const counted = role === roles.acting ? roles.receiving : roles.acting;
  const label = model.measures.find((m) => m.name === partial.metrics[0])?.label;
  const distinct = { name: `${counted}_distinct`, entity: counted, through: pair, ...(label ? { label } : {}) };
  return { query: { ...partial, ...held, metrics: [], distinct_counts: [distinct] }, column };
}

function indexOfPhrase(tokens: string[], phrase: string): number {
  const words = tokenize(normalise(phrase).toLowerCase()).map((t) => t.lower);
  for (let k = 0; k + words.length <= tokens.length; k++) if (words.every((w, i) => tokens[k + i] === w)) return k;
  return -1;
}

/**
 * A relation between members of one thing kept as pairs in a table of their own: "which states border
 * Ohio", "states bordering Ohio", "how many towns are connected to Leeds", "the neighbouring parishes of
 * Ashby", "what borders Ohio". The table refers to the thing by one column (its one relationship) and
 * names the other member of each pair in a column the relation word names (`border`, `neighbour_town`,
 * `connected_to`); the answer is that other column of the pairs the named member is in.
 *
 * Adjacency is symmetric, and a table may keep each pair once: the member named must be stored in one
 * of the two columns only (the value index says which), and the answer is the other column of those
 * pairs; named in both (or in a column whose values are not all indexed) the pairs kept the other way
 * round would be missed, and there is no reading. Tried when the general rules refused.
 */
import type { SemanticModel } from '../semantic/model.js';
import type { DimensionFilter, SemanticQuery } from '../semantic/query.js';
import { MAX_INDEXED_VALUES } from '../semantic/values.js';
import { getLexicon } from './lexicon.js';
import { linkQuestion, nameTokens } from './linking.js';
import { normalise, tokenize, verbOf } from './text.js';
import type { InterpretContext, Interpretation } from './types.js';
import { columnOf } from './units.js';

/** Words of adjacency (general English); each group is one relation, read both ways. */
const ADJACENCY: readonly (readonly string[])[] = [
  ['border', 'adjacent', 'adjoin', 'neighbour', 'neighbor', 'abut'],
  ['connect', 'connected'],
];
/** Words that ask or point, and carry nothing a query holds. */
const OPENERS = new Set([
  'what',
  'which',
  'are',
  'is',
  'the',
  'list',
  'show',
  'give',
  'me',
  'find',
  'name',
  'tell',
  'return',
  'all',
  'display',
  'get',
  'please',
]);
/** Between the thing and the relation word ("states that border"), and after it ("adjacent to", "neighbours of"). */
const RELATIVE = new Set(['that', 'which', 'who', 'are', 'is']);
const PREPOSITIONS = new Set(['of', 'to', 'for', 'with', 'on']);

function groupOf(word: string): readonly string[] | undefined {
  const base = verbOf(word) ?? word;
  return ADJACENCY.find((g) => g.includes(word) || g.includes(base));
}

interface PairTable {
  table: string;
  /** The dimension of the column referring to the thing, and of the column naming the other member. */
  own: string;
  other: string;
  thing: string;
}

/** The pair tables whose other column a relation word names: one relationship to the thing, the other column text. */
function pairTables(model: SemanticModel, group: readonly string[]): PairTable[] {
  const out: PairTable[] = [];
  for (const d of model.dimensions) {
    const col = columnOf(d.sql);
    if (!col || d.type !== 'string' || !nameTokens(col).some((w) => groupOf(w) === group)) continue;
    const rels = model.relationships.filter((r) => r.from === d.entity);
    if (rels.length !== 1 || rels[0]!.on.length !== 1 || rels[0]!.to === d.entity) continue;
    const [from] = rels[0]!.on[0]!;
    if (from === col) continue;
    const own = model.dimensions.find((x) => x.entity === d.entity && x.type === 'string' && columnOf(x.sql) === from);
    if (own) out.push({ table: d.entity, own: own.name, other: d.name, thing: rels[0]!.to });
  }
  return out;
}

export function readPairRelation(question: string, ctx: InterpretContext): Extract<Interpretation, { kind: 'query' }> | undefined {
  const { model } = ctx;
  const tokens = tokenize(normalise(question).trim());
  while (tokens.length && ['?', '.', '!'].includes(tokens[tokens.length - 1]!.lower)) tokens.pop();
  const at = tokens.map((t, k) => (groupOf(t.lower) ? k : -1)).filter((k) => k >= 0);
  if (at.length !== 1) return undefined;
  const r = at[0]!;
  const tables = pairTables(model, groupOf(tokens[r]!.lower)!);
  if (tables.length !== 1) return undefined;
  const pair = tables[0]!;
  const lex = getLexicon(model, ctx.values);
  // (linked on each side of the relation word: "parishes border" may be a phrase of the pairs' own table)
  const links = [
    ...linkQuestion(tokens.slice(0, r), lex),
    ...linkQuestion(tokens.slice(r + 1), lex).map((c) => ({ ...c, i: c.i + r + 1, j: c.j + r + 1 })),
  ];

  // the member named: one value, at the end, stored in exactly one of the two columns
  const named = links.filter((c) => c.kind === 'value' && c.j === tokens.length && (c.target === pair.own || c.target === pair.other));
  const start = Math.min(...named.map((c) => c.i));
  if (!named.length || named.some((c) => c.i !== start) || start <= r) return undefined;
  const phrase = tokens
    .slice(start)
    .map((t) => t.lower)
    .join(' ');
  const stored = (dim: string) => lex.valueIndex.get(dim)?.get(phrase);
  const complete = (dim: string) => (ctx.values.get(dim)?.length ?? MAX_INDEXED_VALUES) < MAX_INDEXED_VALUES;
  if (!complete(pair.own) || !complete(pair.other) || !!stored(pair.own) === !!stored(pair.other)) return undefined;
  const [by, shown] = stored(pair.own) ? [pair.own, pair.other] : [pair.other, pair.own];

  // before it: openers, "how many", the thing (before or after the relation word), a relative word, a preposition
  let count = false;
  let thingSaid = false;
  for (let k = 0; k < start; k++) {
    const t = tokens[k]!;
    if (k === r) continue;
    if (t.lower === 'how' && tokens[k + 1]?.lower === 'many' && k + 2 < r) {
      count = true;
      k++;
      continue;
    }
    const thing = links.find((c) => c.i === k && c.kind === 'entity' && c.target === pair.thing);
    if (thing && !thingSaid) {
      thingSaid = true;
      k = thing.j - 1;
      continue;
    }
    if (k < r ? OPENERS.has(t.lower) || (thingSaid && RELATIVE.has(t.lower)) : PREPOSITIONS.has(t.lower) && k === start - 1) continue;
    return undefined;
  }
  if (count && !thingSaid) return undefined;

  const value = stored(by)!;
  const filters: DimensionFilter[] = [{ dimension: by, op: 'eq', values: [value] }];
  const label = (d: string) => model.dimensions.find((x) => x.name === d)?.label ?? d;
  const notes = [
    `Read as pairs of ${pair.thing.replace(/_/g, ' ')} kept in ${pair.table.replace(/_/g, ' ')}: the ${label(shown)} of the pairs whose ${label(by)} is ${value} (${value} is never stored as the ${label(shown)}, so no pair is kept the other way round).`,
  ];
  const query: SemanticQuery = {
    metrics: [],
    group_by: count ? [] : [{ dimension: shown }],
    filters,
    metric_filters: [],
    order: [],
    share_of_total: [],
    ...(count
      ? {
          distinct_counts: [
            { name: `${shown}_count`, entity: pair.table, dimension: shown, label: `Number of different ${label(shown).toLowerCase()}` },
          ],
        }
      : {}),
  };
  return { kind: 'query', query, confidence: 0.8, notes, followUp: false };
}

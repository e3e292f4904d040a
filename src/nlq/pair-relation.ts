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
 *
 * Said with the subject first ("how many parishes does Ashby border", "the regions the Tees flows through"), the
 * relation word may also be a verb of extent (`extentVerb`) naming a thing's own column of the places it passes
 * (`traverse`, `crosses`): that column of the member named, listed or counted (`readOthersOfSubject`).
 */
import type { SemanticModel } from '../semantic/model.js';
import type { DimensionFilter, SemanticQuery } from '../semantic/query.js';
import { MAX_INDEXED_VALUES } from '../semantic/values.js';
import { getLexicon, type Lexicon } from './lexicon.js';
import { memberDimension } from './members.js';
import { EXTENT_PARTICLES, extentNeedsParticle, extentVerb, linkQuestion, namesExtent, nameTokens } from './linking.js';
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
  return readOtherMemberOf(question, ctx) ?? readOthersOfSubject(question, ctx);
}

function readOtherMemberOf(question: string, ctx: InterpretContext): Extract<Interpretation, { kind: 'query' }> | undefined {
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
  const query = othersOfMember(model, pair.table, shown, filters, count);
  return { kind: 'query', query, confidence: 0.8, notes, followUp: false };
}

/**
 * A relation column and the thing whose member it is said of: a pair table's other column (`border`: symmetric, the
 * member named may be stored in either column), or the column of the places a thing passes (`traverse` of a river:
 * said of the river, named in its own naming column).
 */
interface RelationColumn {
  table: string;
  own: string;
  other: string;
  /** The thing the subject is a member of. */
  subject: string;
  symmetric: boolean;
}

/** The relation columns a relation word names: pair tables for a word of adjacency, a thing's own column for a verb of extent. */
function relationColumns(model: SemanticModel, lex: Lexicon, word: string): RelationColumn[] {
  const group = groupOf(word);
  if (group)
    return pairTables(model, group).map((p) => ({ table: p.table, own: p.own, other: p.other, subject: p.thing, symmetric: true }));
  if (!extentVerb(word)) return [];
  return model.dimensions
    .filter((d) => d.type === 'string' && namesExtent(columnOf(d.sql) ?? ''))
    .flatMap((d) => {
      const own = memberDimension(lex, model, d.entity);
      return own && own !== d.name ? [{ table: d.entity, own, other: d.name, subject: d.entity, symmetric: false }] : [];
    });
}

/**
 * "how many regions does the Tees flow through", "which towns does Ashby border", "the regions the Tees runs
 * through", "regions through which the Tees runs", "Ashby borders how many parishes": the subject named (one member, by
 * its value), the others it relates to asked for (the relation column of its rows), listed or counted. A verb of
 * extent asks for the places its column names: the thing said ("regions") must be the one whose names the column
 * holds, where it holds any thing's names; a word of adjacency asks for members of the subject's own thing.
 */
function readOthersOfSubject(question: string, ctx: InterpretContext): Extract<Interpretation, { kind: 'query' }> | undefined {
  const { model } = ctx;
  const tokens = tokenize(normalise(question).trim());
  while (tokens.length && ['?', '.', '!'].includes(tokens[tokens.length - 1]!.lower)) tokens.pop();
  const at = tokens.map((t, k) => (groupOf(t.lower) || extentVerb(t.lower) ? k : -1)).filter((k) => k >= 0);
  if (at.length !== 1) return undefined;
  const r = at[0]!;
  const word = tokens[r]!.lower;
  const lex = getLexicon(model, ctx.values);
  const columns = relationColumns(model, lex, word);
  if (columns.length !== 1) return undefined;
  const rel = columns[0]!;
  const links = [
    ...linkQuestion(tokens.slice(0, r), lex),
    ...linkQuestion(tokens.slice(r + 1), lex).map((c) => ({ ...c, i: c.i + r + 1, j: c.j + r + 1 })),
  ];
  const lower = (k: number) => tokens[k]?.lower ?? '';
  const entityAt = (k: number) => links.find((c) => c.i === k && c.kind === 'entity');

  // after the relation word: its particle (needed by "runs through", none after "crosses" or "borders"), then the end,
  // "it", or "how many <thing>"
  let e = r + 1;
  const verb = extentVerb(word);
  // ("the regions through which the Tees runs": the particle stands before "which")
  const particleBefore = tokens.slice(0, r).some((t, k) => EXTENT_PARTICLES.has(t.lower) && ['which', 'what'].includes(lower(k + 1)));
  if (EXTENT_PARTICLES.has(lower(e))) e++;
  else if (verb && extentNeedsParticle(verb) && !particleBefore) return undefined;
  let count = false;
  let asked: string | undefined;
  if (lower(e) === 'how' && lower(e + 1) === 'many' && entityAt(e + 2)?.j === tokens.length) {
    count = true;
    asked = entityAt(e + 2)!.target;
    e = tokens.length;
  } else if (lower(e) === 'it') e++;
  if (e !== tokens.length) return undefined;

  // before it: openers, "how many" or which/what and the thing asked (unless asked after), the subject named, and
  // what binds them ("does", "that", "through which")
  let k = 0;
  while (k < r && OPENERS.has(lower(k)) && !['what', 'which'].includes(lower(k))) k++;
  if (!asked) {
    // ("through which regions does the Tees run")
    const particleFirst = !!verb && EXTENT_PARTICLES.has(lower(k)) && ['which', 'what'].includes(lower(k + 1));
    if (particleFirst) k++;
    if (lower(k) === 'how' && lower(k + 1) === 'many') {
      count = true;
      k += 2;
      if (['different', 'distinct'].includes(lower(k))) k++;
    } else if (['what', 'which'].includes(lower(k))) {
      k++;
      if (['are', 'is'].includes(lower(k)) && lower(k + 1) === 'the') k++;
    }
    if (lower(k) === 'the' && !count) k++;
    const thing = entityAt(k);
    if (!thing) return undefined;
    asked = thing.target;
    k = thing.j;
    if (EXTENT_PARTICLES.has(lower(k)) && lower(k + 1) === 'which' && verb) k += 2;
    else if (['do', 'does', 'did', 'that', 'which'].includes(lower(k))) k++;
  }
  if (lower(k) === 'the') k++;
  // the subject: one member of the relation's own thing, by a value of the column naming it (of either column, for pairs)
  const named = links.filter(
    (c) => c.i === k && c.kind === 'value' && (c.target === rel.own || (rel.symmetric && c.target === rel.other)) && c.j <= r,
  );
  const end = Math.max(...named.map((c) => c.j));
  if (!named.length) return undefined;
  const phrase = tokens
    .slice(k, end)
    .map((t) => t.lower)
    .join(' ');
  const subjectNoun = entityAt(end);
  const after = subjectNoun?.target === rel.subject ? subjectNoun.j : end;
  if (after !== r) return undefined;

  const stored = (dim: string) => lex.valueIndex.get(dim)?.get(phrase);
  let [by, shown] = [rel.own, rel.other];
  if (rel.symmetric) {
    // (pairs may be kept one way round: the member must be stored on one side only, as in the value-last reading)
    const complete = (dim: string) => (ctx.values.get(dim)?.length ?? MAX_INDEXED_VALUES) < MAX_INDEXED_VALUES;
    if (!complete(rel.own) || !complete(rel.other) || !!stored(rel.own) === !!stored(rel.other)) return undefined;
    if (stored(rel.other)) [by, shown] = [rel.other, rel.own];
    if (asked !== rel.subject) return undefined;
  } else if (!placesOf(model, lex, ctx, rel, asked)) return undefined;
  const value = stored(by);
  if (!value) return undefined;

  const label = (d: string) => model.dimensions.find((x) => x.name === d)?.label ?? d;
  const query = othersOfMember(model, rel.table, shown, [{ dimension: by, op: 'eq', values: [value] }], count);
  const notes = [`Read "${word}" as the ${label(shown)} of the ${rel.table.replace(/_/g, ' ')} rows whose ${label(by)} is ${value}.`];
  return { kind: 'query', query, confidence: 0.8, notes, followUp: false };
}

/**
 * Whether the places a column of extent holds may be called members of `asked`: another thing than the one passing,
 * and the column holding names of its members, or of no thing's (a column of towns is never the regions passed).
 */
function placesOf(model: SemanticModel, lex: Lexicon, ctx: InterpretContext, rel: RelationColumn, asked: string): boolean {
  if (asked === rel.subject) return false;
  const held = ctx.values.get(rel.other) ?? [];
  const namesOf = (entity: string) => {
    const dim = memberDimension(lex, model, entity);
    const names = dim ? lex.valueIndex.get(dim) : undefined;
    return !!names && held.some((v) => names.has(v.toLowerCase()));
  };
  return namesOf(asked) || !model.entities.some((e) => e.name !== rel.subject && namesOf(e.name));
}

/** The values of `shown` in the rows `filters` keep: listed, or their distinct count. */
function othersOfMember(model: SemanticModel, table: string, shown: string, filters: DimensionFilter[], count: boolean): SemanticQuery {
  const label = model.dimensions.find((x) => x.name === shown)?.label ?? shown;
  return {
    metrics: [],
    group_by: count ? [] : [{ dimension: shown }],
    filters,
    metric_filters: [],
    order: [],
    share_of_total: [],
    ...(count
      ? {
          distinct_counts: [
            { name: `${shown}_count`, entity: table, dimension: shown, label: `Number of different ${label.toLowerCase()}` },
          ],
        }
      : {}),
  };
}

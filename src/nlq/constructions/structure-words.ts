/**
 * Structure words: what a user of an unfamiliar database says about the data's own structure rather
 * than about the data — "in the database", "in the fares table", "based on joining the customers and
 * sales tables", "by doing a left join from the salespersons to the sales table". They add nothing
 * to the query; they only describe how it reads the data. So they are taken out of the question
 * before it is analysed, and consumed only when what they say holds of the query that was built:
 * - "in/from the database" names no table: it says "all of the data";
 * - "in/from the X table" names a table the query reads;
 * - "(based on / by) joining the A, B and C tables" names exactly the tables the query reads (the
 *   ones its joins pass through included);
 * - "a left join from A to B" with the members of A that have no B (the condition "no B rows")
 *   is exactly the query's one condition on A (its count of B equal to 0) over A and B alone.
 * - "(give the answer) as an integer", "as a whole number": every figure of the query is a count
 *   already (nothing is rounded: an average or a ratio keeps the words unconsumed).
 * A table named that the query does not read, a join over other tables, a left join that is not
 * the query's "none" condition, or a name that is no table of the model: the words are not
 * consumed and the question is refused, naming them.
 */
import { joinGraph } from '../../semantic/graph.js';
import type { SemanticModel } from '../../semantic/model.js';
import { anyOfFilters, nestedConditions, type SemanticQuery } from '../../semantic/query.js';
import { dimensionOfEntity } from '../analyse.js';
import type { Lexicon } from '../lexicon.js';
import { entriesOf, type Item } from '../spans.js';

export interface StructurePhrase {
  kind: 'database' | 'table' | 'join' | 'whole';
  /** The words of the phrase, taken out of the question. */
  items: Item[];
  /** The tables (entities) it names, in order. */
  tables: string[];
  /** A left join: from the first table to the second. */
  left?: boolean;
}

const DATABASE_WORDS = new Set(['database', 'databases', 'db', 'schema']);
const TABLE_WORDS = new Set(['table', 'tables']);
const JOIN_WORDS = new Set(['join', 'joining', 'joined', 'joins']);
/** Before "joining" / "a left join": how it is done ("based on", "by doing", "using", "via"). */
const JOIN_LEAD = new Set([
  'based',
  'on',
  'by',
  'doing',
  'using',
  'use',
  'with',
  'via',
  'through',
  'after',
  'performing',
  'a',
  'an',
  'inner',
  'left',
  'outer',
]);
/** Between the tables a join names. */
const TABLE_SEPARATORS = new Set([',', 'and', 'with', 'to', 'from', 'of', 'between', 'on', 'the', '&']);
const PREPOSITIONS = new Set(['in', 'from', 'of', 'across', 'within', 'inside', 'throughout']);
const DETERMINERS = new Set(['the', 'this', 'our', 'entire', 'whole', 'full', 'given']);

/** "give (me) the answer as an integer": the verb and what it gives, before "as". */
const GIVE_VERBS = new Set(['give', 'return', 'show', 'express', 'provide', 'report', 'output', 'present', 'display']);
const GIVEN_THINGS = new Set([
  'answer',
  'answers',
  'result',
  'results',
  'count',
  'counts',
  'number',
  'numbers',
  'value',
  'values',
  'figure',
  'it',
  'them',
]);

/** The number of items of "as an integer", "as a whole number", "as integers" at `k` (0 when none). */
function asWhole(items: Item[], k: number): number {
  const w = (p: number) => (items[p]?.kind === 'word' || items[p]?.kind === 'kw' ? items[p]!.lower : '');
  if (w(k) !== 'as') return 0;
  if (w(k + 1) === 'integers') return 2;
  if (w(k + 1) === 'an' && w(k + 2) === 'integer') return 3;
  if (w(k + 1) === 'whole' && w(k + 2) === 'numbers') return 3;
  if (w(k + 1) === 'a' && w(k + 2) === 'whole' && w(k + 3) === 'number') return 4;
  return 0;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
const singular = (s: string) => (s.endsWith('ies') ? `${s.slice(0, -3)}y` : s.endsWith('s') && !s.endsWith('ss') ? s.slice(0, -1) : s);

/** The entity a run of words names as a table: its name, its table or a synonym, or the one entity of one model phrase. */
function tableNamed(model: SemanticModel, lex: Lexicon, run: Item[]): string | undefined {
  if (!run.length) return undefined;
  const text = norm(run.map((it) => it.text).join(' '));
  const forms = new Set([text, singular(text)]);
  const byName = model.entities.filter((e) =>
    [e.name, (e.table ?? e.name).split('.').pop() ?? e.name, ...(e.synonyms ?? [])].some(
      (n) => forms.has(norm(n)) || forms.has(singular(norm(n))),
    ),
  );
  if (byName.length === 1) return byName[0]!.name;
  if (byName.length > 1 || run.length !== 1 || run[0]!.kind !== 'lex') return undefined;
  const it = run[0]!;
  const found = new Set<string>();
  for (const e of entriesOf(it, 'entity')) found.add(e.target);
  if (!found.size) {
    for (const e of entriesOf(it, 'dimension')) {
      const d = lex.dimensions.get(e.target);
      if (d && dimensionOfEntity(lex, d.entity) === d.name) found.add(d.entity);
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** Splits the words naming tables ("the salespersons, sales and payments received") into runs, one per table. */
function tablesOf(model: SemanticModel, lex: Lexicon, words: Item[]): string[] | undefined {
  const runs: Item[][] = [[]];
  for (const it of words) {
    if ((it.kind === 'word' || it.kind === 'punct') && (TABLE_SEPARATORS.has(it.lower) || TABLE_WORDS.has(it.lower))) {
      if (runs[runs.length - 1]!.length) runs.push([]);
    } else runs[runs.length - 1]!.push(it);
  }
  const named = runs.filter((r) => r.length).map((r) => tableNamed(model, lex, r));
  return named.length && named.every((x): x is string => !!x) ? named : undefined;
}

/**
 * Finds the structure phrases of a question and takes them out of its items (which it edits in
 * place). What is not read as one (a name that is no table) stays in the question.
 */
export function takeStructureWords(items: Item[], model: SemanticModel, lex: Lexicon): StructurePhrase[] {
  const out: StructurePhrase[] = [];
  const word = (k: number) => (items[k]?.kind === 'word' || items[k]?.kind === 'punct' ? items[k]!.lower : undefined);
  for (let k = 0; k < items.length; k++) {
    const w = word(k);
    if (!w) continue;
    // "give the answer as an integer", "..., as a whole number"
    const whole = asWhole(items, k);
    if (whole) {
      let b = k - 1;
      if (GIVEN_THINGS.has(items[b]?.lower ?? '')) {
        let v = b - 1;
        while (v >= 0 && ['the', 'your', 'this', 'me', 'us', 'please'].includes(items[v]!.lower)) v--;
        if (GIVE_VERBS.has(items[v]?.lower ?? '')) b = v - 1;
      }
      out.push({ kind: 'whole', items: items.slice(b + 1, k + whole), tables: [] });
      items.splice(b + 1, k + whole - b - 1);
      k = b;
      continue;
    }
    // "in the database"
    if (DATABASE_WORDS.has(w) && !TABLE_WORDS.has(word(k + 1) ?? '')) {
      let b = k - 1;
      while (b >= 0 && DETERMINERS.has(word(b) ?? '')) b--;
      if (b < k - 1 && PREPOSITIONS.has(word(b) ?? '')) {
        out.push({ kind: 'database', items: items.slice(b, k + 1), tables: [] });
        items.splice(b, k + 1 - b);
        k = b - 1;
      }
      continue;
    }
    // "joining the A and B tables", "a left join from the A table to the B table"
    if (JOIN_WORDS.has(w)) {
      let b = k - 1;
      // ("by" is a grouping keyword elsewhere: here it leads the join)
      while (b >= 0 && items[b]!.kind !== 'lex' && JOIN_LEAD.has(items[b]!.lower)) b--;
      const lead = items.slice(b + 1, k);
      const left = lead.some((it) => it.lower === 'left' || it.lower === 'outer');
      // the tables: up to the last "table(s)" word of the clause, or to its end
      let stop = k + 1;
      while (stop < items.length && !(items[stop]!.kind === 'punct' && items[stop]!.lower !== ',')) stop++;
      let end = -1;
      for (let e = k + 1; e < stop; e++) if (TABLE_WORDS.has(word(e) ?? '')) end = e;
      // "customers who joined the club" is no join of tables: without "table(s)" the lead must say so
      // ("based on joining", "by doing a left join", "using an inner join")
      if (
        end < 0 &&
        !lead.some((it) => ['based', 'by', 'using', 'via', 'left', 'inner', 'outer', 'doing', 'performing'].includes(it.lower))
      )
        continue;
      if (end < 0) end = stop - 1;
      if (end <= k) continue;
      const tables = tablesOf(model, lex, items.slice(k + 1, end + 1));
      if (!tables || (left && tables.length !== 2)) continue;
      // a left join says its direction: "from A to B" (or "of A and B": the first named first)
      out.push({ kind: 'join', items: items.slice(b + 1, end + 1), tables, left });
      items.splice(b + 1, end - b);
      k = b;
      continue;
    }
    // "in the fares table", "from the sales tables"
    if (TABLE_WORDS.has(w)) {
      let b = k - 1;
      while (
        b >= 0 &&
        (items[b]!.kind === 'lex' ||
          (items[b]!.kind === 'word' &&
            !DETERMINERS.has(items[b]!.lower) &&
            !PREPOSITIONS.has(items[b]!.lower) &&
            !TABLE_SEPARATORS.has(items[b]!.lower)) ||
          [',', 'and'].includes(word(b) ?? ''))
      )
        b--;
      const names = items.slice(b + 1, k);
      while (b >= 0 && DETERMINERS.has(word(b) ?? '')) b--;
      if (!PREPOSITIONS.has(word(b) ?? '') || !names.length) continue;
      const tables = tablesOf(model, lex, names);
      if (!tables) continue;
      out.push({ kind: 'table', items: items.slice(b, k + 1), tables });
      items.splice(b, k + 1 - b);
      k = b - 1;
    }
  }
  return out;
}

/**
 * The entities a query reads: those of its metrics, breakdowns, filters and conditions, and those
 * its joins pass through. Undefined when one of its parts names no entity (it cannot be checked).
 */
export function entitiesRead(model: SemanticModel, lex: Lexicon, q: SemanticQuery): Set<string> | undefined {
  const graph = joinGraph(model);
  const ofDim = (d: string) => lex.dimensions.get(d)?.entity ?? model.time_dimensions.find((t) => t.name === d)?.entity;
  const ofMetric = (m: string) => lex.metrics.get(m)?.entity;
  const roots = [
    ...q.metrics.map(ofMetric),
    ...(q.subset_metrics ?? []).map((s) => ofMetric(s.metric)),
    ...(q.entity_conditions ?? []).map((c) => ofMetric(c.metric)),
    ...(q.per_entity_averages ?? []).map((p) => ofMetric(p.metric)),
    ...(q.distinct_counts ?? []).map((d) => d.through ?? d.entity),
    ...(q.ratios ?? []).flatMap((r) => [ofMetric(r.numerator.metric), ofMetric(r.denominator.metric)]),
    ...(q.period_counts ?? []).map((p) => ofMetric(p.metric)),
    ...(q.durations ?? []).map((x) => ofDim(x.from)),
  ];
  const targets = [
    ...q.group_by.map((g) => ofDim(g.dimension)),
    ...q.filters.map((f) => ofDim(f.dimension)),
    ...anyOfFilters(q).map((f) => ofDim(f.dimension)),
    ...(q.time_range?.dimension ? [ofDim(q.time_range.dimension)] : []),
    // a period dates each metric by its own time dimension (of the order, of the shipment)
    ...(q.time_range && !q.time_range.dimension
      ? q.metrics
          .map((m) => lex.metrics.get(m)?.timeDimension)
          .filter((t): t is string => !!t)
          .map(ofDim)
      : []),
    ...(q.entity_conditions ?? []).map((c) => c.entity),
    ...(q.per_entity_averages ?? []).map((p) => p.entity),
    ...(q.distinct_counts ?? []).map((d) => d.entity),
    ...(q.subset_metrics ?? []).flatMap((s) => (s.filters ?? []).map((f) => ofDim(f.dimension))),
    ...(q.entity_conditions ?? []).flatMap((c) => (c.filters ?? []).map((f) => ofDim(f.dimension))),
  ];
  const read = readThrough(graph, roots, targets);
  // a condition nested in a condition ("papers in domain A" of authors who wrote them) reads from its own rows
  for (const c of nestedConditions(q.entity_conditions)) {
    const own = readThrough(graph, [ofMetric(c.metric)], [c.entity, ...(c.filters ?? []).map((f) => ofDim(f.dimension))]);
    if (!read || !own) return undefined;
    for (const e of own) read.add(e);
  }
  return read;
}

/** The entities read from the roots to the targets through their joins; undefined when one does not reach another. */
function readThrough(
  graph: ReturnType<typeof joinGraph>,
  roots: (string | undefined)[],
  targets: (string | undefined)[],
): Set<string> | undefined {
  if ([...roots, ...targets].some((x) => !x)) return undefined;
  const rs = (roots.length ? roots : targets) as string[];
  const read = new Set<string>([...rs, ...(targets as string[])]);
  for (const a of rs)
    for (const t of targets as string[]) {
      const hops = graph.path(a, t) ?? graph.path(t, a);
      if (!hops && a !== t) return undefined;
      for (const h of hops ?? []) read.add(h.from).add(h.to);
    }
  return read;
}

/**
 * Whether what the structure phrases say holds of the query: undefined when it does (their words are
 * consumed), else why not.
 */
export function checkStructure(
  model: SemanticModel,
  lex: Lexicon,
  q: SemanticQuery,
  phrases: StructurePhrase[],
  notes: string[],
): string | undefined {
  const words = (p: StructurePhrase) => `"${p.items.map((it) => it.text).join(' ')}"`;
  const whole = phrases.find((p) => p.kind === 'whole');
  if (whole && !wholeFigures(lex, q))
    return `${words(whole)}: the answer is not all counts, and I do not round figures, so I did not answer rather than guess.`;
  if (!phrases.some((p) => p.kind !== 'database' && p.kind !== 'whole')) return undefined;
  const read = entitiesRead(model, lex, q);
  if (!read)
    return `I could not check ${phrases.map(words).join(', ')} against the tables the answer reads, so I did not answer rather than guess.`;
  for (const p of phrases) {
    if (p.kind === 'table') {
      const missing = p.tables.filter((t) => !read.has(t));
      if (missing.length)
        return `The answer does not read the ${missing.join(', ')} table that ${words(p)} names, so I did not answer rather than guess.`;
    } else if (p.kind === 'join') {
      const named = new Set(p.tables);
      const same = named.size === read.size && [...named].every((t) => read.has(t));
      if (!same)
        return `${words(p)} joins ${[...named].join(', ')}, but the answer reads ${[...read].join(', ')}: I did not answer rather than guess.`;
      if (p.left) {
        // the members of the first table with no rows in the second: the query's one condition
        const [from, to] = p.tables as [string, string];
        const conds = q.entity_conditions ?? [];
        const none =
          conds.length === 1 &&
          conds[0]!.entity === from &&
          ofCount(lex, conds[0]!.metric) === to &&
          ((conds[0]!.op === 'eq' && conds[0]!.value === 0) || (conds[0]!.op === 'lt' && conds[0]!.value === 1));
        if (!none || q.metrics.length || q.filters.length)
          return `${words(p)} keeps the ${from} with no ${to} rows only as "with no ${to}"; the question asks something else, so I did not answer rather than guess.`;
      }
    }
    if (p.kind === 'whole') notes.push(`${words(p)}: every figure is a count`);
    else notes.push(`${words(p)} describes how the answer reads the data (${p.tables.length ? p.tables.join(', ') : 'all of it'})`);
  }
  return undefined;
}

/** Every figure of the query is a whole number already: counts of rows, of distinct members, of periods (and one at least). */
function wholeFigures(lex: Lexicon, q: SemanticQuery): boolean {
  const counts = q.metrics.every((m) => ['count', 'count_distinct'].includes(lex.metrics.get(m)?.agg ?? ''));
  const others = [q.ratios, q.subset_metrics, q.per_entity_averages, q.durations, q.column_aggregates, q.running_totals, q.share_of_total];
  const figures = q.metrics.length + (q.distinct_counts?.length ?? 0) + (q.period_counts?.length ?? 0);
  return counts && figures > 0 && !q.comparison && others.every((x) => !x?.length);
}

/** The entity a count metric counts the rows of. */
function ofCount(lex: Lexicon, metric: string): string | undefined {
  const m = lex.metrics.get(metric);
  return m && (m.agg === 'count' || m.agg === 'count_distinct') ? m.entity : undefined;
}

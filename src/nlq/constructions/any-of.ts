/**
 * "or" between two conditions: "doctors whose first name starts with 'J' or last name contains 'son'",
 * "members in Ashby or with a plot size above 10", "whose name starts with J or ends with 'ez'". Two
 * conditions joined by "or" are never read as both (the filters of a query are AND-ed).
 *
 * An "or" between values of one dimension ("in Leeds or York") is that dimension's in-list and stays
 * so; an "or" inside a text pattern ("starting with 'A' or 'B'") is the pattern's own. An "or" right
 * between the words of two filters of the query (values, comparisons, ranges, text patterns, presence:
 * each filter's words are recorded where it is built, `noteConditionWords`) on dimensions of one entity
 * makes them one any-of group (`any_of`: a row is kept when either holds); "A or B or C" is one group
 * of three. Any other "or" in a query with two or more conditions is refused, naming it: an "or"
 * joining an entity condition, a period, a filter moved into a subset or a condition, dimensions of
 * two entities, or words that are not the two filters' own. With a third condition joined to the group
 * by a bare "and" ("A or B and C": which binds first?) it is refused too; ", and" or a condition
 * said before the group ("members in Ashby whose ... or ...") applies to the whole group. "either"
 * right before the first alternative is consumed with it. "case-insensitive" goes with a group only
 * when every member is a text pattern (they ignore case; a value would not). A negated first alternative
 * ("not in Ashby or with ...": neither?) is refused.
 */
import { anyOfFilters, isTextPatternOp, type DimensionFilter, type SemanticQuery } from '../../semantic/query.js';
import type { Analysis, ConditionWords } from '../analyse.js';
import { FILLER } from '../coverage.js';
import type { Lexicon } from '../lexicon.js';
import { entityNamedBy } from '../members.js';
import { consume, entriesOf, type Item } from '../spans.js';
import type { Construction } from './types.js';

/** Words between an "or" and what it joins that carry nothing ("in Leeds or in York", "a F or a P"). */
const SKIPPED = new Set(['a', 'an', 'the', 'in', 'of', 'from', 'at', 'on', 'to', 'for', 'by', 'with']);
const CONJUNCTIONS = new Set(['and', 'or', 'but', 'either']);
const QUOTE_MARKS = new Set(["'", '"', '‘', '’', '“', '”', '`']);

/** Every condition the query sets: each filter (an in-list is one), any-of group, entity condition, metric condition, the period. */
function conditionCount(q: SemanticQuery): number {
  const sides = (q.ratios ?? []).flatMap((r) => [r.numerator, r.denominator]);
  return (
    q.filters.length +
    (q.any_of?.length ?? 0) +
    q.metric_filters.length +
    (q.time_range ? 1 : 0) +
    (q.entity_conditions ?? []).reduce((n, c) => n + 1 + (c.filters?.length ?? 0), 0) +
    (q.subset_metrics ?? []).reduce((n, s) => n + s.filters.length, 0) +
    sides.reduce((n, x) => n + (x.filters?.length ?? 0) + (x.conditions?.length ?? 0), 0)
  );
}

/** Every dimension filter of the query, wherever it stands (its own, a group's, a subset's, a condition's, a ratio side's). */
function everyFilter(q: SemanticQuery): DimensionFilter[] {
  const sides = (q.ratios ?? []).flatMap((r) => [r.numerator, r.denominator]);
  return [
    ...q.filters,
    ...anyOfFilters(q),
    ...(q.subset_metrics ?? []).flatMap((s) => s.filters),
    ...(q.entity_conditions ?? []).flatMap((c) => c.filters ?? []),
    ...sides.flatMap((x) => [...(x.filters ?? []), ...(x.conditions ?? []).flatMap((c) => c.filters ?? [])]),
  ];
}

/** The item next to the "or" on one side, past function words and commas. */
function neighbour(items: Item[], k: number, step: 1 | -1): Item | undefined {
  for (let p = k + step; p >= 0 && p < items.length; p += step) {
    const it = items[p]!;
    if (it.kind === 'punct' || (it.kind === 'word' && SKIPPED.has(it.lower))) continue;
    return it;
  }
  return undefined;
}

/** "Leeds or York": both sides are values one in-list filter of the query holds. */
function inOneList(q: SemanticQuery, left: Item | undefined, right: Item | undefined): boolean {
  if (!left || !right) return false;
  const l = entriesOf(left, 'value');
  const r = entriesOf(right, 'value');
  if (!l.length || !r.length) return false;
  return everyFilter(q).some(
    (f) =>
      ['eq', 'in', 'ne', 'not_in', 'eq_ci', 'ne_ci'].includes(f.op) &&
      l.some((e) => (e.values ?? []).some((v) => f.values.includes(v))) &&
      r.some((e) => (e.values ?? []).some((v) => f.values.includes(v))),
  );
}

/** A function word that joins nothing (never "and", "or", "not"), unless a rule consumed it for something else. */
function filler(it: Item): boolean {
  // a comma, a quote mark closing a text; never the end of a sentence
  if (it.kind === 'punct') return !['.', '?', '!', ';', ':'].includes(it.lower);
  return (it.kind === 'word' || it.kind === 'kw') && !it.consumed && FILLER.has(it.lower) && !CONJUNCTIONS.has(it.lower);
}

/** A phrase naming the dimension (and nothing else the query reads): "or priority URGENT". */
function namesDimension(lex: Lexicon, it: Item, dimension: string): boolean {
  if (it.kind !== 'lex') return false;
  const base = (d: string) => lex.dimensions.get(d)?.roleOf?.base ?? d;
  return (
    (it.entries ?? []).every((e) => (e.kind === 'dimension' || e.kind === 'time_dimension') && base(e.target) === base(dimension)) &&
    !!it.entries?.length
  );
}

interface Side {
  record: ConditionWords;
  /** The item of the record next to the "or". */
  at: number;
}

/** The filter whose words lie right next to the "or" on one side (past function words and that filter's dimension named). */
function sideOf(items: Item[], lex: Lexicon, records: ConditionWords[], k: number, step: 1 | -1): Side | undefined {
  const named: Item[] = [];
  for (let p = k + step; p >= 0 && p < items.length; p += step) {
    const it = items[p]!;
    const record = records.find((r) => r.items.includes(it));
    if (record) return named.every((n) => namesDimension(lex, n, record.dimension)) ? { record, at: p } : undefined;
    if (filler(it)) continue;
    if (it.kind === 'lex') {
      named.push(it);
      continue;
    }
    return undefined;
  }
  return undefined;
}

const sameValues = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The query's own filter built from these words (never one moved into a subset, a condition or a ratio side). */
function filterOf(q: SemanticQuery, r: ConditionWords): DimensionFilter | undefined {
  const hits = q.filters.filter((f) => f.dimension === r.dimension && sameValues(f.values, r.values));
  return hits.length === 1 ? hits[0] : undefined;
}

/** The entity whose rows a dimension or time dimension describes. */
function entityOf(lex: Lexicon, dimension: string): string | undefined {
  return lex.dimensions.get(dimension)?.entity ?? lex.timeDimensions.get(dimension)?.entity;
}

/** "case-insensitive", "case insensitively", "ignoring case", "regardless of case" somewhere in the question. */
function saysCase(items: Item[]): boolean {
  return items.some(
    (it, k) =>
      (it.lower === 'case' && /^(insensitive(ly)?|in)$/.test(items[k + 1]?.lower ?? '')) ||
      (it.lower === 'case' && ['ignoring', 'ignore', 'of'].includes(items[k - 1]?.lower ?? '')) ||
      /^case-?insensitiv/.test(it.lower),
  );
}

interface Group {
  records: ConditionWords[];
  ors: Item[];
}

export const anyOf: Construction = {
  name: 'any of',
  recognise({ items, a, lex }) {
    const ors = items.filter((it) => it.kind === 'word' && it.lower === 'or' && !it.used && !it.consumed);
    if (!ors.length) return null;
    return {
      construction: 'any of',
      apply(query, notes) {
        const records = (a as Analysis).conditionWords ?? [];
        const groups: Group[] = [];
        const refused: Item[] = [];
        for (const or of ors) {
          if (or.consumed || or.used) continue;
          const k = items.indexOf(or);
          const left = neighbour(items, k, -1);
          const right = neighbour(items, k, 1);
          // "in Leeds or York": one dimension's in-list ("in either Leeds or York"); "in 2019 or 2020": the period's own reading
          if (inOneList(query, left, right)) {
            const before = items[items.indexOf(left!) - 1];
            if (before?.kind === 'word' && before.lower === 'either' && !before.consumed) consume(before);
            continue;
          }
          if (left?.kind === 'time' && right?.kind === 'time') continue;
          const l = sideOf(items, lex, records, k, -1);
          const r = sideOf(items, lex, records, k, 1);
          // the words of one condition on both sides: its own "or"
          if (l && r && l.record === r.record) continue;
          // each side wholly on its side ("in Ashby with X or in Brompton with Y": Ashby and Brompton are one in-list across the "or")
          const whole = (rec: ConditionWords, side: 1 | -1) => rec.items.every((it) => (items.indexOf(it) - k) * side > 0);
          if (l && r && whole(l.record, -1) && whole(r.record, 1) && filterOf(query, l.record) && filterOf(query, r.record)) {
            const g = groups.find((x) => x.records.includes(l.record));
            if (g) {
              g.records.push(r.record);
              g.ors.push(or);
            } else groups.push({ records: [l.record, r.record], ors: [or] });
            continue;
          }
          if (conditionCount(query) >= 2) refused.push(or);
        }
        let q: SemanticQuery = query;
        for (const g of groups) {
          const members = g.records.map((r) => filterOf(query, r)!);
          const why = groupProblem(items, lex, query, g, members);
          if (why) {
            refused.push(...g.ors);
            notes.push(why);
            continue;
          }
          // "either A or B"
          const first = Math.min(...g.records.flatMap((r) => r.items.map((it) => items.indexOf(it))));
          const either = items.find(
            (it, p) => it.kind === 'word' && it.lower === 'either' && !it.consumed && p < items.indexOf(g.ors[0]!) && p >= first - 3,
          );
          consume(...g.ors, either);
          q = { ...q, filters: q.filters.filter((f) => !members.includes(f)), any_of: [...(q.any_of ?? []), { filters: members }] };
          // the members' own "Filter:" notes would read as both: the group's note says it
          for (const f of members) {
            const label = lex.dimensions.get(f.dimension)?.label ?? lex.timeDimensions.get(f.dimension)?.label ?? f.dimension;
            const own = notes.filter((n) => n.startsWith(`Filter: ${label} `));
            if (own.length === 1) notes.splice(notes.indexOf(own[0]!), 1);
          }
          notes.push(`Either ${members.map((f) => describe(lex, f)).join(' or ')}: a row is kept when any one of them holds`);
        }
        for (const or of refused) {
          // two conditions joined by "or": never both
          or.dropped = true;
          if (!notes.some((n) => n.startsWith('"or"')))
            notes.push(`"or" between these conditions is not supported: the query would keep only the rows that meet both`);
        }
        return q;
      },
    };
  },
};

/** Why a group cannot be answered as one any-of condition (a refusal note), or undefined. */
function groupProblem(items: Item[], lex: Lexicon, query: SemanticQuery, g: Group, members: DimensionFilter[]): string | undefined {
  const entities = new Set(members.map((f) => entityOf(lex, f.dimension)));
  if (entities.size !== 1 || entities.has(undefined))
    return `"or" between conditions on different things (${members.map((f) => describe(lex, f)).join(', ')}) is not supported`;
  if (new Set(members).size !== members.length) return `"or" joins one condition to itself: not supported`;
  // "not in Ashby or with a plot above 10": neither, or one of the two? A negation before the first alternative may cover both
  if (['ne', 'not_in', 'ne_ci', 'not_starts_with', 'not_ends_with', 'not_contains', 'not_set'].includes(members[0]!.op))
    return `"or" after a negated condition is not supported (the negation may cover both alternatives)`;
  // "A or B and C", "in Carlow with X or Y": which binds first is not said. Other conditions go with
  // the whole group only when it stands apart: from the thing it qualifies (or the start) to a comma
  // or the end ("doctors whose ... or ..., and who ...", "Texas doctors whose ... or ...").
  const positions = [...g.records.flatMap((r) => r.items), ...g.ors].map((it) => items.indexOf(it));
  const [lo, hi] = [Math.min(...positions), Math.max(...positions)];
  if (conditionCount(query) > members.length) {
    let p = lo - 1;
    while (
      p >= 0 &&
      ((filler(items[p]!) && items[p]!.kind !== 'punct') ||
        (items[p]!.kind === 'word' && items[p]!.lower === 'either') ||
        members.some((f) => namesDimension(lex, items[p]!, f.dimension)))
    )
      p--;
    const start = items[p];
    const openBefore = !!start && !entityNamedBy(lex, start) && !(start.kind === 'kw' && (start.kw === 'count' || start.kw === 'which'));
    let n = hi + 1;
    while (n < items.length && items[n]!.kind === 'punct' && QUOTE_MARKS.has(items[n]!.lower)) n++;
    const end = items[n];
    const openAfter = !!end && !(end.kind === 'punct' && !QUOTE_MARKS.has(end.lower));
    if (openBefore || openAfter)
      return `"or" beside another condition is not supported unless the alternatives stand apart: say which joins first (e.g. "... whose A or B, and C")`;
  }
  // a value filter does not ignore letter case: "case-insensitive" would not hold for it
  if (
    saysCase(items) &&
    members.some(
      (f) => !isTextPatternOp(f.op) && f.op !== 'eq_ci' && f.op !== 'ne_ci' && lex.dimensions.get(f.dimension)?.type === 'string',
    )
  )
    return `"or" with a case-insensitive match of a value is not supported`;
  return undefined;
}

function describe(lex: Lexicon, f: DimensionFilter): string {
  const label = lex.dimensions.get(f.dimension)?.label ?? lex.timeDimensions.get(f.dimension)?.label ?? f.dimension;
  if (f.op === 'is_set' || f.op === 'not_set') return `${label} ${f.op === 'is_set' ? 'has a value' : 'has no value'}`;
  return `${label} ${f.op.replace(/_/g, ' ')} ${f.values.map((v) => (typeof v === 'string' ? `"${v}"` : String(v))).join(', ')}`;
}

/**
 * A follow-up's filter on a dimension of the previous question's any-of group ("what about first names
 * starting with 'K'" after "... starting with 'J' or ..."): replace that alternative, or narrow the
 * whole group? Not said: the reason to refuse, or undefined.
 */
export function followUpOnGroup(previous: SemanticQuery, fragment: SemanticQuery, lex: Lexicon): string | undefined {
  const dims = new Set(anyOfFilters(previous).map((f) => f.dimension));
  const hit = fragment.filters.find((f) => dims.has(f.dimension));
  if (!hit) return undefined;
  const label = lex.dimensions.get(hit.dimension)?.label ?? lex.timeDimensions.get(hit.dimension)?.label ?? hit.dimension;
  return `The previous question had alternatives ("or") on ${label}: should the new condition replace that alternative or apply to all of them? Please ask the whole question again.`;
}

/**
 * Conditions on an entity's members by their own aggregated metric: "customers with more than 30
 * orders", "orders with more than 5 line items", "customers who never ordered", "suppliers with a
 * negative account balance", "customers who placed at least 10 orders in 1997".
 *
 * - counted ("how many customers ...") or qualifying another metric ("revenue from customers
 *   with ...") -> `entity_conditions` (members with no rows count 0, so "never" works);
 * - listed ("customers with more than 30 orders") -> a breakdown by the entity with the metric
 *   shown and a HAVING filter, or, when members with no rows qualify ("never"), the entity
 *   condition over the entity's own count.
 */
import type { EntityCondition } from '../../semantic/query.js';
import type { SemanticModel } from '../../semantic/model.js';
import { joinGraph, shortestJoinPaths } from '../../semantic/graph.js';
import { dimensionOfEntity } from '../analyse.js';
import type { Lexicon } from '../lexicon.js';
import { consume, entriesOf, type Item } from '../spans.js';
import { keyDimension } from './listing.js';
import { mayLink, verbRelates } from './linking-verb.js';
import { unitOfCompared } from '../units.js';
import type { Construction } from './types.js';

/** Words between the entity and its condition: "customers [who have] more than...". */
const LINK = new Set([
  'with',
  'having',
  'who',
  'that',
  'which',
  'whose',
  'have',
  'has',
  'had',
  'did',
  'do',
  'does',
  'ever',
  'a',
  'an',
  'the',
  'any',
  'been',
  'are',
  'were',
  'is',
  'was',
  'made',
  'got',
  'received',
]);
const ZERO_WORDS = new Set(['no', 'zero', 'never']);
/** Between the condition and what it counts: "not [made any] orders", "no [single] order". */
const AFTER_OP = new Set(['a', 'an', 'the', 'any', 'single', 'have', 'has', 'had', 'been', 'made', 'got', 'received']);
const ROW_WORDS = new Set(['record', 'records', 'row', 'rows', 'entry', 'entries']);
/** Between a verb and what it acts on: "used in any treatments", "issued to customers". */
const VERB_PREPS = new Set(['in', 'on', 'by', 'for', 'to', 'from', 'with', 'at', 'into']);
const SIGN_WORDS: Record<string, { op: EntityCondition['op']; value: number }> = {
  negative: { op: 'lt', value: 0 },
  positive: { op: 'gt', value: 0 },
};
const CMP_OPS: Record<string, EntityCondition['op']> = { cmp_gt: 'gt', cmp_gte: 'gte', cmp_lt: 'lt', cmp_lte: 'lte', cmp_eq: 'eq' };

export interface Parsed {
  op: EntityCondition['op'];
  value: number;
  /** The condition's metric (aggregated per member). */
  metric: string;
  words: Item[];
  metricItem: Item;
  /** How the condition was said: a comparison, a zero ("no", "never"), or a sign ("negative"). */
  form: 'comparison' | 'zero' | 'sign' | 'presence';
  /** A verb after the negation or comparison ("have not issued any coupons"): consumed when it links the members and the rows counted. */
  linkVerb?: Item;
}

/** The entity an item names: an entity, the count metric of one, or its own name dimension. */
function entityNamed(lex: Lexicon, it: Item): string | undefined {
  if (it.kind !== 'lex') return undefined;
  const ent = entriesOf(it, 'entity')[0]?.target;
  if (ent) return ent;
  const m = entriesOf(it, 'metric')
    .map((e) => lex.metrics.get(e.target))
    .find((x) => x?.agg === 'count');
  return m?.entity;
}

/** The metric a condition aggregates per member: a named metric, or the count of an entity / dated event. */
function conditionMetric(lex: Lexicon, it: Item, subject: string, model: SemanticModel): string | undefined {
  const metric = namedMetric(lex, it, subject, model);
  // a member is one of its own kind: "papers cited by 2 papers" counts rows relating papers to papers, not the paper
  const info = metric ? lex.metrics.get(metric) : undefined;
  return info?.entity === subject && info.agg === 'count' ? undefined : metric;
}

function namedMetric(lex: Lexicon, it: Item, subject: string, model: SemanticModel): string | undefined {
  if (it.kind !== 'lex') return undefined;
  const named = entriesOf(it, 'metric').map((e) => e.target);
  for (const name of named) {
    const info = lex.metrics.get(name);
    if (!info) continue;
    // "suppliers with a negative account balance": the subject's own variant of a role metric, when
    // the metric's rows do not belong to the subject; "clubs with more than 5 visits" counts the
    // visits of each club (never the clubs themselves: a count of another entity is no variant)
    if (info.entity && info.entity !== subject && info.agg !== 'count' && !joinGraph(model).path(info.entity, subject)) {
      const swapped = name
        .split('_')
        .map((p) => (p === info.entity ? subject : p))
        .join('_');
      if (lex.metrics.get(swapped)?.entity === subject) return swapped;
    }
    return name;
  }
  const countOf = (entity: string) => [...lex.metrics.values()].find((m) => m.entity === entity && m.agg === 'count')?.name;
  const ent = entriesOf(it, 'entity')[0]?.target;
  if (ent) return countOf(ent);
  // "who ordered", "who placed": the dated event's entity is counted
  const td = entriesOf(it, 'time_dimension')[0]?.target;
  const tdEntity = td ? model.time_dimensions.find((t) => t.name === td)?.entity : undefined;
  return tdEntity ? countOf(tdEntity) : undefined;
}

export const entityCondition: Construction = {
  name: 'entity condition',
  recognise({ items, a, lex, ctx }) {
    for (let e = 0; e < items.length; e++) {
      const subject = entityNamed(lex, items[e]);
      if (!subject) continue;
      // "salesperson IDs who have no sales": the members' ids (or names) asked for, then their condition
      const asked = ['ids', 'identifiers', 'names'].includes(items[e + 1]?.lower ?? '') && !items[e + 1]!.consumed ? 1 : 0;
      const parsed = parseCondition(items, e + 1 + asked, subject, lex, ctx.model);
      // words another construction already read ("without a delivery date": a column with no value)
      if (!parsed || parsed.metricItem.consumed || parsed.words.some((w) => w.consumed)) continue;
      const subjectItem = items[e];
      const countKw = items
        .slice(0, e)
        .reverse()
        .find((it) => it.kind === 'kw' && it.kw === 'count');
      const qualifies = a.metrics.some((m) => m.pos < e && m.item !== subjectItem);
      // "what share of customers with more than 3 orders are in Ohio": the members are counted, a share of them taken
      // (the part after "are"; "share of customers in Ohio with more than 3 orders" does not say which is the whole)
      const end = Math.max(...[...parsed.words, parsed.metricItem].map((x) => items.indexOf(x)));
      // "a discount over 5%" compared with an amount of money: a percent of what? not read
      const percent = items.slice(e + 1, end + 1).some((x) => x.kind === 'num' && x.percent);
      const fraction = !!lex.metrics.get(parsed.metric)?.percent;
      if (percent && !fraction) continue;
      // "a distance over 100 km": the unit the compared column is kept in, read with the number
      const num = parsed.words.find((w) => w.kind === 'num');
      const unit =
        num && parsed.form === 'comparison'
          ? unitOfCompared(items, items.indexOf(num), ctx.model, { kind: 'metric', name: parsed.metric })
          : undefined;
      if (unit) parsed.words.push(...unit);
      // a rate kept as a fraction: "a return rate over 5%" (or "over 5") is over 0.05, as for any comparison
      if (fraction && (percent || parsed.value > 1)) parsed.value = parsed.value / 100;
      let after = end + 1;
      while (items[after] && plainWord(items[after], new Set(['that', 'which', 'who']))) after++;
      const shareKw =
        items.slice(0, e).some((it) => it.kind === 'kw' && it.kw === 'share') &&
        plainWord(items[after] ?? items[end]!, new Set(['are', 'is', 'were', 'was']));
      // ("number of customers with ...": the count's own phrase says the members are counted)
      const countPhrase =
        /^(the )?(total )?(number|count) of /.test(subjectItem.lower) &&
        a.metrics.some((m) => m.item === subjectItem && lex.metrics.get(m.name)?.agg === 'count');
      // (or "number of" right before members with no count of their own: a distinct count of them)
      const countRightBefore = countKw !== undefined && items.indexOf(countKw) === e - 1 && !a.metrics.some((m) => m.item === subjectItem);
      const counted = ((!!countKw || countPhrase) && a.metrics.some((m) => m.item === subjectItem)) || countRightBefore || shareKw;
      if (shareKw) {
        // the members named are what is counted (never a breakdown by them)
        a.groups = a.groups.filter((g) => g.pos !== e);
        a.dimMentions = a.dimMentions.filter((d) => d.item !== subjectItem);
        a.providesMetric = true;
      }
      const zeroQualifies = holds(parsed.op, parsed.value, 0);
      const listing = !counted && !qualifies;
      // "which states have lakes": the general rules list the members with their rows already
      if (listing && parsed.form === 'presence') continue;
      // the general rules must not read the condition's metric or comparison on their own
      a.metrics = a.metrics.filter((m) => m.item !== parsed.metricItem);
      a.cmps = a.cmps.filter((c) => !c.words.some((w) => w && parsed.words.includes(w)));
      a.dimMentions = a.dimMentions.filter((d) => d.item !== parsed.metricItem);
      if (a.dating?.item === parsed.metricItem) a.dating = undefined;
      if (listing) {
        a.groups = a.groups.filter((g) => g.pos !== e);
        a.metrics = a.metrics.filter((m) => m.item !== subjectItem);
        a.providesMetric = true;
      }
      return {
        construction: 'entity condition',
        apply(query, notes) {
          const unsaid = noneUnsaid(lex, ctx.model, parsed, subject);
          if (unsaid) return unsaid;
          // "members who borrowed no books in 2023": books counted through the loans are not dated, so
          // the period would be dropped and every member with no book at all answer
          if (query.time_range && !lex.metrics.get(parsed.metric)?.timeBound)
            return `The period "${query.time_range.label ?? 'asked'}" cannot date the ${lex.metrics.get(parsed.metric)?.label.toLowerCase() ?? parsed.metric} counted for each of the ${subject.replace(/_/g, ' ')}: ask about the rows that are dated.`;
          // the verb states the relation only when the model holds exactly one; else it stays unconsumed
          const rows = lex.metrics.get(parsed.metric)?.entity;
          const how = parsed.linkVerb && rows ? verbRelates(lex, ctx.model, parsed.linkVerb, subject, rows) : undefined;
          if (parsed.linkVerb && how) {
            consume(parsed.linkVerb);
            notes.push(`"${parsed.linkVerb.text}" links ${subject} and ${rows} (${how})`);
          }
          consume(...parsed.words, parsed.metricItem, subjectItem);
          parsed.metricItem.used = true;
          const label = `${lex.metrics.get(parsed.metric)?.label.toLowerCase() ?? parsed.metric} ${opWords(parsed.op)} ${parsed.value}`;
          // a figure the question names beside the condition ("... and the total fee amount"): the
          // answers below replace the query's figures, so it would be read and dropped; refused
          const named = a.metrics.filter((m) => m.item !== subjectItem).map((m) => m.name);
          const beside = (keep: string) => {
            const lost = query.metrics.filter((x) => x !== keep && named.includes(x));
            return lost.length
              ? `The question asks for ${lost.map((x) => lex.metrics.get(x)?.label.toLowerCase() ?? x).join(', ')} beside the ${subject.replace(/_/g, ' ')} members whose ${label}: ask for each separately.`
              : undefined;
          };
          const cond: EntityCondition = {
            entity: subject,
            metric: parsed.metric,
            op: parsed.op,
            value: parsed.value,
            ...(query.time_range ? { time_range: { ...query.time_range } } : {}),
          };
          if (!listing) {
            notes.push(`Only ${subject} members whose ${label}${cond.time_range ? ` (${cond.time_range.label ?? 'in the period'})` : ''}`);
            if (counted) {
              // "how many customers didn't order in 1997": the members are counted, the period is the condition's
              const own = [...lex.metrics.values()].find((m) => m.entity === subject && m.agg === 'count');
              if (own) {
                const lost = beside(own.name);
                if (lost) return lost;
                const { time_range: _period, ...rest } = query;
                void _period;
                return {
                  ...(own.timeBound ? query : rest),
                  metrics: [own.name],
                  entity_conditions: [...(query.entity_conditions ?? []), cond],
                };
              }
            }
            return { ...query, entity_conditions: [...(query.entity_conditions ?? []), cond] };
          }
          // Only the dimension that names the members lists them (its own, or the one it has); another
          // among several (a city) would add members up.
          const ownDims = [...lex.dimensions.values()].filter((d) => d.entity === subject && !d.roleOf);
          // with no dimension naming them, their key (the listing construction then picks the columns)
          const nameDim =
            dimensionOfEntity(lex, subject) ?? (ownDims.length === 1 ? ownDims[0]!.name : undefined) ?? keyDimension(ctx.model, subject);
          if (!nameDim) return `The ${subject} members cannot be listed: the model has no dimension naming them or holding their key.`;
          if (!zeroQualifies) {
            const lost = beside(parsed.metric);
            if (lost) return lost;
            notes.push(`Listing ${subject} members whose ${label}`);
            return {
              ...query,
              metrics: [parsed.metric],
              group_by: [{ dimension: nameDim }, ...query.group_by.filter((g) => g.dimension !== nameDim)],
              metric_filters: [...query.metric_filters, { metric: parsed.metric, op: parsed.op, value: parsed.value }],
              order: query.order.length
                ? query.order
                : [{ by: parsed.metric, direction: parsed.op === 'lt' || parsed.op === 'lte' ? 'asc' : 'desc' }],
            };
          }
          const own = [...lex.metrics.values()].find((m) => m.entity === subject && m.agg === 'count');
          if (!own) return `The ${subject} members with ${label} cannot be listed: the model has no count of ${subject}.`;
          const lost = beside(own.name);
          if (lost) return lost;
          notes.push(`Listing ${subject} members whose ${label} (members with no rows count 0)`);
          return {
            ...query,
            metrics: [own.name],
            group_by: [{ dimension: nameDim }, ...query.group_by.filter((g) => g.dimension !== nameDim)],
            entity_conditions: [...(query.entity_conditions ?? []), cond],
          };
        },
      };
    }
    return null;
  },
};

/** `ofComparison`: also "with a rating of at least 4" (the ratio's sides; the general rules refuse a condition on one row's figure otherwise). */
export function parseCondition(
  items: Item[],
  from: number,
  subject: string,
  lex: Lexicon,
  model: SemanticModel,
  ofComparison = false,
): Parsed | null {
  let p = from;
  const words: Item[] = [];
  const link: Item[] = [];
  // "customers in GERMANY with more than 10 orders": filters on the subject may come first
  while (
    items[p] &&
    ((plainWord(items[p], new Set(['in', 'from', 'of', 'at', 'the'])) && (items[p + 1]?.kind === 'lex' || items[p + 1]?.kind === 'time')) ||
      items[p].kind === 'time' ||
      (items[p].kind === 'lex' && (items[p].entries ?? []).some((e) => e.kind === 'value')))
  )
    p++;
  // link words and event verbs ("who placed", "that have")
  while (p < items.length && plainWord(items[p], LINK)) link.push(items[p++]);
  // "authors who wrote more than 3 books": a linking verb, consumed (or not) by its own construction
  const linked = mayLink(lex, items[p]);
  if (linked) p++;
  // "tags used by more than 3 books", "papers that belong to more than 1 dataset"
  if (linked && plainWord(items[p] ?? items[0]!, VERB_PREPS) && items[p + 1]?.kind !== 'lex') link.push(items[p++]);
  if (!link.length && !linked && !(items[p]?.kind === 'word' && ZERO_WORDS.has(items[p].lower)) && items[p]?.kind !== 'kw') return null;
  let verb: Item | undefined;
  if (items[p]?.kind === 'lex' && entriesOf(items[p], 'time_dimension').length && !entriesOf(items[p], 'metric').length) {
    verb = items[p++];
  }
  let op: EntityCondition['op'] | undefined;
  let value: number | undefined;
  let form: Parsed['form'] = 'comparison';
  const it = items[p];
  if (!it) {
    return null;
  } else if (it.kind === 'kw' && it.kw && CMP_OPS[it.kw]) {
    op = CMP_OPS[it.kw];
    words.push(it);
    p++;
    if (items[p]?.lower === 'of') words.push(items[p++]);
    if (items[p]?.kind !== 'num') return null;
    value = items[p].num!;
    words.push(items[p++]);
  } else if (it.kind === 'num' && items[p + 1]?.kind === 'kw' && /^or /.test(items[p + 1].lower)) {
    value = it.num!;
    op = items[p + 1].kw === 'cmp_gte' ? 'gte' : 'lte';
    words.push(it, items[p + 1]);
    p += 2;
  } else if (it.kind === 'num' && !it.percent && Number.isInteger(it.num) && it.num! > 0 && items[p + 1]?.kind === 'lex') {
    // "papers that belong to 1 dataset", "members with 2 loans": a bare count is that many exactly;
    // "with 2 loans or more" at least that many
    const trailing = items[p + 2]?.kind === 'kw' && /^or /.test(items[p + 2]!.lower) ? items[p + 2] : undefined;
    op = trailing ? (trailing.kw === 'cmp_gte' ? 'gte' : 'lte') : 'eq';
    value = it.num!;
    words.push(it, ...(trailing ? [trailing] : []));
    p++;
  } else if ((it.kind === 'word' && ZERO_WORDS.has(it.lower)) || (it.kind === 'kw' && it.kw === 'neg')) {
    op = 'eq';
    value = 0;
    form = 'zero';
    words.push(it);
    p++;
  } else if (it.kind === 'word' && SIGN_WORDS[it.lower]) {
    ({ op, value } = SIGN_WORDS[it.lower]);
    form = 'sign';
    words.push(it);
    p++;
  } else if (
    ofComparison &&
    it.kind === 'lex' &&
    items[p + 1]?.kind === 'word' &&
    items[p + 1].lower === 'of' &&
    items[p + 2]?.kind === 'kw' &&
    items[p + 2].kw &&
    CMP_OPS[items[p + 2].kw!] &&
    items[p + 3]?.kind === 'num' &&
    !items[p + 3].percent
  ) {
    // "with a rating of at least 4"
    const metric = conditionMetric(lex, it, subject, model);
    if (!metric) return null;
    return {
      form: 'comparison',
      op: CMP_OPS[items[p + 2].kw!],
      value: items[p + 3].num!,
      metric,
      metricItem: it,
      words: [...link, ...(verb ? [verb] : []), items[p + 1], items[p + 2], items[p + 3]],
    };
  } else if (
    it.kind === 'lex' &&
    items[p + 1]?.kind === 'kw' &&
    items[p + 1].kw &&
    CMP_OPS[items[p + 1].kw!] &&
    items[p + 2]?.kind === 'num'
  ) {
    // "who ordered more than 5 times"
    const metric = conditionMetric(lex, it, subject, model);
    if (!metric) return null;
    return {
      form: 'comparison',
      op: CMP_OPS[items[p + 1].kw!],
      value: items[p + 2].num!,
      metric,
      metricItem: it,
      words: [...link, ...(verb ? [verb] : []), items[p + 1], items[p + 2], ...(items[p + 3]?.lower === 'times' ? [items[p + 3]] : [])],
    };
  } else {
    // (after a verb, "who have taught lessons", the verb's own constructions read it)
    return linked ? null : hasRelatedRows(items, p, link, subject, lex, model);
  }
  // "who have not made any transactions", "that do not have any records"
  const skipped: Item[] = [];
  const skip = () => {
    while (
      items[p] &&
      (plainWord(items[p], AFTER_OP) || (items[p].kind === 'kw' && items[p].kw === 'money' && AFTER_OP.has(items[p].lower)))
    )
      skipped.push(items[p++]);
  };
  skip();
  // "have not issued any coupons", "were never used in any treatments": a verb between the condition
  // and what it counts, read (in apply) as the link between the members and those rows
  let linkVerb: Item | undefined;
  if (mayLink(lex, items[p])) {
    const at = p;
    const kept = skipped.length;
    linkVerb = items[p++];
    while (items[p] && plainWord(items[p], VERB_PREPS)) skipped.push(items[p++]);
    skip();
    if (items[p]?.kind !== 'lex') {
      p = at;
      linkVerb = undefined;
      skipped.splice(kept);
    }
  }
  // "have not placed any orders": a dating verb before the thing counted says the same event
  const dated = items[p];
  if (
    dated?.kind === 'lex' &&
    entriesOf(dated, 'time_dimension').length &&
    !entriesOf(dated, 'metric').length &&
    !entriesOf(dated, 'dimension').length
  ) {
    const at = p++;
    skip();
    if (items[p]?.kind === 'lex' && entriesOf(items[p], 'metric').length) skipped.push(dated);
    else p = at;
  }
  // "never ordered": the verb itself is the event counted
  const target = items[p]?.kind === 'lex' ? items[p] : verb;
  if (!target) return null;
  const metric = conditionMetric(lex, target, subject, model);
  if (!metric || op === undefined || value === undefined) return null;
  if (target !== verb && verb) words.push(verb);
  // "daily price records": the rows of the thing counted
  const rows = target !== verb && items[p + 1]?.kind === 'word' && ROW_WORDS.has(items[p + 1].lower) ? [items[p + 1]] : [];
  return {
    form,
    op,
    value,
    metric,
    metricItem: target,
    words: [...link, ...words, ...skipped, ...rows],
    ...(linkVerb ? { linkVerb } : {}),
  };
}

/**
 * "authors who wrote fewer than 3 papers" where papers reach their authors only through a linking table: an
 * author with none has no row there, and whether the question counts them is not said (a count over the
 * linking rows never does): the refusal to give, unless the condition keeps none ("more than 2") or says
 * none outright ("no papers").
 */
export function noneUnsaid(lex: Lexicon, model: SemanticModel, parsed: Parsed, subject: string): string | undefined {
  const rows = lex.metrics.get(parsed.metric)?.entity;
  if (parsed.form !== 'comparison' || !holds(parsed.op, parsed.value, 0) || !rows || rows === subject) return undefined;
  if (joinGraph(model).path(rows, subject)) return undefined;
  const what = `${parsed.words.map((w) => w.text).join(' ')} ${parsed.metricItem.text}`;
  return `"${what}": the ${subject.replace(/_/g, ' ')} members with none too, or only those with some? The question does not say; ask for those with none separately.`;
}

/** Words that say the members have the rows named after them ("states with a lake", "customers who have orders"). */
const HAVING_WORDS = new Set(['with', 'having', 'have', 'has', 'had']);
/** Words that end the condition: nothing may follow what is counted but punctuation or the question's end. */
const CLAUSE_END = new Set([',', '?', '.', ';', '!']);

/**
 * "states with a lake", "how many customers have transactions", "clubs that have any visits": the members
 * having at least one row of another thing (its count >= 1). Only when the thing's rows reach the members
 * to-one along the model's one shortest path (never a thing related twice or through another's rows), and
 * the clause ends there: a value or period after the thing ("with orders in 1997") may be the rows' or the
 * members', so the other rules decide.
 */
function hasRelatedRows(items: Item[], p: number, link: Item[], subject: string, lex: Lexicon, model: SemanticModel): Parsed | null {
  const it = items[p];
  if (!it || !link.some((w) => HAVING_WORDS.has(w.lower))) return null;
  const next = items[p + 1];
  if (next && !(next.kind === 'punct' && CLAUSE_END.has(next.text))) return null;
  const rows = entityNamed(lex, it);
  if (!rows || rows === subject) return null;
  // (to-one, or both through one linking table: "books that have tags")
  const graph = joinGraph(model);
  const linked = !graph.path(rows, subject) && !graph.path(subject, rows) && shortestJoinPaths(model, rows, subject).length === 2;
  if (!(graph.path(rows, subject) || linked) || shortestJoinPaths(model, rows, subject).count !== 1) return null;
  const metric = [...lex.metrics.values()].find((m) => m.entity === rows && m.agg === 'count')?.name;
  if (!metric) return null;
  return { form: 'presence', op: 'gte', value: 1, metric, metricItem: it, words: link };
}

/** A word of the set, also when the lexicon read it as an unlikely value (the "a" of return flag A). */
function plainWord(it: Item, words: Set<string>): boolean {
  const weakOnly = it.kind === 'lex' && (it.entries ?? []).every((e) => e.kind === 'value' && e.weak);
  return (it.kind === 'word' || weakOnly) && words.has(it.lower);
}

function holds(op: EntityCondition['op'], value: number, x: number): boolean {
  switch (op) {
    case 'gt':
      return x > value;
    case 'gte':
      return x >= value;
    case 'lt':
      return x < value;
    case 'lte':
      return x <= value;
    case 'eq':
      return x === value;
    case 'ne':
      return x !== value;
  }
}

function opWords(op: EntityCondition['op']): string {
  return { gt: 'above', gte: 'at least', lt: 'below', lte: 'at most', eq: 'equal to', ne: 'not equal to' }[op];
}

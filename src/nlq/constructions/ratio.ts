/**
 * Ratios: "ratio of orders to customers", "the shipped to returned orders ratio", "ratio of
 * members in Ohio to members in Texas", "proportion of urgent orders to high orders", "population
 * per area". Each side is one metric (or the count of a thing named) with its own values or numeric
 * conditions; one side may borrow the other's metric ("shipped to returned orders") -> `ratios`.
 * A subset out of all of the same metric ("Italian restaurants out of all restaurants") is the
 * share of a subset (`subset_metrics`, `as: 'share'`).
 *
 * Every item of a side must be understood (a metric, a value, a dimension naming the value next to
 * it, a numeric condition, function words); anything else and the construction does not apply, so
 * the ratio word stays unconsumed and the question is refused. Values after the second side belong
 * to it only in parallel with the first ("members in Ohio to members in Texas"); otherwise they
 * filter both sides ("orders to customers in Germany"), and one on a dimension a side already
 * uses is refused as ambiguous.
 */
import type { DimensionFilter, EntityCondition, SemanticQuery } from '../../semantic/query.js';
import { countMetricOfEntities, dimensionOfEntity, dimensionWords, pickCountMetric, sameFamily, type Analysis } from '../analyse.js';
import { joinGraph } from '../../semantic/graph.js';
import { rowAttributes } from '../../semantic/compiler.js';
import { chooseValueEntry, closestTo, describedThing, resolveRole, sameRowsIn } from '../build.js';
import type { Lexicon } from '../lexicon.js';
import { consume, entriesOf, type Item } from '../spans.js';
import { lemmas, verbOf } from '../text.js';
import type { TimeHit } from '../time.js';
import type { InterpretContext } from '../types.js';
import { dateOfVerb } from './dated-verb.js';
import { noneUnsaid, parseCondition } from './entity-condition.js';
import { keyDimension } from './listing.js';
import { nameCandidates } from '../members.js';
import { mayLink, verbRelatesSides } from './linking-verb.js';
import type { Construction } from './types.js';
import { columnOf, nameWords, unitAt, unitFits } from '../units.js';
import type { SemanticModel } from '../../semantic/model.js';

const RATIO_WORDS = new Set(['ratio', 'ratios']);
/** Share words that open a ratio when a second side follows ("proportion of A to B"). */
const SHARE_OPENERS = new Set(['proportion', 'fraction', 'share', 'percentage', 'percent', 'portion']);
/** Function words inside a side: "the population of the United States", "customers in the state of Ohio". */
const SIDE_LINKS = new Set([
  'the',
  'a',
  'an',
  'of',
  'in',
  'from',
  'with',
  'for',
  'at',
  'on',
  'that',
  'which',
  'who',
  'whose',
  'are',
  'is',
  'were',
  'was',
  'have',
  'has',
  'had',
  'having',
  'all',
  'total',
  'overall',
  '(',
  ')',
  // "capacity of an aircraft to its range": the thing the first side measures (checked below)
  'its',
  'their',
]);
const POSSESSIVES = new Set(['its', 'their']);
/** Words that make a side "every row" of its metric ("out of all orders"). */
const ALL_WORDS = new Set(['all', 'total', 'overall']);
const NOT_ADDITIVE = new Set(['avg', 'min', 'max', 'median']);
/** Words that aggregate a figure: a side said with one is no single row's value. */
const AGGREGATE_WORDS = new Set([
  'total',
  'sum',
  'average',
  'avg',
  'mean',
  'overall',
  'combined',
  'minimum',
  'maximum',
  'min',
  'max',
  'lowest',
  'highest',
]);
const AVERAGE_WORDS = new Set(['average', 'avg', 'mean']);
const CMP_OPS: Record<string, DimensionFilter['op']> = { cmp_gt: 'gt', cmp_gte: 'gte', cmp_lt: 'lt', cmp_lte: 'lte', cmp_eq: 'eq' };
/** "in the database", "in the dataset" after the second side: every row there is, no filter. */
const WHOLE_DATA = new Set(['database', 'dataset', 'db']);
/** Between a side's verb and its period: "published [in] 2020". */
const VERB_TO_PERIOD = new Set(['in', 'on', 'during', 'since', 'after', 'before', 'between', 'from']);

interface Qual {
  /** A filter on the side's rows ("delivered", "with a size above 4") ... */
  filter?: DimensionFilter;
  /** ... or a condition on the members counted ("restaurants with a rating above 4"). */
  cond?: Omit<EntityCondition, 'time_range'>;
  /** The item naming the members of a condition (it must be the side's metric). */
  subject?: Item;
  /** A period of this side only ("papers in 2020"): `filter` and `until` bound the metric's dating time dimension. */
  period?: TimeHit;
  /** The lemma of a verb said before the period ("published in 2020"): it must name the date the period bounds. */
  verb?: string;
  until?: DimensionFilter;
  items: Item[];
  /** Index (in items) of its first item. */
  start: number;
  afterMetric: boolean;
  /** The base dimension (role variants are one family). */
  family: string;
  text: string;
}

interface Side {
  /** Items of the side, in question order (trimmed of leading links). */
  items: Item[];
  metric?: string;
  metricItem?: Item;
  quals: Qual[];
  /** Opened by "all"/"total": every row of its metric. */
  all: boolean;
  /** A number column of one entity read as its value per member ("helpfulness score ... for each course"): its average, over one member per group. */
  perMember?: string;
}

type Span = [start: number, end: number];

/** The metric an item names: a metric (the count one after "number of"), or the count of a thing named. */
function metricOf(lex: Lexicon, a: Analysis, it: Item, counted: boolean): string | undefined {
  const mention = a.metrics.find((m) => m.item === it)?.name;
  if (mention) return mention;
  const named = entriesOf(it, 'metric').map((e) => e.target);
  if (named.length === 1) return named[0];
  if (named.length > 1) return counted ? pickCountMetric(lex, named) : undefined;
  const ents = entriesOf(it, 'entity').map((e) => e.target);
  const naming = entriesOf(it, 'dimension')
    .map((e) => lex.dimensions.get(e.target))
    .filter((d) => !!d && dimensionOfEntity(lex, d.entity) === d.name)
    .map((d) => d!.entity);
  return countMetricOfEntities(lex, [...ents, ...naming]);
}

const isMetricItem = (lex: Lexicon, it: Item) =>
  it.kind === 'lex' &&
  (entriesOf(it, 'metric').length > 0 ||
    entriesOf(it, 'entity').length > 0 ||
    entriesOf(it, 'dimension').some((e) => {
      const d = lex.dimensions.get(e.target);
      return !!d && dimensionOfEntity(lex, d.entity) === d.name;
    }));

/** A number column of one entity with an average of the same column: its value per member when each group is one member. */
function perMemberAverage(lex: Lexicon, ctx: InterpretContext, it: Item): { metric: string; entity: string } | undefined {
  if (entriesOf(it, 'metric').length || entriesOf(it, 'entity').length) return undefined;
  const column = (sql: string | undefined) => (sql ?? '').replace(/["`\s]/g, '').toLowerCase();
  const found = entriesOf(it, 'dimension').flatMap((x) => {
    const d = ctx.model.dimensions.find((o) => o.name === x.target);
    if (!d || d.type !== 'number') return [];
    return ctx.model.measures
      .filter((m) => m.entity === d.entity && m.agg === 'avg' && !m.filter && column(m.sql) === column(d.sql))
      .map((m) => ({ metric: m.name, entity: d.entity }));
  });
  return found.length === 1 ? found[0] : undefined;
}

/** "in miles" at k after a metric whose own column is kept in that unit and says so (`range_miles`): its items. */
function ownUnitAt(model: SemanticModel, metric: string, items: Item[], k: number): Item[] | undefined {
  const u = unitAt(items, k);
  const m = model.measures.find((x) => x.name === metric);
  const col = columnOf(m?.sql);
  if (!u || !m || !col || !unitFits(model, m.entity, col, u.unit)) return undefined;
  return nameWords(col).some((w) => u.unit.spellings.includes(w)) ? u.items : undefined;
}

/** Reads items[s..e) as one side; undefined when any item is not understood. */
function parseSide(items: Item[], [s, e]: Span, lex: Lexicon, a: Analysis, ctx: InterpretContext, near: string[]): Side | undefined {
  const side: Side = { items: [], quals: [], all: false };
  const model = ctx.model;
  const taken = new Set<Item>();
  const base = (d: string) => lex.dimensions.get(d)?.roleOf?.base ?? d;
  const roles = a.roles.filter((r) => r.pos >= s && r.pos < e);
  // 1. values, each with a dimension named next to it and a negation right before it
  for (let k = s; k < e; k++) {
    const it = items[k];
    const v = a.values.find((x) => x.item === it);
    if (!v) continue;
    let entries = v.entries;
    const qi: Item[] = [it];
    let start = k;
    for (const p of [k - 1, k - 2, k + 1, k + 2]) {
      if (p < s || p >= e) continue;
      const o = items[p];
      const between = p < k ? items.slice(p + 1, k) : items.slice(k + 1, p);
      if (between.some((b) => !(b.kind === 'word' && ['of', 'the', 'is', '='].includes(b.lower)))) continue;
      // "the Mississippi River": a phrase naming the value's own dimension is that dimension, even when it also counts things
      if (o.kind !== 'lex' || taken.has(o) || entriesOf(o, 'value').length) continue;
      const dims = entriesOf(o, 'dimension').filter((d) => entries.some((x) => sameFamily(lex, d.target, x.target)));
      if (!dims.length) continue;
      entries = entries.filter((x) => dims.some((d) => sameFamily(lex, d.target, x.target)));
      qi.push(o, ...between);
      start = Math.min(start, p);
      break;
    }
    const bases = [...new Set(entries.map((x) => base(x.target)))];
    // "restaurants in Los Angeles": the city and its county select the same rows, one answer
    if (bases.length > 1 && sameRowsIn(ctx, entries, bases)) {
      const pick = closestTo(lex, model, bases, near);
      entries = entries.filter((x) => base(x.target) === pick);
    }
    // "active merchants": a value said right before a thing is that thing's own (or one it reaches to-one);
    // of several, the one it owns; a value of a thing it does not reach so ("inactive tickers" of a
    // customer status) is not understood
    const thing = describedThing(lex, items, k, []);
    if (thing) {
      const graph = joinGraph(model);
      const entityOf = (d: string) => lex.dimensions.get(base(d))?.entity ?? '';
      const owned = entries.filter((x) => entityOf(x.target) === thing);
      if (new Set(owned.map((x) => base(x.target))).size === 1) entries = owned;
      else if (entries.some((x) => entityOf(x.target) !== thing && !graph.path(thing, entityOf(x.target)))) return undefined;
    }
    // "the population of Ohio" where a lake's state is also Ohio: the value of the thing the side measures
    if (new Set(entries.map((x) => base(x.target))).size > 1) {
      const measured = new Set(
        items
          .slice(s, e)
          .flatMap((o) => [
            ...entriesOf(o, 'entity').map((x) => x.target),
            ...entriesOf(o, 'metric').map((x) => lex.metrics.get(x.target)?.entity ?? ''),
          ]),
      );
      const owned = entries.filter((x) => measured.has(lex.dimensions.get(base(x.target))?.entity ?? ''));
      if (new Set(owned.map((x) => base(x.target))).size === 1) entries = owned;
    }
    if (new Set(entries.map((x) => base(x.target))).size !== 1) return undefined;
    let negated = false;
    let p = start - 1;
    while (p >= s && items[p].kind === 'word' && ['the', 'a', 'an', 'in', 'from', 'of', 'with', 'for', 'at', 'on'].includes(items[p].lower))
      p--;
    if (p >= s && items[p].kind === 'kw' && items[p].kw === 'neg') {
      negated = true;
      qi.push(items[p]);
      start = p;
    }
    const entry = chooseValueEntry(lex, entries);
    const dimension = resolveRole(lex, entry.target, k, roles);
    // "vegan food": a word of the value's own dimension name right after it names that dimension
    const nx = items[k + 1];
    if (
      k + 1 < e &&
      nx?.kind === 'word' &&
      !taken.has(nx) &&
      !SIDE_LINKS.has(nx.lower) &&
      entries.every((x) => dimensionWords(lex, x.target).has(lemmas(nx.lower)[0]!))
    )
      qi.push(nx);
    const values = entry.values ?? [];
    if (!values.length) return undefined;
    const op: DimensionFilter['op'] = negated ? (values.length > 1 ? 'not_in' : 'ne') : values.length > 1 ? 'in' : 'eq';
    for (const x of qi) taken.add(x);
    side.quals.push({
      filter: { dimension, op, values },
      items: qi,
      start,
      afterMetric: false,
      family: base(dimension),
      text: `${negated ? 'not ' : ''}${it.text}`,
    });
  }
  // 2. numeric conditions: "with a size above 4", "rating > 3"
  for (let k = s; k < e; k++) {
    const it = items[k];
    if (it.kind !== 'kw' || !it.kw?.startsWith('cmp_') || taken.has(it)) continue;
    let q = k + 1;
    if (items[q]?.lower === 'of') q++;
    const num = items[q];
    let d = k - 1;
    while (d >= s && items[d].kind === 'word' && ['is', 'of', 'the'].includes(items[d].lower)) d--;
    const dimItem = items[d];
    const dim =
      d >= s && dimItem.kind === 'lex' && !taken.has(dimItem)
        ? entriesOf(dimItem, 'dimension').find((x) => lex.dimensions.get(x.target)?.type === 'number')
        : undefined;
    // no number column named before it: maybe a condition on the members (below), else not understood
    if (!dim) continue;
    if (q >= e || num?.kind !== 'num' || num.percent) return undefined;
    const op = CMP_OPS[it.kw];
    if (!op) return undefined;
    const qi = [dimItem, ...items.slice(d + 1, k), it, ...items.slice(k + 1, q + 1)];
    for (const x of qi) taken.add(x);
    side.quals.push({
      filter: { dimension: dim.target, op, values: [num.num!] },
      items: qi,
      start: d,
      afterMetric: false,
      family: base(dim.target),
      text: qi.map((x) => x.text).join(' '),
    });
  }
  // 1b. a period of this side only ("papers in 2019 to papers in 2020"), with a verb naming its date before it ("ordered in 2020")
  for (let k = s; k < e; k++) {
    const it = items[k];
    if (it.kind !== 'time' || !it.hit || taken.has(it)) continue;
    const qi: Item[] = [it];
    const prev = items[k - 1];
    // "papers published in 2020", "treatments that ended during 2023": a verb naming the rows' date (checked below)
    const at = prev?.kind === 'word' && VERB_TO_PERIOD.has(prev.lower) ? k - 2 : k - 1;
    const verb = at >= s && items[at]!.kind === 'word' && !taken.has(items[at]!) ? verbOf(items[at]!.lower) : undefined;
    if (
      k - 1 >= s &&
      prev.kind === 'lex' &&
      !taken.has(prev) &&
      entriesOf(prev, 'time_dimension').length &&
      !entriesOf(prev, 'metric').length &&
      !entriesOf(prev, 'entity').length
    )
      qi.push(prev);
    else if (verb) qi.push(...items.slice(at, k));
    for (const x of qi) taken.add(x);
    side.quals.push({
      period: it.hit,
      ...(verb && qi.length > 1 ? { verb } : {}),
      items: qi,
      start: Math.min(...qi.map((x) => items.indexOf(x))),
      afterMetric: false,
      family: 'period',
      text: `in ${it.text}`,
    });
  }
  // 2b. conditions on the members counted: "restaurants with a rating above 4", "customers with more than 3 orders"
  const verbs: Item[] = [];
  for (let k = s; k < e; k++) {
    const it = items[k];
    if (taken.has(it) || it.kind !== 'lex') continue;
    const subject =
      entriesOf(it, 'entity')[0]?.target ??
      entriesOf(it, 'metric')
        .map((x) => lex.metrics.get(x.target))
        .find((m) => m?.agg === 'count')?.entity;
    if (!subject) continue;
    // "positive reviews (rating > 3)": a condition in brackets right after the members defines them, and the word before them
    const [open, m, cmp, num, close] = items.slice(k + 1, k + 6);
    const op = cmp?.kind === 'kw' && cmp.kw ? (CMP_OPS[cmp.kw] as EntityCondition['op'] | undefined) : undefined;
    const bracketed =
      open?.lower === '(' &&
      close?.lower === ')' &&
      m?.kind === 'lex' &&
      !taken.has(m) &&
      op &&
      num?.kind === 'num' &&
      !num.percent &&
      k + 5 < e;
    if (bracketed && !entriesOf(m, 'dimension').some((x) => lex.dimensions.get(x.target)?.type === 'number')) {
      const own = entriesOf(m, 'metric')
        .map((x) => x.target)
        .filter((x) => lex.metrics.get(x)?.entity === subject);
      if (own.length !== 1) return undefined;
      const named = items[k - 1];
      const adjective =
        k - 1 >= s && named.kind === 'word' && !taken.has(named) && !SIDE_LINKS.has(named.lower) && !ALL_WORDS.has(named.lower)
          ? named
          : undefined;
      const its = [open!, m, cmp!, num, close!, ...(adjective ? [adjective] : [])];
      for (const x of its) taken.add(x);
      side.quals.push({
        cond: { entity: subject, metric: own[0]!, op, value: num.num! },
        subject: it,
        items: its,
        start: k + 1,
        afterMetric: false,
        family: `cond:${own[0]}`,
        text: items
          .slice(k + 2, k + 5)
          .map((x) => x.text)
          .join(' '),
      });
      continue;
    }
    // (the side ends the condition: "customers with orders [out of all customers]" has related rows)
    const parsed = parseCondition(items.slice(0, e), k + 1, subject, lex, model, true);
    if (!parsed) continue;
    const its = [...parsed.words, parsed.metricItem];
    const pos = its.map((x) => items.indexOf(x));
    if (pos.some((p) => p <= k || p >= e) || its.some((x) => taken.has(x))) continue;
    const last = Math.max(...pos);
    const rows = lex.metrics.get(parsed.metric)?.entity;
    if (!rows || noneUnsaid(lex, model, parsed, subject)) return undefined;
    // a verb between the members and the condition states their relation: the model must hold exactly one
    const relates = (v: Item) => !!verbRelatesSides(lex, model, v, { entity: subject, self: true }, { entity: rows, self: true });
    for (let p = k + 1; p < last; p++) {
      const o = items[p];
      if (its.includes(o) || taken.has(o) || (o.kind === 'word' && SIDE_LINKS.has(o.lower))) continue;
      if (o === parsed.linkVerb || mayLink(lex, o)) {
        if (!relates(o)) return undefined;
        verbs.push(o);
        taken.add(o);
        continue;
      }
      return undefined;
    }
    for (const x of its) taken.add(x);
    const start = Math.min(...pos, ...verbs.map((v) => items.indexOf(v)).filter((p) => p > k));
    side.quals.push({
      cond: { entity: subject, metric: parsed.metric, op: parsed.op, value: parsed.value },
      subject: it,
      items: [...its, ...verbs.filter((v) => items.indexOf(v) > k && items.indexOf(v) < last)],
      start,
      afterMetric: false,
      family: `cond:${parsed.metric}`,
      text: items
        .slice(k + 1, last + 1)
        .map((x) => x.text)
        .join(' '),
    });
  }
  // 3. the metric, and nothing else but function words
  let counted = false;
  for (let k = s; k < e; k++) {
    const it = items[k];
    if (taken.has(it)) continue;
    // "its range in miles": the unit the metric's own column is kept in (its name says it) only says how it is shown
    const unit = side.metric && it.lower === 'in' ? ownUnitAt(model, side.metric, items, k) : undefined;
    if (unit && k + unit.length <= e) {
      for (const x of unit) taken.add(x);
      continue;
    }
    if (it.kind === 'word' && SIDE_LINKS.has(it.lower)) {
      if (ALL_WORDS.has(it.lower) && !side.metricItem) side.all = true;
      continue;
    }
    if (it.kind === 'punct' && ['(', ')'].includes(it.lower)) continue;
    if (it.kind === 'kw' && it.kw === 'count' && !side.metricItem) {
      counted = true;
      // "the total number of papers": every row of it
      if (it.lower.startsWith('total')) side.all = true;
      continue;
    }
    // "the payload of an aircraft": the thing named after its own figure only says whose it is
    if (side.metric && it.kind === 'lex' && ['of', 'a', 'an', 'the', 'each', 'every'].includes(items[k - 1]?.lower ?? '')) {
      const whose = entriesOf(it, 'entity').map((x) => x.target);
      if (
        whose.length === 1 &&
        whose[0] === lex.metrics.get(side.metric)?.entity &&
        items
          .slice(side.metricItem ? items.indexOf(side.metricItem) + 1 : k, k)
          .every((o) => o.kind === 'word' && ['of', 'a', 'an', 'the', 'each', 'every'].includes(o.lower))
      )
        continue;
    }
    // "aircraft capacity": the thing named right before its own figure only says whose it is
    const owner = side.metricItem && items[k - 1] === side.metricItem && !counted ? entriesOf(side.metricItem, 'entity') : [];
    const owned = owner.length && isMetricItem(lex, it) ? metricOf(lex, a, it, false) : undefined;
    if (owned && owner.some((x) => x.target === lex.metrics.get(owned)?.entity)) {
      side.metric = owned;
      side.metricItem = it;
      continue;
    }
    if (!side.metricItem && isMetricItem(lex, it)) {
      const m = metricOf(lex, a, it, counted);
      if (!m) return undefined;
      side.metric = m;
      side.metricItem = it;
      continue;
    }
    // "helpfulness scores" (a number column of one entity): its value per member, as the average over one member
    if (!side.metricItem && !counted && it.kind === 'lex' && !entriesOf(it, 'value').length) {
      const avg = perMemberAverage(lex, ctx, it);
      if (avg) {
        side.metric = avg.metric;
        side.metricItem = it;
        side.perMember = avg.entity;
        continue;
      }
    }
    // "restaurants serving vegan food": a verb between the thing counted and its own value (checked below)
    if (mayLink(lex, it) && !verbs.includes(it)) {
      verbs.push(it);
      continue;
    }
    return undefined;
  }
  // each verb links the thing counted to the value or condition right after it, in the one way the model has
  for (const v of verbs) {
    if (taken.has(v)) continue;
    const k = items.indexOf(v);
    const subject = side.metric ? lex.metrics.get(side.metric) : undefined;
    const counts = subject?.agg === 'count' || subject?.agg === 'count_distinct';
    const next = side.quals.find(
      (q) =>
        q.start > k &&
        items
          .slice(k + 1, q.start)
          .every(
            (o) => o.kind === 'word' && ['the', 'a', 'an', 'any', 'only', 'in', 'at', 'from', 'to', 'on', 'with', 'for'].includes(o.lower),
          ),
    );
    if (!subject?.entity || !counts || !side.metricItem || items.indexOf(side.metricItem) > k || !next?.filter) return undefined;
    const dim = lex.dimensions.get(next.filter.dimension);
    if (!dim) return undefined;
    if (
      !verbRelatesSides(
        lex,
        model,
        v,
        { entity: subject.entity, self: true },
        { entity: dim.entity, self: dimensionOfEntity(lex, dim.entity) === dim.name },
      )
    )
      return undefined;
    next.items.push(v);
  }
  // a period bounds the date of the side's own rows (the time dimension named before it, else the metric's own)
  for (const q of side.quals) {
    if (!q.period) continue;
    // a side's bounds are two filters on its date: no days of the week among them
    if (q.period.range.days) return undefined;
    const info = side.metric ? lex.metrics.get(side.metric) : undefined;
    const named = q.items.flatMap((x) => (x.kind === 'lex' ? entriesOf(x, 'time_dimension').map((t) => t.target) : []));
    // the verb's date, of the rows the side counts (none, or several it could name: not read)
    const verbDate = q.verb && info?.entity ? dateOfVerb(lex, model, q.verb, info.entity) : undefined;
    if (q.verb && !verbDate) return undefined;
    if (verbDate) named.push(verbDate);
    const td = named[0] ?? info?.timeDimension;
    if (!info?.timeBound || !td || (named.length && ![info.timeDimension, ...info.alternates].includes(td))) return undefined;
    q.filter = { dimension: td, op: 'gte', values: [q.period.range.start] };
    q.until = { dimension: td, op: 'lt', values: [q.period.range.end] };
  }
  // a condition counts its members: the side is the count of them
  for (const q of side.quals) {
    if (!q.cond) continue;
    if (q.subject !== side.metricItem || lex.metrics.get(side.metric!)?.entity !== q.cond.entity) return undefined;
  }
  if (side.metricItem) {
    const mk = items.indexOf(side.metricItem);
    for (const q of side.quals) q.afterMetric = q.start > mk;
    // "total satisfaction" where only an average exists: not a total of it
    const before = items.slice(s, mk).some((o) => o.kind === 'word' && ['total', 'sum'].includes(o.lower));
    if (before && NOT_ADDITIVE.has(lex.metrics.get(side.metric!)?.agg ?? '')) return undefined;
  }
  side.quals.sort((x, y) => x.start - y.start);
  side.items = items.slice(s, e);
  return side;
}

/** The end of the second side: a breakdown, a period, a ranking or the end of the question. */
function sideEnd(items: Item[], from: number): number {
  for (let k = from; k < items.length; k++) {
    const it = items[k];
    if (it.kind === 'time' || it.kind === 'grain') return k;
    if (it.kind === 'punct' && ['?', '.', ';', ','].includes(it.lower)) return k;
    if (
      it.kind === 'kw' &&
      ['group', 'each', 'desc', 'asc', 'sort', 'which', 'list', 'trend', 'compare', 'alltime', 'share'].includes(it.kw!)
    )
      return k;
    if (it.kind === 'word' && ['and', 'or', 'ordered', 'sorted', 'ranked', 'ratio', 'ratios'].includes(it.lower)) return k;
  }
  return items.length;
}

/** The start of a side read backwards from `end` ("[what is the] orders to customers ratio"). */
function sideStart(items: Item[], end: number): number {
  let k = end;
  while (k > 0) {
    const o = items[k - 1];
    const ok =
      o.kind === 'lex' ||
      (o.kind === 'word' && ['the', 'of', 'in', 'from', 'all', 'total', 'overall'].includes(o.lower)) ||
      (o.kind === 'kw' && (o.kw === 'neg' || o.kw === 'count' || !!o.kw?.startsWith('cmp_'))) ||
      o.kind === 'num';
    if (!ok) break;
    k--;
  }
  // leading function words belong to the sentence, not the side
  while (k < end && items[k].kind === 'word' && !ALL_WORDS.has(items[k].lower)) k++;
  return k;
}

interface Reading {
  spanA: Span;
  spanB: Span;
  /** The trigger and separator words. */
  words: Item[];
  shareKw?: Item;
  /** "nations by the ratio of ...": the ratio ranks the breakdown. */
  byKw?: Item;
  /** "revenue ratio of EUROPE to ASIA": the metric named before the ratio word. */
  before?: Item;
  /** "proportion of restaurants with a rating above 4": one side, out of all of its metric (spanB is empty). */
  whole?: boolean;
}

/** Where the two sides are: "ratio of A to B", "A to B ratio", "proportion of A out of all B", "A per B". */
function locate(items: Item[], lex: Lexicon, a: Analysis): Reading | undefined {
  // "per" divides by a metric that counts no thing ("population per area"); "orders per customer" is an average per member
  const perMetric = (den: Item | undefined): boolean => {
    if (!den || den.kind !== 'lex' || !entriesOf(den, 'metric').length || entriesOf(den, 'entity').length) return false;
    const naming = entriesOf(den, 'dimension').some((e) => {
      const x = lex.dimensions.get(e.target);
      return !!x && dimensionOfEntity(lex, x.entity) === x.name;
    });
    const counts = entriesOf(den, 'metric').some((e) => {
      const m = lex.metrics.get(e.target);
      return m?.agg === 'count' || m?.agg === 'count_distinct';
    });
    return !naming && !counts;
  };
  /** The word between the sides; a share word ("percentage of A to B") takes only "to" and "out of". */
  const separator = (from: number, to: number, between: boolean, share: boolean): { at: number; len: number } | undefined => {
    for (let k = from; k < to; k++) {
      const it = items[k];
      // (a verb's own "to" is no separator when another follows: "papers that belong to 2 datasets to ...")
      const verbs = (o: Item | undefined) => mayLink(lex, o) && items.slice(k + 1, to).some((x) => x.kind === 'word' && x.lower === 'to');
      if (it.kind === 'word' && it.lower === 'to' && !verbs(items[k - 1])) return { at: k, len: 1 };
      if (it.kind === 'word' && it.lower === 'out' && items[k + 1]?.lower === 'of') return { at: k, len: 2 };
      // "the percentage of red cars among all cars"
      if (share && it.lower === 'among') return { at: k, len: 1 };
      if (share) continue;
      // "ratio of revenue over cost"
      if (it.kind === 'kw' && it.kw === 'cmp_gt' && it.lower === 'over') return { at: k, len: 1 };
      if (it.kind === 'kw' && it.kw === 'compare' && ['vs', 'versus'].includes(it.lower)) return { at: k, len: 1 };
      if (it.kind === 'kw' && it.kw === 'group' && it.lower === 'per') return perMetric(items[k + 1]) ? { at: k, len: 1 } : undefined;
      if (between && it.kind === 'word' && it.lower === 'and') return { at: k, len: 1 };
    }
    return undefined;
  };
  for (let r = 0; r < items.length; r++) {
    const it = items[r];
    const ratioWord = it.kind === 'word' && RATIO_WORDS.has(it.lower);
    const shareWord = it.kind === 'kw' && it.kw === 'share' && SHARE_OPENERS.has(it.lower);
    // "A divided by B": the quotient of two figures
    const divided = it.kind === 'word' && it.lower === 'divided' && items[r + 1]?.kind === 'kw' && items[r + 1]!.lower === 'by';
    if (divided) {
      const aStart = sideStart(items, r);
      const end = sideEnd(items, r + 2);
      if (aStart < r && end > r + 2) return { spanA: [aStart, r], spanB: [r + 2, end], words: [it, items[r + 1]!] };
      continue;
    }
    if (!ratioWord && !shareWord) continue;
    const next = items[r + 1];
    // "A as a fraction / percentage / share of B": A out of B
    const as = items[r - 1] && ['a', 'an'].includes(items[r - 1]!.lower) && items[r - 2]?.lower === 'as';
    if (shareWord && as && next?.lower === 'of') {
      const aStart = sideStart(items, r - 2);
      const end = sideEnd(items, r + 2);
      if (aStart < r - 2 && end > r + 2)
        return { spanA: [aStart, r - 2], spanB: [r + 2, end], words: items.slice(r - 2, r + 2), shareKw: it };
      continue;
    }
    // "ratio of A to B", "ratio between A and B", "proportion of A out of all B"; "ratio of A and B" when nothing else divides
    if (next && (next.lower === 'of' || (ratioWord && next.lower === 'between'))) {
      const start = r + 2;
      const sep =
        separator(start, items.length, next.lower === 'between', shareWord) ??
        (ratioWord ? separator(start, items.length, true, false) : undefined);
      // "what proportion of restaurants have a rating above 4": a share word with one side, out of all of it
      if (!sep && shareWord && next.lower === 'of') {
        const end = sideEnd(items, start);
        if (end > start) return { spanA: [start, end], spanB: [end, end], words: [it, next], shareKw: it, whole: true };
      }
      if (!sep || sep.at === start) continue;
      const bStart = sep.at + sep.len;
      const end = sideEnd(items, bStart);
      if (end <= bStart) continue;
      let b = r - 1;
      while (b >= 0 && items[b].kind === 'word' && items[b].lower === 'the') b--;
      const by =
        items[b]?.kind === 'kw' && ((items[b].kw === 'group' && items[b].lower === 'by') || items[b].kw === 'sort') ? items[b] : undefined;
      const before = ratioWord && items[r - 1]?.kind === 'lex' && entriesOf(items[r - 1], 'metric').length ? items[r - 1] : undefined;
      return {
        spanA: [start, sep.at],
        spanB: [bStart, end],
        words: [it, next, ...items.slice(sep.at, bStart)],
        ...(shareWord ? { shareKw: it } : {}),
        ...(by && ratioWord ? { byKw: by } : {}),
        ...(before ? { before } : {}),
      };
    }
    // "(the) A to B ratio"
    if (ratioWord && r > 0) {
      const sep = [...items.slice(0, r)]
        .map((o, k) => ({ o, k }))
        .reverse()
        .find(({ o }) => o.kind === 'word' && o.lower === 'to');
      if (!sep || sep.k === r - 1) continue;
      const aStart = sideStart(items, sep.k);
      if (aStart >= sep.k) continue;
      return { spanA: [aStart, sep.k], spanB: [sep.k + 1, r], words: [it, sep.o] };
    }
  }
  // "population per area": "per" a metric that is no count of a thing (that one is an average per member)
  if (a.ratio?.num) {
    const den = a.ratio.den;
    const d = items.indexOf(den);
    const per = items
      .slice(0, d)
      .reverse()
      .find((o) => o.kind === 'kw' && o.kw === 'group' && o.lower === 'per');
    if (!per || !perMetric(den)) return undefined;
    const pk = items.indexOf(per);
    if (
      entriesOf(den, 'metric').some((e) => {
        const m = lex.metrics.get(e.target);
        return m?.agg === 'count' || m?.agg === 'count_distinct';
      })
    )
      return undefined;
    const aStart = sideStart(items, pk);
    if (aStart >= pk) return undefined;
    return { spanA: [aStart, pk], spanB: [d, sideEnd(items, d)], words: [per] };
  }
  return undefined;
}

/** A column name made of words. */
export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
const OP_WORDS: Record<string, string> = { gt: 'above', gte: 'min', lt: 'below', lte: 'max', eq: 'eq', ne: 'not' };
const qualSlug = (q: Qual) =>
  q.period
    ? q.text
    : q.filter
      ? `${q.filter.op === 'ne' || q.filter.op === 'not_in' ? 'not ' : ['gt', 'gte', 'lt', 'lte', 'between'].includes(q.filter.op) ? `${q.filter.dimension} ${OP_WORDS[q.filter.op] ?? ''} ` : ''}${q.filter.values.join(' ')}`
      : `${q.cond!.metric} ${OP_WORDS[q.cond!.op]} ${q.cond!.value}`;

export const ratio: Construction = {
  name: 'ratio',
  recognise({ items, a, lex, ctx }) {
    const where = locate(items, lex, a);
    if (!where) return null;
    // "papers in 2019 to papers in 2020": when the first side has a period, the one after the second is its own
    if (items.slice(...where.spanA).some((it) => it.kind === 'time') && items[where.spanB[1]]?.kind === 'time')
      where.spanB = [where.spanB[0], sideEnd(items, where.spanB[1] + 1)];
    // "... to the total number of papers in the database": every row there is
    const [b0, b1] = where.spanB;
    const whole = items.slice(b0, b1).findIndex((it, k, all) => it.kind === 'word' && WHOLE_DATA.has(it.lower) && k === all.length - 1);
    if (whole >= 0) {
      let from = b0 + whole;
      while (
        from > b0 &&
        items[from - 1].kind === 'word' &&
        ['in', 'the', 'our', 'this', 'entire', 'whole', 'across'].includes(items[from - 1].lower)
      )
        from--;
      if (items[from]?.lower !== 'in' && items[from]?.lower !== 'across') return null;
      where.words.push(...items.slice(from, b1));
      where.spanB = [b0, from];
    }
    // the entities the sides speak of: a value stored in several dimensions with the same rows is read on theirs
    const near = items
      .slice(where.spanA[0], where.spanB[1])
      .flatMap((it) => [
        ...entriesOf(it, 'entity').map((x) => x.target),
        ...entriesOf(it, 'metric').map((x) => lex.metrics.get(x.target)?.entity ?? ''),
      ]);
    const A = parseSide(items, where.spanA, lex, a, ctx, near);
    // one side out of all of its metric: only a condition on the members counted (values are the share of a subset's rule;
    // two qualifiers could each be the whole or the part)
    let B = where.whole
      ? A?.metric && A.quals.length === 1 && A.quals[0]!.cond
        ? { items: [], quals: [], all: true, metric: A.metric }
        : undefined
      : parseSide(items, where.spanB, lex, a, ctx, near);
    if (!A || !B) return null;
    // values after the second side's metric: its own in parallel with the first side, else the whole question's
    const post = B.quals.filter((q) => q.afterMetric);
    const pre = B.quals.length - post.length;
    const own = B.all ? 0 : A.metric && A.metric === B.metric && !A.quals.length && !pre ? post.length : Math.max(0, A.quals.length - pre);
    // "Italian restaurants to restaurants in Boston": Boston for the second side only, or for both? Refused.
    // ("the population of Ohio to the population of the United States": each side's values after its own metric, in parallel)
    const parallel = A.quals.length > 0 && A.quals.every((q) => q.afterMetric) && !pre && post.length === A.quals.length;
    if (
      A.metric &&
      A.metric === B.metric &&
      !parallel &&
      post.slice(0, own).some((q) => !A.quals.some((x) => x.family === q.family)) &&
      A.quals.length
    )
      return null;
    // "returned line items to line items not returned": a value on the column the first side's own figure is
    // filtered by says what the second side is; for both sides it would empty the first
    const filteredBy = (m: string | undefined, q: Qual) => {
      const column = columnOf(ctx.model.dimensions.find((d) => d.name === q.filter?.dimension)?.sql);
      const filter = ctx.model.measures.find((x) => x.name === m)?.filter ?? '';
      return !!column && new RegExp(`\\b${column}\\b`, 'i').test(filter);
    };
    const ownByFirst = post.slice(own).filter((q) => filteredBy(A.metric, q));
    if (ownByFirst.length && ownByFirst.length !== post.length - own) return null;
    const trailing = ownByFirst.length ? [] : post.slice(own);
    // a condition on members is said of the thing before it, never of both sides
    if (trailing.some((q) => q.cond)) return null;
    if (trailing.length) {
      const families = new Set([...A.quals, ...B.quals.filter((q) => !trailing.includes(q))].map((q) => q.family));
      if (trailing.some((q) => families.has(q.family))) return null;
      // the second side ends before the first trailing condition (and the words introducing it)
      let cut = trailing[0].start;
      while (
        cut > where.spanB[0] &&
        items[cut - 1].kind === 'word' &&
        ['in', 'from', 'for', 'at', 'of', 'with', 'the', 'on'].includes(items[cut - 1].lower)
      )
        cut--;
      B = parseSide(items, [where.spanB[0], cut], lex, a, ctx, near);
      if (!B) return null;
    }
    // "revenue ratio of EUROPE to ASIA": two sides of values only, of the metric named before
    let before: Item | undefined;
    if (!A.metric && !B.metric && where.before && A.quals.length && B.quals.length) {
      const m = metricOf(lex, a, where.before, false);
      if (!m || !A.quals.every((q) => B.quals.some((o) => o.family === q.family))) return null;
      A.metric = B.metric = m;
      before = where.before;
    }
    // one side may name only values: it counts what the other side counts ("shipped to returned orders")
    for (const [x, y] of [
      [A, B],
      [B, A],
    ] as const) {
      if (x.metric || !x.quals.length || !y.metric) continue;
      if (!x.quals.every((q) => y.quals.some((o) => o.family === q.family))) return null;
      x.metric = y.metric;
    }
    if (!A.metric || !B.metric) return null;
    // "its" / "their" on the second side is the thing the first side measures
    const entityOf = (m: string) => lex.metrics.get(m)?.entity;
    if (B.items.some((it) => it.kind === 'word' && POSSESSIVES.has(it.lower)) && entityOf(A.metric) !== entityOf(B.metric)) return null;
    if (A.items.some((it) => it.kind === 'word' && POSSESSIVES.has(it.lower))) return null;
    // "population of Ohio per area": the density of Ohio or Ohio's people over all the area? Refused.
    const per = where.words.some((w) => w.kind === 'kw' && w.lower === 'per');
    if (per && A.metric !== B.metric && A.quals.length && !B.quals.length) return null;
    if (A.metric === B.metric && !A.quals.length && !B.quals.length) return null;
    // a number column per member divides only by another of the same members ("helpfulness to clarity score for each course")
    if ((A.perMember || B.perMember) && A.perMember !== B.perMember) return null;
    // a subset by a condition on members is a ratio to all of them (the share of a subset takes filters only)
    const share = A.metric === B.metric && A.quals.length > 0 && !B.quals.length && A.quals.every((q) => q.filter);
    if (
      !share &&
      A.metric === B.metric &&
      A.quals.length &&
      B.quals.length &&
      JSON.stringify(A.quals.map((q) => [q.filter, q.until, q.cond])) === JSON.stringify(B.quals.map((q) => [q.filter, q.until, q.cond]))
    )
      return null;

    // the general rules must not read the sides' metrics, values, conditions or groups on their own
    const sideItems = new Set([...A.items, ...B.items, ...(before ? [before] : [])]);
    const posIn = (p: number) => sideItems.has(items[p]);
    a.metrics = a.metrics.filter((m) => !sideItems.has(m.item));
    a.values = a.values.filter((v) => !sideItems.has(v.item));
    a.cmps = a.cmps.filter((c) => !c.words.some((w) => w && sideItems.has(w)) && !posIn(c.pos));
    // ("among all cars": the separator, no breakdown and no ranking)
    a.groups = a.groups.filter((g) => !posIn(g.pos) && !where.words.includes(items[g.pos]!));
    a.rankingKeywords = a.rankingKeywords?.filter((k) => !where.words.includes(k));
    a.dimMentions = a.dimMentions.filter((d) => !sideItems.has(d.item));
    a.unknown = a.unknown.filter((u) => !where.words.includes(u));
    const sideTimes = [...sideItems].flatMap((it) => (it.kind === 'time' && it.hit ? [it.hit] : []));
    a.times = a.times.filter((h) => !sideTimes.includes(h));
    a.countUnknown = a.countUnknown.filter((u) => !sideItems.has(u));
    if (a.ratio && (sideItems.has(a.ratio.den) || where.words.includes(a.ratio.den))) a.ratio = undefined;
    if (where.shareKw) a.share = false;
    if (
      a.rankingMetric &&
      (a.rankingMetric === A.metric || a.rankingMetric === B.metric) &&
      !a.metrics.some((m) => m.name === a.rankingMetric)
    )
      a.rankingMetric = undefined;
    for (const it of sideItems) if (it.kind === 'num') it.used = true;
    // a side's verb dating its period is the side's ("papers published in 2020"), never the dated-verb rule's
    for (const q of [...A.quals, ...B.quals]) if (q.verb) for (const it of q.items) if (it.kind === 'word') it.used = true;
    // a ranking ("the highest ratio of ...") ranks by the ratio, never by a default metric
    const superl = a.superlatives.find((s) => !posIn(s.pos));
    const sortDir = a.sortDir;
    const sortKws = items.filter((it) => it.kind === 'kw' && (it.kw === 'sort' || it.kw === 'asc_word' || it.kw === 'desc_word'));
    const rankWords = items.filter(
      (it, k) => k >= where.spanB[1] && !where.words.includes(it) && it.kind === 'word' && RATIO_WORDS.has(it.lower),
    );
    if (where.byKw) a.slotUnknown = a.slotUnknown.filter((u) => !where.words.includes(u));
    if (superl || sortKws.length || where.byKw) {
      a.superlatives = a.superlatives.filter((s) => s !== superl);
      a.sortBy = false;
      a.sortDir = undefined;
      a.unknown = a.unknown.filter((u) => !rankWords.includes(u));
    }
    const plural = a.groups.some((g) => g.plural);
    a.providesMetric = true;
    const metricA = A.metric;
    const metricB = B.metric;
    const sides = { A, B };
    // both sides one value of each member's own row ("the cruising speed to the payload"), said with no aggregate word
    const attributes = rowAttributes(ctx.model);
    const entityOfMetric = (m: string) => lex.metrics.get(m)?.entity;
    const ownValue = (x: Side) =>
      !!x.metric &&
      attributes.has(x.metric) &&
      !x.quals.length &&
      !x.all &&
      !x.items.some((it) => it.lower.split(' ').some((w) => AGGREGATE_WORDS.has(w)));
    const rowRatio =
      ownValue(A) && ownValue(B) && entityOfMetric(metricA) === entityOfMetric(metricB) ? entityOfMetric(metricA) : undefined;
    const ratioAt = items.indexOf(where.words[0]!);
    const averaged = rowRatio && AVERAGE_WORDS.has(items[ratioAt - 1]?.lower ?? '') ? items[ratioAt - 1] : undefined;
    const varies = items.some((it) => it.kind === 'kw' && it.kw === 'group' && /^(vary|varies|differ|differs) /.test(it.lower));

    return {
      construction: 'ratio',
      apply(query: SemanticQuery, notes: string[]): SemanticQuery | string {
        if (query.comparison) return 'A ratio is not compared between periods: ask for it in each period.';
        const label = (m: string) => lex.metrics.get(m)?.label ?? m;
        const text = (x: Side) => {
          const its = [...x.items];
          while (its.length && its[0].kind === 'word' && SIDE_LINKS.has(its[0].lower)) its.shift();
          while (its.length && its[its.length - 1].kind === 'word' && SIDE_LINKS.has(its[its.length - 1].lower)) its.pop();
          return (
            its
              .map((o) => o.text)
              .join(' ')
              .replace(/\( /g, '(')
              .replace(/ \)/g, ')')
              .trim() || label(x.metric!).toLowerCase()
          );
        };
        const valuesText = (x: Side) => x.quals.map((q) => q.text).join(', ');
        const name =
          share || where.whole
            ? `${metricA}_share_${slug(share ? valuesText(sides.A) : sides.A.quals.map(qualSlug).join(' '))}`
            : `${slug(`${metricA} ${sides.A.quals.map(qualSlug).join(' ')}`)}_to_${slug(`${metricB} ${sides.B.quals.map(qualSlug).join(' ')}`)}`;
        if (query.metrics.includes(name) || query.group_by.some((g) => g.dimension === name))
          return `The ratio's column would clash with ${name}.`;
        const filters = (x: Side) => x.quals.flatMap((q) => [q.filter, q.until].filter((f): f is DimensionFilter => !!f));
        // a period of one side: the question has no other period, nor a breakdown by time
        const periods = [sides.A, sides.B].some((x) => x.quals.some((q) => q.period));
        if (periods && (query.time_range || query.group_by.some((g) => ctx.model.time_dimensions.some((t) => t.name === g.dimension))))
          return "A ratio of two periods cannot also have a period or a breakdown by time of its own: ask for each side's period only.";
        // a condition counts its members over the question's period, like the entity-condition rule
        const conditions = (x: Side): EntityCondition[] =>
          x.quals.flatMap((q) => (q.cond ? [{ ...q.cond, ...(query.time_range ? { time_range: { ...query.time_range } } : {}) }] : []));
        const ranked = (q: SemanticQuery): SemanticQuery => {
          if (!((superl || sortKws.length || where.byKw) && q.group_by.length)) return q;
          const dir = superl?.dir ?? sortDir ?? 'desc';
          consume(...(superl ? [items[superl.pos]] : []), ...sortKws, ...rankWords, where.byKw);
          notes.push(`Ranked by the ratio, ${dir === 'desc' ? 'highest' : 'lowest'} first`);
          return { ...q, order: [{ by: name, direction: dir }], ...(superl ? { limit: superl.n ?? (plural ? 10 : 1) } : {}) };
        };
        // two figures of each member's own row: over a breakdown of several members, the average of each one's ratio
        // when "average" (or "how does it vary") says so; a ratio of an average to a total is never answered
        if (rowRatio) {
          const key = keyDimension(ctx.model, rowRatio);
          const column = (d: string) => columnOf(ctx.model.dimensions.find((x) => x.name === d)?.sql);
          const oneEach = query.group_by.some(
            (g) =>
              g.dimension === key || g.dimension === dimensionOfEntity(lex, rowRatio) || (!!key && column(g.dimension) === column(key)),
          );
          if (!oneEach && (averaged || (varies && query.group_by.length))) {
            if (query.metrics.length)
              return `The ratio is asked beside ${query.metrics.map((m) => label(m).toLowerCase()).join(', ')}: ask for each separately.`;
            consume(...where.words, ...sides.A.items, ...sides.B.items, averaged);
            notes.push(`Average ratio: each ${rowRatio.replace(/_/g, ' ')}'s ${text(sides.A)} divided by its ${text(sides.B)}, averaged`);
            return ranked({
              ...query,
              share_of_total: [],
              column_aggregates: [
                ...(query.column_aggregates ?? []),
                { name, of: metricA, per: metricB, agg: 'avg', label: `Average ratio of ${text(sides.A)} to ${text(sides.B)}` },
              ],
            });
          }
          if (!oneEach && lex.metrics.get(metricA)?.agg !== lex.metrics.get(metricB)?.agg)
            return `The ratio of ${text(sides.A)} to ${text(sides.B)} over several ${rowRatio.replace(/_/g, ' ')}s: ask for the average ratio, or for each ${rowRatio.replace(/_/g, ' ')}.`;
        }
        // a number column read per member needs one member per row of the answer: "for each course"
        // (grouped by its name) is each course, its key joining the name (names may be shared)
        for (const x of [sides.A, sides.B]) {
          // (a figure of the members' own column, "clarity score" of courses, is theirs too)
          const info = x.metric ? lex.metrics.get(x.metric) : undefined;
          const own =
            x.perMember ?? (info && !x.quals.length && ['avg', 'sum', 'min', 'max'].includes(info.agg ?? '') ? info.entity : undefined);
          const key = own ? keyDimension(ctx.model, own) : undefined;
          // (its naming dimension, else its one name: "course_name" of courses)
          const names = own ? [dimensionOfEntity(lex, own), ...nameCandidates(ctx.model, lex, own)].filter(Boolean) : [];
          const naming = own ? (dimensionOfEntity(lex, own) ?? (names.length === 1 ? names[0] : undefined)) : undefined;
          if (key && naming && !query.group_by.some((g) => g.dimension === key) && query.group_by.some((g) => g.dimension === naming))
            query = { ...query, group_by: [{ dimension: key }, ...query.group_by] };
        }
        for (const x of [sides.A, sides.B]) {
          const key = x.perMember ? keyDimension(ctx.model, x.perMember) : undefined;
          if (x.perMember && !(key && query.group_by.some((g) => g.dimension === key)))
            return `A ratio of ${text(x)} is a figure of each ${x.perMember.replace(/_/g, ' ')}: ask for it for each ${x.perMember.replace(/_/g, ' ')} (by its id).`;
        }
        // another figure beside the ratio ("... for each category of businesses": the categories read as their count
        // beside a breakdown by business) is no part of it: never answered beside it
        const others = query.metrics.filter((m) => m !== metricA && m !== metricB);
        if (others.length && query.group_by.length)
          return `The ratio is asked beside ${others.map((m) => label(m).toLowerCase()).join(', ')}: ask for each separately, naming one breakdown.`;
        // each side's rows must reach every member of the breakdown to-one: through a linking table ("publications
        // to authors for each organization", the publications of its authors) it is unclear whether members with no
        // linked rows count, so the ratio is refused
        const graph = joinGraph(ctx.model);
        for (const g of query.group_by) {
          const owner = lex.dimensions.get(g.dimension)?.entity ?? lex.timeDimensions.get(g.dimension)?.entity;
          for (const m of [metricA, metricB]) {
            const rows = lex.metrics.get(m)?.entity;
            if (owner && rows && rows !== owner && !graph.path(rows, owner))
              return `${label(m)} reach ${owner.replace(/_/g, ' ')} only through related rows: ask for the ratio of each thing's own rows.`;
          }
        }
        for (const x of [sides.A, sides.B]) for (const q of x.quals) consume(...q.items);
        consume(...where.words, ...sides.A.items, ...sides.B.items, before);
        const undated = [metricA, metricB].filter((m) => lex.metrics.get(m)?.timeBound === false);
        if (query.time_range && undated.length)
          notes.push(
            `${[...new Set(undated)].map(label).join(', ')} ${undated.length > 1 ? 'are' : 'is'} not dated: the period does not apply to ${undated.length > 1 ? 'them' : 'it'}`,
          );
        let q: SemanticQuery = { ...query, share_of_total: [] };
        if (share) {
          notes.push(`Share: ${label(metricA)} where ${valuesText(sides.A)}, as a fraction of all ${label(metricA).toLowerCase()}`);
          q = {
            ...q,
            subset_metrics: [
              ...(q.subset_metrics ?? []),
              { name, metric: metricA, filters: filters(sides.A), as: 'share', label: valuesText(sides.A) },
            ],
          };
        } else {
          // a share word over all of the same metric: a part of the whole, shown as a percentage
          const part = !!where.shareKw && metricA === metricB && !sides.B.quals.length;
          notes.push(
            part
              ? `Share: ${text(sides.A)} out of all ${label(metricA).toLowerCase()} (a fraction, shown as a percentage)`
              : `Ratio: ${text(sides.A)} divided by ${text(sides.B)} (a decimal; empty when the second is 0)`,
          );
          // a side's rows that reach no member of the breakdown ("authors to organizations by continent": authors with no
          // organization) belong to no group: counted there, they would be set against members they are not of
          const reaching = (x: Side): DimensionFilter[] =>
            q.group_by.flatMap((g) => {
              const owner = lex.dimensions.get(g.dimension)?.entity;
              const key = owner && owner !== lex.metrics.get(x.metric!)?.entity ? keyDimension(ctx.model, owner) : undefined;
              return key ? [{ dimension: key, op: 'is_set' as const, values: [] }] : [];
            });
          const side = (x: Side) => ({
            metric: x.metric!,
            ...(filters(x).length || reaching(x).length ? { filters: [...filters(x), ...reaching(x)] } : {}),
            ...(conditions(x).length ? { conditions: conditions(x) } : {}),
            label: text(x),
          });
          q = {
            ...q,
            ratios: [
              ...(q.ratios ?? []),
              {
                name,
                numerator: side(sides.A),
                denominator: side(sides.B),
                ...(part ? { as: 'share' as const } : {}),
                label: where.whole
                  ? `Share of ${text(sides.A)}`
                  : `${before ? `${before.text[0]!.toUpperCase()}${before.text.slice(1)} ratio` : 'Ratio'} of ${text(sides.A)} to ${text(sides.B)}`,
              },
            ],
          };
        }
        return ranked(q);
      },
    };
  },
};

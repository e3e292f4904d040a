/** Mentions -> SemanticQuery: filters with roles, comparisons, groups, period and grain, default metric, ranking, shares, confidence. */
import { joinGraph } from '../semantic/graph.js';
import type { SemanticModel } from '../semantic/model.js';
import {
  anyOfFilters,
  type DimensionFilter,
  type EntityCondition,
  type GroupBy,
  type MetricFilter,
  type SemanticQuery,
  type TimeRange,
} from '../semantic/query.js';
import { type LexEntry, type Lexicon } from './lexicon.js';
import { DAY_NAMES, naturalGrain, OPEN_START, type TimeHit, type TimeUnit } from './time.js';
import { type InterpretContext } from './types.js';
import { ALL_OF_AFTER, ALL_OF_BEFORE, RESIDING, STOPWORDS, type Keyword } from './words.js';
import { directionSaysLength, lengthAfter, lengthOfAt } from './text-length.js';
import { consume, type Grain, type Item, PREPOSITIONS, SKIP, entriesOf } from './spans.js';
import {
  comparedItem,
  countMetricOfEntities,
  dimensionOfEntity,
  noteConditionWords,
  type Analysis,
  type MetricMention,
  type RoleMention,
  sameFamily,
} from './analyse.js';
import { quoteList, uniq } from './refusals.js';
import { keyDimension } from './constructions/listing.js';
import { rowsNamed } from './members.js';
import { undatedYearColumn, yearColumnTakes } from './year-columns.js';
import { relatedDateFilters } from './related-date.js';
import { lookupTable } from './lookup.js';
import { EXTENT_PARTICLES, extentNeedsParticle, extentVerb, namesExtent } from './linking.js';
import { columnOf, unitOfCompared } from './units.js';
import { type FrequencyVerb, verbKeepsCount } from './frequency-verbs.js';

/** Superlative words that are only aggregate words: "the maximum X of the things" is one figure, never a ranking. */
const AGGREGATE_ONLY = new Set(['maximum', 'minimum', 'max', 'min']);

export interface Built {
  query: SemanticQuery;
  notes: string[];
  confidence: number;
  usedDefaultMetric: boolean;
  /** Dimension mentions that went into no group, filter or qualifier (see danglingMentions). */
  ungrouped: Analysis['dimMentions'];
  /** Values that read as two different dimensions with nothing to choose between them. */
  competing: string[];
  /** Readings the question leaves open, each said with how to close it. */
  unsaid: string[];
  hasOwnMetric: boolean;
}

/** Words in a dimension's label that say which end of a trip or transfer it is: "from X", "to Y". */
const DIRECTION_WORDS: Readonly<Record<string, ReadonlySet<string>>> = lookupTable({
  from: new Set(['from', 'origin', 'departure', 'source', 'sender', 'start']),
  to: new Set(['to', 'destination', 'dest', 'arrival', 'target', 'receiver', 'recipient', 'end']),
});

/** Verbs of leaving or reaching that say the end of a trip a value is at: "leaving Denver", "arriving in Leeds". */
const END_VERBS: Readonly<Record<string, 'from' | 'to'>> = lookupTable({
  leaving: 'from',
  leave: 'from',
  leaves: 'from',
  departing: 'from',
  depart: 'from',
  departs: 'from',
  arriving: 'to',
  arrive: 'to',
  arrives: 'to',
  reaching: 'to',
});

/**
 * The end of a trip the words before a value say ("from"/"to", "leaving", "arriving in", "between"), with the
 * verb words that only say it (read when the value is found at that end).
 */
function endBefore(items: Item[], pos: number): { direction: ReadonlySet<string>; verbs: Item[] } | undefined {
  const word = (i: number) => (items[i]?.kind === 'word' ? items[i]!.lower : '');
  const prep = word(pos - 1);
  if (END_VERBS[prep]) return { direction: DIRECTION_WORDS[END_VERBS[prep]]!, verbs: [items[pos - 1]!] };
  if (['in', 'at', 'into'].includes(prep) && END_VERBS[word(pos - 2)] === 'to')
    return { direction: DIRECTION_WORDS.to!, verbs: [items[pos - 2]!, items[pos - 1]!] };
  // "between Leeds and York": the first is where the trip starts, the second where it ends
  if (prep === 'between') return { direction: DIRECTION_WORDS.from!, verbs: [items[pos - 1]!] };
  if (prep === 'and' && word(pos - 3) === 'between') return { direction: DIRECTION_WORDS.to!, verbs: [items[pos - 1]!] };
  const direction = DIRECTION_WORDS[prep];
  if (!direction) return undefined;
  // "leaving from Seattle": the verb says the same end as the preposition
  const verb = END_VERBS[word(pos - 2)];
  return { direction, verbs: verb && DIRECTION_WORDS[verb] === direction ? [items[pos - 2]!] : [] };
}

/** A verb of extent ends right before item `pos` ("runs through", "crossing", "that flow through the"). */
function extentBefore(items: Item[], pos: number): boolean {
  const word = (i: number) => (items[i]?.kind === 'word' || items[i]?.kind === 'kw' ? items[i]!.lower : '');
  let k = pos - 1;
  if (['the', 'a', 'an'].includes(word(k))) k--;
  const particle = EXTENT_PARTICLES.has(word(k));
  if (particle) k--;
  const verb = extentVerb(word(k));
  // ("do not run through X" of a thing kept in several rows, one per place, keeps those with another place too: not read here)
  const negated = ['not', "n't", 'never'].includes(word(k - 1));
  return !!verb && !negated && (particle || !extentNeedsParticle(verb));
}

/** The word saying "all of them" of the values from item `first` to item `last`: right before them, or a few words after. */
function allOfWord(items: Item[], first: number, last: number): Item | undefined {
  const before = items.slice(Math.max(0, first - 3), first).find((o) => o.kind === 'word' && ALL_OF_BEFORE.has(o.lower));
  const after = items.slice(last + 1, last + 6).find((o) => o.kind === 'word' && ALL_OF_AFTER.has(o.lower));
  return before ?? after;
}

/**
 * The count of the one thing whose rows relate `thing` to `owner` (a paper's authorships: writes),
 * each row reaching both; none when no thing or several do.
 */
function linkingCount(model: SemanticModel, thing: string, owner: string): string | undefined {
  const graph = joinGraph(model);
  const counts = model.measures.filter(
    (m) => m.agg === 'count' && !m.filter && m.entity !== thing && !!graph.path(m.entity, thing) && !!graph.path(m.entity, owner),
  );
  return uniq(counts.map((m) => m.entity)).length === 1 ? counts[0]!.name : undefined;
}

/** The phrase of these entries selects the same rows in every one of the dimensions (checked on the data). */
export function sameRowsIn(ctx: InterpretContext, entries: LexEntry[], dims: string[]): boolean {
  const phrases = uniq(entries.map((e) => e.phrase.toLowerCase()));
  return phrases.length === 1 && !!ctx.sameRows?.[phrases[0]!]?.some((g) => dims.every((d) => g.includes(d)));
}

/**
 * The thing a value describes: the one named right after it ("active merchants"), past other values
 * before the same noun ("active retail merchants"), else the one thing counted.
 */
export function describedThing(lex: Lexicon, items: Item[], pos: number, metrics: string[]): string | undefined {
  let p = pos + 1;
  const valueOnly = (o: Item | undefined) =>
    o?.kind === 'lex' && entriesOf(o, 'value').length > 0 && (o.entries ?? []).every((e) => e.kind === 'value');
  while (valueOnly(items[p])) p++;
  const next = items[p];
  const named =
    next?.kind === 'lex'
      ? uniq([
          ...entriesOf(next, 'entity').map((e) => e.target),
          ...entriesOf(next, 'metric')
            .filter((e) => lex.metrics.get(e.target)?.agg === 'count')
            .map((e) => lex.metrics.get(e.target)?.entity ?? ''),
        ]).filter(Boolean)
      : [];
  if (named.length) return named.length === 1 ? named[0] : undefined;
  const counted = uniq(metrics.map((m) => lex.metrics.get(m)?.entity ?? ''));
  return counted.length === 1 && metrics.every((m) => lex.metrics.get(m)?.agg === 'count') ? counted[0] || undefined : undefined;
}

/** Of dimensions that give one answer, the one on an entity the question is about, else one it reaches, else the first. */
export function closestTo(lex: Lexicon, model: SemanticModel, dims: string[], entities: string[]): string {
  const own = entities.filter(Boolean);
  const graph = joinGraph(model);
  return (
    dims.find((d) => own.includes(lex.dimensions.get(d)?.entity ?? '')) ??
    dims.find((d) => own.some((e) => graph.path(e, lex.dimensions.get(d)?.entity ?? ''))) ??
    dims[0]!
  );
}

export function build(a: Analysis, items: Item[], lex: Lexicon, ctx: InterpretContext, fragment: boolean): Built | null {
  const model = ctx.model;
  const notes: string[] = [...a.notes];
  let confidence = 1; // full coverage; each assumption below lowers it

  // ---- metrics
  let metrics = uniq(a.metrics.map((m) => m.name));
  for (const m of a.metrics) {
    const info = lex.metrics.get(m.name)!;
    notes.push(`Metric: ${info.label}${m.via && m.via.toLowerCase() !== info.label.toLowerCase() ? ` (from "${m.via}")` : ''}`);
  }
  // role swap (customer account balance -> supplier account balance when suppliers are meant)
  metrics = metrics.map((name) => swapMetricRole(lex, name, a.roles));
  const hasOwnMetric = metrics.length > 0;
  let usedDefaultMetric = false;

  // ---- filters from values (role resolution: supplier vs customer)
  const filters: DimensionFilter[] = [];
  const byDim = new Map<string, { values: string[]; negated: boolean; text: string[]; items: Item[] }>();
  const competing: string[] = [];
  /** Readings the question leaves open and says how to close (refused with the sentence as it is). */
  const unsaid: string[] = [];
  /** The dimension each value filters on (after roles and readings are resolved). */
  const valueDims = new Map<Item, string>();
  /** The question's words that name things or columns (no values). */
  const namingItems = items.filter((o) => o.kind === 'lex' && !entriesOf(o, 'value').length);
  const baseOf = (d: string) => lex.dimensions.get(d)?.roleOf?.base ?? d;
  const atEnd = (d: string, direction: ReadonlySet<string>) =>
    (lex.dimensions.get(d)?.label ?? d)
      .toLowerCase()
      .split(/[^a-z]+/)
      .some((w) => direction.has(w));
  for (const v of a.values) {
    // a value stored in two different dimensions: the one named next to it, or two readings compete
    let entries = v.entries;
    // "from LAX to ORD": the preposition right before a value names the direction of its dimension
    const said = endBefore(items, v.pos);
    const direction = said?.direction;
    // "from Denver": the value at one end of a trip is held by a role of one column (the location of
    // the airport a flight leaves from), the one the things asked about reach; a column at no end of
    // the trip is no reading of it
    const ends = direction ? uniq(entries.map((e) => e.target).filter((d) => atEnd(d, direction))) : [];
    if (ends.length && ends.some((d) => lex.dimensions.get(d)?.roleOf) && uniq(ends.map(baseOf)).length === 1) {
      const end = closestTo(lex, model, ends, [
        ...metrics.map((m) => lex.metrics.get(m)?.entity ?? ''),
        ...a.roles.flatMap((r) => [...r.entities]),
      ]);
      entries = entries.filter((e) => e.target === end);
      consume(...said!.verbs);
    }
    const bases = uniq(entries.map((e) => baseOf(e.target)));
    if (bases.length > 1) {
      // (the value's own word naming a flag, "active" of is_active, names no column beside it)
      const near = items.slice(Math.max(0, v.pos - 3), v.pos + 4).filter((o) => o.kind === 'lex' && o !== v.item);
      let named = bases.filter((b) => near.some((o) => entriesOf(o, 'dimension').some((d) => baseOf(d.target) === b)));
      // the column named right before the value ("the state with capital Tokyo"); one that does not
      // hold it ("bordering Texas") says something else of it: still two readings
      let just = v.pos - 1;
      while (items[just]?.kind === 'word' && ['the', 'a', 'an'].includes(items[just]!.lower)) just--;
      const namedBefore = items[just]?.kind === 'lex' ? entriesOf(items[just]!, 'dimension').map((d) => baseOf(d.target)) : [];
      if (named.length > 1 && named.filter((b) => namedBefore.includes(b)).length === 1)
        named = named.filter((b) => namedBefore.includes(b));
      if (named.length !== 1 && direction) named = bases.filter((b) => atEnd(b, direction));
      // "streams that run through Arden": a verb of extent right before the value names the column of the places passed
      if (named.length !== 1 && extentBefore(items, v.pos))
        named = bases.filter((b) => namesExtent(columnOf(model.dimensions.find((d) => d.name === b)?.sql) ?? ''));
      // "the population of Arden", "the seat of Brill": a value naming a member of the thing whose
      // figure or column is asked is that member
      if (named.length !== 1 && !namedBefore.some((d) => !bases.includes(d))) {
        const columns = namingItems.flatMap((o) => entriesOf(o, 'dimension'));
        const asked = [...metrics.map((m) => lex.metrics.get(m)?.entity), ...columns.map((d) => lex.dimensions.get(d.target)?.entity)];
        const own = bases.filter((b) => asked.some((ent) => !!ent && dimensionOfEntity(lex, ent) === b));
        if (own.length === 1) named = own;
      }
      // "active merchants", "how many merchants are active": the value of the thing it describes (named
      // right after it, else the one thing counted) when exactly one of the dimensions is that thing's own
      if (named.length !== 1) {
        const thing = describedThing(lex, items, v.pos, metrics);
        const own = thing ? bases.filter((b) => lex.dimensions.get(b)?.entity === thing) : [];
        if (own.length === 1) named = own;
      }
      // a value that selects the same rows in each of them ("Los Angeles" the city and its county): one answer
      if (named.length !== 1 && sameRowsIn(ctx, entries, bases))
        named = [
          closestTo(lex, model, bases, [
            ...metrics.map((m) => lex.metrics.get(m)?.entity ?? ''),
            ...a.roles.flatMap((r) => [...r.entities]),
          ]),
        ];
      if (named.length === 1) entries = entries.filter((e) => baseOf(e.target) === named[0]);
      else competing.push(`"${v.item.text}" is ${bases.map((b) => `a ${lex.dimensions.get(b)?.label.toLowerCase() ?? b}`).join(' and ')}`);
    }
    const e = chooseValueEntry(lex, entries);
    const dim = reachableRole(lex, model, resolveRole(lex, e.target, v.pos, a.roles), metrics);
    // "patients who live in Porto", "offices based in Oslo": a verb of residing before the place's preposition
    // says the value is of the thing's own column, which the filter already reads
    const [verb, prep] = [items[v.pos - 2], items[v.pos - 1]];
    if (
      verb?.kind === 'word' &&
      RESIDING.has(verb.lower) &&
      ['in', 'at', 'on'].includes(prep?.lower ?? '') &&
      namingItems.some((o) => entriesOf(o, 'entity').some((x) => x.target === lex.dimensions.get(dim)?.entity))
    )
      consume(verb);
    if (e.pattern) {
      // a word of several stored values ("JUMBO containers"): the rows whose value has it in its place
      const op = (v.negated ? `not_${e.pattern.op}` : e.pattern.op) as DimensionFilter['op'];
      filters.push({ dimension: dim, op, values: [e.pattern.text] });
      noteConditionWords(a, { dimension: dim, values: [e.pattern.text] }, [v.item]);
      notes.push(
        `Filter: ${lex.dimensions.get(dim)?.label ?? dim} ${op.replace(/_/g, ' ')} "${e.pattern.text.trim()}" (from "${v.item.text}")`,
      );
      valueDims.set(v.item, dim);
      continue;
    }
    const key = `${dim}|${v.negated ? 'not' : ''}`;
    const cur = byDim.get(key) ?? { values: [], negated: v.negated, text: [], items: [] };
    for (const x of e.values ?? []) if (!cur.values.includes(x)) cur.values.push(x);
    cur.text.push(v.item.text);
    cur.items.push(v.item);
    byDim.set(key, cur);
    valueDims.set(v.item, dim);
  }
  const comparedDims: string[] = [];
  const entityConditions: EntityCondition[] = [];
  for (const [key, f] of byDim) {
    const dim = key.split('|')[0];
    if (a.compare && !f.negated && f.values.length > 1) comparedDims.push(dim);
    const op: DimensionFilter['op'] = f.negated ? (f.values.length > 1 ? 'not_in' : 'ne') : f.values.length > 1 ? 'in' : 'eq';
    // "papers by Ada and Bo": rows related to many of the values' thing (a paper has several
    // authors) may have both or either; "and" or nothing between does not say which ("or", "either" and "both" do)
    if (op === 'in' && !a.compare) {
      const owner = lex.dimensions.get(dim)?.entity;
      // (the things counted, or else the things the question names: "papers by ...")
      const named = namingItems.flatMap((o) => entriesOf(o, 'entity').map((e) => e.target));
      const counted = uniq(metrics.length ? metrics.map((m) => lex.metrics.get(m)?.entity ?? '') : named);
      const k = f.items.map((it) => items.indexOf(it));
      const between = items.slice(Math.min(...k), Math.max(...k));
      if (
        owner &&
        counted.length === 1 &&
        counted[0] !== owner &&
        !joinGraph(model).path(counted[0]!, owner) &&
        // (side by side with no word between, "Cafe Pizza" places, says neither)
        !between.some((o) => ['or', 'either'].includes(o.lower))
      ) {
        // "papers by both Ada and Bo", "papers Ada and Bo wrote together": the things with rows for each value
        // (the things asked for by number or in the plural: "has Ada written a paper with Bo" asks whether one exists)
        const many = items.some(
          (o) =>
            (o.kind === 'kw' && o.kw === 'count') ||
            (o.kind === 'lex' && !!o.plural && entriesOf(o, 'entity').some((e) => e.target === counted[0])),
        );
        const said = many ? allOfWord(items, Math.min(...k), Math.max(...k)) : undefined;
        const rows = said ? linkingCount(model, counted[0]!, owner) : undefined;
        if (said && rows) {
          consume(said);
          for (const value of f.values)
            entityConditions.push({
              entity: counted[0]!,
              metric: rows,
              op: 'gte',
              value: 1,
              filters: [{ dimension: dim, op: 'eq', values: [value] }],
            });
          noteConditionWords(a, { dimension: dim, values: f.values }, f.items);
          notes.push(
            `Kept: ${counted[0]!.replace(/_/g, ' ')} rows with every one of ${lex.dimensions.get(dim)?.label ?? dim} ${f.values.join(', ')} (from "${said.text}")`,
          );
          continue;
        }
        unsaid.push(
          `${quoteList(f.text)}: ${counted[0]!.replace(/_/g, ' ')} rows with all of them, or with any one of them? Say "both" or "either".`,
        );
      }
    }
    filters.push({ dimension: dim, op, values: f.values });
    noteConditionWords(a, { dimension: dim, values: f.values }, f.items);
    notes.push(`Filter: ${lex.dimensions.get(dim)?.label ?? dim} ${opText(op)} ${f.values.join(', ')} (from "${f.text.join('", "')}")`);
  }

  // ---- numeric dimension comparisons and metric comparisons
  const metricFilters: MetricFilter[] = [];
  const metricCmps: Analysis['cmps'] = [];
  /** The number ending the last comparison on a numeric dimension, and that dimension ("size above 10 or below 2"). */
  let lastDimCmp: { num: Item; dimension: string } | undefined;
  for (const c of a.cmps) {
    // the metric (or numeric dimension) named right before the comparison, or right after its number
    let target: { kind: 'metric' | 'dimension'; name: string } | undefined;
    /** A numeric column named right after the number ("more than 3 members" of a band's own members column). */
    let unitDim: Item | undefined;
    const at = comparedItem(items, c, lex);
    if (at?.after) {
      const o = at.item;
      if (entriesOf(o, 'metric').length) {
        const m = a.metrics.find((x) => x.item === o);
        target = { kind: 'metric', name: m?.name ?? entriesOf(o, 'metric')[0].target };
      } else {
        const numeric = entriesOf(o, 'dimension').filter((x) => lex.dimensions.get(x.target)?.type === 'number');
        target = { kind: 'dimension', name: numeric[0]!.target };
        unitDim = o;
      }
    }
    // "a size above 10 or below 2": the dimension of the comparison right before, only "or"/"and" between
    const prevNum = items[c.pos - 2];
    const elided =
      !target &&
      !!lastDimCmp &&
      prevNum === lastDimCmp.num &&
      ['or', 'and'].includes(items[c.pos - 1]?.lower ?? '') &&
      items[c.pos - 1]?.kind === 'word';
    if (elided) target = { kind: 'dimension', name: lastDimCmp!.dimension };
    if (!target && at && !at.after) {
      const o = at.item;
      const d = entriesOf(o, 'dimension').find((x) => lex.dimensions.get(x.target)?.type === 'number');
      const m = a.metrics.find((x) => x.item === o);
      if (d) target = { kind: 'dimension', name: d.target };
      else if (m) target = { kind: 'metric', name: m.name };
      else if (entriesOf(o, 'metric').length) target = { kind: 'metric', name: entriesOf(o, 'metric')[0].target };
    }
    // "over 1997": a year or a threshold? Two readings compete, so the words stay unconsumed (refused)
    const yearLike = Number.isInteger(c.value) && c.value >= 1900 && c.value <= 2100 && !c.percent;
    if (yearLike && /^(over|above|under|below|after|before)$/.test(c.words[0]?.lower ?? '')) continue;
    // the comparison is understood when its target is named, or when the query has one metric
    if (target || metrics.length === 1) consume(...c.words);
    // "over 100 km": the unit the compared column is kept in, said after the number
    const numAt = items.findIndex((o, p) => p >= c.pos && p <= c.pos + 3 && o.kind === 'num' && o.num === c.value);
    const unit = target && numAt >= 0 ? unitOfCompared(items, numAt, model, target) : undefined;
    if (unit) {
      for (const w of unit) w.used = true;
      consume(...unit);
    }
    const dimWords: Item[] = [];
    if (target?.kind === 'dimension' && !elided) {
      for (let p = c.pos - 1; p >= 0 && p >= c.pos - 4; p--)
        if (items[p].kind === 'lex' && entriesOf(items[p], 'dimension').some((x) => x.target === target!.name)) dimWords.push(items[p]);
      if (unitDim) dimWords.push(unitDim);
      consume(...dimWords);
    }
    if (target?.kind === 'dimension') {
      const op = c.op === 'ne' ? 'ne' : c.op;
      filters.push({ dimension: target.name, op, values: [c.value] });
      const numItem = items.slice(c.pos, c.pos + 3).find((o) => o.kind === 'num' && o.num === c.value);
      noteConditionWords(a, { dimension: target.name, values: [c.value] }, [...dimWords, ...c.words, numItem]);
      if (numItem) lastDimCmp = { num: numItem, dimension: target.name };
      notes.push(`Filter: ${lex.dimensions.get(target.name)!.label} ${opText(op)} ${c.value}`);
      continue;
    }
    const metricName = target?.name ?? metrics[0] ?? model.defaults.ranking_metric;
    if (!metricName) continue;
    const info = lex.metrics.get(metricName);
    const value = info?.percent && (c.percent || c.value > 1) ? c.value / 100 : c.value;
    metricFilters.push({ metric: metricName, op: c.op, value });
    metricCmps.push(c);
    if (!metrics.includes(metricName) && target) metrics.push(metricName);
    notes.push(`Condition: ${info?.label ?? metricName} ${opText(c.op)} ${value}`);
  }
  // numeric dimension named with a bare number: "size 15"; a shaped name: "brand 13" -> Brand#13
  for (const dm of a.dimMentions) {
    const d = lex.dimensions.get(dm.dimension);
    const nx = items[dm.pos + 1];
    if (d?.type === 'number' && nx?.kind === 'num' && !nx.used) {
      nx.used = true;
      filters.push({ dimension: d.name, op: 'eq', values: [nx.num!] });
      noteConditionWords(a, { dimension: d.name, values: [nx.num!] }, [dm.item, nx]);
      notes.push(`Filter: ${d.label} = ${nx.num}`);
      dm.item.used = true;
      (dm as { consumed?: boolean }).consumed = true;
    }
  }

  // ---- group by
  const groupBy: GroupBy[] = [];
  const groupNotes: string[] = [];
  const addGroup = (g: GroupBy) => {
    if (groupBy.some((x) => x.dimension === g.dimension)) return;
    groupBy.push(g);
  };
  const superl = a.superlatives.find((s) => !items[s.pos].used) ?? a.superlatives[0];
  let groups = [...a.groups];
  // a dimension named next to one of its own values is a qualifier ("the FURNITURE segment")
  const qualifier = (pos: number, dim: string) =>
    a.values.some((v) => Math.abs(v.pos - pos) <= 2 && v.entries.some((e) => sameFamily(lex, e.target, dim)));
  // ...but "by ship mode other than MAIL" is a breakdown that excludes some members
  const excludedOnly = (pos: number, dim: string) =>
    a.values.filter((v) => Math.abs(v.pos - pos) <= 4 && v.entries.some((e) => sameFamily(lex, e.target, dim))).every((v) => v.negated);
  groups = groups.filter(
    (g) =>
      g.time ||
      !qualifier(g.pos, g.dimension) ||
      a.whichPos.length > 0 ||
      !!superl ||
      (!!g.kws?.length && excludedOnly(g.pos, g.dimension)),
  );
  // "the average salary among employees", "which employee earns the most among employees in Lisbon", "the most
  // common city among the customers": the things after "among" are the rows the figures aggregate, or the
  // members named already (a breakdown or a mention of theirs): their scope, never a breakdown one row each
  const amongScope = (g: (typeof groups)[number]): boolean => {
    if (g.time || !g.kws?.length || !g.kws.every((kw) => kw.lower === 'among')) return false;
    const own = rowsNamed(lex, items[g.pos]!) ?? lex.dimensions.get(g.dimension)?.entity;
    if (!own) return false;
    const ownDim = (dim: string) => lex.dimensions.get(dim)?.entity === own;
    return (
      groups.some((o) => o !== g && !o.time && ownDim(o.dimension)) ||
      a.dimMentions.some((d) => d.item !== items[g.pos] && ownDim(d.dimension)) ||
      (metrics.length > 0 && metrics.every((m) => lex.metrics.get(m)?.entity === own))
    );
  };
  groups = groups.filter((g) => {
    if (!amongScope(g)) return true;
    consume(...g.kws!, items[g.pos]);
    return false;
  });
  // superlative or "which" with a bare dimension: "the region with the highest revenue"
  if (!groups.length && (superl || a.whichPos.length) && a.dimMentions.length) {
    const cand = a.dimMentions.filter((d) => !qualifier(d.pos, d.dimension) && !(d as { consumed?: boolean }).consumed);
    if (cand.length) {
      const anchor = superl?.pos ?? a.whichPos[0];
      cand.sort((x, y) => Math.abs(x.pos - anchor) - Math.abs(y.pos - anchor));
      groups.push({ dimension: cand[0].dimension, pos: cand[0].pos, plural: cand[0].plural });
    }
  }
  for (const dim of comparedDims) {
    addGroup({ dimension: dim });
    groupNotes.push(`Grouped by ${lex.dimensions.get(dim)?.label ?? dim} to compare the values named`);
  }
  for (const g of groups) {
    if (g.time) continue;
    const dim = reachableRole(lex, model, resolveRole(lex, g.dimension, g.pos, a.roles), metrics);
    addGroup({ dimension: dim });
    consume(...(g.kws ?? []));
    groupNotes.push(`Grouped by ${lex.dimensions.get(dim)?.label ?? dim}`);
  }

  // A condition on an aggregate needs groups to keep or drop ("nations with more than 1,000 orders");
  // with none, "revenue where discount is over 5%" asks about single rows, which the model cannot say
  if (metricFilters.length && !groupBy.length && !fragment && !a.providesMetric) {
    for (const c of metricCmps) for (const w of c.words) if (w) w.dropped = true;
    notes.push(
      `A condition on ${metricFilters.map((f) => lex.metrics.get(f.metric)?.label.toLowerCase() ?? f.metric).join(', ')} over single rows is not supported: the model compares totals of groups`,
    );
  }

  // ---- time: dating dimension, range, grain
  const defaultTd = model.defaults.time_dimension ?? model.time_dimensions[0]?.name;
  let datingTd: string | undefined;
  // (the default date needs saying too when a metric named is dated by another: "patients born in 1980" of a count by registration)
  const datedOtherwise = (td: string) =>
    metrics.some((n) => {
      const m = lex.metrics.get(n);
      return !!m?.timeBound && !!m.timeDimension && m.timeDimension !== td;
    });
  if (a.dating && (a.dating.dimension !== defaultTd || datedOtherwise(a.dating.dimension))) {
    datingTd = a.dating.dimension;
  }
  const timeGroups = a.groups.filter((g) => g.time);
  if (timeGroups.length && timeGroups[0].dimension !== defaultTd) datingTd = timeGroups[0].dimension;
  let timeRange: TimeRange | undefined;
  if (a.times.length) {
    const start = a.times.reduce((m, h) => (h.range.start < m ? h.range.start : m), a.times[0].range.start);
    const end = a.times.reduce((m, h) => (h.range.end > m ? h.range.end : m), a.times[0].range.end);
    const label = a.times.length > 1 ? `${a.times[0].range.label} to ${a.times[a.times.length - 1].range.label}` : a.times[0].range.label;
    // "on weekends": every period says it (interpret refuses a mix)
    const { days, clock } = a.times[0].range;
    timeRange = { start, end, label, ...(days ? { days } : {}), ...(clock ? { clock } : {}) };
  }
  const breakdown = timeBreakdown(a, items);
  let grain: Grain | undefined = breakdown.grain;
  if (!grain && a.trend) grain = naturalGrain(timeRange);
  if (!grain && timeGroups.length) grain = naturalGrainFor(timeRange);
  // several separate periods compared ("1995 vs 1996", "in 1996 and 1997"): one row per period
  if (!grain && a.times.length > 1 && sameUnit(a.times)) grain = unitGrain(a.times[0].unit);

  // ---- "the most common statuses", "which destination was visited most often", "how often was each destination
  // visited", "how many times was Hull visited": the rows of the thing holding the column broken down (for "how
  // often", else the value its verb is said of), counted; with a verb, only one keeping their count (`frequency-verbs.ts`)
  const timesKw = fragment ? undefined : items.find((o) => o.kind === 'kw' && o.kw === 'times' && !o.consumed);
  const freqVerb = timesKw ? a.timesVerb : superl?.frequency ? superl.verb : undefined;
  const countedDim = timesKw
    ? (groupBy.find((g) => !g.grain)?.dimension ?? (a.timesVerb && valueSaidWith(a, a.timesVerb, items, valueDims)))
    : superl?.frequency
      ? groupBy[0]?.dimension
      : undefined;
  const counted = countedDim ? lex.dimensions.get(countedDim)?.entity : undefined;
  const verbKept =
    !freqVerb ||
    (!!counted &&
      verbKeepsCount(
        lex,
        freqVerb,
        counted,
        model.time_dimensions.some((t) => t.entity === counted),
      ));
  const frequencyMetric = counted && verbKept && (!timesKw || freqVerb) ? countMetricOfEntities(lex, [counted]) : undefined;
  // "which summit do walkers visit most often": the things before the verb are who does it (each counted row reaches
  // one); "the most common genre at Bath venues", "venues in Bath": a thing beside its own value says whose value it
  // is. Neither is a count beside, or the one ranked.
  const agent = freqVerb && frequencyMetric ? agentBefore(items, items.indexOf(freqVerb.items[0]!)) : undefined;
  const reaches = (m: MetricMention) => !!joinGraph(model).path(counted!, lex.metrics.get(m.name)?.entity ?? '');
  const qualifiers = frequencyMetric
    ? a.metrics.filter(
        (m) =>
          lex.metrics.get(m.name)?.agg === 'count' &&
          lex.metrics.get(m.name)?.entity !== counted &&
          ((m.item === agent && agent.plural && reaches(m)) || countBesideOwnValue(lex, a, items, valueDims, m)),
      )
    : [];
  for (const m of qualifiers) {
    metrics = metrics.filter((n) => n !== m.name);
    const label = lex.metrics.get(m.name)!.label;
    notes.splice(0, notes.length, ...notes.filter((n) => !n.startsWith(`Metric: ${label}`)));
    consume(m.item);
  }
  if (superl?.frequency && !timesKw && !metrics.length && frequencyMetric) metrics = [frequencyMetric];
  if (timesKw && freqVerb && frequencyMetric && !metrics.length) {
    metrics = [frequencyMetric];
    consume(timesKw, ...freqVerb.items);
    notes.push(`"${timesKw.text}" counts ${lex.metrics.get(frequencyMetric)?.label.toLowerCase() ?? frequencyMetric}`);
  }

  // ---- "how many Starbucks", "the number of Cafe in NY": a count right before a value (no thing
  // named) counts the rows of the thing the value is of
  if (!metrics.length && !fragment && !a.providesMetric) {
    const kw = items.find((o) => o.kind === 'kw' && o.kw === 'count' && !o.consumed);
    let k = kw ? items.indexOf(kw) + 1 : -1;
    while (k > 0 && items[k]?.kind === 'word' && ['the', 'a', 'an'].includes(items[k]!.lower)) k--;
    const v = k > 0 ? a.values.find((x) => x.item === items[k] && !x.negated) : undefined;
    const ent = v ? lex.dimensions.get(valueDims.get(v.item) ?? '')?.entity : undefined;
    const counted = ent ? countMetricOfEntities(lex, [ent]) : undefined;
    if (kw && counted) {
      metrics = [counted];
      consume(kw);
      notes.push(`"${kw.text} ${v!.item.text}" counts ${lex.metrics.get(counted)?.label.toLowerCase() ?? counted} with that value`);
    }
  }
  // ---- default metric
  if (!metrics.length && !fragment && !a.providesMetric) {
    // only the model's own default: the first metric listed is a guess nobody made
    const dflt = model.defaults.ranking_metric;
    // (values or a period alone, "Ann's Diner in Leeds", name no figure: a listing's or nothing)
    if (dflt && (groupBy.length || superl || a.money || grain)) {
      metrics = [dflt];
      usedDefaultMetric = true;
      confidence -= superl ? 0.05 : a.money ? 0.1 : 0.2;
      notes.push(`No metric named: using the default ranking metric ${lex.metrics.get(dflt)?.label ?? dflt}`);
    }
  }
  if (!metrics.length && !fragment && !a.providesMetric) return null;

  // metrics that are not dated: the period would be ignored; prefer a dated cousin (active customers)
  if (timeRange && metrics.length) {
    metrics = metrics.map((name) => {
      const info = lex.metrics.get(name)!;
      if (info.timeBound) return name;
      const cousin = [...lex.metrics.values()].find(
        (m) => m.timeBound && m.name !== name && m.name.split('_').includes(name) && (m.agg === 'count_distinct' || m.agg === info.agg),
      );
      if (cousin) {
        notes.push(`${info.label} is not dated; for a period, using ${cousin.label}`);
        return cousin.name;
      }
      return name;
    });
    metrics = uniq(metrics);
    // "films released in 2015": an undated thing keeping its year in a number column takes the
    // period there (`periodOnYearColumn`, after build)
    if (metrics.every((n) => !lex.metrics.get(n)!.timeBound) && !yearColumnTakes(model, lex, metrics, timeRange, items)) {
      notes.push(
        `${metrics.map((n) => lex.metrics.get(n)!.label).join(', ')} ${metrics.length > 1 ? 'are' : 'is'} not dated: the period "${timeRange.label}" does not apply`,
      );
      timeRange = undefined;
      // the period was asked for and cannot be honoured: not understood, never silently dropped
      for (const it of items) if (it.kind === 'time') it.dropped = true;
    }
  }

  // the dating dimension must date the metrics
  if (datingTd && metrics.length) {
    const ok = metrics.every((n) => {
      const m = lex.metrics.get(n)!;
      return (
        !m.timeBound ||
        m.timeDimension === datingTd ||
        m.alternates.includes(datingTd!) ||
        // a figure of a thing's own rows may be dated by any date of those rows that the question names
        lex.timeDimensions.get(datingTd!)?.entity === m.entity
      );
    });
    // "transactions by customers who joined in 2023": a date (or its verb) of the members the rows belong to holds the period
    const onMembers =
      // (one period, no time breakdown: "fees in 2023 by members who enrolled in 2022" has two dates to bound)
      !ok && timeRange && a.times.length === 1 && !timeGroups.length && !grain && a.dating?.dimension === datingTd
        ? relatedDateFilters(lex, model, metrics, datingTd, timeRange)
        : undefined;
    if (onMembers) {
      filters.push(...onMembers);
      notes.push(
        `Period: ${timeRange!.label} = the ${lex.timeDimensions.get(datingTd)?.label.toLowerCase()} of the rows' ${lex.timeDimensions.get(datingTd)?.entity.replace(/_/g, ' ')}`,
      );
      timeRange = undefined;
      datingTd = undefined;
    } else if (!ok) {
      notes.push(`${lex.timeDimensions.get(datingTd)?.label} cannot date ${metrics.join(', ')}`);
      // "orders shipped in 1996": the dating word cannot be honoured, so it is not understood
      if (a.dating && a.dating.dimension === datingTd) a.dating.item.dropped = true;
      // "total fees by enrol date": a breakdown by a date that cannot date the metric is never one by its own date
      for (const g of timeGroups) if (g.dimension === datingTd) items[g.pos]!.dropped = true;
      datingTd = undefined;
      confidence -= 0.1;
    }
  }
  if (timeRange) {
    if (datingTd) timeRange.dimension = datingTd;
    const tdLabel = lex.timeDimensions.get(datingTd ?? metricTd(lex, metrics) ?? defaultTd ?? '')?.label ?? 'date';
    notes.push(
      `Period: ${timeRange.label} = ${timeRange.start === OPEN_START ? 'up to' : `${timeRange.start} to`} ${lastDay(timeRange.end)}${daysNote(timeRange.days)}${clockNote(timeRange.clock)} (by ${tdLabel.toLowerCase()})`,
    );
  } else if (datingTd) {
    notes.push(`Dated by ${lex.timeDimensions.get(datingTd)?.label.toLowerCase()}`);
  }
  // "which day had the lowest sales in each month": the ranking runs within each of the coarser unit
  let rankWithin: { dimension: string; grain: Grain } | undefined;
  // "albums per year", "which year had the most albums": a thing with no date but a year kept as a number is
  // broken down by that column
  const yearOfUndated = grain === 'year' && !datingTd && !breakdown.within ? undatedYearColumn(model, lex, metrics) : undefined;
  if (yearOfUndated) {
    addGroup({ dimension: yearOfUndated });
    groupNotes.push(`Grouped by ${lex.dimensions.get(yearOfUndated)?.label ?? yearOfUndated}`);
  } else if (grain) {
    const td = datingTd ?? metricTd(lex, metrics) ?? defaultTd;
    if (td) {
      const tdi = lex.timeDimensions.get(td);
      const g = tdi && !tdi.grains.includes(grain) ? (tdi.grains[tdi.grains.length - 1] as Grain) : grain;
      groupBy.push({ dimension: td, grain: g });
      groupNotes.push(`Grouped by ${g} of ${tdi?.label.toLowerCase() ?? td}`);
      if (breakdown.within && tdi?.grains.includes(breakdown.within)) {
        rankWithin = { dimension: td, grain: breakdown.within };
        groupBy.push(rankWithin);
      }
    }
  }
  notes.push(...groupNotes);

  // ---- order and limit
  // "reviews by rating" or "which author wrote the most papers" with no breakdown: "by" / "most"
  // ranks nothing (a metric is not a group), so it was not understood.
  if (a.rankingKeywords && !groupBy.length && !fragment) for (const k of a.rankingKeywords) k.dropped = true;
  const order: SemanticQuery['order'] = [];
  let limit: number | undefined;
  let withTies = false;
  // (a frequency ranks by a count only: with no count of the thing, it is not understood)
  const rankMetric = superl?.frequency
    ? verbKept
      ? ([metricNear(a, superl.pos)].find((m) => m && lex.metrics.get(m)?.agg === 'count' && !qualifiers.some((q) => q.name === m)) ??
        frequencyMetric)
      : undefined
    : ((superl && metricNear(a, superl.pos)) ?? a.rankingMetric ?? metrics[0] ?? model.defaults.ranking_metric);
  const nonTimeGroups = groupBy.filter((g) => !g.grain);
  const sortedBy = sortTarget(items, lex, model, groupBy);
  // "the maximum capacity and average capacity of venues": an aggregate word before the figure, with the
  // things after it, is one figure over them (the single-table reading's), never a ranking of the things
  const aggregateOver =
    !!superl &&
    AGGREGATE_ONLY.has(items[superl.pos].lower) &&
    superl.n === undefined &&
    a.whichN === undefined &&
    !a.whichPos.length &&
    groups.length > 0 &&
    groups.every((g) => g.pos > superl.pos);
  if (aggregateOver) items[superl.pos].dropped = true;
  if (superl && (groupBy.length || fragment) && !aggregateOver) {
    let n = superl.n ?? a.whichN;
    if (n === undefined) {
      for (const g of groups) {
        let p = g.pos - 1;
        while (p >= 0 && items[p].kind === 'word' && SKIP.has(items[p].lower)) p--;
        const o = items[p];
        if (o?.kind === 'num' && !o.used && Number.isInteger(o.num) && o.num! > 0 && o.num! < 10_000) {
          n = o.num;
          o.used = true;
        }
      }
    }
    const plural = groups.some((g) => g.plural) || (superl.n ?? 0) > 1;
    limit = n ?? (plural ? 10 : 1);
    // "which state has the most people": the one, or every one tied for it
    const oneAsked = n === undefined && !plural;
    const dir = superl.dir;
    // "top 5 states and ticker types": one ranking of the pairs, not one within each group
    const jointRanking =
      groupBy.length > 1 && groups.length === groupBy.length && groups.slice(1).every((g) => g.joint) && !groupBy.some((g) => g.grain);
    // (a finer unit ranked within each coarser one, "which day ... in each month", is rank_within)
    const withinUnit = !!rankWithin && groupBy.length === 2;
    if (rankMetric && groupBy.length > 1 && !jointRanking && !withinUnit) {
      // "top region in each year": a ranking within each group is not something a query here can say
      items[superl.pos].dropped = true;
      notes.push(
        `A ranking within each ${
          groupBy
            .filter((g) => g.grain)
            .map((g) => g.grain)
            .join(', ') || 'group'
        } is not supported: rank one breakdown at a time`,
      );
    } else if (rankMetric) {
      consume(items[superl.pos], superl.also === undefined ? undefined : items[superl.also], ...(superl.verb?.items ?? []));
      // "top 2 clubs with the highest satisfaction": a second superlative the same way, on the same
      // metric and with no number of its own, says the same ranking again
      for (const o of a.superlatives)
        if (
          o !== superl &&
          o.dir === dir &&
          o.n === undefined &&
          !items[o.pos].consumed &&
          metricNear(a, o.pos) === rankMetric &&
          (a.rankingMetric ?? rankMetric) === rankMetric
        )
          consume(items[o.pos]);
      if (!metrics.includes(rankMetric) && !fragment) metrics.push(rankMetric);
      order.push({ by: rankMetric, direction: dir });
      if (oneAsked) withTies = true;
      const then = a.rankingThen && a.rankingThen !== rankMetric && metrics.includes(a.rankingThen) ? a.rankingThen : undefined;
      if (then) order.push({ by: then, direction: dir });
      notes.push(
        `${dir === 'desc' ? 'Top' : 'Bottom'} ${limit} by ${lex.metrics.get(rankMetric)?.label ?? rankMetric}${then ? `, then ${lex.metrics.get(then)?.label ?? then}` : ''}${withTies ? ' (with any tied for it)' : ''}`,
      );
    }
  } else if (a.whichN && groupBy.length) {
    limit = a.whichN;
    if (rankMetric) order.push({ by: rankMetric, direction: 'desc' });
  } else if (a.sortBy && sortedBy && !sortedBy.metric) {
    // "ordered by paper title", "sorted by the paper ID": a thing of the breakdown orders it, never
    // the metric; a thing the query does not group by orders nothing and stays unconsumed
    const by = sortedBy.dimension;
    // "ordered by the length of the name", "from shortest to longest": a text's number of characters
    const text = !!by && lex.dimensions.get(by.name)?.type === 'string';
    const byLength = text && (!!sortedBy.length || directionSaysLength(items));
    if (by && (text || !sortedBy.length)) {
      if (!groupBy.some((g) => g.dimension === by.name)) groupBy.splice(by.before, 0, { dimension: by.name });
      order.push({ by: by.name, direction: a.sortDir ?? 'asc', ...(byLength ? { expr: 'length' as const } : {}) });
      consume(
        ...kwItems(items, 'sort'),
        ...kwItems(items, 'asc_word'),
        ...kwItems(items, 'desc_word'),
        sortedBy.item,
        ...(sortedBy.length ?? []),
      );
      sortedBy.item.used = true;
      notes.push(`Ordered by ${byLength ? 'the length of ' : ''}${lex.dimensions.get(by.name)?.label ?? by.name}`);
    }
  } else if ((a.sortBy || a.sortDir) && rankMetric && nonTimeGroups.length) {
    order.push({ by: rankMetric, direction: a.sortDir ?? 'desc' });
    consume(...kwItems(items, 'sort'));
  } else if (groupBy.some((g) => g.grain)) {
    const tg = groupBy.find((g) => g.grain)!;
    order.push({ by: tg.dimension, direction: 'asc' });
  }

  // ---- running totals ("cumulative cost by day"): the one metric summed up to each bucket of the one time breakdown
  const running = runningTotalOf(items, metrics, groupBy, lex);
  if (running) notes.push(`Running total of ${lex.metrics.get(running)?.label ?? running} over the periods shown`);

  // ---- share of total
  const share: string[] = [];
  // a share of an average (or of a lowest, highest) or of a rate is no part of a whole: the share word
  // stays unconsumed
  if (
    a.share &&
    metrics.length &&
    !['avg', 'min', 'max', 'median'].includes(lex.metrics.get(metrics[0])?.agg ?? '') &&
    !lex.metrics.get(metrics[0])?.percent
  ) {
    const target = metrics[0];
    if (!groupBy.length) {
      // "what share of revenue comes from Europe": show every member's share, the named one included
      const f = filters.find((x) => x.op === 'eq' || x.op === 'in');
      if (f) {
        filters.splice(filters.indexOf(f), 1);
        groupBy.push({ dimension: f.dimension });
        notes.push(
          `Share: comparing ${f.values.join(', ')} with the other ${lex.dimensions.get(f.dimension)?.label.toLowerCase() ?? f.dimension} values`,
        );
      }
    }
    if (groupBy.length) {
      share.push(target);
      consume(...kwItems(items, 'share'));
      notes.push(`Share of total ${lex.metrics.get(target)?.label ?? target} per group`);
      if (!order.length) order.push({ by: target, direction: 'desc' });
    }
  }

  // keywords whose argument is the query as a whole
  if (grain) consume(...kwItems(items, 'trend'));
  if (order.length) consume(...kwItems(items, 'asc_word'), ...kwItems(items, 'desc_word'));
  // "compare" needs two things compared: metrics, periods, values, or the members of a breakdown it opens
  const opensBreakdown = (it: Item) =>
    groupBy.length > 0 &&
    /^compar/.test(it.lower) &&
    items.slice(0, items.indexOf(it)).every((o) => o.kind === 'punct' || (o.kind === 'word' && STOPWORDS.has(o.lower)));
  for (const c of kwItems(items, 'compare'))
    if (comparedDims.length || a.times.length > 1 || metrics.length > 1 || opensBreakdown(c)) consume(c);

  // ---- confidence: every content word is in the query (coverage refuses otherwise), so what lowers
  // it are the assumptions made: a typo read as a model word, the default metric, a period that
  // does not apply, a dating that could not be used, a dimension named but not used
  confidence -= 0.05 * a.fuzzy.length;
  if (a.fuzzy.length) notes.push(`Read ${a.fuzzy.map((f) => `"${f.text}" as "${f.fuzzy}"`).join(', ')}`);
  const sameEntityValue = (pos: number, dim: string) =>
    a.values.some((v) => {
      const entity = lex.dimensions.get(dim)?.entity;
      // "customer Smith", "Leeds town": a column right beside a value names its thing; beside a value
      // filtered on another thing's column ("bordering Texas", Texas a state) it says something else
      const filtered = valueDims.get(v.item);
      // (another column of the same thing, "borders Texas" with Texas a state name, says something else)
      if (Math.abs(v.pos - pos) === 1)
        return (
          !filtered ||
          filtered === dim ||
          sameFamily(lex, filtered, dim) ||
          (!!entity && lex.dimensions.get(filtered)?.entity === entity && dimensionOfEntity(lex, entity) === dim)
        );
      // a few words away only the value's own column or the thing's naming column names it: another
      // attribute ("the capital of Ontario", Ontario a province) asks for that attribute, never dropped
      return (
        Math.abs(v.pos - pos) <= 3 &&
        v.entries.some(
          (e) =>
            lex.dimensions.get(e.target)?.entity === entity &&
            (sameFamily(lex, e.target, dim) || (!!entity && dimensionOfEntity(lex, entity) === dim)),
        )
      );
    });
  const ungrouped = a.dimMentions.filter(
    (d) =>
      !groupBy.some((g) => g.dimension === d.dimension) &&
      !qualifier(d.pos, d.dimension) &&
      !sameEntityValue(d.pos, d.dimension) &&
      !(d as { consumed?: boolean }).consumed,
  );
  if (ungrouped.filter((d) => !a.roles.some((r) => r.pos === d.pos && r.roles.size)).length && !fragment) confidence -= 0.05;

  const query: SemanticQuery = {
    // "cumulative cost by day" asks for the running total only, not the cost of each day beside it
    metrics: running ? metrics.filter((m) => m !== running) : metrics,
    group_by: groupBy,
    filters,
    metric_filters: metricFilters,
    ...(timeRange ? { time_range: timeRange } : {}),
    order,
    ...(limit ? { limit } : {}),
    ...(limit && withTies ? { with_ties: true } : {}),
    ...(limit && rankWithin ? { rank_within: [rankWithin] } : {}),
    share_of_total: share,
    ...(running ? { running_totals: [running] } : {}),
    ...(entityConditions.length ? { entity_conditions: entityConditions } : {}),
  };
  return {
    query,
    notes,
    confidence: Math.max(0.2, Math.min(1, confidence)),
    usedDefaultMetric,
    hasOwnMetric,
    ungrouped,
    competing,
    unsaid,
  };
}

/** A count said right beside a value of its own thing ("Bath | venues", "venues | in | Bath"). */
function countBesideOwnValue(lex: Lexicon, a: Analysis, items: Item[], valueDims: Map<Item, string>, m: MetricMention): boolean {
  const info = lex.metrics.get(m.name)!;
  const k = items.indexOf(m.item);
  const ownValue = (o: Item | undefined) =>
    !!o && a.values.some((v) => v.item === o && !v.negated && lex.dimensions.get(valueDims.get(o) ?? '')?.entity === info.entity);
  return ownValue(items[k - 1]) || (PREPOSITIONS.has(items[k + 1]?.lower ?? '') && ownValue(items[k + 2]));
}

/** The dimension of the value a verb is said of: its object after it, else the nearest before it ("Hull was visited"). */
function valueSaidWith(a: Analysis, verb: FrequencyVerb, items: Item[], valueDims: Map<Item, string>): string | undefined {
  const at = items.indexOf(verb.items[0]!);
  const said = a.values.filter((v) => !v.negated);
  const value = said.find((v) => v.pos > at) ?? said.filter((v) => v.pos < at).at(-1);
  return value && valueDims.get(value.item);
}

/** The thing said before a verb with only its own values between ("drivers from Leeds | visit"). */
function agentBefore(items: Item[], verbAt: number): Item | undefined {
  for (let p = verbAt - 1; p >= 0; p--) {
    const o = items[p]!;
    if (o.kind === 'word' && PREPOSITIONS.has(o.lower)) continue;
    if (o.kind === 'lex' && entriesOf(o, 'value').length && !entriesOf(o, 'entity').length) continue;
    return o.kind === 'lex' ? o : undefined;
  }
  return undefined;
}

/**
 * Dimension mentions that went nowhere. A mention of a metric's own entity says whose metric it
 * is ("account balance of customers") and is understood; anything else was not.
 */
export function danglingMentions(
  lex: Lexicon,
  model: SemanticModel,
  ungrouped: Analysis['dimMentions'],
  query: SemanticQuery,
  roles: Analysis['roles'] = [],
): Item[] {
  const metrics = [
    ...query.metrics,
    ...(query.subset_metrics ?? []).map((s) => s.metric),
    ...(query.per_entity_averages ?? []).map((p) => p.metric),
    ...(query.period_counts ?? []).map((p) => p.metric),
    ...(query.ratios ?? []).flatMap((r) => [r.numerator.metric, r.denominator.metric]),
  ];
  const ratioSides = (query.ratios ?? []).flatMap((r) => [r.numerator, r.denominator]);
  const used = [
    ...query.filters.map((f) => f.dimension),
    ...anyOfFilters(query).map((f) => f.dimension),
    ...query.group_by.map((g) => g.dimension),
    ...(query.subset_metrics ?? []).flatMap((s) => s.filters.map((f) => f.dimension)),
    ...ratioSides.flatMap((x) => (x.filters ?? []).map((f) => f.dimension)),
  ];
  const metricEntities = new Set([
    ...metrics.map((m) => lex.metrics.get(m)?.entity).filter((e): e is string => !!e),
    ...(query.distinct_counts ?? []).map((d) => d.entity),
    ...(query.entity_conditions ?? []).map((c) => c.entity),
    ...(query.durations ?? []).map((x) => lex.timeDimensions.get(x.from)?.entity).filter((e): e is string => !!e),
  ]);
  const usedEntities = used
    .map((d) => lex.dimensions.get(d)?.entity ?? model.time_dimensions.find((t) => t.name === d)?.entity)
    .filter((e): e is string => !!e);
  const graph = joinGraph(model);
  // "revenue for customers in GERMANY": customers lie on the path from the metric to the filter
  const onPath = (e: string) =>
    [...metricEntities].some((m) => m === e || graph.path(m, e)) && usedEntities.some((u) => u === e || graph.path(e, u));
  // "revenue from suppliers in GERMANY": the mention chose the supplier role of a dimension used
  const rolesUsed = new Set(used.map((u) => lex.dimensions.get(u)?.roleOf?.role).filter((r): r is string => !!r));
  const choseRole = (pos: number) => roles.some((r) => r.pos === pos && [...r.roles].some((x) => rolesUsed.has(x)));
  return ungrouped
    .filter((d) => {
      const e = lex.dimensions.get(d.dimension)?.entity ?? '';
      // only a mention of the entity itself ("customers") can be excused as whose rows these are;
      // an attribute named and not used ("segment") was not understood
      // ("the names and ages of pupils" asks for each one's name: never excused)
      const namesEntity = dimensionOfEntity(lex, e) === d.dimension && !/^(names?|titles?)$/.test(d.item.lower);
      return !d.item.consumed && !(namesEntity && (metricEntities.has(e) || onPath(e))) && !choseRole(d.pos);
    })
    .map((d) => d.item);
}

/**
 * "suppliers per nation in ASIA": a role the metrics cannot reach (the customer's region from
 * suppliers) becomes the role they do reach (the supplier's region), when exactly one does.
 */
function reachableRole(lex: Lexicon, model: SemanticModel, dim: string, metrics: string[]): string {
  const d = lex.dimensions.get(dim);
  if (!d || !metrics.length) return dim;
  const graph = joinGraph(model);
  const entities = metrics.map((m) => lex.metrics.get(m)?.entity).filter((e): e is string => !!e);
  if (!entities.length) return dim;
  const reaches = (target: string) => entities.every((e) => e === target || !!graph.path(e, target));
  if (reaches(d.entity)) return dim;
  const base = d.roleOf ? lex.dimensions.get(d.roleOf.base) : d;
  if (!base) return dim;
  const family = [base.name, ...base.roles.values()].filter((x) => x !== dim);
  const ok = family.filter((x) => reaches(lex.dimensions.get(x)?.entity ?? ''));
  return ok.length === 1 ? ok[0] : dim;
}

/** The keyword items of one kind. */
/**
 * The metric a running-total word ("cumulative", "running total of") asks about, its words consumed:
 * only with one metric that adds up (a sum or a count) and one time breakdown, else none (the word
 * stays unread and the question is refused).
 */
function runningTotalOf(items: Item[], metrics: string[], groupBy: { grain?: unknown }[], lex: Lexicon): string | undefined {
  const words = kwItems(items, 'running');
  if (!words.length || metrics.length !== 1 || groupBy.filter((g) => g.grain).length !== 1) return undefined;
  if (!['sum', 'count'].includes(lex.metrics.get(metrics[0]!)?.agg ?? '')) return undefined;
  consume(...words);
  return metrics[0];
}

export function kwItems(items: Item[], kw: Keyword): Item[] {
  return items.filter((it) => it.kind === 'kw' && it.kw === kw);
}

/** Two periods named with time between them ("in 2014 or 2016"): their labels, else undefined. */
export function periodsApart(hits: TimeHit[]): [string, string] | undefined {
  const sorted = [...hits].sort((x, y) => (x.range.start < y.range.start ? -1 : 1));
  for (let k = 1; k < sorted.length; k++)
    if (sorted[k - 1]!.range.end < sorted[k]!.range.start) return [sorted[k - 1]!.range.label, sorted[k]!.range.label];
  return undefined;
}

export function sameUnit(hits: TimeHit[]): boolean {
  return hits.every((h) => h.unit === hits[0].unit && h.unit !== 'span' && h.unit !== 'day') && hits.length > 1;
}
export function unitGrain(u: TimeUnit): Grain {
  return u === 'span' ? 'month' : (u as Grain);
}
export function naturalGrainFor(r: TimeRange | undefined): Grain {
  return r ? naturalGrain(r) : 'day';
}
export function metricTd(lex: Lexicon, metrics: string[]): string | undefined {
  for (const m of metrics) {
    const td = lex.metrics.get(m)?.timeDimension;
    if (td) return td;
  }
  return undefined;
}
export function metricNear(a: Analysis, pos: number): string | undefined {
  let best: MetricMention | undefined;
  for (const m of a.metrics) {
    if (m.pos > pos && (!best || m.pos < best.pos)) best = m;
  }
  return best?.name;
}
export function lastDay(end: string): string {
  const d = new Date(`${end}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
export function opText(op: string): string {
  return (
    (
      {
        eq: '=',
        ne: '≠',
        in: 'in',
        not_in: 'not in',
        gt: '>',
        gte: '≥',
        lt: '<',
        lte: '≤',
        between: 'between',
        starts_with: 'starts with',
        ends_with: 'ends with',
        contains: 'contains',
        not_starts_with: 'does not start with',
        not_ends_with: 'does not end with',
        not_contains: 'does not contain',
        eq_ci: '= (any letter case)',
        ne_ci: '≠ (any letter case)',
        is_set: 'has a value',
        not_set: 'has no value',
      } as Record<string, string>
    )[op] ?? op
  );
}

/** Which dimension a value names when several share it (nation vs supplier_nation): the base one; resolveRole applies the role. */
export function chooseValueEntry(lex: Lexicon, entries: LexEntry[]): LexEntry {
  const base = entries.filter((e) => !lex.dimensions.get(e.target)?.roleOf);
  return base[0] ?? entries[0];
}

/** region -> supplier_region when the nearest role mention speaks of suppliers. */
export function resolveRole(lex: Lexicon, dim: string, pos: number, roles: RoleMention[]): string {
  const d = lex.dimensions.get(dim);
  if (!d) return dim;
  const base = d.roleOf ? lex.dimensions.get(d.roleOf.base)! : d;
  if (d.roleOf) return dim; // named explicitly (supplier nation)
  if (base.roles.size === 0) return dim;
  let best: { dist: number; dim: string } | undefined;
  for (const r of roles) {
    if (r.pos === pos) continue;
    let cand: string | undefined;
    for (const role of r.roles) {
      const rd = base.roles.get(role);
      if (rd) cand = rd;
    }
    if (!cand && [...r.entities].some((e) => base.owners.has(e))) cand = base.name;
    if (!cand) continue;
    const dist = Math.abs(r.pos - pos);
    if (!best || dist < best.dist || (dist === best.dist && cand !== base.name)) best = { dist, dim: cand };
  }
  return best?.dim ?? dim;
}

/**
 * customer_account_balance -> supplier_account_balance when the question speaks of another
 * entity (suppliers) and not of the metric's own entity beyond the metric phrase itself.
 */
export function swapMetricRole(lex: Lexicon, name: string, roles: RoleMention[]): string {
  const info = lex.metrics.get(name);
  // a count names what it counts ("number of tracks per genre" never counts genres)
  if (!info?.entity || info.agg === 'count' || info.agg === 'count_distinct') return name;
  const own = info.entity;
  const parts = name.split('_');
  if (!parts.includes(own)) return name;
  const ownSpoken = roles.filter((r) => r.entities.has(own) || r.roles.has(own)).length > 1;
  if (ownSpoken) return name;
  const others = new Set<string>();
  for (const r of roles) {
    for (const e of r.entities) if (e !== own && lex.entities.has(e)) others.add(e);
    for (const ro of r.roles) if (ro !== own && lex.entities.has(ro)) others.add(ro);
  }
  for (const o of others) {
    // only between role-playing entities (the customer's and the supplier's balance)
    if (!lex.roles.has(o)) continue;
    const cand = parts.map((p) => (p === own ? o : p)).join('_');
    if (lex.metrics.has(cand) && lex.metrics.get(cand)!.entity === o) return cand;
  }
  return name;
}

/**
 * What "ordered by" / "sorted by" names right after it (one such keyword only): a metric, or a
 * dimension that orders the breakdown — one it groups by, or the key of a thing it groups by its
 * name ("each paper, ordered by the paper ID": its id column joins the breakdown before the name;
 * "order by the paper id's" the same). A thing the breakdown does not hold gives no dimension.
 */
function sortTarget(
  items: Item[],
  lex: Lexicon,
  model: SemanticModel,
  groupBy: GroupBy[],
): { metric: boolean; item: Item; dimension?: { name: string; before: number }; length?: Item[] } | undefined {
  const kws = kwItems(items, 'sort');
  if (kws.length !== 1 || !/\bby$/.test(kws[0].lower)) return undefined;
  let p = items.indexOf(kws[0]) + 1;
  // "the length of the name", "name length": the words say an expression of the column
  const lengthOf = lengthOfAt(items, p);
  if (lengthOf) p = lengthOf.at;
  while (items[p]?.kind === 'word' && ['the', 'their', 'its', 'his', 'her', 'each'].includes(items[p].lower)) p++;
  const it = items[p];
  if (it?.kind !== 'lex') return undefined;
  const lengthWord = lengthOf ? undefined : lengthAfter(items, p);
  const length = lengthOf?.words ?? (lengthWord ? [lengthWord] : undefined);
  const dims = entriesOf(it, 'dimension').map((e) => e.target);
  const grouped = groupBy.findIndex((g) => !g.grain && dims.includes(g.dimension));
  if (grouped >= 0) return { metric: false, item: it, dimension: { name: groupBy[grouped].dimension, before: grouped }, length };
  if (entriesOf(it, 'metric').length) return length ? { metric: false, item: it, length } : { metric: true, item: it };
  for (const d of dims) {
    const entity = lex.dimensions.get(d)?.entity;
    if (!entity || keyDimension(model, entity) !== d) continue;
    const at = groupBy.findIndex((g) => !g.grain && lex.dimensions.get(g.dimension)?.entity === entity);
    if (at >= 0) return { metric: false, item: it, dimension: { name: d, before: at }, length };
  }
  return { metric: false, item: it, length };
}

/** The time grains a bucket of each grain says too: a month is of one quarter and one year; a week may straddle two months or years. */
const SAYS: Record<Grain, Grain[]> = {
  day: ['day', 'week', 'month', 'quarter', 'year'],
  week: ['week'],
  month: ['month', 'quarter', 'year'],
  quarter: ['quarter', 'year'],
  year: ['year'],
};
/** "year-over-year" beside another time breakdown asks for a comparison, never a bucket. */
const COMPARING_GRAINS = /^(yoy|year-over-year|year-on-year|month-over-month)$/;

/**
 * The one time breakdown of the query. Several named: the finest when it says the others ("by year and
 * month": each month is of one year); otherwise ("by quarter and by week", "by month year over year")
 * the others were read (marked used) but would not be in the query: they are dropped, so the question
 * is refused rather than broken down by the first one said.
 */
function timeBreakdown(a: Analysis, items: Item[]): { grain?: Grain; within?: Grain } {
  // "by day of (the) week", "month of the year": a part of a cycle (Mondays together across weeks), never the
  // finer unit's own buckets; no query computes it, so both words are dropped and the question refused
  const cyclic = (pos: number) => {
    const at = items[pos + 1]?.lower === 'of' ? pos + (items[pos + 2]?.lower === 'the' ? 3 : 2) : -1;
    return at > 0 && items[at]?.kind === 'grain' ? at : -1;
  };
  for (const g of a.grainGroups) {
    const of = cyclic(g.pos);
    if (of > 0) for (const it of [items[g.pos]!, items[of]!]) it.dropped = true;
  }
  const groups = a.grainGroups.filter((g) => cyclic(g.pos) < 0 && !items[g.pos]!.dropped);
  if (!groups.length) return {};
  const grains = [...new Set(groups.map((g) => g.grain))];
  if (grains.length === 1) return { grain: grains[0] };
  const finest = grains.find((g) => grains.every((o) => SAYS[g].includes(o)));
  const comparing = (g: (typeof groups)[number]) => COMPARING_GRAINS.test(items[g.pos]?.lower ?? '');
  const chosen = finest && !groups.some(comparing) ? finest : groups[0]!.grain;
  // "which day had the lowest sales in each month" ranks within each month: a ranking beside a coarser
  // "each <unit>" is not the finest breakdown ranked as a whole; it is returned as the unit to rank within
  const ranked = items.some((it) => it.kind === 'kw' && (it.kw === 'desc' || it.kw === 'asc'));
  const withinEach = (g: (typeof groups)[number]) => {
    const before = items[g.pos - 1];
    return g.grain !== chosen && before?.kind === 'kw' && /\b(each|every)\b/.test(before.lower);
  };
  // (one coarser unit to rank within; with several, they are dropped and the question refused)
  const within = ranked && chosen === finest ? groups.filter(withinEach) : [];
  for (const g of groups)
    if (
      !SAYS[chosen].includes(g.grain) ||
      (chosen !== finest && g.grain !== chosen) ||
      comparing(g) ||
      (ranked && withinEach(g) && within.length !== 1)
    )
      items[g.pos]!.dropped = true;
  return { grain: chosen, ...(within.length === 1 ? { within: within[0]!.grain } : {}) };
}

/** How a period's days of the week read in the notes. */
function daysNote(days: TimeRange['days']): string {
  if (!days) return '';
  if (Array.isArray(days)) return `, ${days.map((n) => `${capitalised(DAY_NAMES[n - 1]!)}s`).join(', ')} only`;
  return days === 'weekend' ? ', Saturdays and Sundays only' : ', Mondays to Fridays only';
}
const capitalised = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** How a period's times of day read in the notes ("from 05:00 to 12:00"). */
function clockNote(clock: TimeRange['clock']): string {
  if (!clock) return '';
  return `, ${clock.from ? `from ${clock.from}` : ''}${clock.from && clock.to ? ' ' : ''}${clock.to ? `before ${clock.to}` : ''}${clock.from && clock.to && clock.from > clock.to ? ' (over midnight)' : ''}`;
}

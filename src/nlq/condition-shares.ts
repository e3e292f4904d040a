/**
 * Shares, percentages and ratios of counts under row conditions: "what percentage of rooms have a sea view",
 * "the proportion of patients older than 60", "for each region, the share of patients who smoke", "which clinic
 * has the highest share of urgent visits", "rooms with a sea view out of all rooms", "urgent visits as a fraction
 * of all visits", "the ratio of rooms with a sea view to rooms without one", "how many times more bookings came
 * through the web than by phone".
 *
 * The conditions are never parsed here: each side is re-read by the whole interpreter as "how many <side>", and
 * the frame is kept only when the readings count the same thing and differ only by row conditions (filters,
 * conditions on the members counted, a period). What the part adds to the whole is the numerator's own filter;
 * what the whole keeps filters both sides. A side that does not read, or readings that differ in anything else,
 * leave the question to the general rules (which refuse a share word they cannot place).
 */
import { isDeepStrictEqual } from 'node:util';
import type { DimensionFilter, EntityCondition, Ratio, SemanticQuery } from '../semantic/query.js';
import type { Lexicon } from './lexicon.js';
import type { Interpretation } from './types.js';
import { pluralOf } from './verb-readings.js';
import { slug } from './constructions/ratio.js';
import { participlesNaming } from './constructions/value-presence.js';
import { CREATION_VERBS } from './constructions/dated-verb.js';
import type { JoinGraph } from '../semantic/graph.js';

/**
 * A share (percentage, proportion, fraction ...) is the part as a fraction 0–1, shown as a percentage, as every
 * share of the product is; a ratio is A / B.
 */
type Scale = 'share' | 'ratio';

export interface ShareFrame {
  scale: Scale;
  /** The counted side, as said after "how many" ("rooms with a sea view"). */
  part: string;
  /** The whole when the words say it ("rooms" before "have", "all rooms" after "out of"); else every row the part counts. */
  whole?: string;
  /** The things and what is said of them before "with" ("rooms on floor 3 | with a sea view"): the whole when the part says two conditions. */
  scope?: string;
  /** The whole is the scope: it must say a condition of its own. */
  scoped?: boolean;
  /** The whole is said after the part ("out of all rooms"), not as its first words. */
  wholeAfter?: boolean;
  /** The second side of a ratio ("rooms without a sea view", "by phone"). */
  other?: string;
  /** A breakdown said around the frame (" for each floor"), or a sentence after it, re-read with every side. */
  group: string;
  /** "which floor has the highest share ...": the members ranked by the share, and how many are kept. */
  rank?: { dir: 'desc' | 'asc'; n: number };
  /** The words that named the scale, for the notes. */
  words: string;
  /** The frame before a breakdown was split off its last side. */
  asSaid?: ShareFrame;
}

const LEAD = String.raw`(?:(?:what|which) (?:is|was|are|were) |what's |(?:please )?(?:show|give|tell|find|calculate|compute|get|return)(?: me)? )?`;
const SHARE = String.raw`(percentage|percent|proportion|share|fraction|portion|%)`;
/** "all rooms", "the total number of rooms", "the total": what comes before the whole after "out of" / "as a fraction of". */
const ALL = String.raw`(?:all(?: of)?(?: the)?|the total(?: number)?(?: of)?(?: the)?|every|the)`;
const HIGH = new Set(['highest', 'largest', 'greatest', 'biggest', 'most']);
const LOW = new Set(['lowest', 'smallest', 'least']);
/** Words that end the whole and open the part's condition ("rooms | have a sea view", "patients | who smoke"). */
const COPULA = new Set(['are', 'is', 'were', 'was', 'have', 'has', 'had', 'that', 'which', 'who', 'whose', 'do', 'does', 'did']);
/** Words that open a condition after the things and their scope ("customers in Ohio | with ..."). */
const SCOPE_ENDS = new Set(['with', 'without', 'having']);
/** Words that stand for the counted things on the second side ("to those without ..."). */
const ANAPHORS = /^(?:those|the ones|ones|the others|others)\b\s*/i;
/** Words between the things and "than": "how many times more rooms with a sea view are there than ...". */
const THERE = /\s+(?:are|were|is|was) there$/i;

/** "the rooms", "all the rooms", "the number of rooms": the things themselves. */
function things(text: string): string {
  return text
    .trim()
    .replace(/^(?:all(?: of)? )?(?:the )?(?:total )?(?:number|count) of /i, '')
    .replace(/^(?:all(?: of)?(?: the)?|the) /i, '')
    .trim();
}

/** A breakdown said at the end of a side ("for each floor", "by region", "per clinic"), split off (the last one said). */
function groupAtEnd(text: string): [string, string] {
  const m =
    /^(.+)((?:,\s*|\s+)(?:(?:for|in|on|within) (?:each|every) |(?:by|per) (?!(?:more|less|fewer|at|over|under|above|below|\d)\b))[^,]+)$/i.exec(
      text,
    );
  // ("on each floor", "within every region": one breakdown, said as the general rules read it)
  return m ? [m[1]!.trim(), ` ${m[2]!.replace(/^,?\s*/, '').replace(/^(?:for|in|on|within) (?:each|every) /i, 'for each ')}`] : [text, ''];
}

/** Reads the frame of a share, an out-of-all, or a ratio of counts; undefined when the question has none. */
export function readShareFrame(question: string): ShareFrame | undefined {
  let q = question
    .trim()
    .replace(/[?.!\s]+$/, '')
    .replace(/\s+/g, ' ');
  // "... ? Match service case insensitively": a sentence after the question is said of every side
  const after = /^(.+?)([?!.] .+)$/.exec(q);
  const told = after ? after[2]! : '';
  if (after) q = after[1]!;
  const frame = frameOf(q);
  return frame && { ...frame, group: `${frame.group}${told}` };
}

function frameOf(question: string): ShareFrame | undefined {
  let q = question;
  // "for each region, the share of ...": the breakdown said first
  let group = '';
  const first = /^(?:for|in) (?:each|every) ([^,]+), (.+)$/i.exec(q);
  if (first) {
    group = ` for each ${first[1]}`;
    q = first[2]!;
  }
  // "which clinic has the highest share of urgent visits", "the floor with the lowest percentage of ..."
  const ranked =
    /^(?:which|what) ([a-z][\w ]*?) (has|had|have) the (\w+) (?:percentage|percent|proportion|share|fraction|portion|%) of (.+)$/i.exec(
      q,
    ) ?? new RegExp(String.raw`^${LEAD}the ([a-z][\w ]*?) (with) the (\w+) ${SHARE} of (.+)$`, 'i').exec(q);
  if (ranked && !group) {
    const dir = HIGH.has(ranked[3]!.toLowerCase()) ? 'desc' : LOW.has(ranked[3]!.toLowerCase()) ? 'asc' : undefined;
    const word = /(percentage|percent|proportion|share|fraction|portion|%) of/i.exec(q)![1]!;
    if (!dir) return undefined;
    // "which floors have ...": the first ten, as the ratio construction ranks a plural
    const rank = { dir, n: ranked[2]!.toLowerCase() === 'have' ? 10 : 1 } as const;
    return { ...sharedTail(ranked[ranked.length - 1]!, 'share', word), group: ` for each ${ranked[1]}`, rank };
  }
  const ratio = new RegExp(String.raw`^${LEAD}(?:the )?ratio (?:of|between) (.+)$`, 'i').exec(q);
  if (ratio) {
    const outOf = new RegExp(String.raw`^(.+?) out of ${ALL} ?(.*)$`, 'i').exec(ratio[1]!);
    if (outOf) return withGroup({ scale: 'share', part: things(outOf[1]!), ...wholeAfter(outOf[2]!), group, words: 'ratio ... out of' });
    return withGroup({ scale: 'ratio', part: ratio[1]!, group, words: 'ratio' });
  }
  const times = /^how many times (?:more|as many) (.+?) (?:than|as) (.+)$/i.exec(q);
  if (times)
    return withGroup({ scale: 'ratio', part: things(times[1]!.replace(THERE, '')), other: times[2]!, group, words: 'how many times more' });
  const share = new RegExp(String.raw`^${LEAD}(?:the )?(?:what )?${SHARE} of (.+)$`, 'i').exec(q);
  if (share) return withGroup({ ...sharedTail(share[2]!, 'share', share[1]!), group });
  // "rooms with a sea view out of all rooms", "urgent visits as a fraction of all visits"
  const outOf = new RegExp(String.raw`^${LEAD}(?:the )?(?:number of )?(.+?) out of ${ALL} ?(.*)$`, 'i').exec(q);
  if (outOf && !/^how many\b/i.test(q))
    return withGroup({ scale: 'share', part: things(outOf[1]!), ...wholeAfter(outOf[2]!), group, words: 'out of' });
  const asPart = new RegExp(String.raw`^${LEAD}(?:the )?(?:number of )?(.+?) as an? ${SHARE} of ${ALL}? ?(.*)$`, 'i').exec(q);
  if (asPart)
    return withGroup({
      scale: 'share',
      part: things(asPart[1]!),
      ...wholeAfter(asPart[3]!),
      group,
      words: `as a ${asPart[2]} of`,
    });
  return undefined;
}

/** The whole said after the part; "out of all", "out of the total" say none but the part's things. */
function wholeAfter(text: string): Pick<ShareFrame, 'whole' | 'wholeAfter'> {
  const whole = things(text);
  return whole && !/^(?:them|those|of them|total)$/i.test(whole) ? { whole, wholeAfter: true } : {};
}

/**
 * The words after "<share> of": the whole before a copula ("rooms | have ..."), else the part alone; "out of" says
 * (or "among") the whole; "to" between two sides ("proportion of delivered to lost parcels") makes it a ratio of them.
 */
function sharedTail(tail: string, scale: Scale, words: string): ShareFrame {
  const outOf = new RegExp(String.raw`^(.+?) (?:out of ${ALL}|among ${ALL}?) ?(.*)$`, 'i').exec(tail);
  if (outOf) return { scale, part: things(outOf[1]!), ...wholeAfter(outOf[2]!), group: '', words };
  if (/ to /i.test(tail)) return { scale: 'ratio', part: tail, group: '', words };
  const part = things(tail);
  const tokens = part.split(' ');
  const k = tokens.findIndex((t, i) => i > 0 && COPULA.has(t.toLowerCase()));
  const w = tokens.findIndex((t, i) => i > 1 && SCOPE_ENDS.has(t.toLowerCase()));
  const whole = k > 0 ? { whole: tokens.slice(0, k).join(' ') } : w > 0 ? { scope: tokens.slice(0, w).join(' ') } : {};
  return { scale, part, ...whole, group: '', words };
}

/**
 * A breakdown at the end of the last side said is every side's ("... out of all flights for each airline"); the
 * frame as said is kept to be read when the words split off are no breakdown ("cited by 2 papers").
 */
function withGroup(f: ShareFrame): ShareFrame {
  if (f.group) return f;
  const [key, text] =
    f.other !== undefined
      ? (['other', f.other] as const)
      : f.whole !== undefined && f.wholeAfter
        ? (['whole', f.whole] as const)
        : (['part', f.part] as const);
  const [rest, group] = groupAtEnd(text);
  return group ? { ...f, [key]: rest, group, asSaid: f } : f;
}

type Read = (text: string) => Interpretation;
type Query = Extract<Interpretation, { kind: 'query' }>;
type Refusal = Extract<Interpretation, { kind: 'out_of_scope' }>;

/** The row conditions of a side: filters, conditions on the members counted, and its period as bounds on its date. */
interface Conditions {
  filters: DimensionFilter[];
  conditions: EntityCondition[];
  bounds: DimensionFilter[];
  /** How the period was said ("2024"), for the column's name. */
  period?: string;
}

const COUNTS = new Set(['count', 'count_distinct']);
/** Fields a condition may change; every other one must be the same in both readings. */
const CONDITION_FIELDS = ['filters', 'entity_conditions', 'time_range'] as const;

/** The rest of a query, with empty lists and absent fields alike. */
function shape(q: SemanticQuery): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) {
    if ((CONDITION_FIELDS as readonly string[]).includes(k)) continue;
    if (v === undefined || v === false || (Array.isArray(v) && !v.length)) continue;
    out[k] = v;
  }
  return out;
}

const minus = <T>(xs: readonly T[], ys: readonly T[]) => xs.filter((x) => !ys.some((y) => isDeepStrictEqual(x, y)));
const within = <T>(xs: readonly T[], ys: readonly T[]) => !minus(xs, ys).length;

/** The one count a reading asks for, with nothing but row conditions around it. */
function countRead(r: Interpretation, lex: Lexicon, grouped: boolean): Query | undefined {
  if (r.kind !== 'query' || r.followUp || r.query.metrics.length !== 1) return undefined;
  const q = r.query;
  if (!COUNTS.has(lex.metrics.get(q.metrics[0]!)?.agg ?? '')) return undefined;
  if (q.order.length || q.limit !== undefined || q.comparison || q.share_of_total.length) return undefined;
  // a breakdown is only the one the frame says ("bookings by VIP guests" is no count per guest there)
  // (and a breakdown said is one: "shipped by truck" is a value of the ship mode, not a count per mode)
  if (grouped !== q.group_by.length > 0) return undefined;
  // a period of days or hours is no bound on one date
  if (q.time_range && (q.time_range.days || q.time_range.clock)) return undefined;
  return r;
}

/** A count broken down with no condition said beside the breakdown (a period is every side's, and fine). */
function breakdownOnly(r: Interpretation): boolean {
  if (r.kind !== 'query') return false;
  return r.query.group_by.length > 0 && !r.query.filters.length && !r.query.entity_conditions?.length;
}

/** What the part adds to the whole (filters, conditions, its period as bounds on its date); undefined when it takes anything away. */
function added(part: SemanticQuery, whole: SemanticQuery, lex: Lexicon, graph: JoinGraph): Conditions | undefined {
  if (!isDeepStrictEqual(shape(part), shape(whole)) || part.metrics[0] !== whole.metrics[0]) return undefined;
  const partConds = part.entity_conditions ?? [];
  const wholeConds = whole.entity_conditions ?? [];
  if (!within(whole.filters, part.filters) || !within(wholeConds, partConds)) return undefined;
  const own: Conditions = { filters: minus(part.filters, whole.filters), conditions: minus(partConds, wholeConds), bounds: [] };
  // "sold sellers": a value of rows the counted things have many of is no condition on each of them
  const counted = lex.metrics.get(part.metrics[0]!)?.entity;
  const ownerOf = (d: string) => lex.dimensions.get(d)?.entity ?? lex.timeDimensions.get(d)?.entity ?? lex.metrics.get(d)?.entity;
  if (counted && own.filters.some((f) => ownerOf(f.dimension) && !graph.path(counted, ownerOf(f.dimension)!))) return undefined;
  if (whole.time_range && !isDeepStrictEqual(whole.time_range, part.time_range)) return undefined;
  if (part.time_range && !whole.time_range) {
    const info = lex.metrics.get(part.metrics[0]!);
    const td = part.time_range.dimension ?? info?.timeDimension;
    if (!td || !info?.timeBound) return undefined;
    own.bounds = [
      { dimension: td, op: 'gte', values: [part.time_range.start] },
      { dimension: td, op: 'lt', values: [part.time_range.end] },
    ];
    own.period = part.time_range.label ?? `${part.time_range.start} ${part.time_range.end}`;
  }
  return own;
}

/**
 * Which of the part's conditions make the share's numerator. The verb of the things says nothing of its own beside
 * another condition when its date is the things' own ("orders placed by customers in Ohio": every order was placed) or
 * the other condition is on a column it names ("shipped by truck": a ship mode says it was shipped); else its date
 * filled is a condition ("cancelled through the web": both). A period says when the verb happened when it is on the
 * verb's date ("shipped in 1996"); else, beside another condition, it scopes the whole too ("late in 1996": of 1996's
 * rows, the late ones), and alone it is the condition ("made in 2024").
 */
function placed(own: Conditions, part: string, thingsDate: string | undefined, lex: Lexicon): { own: Conditions; periodOfWhole: boolean } {
  const words = part.toLowerCase().split(/[^a-z]+/);
  const verbsOf = (f: DimensionFilter) =>
    f.op === 'is_set' && lex.timeDimensions.has(f.dimension) ? participlesNaming(lex, words, f.dimension) : [];
  const others = (f: DimensionFilter) => own.filters.filter((g) => g !== f);
  const implied = (f: DimensionFilter) =>
    verbsOf(f).length > 0 &&
    (((f.dimension === thingsDate || verbsOf(f).some((v) => CREATION_VERBS.has(v))) &&
      (others(f).length > 0 || own.conditions.length > 0)) ||
      verbsOf(f).some((v) => others(f).some((g) => participlesNaming(lex, words, g.dimension).includes(v))));
  const filters = own.filters.filter((f) => !implied(f));
  if (!own.bounds.length) return { own: { ...own, filters }, periodOfWhole: false };
  const dated = own.bounds[0]!.dimension;
  const when = filters.filter((f) => f.dimension === dated && verbsOf(f).length);
  if (when.length) return { own: { ...own, filters: filters.filter((f) => !when.includes(f)) }, periodOfWhole: false };
  if (!filters.length && !own.conditions.length) return { own, periodOfWhole: false };
  return { own: { ...own, filters, bounds: [], period: undefined }, periodOfWhole: true };
}

const size = (c: Conditions) => c.filters.length + c.conditions.length + c.bounds.length;
/** Which column (or members' figure) a condition is on: two sides on the same ones are said in parallel. */
const families = (c: Conditions, lex: Lexicon) =>
  new Set([
    ...c.filters.map((f) => lex.dimensions.get(f.dimension)?.roleOf?.base ?? f.dimension),
    ...c.conditions.map((x) => `${x.entity}:${x.metric}`),
    ...(c.bounds.length ? ['period'] : []),
  ]);

const OP_WORDS: Record<string, string> = { gt: 'above', gte: 'min', lt: 'below', lte: 'max', between: 'between' };
/** A condition in a few words of a column name: "express", "not express", "size above 4", "no end date", "2024". */
const conditionSlug = (c: Conditions) =>
  [
    ...c.filters.map((f) => {
      const flag = f.values.length > 0 && f.values.every((v) => v === true || v === 'true' || v === false || v === 'false');
      const negated = ['ne', 'not_in', 'ne_ci', 'not_set'].includes(f.op) || (flag && f.values.every((v) => v === false || v === 'false'));
      const what = OP_WORDS[f.op]
        ? `${f.dimension} ${OP_WORDS[f.op]} ${f.values.join(' ')}`
        : flag || f.op === 'is_set' || f.op === 'not_set'
          ? f.dimension
          : f.values.join(' ');
      return `${negated ? 'not ' : ''}${what}`;
    }),
    ...c.conditions.map((x) => `${x.metric} ${OP_WORDS[x.op] ?? x.op} ${x.value}`),
    ...(c.period ? [c.period] : []),
  ].join(' ');

/** A side of the ratio: the count over its own conditions. */
const side = (metric: string, c: Conditions, label: string) => ({
  metric,
  ...(c.filters.length || c.bounds.length ? { filters: [...c.filters, ...c.bounds] } : {}),
  ...(c.conditions.length ? { conditions: c.conditions } : {}),
  label,
});

/**
 * The frame read through its sides: the whole's query carrying one ratio column (the part over the whole, or
 * one side over the other), ranked when the frame ranks. Undefined when a side does not read as a count of the
 * same things under row conditions, or the words do not say which condition is the part's.
 */
export function shareOfConditions(frame: ShareFrame, read: Read, lex: Lexicon, graph: JoinGraph): Query | Refusal | undefined {
  const r = readFrame(frame, read, lex, graph);
  return r?.kind === 'query' || !frame.asSaid ? r : (readFrame(frame.asSaid, read, lex, graph) ?? r);
}

function readFrame(frame: ShareFrame, read: Read, lex: Lexicon, graph: JoinGraph): Query | Refusal | undefined {
  if (frame.scale === 'ratio' && frame.other === undefined) return ratioOfSides(frame, read, lex, graph);
  const said = (text: string) => read(`how many ${text}${frame.group}`);
  const count = (text: string) => countRead(said(text), lex, /^ (?:for each|by|per) /i.test(frame.group));
  if (frame.other !== undefined) {
    const part = count(frame.part);
    if (!part) return undefined;
    // the second side said without its things ("than by phone", "than those without one") counts the same things
    const plural = pluralOf(lex, lex.metrics.get(part.query.metrics[0]!)?.entity ?? '');
    const other = `${plural} ${frame.other.replace(ANAPHORS, '')}`;
    const alone = count(frame.other);
    const counted = alone ?? count(other);
    return counted ? ratioOf(part, counted, { ...frame, other: alone ? frame.other : other }, lex, graph) : undefined;
  }
  // a breakdown split off a side is one only when it says no condition ("by VIP guests" is also a value): refused
  // unless the words read whole without it
  const first = frame.asSaid ? said(frame.part) : undefined;
  const counted = first?.kind === 'query' ? lex.metrics.get(first.query.metrics[0] ?? '')?.entity : undefined;
  if (counted && !breakdownOnly(read(`how many ${pluralOf(lex, counted)}${frame.group}`)))
    return {
      kind: 'out_of_scope',
      reason: `"${frame.group.trim()}" reads both as a breakdown and as a condition on the ${pluralOf(lex, counted)} counted; ask with one ("for each ..." or "... that are ..."). I did not answer rather than guess.`,
      unconsumed: [],
    };
  const whole = frame.whole !== undefined ? count(frame.whole) : undefined;
  if (frame.whole !== undefined && !whole) return undefined;
  if (frame.scoped && !whole!.query.filters.length && !whole!.query.entity_conditions?.length && !whole!.query.time_range) return undefined;
  const part = count(frame.part);
  // (a part not read as a count is left to the ratio construction, which reads some sides of its own)
  if (!part) return undefined;
  const metric = part.query.metrics[0]!;
  const label = (lex.metrics.get(metric)?.label ?? metric).toLowerCase();
  const wholeSaid = whole?.query ?? { ...part.query, filters: [], entity_conditions: undefined, time_range: undefined };
  const conditions = added(part.query, wholeSaid, lex, graph);
  if (!conditions) return undefined;
  const { own, periodOfWhole } = placed(conditions, frame.part, lex.metrics.get(metric)?.timeDimension, lex);
  if (!size(own)) return undefined;
  const wholeQuery = periodOfWhole ? { ...wholeSaid, time_range: part.query.time_range } : wholeSaid;
  // "share of rooms with a sea view on floor 3": two conditions and no word saying which makes the whole (but "of
  // rooms on floor 3 with a sea view": the things and their scope before "with" are the whole)
  if (frame.whole === undefined && size(own) > 1) {
    const scoped =
      frame.scope !== undefined ? readFrame({ ...frame, whole: frame.scope, scope: undefined, scoped: true }, read, lex, graph) : undefined;
    if (scoped?.kind === 'query') return scoped;
    return {
      kind: 'out_of_scope',
      reason: `The ${frame.words} of "${frame.part}" does not say which condition makes the whole and which the part (e.g. "what ${frame.words} of <things> with one condition have the other"). I did not answer rather than guess.`,
      unconsumed: [],
    };
  }
  const name = slug(`${metric} share ${conditionSlug(own)}`);
  const ratio: Ratio = {
    name,
    numerator: side(metric, own, partSaid(frame)),
    denominator: side(
      metric,
      { filters: [], conditions: [], bounds: [] },
      `${frame.whole ?? `all ${label}`}${periodOfWhole ? ` (${wholeQuery.time_range?.label ?? 'the period'})` : ''}`,
    ),
    as: frame.scale,
    label: `${/percent|%/i.test(frame.words) ? 'Percentage' : 'Share'} of ${partSaid(frame)}`,
  };
  return composed(part, wholeQuery, ratio, frame);
}

/** The part as a noun phrase for labels: "payments were paid by card" is "payments that were paid by card". */
function partSaid(frame: ShareFrame): string {
  const w = frame.whole;
  if (w === undefined || frame.wholeAfter || !frame.part.startsWith(`${w} `)) return frame.part;
  const rest = frame.part.slice(w.length + 1);
  return /^(?:that|which|who|whose|with|without|having)\b/i.test(rest) ? frame.part : `${w} that ${rest}`;
}

/** "ratio of A to B": the tail split at each "to" / "and" / "versus" where both sides read; one such split, or none. */
function ratioOfSides(frame: ShareFrame, read: Read, lex: Lexicon, graph: JoinGraph): Query | undefined {
  const tokens = frame.part.split(' ');
  const found: Query[] = [];
  for (let k = 1; k < tokens.length - 1; k++) {
    if (!['to', 'and', 'versus', 'vs', 'vs.'].includes(tokens[k]!.toLowerCase())) continue;
    const r = shareOfConditions(
      { ...frame, part: things(tokens.slice(0, k).join(' ')), other: tokens.slice(k + 1).join(' ') },
      read,
      lex,
      graph,
    );
    if (r?.kind === 'query') found.push(r);
  }
  return found.length === 1 ? found[0] : undefined;
}

/** Two counts of the same things under conditions of their own, one over the other; what both say filters both. */
function ratioOf(a: Query, b: Query, frame: ShareFrame, lex: Lexicon, graph: JoinGraph): Query | undefined {
  const metric = a.query.metrics[0]!;
  if (b.query.metrics[0] !== metric || !isDeepStrictEqual(shape(a.query), shape(b.query))) return undefined;
  const common = {
    ...a.query,
    // "visits in 2024 to visits in 2023": each side's period is its own
    time_range: isDeepStrictEqual(a.query.time_range, b.query.time_range) ? a.query.time_range : undefined,
    filters: a.query.filters.filter((f) => b.query.filters.some((g) => isDeepStrictEqual(f, g))),
    entity_conditions: (a.query.entity_conditions ?? []).filter((c) =>
      (b.query.entity_conditions ?? []).some((d) => isDeepStrictEqual(c, d)),
    ),
  };
  const ownA = added(a.query, common, lex, graph);
  const ownB = added(b.query, common, lex, graph);
  // ("A to all A" is the ratio construction's share of a subset)
  if (!ownA || !ownB || !size(ownA) || !size(ownB)) return undefined;
  // "A with a rating above 4 to A with a rating below 4 in Boston": Boston is for both sides or the second's only;
  // the sides are read only when each says its own condition on the same columns as the other
  const [fa, fb] = [families(ownA, lex), families(ownB, lex)];
  if (size(ownA) && size(ownB) && (fa.size !== fb.size || [...fa].some((x) => !fb.has(x)))) return undefined;
  // "customers in Ohio to customers in Texas in Ohio": sides said in parallel are two subsets, never one inside the other
  const valuesOf = (c: Conditions, d: string) =>
    c.filters.filter((f) => f.dimension === d && ['eq', 'in'].includes(f.op)).flatMap((f) => f.values);
  if (ownA.filters.some((f) => valuesOf(ownB, f.dimension).some((v) => valuesOf(ownA, f.dimension).includes(v)))) return undefined;
  const label = (lex.metrics.get(metric)?.label ?? metric).toLowerCase();
  const name = `${slug(`${metric} ${conditionSlug(ownA)}`)}_to_${slug(`${metric} ${conditionSlug(ownB)}`)}`;
  const ratio: Ratio = {
    name,
    numerator: side(metric, ownA, frame.part),
    denominator: side(metric, ownB, frame.other ?? label),
    label: `Ratio of ${frame.part} to ${frame.other ?? label}`,
  };
  return composed(a, common, ratio, frame);
}

function composed(part: Query, base: SemanticQuery, ratio: Ratio, frame: ShareFrame): Query | undefined {
  if (frame.rank && !base.group_by.length) return undefined;
  const query: SemanticQuery = {
    ...base,
    metrics: [],
    ratios: [...(base.ratios ?? []), ratio],
    ...(frame.rank
      ? { order: [{ by: ratio.name, direction: frame.rank.dir }], limit: frame.rank.n, ...(frame.rank.n === 1 ? { with_ties: true } : {}) }
      : {}),
  };
  const what =
    frame.scale === 'ratio'
      ? `the ratio of ${ratio.numerator.label} to ${ratio.denominator.label}`
      : `${ratio.numerator.label} out of ${ratio.denominator.label}, as a fraction (0–1) shown as a percentage`;
  return {
    ...part,
    query,
    notes: [
      ...part.notes,
      `Read "${frame.words}" as ${what}${frame.rank ? `, ranked ${frame.rank.dir === 'desc' ? 'highest' : 'lowest'} first` : ''}.`,
    ],
  };
}

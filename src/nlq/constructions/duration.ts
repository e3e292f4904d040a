/**
 * Durations between two dates of the same rows: "average number of days between the order date and
 * the ship date by region", "longest time from hire to termination", "how long from admission to
 * graduation on average", "average session duration in seconds" (`durations`).
 *
 * Shape: an aggregate word (average, mean, minimum, maximum, shortest, longest, total; "on average"
 * after), a head (days, hours, minutes, seconds, number of days, time, duration, "how long"), then
 * "between A and B", "from A to/until B" or "to B since/after/from A", and an optional unit ("in seconds"). A and B are time
 * dimensions of one entity, or of one and a thing its rows belong to (per row of the first), each named by a phrase of
 * the model (a label or a synonym: "hired" for a hire date; of several, the one sharing rows with the other date) or
 * by a thing and "date". The head's unit or the "in <unit>" phrase picks the unit; none = days.
 * "duration" with no dates (right after a thing, or "duration of <thing>") reads that thing's one
 * start/end pair of time dimensions (their names hold start/begin and end/finish/stop), only when
 * there is exactly one such pair.
 *
 * No aggregate word: a superlative ranks the groups of a breakdown ("the salesperson with the
 * shortest time from hire to termination") when the breakdown is the dates' own entity (one row per
 * member: the duration of each); anything else has no aggregate and is refused ("how many days
 * between order and shipping": whose, which one?). An ambiguous date, dates of two things neither
 * belonging to the other, or two units that disagree are refused, naming them.
 */
import { joinGraph, shortestJoinPaths } from '../../semantic/graph.js';
import type { SemanticModel } from '../../semantic/model.js';
import type { SemanticQuery } from '../../semantic/query.js';
import { countMetricOfEntities, type Analysis } from '../analyse.js';
import { memberDimension, rowsNamed } from '../members.js';
import { columnsOfSense, comparativeSense, superlativeSense } from '../measure-senses.js';
import { ownNumberColumns } from '../units.js';
import type { Lexicon } from '../lexicon.js';
import { consume, entriesOf, type Item } from '../spans.js';
import { isStamp } from '../year-columns.js';
import type { Claim, Construction } from './types.js';

type Unit = 'day' | 'hour' | 'minute' | 'second';
type Agg = 'avg' | 'min' | 'max' | 'sum';

const UNIT_WORDS: Record<string, Unit> = Object.assign(Object.create(null), {
  days: 'day',
  day: 'day',
  hours: 'hour',
  hour: 'hour',
  minutes: 'minute',
  minute: 'minute',
  seconds: 'second',
  second: 'second',
});
/** Heads that name a duration with no unit of their own. */
const PLAIN_HEADS = new Set(['time', 'duration', 'durations']);
const AGG_WORDS: Record<string, Agg> = Object.assign(Object.create(null), {
  average: 'avg',
  mean: 'avg',
  avg: 'avg',
  typical: 'avg',
  minimum: 'min',
  min: 'min',
  shortest: 'min',
  smallest: 'min',
  lowest: 'min',
  least: 'min',
  fewest: 'min',
  quickest: 'min',
  fastest: 'min',
  maximum: 'max',
  max: 'max',
  longest: 'max',
  largest: 'max',
  highest: 'max',
  most: 'max',
  greatest: 'max',
  slowest: 'max',
  total: 'sum',
  sum: 'sum',
  combined: 'sum',
  cumulative: 'sum',
});
/** Words before a date that add nothing to which date it is ("from being hired to getting fired"). */
const DATE_FILLER = new Set(['the', 'being', 'getting', 'its', 'their', 'his', 'her', 'a', 'an']);
/** Words between "how long" and "from" ("how long does it take from A to B"). */
const HOW_LONG_FILLER = new Set(['does', 'did', 'do', 'it', 'take', 'takes', 'took', 'is', 'was', 'typically', 'usually']);
const START = /(^|_)(start|starts|started|begin|begins|began|beginning)(_|$)/;
const END = /(^|_)(end|ends|ended|finish|finished|stop|stopped)(_|$)/;
/**
 * Words of general English that mark a thing's start and end dates as a pair when the rest of the two
 * names is the same (check_in / check_out, hire_date / termination_date, date_from / date_to).
 */
const START_END_WORDS: [string[], string[]][] = [
  [
    ['start', 'starts', 'started', 'begin', 'begins', 'began', 'beginning'],
    ['end', 'ends', 'ended', 'finish', 'finished', 'stop', 'stopped'],
  ],
  [['in'], ['out']],
  [['from'], ['to', 'until']],
  [
    ['hire', 'hired', 'hiring'],
    ['termination', 'terminated', 'fire', 'fired', 'leave', 'left', 'exit'],
  ],
  [
    ['admission', 'admit', 'admitted'],
    ['discharge', 'discharged'],
  ],
  [
    ['open', 'opened', 'opening'],
    ['close', 'closed', 'closing'],
  ],
];

/**
 * The start/end pairs of an entity's own time dimensions: one name with a start word and one with its end
 * word, the rest alike; or its one start-named and one end-named date (START, END).
 */
export function ownPairs(lex: Lexicon, entity: string): [string, string][] {
  const tds = [...lex.timeDimensions.values()].filter((t) => t.entity === entity);
  const pairs = new Map<string, [string, string]>();
  const parts = tds.map((t) => ({ name: t.name, words: t.name.toLowerCase().split('_') }));
  for (const [starts, ends] of START_END_WORDS)
    for (const a of parts)
      for (const b of parts) {
        const i = a.words.findIndex((w) => starts.includes(w));
        const j = b.words.findIndex((w) => ends.includes(w));
        if (i < 0 || j < 0 || a === b) continue;
        const rest = (ws: string[], k: number) => ws.filter((_, x) => x !== k).join('_');
        if (rest(a.words, i) === rest(b.words, j)) pairs.set(`${a.name} ${b.name}`, [a.name, b.name]);
      }
  const starts = tds.filter((t) => START.test(t.name.toLowerCase()));
  const ends = tds.filter((t) => END.test(t.name.toLowerCase()));
  if (starts.length === 1 && ends.length === 1 && starts[0] !== ends[0])
    pairs.set(`${starts[0]!.name} ${ends[0]!.name}`, [starts[0]!.name, ends[0]!.name]);
  return [...pairs.values()];
}

export const duration: Construction = {
  name: 'duration',
  recognise({ items, a, lex, ctx }) {
    const word = (k: number) => items[k]?.lower;
    const free = (it: Item | undefined) => !!it && !it.consumed;
    for (let h = 0; h < items.length; h++) {
      const head = items[h]!;
      if (!free(head)) continue;
      const howLong = head.lower === 'long' && word(h - 1) === 'how';
      const headUnit = UNIT_WORDS[head.lower];
      if (!howLong && !headUnit && !PLAIN_HEADS.has(head.lower)) continue;
      if (head.kind !== 'word' && head.kind !== 'grain') continue;
      const words: Item[] = howLong ? [items[h - 1]!, head] : [head];

      // the aggregate before the head: "average (number of) days", "the longest time"
      let b = h - 1 - (howLong ? 1 : 0);
      while (b >= 0 && items[b]!.kind === 'kw' && items[b]!.kw === 'count' && !howLong && headUnit) words.push(items[b--]!);
      // the dates: read first, since "session duration" puts the thing between the aggregate and the head
      const pre = (k0: number) => {
        let x = k0;
        const found: Item[] = [];
        // "the longest average time": the word next to the head aggregates, one before it may rank
        while (x >= 0 && found.length < 2 && AGG_WORDS[items[x]!.lower] && free(items[x])) found.unshift(items[x--]!);
        return found;
      };

      // the dates: between A and B, from A to B
      let k = h + 1;
      if (howLong) while (k < items.length && items[k]!.kind === 'word' && HOW_LONG_FILLER.has(items[k]!.lower)) words.push(items[k++]!);
      let dates: DatePair | string | undefined;
      const open = items[k];
      if (open && open.kind === 'word' && ['between', 'from', 'to', 'until', 'till'].includes(open.lower)) {
        dates = datePair(items, k, lex, ctx.model);
        if (!dates) continue;
      } else if (head.lower === 'duration' || head.lower === 'durations') {
        dates = startEndPair(items, h, lex);
        if (!dates) continue;
        if (typeof dates !== 'string' && dates.before) b -= 1;
      } else continue;
      // "stays with more than 5 days between check in and check out": a condition on each row's own span
      const [num, cmp] = [items[h - 1], items[h - 2]];
      if (
        typeof dates !== 'string' &&
        headUnit &&
        num?.kind === 'num' &&
        free(num) &&
        cmp?.kind === 'kw' &&
        CMP_OPS[cmp.kw ?? ''] &&
        free(cmp)
      ) {
        const entity = dates.rows;
        const own = [dates.from, dates.to].every((n) => lex.timeDimensions.get(n)?.entity === entity);
        let t = h - 3;
        const lead: Item[] = [];
        while (t >= 0 && ['with', 'having', 'that', 'which', 'have', 'has', 'had'].includes(word(t) ?? '') && free(items[t]))
          lead.push(items[t--]!);
        const thingItem = items[t] && rowsNamed(lex, items[t]!) === entity ? items[t] : undefined;
        return spanClaim({
          items,
          a,
          lex,
          model: ctx.model,
          words: [...lead, cmp, num, ...words, ...dates.words],
          thingItem,
          entity,
          pair: [dates.from, dates.to],
          unit: headUnit,
          mode: 'filter',
          rank: undefined,
          condition: own
            ? { op: CMP_OPS[cmp.kw!]!, value: num.num!, unit: headUnit, words: [] }
            : `A condition on the time from one thing's date to another's is not something I can check row by row yet: ask for the ${entity} rows with both dates listed.`,
        });
      }
      const aggWords = pre(b);

      if (typeof dates !== 'string') words.push(...dates.words);
      let end = typeof dates === 'string' ? h + 1 : dates.end;
      // "in seconds" after the dates (or right after "duration")
      let unit: Unit | undefined = headUnit;
      let unitConflict: string | undefined;
      // ("in (the) number of days", "in no. of days": the same unit)
      const numberOf = (p: number) =>
        word(p) === 'number of' || word(p) === 'the number of'
          ? 1
          : (word(p) === 'no' || word(p) === 'number') && word(p + 1) === 'of'
            ? 2
            : 0;
      const counted =
        word(end) === 'in' ? numberOf(end + 1) || (word(end + 1) === 'the' && numberOf(end + 2) ? numberOf(end + 2) + 1 : 0) : 0;
      const unitAt = end + 1 + counted;
      if (word(end) === 'in' && UNIT_WORDS[word(unitAt) ?? ''] && items.slice(end + 1, unitAt + 1).every(free)) {
        const u = UNIT_WORDS[word(unitAt)!]!;
        if (unit && unit !== u)
          unitConflict = `The question counts the time in ${head.lower} and in ${items[unitAt]!.lower}: I could not tell which.`;
        unit = u;
        words.push(...items.slice(end, unitAt + 1));
        end = unitAt + 1;
      }
      // "on average" after
      if (word(end) === 'on' && word(end + 1) === 'average' && free(items[end + 1])) aggWords.push(items[end]!, items[end + 1]!);
      // the figure: an average or total aggregates; a superlative (shortest, longest) either ranks the
      // groups of a breakdown or, with none, is the lowest or highest duration (decided on the query)
      const aggOf = (it: Item | undefined) => (it ? AGG_WORDS[it.lower] : undefined);
      const plain = aggWords.filter((it) => aggOf(it) === 'avg' || aggOf(it) === 'sum');
      const sup = aggWords.filter((it) => aggOf(it) === 'min' || aggOf(it) === 'max');
      if (plain.length > 1 || sup.length > 1) continue;

      // take the words away from the general rules
      const mine = new Set<Item>([...words, ...aggWords]);
      const posIn = (p: number) => mine.has(items[p]!);
      releaseUnknown(a, mine);
      // "top 3 ship modes by average days ...": "by" right before the duration ranks by it
      const first = items.indexOf(
        aggWords[0] && items.indexOf(aggWords[0]) < h
          ? aggWords[0]
          : words.reduce((x, y) => (items.indexOf(y) < items.indexOf(x) ? y : x), head),
      );
      const byKw =
        items[first - 1]?.kind === 'kw' && items[first - 1]!.lower === 'by' && free(items[first - 1]) ? items[first - 1] : undefined;
      if (byKw) a.groups = a.groups.filter((g) => !g.kws?.includes(byKw));
      releaseMentions(a, items, mine);
      // the dates are the duration's; a period dates the rows by the start date
      if (typeof dates !== 'string') a.dating = { dimension: dates.from, item: dates.fromItem };
      // "the salesperson with the shortest time ...": the members of the dates' own entity, ranked
      // (of the other date's thing, whose members each have many rows: which row's time ranks them is not said)
      const dated = typeof dates !== 'string' ? [dates.from, dates.to].map((n) => lex.timeDimensions.get(n)!.entity) : [];
      const members = sup.length
        ? a.metrics.find(
            (m) =>
              items.indexOf(m.item) < h &&
              !mine.has(m.item) &&
              ['count', 'count_distinct'].includes(lex.metrics.get(m.name)?.agg ?? '') &&
              dated.includes(lex.metrics.get(m.name)?.entity ?? ''),
          )
        : undefined;
      if (members) a.metrics = a.metrics.filter((m) => m !== members);
      a.superlatives = a.superlatives.filter((s) => !posIn(s.pos));
      // a superlative elsewhere ("the salesperson with the shortest ...") ranks as well
      // (only when nothing else is there to rank by: "top 3 customers by revenue" keeps its own)
      const other = !sup.length && (byKw || (!a.metrics.length && !a.rankingMetric)) ? a.superlatives[0] : undefined;
      if (other) a.superlatives = a.superlatives.filter((s) => s !== other);
      // a second ranking beside the duration's: which one orders the answer is not clear
      const rivals = a.superlatives.length > 0;
      const rank = sup[0]
        ? { item: sup[0], dir: aggOf(sup[0]) === 'min' ? ('asc' as const) : ('desc' as const), n: undefined as number | undefined }
        : other
          ? { item: items[other.pos], dir: other.dir, n: other.n }
          : undefined;
      const agg = aggOf(plain.find((it) => it.lower !== 'on'));
      // "which depot has the longest ...", "the courier with the shortest ...": the superlative ranks;
      // "maximum days ... by depot" is each group's highest
      const supAt = sup[0] ? items.indexOf(sup[0]) : -1;
      const supRanks =
        !!sup[0] && (!!members || a.whichPos.some((p) => p < supAt) || a.groups.some((g) => g.pos < supAt && !g.kws?.length));
      a.providesMetric = true;
      const model = ctx.model;

      return {
        construction: 'duration',
        apply(query: SemanticQuery, notes: string[]): SemanticQuery | string {
          if (typeof dates === 'string') return dates;
          if (unitConflict) return unitConflict;
          const { from, to, rows: entity } = dates;
          const member = memberDimension(lex, model, entity);
          let q: SemanticQuery = query;
          if (members) {
            if (lex.metrics.get(members.name)?.entity !== entity)
              return `Each ${members.item.text} has many ${entity} rows, each with its own time from ${from} to ${to}: I could not tell which one ranks it (the average, shortest or longest?).`;
            if (!member || q.group_by.length || q.metrics.length)
              return `I could not tell which ${members.item.text} to rank by the time from ${from} to ${to}.`;
            q = { ...q, group_by: [{ dimension: member }] };
            consume(members.item);
          }
          if (!q.time_range) notes.splice(0, notes.length, ...notes.filter((n) => !n.startsWith('Dated by')));
          if (query.comparison) return 'A duration is not compared between periods: ask for it in each period.';
          const tdLabel = (n: string) => lex.timeDimensions.get(n)!.label.toLowerCase();
          let useAgg: Agg | undefined = agg;
          const ranks = !!rank && q.group_by.length > 0 && (!!other || supRanks);
          // no ranking: "the longest time" is the highest duration (of each group)
          if (!useAgg && sup[0] && !ranks) useAgg = aggOf(sup[0]);
          // ranking the members of the dates' own entity: one row each, its own duration
          const own =
            !!member &&
            q.group_by.some((g) => g.dimension === member) &&
            q.group_by.every((g) => lex.dimensions.get(g.dimension)?.entity === entity);
          if (!useAgg && own) useAgg = 'avg';
          if (!useAgg)
            return `I can compute the time from ${tdLabel(from)} to ${tdLabel(to)}, but not which figure of it you want (average, shortest, longest, total?).`;
          const u = unit ?? 'day';
          const name = `${useAgg}_${u}s_${from}_to_${to}`;
          if (q.metrics.includes(name) || q.group_by.some((g) => g.dimension === name))
            return `The duration's column would clash with ${name}.`;
          const aggWord = { avg: 'Average', min: 'Shortest', max: 'Longest', sum: 'Total' }[useAgg];
          const label =
            agg || !ranks
              ? `${aggWord} time from ${tdLabel(from)} to ${tdLabel(to)} (${u}s)`
              : `Time from ${tdLabel(from)} to ${tdLabel(to)} (${u}s)`;
          consume(...mine);
          notes.push(`${label}: rows with either date missing are left out${u === 'day' ? '; whole calendar days' : ''}`);
          q = { ...q, durations: [...(q.durations ?? []), { name, from, to, unit: u, agg: useAgg, label }] };
          if (rivals)
            return `I could not tell whether the ranking is by the time from ${tdLabel(from)} to ${tdLabel(to)} or by something else.`;
          if (byKw && !ranks) return `I could not tell what "by" the time from ${tdLabel(from)} to ${tdLabel(to)} means here.`;
          if (ranks) {
            consume(rank!.item, byKw);
            q = { ...q, order: [{ by: name, direction: rank!.dir }], limit: rank!.n ?? 1 };
            notes.push(`Ranked by the ${label.toLowerCase()}, ${rank!.dir === 'desc' ? 'longest' : 'shortest'} first`);
          } else if (rank && other) return `I could not tell what to rank by the time from ${tdLabel(from)} to ${tdLabel(to)}.`;
          return q;
        },
      };
    }
    return null;
  },
};

/** The words a construction read are no unknown words. */
function releaseUnknown(a: Analysis, mine: Set<Item>): void {
  a.unknown = a.unknown.filter((u) => !mine.has(u));
  a.countUnknown = a.countUnknown.filter((u) => !mine.has(u));
  a.slotUnknown = a.slotUnknown.filter((u) => !mine.has(u));
}

/** The metrics, dimensions, values and breakdowns the general rules read in a construction's words are its own. */
function releaseMentions(a: Analysis, items: Item[], mine: Set<Item>): void {
  const posIn = (p: number) => mine.has(items[p]!);
  a.metrics = a.metrics.filter((m) => !mine.has(m.item));
  a.dimMentions = a.dimMentions.filter((d) => !mine.has(d.item));
  a.values = a.values.filter((v) => !mine.has(v.item));
  a.groups = a.groups.filter((g) => !posIn(g.pos));
  a.grainGroups = a.grainGroups.filter((g) => !posIn(g.pos));
}

interface DatePair {
  from: string;
  to: string;
  /** The entity whose rows have both dates (their own, or one's they belong to). */
  rows: string;
  /** The words read (the connectors, fillers and dates). */
  words: Item[];
  /** The index after the second date. */
  end: number;
  /** The start date's phrase. */
  fromItem: Item;
  /** The thing named right before the head ("session duration"). */
  before?: boolean;
}

/** The one time dimension a phrase names; several when it may name several; undefined when none. */
function dateOf(it: Item | undefined): string | string[] | undefined {
  if (!it || it.kind !== 'lex' || it.consumed) return undefined;
  const tds = [...new Set(entriesOf(it, 'time_dimension').map((e) => e.target))];
  if (!tds.length) return undefined;
  return tds.length === 1 ? tds[0]! : tds;
}

/** "<thing> date" ("the payment date" said as the payments' "date"): the thing's one date that is no record stamp. */
function thingDate(items: Item[], i: number, model: SemanticModel): string | undefined {
  const thing = items[i];
  if (!thing || thing.kind !== 'lex' || thing.consumed || items[i + 1]?.lower !== 'date' || items[i + 1]!.consumed) return undefined;
  const things = [...new Set(entriesOf(thing, 'entity').map((e) => e.target))];
  if (things.length !== 1) return undefined;
  const dates = model.time_dimensions.filter((t) => t.entity === things[0] && !isStamp(model, t.name));
  return dates.length === 1 ? dates[0]!.name : undefined;
}

/** "between A and B", "from A to B" starting at `k` (the preposition); a string is a refusal. */
function datePair(items: Item[], k: number, lex: Lexicon, model: SemanticModel): DatePair | string | undefined {
  const open = items[k]!;
  const words: Item[] = [open];
  let i = k + 1;
  const skip = () => {
    while (i < items.length && items[i]!.kind === 'word' && DATE_FILLER.has(items[i]!.lower)) words.push(items[i++]!);
  };
  // one date: its own phrase, or a thing and "date" (both words read)
  const date = (): [Item, string | string[]] | undefined => {
    const it = items[i];
    const named = dateOf(it) ?? thingDate(items, i, model);
    if (!it || !named) return undefined;
    words.push(it);
    if (!dateOf(it)) words.push(items[++i]!);
    i++;
    return [it, named];
  };
  skip();
  const first = date();
  if (!first) return undefined;
  const [A, a] = first;
  const mid = items[i];
  // "to B since A": the end first, the start after
  const reversed = ['to', 'until', 'till'].includes(open.lower);
  const joins = open.lower === 'between' ? ['and'] : reversed ? ['since', 'after', 'from'] : ['to', 'until', 'till'];
  if (!mid || !joins.includes(mid.lower)) return undefined;
  words.push(mid);
  i++;
  skip();
  const second = date();
  if (!second) return undefined;
  const [B, b] = second;
  // "between the start date and the end date of treatments": dates of the thing named right after them
  let [da, db] = [a, b];
  const ofThing = items[i]?.lower === 'of' ? items.slice(i + 1).find((o) => !(o.kind === 'word' && DATE_FILLER.has(o.lower))) : undefined;
  const things = ofThing && ofThing.kind === 'lex' ? entriesOf(ofThing, 'entity').map((e) => e.target) : [];
  if (things.length === 1 && (Array.isArray(da) || Array.isArray(db))) {
    const own = (x: string | string[]) => (Array.isArray(x) ? x.filter((n) => lex.timeDimensions.get(n)?.entity === things[0]) : [x]);
    const [oa, ob] = [own(da), own(db)];
    if (oa.length === 1 && ob.length === 1) {
      [da, db] = [oa[0]!, ob[0]!];
      const at = items.indexOf(ofThing!);
      words.push(...items.slice(i, at + 1));
      i = at + 1;
    }
  }
  // a phrase of several dates is the one that shares rows with the other date ("payment date" beside a sale date)
  if (Array.isArray(da) || Array.isArray(db)) {
    const pairs = [da]
      .flat()
      .flatMap((x) => [db].flat().map((y) => [x, y] as const))
      .filter(([x, y]) => typeof ordered(x, y, A, B, [], i, lex, model) !== 'string');
    if (pairs.length === 1) [da, db] = pairs[0]!;
  }
  for (const [x, it] of [
    [da, A],
    [db, B],
  ] as const)
    if (Array.isArray(x))
      return `"${it!.text}" may be ${x.map((n) => lex.timeDimensions.get(n)?.label ?? n).join(' or ')}: I could not tell which date you mean.`;
  if (reversed) return ordered(db as string, da as string, B!, A!, words, i, lex, model);
  return ordered(da as string, db as string, A!, B!, words, i, lex, model);
}

/**
 * The pair from A to B, refused when it is one date. Dates of two things are the rows of the one
 * that belongs to the other (a payment's own date and its sale's date: per payment), only when the
 * model relates them in one way; otherwise no row has both.
 */
function ordered(
  from: string,
  to: string,
  A: Item,
  B: Item,
  words: Item[],
  i: number,
  lex: Lexicon,
  model: SemanticModel,
): DatePair | string {
  if (from === to) return `"${A.text}" and "${B.text}" are the same date, so there is no time between them.`;
  const ea = lex.timeDimensions.get(from)?.entity;
  const eb = lex.timeDimensions.get(to)?.entity;
  const graph = joinGraph(model);
  const rows =
    ea && eb && (ea === eb || shortestJoinPaths(model, ea, eb).count === 1)
      ? graph.path(ea, eb)
        ? ea
        : graph.path(eb, ea)
          ? eb
          : undefined
      : undefined;
  if (!rows) return `"${A.text}" dates ${ea} and "${B.text}" dates ${eb}: they are dates of different things, so no row has both.`;
  return { from, to, rows, words, end: i, fromItem: A };
}

/** "session duration", "duration of sessions": the thing's one start/end pair of time dimensions. */
function startEndPair(items: Item[], h: number, lex: Lexicon): DatePair | string | undefined {
  const entityOf = (it: Item | undefined) =>
    it && it.kind === 'lex' && !it.consumed
      ? [
          ...new Set([
            ...entriesOf(it, 'entity').map((e) => e.target),
            ...entriesOf(it, 'dimension').map((e) => lex.dimensions.get(e.target)?.entity),
          ]),
        ]
      : [];
  let thing: Item | undefined;
  let words: Item[] = [];
  let end = h + 1;
  if (entityOf(items[h - 1]).length) thing = items[h - 1];
  else if (items[h + 1]?.lower === 'of') {
    let i = h + 2;
    const skipped: Item[] = [];
    while (items[i]?.lower === 'the') skipped.push(items[i++]!);
    if (entityOf(items[i]).length) {
      thing = items[i];
      words = [items[h + 1]!, ...skipped];
      end = i + 1;
    }
  }
  if (!thing) return undefined;
  const ents = entityOf(thing).filter((e): e is string => !!e);
  if (ents.length !== 1) return undefined;
  const pairs = ownPairs(lex, ents[0]!);
  if (pairs.length !== 1) return undefined;
  return {
    from: pairs[0]![0],
    to: pairs[0]![1],
    rows: ents[0]!,
    words: [...words, thing],
    end,
    fromItem: thing,
    before: thing === items[h - 1],
  };
}

/** Verbs that say a thing's span ("each stay lasted", "how long did each repair take"). */
const LAST_VERBS = new Set(['last', 'lasts', 'lasted', 'lasting', 'take', 'takes', 'took', 'run', 'ran', 'running']);
/** Verbs of a hire-to-termination span ("how many days was each clerk employed"). */
const EMPLOYED_VERBS = new Set(['employed', 'worked', 'served']);
/** Words between "how long" and the thing, or between the thing and its verb ("how long was each stay", "projects that have lasted"). */
const SPAN_FILLER = new Set(['was', 'were', 'is', 'are', 'did', 'does', 'do', 'has', 'have', 'had', 'that', 'which', 'the']);
/** Units of a span said in a condition, with their size in the span's unit. */
const SPAN_UNITS: Record<string, [Unit, number]> = Object.assign(Object.create(null), {
  day: ['day', 1],
  days: ['day', 1],
  night: ['day', 1],
  nights: ['day', 1],
  week: ['day', 7],
  weeks: ['day', 7],
  fortnight: ['day', 14],
  hour: ['hour', 1],
  hours: ['hour', 1],
  minute: ['minute', 1],
  minutes: ['minute', 1],
  second: ['second', 1],
  seconds: ['second', 1],
});
const CMP_OPS: Record<string, 'gt' | 'gte' | 'lt' | 'lte'> = { cmp_gt: 'gt', cmp_gte: 'gte', cmp_lt: 'lt', cmp_lte: 'lte' };

/**
 * A thing's own span, its dates not named: the time from its one unmistakable start/end pair
 * (`ownPairs`), as a figure of each row (a span). "how long was each stay", "how long did each repair
 * take", "the number of days each project lasted" list it beside each member; "the 3 longest stays",
 * "the shortest project" rank the members by it; "projects that lasted more than 10 days", "stays
 * longer than a week" keep the rows whose span passes (listed with it, or counted). A thing with no
 * such pair, or several, is not read here (its words stay unknown); "longest"/"longer" of a thing with
 * a length column is that column's (`measured-comparatives.ts`).
 */
export const ownSpan: Construction = {
  name: 'own-span',
  recognise({ items, a, lex, ctx }) {
    const model = ctx.model;
    const free = (k: number) => !!items[k] && !items[k]!.consumed;
    const word = (k: number) => (free(k) ? items[k]!.lower : undefined);
    const thingAt = (k: number): { entity: string; pair: [string, string] } | undefined => {
      const it = items[k];
      if (!it || it.consumed) return undefined;
      const entity = rowsNamed(lex, it);
      const pairs = entity ? ownPairs(lex, entity) : [];
      return entity && pairs.length === 1 ? { entity, pair: pairs[0]! } : undefined;
    };
    // a length column of the thing is what its "longest" / "longer" says
    const measured = (entity: string, sense: { words: readonly string[] } | undefined) =>
      !!sense && columnsOfSense(ownNumberColumns(model, entity), sense.words).length > 0;
    // "more than 10 days", "over a week", "10 days or more", "within 3 days"
    const amountAt = (
      k: number,
      implied?: 'gt' | 'lt',
    ): { op: 'gt' | 'gte' | 'lt' | 'lte'; value: number; unit: Unit; words: Item[] } | string | undefined => {
      const words: Item[] = [];
      let op: 'gt' | 'gte' | 'lt' | 'lte' | undefined;
      const at = items[k];
      if (at?.kind === 'kw' && at.kw && CMP_OPS[at.kw] && free(k)) {
        op = CMP_OPS[at.kw];
        words.push(items[k++]!);
      } else if (word(k) === 'within' || word(k) === 'under') {
        op = word(k) === 'within' ? 'lte' : 'lt';
        words.push(items[k++]!);
      }
      let n: number | undefined;
      if (items[k]?.kind === 'num' && free(k)) {
        n = items[k]!.num;
        words.push(items[k++]!);
      } else if (['a', 'an', 'one'].includes(word(k) ?? '')) {
        n = 1;
        words.push(items[k++]!);
      }
      const u = word(k);
      if (n === undefined || !u) return undefined;
      if (['month', 'months', 'year', 'years'].includes(u))
        return `A ${u.replace(/s$/, '')} is no fixed number of days: say the span in days or weeks.`;
      const size = SPAN_UNITS[u];
      if (!size) return undefined;
      words.push(items[k++]!);
      const after = items[k];
      if (!op && after?.kind === 'kw' && after.kw && CMP_OPS[after.kw] && free(k)) {
        op = CMP_OPS[after.kw];
        words.push(after);
      }
      // ("longer than" is itself the comparison: a second one, "longer than 3 days or more", is no reading)
      if (implied && op) return undefined;
      op ??= implied;
      if (!op) return undefined;
      return { op, value: n * size[1], unit: size[0], words };
    };
    for (let h = 0; h < items.length; h++) {
      let mode: 'list' | 'rank' | 'filter' | undefined;
      let thing: { entity: string; pair: [string, string] } | undefined;
      let thingItem: Item | undefined;
      const words: Item[] = [];
      let rank: { dir: 'asc' | 'desc'; n?: number } | undefined;
      let cond: ReturnType<typeof amountAt>;
      let unit: Unit = 'day';
      const through = (k: number) => {
        while (SPAN_FILLER.has(word(k) ?? '') || (items[k]?.kind === 'kw' && items[k]!.kw === 'each' && free(k))) words.push(items[k++]!);
        return k;
      };
      // (being employed is the span from hire to termination: "how long was each clerk employed")
      const spanVerb = (k: number) =>
        LAST_VERBS.has(word(k) ?? '') ||
        (!!thing && EMPLOYED_VERBS.has(word(k) ?? '') && /(^|_)(hire|hired|hiring)(_|$)/.test(thing.pair[0]));
      const lastVerb = (k: number) => (spanVerb(k) ? (words.push(items[k]!), k + 1) : k);
      if (word(h) === 'how' && word(h + 1) === 'long') {
        // "how long was each stay", "how long did each repair take"
        words.push(items[h]!, items[h + 1]!);
        const t = through(h + 2);
        thing = thingAt(t);
        thingItem = items[t];
        if (thing) {
          mode = 'list';
          lastVerb(t + 1);
        }
      } else if (items[h]!.kind === 'kw' && items[h]!.kw === 'count' && free(h) && SPAN_UNITS[word(h + 1) ?? '']?.[1] === 1) {
        // "the number of days each project lasted", "how many hours did each repair take"
        unit = SPAN_UNITS[word(h + 1)!]![0];
        words.push(items[h]!, items[h + 1]!);
        const t = through(h + 2);
        if (!words.some((w) => w.kind === 'kw' && w.kw === 'each')) continue;
        thing = thingAt(t);
        thingItem = items[t];
        if (thing && spanVerb(t + 1)) {
          mode = 'list';
          lastVerb(t + 1);
        }
      } else if ((word(h) === 'longest' || word(h) === 'shortest') && thingAt(h + 1)) {
        // "the 3 longest stays", "the shortest project"
        thing = thingAt(h + 1);
        thingItem = items[h + 1];
        if (measured(thing!.entity, superlativeSense(word(h)!))) continue;
        const n = items[h - 1]?.kind === 'num' && free(h - 1) ? items[h - 1] : undefined;
        words.push(items[h]!, ...(n ? [n] : []));
        rank = { dir: word(h) === 'longest' ? 'desc' : 'asc', n: n?.num };
        mode = 'rank';
      } else if ((thing = thingAt(h))) {
        // "projects that lasted more than 10 days", "stays longer than a week"
        thingItem = items[h];
        let k = through(h + 1);
        const verb = spanVerb(k);
        if (verb) {
          k = lastVerb(k);
          if (word(k) === 'for') words.push(items[k++]!);
          // "which project lasted the longest", "the worker employed for the shortest time"
          const sup = word(k) === 'the' ? k + 1 : k;
          if (word(sup) === 'longest' || word(sup) === 'shortest') {
            words.push(...items.slice(k, sup + 1));
            if (word(sup + 1) === 'time') words.push(items[sup + 1]!);
            rank = { dir: word(sup) === 'longest' ? 'desc' : 'asc' };
            mode = 'rank';
          } else cond = amountAt(k);
        } else if ((word(k) === 'longer' || word(k) === 'shorter') && word(k + 1) === 'than') {
          if (measured(thing.entity, comparativeSense(word(k)!))) continue;
          words.push(items[k]!, items[k + 1]!);
          cond = amountAt(k + 2, word(k) === 'longer' ? 'gt' : 'lt');
        }
        if (mode !== 'rank' && !cond) {
          thing = undefined;
          continue;
        }
        mode ??= 'filter';
      }
      if (!mode || !thing || !thingItem) {
        words.length = 0;
        continue;
      }
      if (typeof cond === 'object') {
        words.push(...cond.words);
        unit = cond.unit;
      }
      // "..., and for how many days": the span asked for beside, which the answer shows
      const tail = items.findIndex((it, k) => k > items.indexOf(thingItem!) && it.lower === 'and' && free(k));
      if (tail > 0) {
        const f = word(tail + 1) === 'for' ? tail + 2 : tail + 1;
        const asks =
          (items[f]?.kind === 'kw' && items[f]!.kw === 'count' && free(f) && SPAN_UNITS[word(f + 1) ?? '']?.[0] === unit && f + 2) ||
          (word(f) === 'how' && word(f + 1) === 'long' && f + 2);
        if (asks && asks >= items.length - (items.at(-1)?.kind === 'punct' ? 1 : 0)) words.push(...items.slice(tail, asks));
      }
      return spanClaim({
        items,
        a,
        lex,
        model,
        words,
        thingItem,
        entity: thing.entity,
        pair: thing.pair,
        unit,
        mode,
        rank,
        condition: cond,
      });
    }
    return null;
  },
};

type SpanMode = 'list' | 'rank' | 'filter';
type SpanCondition = { op: 'gt' | 'gte' | 'lt' | 'lte'; value: number; unit: Unit; words: Item[] } | string | undefined;

/**
 * The claim of a span of each row (see `ownSpan`): listed beside each member, ranked, or a condition on
 * the rows (listed with it, or counted when a count word asks).
 */
function spanClaim(x: {
  items: Item[];
  a: Analysis;
  lex: Lexicon;
  model: SemanticModel;
  words: Item[];
  thingItem: Item | undefined;
  entity: string;
  pair: [string, string];
  unit: Unit;
  mode: SpanMode;
  rank: { dir: 'asc' | 'desc'; n?: number } | undefined;
  condition: SpanCondition;
}): Claim {
  const { items, a, lex, model, words, thingItem, entity, pair, unit, mode, rank, condition } = x;
  const mine = new Set<Item>(words);
  releaseUnknown(a, mine);
  releaseMentions(a, items, mine);
  a.superlatives = a.superlatives.filter((x) => !mine.has(items[x.pos]!));
  a.cmps = a.cmps.filter((c) => !c.words.some((w) => w && mine.has(w)));
  // "projects that lasted ...": the members listed; "how many projects lasted ...": counted
  const counted = items.some((it) => it.kind === 'kw' && it.kw === 'count' && !mine.has(it));
  if (!counted) a.metrics = a.metrics.filter((m) => m.item !== thingItem);
  a.providesMetric = true;
  const [from, to] = pair;
  return {
    construction: 'own-span',
    apply(query: SemanticQuery, notes: string[]): SemanticQuery | string {
      if (typeof condition === 'string') return condition;
      const member = memberDimension(lex, model, entity);
      const tdLabel = (n: string) => lex.timeDimensions.get(n)!.label.toLowerCase();
      if (!member) return `I could not tell which column names each ${entity} to list its time from ${tdLabel(from)} to ${tdLabel(to)}.`;
      const name = `${unit}s_${from}_to_${to}`;
      const label = `${unit[0]!.toUpperCase()}${unit.slice(1)}s from ${tdLabel(from)} to ${tdLabel(to)}`;
      const others = query.group_by.filter((g) => g.dimension !== member);
      // the span is each row's: a breakdown by anything else, or a figure beside, asks for an aggregate of it
      // "how many projects lasted ...": the thing's count (the general rules may have left the count word to a listing)
      const countKw = items.find((it) => it.kind === 'kw' && it.kw === 'count' && !mine.has(it));
      const rowCount = counted && !query.metrics.length && mode === 'filter' ? countMetricOfEntities(lex, [entity]) : undefined;
      if (rowCount) {
        query = { ...query, metrics: [rowCount] };
        consume(countKw);
      }
      const countsThem = counted && query.metrics.length === 1 && lex.metrics.get(query.metrics[0]!)?.entity === entity;
      if (others.length || (query.metrics.length && !(mode === 'filter' && countsThem)))
        return `I can give each ${entity}'s time from ${tdLabel(from)} to ${tdLabel(to)}, but not which figure of it goes with the rest of the question (average, shortest, longest?).`;
      if (query.comparison) return 'A duration is not compared between periods: ask for it in each period.';
      let q: SemanticQuery = { ...query, spans: [...(query.spans ?? []), { name, from, to, unit, label }] };
      if (typeof condition === 'object')
        q = { ...q, filters: [...q.filters, { dimension: name, op: condition.op, values: [condition.value] }] };
      if (!countsThem) q = { ...q, metrics: [], group_by: [{ dimension: member }, { dimension: name }] };
      if (rank) q = { ...q, order: [{ by: name, direction: rank.dir }], limit: rank.n ?? 1 };
      consume(...mine, thingItem, ...items.filter((it) => it.kind === 'kw' && it.kw === 'each' && mine.has(it)));
      notes.push(
        `${label}: each ${entity}'s own dates (rows with either missing have none)${unit === 'day' ? '; whole calendar days' : ''}`,
      );
      return q;
    },
  };
}

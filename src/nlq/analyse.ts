/** Spans -> mentions: resolves each span by its grammatical context (count / group / top-N / filter / role / comparison) and marks what it consumed. */
import { countColumnSum } from './count-columns.js';
import { type MetricFilter } from '../semantic/query.js';
import { joinGraph } from '../semantic/graph.js';
import { dimensionOfEntity, keyDimension, memberDimension, rowsNamed } from './members.js';
import { type LexEntry, type Lexicon, phraseEntries } from './lexicon.js';
import { type TimeHit, wholePeriods } from './time.js';
import { type InterpretContext } from './types.js';
import { GRAIN_ADVERBS, GRAIN_WORDS, ROW_NOUNS, STOPWORDS } from './words.js';
import { lemmas, phraseKeys, verbOf } from './text.js';
import { readAmountsOf } from './amounts.js';
import { type FrequencyVerb, frequencyVerbAfter, frequencyVerbAt } from './frequency-verbs.js';
import { readStatedUnits, readUnitsAfterFigures } from './units.js';
import {
  consume,
  CONNECT,
  type Grain,
  type Item,
  PREPOSITIONS,
  QUANTITY_SUPERLATIVES,
  SKIP,
  WITH_WORDS,
  entriesOf,
  isSkip,
} from './spans.js';
// ------------------------------------------------------------------------------------------

/** Words that ask for the pairs of two breakdowns: "combinations of state and type". */
export const COMBINATION = /^(combination|combo|pair|pairing)s?$/;

export interface MetricMention {
  name: string;
  pos: number;
  /** Could also be an entity/dimension mention ("customers", "orders"). */
  ambiguous: boolean;
  item: Item;
  via?: string;
}
export interface GroupMention {
  dimension: string; // base dimension (role resolved later)
  pos: number;
  grain?: Grain;
  time?: boolean;
  plural?: boolean;
  /** The keywords that introduced it ("by", "for each"), consumed when the group is kept. */
  kws?: Item[];
  /** Joined to the breakdown before it by "and" after a ranking: "top 5 states and types" ranks the pairs. */
  joint?: boolean;
}
export interface ValueMention {
  entries: LexEntry[];
  pos: number;
  negated: boolean;
  item: Item;
}
export interface RoleMention {
  entities: Set<string>;
  roles: Set<string>;
  pos: number;
}
export interface Superlative {
  dir: 'asc' | 'desc';
  pos: number;
  n?: number;
  metric?: string;
  /** "most common", "least frequent": ranks by how many rows each group has. */
  frequency?: boolean;
  /** A second keyword of the same ranking ("most common" in "top 3 most common"), consumed with it. */
  also?: number;
  /** "visited most often", "the most frequently chosen": the verb the frequency is said of (`frequency-verbs.ts`). */
  verb?: FrequencyVerb;
}
export interface PendingCmp {
  op: MetricFilter['op'];
  value: number;
  percent: boolean;
  pos: number;
  metric?: string;
  dimension?: string;
  /** The comparison's own words, consumed when its target attaches. */
  words: (Item | undefined)[];
}

export interface Analysis {
  metrics: MetricMention[];
  rankingMetric?: string;
  /** A second figure after the ranking one ("by number of treatments and average amount"): it breaks ties. */
  rankingThen?: string;
  /** The keywords ("by", "sorted by") that made it the ranking: they mean nothing when nothing is ranked. */
  rankingKeywords?: Item[];
  /** "how often was each colour chosen": the verb "how often" / "how many times" is said with (`frequency-verbs.ts`). */
  timesVerb?: FrequencyVerb;
  groups: GroupMention[];
  dimMentions: { dimension: string; pos: number; plural: boolean; item: Item }[];
  values: ValueMention[];
  roles: RoleMention[];
  superlatives: Superlative[];
  whichPos: number[];
  whichN?: number;
  cmps: PendingCmp[];
  times: TimeHit[];
  dating?: { dimension: string; item: Item };
  grainGroups: { grain: Grain; pos: number }[];
  /** Mentions of a thing with no dimension naming it, read as whose rows these are ("clubs had visits"). */
  rowsOf?: { item: Item; entity: string }[];
  /** Words read as a class of rows (a filtered count's rows: "late", "returned items"), by the row-class rule. */
  rowClassWords?: Item[];
  trend: boolean;
  share: boolean;
  compare: boolean;
  sortDir?: 'asc' | 'desc';
  sortBy: boolean;
  allTime: boolean;
  money: boolean;
  list: boolean;
  countUnknown: Item[];
  slotUnknown: Item[];
  /** Time hits preceded by a negation ("excluding 1998"). */
  negTimes: TimeHit[];
  /** "revenue per order": a ratio of two metrics. */
  ratio?: { num?: string; den: Item };
  unknown: Item[];
  fuzzy: Item[];
  notes: string[];
  /** A construction supplies the query's columns (distinct counts, averages): no default metric. */
  providesMetric?: boolean;
  /** The words of each filter built (by its dimension and values): what an "or" between them joins. */
  conditionWords?: ConditionWords[];
}

export interface ConditionWords {
  dimension: string;
  values: unknown[];
  items: Item[];
}

/** Records the words a filter was read from (see `constructions/any-of.ts`). */
/**
 * The phrase a comparison is about: the first one right after its number ("more than 3 orders"; only a
 * figure or a number column), else the first one right before it ("a price above 10", "whose score is").
 */
export function comparedItem(items: Item[], c: PendingCmp, lex: Lexicon): { item: Item; after: boolean } | undefined {
  for (let p = c.pos + 2; p < items.length && p <= c.pos + 4; p++) {
    const o = items[p]!;
    if (o.kind === 'lex') {
      const numeric = entriesOf(o, 'dimension').filter((x) => lex.dimensions.get(x.target)?.type === 'number');
      const named = entriesOf(o, 'metric').length > 0 || (numeric.length === 1 && !entriesOf(o, 'entity').length);
      return named ? { item: o, after: true } : backward();
    }
    if (o.kind === 'word' && (SKIP.has(o.lower) || o.lower === 'in')) continue;
    break;
  }
  return backward();
  function backward() {
    for (let p = c.pos - 1; p >= 0 && p >= c.pos - 4; p--) {
      const o = items[p]!;
      if (o.kind === 'lex') return { item: o, after: false };
      if (o.kind === 'word' && (STOPWORDS.has(o.lower) || WITH_WORDS.has(o.lower))) continue;
      break;
    }
    return undefined;
  }
}

export function noteConditionWords(a: Analysis, f: { dimension: string; values?: unknown[] }, items: (Item | undefined)[]): void {
  (a.conditionWords ??= []).push({ dimension: f.dimension, values: [...(f.values ?? [])], items: items.filter((it): it is Item => !!it) });
}

/** Prepositions between a thing and a code of one of its columns ("orders on XY", "flights by XY"). */
const CODE_LINKS = new Set(['on', 'by', 'of', 'with', 'from', 'for']);

const IRREGULAR_PARTICIPLES = new Set([
  'made',
  'bought',
  'sold',
  'paid',
  'spent',
  'taken',
  'done',
  'held',
  'brought',
  'sent',
  'won',
  'lost',
  'given',
  'put',
]);
/** A past participle ("placed", "made", "bought"): what a passive "by" follows. */
function isParticiple(it: Item | undefined): boolean {
  if (!it || (it.kind !== 'word' && it.kind !== 'lex' && it.kind !== 'kw')) return false;
  const w = it.lower.split(' ').at(-1) ?? '';
  if (IRREGULAR_PARTICIPLES.has(w) || (/^[a-z]{3,}ed$/.test(w) && !['need', 'speed', 'seed', 'feed', 'breed'].includes(w))) return true;
  // "written", "chosen", "drawn", "shown": an -en/-wn participle common English takes back to a verb
  const base = /^[a-z]{3,}(en|wn|ne)$/.test(w) ? verbOf(w) : undefined;
  return !!base && base !== w;
}

/** The words of a dimension's name and label, as lemmas ("food type" -> food, type). */
export function dimensionWords(lex: Lexicon, dimension: string): Set<string> {
  const d = lex.dimensions.get(dimension);
  return new Set(d ? [...phraseKeys(d.name), ...phraseKeys(d.label)] : []);
}

/**
 * "(offered by) the department of Computer Science", "(posted by) the user Sarah": a dimension
 * followed by one of its own values names one member (an agent to filter on), never a breakdown.
 */
function namesOneMember(items: Item[], k: number, lex: Lexicon): boolean {
  let p = k;
  while (items[p]?.kind === 'word' && ['the', 'a', 'an'].includes(items[p].lower)) p++;
  const dim = items[p];
  if (dim?.kind !== 'lex' || dim.plural) return false;
  let q = p + 1;
  while (items[q]?.kind === 'word' && ['of', 'named', 'called'].includes(items[q].lower)) q++;
  const value = items[q];
  return (
    value?.kind === 'lex' &&
    entriesOf(dim, 'dimension').some((d) => entriesOf(value, 'value').some((v) => sameFamily(lex, d.target, v.target)))
  );
}

/**
 * "(starting) from the best ratings to the lowest": two opposite superlatives around one thing,
 * "from" before and "to" between, order by that thing in the first one's direction. The first
 * becomes an ordering keyword ("ordered by") and the rest direction words, consumed only when the
 * order applies. Anything else between them and it stays a superlative.
 */
function directionRun(items: Item[]): void {
  const sup = (it: Item | undefined) =>
    it?.kind === 'kw' && (it.kw === 'desc' || it.kw === 'asc') && /^[a-z]+$/.test(it.lower) ? it.kw : undefined;
  const SUPERLATIVE_WORDS =
    /^(highest|lowest|best|worst|largest|smallest|biggest|greatest|most|least|longest|shortest|top|bottom|maximum|minimum|max|min)\b/;
  for (let k = 0; k < items.length; k++) {
    // "from the highest rating to the lowest" where the model names "highest rating": the run is not
    // read (the first end is a figure of its own), and the second end is no ranking either
    if (items[k].kind === 'lex' && SUPERLATIVE_WORDS.test(items[k].lower) && items[k - 1]?.lower !== undefined) {
      let b = k - 1;
      if (items[b]?.lower === 'the') b--;
      let q = k + 1;
      if (items[b]?.lower === 'from' && items[q]?.lower === 'to') {
        q++;
        if (items[q]?.lower === 'the') q++;
        if (sup(items[q])) Object.assign(items[q], { kind: 'word', kw: undefined, dropped: true });
      }
    }
    const dir = sup(items[k]);
    if (!dir) continue;
    let b = k - 1;
    if (items[b]?.lower === 'the') b--;
    if (items[b]?.kind !== 'word' || items[b].lower !== 'from') continue;
    const start =
      items[b - 1]?.kind === 'word' && ['starting', 'beginning', 'going'].includes(items[b - 1].lower) ? items[b - 1] : undefined;
    // "the lowest number of lessons": a count keyword before the thing counted
    const at = items[k + 1]?.kind === 'kw' && items[k + 1].kw === 'count' ? k + 2 : k + 1;
    if (items[at]?.kind !== 'lex') continue;
    let q = at + 1;
    if (items[q]?.kind !== 'word' || items[q].lower !== 'to') continue;
    q++;
    if (items[q]?.lower === 'the') q++;
    const end = sup(items[q]);
    if (!end || end === dir) continue;
    items[k].kw = 'sort';
    items[q].kw = dir === 'desc' ? 'desc_word' : 'asc_word';
    if (start) Object.assign(start, { kind: 'kw', kw: items[q].kw });
    return;
  }
}

export function analyse(items: Item[], lex: Lexicon, ctx: InterpretContext): Analysis {
  const a: Analysis = {
    metrics: [],
    groups: [],
    dimMentions: [],
    values: [],
    roles: [],
    superlatives: [],
    whichPos: [],
    cmps: [],
    times: [],
    grainGroups: [],
    trend: false,
    share: false,
    compare: false,
    sortBy: false,
    allTime: false,
    money: false,
    list: false,
    countUnknown: [],
    slotUnknown: [],
    negTimes: [],
    unknown: [],
    fuzzy: [],
    notes: [],
  };
  const prevSig = (k: number, skip = SKIP): number => {
    let p = k - 1;
    // "top 5 combinations of A and B": the groups are A and B ("combinations of" is consumed once both group)
    while (
      p >= 0 &&
      items[p].kind === 'word' &&
      (skip.has(items[p].lower) || (skip === SKIP && COMBINATION.test(items[p].lower) && items[p + 1]?.lower === 'of'))
    )
      p--;
    return p;
  };
  const nextSig = (k: number, skip = SKIP): number => {
    let p = k + 1;
    while (p < items.length && items[p].kind === 'word' && skip.has(items[p].lower)) p++;
    return p;
  };

  directionRun(items);
  // ---- keywords, numbers, top-N, comparisons
  for (let k = 0; k < items.length; k++) {
    const it = items[k];
    if (it.kind === 'time') {
      const before = items[prevSig(k)];
      if (before?.kind === 'kw' && before.kw === 'neg') {
        consume(before);
        a.negTimes.push(it.hit!);
        continue;
      }
      a.times.push(it.hit!);
      // "for each of the last 6 months": one row per month of the period
      let p = k - 1;
      while (p >= 0 && (items[p].lower === 'of' || items[p].lower === 'the')) p--;
      const g = /\b(day|week|month|quarter|year)s\b/.exec(it.hit!.range.label)?.[1] as Grain | undefined;
      // only a period of whole units ("each of the last 3 weeks" counted in days from today is not)
      if (items[p]?.kind === 'kw' && (items[p].kw === 'each' || items[p].kw === 'group') && g && wholePeriods(it.hit!.range, g)) {
        a.grainGroups.push({ grain: g, pos: k });
        consume(items[p]);
      }
      continue;
    }
    if (it.kind !== 'kw') continue;
    switch (it.kw) {
      case 'share':
        a.share = true;
        break;
      case 'trend':
        a.trend = true;
        break;
      case 'compare':
        a.compare = true;
        break;
      case 'alltime':
        a.allTime = true;
        break;
      case 'money':
        a.money = true;
        break;
      case 'list':
        a.list = true;
        break;
      case 'sort':
        a.sortBy = true;
        break;
      case 'asc_word':
        a.sortDir = 'asc';
        break;
      case 'desc_word':
        a.sortDir = 'desc';
        break;
      case 'which': {
        const nx = items[k + 1];
        if (it.lower === 'what' && nx && nx.kind === 'word' && !SKIP.has(nx.lower) && nx.lower !== 'are' && nx.lower !== 'were') break;
        a.whichPos.push(k);
        if (nx?.kind === 'num' && !nx.used) {
          a.whichN = nx.num;
          nx.used = true;
        }
        break;
      }
      case 'times':
        a.timesVerb = frequencyVerbAfter(items, k);
        break;
      case 'desc':
      case 'asc': {
        const s: Superlative = {
          dir: it.kw,
          pos: k,
          ...(/ (common|frequent|popular)$|\bused\b/.test(it.lower) ? { frequency: true } : {}),
        };
        // "visited most often", "the most frequently chosen method", "visited the most": how often a value is on
        // the rows, said with a verb that must keep their count (build); an adverb of frequency with no such verb
        // ("driven most often") is not read
        const adverbial = /\b(often|frequently|commonly|times)$/.test(it.lower);
        const next = items[k + 1];
        const bare = /^(the )?(most|least)$/.test(it.lower) && (!next || !['lex', 'num', 'kw'].includes(next.kind));
        if (adverbial || bare) {
          const verb = frequencyVerbAt(items, k) ?? (adverbial ? frequencyVerbAt(items, k, true) : undefined);
          if (verb) Object.assign(s, { frequency: true, verb });
          else if (adverbial) break;
        }
        const nx = items[nextSig(k, new Set(['the']))];
        // "the busiest month (for fixtures)": a period with the most rows, by how many there are; said of
        // anything else (a busy airport: most flights? passengers?) it is not read
        if (/\b(busiest|quietest)$/.test(it.lower)) {
          if (!(nx?.kind === 'grain' || (nx?.kind === 'lex' && GRAIN_WORDS[nx.lower] && entriesOf(nx, 'time_dimension').length))) break;
          s.frequency = true;
        }
        const pv = items[prevSig(k, new Set(['the']))];
        if (nx?.kind === 'num' && !nx.used && Number.isInteger(nx.num) && nx.num! > 0 && nx.num! < 10_000) {
          s.n = nx.num;
          nx.used = true;
        } else if (pv?.kind === 'num' && !pv.used && Number.isInteger(pv.num) && pv.num! > 0 && pv.num! < 10_000) {
          s.n = pv.num;
          pv.used = true;
        } else {
          // "the 5 customers with the most orders": the number before the things the ranking picks
          const n = countBeforeThing(items, k);
          if (n) {
            s.n = n.num;
            n.used = true;
          }
        }
        // "top 3 most common": one ranking, by frequency, of the number the first one took
        const before = a.superlatives[a.superlatives.length - 1];
        if (
          s.frequency &&
          s.n === undefined &&
          before &&
          before.dir === s.dir &&
          !before.frequency &&
          items.slice(before.pos + 1, k).every((o) => o.kind === 'num' || (o.kind === 'word' && SKIP.has(o.lower)))
        ) {
          before.frequency = true;
          before.also = k;
          break;
        }
        // "most" / "least" before a count comparison ("at most" is a comparison keyword)
        a.superlatives.push(s);
        break;
      }
      default:
        if (it.kw?.startsWith('cmp_')) {
          let p = k + 1;
          if (items[p]?.lower === 'of') p++;
          const nx = items[p];
          const after = items[p + 1];
          if (nx?.kind === 'num' && !nx.used) {
            nx.used = true;
            const op: MetricFilter['op'] =
              it.kw === 'cmp_gt' ? 'gt' : it.kw === 'cmp_gte' ? 'gte' : it.kw === 'cmp_lt' ? 'lt' : it.kw === 'cmp_lte' ? 'lte' : 'eq';
            const cmp: PendingCmp = {
              op,
              value: nx.num!,
              percent: !!nx.percent,
              pos: k,
              words: [it, items[k + 1]?.lower === 'of' ? items[k + 1] : undefined],
            };
            // "or more": the number comes first ("20 orders or more")
            if (after?.kind === 'kw' && after.kw === 'cmp_eq') after.used = true;
            a.cmps.push(cmp);
          } else if ((it.kw === 'cmp_gte' || it.kw === 'cmp_lte') && /^or /.test(it.lower)) {
            // "20 orders or more" / "20 or more orders"
            let q = k - 1;
            if (items[q]?.kind === 'lex') q--;
            const pn = items[q];
            if (pn?.kind === 'num' && !pn.used) {
              pn.used = true;
              // (placed as "at least 20 orders" is: the number after the comparison, the thing after the number)
              a.cmps.push({ op: it.kw === 'cmp_gte' ? 'gte' : 'lte', value: pn.num!, percent: !!pn.percent, pos: q - 1, words: [it] });
            }
          }
        }
    }
  }

  readSharedModifier(items, lex);
  // ---- a phrase shared by several entities' metrics or dimensions: the one of the thing asked about
  const shared = items.filter(
    (it) =>
      it.kind === 'lex' && it.entries && (['metric', 'dimension'] as const).some((kind) => owners(entriesOf(it, kind), kind, lex).size > 1),
  );
  const resolved = shared.map((it) => {
    const named = entitiesNamedBesides(items, it, lex);
    // "ticker id" (the key of tickers and of their prices): the one whose thing the phrase's own words name
    const words = new Set(it.lower.split(' '));
    const namesOwner = (ent: string) =>
      [ent.replace(/_/g, ' '), ...(lex.entities.get(ent)?.synonyms ?? [])].some((s) => words.has(s.toLowerCase()));
    return (it.entries ?? []).filter((e) => {
      if (e.kind !== 'metric' && e.kind !== 'dimension') return true;
      const all = entriesOf(it, e.kind);
      const ownerSet = owners(all, e.kind, lex);
      if (ownerSet.size <= 1) return true;
      const selfNamed = [...ownerSet].filter((o) => !!o && namesOwner(o));
      if (selfNamed.length === 1) return ownerOf(e, lex) === selfNamed[0];
      const kept = all.filter((x) => named.has(ownerOf(x, lex) ?? ''));
      return owners(kept, e.kind, lex).size === 1 && kept.includes(e);
    });
  });
  shared.forEach((it, i) => (it.entries = resolved[i]));
  readFigureOfNamedThing(items, ctx);
  // ---- "the total amount of payments received": the things' amount, not their count
  readAmountsOf(items, lex);
  // ---- "average height in cm": the unit the figure's column is kept in
  readUnitsAfterFigures(items, ctx.model);
  readStatedUnits(items, ctx.model);

  // ---- lexical items, by grammatical context
  /** Things named right after a value of theirs ("ICML conference"): read with the value, nothing else. */
  const qualifierOfValue = new Set<Item>();
  let groupRun = false;
  // "the month with the most sales", "the year having the highest revenue": the periods ranked, as "which month"
  const rankedAfter = (k: number) => {
    const nx = nextSig(k, new Set(['the']));
    return (
      items[nx]?.kind === 'word' &&
      ['with', 'having', 'that', 'which'].includes(items[nx]!.lower) &&
      items.slice(nx + 1, nx + 4).some((o) => o.kind === 'kw' && (o.kw === 'desc' || o.kw === 'asc'))
    );
  };
  /** The group keywords of the current run ("by", "for each"): consumed when a group attaches. */
  let groupKws: Item[] = [];
  for (let k = 0; k < items.length; k++) {
    const it = items[k];
    if (it.kind === 'kw' && it.kw === 'group') {
      // "orders placed by customers in GERMANY": "by" after a participle, before a plural noun, names
      // the agent (a qualifier), not a breakdown ("placed by each customer" still groups)
      const after = items[k + 1];
      if (
        it.lower === 'by' &&
        isParticiple(items[k - 1]) &&
        ((after?.kind === 'lex' && after.plural && !entriesOf(after, 'value').length) || namesOneMember(items, k + 1, lex))
      ) {
        consume(it);
        groupRun = false;
        continue;
      }
      // each group keyword opens its own run: one followed by another ("per by") attaches to nothing
      groupKws = [it];
      groupRun = true;
      continue;
    }
    if (groupRun && it.kind === 'word' && (CONNECT.has(it.lower) || SKIP.has(it.lower))) continue;
    if (groupRun && it.kind === 'kw' && it.kw === 'each') {
      groupKws.push(it);
      continue;
    }
    // "top 2 kinds by number of clients": the count said after "by" is what ranks
    if (groupRun && it.kind === 'kw' && it.kw === 'count' && groupKws.length === 1 && groupKws[0]!.lower === 'by') continue;
    if (groupRun && it.kind === 'punct' && it.lower === ',') continue;
    const inGroup = groupRun;
    if (it.kind !== 'lex' && it.kind !== 'grain') groupRun = false;

    if (it.kind === 'grain') {
      const pk = prevSig(k);
      const prev = items[pk];
      // "top 3 months": a ranked count of buckets
      const rankedBuckets =
        prev?.kind === 'num' && items[pk - 1]?.kind === 'kw' && (items[pk - 1].kw === 'desc' || items[pk - 1].kw === 'asc');
      const ctxGroup =
        inGroup ||
        rankedBuckets ||
        rankedAfter(k) ||
        GRAIN_ADVERBS.has(it.lower) ||
        (prev?.kind === 'kw' &&
          (prev.kw === 'each' || prev.kw === 'which' || prev.kw === 'group' || prev.kw === 'desc' || prev.kw === 'asc'));
      if (ctxGroup) {
        a.grainGroups.push({ grain: it.grain!, pos: k });
        it.used = true;
        if (inGroup) consume(...groupKws);
        if (prev?.kind === 'kw' && (prev.kw === 'each' || prev.kw === 'group')) consume(prev);
        if (prev?.kind === 'kw' && prev.kw === 'which') a.whichPos.push(pk);
      } else if (it.lower === 'date' || it.lower === 'dates') {
        it.used = true;
      }
      if (!inGroup) groupRun = false;
      continue;
    }
    if (it.kind !== 'lex' || qualifierOfValue.has(it)) continue;
    // "the highest point in the state of Nevada": the thing before "of" and a member of its own names what
    // the value is (as "the ICML conference"), never a count of those things beside another thing's column
    if (memberNamedAfter(lex, items, k)) {
      consume(it);
      it.used = true;
      qualifierOfValue.add(it);
      continue;
    }

    let values = entriesOf(it, 'value');
    const metrics = entriesOf(it, 'metric');
    const dims = entriesOf(it, 'dimension');
    const tds = entriesOf(it, 'time_dimension');
    const ents = entriesOf(it, 'entity');
    if (it.fuzzy) a.fuzzy.push(it);

    // role mentions: what entities / roles this phrase speaks of
    const rm: RoleMention = { entities: new Set(), roles: new Set(), pos: k };
    for (const e of metrics) {
      const ent = lex.metrics.get(e.target)?.entity;
      if (ent) rm.entities.add(ent);
    }
    for (const e of dims) {
      const d = lex.dimensions.get(e.target);
      if (!d) continue;
      if (d.roleOf) rm.roles.add(d.roleOf.role);
      if (lex.roles.has(d.name)) rm.roles.add(d.name);
      rm.entities.add(d.entity);
    }
    for (const e of ents) {
      rm.entities.add(e.target);
      if (lex.roles.has(e.target)) rm.roles.add(e.target);
    }
    for (const e of metrics) {
      const ent = lex.metrics.get(e.target)?.entity;
      if (ent && lex.roles.has(ent)) rm.roles.add(ent);
    }
    if (rm.entities.size || rm.roles.size) a.roles.push(rm);

    // weak values need capitals or their dimension next to them
    if (values.length) {
      values = values.filter((v) => {
        if (!v.weak) return true;
        const near = [items[k - 1], items[k + 1], items[k - 2], items[k + 2]].some(
          (o) => o?.kind === 'lex' && entriesOf(o, 'dimension').some((d) => sameFamily(lex, d.target, v.target)),
        );
        // "the Po river": a short name written with a capital, right before the thing it names
        const namedThingNext =
          k > 0 &&
          /^[A-Z][a-z]+$/.test(it.text) &&
          items[k + 1]?.kind === 'lex' &&
          entriesOf(items[k + 1]!, 'entity').some((x) => dimensionOfEntity(lex, x.target) === v.target);
        if (v.weak === 'code') {
          // a code in capitals right before the thing it is a column of ("XY orders"), or after a
          // preposition when that thing was named before ("orders from Oslo on XY")
          const ownThing = (o: Item | undefined) =>
            o?.kind === 'lex' && entriesOf(o, 'entity').some((x) => x.target === lex.dimensions.get(v.target)?.entity);
          const thingBefore = items[k - 1]?.kind === 'word' && CODE_LINKS.has(items[k - 1]!.lower) && items.slice(0, k - 1).some(ownThing);
          const beside = near || ownThing(items[k + 1]) || thingBefore;
          // "got an A", "students with a C": a capital letter after an article is a noun, the value
          const letterAfterArticle = /^[A-Z]$/.test(it.text) && ['a', 'an'].includes(items[k - 1]?.lower ?? '');
          return (beside && (it.upper || /["']/.test(it.text))) || namedThingNext || letterAfterArticle;
        }
        // a word of several values: also its thing named right after it ("brass parts")
        if (v.weak === 'part')
          return (
            it.upper ||
            (v.phrase.length <= 2 ? false : near) ||
            (v.phrase.length > 2 &&
              items[k + 1]?.kind === 'lex' &&
              entriesOf(items[k + 1]!, 'entity').some((x) => x.target === lex.dimensions.get(v.target)?.entity))
          );
        // "active customers", "pending orders": the value said right before its own thing
        const thingNext =
          items[k + 1]?.kind === 'lex' &&
          [
            ...entriesOf(items[k + 1]!, 'entity').map((x) => x.target),
            ...entriesOf(items[k + 1]!, 'metric')
              .filter((x) => lex.metrics.get(x.target)?.agg === 'count')
              .map((x) => lex.metrics.get(x.target)?.entity),
          ].includes(lex.dimensions.get(v.target)?.entity);
        return it.upper || near || thingNext;
      });
    }

    // a shaped name given by its number: "brand 13" -> Brand#13, "customer 42" -> Customer#000000042
    const shaped = dims.map((d) => lex.shapes.find((x) => x.dimension === d.target)).find((x) => x);
    const nxNum = items[k + 1];
    if (shaped && nxNum?.kind === 'num' && !nxNum.used && Number.isInteger(nxNum.num) && !nxNum.percent) {
      nxNum.used = true;
      const digits = String(nxNum.num);
      const stored =
        lex.valueIndex.get(shaped.dimension)?.get(`${shaped.prefix}${digits}`) ??
        `${shaped.storedPrefix}${digits.padStart(shaped.digits, '0')}`;
      const entry: LexEntry = {
        kind: 'value',
        target: shaped.dimension,
        values: [stored],
        source: 'value',
        phrase: `${it.text} ${nxNum.text}`,
      };
      a.values.push({ entries: [entry], pos: k, negated: false, item: { ...it, text: `${it.text} ${nxNum.text}` } });
      it.used = true;
      if (inGroup) consume(...groupKws.filter((g) => g.lower === 'by'));
      continue;
    }

    // "bookings of room 202", "products on invoice 7": one member by its whole-number key, right after the
    // thing named in the singular, when the question is about other things too (one thing's own rows are
    // the single-table reading's: "when was book 2 published" is its date alone)
    const keyNum = items[k + 1];
    const keyed = ents.length === 1 && !it.plural ? keyDimension(ctx.model, ents[0]!.target) : undefined;
    const otherThing = (o: Item) =>
      o !== it &&
      o.kind === 'lex' &&
      [...entriesOf(o, 'entity').map((e) => e.target), ...entriesOf(o, 'metric').map((e) => lex.metrics.get(e.target)?.entity)].some(
        (e) => e !== undefined && e !== ents[0]?.target,
      );
    if (
      keyed &&
      items.some(otherThing) &&
      keyNum?.kind === 'num' &&
      !keyNum.used &&
      !keyNum.percent &&
      Number.isInteger(keyNum.num) &&
      keyNum.num! >= 0 &&
      lex.dimensions.get(keyed)?.type === 'number'
    ) {
      keyNum.used = true;
      const entry: LexEntry = {
        kind: 'value',
        target: keyed,
        values: [String(keyNum.num)],
        source: 'value',
        phrase: `${it.text} ${keyNum.text}`,
      };
      a.values.push({ entries: [entry], pos: k, negated: false, item: { ...it, text: `${it.text} ${keyNum.text}` } });
      it.used = true;
      continue;
    }

    const pk = prevSig(k);
    const prev = items[pk];
    const prevKw = prev?.kind === 'kw' ? prev.kw : undefined;
    // count context: "how many (urgent) orders", "number of suppliers"
    let countCtx = false;
    let countKw: Item | undefined;
    for (let p = k - 1; p >= 0; p--) {
      const o = items[p];
      if (o.kind === 'kw' && o.kw === 'count') {
        countCtx = true;
        countKw = o;
        break;
      }
      if (
        isSkip(o) ||
        (o.kind === 'lex' && entriesOf(o, 'value').length && !entriesOf(o, 'metric').length) ||
        (o.kind === 'kw' && o.kw === 'neg')
      )
        continue;
      break;
    }
    const topCtx =
      prevKw === 'desc' ||
      prevKw === 'asc' ||
      (prev?.kind === 'num' &&
        prev.used &&
        a.superlatives.some((s) => items[nextSig(s.pos, new Set(['the']))] === prev || items[prevSig(s.pos, new Set(['the']))] === prev)) ||
      (prev?.kind === 'num' && prev.used && a.whichN !== undefined);
    // "return me the author who has the most ...", "find the journals that have the fewest ...": a request
    // that opens the question, then the thing a ranking clause qualifies, asks which ones (as "which
    // author has the most ...")
    const opener = ['me', 'us'].includes(items[pk]?.lower ?? '') ? pk - 1 : pk;
    const relative = RELATIVES.has(items[k + 1]?.lower ?? '') || (items[k + 1]?.lower === ',' && RELATIVES.has(items[k + 2]?.lower ?? ''));
    const whichCtx =
      prevKw === 'which' ||
      (prev?.kind === 'num' && items[pk - 1]?.kw === 'which') ||
      (opener === 0 &&
        REQUESTS.has(items[0]!.lower) &&
        relative &&
        !values.length &&
        // (a clause ranking them; any other condition on them is the listing's and the entity condition's)
        items.slice(k + 1).some((o) => o.kind === 'kw' && (o.kw === 'desc' || o.kw === 'asc')));
    const eachCtx = prevKw === 'each' || (prevKw === 'list' && prev.lower === 'list' && !!it.plural && !a.metrics.length);
    const ownFigureCtx = figureOfTheirOwn(
      lex,
      items,
      k,
      ents.map((e) => e.target),
    );
    // "the total salary of all employees (in Leeds)": an aggregate said of all the members is one
    // figure of the whole set, never one per member (members: the thing itself or its naming column);
    // "the salary of all employees" still shows each one's
    const lastMetric = a.metrics.at(-1);
    const figureOfAllMembers =
      items[k - 2]?.lower === 'of' &&
      !!lastMetric &&
      (AGGREGATE_SAID.test(lastMetric.item.lower) || AGGREGATE_SAID.test(items[lastMetric.pos - 1]?.lower ?? '')) &&
      (ents.length > 0 ||
        (dims.length > 0 && dims.every((d) => dimensionOfEntity(lex, lex.dimensions.get(d.target)!.entity) === d.target)));
    const allCtx = items[k - 1]?.lower === 'all' && it.plural && !figureOfAllMembers;
    const nk = nextSig(k, new Set(['the']));
    const withAfter = items[nk]?.kind === 'word' && WITH_WORDS.has(items[nk].lower) && !!items[nk + 1];
    const superBefore = (prevKw === 'desc' || prevKw === 'asc') && QUANTITY_SUPERLATIVES.has(prev.lower) && !items[k - 1]?.used;

    // "the state of Nevada": the value is named as a member of that thing; a value found only in
    // another thing's columns (a state's borders) is not that member, and stays unread
    const thingBefore = items[k - 2];
    if (
      values.length &&
      items[k - 1]?.lower === 'of' &&
      items[k - 3]?.lower === 'the' &&
      thingBefore?.kind === 'lex' &&
      !thingBefore.plural &&
      entriesOf(thingBefore, 'entity').length
    ) {
      const things = new Set(entriesOf(thingBefore, 'entity').map((e) => e.target));
      values = values.filter((v) => things.has(lex.dimensions.get(v.target)?.entity ?? ''));
    }
    if (values.length && !(inGroup && dims.length && !values.some((v) => !v.weak))) {
      // a value: becomes a filter (role and negation resolved later)
      let negated = false;
      // between a negation and its value: "the ones", "anything", or the thing whose rows the value
      // picks ("excluding customers in Asia"): read with the negation, never as a figure or a listing
      const excludedRows: Item[] = [];
      const valueOwners = new Set(values.map((v) => lex.dimensions.get(v.target)?.entity ?? ''));
      for (let p = k - 1; p >= 0 && p >= k - 6; p--) {
        const o = items[p];
        // ("non-stop services from X": "non" is only the word it is joined to)
        if (o.kind === 'kw' && o.kw === 'neg' && o.lower === 'non' && p !== k - 1) break;
        if (o.kind === 'kw' && o.kw === 'neg') {
          negated = true;
          consume(o, ...excludedRows);
          for (const r of excludedRows) {
            r.used = true;
            for (let m = a.metrics.length - 1; m >= 0; m--) if (a.metrics[m].item === r) a.metrics.splice(m, 1);
          }
          break;
        }
        if (o.kind === 'word' && EXCLUDED_ROWS.has(o.lower)) {
          excludedRows.push(o);
          continue;
        }
        if (
          o.kind === 'lex' &&
          o.plural &&
          !entriesOf(o, 'value').length &&
          !valueOwners.has('') &&
          entriesOf(o, 'entity').some((e) =>
            [...valueOwners].every((owner) => e.target === owner || !!joinGraph(ctx.model).path(e.target, owner)),
          )
        ) {
          excludedRows.push(o);
          continue;
        }
        if (o.kind === 'kw' && o.kw === 'group') continue;
        // "rivers that do not run through X": the verb right after the negation is the linking verb's to
        // read (an attribute of the thing's own only); the negation is the value's
        if (negatedVerb(items, p)) continue;
        if (
          isSkip(o) ||
          (o.kind === 'word' && (CONNECT.has(o.lower) || PREPOSITIONS.has(o.lower) || o.lower === 'in')) ||
          o.kind === 'punct'
        )
          continue;
        if (o.kind === 'lex' && (entriesOf(o, 'value').length || entriesOf(o, 'dimension').length || entriesOf(o, 'time_dimension').length))
          continue;
        break;
      }
      a.values.push({ entries: values, pos: k, negated, item: it });
      // "thai food", "Leeds town": a word of the value's own dimension name right after it names that dimension
      const nx = items[k + 1];
      if (nx?.kind === 'word' && !STOPWORDS.has(nx.lower) && values.every((v) => dimensionWords(lex, v.target).has(lemmas(nx.lower)[0])))
        nx.used = true;
      // "the ICML conference": the thing the value names a member of, right after it, says what the
      // value is (never a count of those things, a breakdown or the thing listed)
      const owners = new Set(
        values.map((v) => lex.dimensions.get(v.target)).map((d) => (d && dimensionOfEntity(lex, d.entity) === d.name ? d.entity : '')),
      );
      const namesOwner = (x: Item | undefined): x is Item =>
        x?.kind === 'lex' &&
        owners.size === 1 &&
        !owners.has('') &&
        entriesOf(x, 'entity').some((e) => owners.has(e.target)) &&
        !entriesOf(x, 'value').length;
      if (namesOwner(nx) && !nx.plural) {
        consume(nx);
        nx.used = true;
        qualifierOfValue.add(nx);
      }
      // "History in their topics", "Leeds as its depot": the thing after "in"/"as" says the same
      let at = k + 1;
      const linkWords: Item[] = [];
      if (items[at]?.kind === 'word' && ['in', 'as'].includes(items[at]!.lower)) {
        linkWords.push(items[at++]!);
        while (items[at]?.kind === 'word' && ['its', 'their', 'the', 'a', 'an', 'his', 'her'].includes(items[at]!.lower))
          linkWords.push(items[at++]!);
        const owner = items[at];
        if (namesOwner(owner)) {
          consume(owner, ...linkWords);
          owner.used = true;
          for (const w of linkWords) w.used = true;
          qualifierOfValue.add(owner);
        }
      }
      // "taken by clerk 7", "shipped by AIR", "among musicals": the preposition introduced the value (and "made by Volvo
      // vehicles": the things after it are whose value it is, never what "by" ranks)
      if (inGroup) consume(...groupKws.filter((g) => g.lower === 'among'));
      if (inGroup && groupKws.some((g) => g.lower === 'by')) {
        consume(...groupKws.filter((g) => g.lower === 'by'));
        groupRun = false;
      }
      it.used = true;
      continue;
    }

    if (countCtx) {
      const countMetric = metrics.length
        ? pickCountMetric(
            lex,
            metrics.map((m) => m.target),
          )
        : undefined;
      if (countMetric) {
        a.metrics.push({ name: countMetric, pos: k, ambiguous: false, item: it, via: it.text });
      } else {
        // "how many clubs" counts the clubs; "how many towns" (an attribute of clubs) would count
        // distinct towns, never the clubs: only a dimension naming its entity's rows counts them
        const namingDims = dims.map((d) => lex.dimensions.get(d.target)!).filter((d) => dimensionOfEntity(lex, d.entity) === d.name);
        const entitiesHere = [...namingDims.map((d) => d.entity), ...ents.map((e) => e.target)];
        const m = countMetricOfEntities(lex, entitiesHere);
        if (m) {
          a.metrics.push({ name: m, pos: k, ambiguous: false, item: it, via: it.text });
          a.notes.push(`"how many ${it.text}" counts ${lex.metrics.get(m)!.label.toLowerCase()}`);
        } else if (metrics.length) {
          a.metrics.push({ name: metrics[0].target, pos: k, ambiguous: false, item: it, via: it.text });
        } else if (dims.length === 1 && countColumnSum(ctx.model, dims[0]!.target)) {
          // "how many nights": a count kept on each row (`nights`, also a category) is summed, never its rows counted
          a.metrics.push({ name: countColumnSum(ctx.model, dims[0]!.target)!, pos: k, ambiguous: false, item: it, via: it.text });
        } else {
          a.countUnknown.push(it);
        }
      }
      // "how many" attaches to a count or a quantity, never to money or a rate ("count of sales" is not revenue)
      const counted = a.metrics[a.metrics.length - 1];
      if (counted?.item === it && lex.metrics.get(counted.name)?.countable) consume(countKw);
      // "top 2 kinds by number of clients": the count ranks what was named before "by"
      if (counted?.item === it && inGroup && groupKws.length === 1 && groupKws[0]!.lower === 'by' && somethingRankedBefore(items, k)) {
        a.rankingMetric = counted.name;
        a.rankingKeywords = [...groupKws];
        consume(...a.rankingKeywords);
      }
      it.used = true;
      continue;
    }

    // a thing with no naming dimension stands for its members by its key, unless it only modifies
    // the next noun ("transaction statuses")
    const modifier = items[k + 1]?.kind === 'lex';
    const memberOf = (e: string) => (modifier ? dimensionOfEntity(lex, e) : memberDimension(lex, ctx.model, e));
    const dimHere = dims.length > 0 || ents.some((e) => memberOf(e.target));
    // "customers with more than 30 orders" lists customers; after a metric ("revenue for parts with
    // size 15") the entity only qualifies the metric's rows
    const withCond =
      withAfter &&
      a.metrics.length === 0 &&
      (items[nk + 1]?.kw?.startsWith('cmp_') ||
        (items[nk + 1]?.kind === 'lex' && entriesOf(items[nk + 1], 'metric').length > 0) ||
        !metrics.length);
    // "top 5 states and ticker types", "which customers and products": a second breakdown joined to one
    const conj = items[pk];
    // (only after "top N": "which region and segment had the most" may ask two questions and stays refused)
    const andGroup =
      !!conj &&
      ((conj.kind === 'word' && conj.lower === 'and') || conj.lower === ',') &&
      a.groups.some((g) => g.pos === prevSig(pk) && !g.time && (g.joint || items[prevSig(g.pos)]?.kind === 'num'));
    // "average drug amount per treatment" where each treatment is one row of the average: the
    // average is per treatment already (no breakdown, no ratio)
    const averaged = a.metrics[a.metrics.length - 1];
    const averagedInfo = averaged ? lex.metrics.get(averaged.name) : undefined;
    if (
      inGroup &&
      items[k - 1]?.lower === 'per' &&
      averagedInfo?.agg === 'avg' &&
      !it.plural &&
      !dims.length &&
      ents.some((e) => e.target === averagedInfo.entity) &&
      items.indexOf(averaged!.item) === k - 2
    ) {
      consume(...groupKws, it);
      it.used = true;
      continue;
    }
    // "by state of the customers": the thing after "of" says whose state it is (the owner of the
    // breakdown's dimension, or a role of it), never a second breakdown by each member; a thing that
    // does not reach the dimension stays unconsumed
    const ofAt = items[k - 1]?.lower === 'of' ? k - 1 : items[k - 1]?.lower === 'the' && items[k - 2]?.lower === 'of' ? k - 2 : -1;
    const qualified = a.groups[a.groups.length - 1];
    const namesOnlyThing = ents.length > 0 && dims.every((d) => ents.some((e) => e.target === lex.dimensions.get(d.target)?.entity));
    if (inGroup && ofAt > 0 && namesOnlyThing && qualified && !qualified.time && qualified.pos === prevSig(k)) {
      const owner = lex.dimensions.get(qualified.dimension)?.entity;
      const graph = joinGraph(ctx.model);
      // (a thing that does not reach it stays unread, so the question is refused)
      if (owner && ents.some((e) => e.target === owner || !!graph.path(e.target, owner))) {
        consume(it);
        it.used = true;
      }
      continue;
    }
    // "which author has the most papers": things right after a quantity superlative are how many of
    // them there are (their count, as "the most number of papers"), never a breakdown by each one
    if (superBefore && it.plural && !metrics.length && !values.length) {
      const naming = dims.map((d) => lex.dimensions.get(d.target)!).filter((d) => dimensionOfEntity(lex, d.entity) === d.name);
      const counted = countMetricOfEntities(lex, [...naming.map((d) => d.entity), ...ents.map((e) => e.target)]);
      if (counted && (naming.length > 0 || ents.length > 0)) {
        consume(prev);
        a.rankingKeywords = [...(a.rankingKeywords ?? []), prev];
        a.metrics.push({ name: counted, pos: k, ambiguous: false, item: it, via: it.text });
        it.used = true;
        continue;
      }
    }
    if ((inGroup || eachCtx || whichCtx || topCtx || allCtx || withCond || andGroup || ownFigureCtx) && dimHere) {
      if (metrics.length && superBefore) {
        // "the most orders": a metric after a superlative (it ranks the question's breakdown)
        consume(prev);
        a.rankingKeywords = [...(a.rankingKeywords ?? []), prev];
        a.metrics.push({ name: metrics[0].target, pos: k, ambiguous: false, item: it, via: it.text });
        it.used = true;
        continue;
      }
      const dim = dims[0]?.target ?? ents.map((e) => memberOf(e.target)).find((d) => !!d)!;
      a.groups.push({
        dimension: dim,
        pos: k,
        plural: it.plural,
        kws: [...(inGroup ? groupKws : []), ...(eachCtx ? [prev] : [])],
        ...(andGroup && !inGroup && !eachCtx ? { joint: true } : {}),
      });
      if (whichCtx && !a.whichPos.includes(pk)) a.whichPos.push(pk);
      it.used = true;
      continue;
    }
    if (inGroup && tds.length && !metrics.length) {
      a.groups.push({ dimension: tds[0].target, pos: k, time: true });
      consume(...groupKws);
      it.used = true;
      continue;
    }
    // "which year had the most papers", "the year with the fewest albums" where the date is named by its
    // unit (a year column drafted as a date): its periods of that unit ranked, as "which month" of any date
    const unitSaid = GRAIN_WORDS[it.lower];
    if (
      unitSaid &&
      tds.length === 1 &&
      !metrics.length &&
      !dims.length &&
      (prevKw === 'which' || prevKw === 'desc' || prevKw === 'asc' || rankedAfter(k))
    ) {
      a.groups.push({ dimension: tds[0].target, pos: k, time: true });
      a.grainGroups.push({ grain: unitSaid, pos: k });
      if (prevKw === 'which') a.whichPos.push(pk);
      it.used = true;
      continue;
    }
    if (
      metrics.length &&
      inGroup &&
      !dims.length &&
      items
        .slice(0, k)
        .reverse()
        .find((o) => o.kind === 'kw' && o.kw === 'group')?.lower === 'per'
    ) {
      a.ratio = { num: a.metrics[a.metrics.length - 1]?.name, den: it };
      consume(...groupKws);
      it.used = true;
      continue;
    }
    if (metrics.length) {
      const name = metrics[0].target;
      const ambiguous = dims.length > 0 || ents.length > 0 || tds.length > 0;
      a.metrics.push({ name, pos: k, ambiguous, item: it, via: it.text });
      // "average days to ship": the metric is an average already, so the word adds nothing
      const before = items[k - 1];
      if (before?.kind === 'word' && /^(average|avg|mean)$/.test(before.lower) && lex.metrics.get(name)?.agg === 'avg') consume(before);
      // "top 5 drugs by number of treatments and average amount": the second figure breaks ties
      const ranked = a.metrics[a.metrics.length - 2];
      const andAt = /^(average|avg|mean)$/.test(items[k - 1]?.lower ?? '') ? k - 2 : k - 1;
      if (
        a.rankingMetric &&
        !a.rankingThen &&
        ranked?.name === a.rankingMetric &&
        items[andAt]?.lower === 'and' &&
        items.indexOf(ranked.item) === andAt - 1 &&
        items[andAt - 2]?.lower === 'by' &&
        name !== a.rankingMetric
      )
        a.rankingThen = name;
      if (inGroup || prevKw === 'sort') {
        a.rankingMetric = name;
        // "customers by revenue": "by" ranks what was named before it; with nothing before, it attaches to nothing
        const rankedBefore = somethingRankedBefore(items, k);
        // in a follow-up, "now by orders" re-ranks what the previous question listed
        if (rankedBefore || prevKw === 'sort' || !!ctx.previous) {
          a.rankingKeywords = inGroup ? [...groupKws] : [prev];
          consume(...a.rankingKeywords);
        }
      }
      it.used = true;
      continue;
    }
    if (dims.length) {
      a.dimMentions.push({ dimension: dims[0].target, pos: k, plural: !!it.plural, item: it });
      it.used = true;
      continue;
    }
    if (tds.length) {
      if (!a.dating) a.dating = { dimension: tds[0].target, item: it };
      it.used = true;
      continue;
    }
    if (ents.length) {
      it.used = true;
      continue;
    }
  }

  // ---- unknown words
  for (let k = 0; k < items.length; k++) {
    const it = items[k];
    if (it.kind !== 'word' || it.used) continue;
    // (a frequency's verb is no noun of the model: consumed with the ranking, or left over)
    if (a.superlatives.some((s) => s.verb?.items.includes(it)) || a.timesVerb?.items.includes(it)) continue;
    // "daily price records": the rows of the one thing named right before
    if (ROW_NOUNS.has(it.lower) && items[k - 1]?.kind === 'lex' && rowsNamed(lex, items[k - 1]) !== undefined) {
      it.used = true;
      continue;
    }
    if (STOPWORDS.has(it.lower) || /^\d/.test(it.lower) || it.lower.length <= 1) continue;
    if (lex.glossaryWords.has(it.lower)) continue;
    const pk = prevSig(k);
    const prev = items[pk];
    if (prev?.kind === 'kw' && prev.kw === 'count') a.countUnknown.push(it);
    else if (prev?.kind === 'kw' && (prev.kw === 'group' || prev.kw === 'each')) a.slotUnknown.push(it);
    a.unknown.push(it);
  }
  return a;
}

export function sameFamily(lex: Lexicon, dimA: string, dimB: string): boolean {
  if (dimA === dimB) return true;
  const a = lex.dimensions.get(dimA);
  const b = lex.dimensions.get(dimB);
  return !!a && !!b && (a.roleOf?.base === dimB || b.roleOf?.base === dimA || (!!a.roleOf && a.roleOf.base === b.roleOf?.base));
}

export function pickCountMetric(lex: Lexicon, names: string[]): string | undefined {
  const counts = names.filter((n) => {
    const m = lex.metrics.get(n);
    return m?.agg === 'count' || m?.agg === 'count_distinct';
  });
  return counts[0] ?? (names.length === 1 ? names[0] : undefined);
}

/** The count metric of an entity ("how many suppliers" -> suppliers). */
/** Verbs that open a request for things ("return me the authors who ..."). */
/** Words that stand for the rows a negation leaves out ("except the ones from ...", "excluding anything in ..."). */
/** A breakdown, a ranking word or a thing named before `k`: what a "by <figure>" there ranks. */
function somethingRankedBefore(items: Item[], k: number): boolean {
  return items
    .slice(0, k)
    .some(
      (o) =>
        o.kind === 'grain' ||
        (o.kind === 'kw' && (o.kw === 'desc' || o.kw === 'asc')) ||
        (o.kind === 'lex' && (entriesOf(o, 'dimension').length || entriesOf(o, 'entity').length || entriesOf(o, 'metric').length)),
    );
}

/** Between things and a figure of theirs: "authors [and their] number of books", "shops [along with its] sales". */
const POSSESSIVE_JOIN = [['and'], ['with'], ['along', 'with'], ['together', 'with']];
const POSSESSIVES = new Set(['their', 'its']);

/**
 * "authors and their number of books", "shops with their total sales": things in the plural, said first
 * and counted by nothing, then a possessive before a figure of other rows: the figure of each of them
 * (a breakdown by them, as "each author and ..."), never their count beside a total.
 */
function figureOfTheirOwn(lex: Lexicon, items: Item[], k: number, things: string[]): boolean {
  const it = items[k]!;
  if (
    !it.plural ||
    !things.length ||
    items.slice(0, k).some((o) => o.kind === 'lex' || o.kind === 'num' || (o.kind === 'kw' && o.kw !== 'list'))
  )
    return false;
  const join = POSSESSIVE_JOIN.find((w) => w.every((x, i) => items[k + 1 + i]?.kind === 'word' && items[k + 1 + i]!.lower === x));
  let f = k + 1 + (join?.length ?? 0);
  const own = join ? items[f++] : undefined;
  if (!own || own.kind !== 'word' || !POSSESSIVES.has(own.lower)) return false;
  // ("their number of books": the count of a thing named)
  // ("their total sales": an aggregate word before the figure)
  if (items[f]?.kind === 'word' && AGGREGATE_SAID.test(items[f]!.lower)) f++;
  const counted = items[f]?.kind === 'kw' && items[f]!.kw === 'count';
  const figure = items[counted ? f + 1 : f];
  if (figure?.kind !== 'lex') return false;
  // ("books and their authors" lists the authors: a thing said alone is no figure)
  const thingItself = entriesOf(figure, 'entity').length > 0;
  if (thingItself && !counted) return false;
  const figures = [
    ...entriesOf(figure, 'metric').map((e) => lex.metrics.get(e.target)?.entity),
    ...(counted ? entriesOf(figure, 'entity').map((e) => e.target) : []),
  ];
  return figures.length > 0 && figures.every((e) => !!e && !things.includes(e));
}

const EXCLUDED_ROWS = new Set(['ones', 'one', 'any', 'anything', 'everything', 'anyone', 'anybody', 'everyone', 'everybody']);
const REQUESTS = new Set(['return', 'return me', 'return us', 'show', 'give', 'find', 'list', 'get', 'display', 'tell', 'name', 'fetch']);
/** Relative pronouns opening a clause on the thing before them. */
const RELATIVES = new Set(['who', 'that', 'which', 'whose']);

export function countMetricOfEntities(lex: Lexicon, entities: string[]): string | undefined {
  for (const ent of entities) {
    const ms = [...lex.metrics.values()].filter((m) => m.entity === ent && m.agg === 'count');
    if (ms.length) return ms[0].name;
  }
  for (const ent of entities) {
    const ms = [...lex.metrics.values()].filter((m) => m.entity === ent && m.agg === 'count_distinct');
    if (ms.length) return ms[0].name;
  }
  return undefined;
}

/** The dimension that names an entity's rows (entity customer -> dimension customer). */
/**
 * The entities the rest of the question names (its things, the metrics' and dimensions' owners),
 * each read only where the item is unambiguous.
 */
function entitiesNamedBesides(items: Item[], self: Item, lex: Lexicon): Set<string> {
  const out = new Set<string>();
  for (const o of items) {
    if (o === self || o.kind !== 'lex') continue;
    for (const e of entriesOf(o, 'entity')) out.add(e.target);
    // "the population of Texas": a value that names a member of a thing (its naming dimension) names the thing
    for (const e of entriesOf(o, 'value')) {
      const d = lex.dimensions.get(e.target);
      if (d && dimensionOfEntity(lex, d.entity) === d.name) out.add(d.entity);
    }
    for (const [kind, ownerOf] of [
      ['metric', (t: string) => lex.metrics.get(t)?.entity],
      ['dimension', (t: string) => lex.dimensions.get(t)?.entity],
    ] as const) {
      const owners = new Set(entriesOf(o, kind).map((e) => ownerOf(e.target)));
      if (owners.size === 1) {
        const only = [...owners][0];
        if (only) out.add(only);
      }
    }
  }
  return out;
}

/**
 * One phrase naming the same kind of thing on several entities ("country" of customers and of
 * employees, "population" of cities and of states) means the one of the entity the rest of the
 * question names (a thing, another figure's or column's owner, or a member named by its name); with
 * none or several named it means nothing (the word is left not understood).
 */
const ownerOf = (e: LexEntry, lex: Lexicon) =>
  e.kind === 'metric' ? lex.metrics.get(e.target)?.entity : lex.dimensions.get(e.target)?.entity;
const owners = (entries: LexEntry[], kind: 'metric' | 'dimension', lex: Lexicon) =>
  new Set(entries.filter((e) => e.kind === kind).map((e) => ownerOf(e, lex)));

export { dimensionOfEntity } from './members.js';
/**
 * "contact name and title", "manager name and phone": a modifier said once before coordinated column
 * words applies to each of them when the model holds the modified phrase for the same thing
 * ("contact title"), which the bare word would read otherwise (the thing's name, its own phone).
 * The single-table reading does the same on its tokens (`readSingleTable`).
 */
function readSharedModifier(items: Item[], lex: Lexicon): void {
  for (let k = 0; k < items.length; k++) {
    const head = items[k]!;
    const dims = head.kind === 'lex' ? entriesOf(head, 'dimension') : [];
    const words = head.lower.split(' ');
    if (!dims.length || words.length !== 2) continue;
    const owners = new Set(dims.map((d) => lex.dimensions.get(d.target)?.entity));
    for (let j = k + 1; items[j] && (items[j]!.lower === 'and' || items[j]!.lower === ','); j += 2) {
      const next = items[j + 1];
      // (a bare "title" or "name" is a word the listing reads as the thing's name)
      if (!next || (next.kind !== 'lex' && next.kind !== 'word') || next.lower.includes(' ')) break;
      const modified = phraseEntries(lex.root, `${words[0]!} ${next.lower}`).filter(
        (e) => e.kind === 'dimension' && owners.has(lex.dimensions.get(e.target)?.entity),
      );
      if (modified.length === 1 && !entriesOf(next, 'dimension').some((e) => e.target === modified[0]!.target)) {
        next.kind = 'lex';
        next.entries = modified;
      }
    }
  }
}

/**
 * "the average unit price of products", "the highest weight of parcels sent to Leeds": a figure
 * followed by "of <thing>" is that thing's own when the thing holds the same aggregate of a column of
 * the same name (a draft calls the second one after its thing: "Product average unit price"),
 * never the figure of other rows that merely relate to the thing (its order lines' prices).
 */
function readFigureOfNamedThing(items: Item[], ctx: InterpretContext): void {
  const column = (sql: string | undefined) => /^\$\{TABLE\}\.(\w+)$/.exec(sql ?? '')?.[1];
  for (let k = 0; k < items.length; k++) {
    const it = items[k]!;
    const metrics = it.kind === 'lex' ? entriesOf(it, 'metric') : [];
    if (metrics.length !== 1 || items[k + 1]?.lower !== 'of') continue;
    let j = k + 2;
    while (items[j]?.kind === 'word' && /^(the|all|our|its|their)$/.test(items[j]!.lower)) j++;
    const things = items[j]?.kind === 'lex' ? entriesOf(items[j]!, 'entity') : [];
    if (things.length !== 1) continue;
    const thing = things[0]!.target;
    const said = ctx.model.measures.find((m) => m.name === metrics[0]!.target);
    if (!said || said.entity === thing || !column(said.sql)) continue;
    const own = ctx.model.measures.filter((m) => m.entity === thing && m.agg === said.agg && column(m.sql) === column(said.sql));
    if (own.length !== 1) continue;
    it.entries = it.entries!.map((e) => (e === metrics[0] ? { ...e, target: own[0]!.name } : e));
  }
}

/** An aggregate word in or right before a figure's phrase: the figure is said as one number. */
const AGGREGATE_SAID = /\b(total|sum|average|avg|mean|number|count|minimum|maximum|min|max|highest|lowest|combined|overall)\b/;

/**
 * "the 5 customers with the most orders", "the 3 halls that have the highest capacity": the number
 * right after "the" (or opening the question) before one thing named in the plural, joined to the
 * superlative at `k` by "with" / "that have" / "having": how many of the things the ranking keeps.
 */
function countBeforeThing(items: Item[], k: number): Item | undefined {
  const JOIN = new Set(['with', 'having', 'have', 'has', 'had', 'that', 'who', 'which', 'the']);
  let j = k - 1;
  while (j >= 0 && items[j]!.kind === 'word' && JOIN.has(items[j]!.lower)) j--;
  if (j === k - 1 || items[j]?.kind !== 'lex' || !(items[j]!.entries ?? []).some((e) => e.kind === 'entity')) return undefined;
  const num = items[j - 1];
  const before = items[j - 2];
  if (num?.kind !== 'num' || num.used || !Number.isInteger(num.num) || num.num! <= 0 || num.num! >= 10_000 || num.percent) return undefined;
  if (before && !(before.kind === 'word' && before.lower === 'the')) return undefined;
  return num;
}

/** A content verb right after a negation ("do not [run] through X", "does not [border] Y"). */
export function negatedVerb(items: Item[], p: number): boolean {
  const o = items[p];
  const before = items[p - 1];
  return o?.kind === 'word' && before?.kind === 'kw' && before.kw === 'neg' && !STOPWORDS.has(o.lower) && !!verbOf(o.lower);
}

/**
 * "the state of Nevada", "the state with (the) capital Albany": a thing in the singular, then "of" and a
 * value of its naming column, or "with" and a column of its own said with one of its values.
 */
function memberNamedAfter(lex: Lexicon, items: Item[], k: number): boolean {
  const it = items[k]!;
  const linked = items[k + 1]?.lower;
  if (items[k - 1]?.lower !== 'the' || (linked !== 'of' && linked !== 'with') || it.plural) return false;
  const things = new Set(entriesOf(it, 'entity').map((e) => e.target));
  const ownDimension = (target: string) => things.has(lex.dimensions.get(target)?.entity ?? '');
  const naming = (target: string) => ownDimension(target) && dimensionOfEntity(lex, lex.dimensions.get(target)!.entity) === target;
  // (the thing's word may also name its count and its naming column: "state")
  const ownWord = (it.entries ?? []).every(
    (e) =>
      e.kind === 'entity' ||
      (e.kind === 'dimension' && naming(e.target)) ||
      (e.kind === 'metric' && things.has(lex.metrics.get(e.target)?.entity ?? '') && lex.metrics.get(e.target)?.agg === 'count'),
  );
  if (!things.size || !ownWord) return false;
  if (linked === 'of') {
    const value = items[k + 2];
    return value?.kind === 'lex' && entriesOf(value, 'value').some((v) => naming(v.target));
  }
  const at = items[k + 2]?.lower === 'the' ? k + 3 : k + 2;
  const column = items[at];
  const value = items[at + 1];
  if (column?.kind !== 'lex' || value?.kind !== 'lex' || entriesOf(column, 'value').length) return false;
  const columns = entriesOf(column, 'dimension').filter((d) => ownDimension(d.target) && !naming(d.target));
  return columns.length === 1 && entriesOf(value, 'value').some((v) => v.target === columns[0]!.target);
}

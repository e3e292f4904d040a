/**
 * Superlative lookup: the members of one thing ranked by one figure, with what the question names
 * of them: "the title of the film with the most rentals", "the town and name of the shop with the
 * highest rating", "which shop has the lowest rating, and what is it", "the longest trails" (an
 * adjective naming a measure by its sense: length), "the 3 tallest towers", "which lake is the
 * deepest", "which stations have the shortest platform length, sorted in ascending order".
 *
 * The answer is one row per member (the thing's key joins the columns, never one per shared name)
 * with the columns named (nothing named: its key and its obvious name) and the figure, ordered by
 * the figure: the first one for a singular thing ("the film", "which lake"), the first N for "the 3
 * tallest", every member for a plural with its order spelled out ("ordered from longest to
 * shortest"); a plural with neither is not understood (how many is not said).
 *
 * The figure is
 * - a measure or numeric attribute named after the superlative ("the most rentals", "the highest
 *   rating", "the shortest platform length": an adjective then needs a measure of its own sense);
 *   a figure of the member's own column is that column's value (its highest: one row each), a
 *   figure of related rows (reviews of a shop) the model's measure per member; the fewest of related
 *   rows is refused (members with none have no row to rank);
 * - or, with an adjective and nothing named ("the longest trails"), the one column of the thing that
 *   the adjective's sense names (`superlativeSense`: length, altitude, area...): none or several and the word
 *   is not understood (several are named in the reason).
 * "in metres" is consumed only when it names a unit of the figure's own kind and neither the model's
 * unit nor the column's name says another (a conversion is never skipped).
 */
import type { SemanticModel } from '../../semantic/model.js';
import { joinGraph, shortestJoinPaths } from '../../semantic/graph.js';
import type { GroupBy, SemanticQuery } from '../../semantic/query.js';
import { countMetricOfEntities, type Analysis } from '../analyse.js';
import { longestMatch, type LexEntry, type Lexicon } from '../lexicon.js';
import { consume, entriesOf, type Item } from '../spans.js';
import { ORDINALS, tokenize, verbOf } from '../text.js';
import { verbNamesDate } from './dated-verb.js';
import { columnOf, isDurationUnit, nameWords as words, ownNumberColumns, unitAt, unitFits } from '../units.js';
import { mayLink } from './linking-verb.js';
import { keyDimension, memberColumns, nameCandidates } from './listing.js';
import type { Construction } from './types.js';
import { dimensionOfEntity, onlyDateOf, personName, WHOLE_NAME } from '../members.js';
import { columnsOfSense, sensesOfNoun, superlativeSense, takesDegreeWord } from '../measure-senses.js';

/** A superlative adjective that names a measure by its sense ("longest", "tallest": `superlativeSense`). */
export function senseSuperlative(word: string): boolean {
  return !!superlativeSense(word);
}

/** Superlative keywords that rank by a figure named after them ("the most rentals", "the lowest rating"). */
const RANKING = new Set([
  'most',
  'the most',
  'least',
  'the least',
  'fewest',
  'highest',
  'lowest',
  'greatest',
  'largest',
  'biggest',
  'smallest',
  'maximum',
  'minimum',
  'max',
  'min',
  'longest',
  'shortest',
]);
/** Degree words before a participle ("the most cited", "the least visited"). */
const DEGREE = new Set(['most', 'the most', 'least', 'the least']);
/** Superlatives of how many ("the most rentals"): a thing named after one is counted. */
const COUNTING = new Set(['most', 'the most', 'least', 'the least', 'fewest']);
/** Words of an aggregation before the figure, and the aggregations they say. */
const AGG_WORDS: Readonly<Record<string, string[]>> = Object.assign(Object.create(null), {
  average: ['avg'],
  mean: ['avg'],
  avg: ['avg'],
  total: ['sum', 'count'],
});
/** Words between things and their superlative that say the things hold it ("writers with the lowest age"). */
const HOLDING_WORDS = new Set(['with', 'has', 'have', 'having', 'had']);
/** Between the thing and its superlative: "with the", "that has (received) the", "is the". */
const LINK = new Set(['with', 'that', 'which', 'who', 'whose', 'has', 'have', 'had', 'having', 'is', 'are', 'was', 'were', 'the']);
/** Verbs of having a figure ("that has received the most citations"): nothing else between. */
const HAVING_VERBS = new Set([
  'received',
  'got',
  'gotten',
  'earned',
  'obtained',
  'achieved',
  'attracted',
  'gained',
  'accumulated',
  'garnered',
  'recorded',
  'reached',
]);
/** Verbs of holding between a thing asked for and the winner it holds ("which depot has the heaviest bike"). */
const HOLDING = new Set(['has', 'have', 'had', 'holds', 'hold', 'contains', 'contain', 'includes', 'include']);
/** Relative pronouns after the thing that holds the winner ("the driver who drove the longest trip"). */
const RELATIVES = new Set(['who', 'that', 'which']);
/** Verbs of doing that say nothing but the relation ("which driver made the longest trip"). */
const DOING = new Set(['made', 'make', 'makes', 'did', 'do', 'does', 'took', 'take', 'takes']);
/** Words naming a column of a thing as a whole ("title"): its one obvious name. */
const NAME_WORDS = new Set(['name', 'names', 'title', 'titles']);
const ID_WORDS = new Set(['id', 'ids', 'identifier', 'identifiers']);
/** Verbs that put a list in order ("sorted in ascending order", "ordered from longest to shortest"). */
const ORDER_VERBS = new Set(['sorted', 'ordered', 'arranged', 'ranked', 'listed', 'sort', 'order', 'arrange', 'rank']);
interface Figure {
  /** A metric of the query, or a numeric dimension of the thing to order by. */
  metric?: string;
  dimension?: string;
  /** The column read, when the figure is a column of the thing's own rows. */
  column?: string;
  /** The figure is computed over related rows (reviews of a shop), not the thing's own column. */
  related: boolean;
}

/** The figure for one of the thing's own columns: its highest (one row each, in the column's type), else another measure of it, else the dimension. */
function ownFigure(model: SemanticModel, entity: string, column: string): Figure | undefined {
  const measures = model.measures.filter((m) => m.entity === entity && !m.filter && columnOf(m.sql) === column);
  const rank = ['max', 'min', 'sum', 'avg'];
  const m = measures.filter((x) => rank.includes(x.agg)).sort((x, y) => rank.indexOf(x.agg) - rank.indexOf(y.agg))[0];
  if (m) return { metric: m.name, column, related: false };
  const d = model.dimensions.find((x) => x.entity === entity && x.type === 'number' && columnOf(x.sql) === column);
  return d ? { dimension: d.name, column, related: false } : undefined;
}

/** The entity an item names: an entity, or the dimension naming one. */
function entityOf(lex: Lexicon, it: Item | undefined): string | undefined {
  if (it?.kind !== 'lex') return undefined;
  const ents = entriesOf(it, 'entity').map((e) => e.target);
  if (ents.length === 1) return ents[0];
  if (ents.length) return undefined;
  const named = entriesOf(it, 'dimension')
    .map((e) => lex.dimensions.get(e.target))
    .filter((d) => !!d && lex.dimensions.get(d.entity)?.name === d.name && d.entity === d.name);
  return named.length === 1 ? named[0]!.entity : undefined;
}

/** Metrics a phrase names in the lexicon ("rating" -> the average rating). */
function metricsNamed(lex: Lexicon, phrase: string): string[] {
  const tokens = tokenize(phrase);
  const m = longestMatch(lex, tokens.length, 0, (j) => [tokens[j]!.lemma, tokens[j]!.lower, tokens[j]!.verb]);
  if (!m || m.len !== tokens.length) return [];
  return [...new Set(m.entries.filter((e) => e.kind === 'metric').map((e) => e.target))];
}

interface Column {
  item: Item;
  dimension?: string;
  timeDimension?: string;
  /** The bucket a date is shown at ("the year of": year), else its finest. */
  grain?: GroupBy['grain'];
  word?: 'name' | 'id';
  /** Words that are part of the column ("full" of "full name"). */
  also?: Item[];
  /** The thing the column is of, when not the members ranked ("the name of the driver who drove the longest trip"). */
  owner?: string;
}

export const superlativeLookup: Construction = {
  name: 'superlative lookup',
  recognise({ items, a, lex, ctx }) {
    const model = ctx.model;
    if (
      a.grainGroups.length ||
      a.share ||
      a.compare ||
      a.trend ||
      a.ratio ||
      a.whichN !== undefined ||
      a.countUnknown.length ||
      a.slotUnknown.length ||
      a.negTimes.length ||
      a.cmps.length
    )
      return null;
    if (a.groups.some((g) => g.time || (g.kws ?? []).some((k) => k.kind === 'kw' && k.kw === 'group'))) return null;
    const sorts = items.filter((it) => it.kind === 'kw' && it.kw === 'sort');
    if (
      sorts.length > 1 ||
      items.some(
        (it) =>
          it.kind === 'kw' && it.kw === 'count' && !isCountOfFigure(items, it) && !(sorts[0] && items[items.indexOf(it) - 1] === sorts[0]),
      )
    )
      return null;

    // 1. the one superlative: a keyword, an adjective word, or a phrase of the model that opens with one ("highest rating")
    const anchors: { k: number; word: string; dir: 'asc' | 'desc'; inPhrase: boolean }[] = [];
    /** "most" / "least" before an adjective of a sense ("the most expensive"): consumed with it. */
    let degree: Item | undefined;
    items.forEach((it, k) => {
      const next = items[k + 1];
      const periphrastic =
        it.kind === 'kw' && next?.kind === 'word' && takesDegreeWord(next.lower)
          ? superlativeSense(`${it.lower.replace(/^the /, '')} ${next.lower}`)
          : undefined;
      if (periphrastic) {
        degree = it;
        anchors.push({ k: k + 1, word: `${it.lower.replace(/^the /, '')} ${next!.lower}`, dir: periphrastic.dir, inPhrase: false });
      } else if (it.kind === 'word' && takesDegreeWord(it.lower) && degree === items[k - 1]) return;
      else if (it.kind === 'kw' && (it.kw === 'desc' || it.kw === 'asc')) anchors.push({ k, word: it.lower, dir: it.kw, inPhrase: false });
      else if (it.kind === 'word' && superlativeSense(it.lower))
        anchors.push({ k, word: it.lower, dir: superlativeSense(it.lower)!.dir, inPhrase: false });
      else if (it.kind === 'lex') {
        const first = it.lower.split(' ')[0]!;
        const agg = new Set(entriesOf(it, 'metric').map((e) => lex.metrics.get(e.target)?.agg));
        if (
          it.lower.includes(' ') &&
          ((['highest', 'maximum', 'max', 'largest', 'biggest'].includes(first) && agg.has('max')) ||
            (['lowest', 'minimum', 'min', 'smallest'].includes(first) && agg.has('min'))) &&
          agg.size === 1
        )
          anchors.push({ k, word: first, dir: agg.has('max') ? 'desc' : 'asc', inPhrase: true });
      }
    });
    // "list the rivers from longest to shortest": with no superlative, an order whose first end is an
    // adjective of a sense ranks the thing listed by that sense
    let run = false;
    if (!anchors.length) {
      const runs = items
        .map((it, k) => ({ it, k }))
        .filter(({ it }) => it.kind === 'kw' && (it.kw === 'asc_word' || it.kw === 'desc_word'));
      const first = runs.length === 1 ? runs[0]!.it.lower.replace(/^from (the )?/, '').split(' ')[0]! : '';
      const dir = runs[0]?.it.kw === 'asc_word' ? 'asc' : 'desc';
      if (superlativeSense(first)?.dir !== dir || !runs[0]!.it.lower.includes(' to ')) return null;
      anchors.push({ k: runs[0]!.k, word: first, dir, inPhrase: false });
      run = true;
    }
    if (anchors.length !== 1) return null;
    const anchor = anchors[0]!;
    const sup = items[anchor.k]!;
    /** Where the superlative opens ("most" of "the most expensive"). */
    const open = degree && items[anchor.k - 1] === degree ? anchor.k - 1 : anchor.k;
    if (open === anchor.k) degree = undefined;
    if (!anchor.inPhrase && !RANKING.has(anchor.word) && !superlativeSense(anchor.word)) return null;

    // 2. the thing ranked: right after the superlative ("the 3 longest trails") or before it ("the shop with the highest rating")
    let E: string | undefined;
    let entityItem: Item | undefined;
    let n: number | undefined;
    const numItems: Item[] = [];
    const links: Item[] = [];
    let measureAt = -1;
    /** Values (and their columns' names) between the thing and the ranking, filtering the members ranked. */
    const qualifiers: Item[] = [];
    /** Where the noun phrase of the thing opens ("the 3 longest rivers": at the number). */
    let head = -1;
    let p = anchor.k + 1;
    if (!anchor.inPhrase && items[p]?.kind === 'num' && Number.isInteger(items[p]!.num) && items[p]!.num! > 0) {
      n = items[p]!.num;
      numItems.push(items[p]!);
      p++;
    }
    // "the most cited paper", "the least rented bikes": a participle before the thing names the figure
    const participleRead =
      !anchor.inPhrase && !run && DEGREE.has(anchor.word) && items[p]?.kind !== 'num' && !items[p]?.consumed
        ? participleFigure(lex, model, items[p]?.lower ?? '', entityOf(lex, items[p + 1]))
        : undefined;
    if (typeof participleRead === 'string') {
      a.providesMetric = true;
      return { construction: 'superlative lookup', apply: () => participleRead };
    }
    const participle = participleRead;
    if (participle) p++;
    const after = run ? undefined : entityOf(lex, items[p]);
    if (!anchor.inPhrase && after && (superlativeSense(anchor.word) || participle) && !entriesOf(items[p]!, 'value').length) {
      E = after;
      entityItem = items[p];
      head = open;
      const before = items[open - 1];
      if (before?.kind === 'num' && n === undefined && Number.isInteger(before.num) && before.num! > 0) {
        n = before.num;
        numItems.push(before);
        head--;
      }
    } else {
      let b = open - 1;
      // "which peak is the third highest": the ordinal is the ordinal rank's
      if (!run && items[b]?.kind === 'word' && (ORDINALS[items[b]!.lower] ?? 0) >= 2) b--;
      if (run) while (b >= 0 && ((items[b]!.kind === 'word' && ORDER_VERBS.has(items[b]!.lower)) || items[b]!.lower === ',')) b--;
      else {
        let verbs = 0;
        // ("the paper after 2000 with the most citations": a period between them is the query's)
        while (
          b >= 0 &&
          (items[b]!.kind === 'time' ||
            (items[b]!.kind === 'word' && (LINK.has(items[b]!.lower) || HAVING_VERBS.has(items[b]!.lower) || mayLink(lex, items[b]))))
        ) {
          if (items[b]!.kind === 'time') {
            b--;
            continue;
          }
          if (HAVING_VERBS.has(items[b]!.lower)) links.push(items[b]!);
          // "which authors wrote the most papers": the verb is the linking verb's to read (consumed
          // only when the model relates the two in one way)
          else if (!LINK.has(items[b]!.lower)) verbs++;
          b--;
        }
        if (links.length + verbs > 1) return null;
      }
      // "the customer in FRANCE with the most orders", "the part of brand X with the largest size": values
      // of what each member has one of, between the thing and its ranking, keep the members ranked
      if (!run) {
        const found = qualifierRun(items, b, lex, model);
        if (found) {
          b = found.at;
          qualifiers.push(...found.items);
        }
      }
      // ("the paper in the ICML conference with the most citations": a thing read with its value is no subject)
      if (items[b]?.consumed) return null;
      E = entityOf(lex, items[b]);
      entityItem = items[b];
      head = b;
      if (!E || (b === open - 1 && !run)) return null;
      measureAt = run ? -1 : anchor.inPhrase ? anchor.k : anchor.k + 1;
      if (n !== undefined) return null;
      // "the 5 customers with the most orders": the number before the thing says how many
      const count = items[b - 1];
      if (count?.kind === 'num' && Number.isInteger(count.num) && count.num! > 0 && (b < 2 || items[b - 2]!.lower === 'the')) {
        n = count.num;
        numItems.push(count);
        head = b - 1;
      }
    }
    if (!E || !entityItem) return null;
    // "the name of the second longest river": the ordinal opens the noun phrase (the ordinal rank skips the first)
    if (head > 0 && items[head - 1]!.kind === 'word' && (ORDINALS[items[head - 1]!.lower] ?? 0) >= 2) head--;
    // one row per member needs its key; without one the general rules rank the breakdown by its name
    if (!keyDimension(model, E)) return null;
    // a count keyword between the superlative and the figure: "the highest number of citations"
    const countKw = measureAt >= 0 && items[measureAt]?.kind === 'kw' && items[measureAt]!.kw === 'count' ? items[measureAt++] : undefined;
    // "the highest average rating", "the highest total amount": the word must say the figure's own aggregation
    const aggWord =
      measureAt >= 0 && !anchor.inPhrase && items[measureAt]?.kind === 'word' && AGG_WORDS[items[measureAt]!.lower]
        ? items[measureAt++]
        : undefined;

    // 3. the figure
    let figure: Figure | undefined;
    /** The figure is the column the adjective names by its sense ("the largest depot": its area). */
    let bySense = false;
    const figureItems: Item[] = [];
    const measureItem = measureAt >= 0 ? items[measureAt] : undefined;
    const sense = superlativeSense(anchor.word);
    const senseWords = new Set([...(sense?.words ?? []), ...(sense?.named ?? [])]);
    if (participle) {
      figure = participle;
      figureItems.push(items[anchor.k + 1]!);
    } else if (measureItem?.kind === 'lex' && !entriesOf(measureItem, 'value').length) {
      const metrics = entriesOf(measureItem, 'metric')
        .map((e) => lex.metrics.get(e.target)!)
        .filter((m) => !!m);
      const dims = entriesOf(measureItem, 'dimension')
        .map((e) => model.dimensions.find((d) => d.name === e.target))
        .filter((d) => !!d && d.entity === E && d.type === 'number');
      if (anchor.inPhrase) {
        const m = metrics[0]!;
        if (m.entity === E) {
          const own = model.measures.find((x) => x.name === m.name);
          const col = columnOf(own?.sql);
          figure = col ? ownFigure(model, E, col) : undefined;
        } else {
          // "the shop with the highest rating": the shop's rating, as the model names "rating" (never the highest single review)
          // (how related rows reach the thing is the compiler's to check: `computable` refuses what it cannot join)
          const rest = metricsNamed(lex, measureItem.text.split(' ').slice(1).join(' '));
          const r = rest.length === 1 ? lex.metrics.get(rest[0]!) : undefined;
          if (!r?.entity) return null;
          figure =
            r.entity === E
              ? ownFigure(model, E, columnOf(model.measures.find((x) => x.name === r.name)?.sql) ?? '')
              : { metric: r.name, related: true };
        }
      } else if (metrics.length === 1 && !dims.length) {
        const m = metrics[0]!;
        if (m.entity === E) {
          const own = model.measures.find((x) => x.name === m.name);
          const col = columnOf(own?.sql);
          // a count of the thing's own rows ranks nothing (one row each)
          figure = col && !own?.filter ? ownFigure(model, E, col) : undefined;
        } else if (m.entity) {
          figure = { metric: m.name, related: true };
        }
      } else if (dims.length === 1 && !metrics.length) {
        figure = { dimension: dims[0]!.name, column: columnOf(dims[0]!.sql), related: false };
      } else if (!metrics.length && measureItem.plural && COUNTING.has(anchor.word) && !countKw && !aggWord) {
        // "the film with the most rentals" where rentals are a thing of their own: how many of them
        // each member has (their count), as "the most number of rentals"
        const other = entityOf(lex, measureItem);
        const counted = other && other !== E ? countMetricOfEntities(lex, [other]) : undefined;
        if (counted) figure = { metric: counted, related: true };
      }
      if (!figure) return null;
      // (of the thing's own column, any aggregation of its one row is its value)
      if (aggWord && figure.related && !AGG_WORDS[aggWord.lower]!.includes(lex.metrics.get(figure.metric ?? '')?.agg ?? '')) return null;
      // an adjective of a sense must fit the figure it ranks by ("the shortest connect time", never "the
      // shortest price"); "highest", "largest" rank any figure
      if (sense && (!RANKING.has(anchor.word) || anchor.word === 'longest' || anchor.word === 'shortest')) {
        const ws = [...words(figure.column ?? ''), ...words(measureItem.lower)];
        if (!ws.some((w) => senseWords.has(w))) return null;
      }
      figureItems.push(measureItem);
    } else if (
      measureItem &&
      measureItem.kind !== 'punct' &&
      !(measureItem.kind === 'word' && ['and', 'in', 'from', 'sorted', 'ordered'].includes(measureItem.lower))
    ) {
      return null;
    } else {
      // an adjective alone: the one column of the thing its sense names
      if (!sense || ['most', 'least'].includes(anchor.word)) return null;
      let fits = columnsOfSense(ownNumberColumns(model, E), sense.words);
      // ("the longest track" kept in `milliseconds`: with no column of the sense, the one named by a time unit)
      if (!fits.length && sense.words.includes('duration'))
        fits = ownNumberColumns(model, E).filter((c) => words(c).some((w) => isDurationUnit(w)));
      if (fits.length !== 1) {
        // (with a figure named besides, the general rules read the question as before)
        if (fits.length > 1 && !a.metrics.length) {
          const claimRefusal = `"${sup.text}" could rank the ${E.replace(/_/g, ' ')} rows by ${fits.map((c) => `"${c}"`).join(' or ')}: name the one to rank by.`;
          // (no default metric is guessed: the refusal names the candidates)
          a.providesMetric = true;
          return { construction: 'superlative lookup', apply: () => claimRefusal };
        }
        return null;
      }
      figure = ownFigure(model, E, fits[0]!);
      bySense = true;
      if (!figure) return null;
    }

    // 4. the columns asked for: "<columns> of the <thing>"
    const columns: Column[] = [];
    const extra: Item[] = [];
    /** The figure itself asked for ("the length of the longest river"): shown anyway. */
    const repeatsBefore: Item[] = [];
    let b = head - 1;
    while (b >= 0 && ['the', 'a', 'an'].includes(items[b]!.lower)) b--;
    if (items[b]?.lower === 'of' || items[b]?.lower === 'for') {
      b--;
      while (b >= 0) {
        const it = items[b]!;
        if (it.kind === 'word' && ['the', 'and', 'its', 'their', 'both'].includes(it.lower)) {
          b--;
          continue;
        }
        if (it.kind === 'punct' && it.lower === ',') {
          b--;
          continue;
        }
        if (isFigure(model, it, figure) || namesSenseOf(model, E, it, figure)) {
          repeatsBefore.push(it);
          b--;
          continue;
        }
        // ("the full name of ..."): the whole name, which "name" is anyway
        if (it.kind === 'word' && WHOLE_NAME.has(it.lower) && columns[0]?.word === 'name' && items[b + 1] === columns[0].item) {
          columns[0].also = [it];
          b--;
          continue;
        }
        const c = columnItem(lex, model, E, it) ?? ownColumnFigure(lex, model, E, it);
        // ("the total bays of the largest depot": the adjective ranks by its sense, never by the figure asked)
        if (!c && bySense && it.kind === 'lex' && entriesOf(it, 'metric').length) {
          a.providesMetric = true;
          const reason = `"${it.text}" of the ${sup.text} ${E.replace(/_/g, ' ')} asks a second figure beside the one "${sup.text}" ranks by: ask one at a time.`;
          return { construction: 'superlative lookup', apply: () => reason };
        }
        if (!c) break;
        columns.unshift(c);
        b--;
      }
      if (!columns.length && !repeatsBefore.length) return null;
    }
    // "which depot has the heaviest bike", "which channel has the video with the most views": the thing each member
    // belongs to (a to-one path) holds the winner, and is shown beside it (its key and names: a person by both);
    // "which driver drove the longest trip": a verb between them says that one relation, when the model has one only;
    // "the full name of the driver who drove the longest trip": the columns named are the holder's
    const holder: Column[] = [];
    const holderItems: Item[] = [];
    if (!columns.length && !repeatsBefore.length) {
      let h = head - 1;
      while (h >= 0 && ['the', 'a', 'an'].includes(items[h]!.lower)) h--;
      const verb = items[h];
      const holding = !!verb && (HOLDING.has(verb.lower) || DOING.has(verb.lower));
      const relative = h > 1 && RELATIVES.has(items[h - 1]!.lower) && !!entityOf(lex, items[h - 2]);
      const at = relative ? h - 2 : h - 1;
      const X = at >= 0 && (holding || mayLink(lex, verb)) ? entityOf(lex, items[at]) : undefined;
      const once = !!X && (HOLDING.has(verb!.lower) || shortestJoinPaths(model, E, X).count === 1);
      const opener = items[at - 1];
      const asked = X && relative ? holderColumns(lex, model, X, items, at) : undefined;
      const whichX = opener?.kind === 'kw' && opener.kw === 'which';
      const shown = X ? (dimensionOfEntity(lex, X) ? [dimensionOfEntity(lex, X)!] : memberColumns(model, lex, X)) : [];
      if (X && X !== E && shown.length && once && (whichX || asked) && joinGraph(model).path(E, X)?.length) {
        if (asked?.columns.length) holder.push(...asked.columns);
        else holder.push(...shown.map((dimension) => ({ item: items[at]!, dimension })));
        holderItems.push(verb!, items[at]!, ...(relative ? [items[h - 1]!] : []), ...(asked?.items ?? []));
      }
    }
    // the fewest related rows: members with none have the fewest (0), so every member is ranked
    // (`include_empty_members`), when what is shown is the members' own columns (with no columns asked for,
    // the general rules read it as before); otherwise members with none would be missed
    let fewest: string | undefined;
    if (
      figure.related &&
      anchor.dir === 'asc' &&
      figure.metric &&
      ['count', 'count_distinct'].includes(lex.metrics.get(figure.metric)?.agg ?? '')
    ) {
      if (!columns.length && !repeatsBefore.length && !holder.length) return null;
      fewest = `"${sup.text}" ${lex.metrics.get(figure.metric)?.label.toLowerCase() ?? figure.metric} would miss the ${E.replace(/_/g, ' ')} rows with none at all: ask for those with none separately.`;
      if (holder.length || columns.some((c) => c.timeDimension)) {
        a.providesMetric = true;
        const reason = fewest;
        return { construction: 'superlative lookup', apply: () => reason };
      }
    }
    // what the question says again after the ranking ("Show the platform length", "and what is the rating")
    const repeats: Item[] = [];
    for (let k = Math.max(anchor.k, measureAt) + 1; k < items.length; k++) {
      const it = items[k]!;
      if (it.kind !== 'lex' || it === entityItem) continue;
      if (isFigure(model, it, figure)) {
        repeats.push(it);
        // ("the smallest state by area": the figure named after "by" is the one ranked)
        if (items[k - 1]?.lower === 'by' && k - 1 > anchor.k) repeats.push(items[k - 1]!);
        continue;
      }
      const c = columnItem(lex, model, E, it);
      if (c && !entriesOf(it, 'metric').length) columns.push(c);
    }

    // "..., ordered by the number of papers (in descending order)": the figure named again after the
    // ordering keyword restates the ranking (any other order is no lookup)
    const restated: Item[] = [];
    if (sorts.length) {
      const k = items.indexOf(sorts[0]!);
      const count = items[k + 1]?.kind === 'kw' && items[k + 1]!.kw === 'count' ? items[k + 1] : undefined;
      const again = items[k + (count ? 2 : 1)];
      if (!again || !isFigure(model, again, figure) || (count && !figure.metric)) return null;
      restated.push(sorts[0]!, ...(count ? [count] : []), again);
    }
    // 5. an order spelled out: the superlative's own direction ("sorted in ascending order", "from longest to shortest")
    const orderKws = items.filter((it) => it.kind === 'kw' && (it.kw === 'asc_word' || it.kw === 'desc_word'));
    if (orderKws.some((it) => (it.kw === 'asc_word' ? 'asc' : 'desc') !== anchor.dir)) return null;
    const orderWords: Item[] = [...orderKws];
    for (const kw of orderKws) {
      const k = items.indexOf(kw);
      if (items[k - 1]?.kind === 'word' && ORDER_VERBS.has(items[k - 1]!.lower)) orderWords.push(items[k - 1]!);
      // "from highest to lowest altitude": the figure named again after the run
      const nx = items[k + 1];
      if (
        nx &&
        (nx.kind === 'word' || nx.kind === 'lex') &&
        !nx.used &&
        figure.column &&
        words(nx.lower).every((w) => words(figure!.column!).includes(w))
      )
        orderWords.push(nx);
    }

    // 6. "in metres": the unit the figure's own column is kept in (a conversion is never skipped)
    const unitWords: Item[] = [];
    for (let k = 0; k < items.length; k++) {
      const u = unitAt(items, k);
      if (!u) continue;
      const col = figure.column ?? columnOf(model.measures.find((m) => m.name === figure!.metric)?.sql);
      const owner = figure.metric ? lex.metrics.get(figure.metric)?.entity : E;
      if (!col || !unitFits(model, owner, col, u.unit)) return null;
      unitWords.push(...u.items);
    }

    // 7. how many: "the 3 longest", a singular thing (one), a plural with its order spelled out (all)
    let limit: number | undefined = n;
    if (limit === undefined && !run) {
      // ("writers with the lowest age": things WITH the extreme are the ones holding it, every one tied)
      const holding = items.slice(head + 1, open).some((it) => it.kind === 'word' && HOLDING_WORDS.has(it.lower));
      if (!entityItem.plural || (holding && !orderKws.length && !restated.length)) limit = 1;
      else if (!orderKws.length && !restated.length) return null;
    }

    // nothing else may be read as a metric, a breakdown or a mention of another thing
    repeats.push(...repeatsBefore);
    const mine = new Set<Item>([
      entityItem,
      sup,
      ...(degree ? [degree] : []),
      ...figureItems,
      ...repeats,
      ...columns.map((c) => c.item),
      ...orderWords,
      ...unitWords,
      ...restated,
      ...qualifiers,
      ...holderItems,
    ]);
    if (a.metrics.some((m) => !mine.has(m.item))) return null;
    if (a.groups.some((g) => !mine.has(items[g.pos]!))) return null;
    if (a.dimMentions.some((d) => !mine.has(d.item))) return null;
    // a value stored in several columns is read in the ranked thing's own column, else in the one column
    // of a thing each member has one of ("the largest city in Ontario": the city's state, not another table's)
    const readings = new Map<(typeof a.values)[number], LexEntry[]>();
    for (const v of a.values) {
      const of = (e: LexEntry) => lex.dimensions.get(e.target)?.entity;
      const own = v.entries.filter((e) => of(e) === E);
      const owned = v.entries.filter((e) => ownedBy(model, E, of(e)));
      // ("the paper by Ada with the most citations": members with such a row, when the figure is the member's
      // own highest or lowest value, which the rows joined beside it cannot change)
      const linked = v.entries.filter((e) => linkedOnce(model, E, of(e)));
      const pick = own.length ? own : owned.length ? owned : fanOutSafe(lex, figure) ? linked : [];
      if (new Set(pick.map((e) => e.target)).size !== 1) return null;
      readings.set(v, pick);
    }
    for (const [v, pick] of readings) v.entries = pick;
    a.metrics = [];
    a.groups = [];
    a.dimMentions = [];
    a.superlatives = [];
    a.rankingKeywords = a.rankingKeywords?.filter((k) => !mine.has(k) && k !== sup);
    a.providesMetric = true;
    const entity = E;
    const fig = figure;
    const consumed = [
      entityItem,
      sup,
      degree,
      countKw,
      aggWord,
      ...restated,
      ...numItems,
      ...links,
      ...figureItems,
      ...repeats,
      ...columns.flatMap((c) => [c.item, ...(c.also ?? [])]),
      ...orderWords,
      ...unitWords,
      ...extra,
      ...holderItems,
      // (the things named beside their values: "the Leeds depot")
      ...qualifiers.filter((it) => entriesOf(it, 'entity').length),
    ];
    return {
      construction: 'superlative lookup',
      apply(query, notes) {
        return lookupQuery(query, notes, {
          lex,
          model,
          entity,
          figure: fig,
          dir: anchor.dir,
          limit,
          one: n === undefined && limit === 1,
          columns: [...columns, ...holder],
          consumed,
          a,
          ...(fewest ? { fewest } : {}),
        });
      },
    };
  },
};

/**
 * Whether a column of `owner` is one value per member of `entity`: its own, or of a thing each member
 * has one of (a to-one path: a customer's nation), so a filter on it keeps whole members.
 */
function ownedBy(model: SemanticModel, entity: string, owner: string | undefined): boolean {
  return !!owner && (owner === entity || !!joinGraph(model).path(entity, owner));
}

/** Rows of `owner` relate to the members of `entity` in one way only (a paper's authors through who wrote it). */
function linkedOnce(model: SemanticModel, entity: string, owner: string | undefined): boolean {
  return !!owner && owner !== entity && shortestJoinPaths(model, entity, owner).count === 1;
}

/** The figure is a member's own highest or lowest value (or its column): rows joined beside it never change it. */
function fanOutSafe(lex: Lexicon, figure: Figure): boolean {
  if (figure.related) return false;
  // (a measure of the member's own column is then read per row, as a row attribute: `lookupQuery`)
  return !!figure.dimension || (!!figure.metric && !!figure.column);
}

/**
 * A run of values right before `b` (walking left): "in FRANCE", "of brand X", "in the BUILDING
 * segment", with prepositions, articles and the values' own column names; where it opens on the
 * thing, that thing's position and the run's lex items. At least one value; every column named is
 * a value's own; every value can be read in a column of what each member of the thing has one of.
 */
function qualifierRun(items: Item[], b: number, lex: Lexicon, model: SemanticModel): { at: number; items: Item[] } | undefined {
  const run: Item[] = [];
  let q = b;
  while (q >= 0) {
    const it = items[q]!;
    const entities = it.kind === 'lex' ? entriesOf(it, 'entity') : [];
    if (it.kind === 'lex' && !entities.length && (entriesOf(it, 'value').length || entriesOf(it, 'dimension').length)) {
      run.push(it);
      q--;
      continue;
    }
    // "in the Leeds depot", "of depot Leeds": the thing a value names a member of, beside it, says what the value is
    if (entities.length && !entriesOf(it, 'value').length && [items[q - 1], items[q + 1]].some((v) => namesMemberOf(lex, v, entities))) {
      run.push(it);
      q--;
      continue;
    }
    // ("the video from 2020 in X with the most views": a period among them is the query's; "written by X":
    // the verb before the agent is the linking verb's to read, consumed only when the model relates the two in one way)
    if (it.kind === 'time' || (items[q + 1]?.lower === 'by' && mayLink(lex, it))) {
      q--;
      continue;
    }
    // ("by" is also a grouping keyword: here it names who the rows are of)
    if ((it.kind === 'word' || it.kind === 'kw') && ['in', 'from', 'of', 'at', 'by', 'the'].includes(it.lower)) {
      q--;
      continue;
    }
    break;
  }
  const values = run.filter((it) => entriesOf(it, 'value').length);
  if (!values.length) return undefined;
  const E = entityOf(lex, items[q]);
  if (!E) return undefined;
  const valueDims = new Set(values.flatMap((v) => entriesOf(v, 'value').map((e) => e.target)));
  for (const it of run) {
    if (entriesOf(it, 'value').length) {
      const of = (e: LexEntry) => lex.dimensions.get(e.target)?.entity;
      if (!entriesOf(it, 'value').some((e) => ownedBy(model, E, of(e)) || linkedOnce(model, E, of(e)))) return undefined;
    } else if (!entriesOf(it, 'dimension').some((e) => valueDims.has(e.target))) return undefined;
  }
  return { at: q, items: run };
}

/**
 * The figure a participle ranks the members of `entity` by ("the most cited paper", "the least rented bike"):
 * the thing's one number column its verb names ("citation_count", "times_rented"), else how many rows of the
 * one other thing its verb names belong to each member ("rentals" of "rented"), along the model's one path,
 * whose key names no other form of the verb ("citing_id": each row would be of the member citing, not cited).
 * None, or more than one: no figure; a key naming another form: the refusal.
 */
function participleFigure(lex: Lexicon, model: SemanticModel, participle: string, entity: string | undefined): Figure | string | undefined {
  const verb = /(ed|en)$/.test(participle) ? verbOf(participle) : undefined;
  if (!entity || !verb) return undefined;
  const named = (names: string[]) => verbNamesDate(verb, new Set(names)) || names.includes(participle);
  const own = ownNumberColumns(model, entity).filter((c) => named(words(c)));
  const stem = verb.replace(/e$/, '');
  const related = model.entities.filter((r) => {
    if (r.name === entity || !named([...words(r.name), ...words(r.table ?? '').map((w) => w.replace(/s$/, ''))])) return false;
    const path = joinGraph(model).path(r.name, entity);
    return !!path?.length && shortestJoinPaths(model, entity, r.name).count === 1;
  });
  if (own.length + related.length !== 1) return undefined;
  if (own.length) return ownFigure(model, entity, own[0]!);
  const keys = joinGraph(model)
    .path(related[0]!.name, entity)![0]!
    .on.map(([key]) => key)
    .filter((key) => words(key).some((w) => w.startsWith(stem) && !w.startsWith(participle)));
  if (keys.length)
    return `"${participle}": each ${related[0]!.name.replace(/_/g, ' ')} row is of the ${entity.replace(/_/g, ' ')} in "${keys[0]}", not of the one ${participle}.`;
  const counted = countMetricOfEntities(lex, [related[0]!.name]);
  return counted ? { metric: counted, related: true } : undefined;
}

/** `v` is a value of the naming dimension of one of the things `entities` names. */
function namesMemberOf(lex: Lexicon, v: Item | undefined, entities: LexEntry[]): boolean {
  const owners = v?.kind === 'lex' ? entriesOf(v, 'value').map((e) => lex.dimensions.get(e.target)) : [];
  return (
    owners.length > 0 &&
    owners.every((d) => !!d && entities.some((e) => e.target === d.entity) && dimensionOfEntity(lex, d.entity) === d.name)
  );
}

/** "the number of" right before the figure it counts ("the highest number of citations"). */
function isCountOfFigure(items: Item[], kw: Item): boolean {
  const k = items.indexOf(kw);
  const before = items[k - 1];
  return !!before && before.kind === 'kw' && (before.kw === 'desc' || before.kw === 'asc') && items[k + 1]?.kind === 'lex';
}

/** An item naming the figure again: its metric, another measure of its column, or its dimension. */
function isFigure(model: SemanticModel, it: Item, figure: Figure): boolean {
  if (it.kind !== 'lex' || entriesOf(it, 'value').length) return false;
  const metrics = entriesOf(it, 'metric');
  if (figure.metric) return metrics.length > 0 && metrics.every((e) => e.target === figure.metric || sameColumn(model, e.target, figure));
  return (
    entriesOf(it, 'dimension').some((e) => e.target === figure.dimension) ||
    (metrics.length > 0 && metrics.every((e) => sameColumn(model, e.target, figure)))
  );
}

/** Another measure of the same column of the thing ("citations" and "the highest citation number"). */
function sameColumn(model: SemanticModel, metric: string, figure: Figure): boolean {
  if (!figure.column) return false;
  const m = model.measures.find((x) => x.name === metric);
  return !!m && !m.filter && columnOf(m.sql) === figure.column;
}

/**
 * A word of a sense naming the figure's own column ("the size of the largest depot": its floor area, "the height of
 * the highest peak": its altitude): the one column of the thing its word names, else the one each of its senses names.
 */
function namesSenseOf(model: SemanticModel, entity: string, it: Item, figure: Figure): boolean {
  if (it.kind !== 'word' || !figure.column) return false;
  const cols = ownNumberColumns(model, entity);
  const named = cols.filter((c) => words(c).includes(it.lower));
  if (named.length) return named.length === 1 && named[0] === figure.column;
  // (every sense of the word names that column: "population" of a thing with only a floor area is no size)
  const senses = sensesOfNoun(it.lower);
  return (
    senses.length > 0 &&
    senses.every((ws) => {
      const fits = columnsOfSense(cols, ws);
      return fits.length === 1 && fits[0] === figure.column;
    })
  );
}

const FIGURE_AGGREGATES = new Set([
  'total',
  'average',
  'avg',
  'mean',
  'sum',
  'maximum',
  'max',
  'minimum',
  'min',
  'highest',
  'lowest',
  'number',
  'count',
]);
/** Another figure of the thing's own column asked of the member ("the bays of the largest depot"): shown per row. */
function ownColumnFigure(lex: Lexicon, model: SemanticModel, entity: string, it: Item): Column | undefined {
  if (it.kind !== 'lex' || entriesOf(it, 'value').length || entriesOf(it, 'dimension').length) return undefined;
  // (a figure said with its aggregation, "the total length of", is a second figure: not read here)
  if (FIGURE_AGGREGATES.has(it.lower.split(' ')[0]!)) return undefined;
  const metrics = entriesOf(it, 'metric').map((e) => model.measures.find((m) => m.name === e.target));
  const cols = new Set(metrics.map((m) => (m?.entity === entity && !m.filter ? columnOf(m.sql) : undefined)));
  const col = cols.size === 1 ? [...cols][0] : undefined;
  const own = col ? ownFigure(model, entity, col) : undefined;
  return own?.metric ? { item: it, dimension: own.metric } : undefined;
}

/** Unit words that name a thing's one date as a column ("the title and year of the film"), and the bucket each shows. */
const DATE_UNIT_COLUMNS: Readonly<Record<string, 'day' | 'year'>> = { date: 'day', year: 'year' };

/**
 * "the full name of the driver who ...", "the driver that ...": the columns named of the thing at `at` (its
 * owner), with the words read ("of the", "full"); none named, none (its members are shown). Undefined when
 * something before the thing is not such a list.
 */
function holderColumns(
  lex: Lexicon,
  model: SemanticModel,
  owner: string,
  items: Item[],
  at: number,
): { columns: Column[]; items: Item[] } | undefined {
  let b = at - 1;
  const read: Item[] = [];
  while (b >= 0 && ['the', 'a', 'an'].includes(items[b]!.lower)) read.push(items[b--]!);
  if (b < 0 || !['of', 'for'].includes(items[b]!.lower)) return { columns: [], items: [] };
  read.push(items[b--]!);
  const columns: Column[] = [];
  for (; b >= 0; b--) {
    const it = items[b]!;
    if (
      (it.kind === 'word' && ['the', 'and', 'its', 'their', 'his', 'her'].includes(it.lower)) ||
      (it.kind === 'punct' && it.lower === ',')
    ) {
      read.push(it);
      continue;
    }
    if (it.kind === 'word' && WHOLE_NAME.has(it.lower) && columns[0]?.word === 'name' && items[b + 1] === columns[0].item) {
      read.push(it);
      continue;
    }
    const c = columnItem(lex, model, owner, it) ?? ownColumnFigure(lex, model, owner, it);
    if (!c) break;
    columns.unshift({ ...c, owner });
    read.push(it);
  }
  return columns.length ? { columns, items: read } : undefined;
}

/** A column of the thing an item names: one of its dimensions or dates, or "name"/"title"/"id". */
function columnItem(lex: Lexicon, model: SemanticModel, entity: string, it: Item): Column | undefined {
  if (it.kind === 'word' && NAME_WORDS.has(it.lower)) return { item: it, word: 'name' };
  // ("the year of the film with the most rentals": the thing's one date, at that unit; none or several: no column)
  if (it.kind === 'grain' && DATE_UNIT_COLUMNS[it.lower]) {
    const own = model.time_dimensions.filter((t) => t.entity === entity);
    const grain = DATE_UNIT_COLUMNS[it.lower]!;
    return own.length === 1 && own[0]!.grains.includes(grain) ? { item: it, timeDimension: own[0]!.name, grain } : undefined;
  }
  if (it.kind === 'word' && ID_WORDS.has(it.lower)) return { item: it, word: 'id' };
  if (it.kind !== 'lex' || entriesOf(it, 'value').length) return undefined;
  const dims = entriesOf(it, 'dimension').filter((e) => lex.dimensions.get(e.target)?.entity === entity);
  if (dims.length === 1) return { item: it, dimension: dims[0]!.target };
  // ("name" the model gives other things' columns as a synonym: still the thing's own name)
  if (!dims.length && NAME_WORDS.has(it.lower)) return { item: it, word: 'name' };
  const tds = entriesOf(it, 'time_dimension').filter((e) => model.time_dimensions.find((t) => t.name === e.target)?.entity === entity);
  if (tds.length === 1 && (it.entries ?? []).every((e) => e.kind === 'time_dimension')) return { item: it, timeDimension: tds[0]!.target };
  return undefined;
}

interface Parts {
  lex: Lexicon;
  model: SemanticModel;
  entity: string;
  figure: Figure;
  dir: 'asc' | 'desc';
  limit?: number;
  /** One was asked for ("the longest river", no number): rows tied with it are kept. */
  one?: boolean;
  columns: Column[];
  consumed: (Item | undefined)[];
  a: Analysis;
  /** Ranked lowest first by a count of related rows: every member, those with none too (else this refusal). */
  fewest?: string;
}

function lookupQuery(query: SemanticQuery, notes: string[], p: Parts): SemanticQuery | string {
  const { lex, model, entity: E, figure } = p;
  const them = E.replace(/_/g, ' ');
  const label = (d: string) => (lex.dimensions.get(d)?.label ?? lex.timeDimensions.get(d)?.label ?? d).toLowerCase();
  if (
    query.metrics.length ||
    query.group_by.length ||
    query.metric_filters.length ||
    query.distinct_counts?.length ||
    query.per_entity_averages?.length ||
    query.subset_metrics?.length ||
    query.ratios?.length ||
    query.entity_conditions?.length ||
    query.period_counts?.length ||
    query.comparison ||
    query.share_of_total.length
  )
    return `Ranking ${them} by one figure cannot also compute another total: ask one at a time.`;
  const whose = (f: { dimension: string }) => lex.dimensions.get(f.dimension)?.entity;
  if (query.filters.some((f) => !ownedBy(model, E, whose(f)) && !(fanOutSafe(lex, figure) && linkedOnce(model, E, whose(f)))))
    return `A filter on related rows beside a ranking of ${them} is ambiguous: say whose it is.`;
  // (a figure of the members' own rows is dated by their one date, when they have one)
  const ownDate = figure.metric && !figure.related ? onlyDateOf(model, E) : undefined;
  const datedByOwn =
    !!ownDate &&
    lex.metrics.get(figure.metric!)?.timeBound &&
    model.measures.find((m) => m.name === figure.metric)?.time_dimension === ownDate;
  if (query.time_range && !datedByOwn && !(figure.metric && figure.related && lex.metrics.get(figure.metric)?.timeBound))
    return `The period "${query.time_range.label ?? ''}" says no date of the ${them} ranked: ask without it or name the date.`;
  const key = keyDimension(model, E);
  if (!key) return `The ${them} cannot be ranked one by one: the data model has no dimension holding their key.`;
  const dims: GroupBy[] = [];
  const add = (g: GroupBy) => {
    if (!dims.some((x) => x.dimension === g.dimension)) dims.push(g);
  };
  add({ dimension: key });
  // nothing named: the member's key and names ("first name", "last name": one row each anyway)
  if (!p.columns.length) {
    const names = nameCandidates(model, lex, E);
    for (const d of names.length > 1 && names.length <= 3 ? names : memberColumns(model, lex, E)) add({ dimension: d });
  }
  for (const c of p.columns) {
    const owner = c.owner ?? E;
    if (c.word === 'id') {
      if (owner !== E) add({ dimension: keyDimension(model, owner) ?? key });
      continue;
    }
    if (c.word === 'name') {
      const names = nameCandidates(model, lex, owner);
      const titled = c.item.lower.startsWith('title')
        ? names.filter((n) => words(model.dimensions.find((d) => d.name === n)?.sql ?? '').includes('title') || words(n).includes('title'))
        : names;
      // (a person's first and last names are together their name)
      const pick = titled.length === 1 ? titled : (personName(model, lex, names) ?? names);
      if (pick.length !== 1 && !personName(model, lex, pick))
        return pick.length
          ? `"${c.item.text}" of ${them} could be ${pick.map((n) => `"${label(n)}"`).join(' or ')}: name the one to show.`
          : `The ${them} have no name in the data model, so "${c.item.text}" cannot be shown.`;
      for (const n of pick) add({ dimension: n });
    } else if (c.timeDimension) {
      const td = model.time_dimensions.find((t) => t.name === c.timeDimension)!;
      add({ dimension: td.name, grain: c.grain ?? (td.grains.includes('day') ? 'day' : td.grains[0]) });
    } else if (c.dimension) add({ dimension: c.dimension });
  }
  // members kept by rows they have many of ("the paper by Ada"): the figure is each member's own value,
  // read per row (a row attribute), so the rows joined to keep them never add up into it
  const perRow = !!figure.metric && !figure.related && query.filters.some((f) => !ownedBy(model, E, whose(f)));
  const by = figure.metric ?? figure.dimension!;
  if (figure.dimension || perRow) add({ dimension: by });
  // (members with none are listed from the thing's own table: only its own columns can be shown)
  if (p.fewest && dims.some((g) => g.grain || lex.dimensions.get(g.dimension)?.entity !== E)) return p.fewest;
  consume(...p.consumed);
  for (const it of p.consumed) if (it) it.used = true;
  notes.push(`${p.dir === 'desc' ? 'Highest' : 'Lowest'} ${p.limit ?? 'all'} ${them} by ${lex.metrics.get(by)?.label ?? label(by)}`);
  if (p.fewest) notes.push(`Members with no ${(lex.metrics.get(by)?.label ?? by).toLowerCase()} are included (counted 0)`);
  return {
    ...query,
    metrics: figure.metric && !perRow ? [figure.metric] : [],
    group_by: dims,
    order: [{ by, direction: p.dir }],
    ...(p.limit !== undefined ? { limit: p.limit } : {}),
    // "the longest river": the one, or every one tied for it
    ...(p.limit === 1 && p.one ? { with_ties: true } : {}),
    ...(p.fewest ? { include_empty_members: true } : {}),
  };
}

/**
 * Dated verbs: "treatments started in 2023", "customers who joined in the past 70 days", "how many
 * trips ended last month". A verb right before a period, whose lemma is a word of the label (or the
 * column name) of exactly one time dimension of the thing named before it ("started" and the
 * treatment's "Start date", "joined" and the customer's "Join date"), says which date the period
 * applies to: it dates the question by that time dimension (`a.dating`, as when the date is named).
 * It is consumed only when the built query's period is dated by that time dimension (a metric the
 * date cannot date drops it, and the question is refused as before). Two time dimensions of the
 * thing the verb could name ("started": a start date and a start time), none, a thing named before
 * it that is not one entity, or another date already named: the verb stays unconsumed.
 */
import type { SemanticModel } from '../../semantic/model.js';
import type { Lexicon } from '../lexicon.js';
import { consume, entriesOf, type Item } from '../spans.js';
import { verbOf } from '../text.js';
import { isStamp, isYearColumn, verbNamesColumn, verbNamingColumn, yearColumn } from '../year-columns.js';
import { QUANTITY_SUPERLATIVES } from '../spans.js';
import { GENERIC_WORDS, STOPWORDS } from '../words.js';
import type { Construction } from './types.js';

/** Between the thing and its verb: "treatments [that were] started", "customers [who have] joined". */
const BEFORE = new Set([
  'who',
  'that',
  'which',
  'were',
  'was',
  'are',
  'is',
  'have',
  'has',
  'had',
  'been',
  'be',
  'being',
  'first',
  'originally',
]);
/** Between the verb and its period, when the period does not hold it: "joined [in] 2022". */
const AFTER = new Set(['in', 'on', 'during', 'within', 'since', 'after', 'before', 'between', 'from']);

/** The one entity an item names: the thing itself, or the entity of its metrics (all one). */
function thingOf(lex: Lexicon, it: Item | undefined): string | undefined {
  if (it?.kind !== 'lex') return undefined;
  const owners = new Set<string | undefined>([
    ...entriesOf(it, 'entity').map((e) => e.target),
    ...entriesOf(it, 'metric').map((e) => lex.metrics.get(e.target)?.entity),
  ]);
  return owners.size === 1 && !owners.has(undefined) ? [...owners][0] : undefined;
}

/** Words of a time dimension's label and column name ("Treatments start date", `start_dt`). */
export function dateWords(lex: Lexicon, name: string): Set<string> {
  const td = lex.timeDimensions.get(name);
  return new Set(
    [td?.label ?? lex.dimensions.get(name)?.label ?? '', name].flatMap((x) => x.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length > 2),
  );
}

/** Verbs whose date is named by a noun of another stem: "born" and a birth date, "died" and a death date. */
const IRREGULAR_NOUNS: Record<string, string> = { bear: 'birth', die: 'death', sell: 'sale' };
/** Endings that make a noun of a verb: payment, delivery, approval, registration, enrolment, departure. */
const NOUN_ENDINGS = /^(l?ment|a?tion|ion|al|y|ery|ure|ance|ence)$/;

/** The verb names the date: its lemma is a word of it, or that word is the verb's noun ("registered" and "registration"). */
export function verbNamesDate(verb: string, words: Set<string>): boolean {
  if (words.has(verb) || words.has(IRREGULAR_NOUNS[verb] ?? '')) return true;
  const stem = verb.replace(/e$/, '');
  if (stem.length < 3) return false;
  return [...words].some((w) => w.startsWith(stem) && NOUN_ENDINGS.test(w.slice(stem.length)));
}

/** Verbs of a thing coming into being (general English): its only date is when it did. */
export const CREATION_VERBS = new Set([
  'publish',
  'release',
  'create',
  'make',
  'found',
  'establish',
  'build',
  'produce',
  'manufacture',
  'issue',
  'post',
  'launch',
  'record',
  'form',
  'write',
  'compose',
  'paint',
]);

/**
 * The one date of `thing` a verb names: its lemma is a word of the date, or the verb is one of coming into
 * being and the thing has one date, no record stamp ("papers published in 2020"). Undefined: none or several.
 */
export function dateOfVerb(lex: Lexicon, model: SemanticModel, verb: string, thing: string): string | undefined {
  const own = model.time_dimensions.filter((t) => t.entity === thing);
  const named = own.filter((t) => verbNamesDate(verb, dateWords(lex, t.name)));
  if (named.length) return named.length === 1 ? named[0]!.name : undefined;
  // "papers published in 2020", "films released before 1980": a verb of coming into being dates the thing by
  // its only date (a year, often); a record stamp, created_at, says when the row was written down, not when
  // the thing came to be
  const lasting = own.filter((t) => !isStamp(model, t.name));
  return CREATION_VERBS.has(verb) && own.length === 1 && lasting.length === 1 ? lasting[0]!.name : undefined;
}

export const datedVerb: Construction = {
  name: 'dated verb',
  recognise({ items, a, lex, ctx }) {
    if (a.dating) return null;
    for (let k = 1; k < items.length; k++) {
      const it = items[k]!;
      // (a verb of money, "sold", is read here only beside a year the thing keeps: below)
      if ((it.kind !== 'word' && !(it.kind === 'kw' && it.kw === 'money')) || it.used || it.consumed) continue;
      const verb = verbOf(it.lower);
      // (verbs of state too: "cancelled in 2023" with a cancellation date names that date)
      if (!verb) continue;
      // the period right after it
      let q = k + 1;
      if (items[q]?.kind === 'word' && AFTER.has(items[q]!.lower)) q++;
      // ... or a breakdown by a unit of time right after it: "treatments started per month", "members who joined each year"
      // ... or the things a breakdown by a unit of time ranks, right after it: "what year did Ada release the most
      // albums" (the verb names the date, or the year column, the question breaks down by)
      // ... or after them: "which year were the most vehicles built"
      const sup = items[q]?.lower === 'the' ? q + 1 : q;
      const superlative = (at: number) => items[at]?.kind === 'kw' && QUANTITY_SUPERLATIVES.has(items[at]!.lower);
      const plainVerb = !GENERIC_WORDS.has(it.lower) && !STOPWORDS.has(it.lower);
      const last = k === items.length - 1 || items[k + 1]?.kind === 'punct';
      const ranked = !plainVerb
        ? undefined
        : q === k + 1 && superlative(sup)
          ? thingOf(lex, items[sup + 1])
          : last && superlative(k - 2)
            ? thingOf(lex, items[k - 1])
            : undefined;
      // (the unit may be the year column the thing keeps: "built in each year" where "year" names it)
      const unitAt = (at: number) =>
        items[at]?.kind === 'grain' ||
        (items[at]?.kind === 'lex' &&
          entriesOf(items[at]!, 'dimension').some((e) => {
            const d = ctx.model.dimensions.find((x) => x.name === e.target);
            return !!d && isYearColumn(d, lex);
          }));
      const byUnit =
        (q === k + 1 && items[q]?.kind === 'kw' && (items[q]!.kw === 'group' || items[q]!.kw === 'each') && unitAt(q + 1)) || !!ranked;
      if (items[q]?.kind !== 'time' && !byUnit) continue;
      // the thing it says of, right before it
      let p = k - 1;
      while (p > 0 && items[p]!.kind === 'word' && BEFORE.has(items[p]!.lower)) p--;
      const thing = ranked ?? thingOf(lex, items[p]);
      if (!thing) continue;
      const own = ctx.model.time_dimensions.filter((t) => t.entity === thing);
      const named = own.filter((t) => verbNamesDate(verb, dateWords(lex, t.name)));
      const date = dateOfVerb(lex, ctx.model, verb, thing);
      // "films released before 1980" of a thing with no date of its own but a year number column (`release_year`):
      // the verb names that column, or comes-into-being with it; the period becomes conditions on it
      const lasting = own.filter((t) => !isStamp(ctx.model, t.name));
      const year = !named.length && !lasting.length ? yearColumn(ctx.model, thing, lex) : undefined;
      // "albums released each year", "what year did Ada release the most albums": a breakdown by the year the thing keeps
      const byYear = byUnit && year && (a.groups.some((g) => g.dimension === year) || a.grainGroups.some((g) => g.grain === 'year'));
      if (it.kind === 'kw' && !byYear) continue;
      if (byYear) {
        // (a year the thing keeps of itself, `release_year`, is not when any other verb happened: "what year did Ada
        // sell the most albums" is not read)
        const names = CREATION_VERBS.has(verb) || verbNamesColumn(verb, ctx.model, year);
        it.used = true;
        return {
          construction: 'dated verb',
          apply(query, notes) {
            if (!names || !query.group_by.some((g) => g.dimension === year && !g.grain)) {
              it.dropped = true;
              return query;
            }
            consume(it);
            notes.push(`"${it.text}" dates the ${thing.replace(/_/g, ' ')} by their ${year.replace(/_/g, ' ')}`);
            return query;
          },
        };
      }
      if (ranked && !a.groups.some((g) => g.time) && !a.grainGroups.length) continue;
      // (a verb that names the year column itself, "released" of `release_yr`, is read where the
      // period becomes conditions on that column: `verbNamingColumn` in year-columns.ts)
      if (year && CREATION_VERBS.has(verb) && !verbNamingColumn(items, ctx.model, year)) {
        it.used = true;
        const between = q === k + 2 ? items[k + 1] : undefined;
        return {
          construction: 'dated verb',
          apply(query, notes) {
            if (query.time_range || !query.filters.some((f) => f.dimension === year)) {
              it.dropped = true;
              return query;
            }
            consume(it, between);
            notes.push(`"${it.text}" dates the ${thing.replace(/_/g, ' ')} by their ${year.replace(/_/g, ' ')}`);
            return query;
          },
        };
      }
      if (!date) continue;
      const dimension = date;
      a.dating = { dimension, item: it };
      it.used = true;
      const between = q === k + 2 ? items[k + 1] : undefined;
      return {
        construction: 'dated verb',
        apply(query, notes) {
          // not applied: the verb was read (taken from the other rules) but says nothing in the query
          const unread = () => {
            it.dropped = true;
            return query;
          };
          const period = query.time_range;
          if (byUnit) {
            if (!query.group_by.some((g) => g.grain && g.dimension === dimension)) return unread();
            consume(it);
            notes.push(`"${it.text}" dates the breakdown by ${lex.timeDimensions.get(dimension)?.label.toLowerCase() ?? dimension}`);
            return query;
          }
          // ("transactions by customers who joined in 2023": the period became conditions on the members' date)
          if (!period && query.filters.some((f) => f.dimension === dimension)) {
            consume(it, between);
            return query;
          }
          if (!period) return unread();
          // no figure yet (a listing's members, "the patients born before 1980"): the verb's date dates the period
          if (!period.dimension && !query.metrics.length) {
            consume(it, between);
            notes.push(`"${it.text}" dates the period by ${lex.timeDimensions.get(dimension)?.label.toLowerCase() ?? dimension}`);
            return { ...query, time_range: { ...period, dimension } };
          }
          const own = query.metrics.map((m) => lex.metrics.get(m)?.timeDimension);
          const dating =
            period.dimension ?? (own.length && own.every((t) => t === own[0]) ? own[0] : undefined) ?? ctx.model.defaults.time_dimension;
          if (dating !== dimension) return unread();
          consume(it, between);
          notes.push(`"${it.text}" dates the period by ${lex.timeDimensions.get(dimension)?.label.toLowerCase() ?? dimension}`);
          return query;
        },
      };
    }
    return null;
  },
};

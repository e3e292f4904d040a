/**
 * The member that came first or last by one of its own dates: "which employee was hired first",
 * "the most recently hired employee", "the customer with the earliest signup date", "the first 3
 * orders placed in 1996". One thing is named; the date is the one its verb names ("hired" and the
 * hire date, as `dated-verb.ts` reads it), the one named outright, or the thing's only date. The
 * answer lists the member (its key and names) with that date, ordered by it, the first one (or N)
 * kept with ties. A figure, a breakdown, a date that is not the thing's own or one kept only as a
 * year (most members tie): no reading here.
 */
import type { SemanticModel } from '../../semantic/model.js';
import type { GroupBy } from '../../semantic/query.js';
import { dimensionOfEntity, isPeople, keyDimension, nameCandidates, namePart, personName } from '../members.js';
import { consume, entriesOf, type Item } from '../spans.js';
import { verbOf } from '../text.js';
import { CREATION_VERBS, dateOfVerb, dateWords, verbNamesDate } from './dated-verb.js';
import type { Construction } from './types.js';
import { isYearColumn, verbNamesColumn, yearColumn } from '../year-columns.js';

const EARLY = new Set(['first', 'earliest', 'soonest']);
const LATE = new Set(['last', 'latest', 'newest']);
const RECENT = new Set(['recent', 'recently']);
/** A verb that says when a thing with only a year column came to be: one of coming into being, or the column's own. */
const yearVerb = (verb: string, model: SemanticModel, column: string) => CREATION_VERBS.has(verb) || verbNamesColumn(verb, model, column);
/** Age by a birth date: the oldest was born first ("the oldest employee" with no age column). */
const AGED: ReadonlyMap<string, 'asc' | 'desc'> = new Map([
  ['oldest', 'asc'],
  ['eldest', 'asc'],
  ['youngest', 'desc'],
]);
const BIRTH = new Set(['birth', 'born', 'dob', 'birthday', 'birthdate']);
/** Extreme words that rank a thing with no date of its own by its one year column only when they say age or novelty. */
const AGED_FIRST_LAST = new Set(['first', 'last', 'soonest']);

export const dateExtreme: Construction = {
  name: 'date extreme',
  recognise({ items, a, lex, ctx }) {
    const model = ctx.model;
    // the extreme word: "first"/"earliest", "last"/"latest"/"newest", "most recent(ly)"
    let k = items.findIndex(
      (it) => it.kind === 'word' && !it.used && !it.consumed && (EARLY.has(it.lower) || LATE.has(it.lower) || AGED.has(it.lower)),
    );
    let extreme: Item[] = [];
    let direction: 'asc' | 'desc' = 'asc';
    const aged = k >= 0 && AGED.has(items[k]!.lower);
    if (k >= 0) {
      extreme = [items[k]!];
      direction = AGED.get(items[k]!.lower) ?? (EARLY.has(items[k]!.lower) ? 'asc' : 'desc');
    } else {
      k = items.findIndex((it, i) => it.kind === 'kw' && /^(the )?most$/.test(it.lower) && RECENT.has(items[i + 1]?.lower ?? ''));
      if (k < 0) return null;
      extreme = [items[k]!, items[k + 1]!];
      direction = 'desc';
    }
    // no figure, breakdown or comparison of its own: the member is what is asked for
    if (a.cmps.length || a.superlatives.some((s) => !extreme.includes(items[s.pos]!))) return null;
    // "the first 3 orders", "the 3 earliest orders": how many
    // (a number beside it the superlative already took, "the 10 most recent", is that count too;
    // any other number there is no reading: one member would answer a question about several)
    const beside = [items[k + extreme.length], items[k - 1]].filter((o) => o?.kind === 'num');
    const n = beside.find((o) => !o!.used);
    const taken = a.superlatives.find((s) => extreme.includes(items[s.pos]!) && s.n !== undefined)?.n;
    const counted = n?.num ?? (beside.length ? taken : undefined);
    if (beside.length && counted === undefined) return null;
    if (counted !== undefined && !(Number.isInteger(counted) && counted > 0 && counted <= 100)) return null;
    const limit = counted ?? 1;
    const nums = (counted !== undefined ? beside : []) as Item[];

    // the one thing named (the thing itself, or its count)
    const things = items.filter(
      (it) =>
        it.kind === 'lex' &&
        !entriesOf(it, 'value').length &&
        !entriesOf(it, 'time_dimension').length &&
        (entriesOf(it, 'entity').length > 0 || entriesOf(it, 'metric').some((e) => lex.metrics.get(e.target)?.agg === 'count')),
    );
    const owners = new Set(
      things.flatMap((it) => [
        ...entriesOf(it, 'entity').map((e) => e.target),
        ...entriesOf(it, 'metric')
          .filter((e) => lex.metrics.get(e.target)?.agg === 'count')
          .map((e) => lex.metrics.get(e.target)?.entity ?? ''),
      ]),
    );
    if (things.length !== 1 || owners.size !== 1 || owners.has('')) return null;
    // ("which employee was hired most recently": the thing ranked is the one named, no other breakdown)
    // (and said in the singular: "which nurses were hired most recently" does not say how many)
    if (a.groups.some((g) => items[g.pos] !== things[0] || (things[0]!.plural && counted === undefined))) return null;
    const E = [...owners][0]!;
    let own = model.time_dimensions.filter((t) => t.entity === E);
    if (aged) {
      // (an age column of its own is the superlative lookup's: "oldest" by its sense)
      const ageColumn = [...model.dimensions, ...model.measures].some(
        (x) => x.entity === E && /(^|[._"`])age(_\w+)?["`]?$/i.test(x.sql?.trim() ?? ''),
      );
      if (ageColumn) return null;
      own = own.filter((t) => [...dateWords(lex, t.name)].some((w) => BIRTH.has(w)));
      if (own.length > 1) return null;
    }
    // no date of its own: its one year column ("the oldest band" by its founding year, "the newest
    // film" by its release year); first/last there would be no one member (most share a year), unless a
    // member of another thing is named ("Ada's first album": the ones of her first year)
    // (a value between the extreme word and the thing qualifies the thing, "the first Machine Learning paper":
    // no member of another thing is named, so no one member's first year)
    const thingAt = items.indexOf(things[0]!);
    const ofMember = a.values.some((v) => !v.negated && !(v.pos > k && v.pos < thingAt)) && !things[0]!.plural;
    const firstLast = AGED_FIRST_LAST.has(items[k]!.lower);
    // ("which venue opened first", "the depot founded most recently": the verb names the year column, of
    // several too, and says whose first it is; ties kept)
    const verbs = items.filter((it) => it.kind === 'word' && !it.consumed && !!verbOf(it.lower));
    const years = own.length ? [] : model.dimensions.filter((d) => d.entity === E && isYearColumn(d, lex));
    // (of several, only a verb the column is named after: "founded" of `founded` beside `first_toured`)
    const says = (verb: string, column: string) =>
      years.length === 1 ? yearVerb(verb, model, column) : verbNamesColumn(verb, model, column);
    const yearVerbs = years.flatMap((d) => verbs.filter((v) => says(verbOf(v.lower)!, d.name)).map((v) => ({ d, v })));
    const byVerb = new Set(yearVerbs.map((x) => x.d.name)).size === 1 ? yearVerbs[0] : undefined;
    const yearOnly = own.length ? undefined : (byVerb?.d.name ?? (!firstLast || ofMember ? yearColumn(model, E, lex) : undefined));
    if (!own.length && !yearOnly) return null;
    // "the oldest performer": a person's age is from their birth, never from a debut or a joining year
    if (aged && yearOnly && isPeople(lex, model, E) && ![...dateWords(lex, yearOnly)].some((w) => BIRTH.has(w))) return null;
    // "the oldest bands": how many is not said
    if (yearOnly && things[0]!.plural && counted === undefined) return null;

    // its date: named outright, the one its verb names, or its only one
    const namedDates = items.filter(
      (it) => it.kind === 'lex' && entriesOf(it, 'time_dimension').some((e) => own.some((t) => t.name === e.target)),
    );
    let dateItems: Item[] = [];
    let T: string | undefined = yearOnly;
    if (yearOnly) {
      // (the year column named outright is this reading's: "the oldest band by founded year")
      dateItems = items.filter((it) => it.kind === 'lex' && !it.consumed && entriesOf(it, 'dimension').some((e) => e.target === yearOnly));
      // ("Ada's first album released": a verb of its coming into being, or the one the column is named after)
      const verb = byVerb?.v ?? verbs.find((it) => yearVerb(verbOf(it.lower)!, model, yearOnly));
      if (verb) dateItems.push(verb);
    } else if (namedDates.length === 1) {
      T = entriesOf(namedDates[0]!, 'time_dimension').find((e) => own.some((t) => t.name === e.target))!.target;
      dateItems = namedDates;
    } else if (namedDates.length === 0) {
      const verbs = items.filter((it) => it.kind === 'word' && !it.consumed && !!verbOf(it.lower));
      for (const v of verbs) {
        const verb = verbOf(v.lower)!;
        // ("written" of a paper's only date: a verb of its coming into being)
        const named = own.filter((t) => verbNamesDate(verb, dateWords(lex, t.name)));
        const date = named.length ? (named.length === 1 ? named[0]!.name : undefined) : dateOfVerb(lex, model, verb, E);
        if (date) {
          T = date;
          dateItems = [v];
          break;
        }
      }
      // (no verb naming one of its dates: its only date)
      if (!T && own.length === 1) T = own[0]!.name;
    }
    if (!T || (a.dating && a.dating.dimension !== T)) return null;
    const dimension = T;
    // a date kept only as a year (or month) ties most members: "the first paper" is no one member there, but
    // "Ada's first paper", "the most recent paper" are those of the first or last year (ties kept)
    const grains = model.time_dimensions.find((t) => t.name === T)?.grains ?? ['day'];
    const coarse = !yearOnly && !grains.includes('day') ? (grains.at(-1) as 'year' | 'month' | undefined) : undefined;
    if (coarse && (!/^(year|month)$/.test(coarse) || (firstLast && !ofMember))) return null;

    // the member's key and names
    const naming = dimensionOfEntity(lex, E);
    const key = keyDimension(model, E);
    const candidates = nameCandidates(model, lex, E);
    const parts = candidates.filter((c) => namePart(model, lex, c));
    const names = naming && naming !== key ? [naming] : (personName(model, lex, parts) ?? (candidates.length === 1 ? candidates : []));
    const columns = [...(key && !names.includes(key) ? [key] : []), ...names];
    if (!columns.length) return null;
    const thing = things[0]!;
    // ("hired most recently": the extreme words are this reading's, no ranking by a figure of the general rules)
    a.superlatives = a.superlatives.filter((s) => !extreme.includes(items[s.pos]!));
    // (\"which venue opened most recently\": the venue's name is asked for, no figure)
    if (yearOnly && a.groups.length) a.providesMetric = true;
    return {
      construction: 'date extreme',
      apply(query, notes) {
        if (query.metrics.some((m) => lex.metrics.get(m)?.entity !== E || lex.metrics.get(m)?.agg !== 'count')) return query;
        consume(...extreme, ...nums, ...dateItems, thing);
        for (const it of [...extreme, ...dateItems, thing, ...nums]) it.used = true;
        const label = (lex.timeDimensions.get(dimension) ?? lex.dimensions.get(dimension))?.label.toLowerCase() ?? dimension;
        notes.push(`The ${limit === 1 ? '' : `${limit} `}${direction === 'asc' ? 'earliest' : 'latest'} by ${label}, ties kept`);
        // the columns a listing of the thing asked for ("the first name of the employee hired last"), else its key and names
        const asked = query.group_by.filter((g) => !g.grain && g.dimension !== dimension && lex.dimensions.get(g.dimension)?.entity === E);
        // ("which employee ...": the key a listing of the thing gives, its names beside it)
        const named = asked.length && !asked.every((g) => g.dimension === key);
        const group_by: GroupBy[] = [
          ...(named ? asked : columns.map((c) => ({ dimension: c }))),
          yearOnly ? { dimension } : { dimension, grain: coarse ?? 'day' },
        ];
        return {
          ...query,
          metrics: [],
          group_by,
          order: [{ by: dimension, direction }],
          limit,
          with_ties: true,
          share_of_total: [],
        };
      },
    };
  },
};

/**
 * "the earliest charge date of each member", "the most recent order date per region", "for each
 * customer, the last payment date": the first or last value of one date per group of a breakdown
 * (`column_aggregates` of the date, min or max). The date is one time dimension named right after
 * the extreme word; the breakdown is the general rules' (its things must be reached from the date's
 * rows to-one, which the compiler checks). A number beside it ("the 3 latest dates": which three
 * rows?), no breakdown (one value: `extreme` in the single-table reading), a time breakdown (the
 * date's own buckets), or a phrase naming several dates: no reading here.
 */
export const dateExtremeOfEach: Construction = {
  name: 'date extreme of each',
  recognise({ items, a, lex }) {
    const k = items.findIndex(
      (it, i) =>
        !it.consumed &&
        ((it.kind === 'word' && !it.used && (EARLY.has(it.lower) || LATE.has(it.lower))) ||
          (it.kind === 'kw' && /^(the )?most$/.test(it.lower) && RECENT.has(items[i + 1]?.lower ?? ''))),
    );
    if (k < 0) return null;
    const extreme = items[k]!.kind === 'kw' ? [items[k]!, items[k + 1]!] : [items[k]!];
    const date = items[k + extreme.length];
    if (!date || date.kind !== 'lex' || date.consumed) return null;
    const tds = [...new Set(entriesOf(date, 'time_dimension').map((e) => e.target))];
    if (tds.length !== 1 || entriesOf(date, 'metric').length || entriesOf(date, 'entity').length) return null;
    if ([items[k - 1], items[k + extreme.length + 1]].some((o) => o?.kind === 'num')) return null;
    if (!a.groups.some((g) => items[g.pos] !== date) || a.grainGroups.length) return null;
    const T = tds[0]!;
    const agg: 'min' | 'max' = EARLY.has(extreme[0]!.lower) ? 'min' : 'max';
    // the date and its extreme are this reading's: no superlative, dated period or column of the general rules
    a.superlatives = a.superlatives.filter((s) => !extreme.includes(items[s.pos]!));
    if (a.dating?.item === date) a.dating = undefined;
    a.dimMentions = a.dimMentions.filter((d) => d.item !== date);
    a.unknown = a.unknown.filter((u) => !extreme.includes(u));
    a.providesMetric = true;
    return {
      construction: 'date extreme of each',
      apply(query, notes) {
        if (!query.group_by.length || query.group_by.some((g) => g.grain || g.dimension === T)) return query;
        const td = lex.timeDimensions.get(T)!;
        const label = `${agg === 'min' ? 'Earliest' : 'Latest'} ${td.label.toLowerCase()}`;
        const name = `${agg === 'min' ? 'earliest' : 'latest'}_${T}`;
        if (query.metrics.includes(name) || query.group_by.some((g) => g.dimension === name)) return query;
        consume(...extreme, date);
        for (const it of [...extreme, date]) it.used = true;
        notes.push(`${label} of each group (rows with no ${td.label.toLowerCase()} left out)`);
        return { ...query, column_aggregates: [...(query.column_aggregates ?? []), { name, of: T, agg, label }] };
      },
    };
  },
};

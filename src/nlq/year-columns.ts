/**
 * Years stored as numbers: a thing with a number column that holds a year ("year", "model_year",
 * "yr", "year_reg") read by a period of whole years ("cars from 2021", "before 2019", "in 2014 or
 * 2015", "with a year after 2020") filters that column, when the date the period would otherwise take
 * is only a record stamp (created / updated: it dates no event) or the question names the year
 * column itself. Otherwise the period keeps its date (a sale date, a join date).
 *
 * Months stored as names: "reviews in April" (no year said) of rows that keep their month in a text
 * column ('April', 'Apr') is that column's value, April of every year, when the rows have no date of
 * their own but one made from that column (a drafted year-and-month date) or none at all. Rows with a
 * date of their own keep asking which April is meant, unless the column is named ("a pay month of April").
 */
import type { SemanticModel } from '../semantic/model.js';
import type { DimensionFilter, SemanticQuery } from '../semantic/query.js';
import type { Lexicon } from './lexicon.js';
import { consume, entriesOf, type Item } from './spans.js';
import { verbOf } from './text.js';
import { verbNamesDate } from './constructions/dated-verb.js';
import { monthNumber, OPEN_START, type TimeHit } from './time.js';

/** Words that make a column name a year: its last word. */
const YEAR_WORDS = new Set(['year', 'yr', 'yyyy']);
/** A time dimension that stamps the record (when it was written), not when anything happened. */
const STAMP = /(^|_)(crtd|created|updated|modified|inserted|loaded|etl)(_|$)|^(created|updated|modified)/i;

/** A time dimension that only stamps when its record was written (its name or label says so). */
export const isStamp = (model: SemanticModel, dimension: string): boolean =>
  STAMP.test(dimension) || STAMP.test(model.time_dimensions.find((t) => t.name === dimension)?.label ?? '');

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Four digits of a year as a text column stores them ('2015'): in their sort order they are the years'. */
const YEAR_TEXT = /^(1[5-9]|2[01])\d\d$/;

/** A text column whose stored values (the value index) are all years written with four digits. */
const yearsAsText = (lex: Lexicon, dimension: string): boolean => {
  const stored = [...(lex.valueIndex.get(dimension)?.values() ?? [])];
  return stored.length > 0 && stored.every((v) => YEAR_TEXT.test(v.trim()));
};

/**
 * A column of years: its name or label ends with a year word, or the model says its values are years
 * (`grain: year`: `opened`, `founded`); a number, or a text holding only years ('2015'; compared as
 * text, which orders four digits as numbers).
 */
export const isYearColumn = (d: SemanticModel['dimensions'][number], lex: Lexicon): boolean =>
  (d.type === 'number' || (d.type === 'string' && yearsAsText(lex, d.name))) &&
  (d.grain === 'year' || [d.name, d.label ?? ''].some((n) => YEAR_WORDS.has(words(n).at(-1) ?? '')));

/** The one column of years of the entity (`isYearColumn`). */
export function yearColumn(model: SemanticModel, entity: string, lex: Lexicon): string | undefined {
  const found = model.dimensions.filter((d) => d.entity === entity && isYearColumn(d, lex));
  return found.length === 1 ? found[0]!.name : undefined;
}

/**
 * The period can be read on the year column of the one thing the undated metrics are of (so it is
 * kept for `periodOnYearColumn`, never dropped as "not dated").
 */
export function yearColumnTakes(
  model: SemanticModel,
  lex: Lexicon,
  metrics: string[],
  range: { start: string; end: string; days?: unknown },
  items: Item[],
): boolean {
  if (range.days) return false;
  const entities = new Set(metrics.map((m) => lex.metrics.get(m)?.entity));
  const entity = entities.size === 1 ? [...entities][0] : undefined;
  if (entity && yearlessMonth(items) && monthColumn(model, lex, entity)) return true;
  const column = entity && yearColumn(model, entity, lex);
  return (
    !!column &&
    !!yearFilters(
      range,
      items.filter((it) => it.kind === 'time'),
      column,
    )
  );
}

/** The year number column of the one thing the metrics measure, when none of them is dated. */
export function undatedYearColumn(model: SemanticModel, lex: Lexicon, metrics: string[]): string | undefined {
  const entities = new Set(metrics.map((m) => lex.metrics.get(m)));
  if (!metrics.length || [...entities].some((m) => !m || m.timeBound)) return undefined;
  const owners = new Set([...entities].map((m) => m!.entity));
  return owners.size === 1 ? yearColumn(model, [...owners][0]!, lex) : undefined;
}

/** The thing counted or measured, else the one thing a listing shows. */
export function rowsOf(query: SemanticQuery, lex: Lexicon): string | undefined {
  const entities = new Set(
    query.metrics.length
      ? query.metrics.map((m) => lex.metrics.get(m)?.entity)
      : query.group_by.map((g) => lex.dimensions.get(g.dimension)?.entity),
  );
  return entities.size === 1 ? [...entities][0] : undefined;
}

/** The one text column of the thing whose stored values are all month names. */
export function monthColumn(model: SemanticModel, lex: Lexicon, entity: string): string | undefined {
  const found = model.dimensions.filter((d) => {
    if (d.entity !== entity || d.type !== 'string') return false;
    const stored = [...(lex.valueIndex.get(d.name)?.values() ?? [])];
    return stored.length > 0 && stored.every((v) => monthNumber(v) !== undefined);
  });
  return found.length === 1 ? found[0]!.name : undefined;
}

/** The question's one period, when it is one month named without its year ("in April"). */
function yearlessMonth(items: Item[]): Item | undefined {
  const times = items.filter((it) => it.kind === 'time');
  const hit = times[0]?.hit;
  return times.length === 1 && hit?.yearless && hit.unit === 'month' && !hit.range.days && !hit.range.clock ? times[0] : undefined;
}

/**
 * A month named without its year, read on the thing's month column: the filter, 'dated' when the rows
 * have a date of their own (`dating`, not made from the column) and the column is not named, undefined
 * when no month column holds it.
 */
export function monthOnColumn(
  model: SemanticModel,
  lex: Lexicon,
  entity: string,
  hit: TimeHit,
  dating: string | undefined,
  named: boolean,
): DimensionFilter | 'dated' | undefined {
  const column = hit.unit === 'month' ? monthColumn(model, lex, entity) : undefined;
  if (!column) return undefined;
  const month = Number(hit.range.start.slice(5, 7));
  const stored = [...(lex.valueIndex.get(column)?.values() ?? [])].filter((v) => monthNumber(v) === month);
  if (!stored.length) return undefined;
  // (a date made from the month column is the same month; any other date is when something else happened)
  const own = model.dimensions.find((d) => d.name === column)!.sql;
  const td = dating && model.time_dimensions.find((t) => t.name === dating);
  if (dating && (!td || !td.sql.includes(own)) && !named) return 'dated';
  return { dimension: column, op: stored.length > 1 ? 'in' : 'eq', values: stored };
}

/**
 * Moves a month named without its year onto the month column of the query's rows (`monthOnColumn`).
 * Returns what it did: 'read' (the query edited in place, the period consumed) or 'dated'.
 */
export function yearlessMonthOnColumn(
  query: SemanticQuery,
  items: Item[],
  lex: Lexicon,
  model: SemanticModel,
): 'read' | 'dated' | undefined {
  const time = yearlessMonth(items);
  const entity = rowsOf(query, lex);
  if (!time || !entity || query.comparison) return undefined;
  const dating = query.time_range?.dimension ?? (query.metrics.length ? lex.metrics.get(query.metrics[0]!)?.timeDimension : undefined);
  const k = items.indexOf(time);
  // "with a pay month of April": the column named right before the month
  const column = monthColumn(model, lex, entity);
  const named = [items[k - 1], items[k - 2]].some(
    (it) => it?.kind === 'lex' && entriesOf(it, 'dimension').some((e) => e.target === column),
  );
  const read = monthOnColumn(model, lex, entity, time.hit!, dating, named);
  if (read === undefined || read === 'dated') return read;
  delete query.time_range;
  query.filters.push(read);
  consume(time);
  return 'read';
}

/**
 * The verb right before the period names the year column ("films released in 2015" and
 * `release_yr`, "companies founded before 1990" and `founded_year`): its lemma is the first word of
 * the column's name or label, or that word is the verb's noun.
 */
export function verbNamingColumn(items: Item[], model: SemanticModel, column: string): Item[] | undefined {
  for (let k = 0; k < items.length; k++) {
    const time = items[k]!;
    if (time.kind !== 'time') continue;
    const between = items[k - 1]?.kind === 'word' && AFTER_VERB.has(items[k - 1]!.lower) ? items[k - 1] : undefined;
    const it = items[k - (between ? 2 : 1)];
    if (it?.kind !== 'word' || it.consumed) continue;
    const verb = verbOf(it.lower);
    if (verb && verbNamesColumn(verb, model, column)) return between ? [it, between] : [it];
  }
  return undefined;
}

/** The verb's lemma is the first word of the column's name or label, or that word is its noun or participle. */
export function verbNamesColumn(verb: string, model: SemanticModel, column: string): boolean {
  const d = model.dimensions.find((x) => x.name === column);
  // (after "first": `first_aired`)
  const named = new Set(
    [column, d?.label ?? '', d?.sql.replace(/^\$\{TABLE\}\./, '') ?? ''].flatMap((n) =>
      words(n)
        .filter((w, i, ws) => i === 0 || (i === 1 && ws[0] === 'first'))
        .slice(-1),
    ),
  );
  // ("founded" and `founded_year`: the column says the verb's own participle)
  return verbNamesDate(verb, named) || [...named].some((w) => verbOf(w) === verb);
}
/** Between a verb and its period when the period does not hold it: "released [in] 2015". */
const AFTER_VERB = new Set(['in', 'on', 'during', 'since', 'after', 'before', 'between', 'from']);

const isJanFirst = (d: string) => d.endsWith('-01-01');
const yearOf = (d: string) => Number(d.slice(0, 4));

/**
 * Moves the query's period onto the year column of its thing when that is what it dates. Returns
 * true when it did (the query edited in place).
 */
export function periodOnYearColumn(query: SemanticQuery, items: Item[], lex: Lexicon, model: SemanticModel): boolean {
  const range = query.time_range;
  if (!range || range.days || query.comparison) return false;
  const entity = rowsOf(query, lex);
  if (!entity) return false;
  const column = yearColumn(model, entity, lex);
  if (!column) return false;
  // the column named in the question ("with a year after 2020", "whose year is 2021")
  const verb = verbNamingColumn(items, model, column);
  const named = !!verb || items.some((it) => it.kind === 'lex' && entriesOf(it, 'dimension').some((e) => e.target === column));
  const sayYear = items
    .filter((it) => it.kind === 'time')
    .some((it) => /\byears?\b/.test(it.lower) && /\b(after|before|since|from|until)\b/.test(it.lower));
  const dating = range.dimension ?? (query.metrics.length ? lex.metrics.get(query.metrics[0]!)?.timeDimension : undefined);
  const stamp = !dating || isStamp(model, dating);
  if (!stamp && !named && !sayYear) return false;
  const timeItems = items.filter((it) => it.kind === 'time');
  const filters = yearFilters(range, timeItems, column);
  if (!filters) return false;
  delete query.time_range;
  // "have a year of 2021": the column being set is said by the comparison itself
  query.filters = query.filters.filter((f) => !(f.dimension === column && f.op === 'is_set'));
  query.filters.push(...filters);
  if (verb) consume(...verb);
  return true;
}

/** A period open to today ("since 2015", "from 2015 on"). */
const sayOpen = (timeItems: Item[]) => timeItems.some((it) => /\b(since|from|after)\b/.test(it.lower));

/** The period as conditions on a year column; undefined when it is no period of whole years. */
export function yearFilters(range: { start: string; end: string }, timeItems: Item[], column: string): DimensionFilter[] | undefined {
  const filters: DimensionFilter[] = [];
  // "in 2014 or 2016": the years named, each one (never the span between them)
  const years = timeItems
    .map((it) => it.hit?.range)
    .filter((r) => !!r && isJanFirst(r.start) && isJanFirst(r.end) && yearOf(r.end) === yearOf(r.start) + 1);
  if (timeItems.length > 1 && years.length === timeItems.length)
    return [{ dimension: column, op: 'in', values: [...new Set(years.map((r) => yearOf(r!.start)))].sort() }];
  // "a year after 2020" said of a year column is the column after 2020, never the year 2021
  const relative =
    timeItems.length === 1
      ? /^(?:(?:a|the)\s+)?years?\s+(after|before|since|from|until)\s+(\d{4})$/.exec(timeItems[0]!.lower.trim())
      : null;
  const single = !relative && isJanFirst(range.start) && isJanFirst(range.end) && yearOf(range.end) === yearOf(range.start) + 1;
  // "cars from 2021" of a thing: that year, never from 2021 on
  const fromYear = !relative && timeItems.length === 1 ? /^from\s+(\d{4})$/.exec(timeItems[0]!.lower.trim()) : null;
  if (single || fromYear) {
    filters.push({ dimension: column, op: 'eq', values: [single ? yearOf(range.start) : Number(fromYear![1])] });
  } else if (relative) {
    const n = Number(relative[2]);
    const op = ({ after: 'gt', since: 'gte', from: 'gte', before: 'lt', until: 'lte' } as const)[relative[1] as 'after'];
    filters.push({ dimension: column, op, values: [n] });
  } else {
    // (a span from 1900 itself, "between 1900 and 1950", starts where an open bound would: only a bound is open)
    const startOpen = range.start === OPEN_START && timeItems.some((it) => it.hit?.open);
    if (!startOpen && !isJanFirst(range.start)) return undefined;
    if (!startOpen) filters.push({ dimension: column, op: 'gte', values: [yearOf(range.start)] });
    // an end that is no first of January is "until today" ("since 2015"): no bound after
    if (isJanFirst(range.end)) filters.push({ dimension: column, op: 'lt', values: [yearOf(range.end)] });
    else if (!sayOpen(timeItems)) return undefined;
    if (!filters.length) return undefined;
  }
  return filters;
}

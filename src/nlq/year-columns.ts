/**
 * Years stored as numbers: a thing with a number column that holds a year ("year", "model_year",
 * "yr", "year_reg") read by a period of whole years ("cars from 2021", "before 2019", "in 2014 or
 * 2015", "with a year after 2020") filters that column, when the date the period would otherwise take
 * is only a record stamp (created / updated: it dates no event) or the question names the year
 * column itself. Otherwise the period keeps its date (a sale date, a join date).
 */
import type { SemanticModel } from '../semantic/model.js';
import type { DimensionFilter, SemanticQuery } from '../semantic/query.js';
import type { Lexicon } from './lexicon.js';
import { consume, entriesOf, type Item } from './spans.js';
import { verbOf } from './text.js';
import { verbNamesDate } from './constructions/dated-verb.js';
import { OPEN_START } from './time.js';

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

/** The one number column of the entity whose name or label ends with a year word. */
export function yearColumn(model: SemanticModel, entity: string): string | undefined {
  const found = model.dimensions.filter(
    (d) => d.entity === entity && d.type === 'number' && [d.name, d.label ?? ''].some((n) => YEAR_WORDS.has(words(n).at(-1) ?? '')),
  );
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
  const column = entity && yearColumn(model, entity);
  return (
    !!column &&
    !!yearFilters(
      range,
      items.filter((it) => it.kind === 'time'),
      column,
    )
  );
}

/**
 * The verb right before the period names the year column ("films released in 2015" and
 * `release_yr`, "companies founded before 1990" and `founded_year`): its lemma is the first word of
 * the column's name or label, or that word is the verb's noun.
 */
export function verbNamingColumn(items: Item[], model: SemanticModel, column: string): Item[] | undefined {
  const d = model.dimensions.find((x) => x.name === column);
  const named = new Set([column, d?.label ?? '', d?.sql.replace(/^\$\{TABLE\}\./, '') ?? ''].flatMap((n) => words(n).slice(0, 1)));
  for (let k = 0; k < items.length; k++) {
    const time = items[k]!;
    if (time.kind !== 'time') continue;
    const between = items[k - 1]?.kind === 'word' && AFTER_VERB.has(items[k - 1]!.lower) ? items[k - 1] : undefined;
    const it = items[k - (between ? 2 : 1)];
    if (it?.kind !== 'word' || it.consumed) continue;
    const verb = verbOf(it.lower);
    // ("founded" and `founded_year`: the column says the verb's own participle)
    if (verb && (verbNamesDate(verb, named) || [...named].some((w) => verbOf(w) === verb))) return between ? [it, between] : [it];
  }
  return undefined;
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
  // the thing counted or measured, else the one thing a listing shows
  const entities = new Set(
    query.metrics.length
      ? query.metrics.map((m) => lex.metrics.get(m)?.entity)
      : query.group_by.map((g) => lex.dimensions.get(g.dimension)?.entity),
  );
  if (entities.size !== 1) return false;
  const entity = [...entities][0];
  if (!entity) return false;
  const column = yearColumn(model, entity);
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
    const startOpen = range.start === OPEN_START;
    if (!startOpen && !isJanFirst(range.start)) return undefined;
    if (!startOpen) filters.push({ dimension: column, op: 'gte', values: [yearOf(range.start)] });
    // an end that is no first of January is "until today" ("since 2015"): no bound after
    if (isJanFirst(range.end)) filters.push({ dimension: column, op: 'lt', values: [yearOf(range.end)] });
    else if (!sayOpen(timeItems)) return undefined;
    if (!filters.length) return undefined;
  }
  return filters;
}

/**
 * Reading the semantic model for display: labels, definitions, formats, and plain-text phrases for
 * filters and periods. Everything here returns PLAIN text; callers escape it before it lands in HTML.
 */
import type { DerivedMetric, Dimension, Format, Measure, SemanticModel, TimeDimension, TimeGrain } from '../semantic/model.js';
import {
  isPresenceOp,
  type AnyOf,
  type DimensionFilter,
  type MetricFilter,
  type SemanticQuery,
  type TextPatternOp,
} from '../semantic/query.js';
import { rowClasses } from '../semantic/compiler.js';
import type { CompiledColumn, TimeFrame } from './types.js';
import { describePeriod, formatTimeBucket, formatValue, inclusiveEnd } from './format.js';

export type AnyMetric = Measure | DerivedMetric;

export function findMetric(model: SemanticModel, name: string): AnyMetric | undefined {
  return model.measures.find((m) => m.name === name) ?? model.metrics.find((m) => m.name === name);
}

export function findDimension(model: SemanticModel, name: string): Dimension | undefined {
  return model.dimensions.find((d) => d.name === name);
}

export function findTimeDimension(model: SemanticModel, name: string): TimeDimension | undefined {
  return model.time_dimensions.find((d) => d.name === name);
}

export function isMeasure(m: AnyMetric): m is Measure {
  return 'agg' in m;
}

/** `market_segment` -> `Market segment`. */
export function humanize(name: string): string {
  const s = name.replace(/[_\s]+/g, ' ').trim();
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Lower-cases the first letter for use mid-sentence, unless the word looks like an acronym. */
export function lowerFirst(text: string): string {
  if (text.length > 1 && text[1] === text[1].toUpperCase() && /[A-Z]/.test(text[1])) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** English plural of a label's last word: region -> regions, priority -> priorities, status -> statuses. */
export function pluralize(label: string): string {
  if (/status$/i.test(label)) return `${label}es`;
  if (/(ss|x|z|ch|sh)$/i.test(label)) return `${label}es`;
  if (/s$/i.test(label)) return label;
  if (/[^aeiou]y$/i.test(label)) return `${label.slice(0, -1)}ies`;
  return `${label}s`;
}

export function metricLabel(model: SemanticModel, name: string): string {
  return findMetric(model, name)?.label ?? humanize(name);
}

/**
 * A value column's label: the model's for a metric, else the constructed column's own (a ratio,
 * a subset, an average per member), never its output name turned into words.
 */
export function valueLabel(model: SemanticModel, name: string, columns: CompiledColumn[]): string {
  if (findMetric(model, name)) return metricLabel(model, name);
  return columns.find((c) => c.ref === name && c.label)?.label ?? metricLabel(model, name);
}

/** How a ratio column of the query is computed, in words ('' when the name is no ratio). */
export function ratioDefinition(model: SemanticModel, query: SemanticQuery, name: string): string {
  const r = query.ratios?.find((x) => x.name === name);
  if (!r) return '';
  const side = (x: NonNullable<SemanticQuery['ratios']>[number]['numerator']) => {
    const where = [
      ...(x.filters ?? []).map((f) => filterPhrase(model, f)),
      // "restaurants with a rating above 4": the members kept on this side
      ...(x.conditions ?? []).map(
        (c) =>
          `the ${c.entity.replace(/_/g, ' ')} has ${c.op === 'eq' && c.value === 0 ? `no ${lowerFirst(metricLabel(model, c.metric))}` : metricFilterPhrase(model, { metric: c.metric, op: c.op, value: c.value })}`,
      ),
    ];
    return `${lowerFirst(metricLabel(model, x.metric))}${where.length ? ` where ${andList(where)}` : ''}`;
  };
  return `${upperFirst(side(r.numerator))} divided by ${side(r.denominator)}, per row of the result (empty where the second is 0).`;
}

export function metricFormat(model: SemanticModel, name: string): Format {
  return findMetric(model, name)?.format ?? { kind: 'number' };
}

export function dimensionLabel(model: SemanticModel, name: string): string {
  return findDimension(model, name)?.label ?? findTimeDimension(model, name)?.label ?? humanize(name);
}

/** SQL of a model fragment without the `${TABLE}.` / `${entity}.` placeholders. */
export function plainSql(sql: string): string {
  return sql.replace(/\$\{[a-z_][a-z0-9_]*\}\./gi, '').replace(/@days_between\(([^,]+),\s*([^)]+)\)/g, 'days from $1 to $2');
}

/** The business definition of a metric: its description, else one made from its SQL. */
export function metricDefinition(model: SemanticModel, name: string): string {
  const m = findMetric(model, name);
  if (!m) return '';
  if (m.description) return m.description;
  if (isMeasure(m)) {
    const what = m.sql ? plainSql(m.sql) : 'rows';
    const agg =
      m.agg === 'count_distinct' ? 'count of distinct' : m.agg === 'avg' ? 'average of' : m.agg === 'count' ? 'count of' : `${m.agg} of`;
    const filter = m.filter ? ` where ${plainSql(m.filter)}` : '';
    return `${upperFirst(agg)} ${m.agg === 'count' && !m.sql ? m.entity + ' rows' : what}${filter}.`;
  }
  return `Computed as ${m.expression}.`;
}

export function dimensionDefinition(model: SemanticModel, name: string): string {
  const d = findDimension(model, name) ?? findTimeDimension(model, name);
  if (!d) return '';
  return d.description || `${d.label ?? humanize(d.name)} (${plainSql(d.sql)}).`;
}

/**
 * A stored dimension value for people: the value as stored, with its business name when that adds
 * something (`F (fulfilled)`, but `1-URGENT`, not `1-URGENT (urgent)`).
 */
export function displayDimValue(model: SemanticModel, dimension: string, value: unknown, grain?: TimeGrain): string {
  if (value === null || value === undefined) return '(none)';
  if (findTimeDimension(model, dimension) || grain) return formatTimeBucket(value, grain);
  const text = typeof value === 'string' ? value : String(value);
  const synonym = findDimension(model, dimension)?.value_synonyms[text]?.[0];
  if (synonym && !text.toLowerCase().includes(synonym.toLowerCase())) return `${text} (${synonym})`;
  return text;
}

function orList(values: string[], word = 'or'): string {
  if (values.length <= 1) return values.join('');
  if (values.length === 2) return `${values[0]} ${word} ${values[1]}`;
  return `${values.slice(0, -1).join(', ')} ${word} ${values[values.length - 1]}`;
}

export function andList(values: string[]): string {
  return orList(values, 'and');
}

/** `region EUROPE`, `market segment BUILDING or MACHINERY`, `part size above 10`, ... */
export function filterPhrase(model: SemanticModel, f: DimensionFilter): string {
  const label = lowerFirst(dimensionLabel(model, f.dimension));
  // a class of rows (the rows a filtered count counts): "returned line items", "other than late deliveries"
  const rowClass = isPresenceOp(f.op) ? rowClasses(model).get(f.dimension) : undefined;
  if (rowClass) {
    const rows = lowerFirst(rowClass.label ?? humanize(rowClass.name));
    return f.op === 'is_set' ? rows : `other than ${rows}`;
  }
  const vals = f.values.map((v) => displayDimValue(model, f.dimension, v));
  switch (f.op) {
    case 'eq':
      return `${label} ${vals[0]}`;
    case 'in':
      return `${label} ${orList(vals)}`;
    case 'ne':
      return `${label} other than ${vals[0]}`;
    case 'not_in':
      return `${label} other than ${orList(vals)}`;
    case 'gt':
      return `${label} above ${vals[0]}`;
    case 'gte':
      return `${label} of ${vals[0]} or more`;
    case 'lt':
      return `${label} below ${vals[0]}`;
    case 'lte':
      return `${label} of ${vals[0]} or less`;
    case 'between':
      return `${label} between ${vals[0]} and ${vals[1] ?? vals[0]}`;
    case 'eq_ci':
      return `${label} ${orList(vals)} (any letter case)`;
    case 'ne_ci':
      return `${label} not ${orList(vals)} (any letter case)`;
    case 'is_set':
      return `${label} present`;
    case 'not_set':
      return `${label} missing`;
    default:
      return `${label} ${TEXT_PATTERN_WORDS[f.op]} ${orList(f.values.map((v) => `"${String(v)}"`))}`;
  }
}

/** `either first name starting with "J" or last name containing "son"`: an any-of group (any one holds). */
export function anyOfPhrase(model: SemanticModel, g: AnyOf): string {
  return `either ${orList(g.filters.map((f) => filterPhrase(model, f)))}`;
}

/** The phrases of the question's any-of groups. */
export function anyOfPhrases(model: SemanticModel, query: SemanticQuery): string[] {
  return (query.any_of ?? []).map((g) => anyOfPhrase(model, g));
}

/** `name starting with "Lake"`: the text patterns' words (letter case is ignored). */
const TEXT_PATTERN_WORDS: Record<TextPatternOp, string> = {
  starts_with: 'starting with',
  ends_with: 'ending with',
  contains: 'containing',
  not_starts_with: 'not starting with',
  not_ends_with: 'not ending with',
  not_contains: 'not containing',
};

const METRIC_OPS: Record<MetricFilter['op'], string> = {
  gt: 'above',
  gte: 'of at least',
  lt: 'below',
  lte: 'of at most',
  eq: 'equal to',
  ne: 'other than',
};

/** `revenue above $1.00M`. */
export function metricFilterPhrase(model: SemanticModel, f: MetricFilter): string {
  return `${lowerFirst(metricLabel(model, f.metric))} ${METRIC_OPS[f.op]} ${formatValue(f.value, metricFormat(model, f.metric))}`;
}

/** Question filters first, then the request's `dimensions` not already among them. */
export function allFilters(
  query: SemanticQuery,
  fromRequest: DimensionFilter[] = [],
): { filter: DimensionFilter; source: 'question' | 'request' }[] {
  const key = (f: DimensionFilter) => JSON.stringify([f.dimension, f.op, f.values]);
  const requestKeys = new Set(fromRequest.map(key));
  const out: { filter: DimensionFilter; source: 'question' | 'request' }[] = query.filters.map((filter) => ({
    filter,
    source: requestKeys.has(key(filter)) ? 'request' : 'question',
  }));
  const seen = new Set(query.filters.map(key));
  for (const f of fromRequest) if (!seen.has(key(f))) out.push({ filter: f, source: 'request' });
  return out;
}

/** The resolved period: the input's, else the query's time range. */
export function resolvedFrame(query: SemanticQuery, timeFrame?: TimeFrame): TimeFrame | undefined {
  if (timeFrame)
    return {
      ...timeFrame,
      dimension: timeFrame.dimension ?? query.time_range?.dimension,
      label: timeFrame.label ?? query.time_range?.label,
    };
  return query.time_range ? { ...query.time_range } : undefined;
}

/** `1997`, or `1997 (last year)` when the question named it otherwise. */
export function periodName(frame: TimeFrame): string {
  const canonical = describePeriod(frame.start, frame.end);
  const label = frame.label?.trim();
  if (label && label.toLowerCase() !== canonical.toLowerCase() && !/^\d{4}-\d{2}-\d{2}/.test(label)) return `${canonical} (${label})`;
  return canonical;
}

/** Names of a period besides its dates: `Q2 1998`, `"last quarter"` (the question's words). */
export function periodAnnotations(frame: TimeFrame): string[] {
  const canonical = describePeriod(frame.start, frame.end);
  const out: string[] = [];
  if (!canonical.includes(' to ') && canonical !== frame.start) out.push(canonical);
  else if (canonical.includes(' to ') && !/^\d{4}-\d{2}-\d{2} to /.test(canonical)) out.push(canonical);
  const label = frame.label?.trim();
  if (label && label.toLowerCase() !== canonical.toLowerCase() && !/^\d{4}-\d{2}-\d{2}/.test(label)) out.push(`“${label}”`);
  return out;
}

/** `in 1997`, `in Q2 1998 (last quarter)`, `from 1998-01-01 to 1998-08-02 (year to date)`, `on 1998-08-02`. */
export function periodPhrase(frame: TimeFrame): string {
  const canonical = describePeriod(frame.start, frame.end);
  const preposition = canonical.includes(' to ') ? 'from' : /^\d{4}-\d{2}-\d{2}$/.test(canonical) ? 'on' : 'in';
  return `${preposition} ${periodName(frame)}`;
}

/** Display text of the period: `1997-01-01 to 1997-12-31` (end inclusive). */
export function periodRangeText(frame: TimeFrame): string {
  return `${frame.start} to ${inclusiveEnd(frame.end)}`;
}

/** The time dimensions dating the query's metrics. */
export function datingDimensions(model: SemanticModel, query: SemanticQuery, frame?: TimeFrame): string[] {
  const explicit = frame?.dimension ?? query.time_range?.dimension;
  if (explicit) return [explicit];
  const out = new Set<string>();
  for (const name of query.metrics) {
    const m = findMetric(model, name);
    if (m && m.time_bound === false) continue;
    const td = m?.time_dimension ?? model.defaults.time_dimension;
    if (td) out.add(td);
  }
  if (out.size === 0 && model.defaults.time_dimension) out.add(model.defaults.time_dimension);
  return [...out];
}

/** Entities a query reads: those of its metrics (through derived expressions), dimensions and filters. */
export function sourceEntities(model: SemanticModel, query: SemanticQuery, columns: CompiledColumn[], frame?: TimeFrame): string[] {
  const out = new Set<string>();
  const seen = new Set<string>();
  const addMetric = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    const m = findMetric(model, name);
    if (!m) return;
    if (isMeasure(m)) {
      out.add(m.entity);
      for (const ref of `${m.sql ?? ''} ${m.filter ?? ''}`.matchAll(/\$\{([a-z_][a-z0-9_]*)\}/gi)) if (ref[1] !== 'TABLE') out.add(ref[1]);
    } else {
      for (const id of m.expression.match(/[a-z_][a-z0-9_]*/gi) ?? []) addMetric(id);
    }
  };
  const addDim = (name: string): void => {
    const d = findDimension(model, name) ?? findTimeDimension(model, name);
    if (d) out.add(d.entity);
  };
  for (const m of query.metrics) addMetric(m);
  for (const c of columns) (c.kind === 'metric' || c.kind === 'share' ? addMetric : addDim)(c.ref);
  for (const g of query.group_by) addDim(g.dimension);
  for (const f of query.filters) addDim(f.dimension);
  for (const g of query.any_of ?? []) for (const f of g.filters) addDim(f.dimension);
  for (const f of query.metric_filters) addMetric(f.metric);
  if (frame) for (const d of datingDimensions(model, query, frame)) addDim(d);
  return [...out];
}

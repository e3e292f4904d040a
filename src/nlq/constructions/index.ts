/**
 * The constructions beyond the general rules, one file each. Each recognises its shape in the
 * analysed spans before the query is built and edits the built query after; order matters only
 * where shapes overlap (an entity condition before a distinct count: "how many customers with no
 * orders").
 */
import type { SemanticQuery } from '../../semantic/query.js';
import { anyOf } from './any-of.js';
import { bothValues } from './both-values.js';
import { datedVerb } from './dated-verb.js';
import { distinctCount } from './distinct-count.js';
import { duration, ownSpan } from './duration.js';
import { emptyMembers } from './empty-members.js';
import { entityCondition } from './entity-condition.js';
import { figureExtreme } from './figure-extreme.js';
import { flagBothSides } from './flag-both-sides.js';
import { listing } from './listing.js';
import { memberColumns } from './member-columns.js';
import { memberAttributes } from './member-attributes.js';
import { memberId } from './member-id.js';
import { namingParticiple } from './naming-participle.js';
import { linkingVerb } from './linking-verb.js';
import { numericRange } from './numeric-range.js';
import { ordinalRank } from './ordinal.js';
import { perEntityAverage } from './per-entity-average.js';
import { periodComparison } from './period-comparison.js';
import { periodMetricExtreme } from './period-metric-extreme.js';
import { periodCount } from './period-count.js';
import { peopleLiving } from './people-living.js';
import { ratio } from './ratio.js';
import { relatedCondition } from './related-condition.js';
import { relatedSets } from './related-sets.js';
import { rowClass } from './row-class.js';
import { samePeriod } from './same-period.js';
import { subsetShare } from './subset-share.js';
import { dateExtreme, dateExtremeOfEach } from './date-extreme.js';
import { superlativeLookup } from './superlative-lookup.js';
import { textPattern } from './text-pattern.js';
import { valuePresence } from './value-presence.js';
import { weekdayColumn } from './weekday-column.js';
import { clockColumn } from './clock-column.js';
import { noneCounted } from './none-counted.js';
import type { Claim, Construction, ConstructionInput } from './types.js';

export type { Claim, Construction, ConstructionInput } from './types.js';
export { applyEmptyMembersCue, takeEmptyMembersCue, withEmptyMembers } from './empty-members.js';

export const CONSTRUCTIONS: Construction[] = [
  textPattern,
  valuePresence,
  weekdayColumn,
  clockColumn,
  noneCounted,
  samePeriod,
  periodMetricExtreme,
  figureExtreme,
  ratio,
  duration,
  ownSpan,
  dateExtremeOfEach,
  numericRange,
  rowClass,
  memberId,
  datedVerb,
  relatedSets,
  entityCondition,
  relatedCondition,
  distinctCount,
  periodCount,
  perEntityAverage,
  subsetShare,
  periodComparison,
  superlativeLookup,
  ordinalRank,
  listing,
  dateExtreme,
  linkingVerb,
  peopleLiving,
  flagBothSides,
  memberColumns,
  memberAttributes,
  namingParticiple,
  bothValues,
  anyOf,
  emptyMembers,
];

/** A ratio owns the metrics, values and conditions of its two sides: these would read them again. */
const NOT_WITH_RATIO = new Set<Construction>([
  duration,
  ownSpan,
  entityCondition,
  distinctCount,
  periodCount,
  perEntityAverage,
  subsetShare,
  listing,
  superlativeLookup,
]);

/** Members kept by sets of related rows: these read the same words one way. */
const NOT_WITH_RELATED_SETS = new Set<Construction>([entityCondition, relatedCondition, bothValues, anyOf, emptyMembers, linkingVerb]);

/** Every construction recognised in the question (each at most once). */
export function recogniseConstructions(input: ConstructionInput): Claim[] {
  const claims: Claim[] = [];
  for (const c of CONSTRUCTIONS) {
    if (NOT_WITH_RATIO.has(c) && claims.some((x) => x.construction === ratio.name)) continue;
    if (NOT_WITH_RELATED_SETS.has(c) && claims.some((x) => x.construction === relatedSets.name)) continue;
    // a ranked lookup owns the thing's columns: no listing of them besides
    if (c === listing && claims.some((x) => x.construction === superlativeLookup.name)) continue;
    // a duration's two dates are no columns of a listing, and its superlative is its own
    if (
      (c === listing || c === superlativeLookup) &&
      claims.some((x) => x.construction === duration.name || x.construction === ownSpan.name)
    )
      continue;
    const claim = c.recognise(input);
    if (claim) claims.push(claim);
  }
  return claims;
}

/** Applies the claims to a built query; the first refusal wins. */
export function applyConstructions(query: SemanticQuery, claims: Claim[], notes: string[]): SemanticQuery | { refusal: string } {
  let q = query;
  // a ratio's sides exist before a text rule reads the query's values ("... to restaurants serving non-vegan food? match food type case insensitively")
  const ordered = [...claims.filter((c) => c.construction === ratio.name), ...claims.filter((c) => c.construction !== ratio.name)];
  for (const claim of ordered) {
    const r = claim.apply(q, notes);
    if (typeof r === 'string') return { refusal: r };
    q = r;
  }
  return q;
}

/** The query computes something: a metric, a constructed column, or (a listing) the members' attributes. */
export function hasColumns(q: SemanticQuery): boolean {
  return q.metrics.length > 0 || q.group_by.length > 0 || hasConstructedColumns(q);
}

/** Columns a construction computes besides the metrics and the breakdown (a list of members has none). */
export function hasConstructedColumns(q: SemanticQuery): boolean {
  return !!(
    q.subset_metrics?.length ||
    q.per_entity_averages?.length ||
    q.distinct_counts?.length ||
    q.period_counts?.length ||
    q.ratios?.length ||
    q.durations?.length ||
    q.column_aggregates?.length
  );
}

/** The constructed parts of a query, carried into a follow-up's merged query. */
export function constructedParts(q: SemanticQuery): Partial<SemanticQuery> {
  return {
    ...(q.subset_metrics?.length ? { subset_metrics: q.subset_metrics } : {}),
    ...(q.entity_conditions?.length ? { entity_conditions: q.entity_conditions } : {}),
    ...(q.any_of?.length ? { any_of: q.any_of } : {}),
    ...(q.per_entity_averages?.length ? { per_entity_averages: q.per_entity_averages } : {}),
    ...(q.distinct_counts?.length ? { distinct_counts: q.distinct_counts } : {}),
    ...(q.period_counts?.length ? { period_counts: q.period_counts } : {}),
    ...(q.ratios?.length ? { ratios: q.ratios } : {}),
    ...(q.durations?.length ? { durations: q.durations } : {}),
    ...(q.spans?.length ? { spans: q.spans } : {}),
    ...(q.comparison ? { comparison: q.comparison } : {}),
    ...(q.same_periods?.length ? { same_periods: q.same_periods } : {}),
    ...(q.offset !== undefined ? { offset: q.offset } : {}),
  };
}

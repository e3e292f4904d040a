/**
 * State of the research graph: one investigation, planned, fanned out, gathered, reflected on and
 * written up. Plain, serialisable data only, so every step is checkpointed per inquiry
 * (thread_id = inquiry id) and a restarted process resumes where the last one stopped.
 */
import { Annotation } from '@langchain/langgraph';
import type { DimensionFilter, SemanticQuery, TimeRange } from '../../src/semantic/query.js';
import type { Dimensions, TerminalState } from '../../src/schemas/inquiry.js';
import type { ResearchBudget, ResearchOperation } from '../../src/schemas/research.js';
import type { Decomposition, Driver } from './analysis.js';
import type { ReportChart } from './report.js';
import type { MixFinding, Overlap } from './scan.js';

export type Angle =
  | 'headline'
  | 'significance'
  | 'trend'
  | 'breakdown'
  | 'scan'
  | 'share'
  | 'top'
  | 'bottom'
  | 'drilldown'
  | 'decomposition'
  | 'spread'
  | 'anomaly'
  | 'profile'
  | 'metrics';

/** One planned sub-question, phrased directly as a SemanticQuery (no English to re-parse). */
export interface SubQuestion {
  /** q1, q2, ... in planning order. */
  id: string;
  round: number;
  angle: Angle;
  /** The sub-question in words, for operations and the report. */
  question: string;
  /** Why it is asked. */
  purpose: string;
  /** The query that runs (current period); run through the agent graph unless `compare` is set. */
  query: SemanticQuery;
  /** The same query over the previous period: the sub-question then runs as a period-over-period comparison. */
  compare?: SemanticQuery;
  /** The dimension the rows are grouped by (breakdowns, contributors, drill-downs). */
  dimension?: string;
  /**
   * The total over both periods (the headline's scope), for a comparison by members of an additive
   * metric: each member's contribution to the total change, surprise, and the closure residual.
   */
  totals?: { current: SemanticQuery; previous: SemanticQuery };
  /** A significance test: `query` is the metric by day over both periods; `bucket` its day column, `currentStart` where the current period begins. */
  series?: { bucket: string; currentStart: string };
  /**
   * A decomposition of the metric (analysis.ts): `query` and `compare` carry its parts
   * (decompositionMetrics) over the two periods, `totals` the metric alone for a ratio or a
   * product by members; grouped by `dimension` for a ratio's rate/mix or a product by members.
   */
  decompose?: Decomposition;
  /** A spread across the members of `dimension` (what drives X): each member's value and share, and the dimension's coefficient of variation. */
  spread?: true;
  /** An anomaly scan: `query` is the metric by `bucket` (month) over the history and the current period, from `currentStart`. */
  anomaly?: { bucket: string; currentStart: string };
  /**
   * A scan in one statement (scan.ts): `query`/`compare` are the metric over the two periods,
   * broken down by each of `dimensions` (a change scan, with `totals`), by each pair of `pairs`
   * (pairwise combinations), or, with `mix`, the ratio's numerator and denominator by each
   * dimension (rate and mix). `members` keeps a pair scan to the drivers' members (their overlaps).
   */
  scan?: {
    dimensions: string[];
    pairs?: [string, string][];
    mix?: { numerator: string; denominator: string };
    members?: Record<string, string[]>;
  };
  /** A profile against everyone (the group's `query` against `compare`, everyone, by `dimension` or in total). */
  profileOf?: { group: string; size?: string };
}

/** What the analysis concluded (write): the significance verdict and the ranked drivers, each citing its sub-question. */
export interface ResearchFindings {
  /** null when the significance test did not run or answer. */
  significant: boolean | null;
  /** The sub-question of the significance test. */
  significanceFrom: string | null;
  /** Ranked drivers (none when the change is not significant): the first explains the change best. */
  drivers: Driver[];
  /** What drives X: the dimensions ranked by how much their members differ (coefficient of variation, a row value), each citing its sub-question. */
  keyDimensions?: { dimension: string; spread: number; from: string }[];
  /** Anything unusual: members (or the total, member null) whose current value is at least ANOMALY_Z standard deviations from their monthly history, largest first; `month` the month of the period it was unusual in. */
  anomalies?: { dimension: string | null; member: string | null; z: number; from: string; month?: string }[];
  /** The drivers' sum of contributions is within EXPLAINED_WITHIN of the change (scan.ts); absent when not analysed that way. */
  explained?: boolean;
  /** Where two drivers of different dimensions overlap (their intersection's change, from a pair scan). */
  overlaps?: Overlap[];
  /** A ratio metric: the dimension where mix explains most of the change (rate/mix scan). */
  mix?: MixFinding | null;
}

/**
 * The kind of investigation, planned from the question: `change` (why did X change; also two
 * periods compared), `compare` (two members of one dimension side by side), `drivers` (what drives
 * X: which dimensions' members differ most), `anomalies` (anything unusual in a period against its
 * monthly history), `profile` (the top customers: who they are, what they buy).
 */
export type InvestigationKind = 'change' | 'compare' | 'drivers' | 'anomalies' | 'profile';

/** What the investigation is about: the headline metric and the two periods compared. */
export interface ResearchFocus {
  /** The kind of investigation (absent: `change`). */
  kind?: InvestigationKind;
  /** For `compare`: the dimension and its two members, A first (A is reported against B). */
  segments?: { dimension: string; members: [string, string] };
  metric: string;
  metricLabel: string;
  current: TimeRange;
  previous: TimeRange;
  /** Bucket of the trend over both periods. */
  grain: 'month' | 'quarter' | 'week' | 'day';
  /** Filters named in the question itself (besides the request's dimensions). */
  filters: DimensionFilter[];
  /** The breakdown dimensions chosen from the model. */
  keyDimensions: string[];
  /** The key dimensions were chosen by a language model (shown as breakdowns beside the scan). */
  plannedDimensions?: boolean;
  /** Every dimension reachable from the metric's fact (JoinGraph), not filtered: what a change scan covers. */
  scanDimensions?: string[];
  /** The scan dimensions with at most MIX_MAX_MEMBERS values: what a rate/mix scan covers. */
  mixDimensions?: string[];
  /** The period asked for, when an investigation narrowed it (an anomaly scan stops at the last full month). */
  asked?: TimeRange;
  /** The entity-level dimension ranked for top and bottom contributors, if any. */
  contributorDimension: string | null;
}

export interface ResearchOutcome {
  status: Exclude<TerminalState, 'stopped' | 'timeout'> | 'timeout';
  error?: string;
}

/** Adds sub-questions, replacing one with the same id (a re-plan never duplicates). */
export function mergeSubQuestions(left: SubQuestion[], right: SubQuestion[]): SubQuestion[] {
  const ids = new Set(right.map((s) => s.id));
  return left.filter((s) => !ids.has(s.id)).concat(right);
}

/** Splits an operation id such as `q12` into its prefix and number. */
function operationSequence(id: string): { prefix: string; n: number } | null {
  const m = /^([a-z]+)(\d+)$/i.exec(id);
  return m ? { prefix: m[1]!, n: Number(m[2]) } : null;
}

/**
 * Adds operations, replacing one with the same id. Parallel sub-questions finish in any order, so a
 * new operation goes before the first of its series with a higher number (q2 before q3): readers see
 * the plan's order whatever the timing.
 */
export function mergeOperations(left: ResearchOperation[], right: ResearchOperation[] | ResearchOperation): ResearchOperation[] {
  const incoming = Array.isArray(right) ? right : [right];
  const out = [...left];
  for (const op of incoming) {
    const i = out.findIndex((o) => o.id === op.id);
    if (i >= 0) {
      out[i] = op;
      continue;
    }
    const seq = operationSequence(op.id);
    const later = seq
      ? out.findIndex((o) => {
          const other = operationSequence(o.id);
          return other !== null && other.prefix === seq.prefix && other.n > seq.n;
        })
      : -1;
    if (later >= 0) out.splice(later, 0, op);
    else out.push(op);
  }
  return out;
}

/** Appends the steps a node reports, in words. */
export function appendSteps(left: string[], right: string[] | string): string[] {
  return left.concat(right);
}

export const ResearchState = Annotation.Root({
  /** The research question as submitted. */
  question: Annotation<string>,
  /** The request's `dimensions` object, or null. */
  dimensions: Annotation<Dimensions | null>,
  /** Rounds, queries and minutes this investigation may use (defaults applied). */
  budget: Annotation<ResearchBudget>,
  /** When the investigation first started, epoch ms (the minutes of the budget count from here). */
  startedAt: Annotation<number>,
  /** "Today" of the model, YYYY-MM-DD (contextualize). */
  asOf: Annotation<string>,
  /** Mandatory filters from the request's `dimensions` (contextualize). */
  requestFilters: Annotation<DimensionFilter[]>,
  /** Headline metric, periods and angles (contextualize). */
  focus: Annotation<ResearchFocus | null>,
  /** Every sub-question planned so far, all rounds (plan, reflect). */
  subQuestions: Annotation<SubQuestion[], SubQuestion[]>({ reducer: mergeSubQuestions, default: () => [] }),
  /** The round being investigated: 1 is the plan, later ones follow-ups (plan, reflect). */
  round: Annotation<number>,
  /** One record per step: plan, each query with its result rows, reflect, write. */
  operations: Annotation<ResearchOperation[], ResearchOperation[] | ResearchOperation>({ reducer: mergeOperations, default: () => [] }),
  /** The significance verdict and the ranked drivers the report states (write). */
  findings: Annotation<ResearchFindings | null>,
  /** The report in Markdown (write). */
  finalAnswer: Annotation<string>,
  /** The report's charts as Vega-Lite specs, each drawing one sub-question's rows (write). */
  charts: Annotation<ReportChart[]>,
  /** Terminal status; once set, the graph ends. */
  outcome: Annotation<ResearchOutcome | null>,
  /** Steps taken, in words. */
  steps: Annotation<string[], string[] | string>({ reducer: appendSteps, default: () => [] }),
});

export type ResearchStateType = typeof ResearchState.State;
export type ResearchUpdate = typeof ResearchState.Update;

/** What one fanned-out `investigate` task receives (through Send). */
export interface InvestigateInput {
  sub: SubQuestion;
  dimensions: Dimensions | null;
  startedAt: number;
  budget: ResearchBudget;
}

/**
 * The overview answer for a vague question ("how are we doing?", "give me the big picture"): the
 * model's headline metrics for the latest complete quarter against the quarter before, as one
 * comparison query. A question is vague when it was refused as outside the data and it asks about
 * the state of things in general words, naming nothing of the model.
 */
import type { SemanticModel } from '../semantic/model.js';
import type { SemanticQuery } from '../semantic/query.js';
import { metricLabel } from './labels.js';

/** General "how is it going" wordings: a state of business without a metric, in a few words. */
const GENERAL_STATE = [
  /\bhow(?:'s|\s+is|\s+are|\s+were|\s+was)?\s+(?:we|things|it|business|the\s+business|the\s+company|everything|our\s+\w+)\s+(?:doing|going|performing|looking|tracking|holding\s+up)\b/,
  /\bhow(?:'s|\s+is)\s+business\b/,
  /\b(?:overview|summary|summarise|summarize|snapshot|big\s+picture|at\s+a\s+glance|state\s+of\s+(?:the\s+)?(?:business|company|things)|headline\s+(?:numbers|figures|metrics)|key\s+(?:numbers|figures|metrics)|kpis?)\b/,
  /\b(?:any|what(?:'s|\s+is))\s+(?:news|new|up)\b/,
];

/**
 * Words a general request may hold besides its "how is it going" phrase: asking, politeness,
 * pronouns, "now" and "this year"-like words. Anything else names a topic ("summarise the French
 * revolution"), and an overview of the business would answer a question nobody asked.
 */
const GENERAL_WORDS = new Set(
  (
    'a an the of on for about in at to with so far and or me us we our i you your it its is are was were be ' +
    "what what's whats how how's give show tell get let can could would please quick quickly brief short " +
    'current currently overall general generally latest lately recent recently now today right this year quarter ' +
    'month week so far things business company everything numbers figures metrics key headline state ' +
    'doing going performing looking tracking holding up news new'
  ).split(' '),
);

export function isVagueQuestion(question: string): boolean {
  const text = question.toLowerCase().replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim();
  if (text.split(' ').length > 14) return false;
  if (!GENERAL_STATE.some((p) => p.test(text))) return false;
  const rest = GENERAL_STATE.reduce((t, p) => t.replace(new RegExp(p.source, 'g'), ' '), text);
  return (rest.match(/[a-z0-9']+/g) ?? []).every((w) => GENERAL_WORDS.has(w));
}

/**
 * Headline metrics: the model's ranking metric, then the first time-bound measure of each
 * aggregation (a count, an average, a distinct count, a sum) that counts every row (no subset filter).
 */
export function headlineMetrics(model: SemanticModel, max = 4): string[] {
  const out: string[] = [];
  const main = model.defaults.ranking_metric;
  if (main && [...model.measures, ...model.metrics].some((m) => m.name === main)) out.push(main);
  // a count, an average and a distinct count say more next to the ranking metric than another sum
  for (const agg of ['count', 'avg', 'count_distinct', 'sum']) {
    const m = model.measures.find((x) => x.agg === agg && x.time_bound !== false && !x.filter && !out.includes(x.name));
    if (m && out.length < max) out.push(m.name);
  }
  return out;
}

export interface OverviewPlan {
  query: SemanticQuery;
  period: string;
  previous: string;
  /** Each headline metric with its drill-in: the metric by month over both quarters. */
  metrics: { name: string; label: string; drill_in: SemanticQuery }[];
}

const pad = (n: number) => String(n).padStart(2, '0');
function quarterStart(year: number, q: number): string {
  const y = year + Math.floor((q - 1) / 4);
  const qq = ((((q - 1) % 4) + 4) % 4) + 1;
  return `${y}-${pad((qq - 1) * 3 + 1)}-01`;
}
function quarterLabel(start: string): string {
  return `Q${Math.floor((Number(start.slice(5, 7)) - 1) / 3) + 1} ${start.slice(0, 4)}`;
}

function drillIn(model: SemanticModel, metric: string, start: string, end: string, label: string): SemanticQuery {
  const m = [...model.measures, ...model.metrics].find((x) => x.name === metric);
  const dated = m?.time_dimension ?? model.defaults.time_dimension ?? model.time_dimensions[0]?.name;
  return {
    metrics: [metric],
    group_by: dated ? [{ dimension: dated, grain: 'month' }] : [],
    filters: [],
    metric_filters: [],
    order: dated ? [{ by: dated, direction: 'asc' }] : [],
    share_of_total: [],
    time_range: { start, end, label },
  };
}

/** The comparison query of the latest quarter complete by `asOf` (YYYY-MM-DD) against the one before. */
export function overviewPlan(model: SemanticModel, asOf: string): OverviewPlan | null {
  const metrics = headlineMetrics(model);
  if (metrics.length === 0) return null;
  const year = Number(asOf.slice(0, 4));
  const month = Number(asOf.slice(5, 7));
  // The quarter containing the day after asOf is incomplete unless asOf is its last day.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const currentQuarter = Math.floor((month - 1) / 3) + 1;
  const quarterEnds = month % 3 === 0 && Number(asOf.slice(8, 10)) === lastDay;
  const latest = quarterEnds ? currentQuarter : currentQuarter - 1;
  const start = quarterStart(year, latest);
  const end = quarterStart(year, latest + 1);
  const prevStart = quarterStart(year, latest - 1);
  const period = quarterLabel(start);
  const previous = quarterLabel(prevStart);
  return {
    query: {
      metrics,
      group_by: [],
      filters: [],
      metric_filters: [],
      order: [],
      share_of_total: [],
      time_range: { start, end, label: period },
      comparison: { previous: { start: prevStart, end: start, label: previous } },
    },
    period,
    previous,
    metrics: metrics.map((name) => ({
      name,
      label: metricLabel(model, name),
      drill_in: drillIn(model, name, prevStart, end, `${previous} to ${period}`),
    })),
  };
}

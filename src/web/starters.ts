/**
 * Starter questions for the question box: the model's verified queries first, then questions
 * made from the catalogue (the ranking metric by a few low-cardinality dimensions, its monthly
 * trend, a top 5) over the last full year before the model's "today".
 */
import type { SemanticLayer } from '../semantic/values.js';

export interface Starter {
  question: string;
  source: 'verified' | 'catalogue';
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const words = (name: string) => name.replace(/_/g, ' ');

export function starterQuestions(layer: SemanticLayer, max = 6): Starter[] {
  const { model, values } = layer;
  const out: Starter[] = model.verified_queries.slice(0, 3).map((v) => ({ question: v.question, source: 'verified' as const }));
  const asOf = new Date(`${layer.asOf}T00:00:00Z`);
  const year = asOf.getUTCMonth() === 11 && asOf.getUTCDate() === 31 ? asOf.getUTCFullYear() : asOf.getUTCFullYear() - 1;
  const metrics = [...model.measures, ...model.metrics];
  const main = metrics.find((m) => m.name === model.defaults.ranking_metric) ?? metrics[0];
  if (!main) return out.slice(0, max);
  const label = (x: { name: string; label?: string }) => x.label ?? words(x.name);
  const m = lower(label(main));
  const counted = model.measures.find((x) => x.agg === 'count' && x.name !== main.name);
  // Breakdowns people read at a glance: indexed dimensions with 3 to 12 values, unrelated names.
  const breakdowns: string[] = [];
  for (const d of model.dimensions) {
    const n = values[d.name]?.length ?? 0;
    if (!d.index_values || n < 3 || n > 12) continue;
    if (breakdowns.some((b) => b.split('_').some((w) => d.name.split('_').includes(w)))) continue;
    breakdowns.push(d.name);
  }
  const dimLabel = (name: string) => lower(label(model.dimensions.find((d) => d.name === name)!));
  const generated: string[] = [];
  if (breakdowns[0]) generated.push(`${upper(m)} by ${dimLabel(breakdowns[0])} in ${year}`);
  if (main.time_bound !== false) generated.push(`Monthly ${m} in ${year}`);
  const listed = model.dimensions.find((d) => !d.index_values && d.type === 'string');
  if (listed) generated.push(`Top 5 ${dimLabel(listed.name)}s by ${m} in ${year}`);
  if (breakdowns[1]) generated.push(`${upper(counted ? lower(label(counted)) : m)} by ${dimLabel(breakdowns[1])} in ${year}`);
  for (const q of generated) if (!out.some((s) => s.question === q)) out.push({ question: q, source: 'catalogue' });
  return out.slice(0, max);
}

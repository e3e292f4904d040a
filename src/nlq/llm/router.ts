/**
 * Hybrid routing: the interpreter answers what it understands with confidence; the planner is
 * consulted only for a low-confidence reading or an out_of_scope refusal that a model might read
 * better (a synonym the model lacks, a ratio or change the semantic layer cannot express).
 * out_of_domain stays refused without a call, and so do analyses the data does not compute.
 */
import type { Interpretation } from '../types.js';

/** Refusals a model cannot overturn: they are about what the data does, not about wording. */
const FIRM_REFUSALS = [/is not something the data model computes/i, /not a known value of any dimension/i];

export type Route = 'interpreter' | 'planner' | 'refuse';

export function route(interpretation: Interpretation, confidenceThreshold: number): Route {
  if (interpretation.kind === 'query') return interpretation.confidence >= confidenceThreshold ? 'interpreter' : 'planner';
  if (interpretation.kind === 'out_of_domain') return 'refuse';
  if (FIRM_REFUSALS.some((r) => r.test(interpretation.reason))) return 'refuse';
  // incomplete coverage (words the interpreter could not attach) or a concept it lacks: the model reads it
  return 'planner';
}

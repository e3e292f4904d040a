/**
 * The LLM side of question → query (see README "Language model"): provider (client.ts), routing
 * (router.ts), retrieval (retrieval.ts), prompts (prompts.ts + prompts/*.txt), planning and repair
 * (plan.ts), narration with number checks (narrate.ts), verified queries (verified.ts), token
 * counting (tokens.ts) and accounting (usage.ts). `createQuestionPlanner` wires them for a graph.
 */
import type { SemanticLayer } from '../../semantic/values.js';
import type { Warehouse } from '../../warehouse/types.js';
import { LlmClient } from './client.js';
import { narrate, type Narration, type NarrationInput } from './narrate.js';
import { LlmPlanner, type PlanRequest, type PlanResult } from './plan.js';
import { route, type Route } from './router.js';
import type { LlmSettings } from './settings.js';
import type { Interpretation } from '../types.js';

export { LlmClient, LlmUnavailableError, LlmResponseError, isRetryable } from './client.js';
export { LlmPlanner, PlanSchema, type PlanRequest, type PlanResult } from './plan.js';
export { narrate, verifyNarration, allowedNumbers, numbersIn, type Narration, type NarrationInput } from './narrate.js';
export { route, type Route } from './router.js';
export { llmSettingsFrom, describeEndpoint, LLM_DEFAULTS, type LlmSettings } from './settings.js';
export { countTokens, countRequestTokens } from './tokens.js';
export { addUsage, emptyUsage, usageText, type LlmUsage } from './usage.js';
export { matchVerified, verifiedEntries, questionSimilarity, type VerifiedEntry, type VerifiedMatch } from './verified.js';
export { retrieveContext, relevantItems } from './retrieval.js';
export { loadPrompt, renderPrompt, renderTemplate, placeholders, PROMPTS_DIR, type PromptName } from './prompts.js';
export { ResearchPlanner, type ResearchPlan } from './research.js';

/** What the agent graph consults (configuration.planner). */
export interface QuestionPlanner {
  readonly settings: LlmSettings;
  readonly client: LlmClient;
  route(interpretation: Interpretation): Route;
  plan(request: PlanRequest): Promise<PlanResult>;
  /** null in privacy mode or when narration is off: the template answer stands. */
  narrate(input: NarrationInput): Promise<Narration> | null;
}

/** Wraps a SELECT so that it binds and plans but returns no rows. */
export function probeSql(sql: string): string {
  return `SELECT * FROM (${sql.replace(/;\s*$/, '')}) AS quarry_probe LIMIT 0`;
}

export function createQuestionPlanner(
  settings: LlmSettings,
  layer: SemanticLayer,
  warehouse: Warehouse,
  options: { maxRows?: number; queryTimeoutMs?: number; verified?: import('./verified.js').VerifiedEntry[] } = {},
): QuestionPlanner {
  const client = new LlmClient(settings);
  const planner = new LlmPlanner({
    client,
    catalogue: layer.catalogue,
    dialect: warehouse.dialect,
    verified: options.verified,
    sendValues: settings.sendRows,
    maxRepairs: settings.maxRepairs,
    promptBudget: settings.promptBudget,
    maxRows: options.maxRows,
    probe: async (sql, signal) => {
      await warehouse.run(probeSql(sql), { timeoutMs: options.queryTimeoutMs ?? 30_000, maxRows: 1, signal });
    },
  });
  return {
    settings,
    client,
    route: (interpretation) => route(interpretation, settings.confidenceThreshold),
    plan: (request) => planner.plan(request),
    narrate: (input) => (settings.sendRows && settings.narrate ? narrate(client, input) : null),
  };
}

/**
 * How Quarry reaches its language model: any OpenAI-compatible endpoint (OpenAI, Azure OpenAI,
 * vLLM, Ollama, llama.cpp server). Unset base URL and model = no LLM: the interpreter alone.
 */
import type { Config } from '../../config.js';

export interface LlmSettings {
  /** OpenAI-compatible base URL, e.g. `https://api.openai.com/v1`, `http://localhost:11434/v1`. */
  baseUrl: string;
  /** Bearer key; local servers accept any (a placeholder is sent when unset). */
  apiKey?: string;
  model: string;
  /** false: no result rows or dimension values leave the process; narration uses templates. */
  sendRows: boolean;
  /** Time limit of one model call (ms). */
  timeoutMs: number;
  /** Attempts per call: the first plus retries on 429, 5xx, timeouts and connection errors. */
  maxAttempts: number;
  /** First backoff (ms); doubles each retry, with jitter, honouring Retry-After up to 30 s. */
  backoffMs: number;
  /** Below this interpreter confidence the planner is consulted. */
  confidenceThreshold: number;
  /** Repairs after a compile or SQL error (each is one more model call). */
  maxRepairs: number;
  /** Prompt token budget of one planning call (counted with js-tiktoken). */
  promptBudget: number;
  /** Narrate answers with the model (only when rows may be sent). */
  narrate: boolean;
}

export const LLM_DEFAULTS = {
  timeoutMs: 30_000,
  maxAttempts: 3,
  backoffMs: 500,
  confidenceThreshold: 0.7,
  maxRepairs: 2,
  promptBudget: 4000,
  narrate: true,
} as const;

/** The LLM settings in effect, or undefined when no model is configured. */
export function llmSettingsFrom(config: Config, overrides: Partial<LlmSettings> = {}): LlmSettings | undefined {
  if (!config.llmBaseUrl || !config.llmModel) return undefined;
  return {
    ...LLM_DEFAULTS,
    baseUrl: config.llmBaseUrl,
    apiKey: config.llmApiKey,
    model: config.llmModel,
    sendRows: config.llmSendRows,
    ...overrides,
  };
}

/** Where the model lives, without credentials (for logs and messages). */
export function describeEndpoint(s: Pick<LlmSettings, 'baseUrl' | 'model'>): string {
  try {
    const u = new URL(s.baseUrl);
    return `${s.model} at ${u.protocol}//${u.host}${u.pathname.replace(/\/$/, '')}`;
  } catch {
    return s.model;
  }
}

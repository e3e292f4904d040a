/** Accounting of model use per inquiry: calls, prompt and completion tokens, model latency. */
export interface LlmUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** Wall time spent waiting for the model, retries and backoff included (ms). */
  latencyMs: number;
  /** Attempts that failed and were retried (429, 5xx, timeouts). */
  retries: number;
}

export const emptyUsage = (): LlmUsage => ({ calls: 0, promptTokens: 0, completionTokens: 0, latencyMs: 0, retries: 0 });

export function addUsage(a: LlmUsage | null | undefined, b: LlmUsage | null | undefined): LlmUsage {
  const x = a ?? emptyUsage();
  const y = b ?? emptyUsage();
  return {
    calls: x.calls + y.calls,
    promptTokens: x.promptTokens + y.promptTokens,
    completionTokens: x.completionTokens + y.completionTokens,
    latencyMs: x.latencyMs + y.latencyMs,
    retries: x.retries + y.retries,
  };
}

/** The `thinking` line of an inquiry's model use. */
export function usageText(u: LlmUsage): string {
  if (u.calls === 0) return 'No language-model call was made.';
  return `Language model: ${u.calls} call${u.calls === 1 ? '' : 's'}, ${u.promptTokens} prompt + ${u.completionTokens} completion tokens, ${Math.round(u.latencyMs)} ms${u.retries ? `, ${u.retries} retr${u.retries === 1 ? 'y' : 'ies'}` : ''}.`;
}

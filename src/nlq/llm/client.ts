/**
 * The model client: ChatOpenAI against any OpenAI-compatible endpoint, with a time limit per call,
 * retries with exponential backoff on 429 / 5xx / timeouts / connection errors (Quarry's own loop,
 * so it can count them), and per-call accounting. A model that stays unreachable raises
 * `LlmUnavailableError`, which the graph turns into a clear `failed`.
 */
import type { BaseMessageLike } from '@langchain/core/messages';
import type { ChatOpenAI } from '@langchain/openai';
import type { z } from 'zod';
import { describeEndpoint, type LlmSettings } from './settings.js';
import { emptyUsage, type LlmUsage } from './usage.js';

export class LlmUnavailableError extends Error {
  override name = 'LlmUnavailableError';
  /** What the failed attempts cost. */
  usage: LlmUsage = emptyUsage();
}
/** The model answered, but not in the shape asked for. */
export class LlmResponseError extends Error {
  override name = 'LlmResponseError';
}

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

interface ErrorLike {
  status?: number;
  name?: string;
  code?: string;
  message?: string;
  headers?: Record<string, string> | Headers;
}

/** 429, 5xx, time-outs and connection failures are worth another attempt; 4xx are not. */
export function isRetryable(err: unknown): boolean {
  const e = err as ErrorLike;
  if (typeof e?.status === 'number') return e.status === 408 || e.status === 409 || e.status === 429 || e.status >= 500;
  if (e?.name === 'AbortError' && !/timeout|timed out/i.test(e.message ?? '')) return false;
  return /timeout|timed out|connection|ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|socket|fetch failed/i.test(
    `${e?.name} ${e?.code} ${e?.message}`,
  );
}

function retryAfterMs(err: unknown): number | undefined {
  const h = (err as ErrorLike)?.headers;
  const v = h instanceof Headers ? h.get('retry-after') : h?.['retry-after'];
  if (!v) return undefined;
  const s = Number(v);
  return Number.isFinite(s) ? Math.min(30_000, s * 1000) : undefined;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((res, rej) => {
    if (signal?.aborted) return rej(signal.reason);
    const t = setTimeout(res, ms);
    signal?.addEventListener('abort', () => (clearTimeout(t), rej(signal.reason)), { once: true });
  });

export interface CallOptions {
  signal?: AbortSignal;
}

export class LlmClient {
  /** Created on the first call: @langchain/openai takes ~0.5 s to load, and most processes never call a model. */
  private chat?: Promise<ChatOpenAI>;
  readonly endpoint: string;
  /** Usage of every call made through this client (process totals; per-inquiry usage is returned per call). */
  readonly total: LlmUsage = emptyUsage();

  constructor(readonly settings: LlmSettings) {
    this.endpoint = describeEndpoint(settings);
  }

  private model(): Promise<ChatOpenAI> {
    const { settings } = this;
    return (this.chat ??= import('@langchain/openai').then(
      ({ ChatOpenAI }) =>
        new ChatOpenAI({
          model: settings.model,
          apiKey: settings.apiKey ?? 'not-needed',
          temperature: 0,
          timeout: settings.timeoutMs,
          maxRetries: 0,
          configuration: { baseURL: settings.baseUrl },
        }),
    ));
  }

  /** One structured-output call (function calling with the zod schema): parsed value + usage. */
  async structured<S extends z.ZodType>(
    messages: ChatMessage[],
    schema: S,
    name: string,
    options: CallOptions = {},
  ): Promise<{ value: z.infer<S> | null; error?: string; usage: LlmUsage }> {
    const runnable = (await this.model()).withStructuredOutput(schema, { name, method: 'functionCalling', includeRaw: true });
    const { result, usage } = await this.attempt(() => runnable.invoke(toLc(messages), { signal: options.signal }), options.signal);
    const raw = result.raw as { usage_metadata?: { input_tokens?: number; output_tokens?: number } };
    addTokens(usage, raw.usage_metadata);
    const parsed = schema.safeParse(result.parsed);
    if (!parsed.success)
      return {
        value: null,
        error: `the answer did not match the ${name} schema: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
        usage,
      };
    return { value: parsed.data, usage };
  }

  /** One plain-text call. */
  async text(messages: ChatMessage[], options: CallOptions = {}): Promise<{ text: string; usage: LlmUsage }> {
    const { result, usage } = await this.attempt(
      async () => (await this.model()).invoke(toLc(messages), { signal: options.signal }),
      options.signal,
    );
    addTokens(usage, result.usage_metadata);
    const content =
      typeof result.content === 'string' ? result.content : result.content.map((c) => ('text' in c ? String(c.text) : '')).join('');
    return { text: content, usage };
  }

  private async attempt<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<{ result: T; usage: LlmUsage }> {
    const usage = emptyUsage();
    const started = performance.now();
    let lastErr: unknown;
    try {
      for (let i = 0; i < this.settings.maxAttempts; i++) {
        if (i > 0) {
          usage.retries++;
          const base = this.settings.backoffMs * 2 ** (i - 1);
          await sleep(retryAfterMs(lastErr) ?? base + Math.random() * base * 0.25, signal);
        }
        try {
          usage.calls = 1;
          const result = await fn();
          return { result, usage };
        } catch (err) {
          if (signal?.aborted) throw err;
          lastErr = err;
          if (!isRetryable(err)) break;
        }
      }
      const e = lastErr as ErrorLike;
      const what = e?.status ? `HTTP ${e.status}` : (e?.message ?? String(lastErr)).split('\n')[0];
      const tries = usage.retries + 1;
      const unavailable = new LlmUnavailableError(
        `The language model (${this.endpoint}) could not be used after ${tries} attempt${tries === 1 ? '' : 's'}: ${what}.`,
      );
      unavailable.usage = usage;
      throw unavailable;
    } finally {
      usage.latencyMs = performance.now() - started;
      this.total.calls += usage.calls;
      this.total.retries += usage.retries;
      this.total.latencyMs += usage.latencyMs;
    }
  }
}

function addTokens(usage: LlmUsage, meta?: { input_tokens?: number; output_tokens?: number }) {
  usage.promptTokens += meta?.input_tokens ?? 0;
  usage.completionTokens += meta?.output_tokens ?? 0;
}

function toLc(messages: ChatMessage[]): BaseMessageLike[] {
  return messages.map((m) => [m.role === 'user' ? 'human' : m.role === 'assistant' ? 'ai' : 'system', m.content] as [string, string]);
}

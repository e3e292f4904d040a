/**
 * A small client of a running Quarry server's REST API, for the people's commands
 * (`quarry ask`, `quarry research` with a server configured).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.js';
import type { Dimensions, InquiryStatusResponse } from './schemas/inquiry.js';
import type { ResearchBudgetInput, ResearchSubmitted } from './schemas/research.js';

export class ClientError extends Error {
  constructor(
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}

/** The server a client command talks to: --server, else QUARRY_URL, else QUARRY_HOST:QUARRY_PORT. */
export function serverUrl(config: Config, explicit?: string): string {
  if (explicit) return explicit.replace(/\/+$/, '');
  if (config.url) return config.url.replace(/\/+$/, '');
  const host =
    config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

/** The key a client command presents: QUARRY_API_KEY, else the first key file of the data directory. */
export function clientKey(config: Config): string {
  if (config.apiKey) return config.apiKey;
  const file = join(config.dataDir, 'api-key');
  if (existsSync(file)) {
    const key = readFileSync(file, 'utf8').trim();
    if (key) return key;
  }
  throw new ClientError(`no API key: set QUARRY_API_KEY (create one under Settings → API keys, or with \`quarry keys create\`)`);
}

export class QuarryClient {
  constructor(
    readonly base: string,
    private readonly key: string,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    let response: Response;
    try {
      response = await fetch(`${this.base}/api${path}`, {
        method,
        headers: { 'x-api-key': this.key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new ClientError(
        `cannot reach the Quarry server at ${this.base} (${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message}); is it running? (--server or QUARRY_URL)`,
      );
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = { detail: text.slice(0, 200) };
    }
    if (!response.ok && response.status !== 408) {
      throw new ClientError(
        `${response.status}: ${(parsed as { detail?: string } | null)?.detail ?? response.statusText}`,
        response.status,
      );
    }
    return { status: response.status, body: parsed as T };
  }

  async newSession(): Promise<string> {
    return (await this.call<{ session_id: string }>('POST', '/session/new')).body.session_id;
  }

  async ask(sessionId: string, query: string, dimensions?: Dimensions | null): Promise<string> {
    return (
      await this.call<{ inquiry_id: string }>('POST', `/session/${encodeURIComponent(sessionId)}/inquiry/agent`, {
        query,
        dimensions: dimensions ?? undefined,
      })
    ).body.inquiry_id;
  }

  async status(inquiryId: string): Promise<InquiryStatusResponse> {
    return (await this.call<InquiryStatusResponse>('GET', `/inquiry/${encodeURIComponent(inquiryId)}/status`)).body;
  }

  /** Long-polls until terminal (repeating after each 408). */
  async result(inquiryId: string, timeoutSeconds = 120): Promise<InquiryStatusResponse> {
    for (;;) {
      const r = await this.call<InquiryStatusResponse>('GET', `/inquiry/${encodeURIComponent(inquiryId)}/result?timeout=${timeoutSeconds}`);
      if (r.status === 200) return r.body;
    }
  }

  async stop(inquiryId: string): Promise<void> {
    await this.call('POST', `/inquiry/${encodeURIComponent(inquiryId)}/stop`);
  }

  async research(
    question: string,
    options: { dimensions?: Dimensions | null; budget?: ResearchBudgetInput | null } = {},
  ): Promise<ResearchSubmitted> {
    return (
      await this.call<ResearchSubmitted>('POST', '/research', {
        question,
        dimensions: options.dimensions ?? undefined,
        budget: options.budget ?? undefined,
      })
    ).body;
  }
}

/**
 * A scripted OpenAI-compatible endpoint (nock): each POST /chat/completions takes the next scripted
 * reply and records the request body. Nothing reaches a network: net connect is disabled except to
 * the local test server.
 */
import nock from 'nock';

export const LLM_BASE = 'http://llm.quarry.test/v1';

type Usage = { prompt_tokens: number; completion_tokens: number };
export type Scripted =
  | { tool: string; args: unknown; usage?: Usage; delayMs?: number }
  | { text: string; usage?: Usage; delayMs?: number }
  | { status: number; body?: unknown; delayMs?: number }
  | { networkError: string };

export interface ScriptedLlm {
  /** Request bodies received, in order. */
  bodies: Record<string, unknown>[];
  /** Authorization headers received. */
  auth: string[];
  push(...replies: Scripted[]): void;
  pending(): number;
  done(): void;
}

export function scriptLlm(base = LLM_BASE): ScriptedLlm {
  nock.disableNetConnect();
  nock.enableNetConnect(/127\.0\.0\.1|localhost/);
  const url = new URL(base);
  const origin = `${url.protocol}//${url.host}`;
  const path = `${url.pathname.replace(/\/$/, '')}/chat/completions`;
  const queue: Scripted[] = [];
  const bodies: Record<string, unknown>[] = [];
  const auth: string[] = [];
  const scope = nock(origin).persist().post(path);
  scope.reply(async function (_uri, body) {
    bodies.push(body as Record<string, unknown>);
    auth.push(String(this.req.headers.authorization ?? ''));
    const next = queue.shift();
    if (!next) return [500, { error: { message: 'no scripted reply left' } }];
    if ('delayMs' in next && next.delayMs) await new Promise((r) => setTimeout(r, next.delayMs));
    if ('networkError' in next) throw Object.assign(new Error(next.networkError), { code: 'ECONNREFUSED' });
    if ('status' in next) return [next.status, next.body ?? { error: { message: `scripted ${next.status}` } }];
    const usage = { ...(next.usage ?? { prompt_tokens: 100, completion_tokens: 20 }) };
    const message =
      'tool' in next
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: `call_${bodies.length}`, type: 'function', function: { name: next.tool, arguments: JSON.stringify(next.args) } },
            ],
          }
        : { role: 'assistant', content: next.text };
    return [
      200,
      {
        id: `cmpl_${bodies.length}`,
        object: 'chat.completion',
        created: 1,
        model: 'scripted',
        choices: [{ index: 0, finish_reason: 'tool' in next ? 'tool_calls' : 'stop', message }],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      },
    ];
  });
  return {
    bodies,
    auth,
    push: (...r) => queue.push(...r),
    pending: () => queue.length,
    done: () => {
      nock.cleanAll();
      nock.enableNetConnect();
    },
  };
}

/** Text of every message of a recorded request (and its tool schema). */
export function requestText(body: Record<string, unknown>): string {
  return JSON.stringify(body);
}

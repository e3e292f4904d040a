import { afterEach, describe, expect, it } from 'vitest';
import { LlmClient, LlmUnavailableError, PlanSchema } from '../../../src/nlq/llm/index.js';
import { LLM_DEFAULTS } from '../../../src/nlq/llm/settings.js';
import { LLM_BASE, scriptLlm, type ScriptedLlm } from '../../helpers/llm.js';

const settings = {
  ...LLM_DEFAULTS,
  baseUrl: LLM_BASE,
  apiKey: 'sk-secret-test',
  model: 'scripted',
  sendRows: true,
  backoffMs: 5,
  timeoutMs: 2000,
};

describe('LLM client against a scripted OpenAI-compatible endpoint', () => {
  let llm: ScriptedLlm;
  afterEach(() => llm.done());

  it('parses a structured answer and counts tokens from the response usage', async () => {
    llm = scriptLlm();
    llm.push({
      tool: 'plan',
      args: { kind: 'query', query: { metrics: ['revenue'] } },
      usage: { prompt_tokens: 321, completion_tokens: 12 },
    });
    const client = new LlmClient(settings);
    const r = await client.structured([{ role: 'user', content: 'q' }], PlanSchema, 'plan');
    expect(r.value?.kind).toBe('query');
    expect(r.value?.query?.metrics).toEqual(['revenue']);
    expect(r.value?.query?.group_by).toEqual([]);
    expect(r.usage).toMatchObject({ calls: 1, promptTokens: 321, completionTokens: 12, retries: 0 });
    expect(llm.auth[0]).toBe('Bearer sk-secret-test');
    expect((llm.bodies[0] as { model: string }).model).toBe('scripted');
  });

  it('a model that answers in prose instead of calling the tool gives no value and a reason (repairable)', async () => {
    llm = scriptLlm();
    llm.push({ text: 'I think you want revenue.' });
    const client = new LlmClient(settings);
    const r = await client.structured([{ role: 'user', content: 'q' }], PlanSchema, 'plan');
    expect(r.value).toBeNull();
    expect(r.error).toMatch(/did not match the plan schema/);
    expect(r.usage.calls).toBe(1);
  });

  it('retries a 429 and then succeeds', async () => {
    llm = scriptLlm();
    llm.push({ status: 429 }, { text: 'ok' });
    const client = new LlmClient(settings);
    const r = await client.text([{ role: 'user', content: 'q' }]);
    expect(r.text).toBe('ok');
    expect(r.usage.retries).toBe(1);
    expect(llm.bodies).toHaveLength(2);
  });

  it('retries 5xx, gives up after maxAttempts with a clear error', async () => {
    llm = scriptLlm();
    llm.push({ status: 503 }, { status: 502 }, { status: 500 });
    const client = new LlmClient(settings);
    const err = await client.text([{ role: 'user', content: 'q' }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmUnavailableError);
    expect((err as Error).message).toMatch(/could not be used after 3 attempts: HTTP 500/);
    expect((err as Error).message).not.toContain('sk-secret-test');
    expect(llm.bodies).toHaveLength(3);
  });

  it('does not retry a 400', async () => {
    llm = scriptLlm();
    llm.push({ status: 400 }, { text: 'never' });
    const client = new LlmClient(settings);
    await expect(client.text([{ role: 'user', content: 'q' }])).rejects.toThrow(/after 1 attempt: HTTP 400/);
    expect(llm.bodies).toHaveLength(1);
  });

  it('an unreachable endpoint ends in LlmUnavailableError after the retries', async () => {
    llm = scriptLlm();
    llm.push({ networkError: 'connect ECONNREFUSED' }, { networkError: 'connect ECONNREFUSED' }, { networkError: 'connect ECONNREFUSED' });
    const client = new LlmClient(settings);
    const err = await client.text([{ role: 'user', content: 'q' }]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LlmUnavailableError);
    expect((err as LlmUnavailableError).usage.retries).toBe(2);
  });

  it('times out a model that does not answer in time', async () => {
    llm = scriptLlm();
    llm.push({ text: 'late', delayMs: 400 }, { text: 'late', delayMs: 400 });
    const client = new LlmClient({ ...settings, timeoutMs: 100, maxAttempts: 2 });
    await expect(client.text([{ role: 'user', content: 'q' }])).rejects.toBeInstanceOf(LlmUnavailableError);
  });
});

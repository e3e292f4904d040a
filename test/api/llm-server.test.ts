/**
 * A real listening server configured through QUARRY_LLM_* with the model endpoint scripted by nock:
 * the planner is consulted over REST, accounting shows in `thinking` and /metrics, and the logs
 * carry neither the API key nor result rows.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { serve } from '../../src/server.js';
import { LLM_BASE, scriptLlm, type ScriptedLlm } from '../helpers/llm.js';
import { TPCH_DIR } from '../helpers/paths.js';
import { TEST_KEY } from '../helpers/server.js';

const LLM_KEY = 'sk-llm-secret-0123456789';

describe('REST server with an OpenAI-compatible model configured by QUARRY_LLM_*', () => {
  let llm: ScriptedLlm;
  let base: string;
  let close: () => Promise<void>;
  const logs: string[] = [];

  beforeAll(async () => {
    llm = scriptLlm();
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-llm-'));
    const config = loadConfig({
      env: {
        QUARRY_DATA_DIR: dataDir,
        QUARRY_PORT: '0',
        QUARRY_WAREHOUSE: `duckdb:${TPCH_DIR}`,
        QUARRY_BOOTSTRAP_KEY: TEST_KEY,
        QUARRY_LLM_BASE_URL: LLM_BASE,
        QUARRY_LLM_API_KEY: LLM_KEY,
        QUARRY_LLM_MODEL: 'scripted-model',
        QUARRY_LOG_LEVEL: 'info',
      },
      file: join(dataDir, 'none.yaml'),
    });
    const stream = new Writable({ write: (chunk, _enc, cb) => (logs.push(String(chunk)), cb()) });
    const server = await serve(config, { logger: pino({ level: 'info' }, stream) });
    base = server.url;
    close = server.close;
  }, 60_000);
  afterAll(async () => {
    await close?.();
    llm.done();
  });

  const api = (path: string, init: RequestInit & { json?: unknown } = {}) =>
    fetch(`${base}/api${path}`, {
      ...init,
      headers: { 'x-api-key': TEST_KEY, ...(init.json ? { 'content-type': 'application/json' } : {}) },
      body: init.json ? JSON.stringify(init.json) : init.body,
    });

  it('answers a question the interpreter is unsure of with the planned query, and accounts for it', async () => {
    llm.push(
      {
        tool: 'plan',
        args: {
          kind: 'query',
          query: {
            metrics: ['revenue'],
            group_by: [{ dimension: 'market_segment' }],
            time_range: { start: '1996-01-01', end: '1997-01-01', label: '1996' },
          },
        },
        usage: { prompt_tokens: 1500, completion_tokens: 60 },
      },
      { text: 'Revenue by segment for 1996 is in the table.', usage: { prompt_tokens: 400, completion_tokens: 15 } },
    );
    const session = (await (await api('/session/new', { method: 'POST' })).json()).session_id as string;
    const submitted = await (
      await api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'Takings per market segment during 1996' } })
    ).json();
    const result = await (await api(`/inquiry/${submitted.inquiry_id}/result?timeout=30`)).json();
    expect(result.status.general).toBe('done');
    expect(result.data.data).toHaveLength(5);
    expect(Object.keys(result.data.data[0])).toEqual(expect.arrayContaining(['market_segment', 'revenue']));
    expect(result.answer).toBe('Revenue by segment for 1996 is in the table.');
    expect(result.thinking.messages.join('\n')).toMatch(/Language model: 2 calls, 1900 prompt \+ 75 completion tokens/);
    expect(llm.auth[0]).toBe(`Bearer ${LLM_KEY}`);
    expect((llm.bodies[0] as { model: string }).model).toBe('scripted-model');

    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(/quarry_llm_calls_total 2/);
    expect(metrics).toMatch(/quarry_llm_tokens_total\{kind="prompt"\} 1900/);
    expect(metrics).toMatch(/quarry_query_source_total\{source="llm"\} 1/);

    const logText = logs.join('');
    expect(logText).toContain('language model configured');
    expect(logText).toContain('"calls":2');
    expect(logText).not.toContain(LLM_KEY);
    // a row value may not appear as a number of its own (ports and times may contain its digits)
    for (const row of result.data.data as Record<string, unknown>[])
      expect(logText).not.toMatch(new RegExp(`(?<![0-9.])${String(Math.round(Number(row.revenue)))}(?![0-9])`));
  });

  it('an unreachable model ends the inquiry failed over REST', async () => {
    llm.push({ networkError: 'connect ECONNREFUSED' }, { networkError: 'connect ECONNREFUSED' }, { networkError: 'connect ECONNREFUSED' });
    const session = (await (await api('/session/new', { method: 'POST' })).json()).session_id as string;
    const submitted = await (
      await api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'Takings per market segment during 1996' } })
    ).json();
    const result = await (await api(`/inquiry/${submitted.inquiry_id}/result?timeout=30`)).json();
    expect(result.status.general).toBe('failed');
    expect(result.explanation).toMatch(/language model .* could not be used after 3 attempts/);
  });
});

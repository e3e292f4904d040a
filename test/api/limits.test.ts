import { afterEach, describe, expect, it } from 'vitest';
import { scriptedEngine } from '../helpers/scripted-engine.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('limits → 429 {detail} with Retry-After', () => {
  let s: TestServer | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  it('rate limit per API key: beyond the limit 429, another key unaffected', async () => {
    s = await startTestServer({ engine: scriptedEngine(), overrides: { rateLimitMax: 3, rateLimitWindowMs: 60_000 } });
    for (let i = 0; i < 3; i++) expect((await s.api('/session/new', { method: 'POST' })).status).toBe(200);
    const limited = await s.api('/session/new', { method: 'POST' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).detail).toMatch(/Rate limit exceeded/);
    const account = (await s.runtime.store.accounts.list())[0];
    const { key } = await s.runtime.keys.create(account.id, 'second');
    expect((await s.api('/session/new', { method: 'POST', key })).status).toBe(200);
    // health stays reachable for probes
    expect((await s.api('/health', { key: null })).status).toBe(200);
  });

  it('a full queue refuses new submissions instead of growing memory', async () => {
    s = await startTestServer({ engine: scriptedEngine(), overrides: { concurrency: 1, queueDepth: 2 } });
    const session = (await (await s.api('/session/new', { method: 'POST' })).json()).session_id;
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 5; i++) {
      const r = await s.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'hang' } });
      statuses.push(r.status);
      if (r.status === 429) {
        retryAfter = r.headers.get('retry-after');
        expect((await r.json()).detail).toMatch(/busy/);
      }
    }
    // one running + two waiting are accepted; the rest are refused
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(await s.runtime.inquiries.queue.waiting()).toBe(2);
  });

  it('a per-account cap on inquiries in progress', async () => {
    s = await startTestServer({ engine: scriptedEngine(), overrides: { accountMaxActive: 2 } });
    const session = (await (await s.api('/session/new', { method: 'POST' })).json()).session_id;
    const submit = () => s!.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'hang' } });
    expect((await submit()).status).toBe(200);
    expect((await submit()).status).toBe(200);
    const third = await submit();
    expect(third.status).toBe(429);
    expect((await third.json()).detail).toMatch(/at most 2/);
  });

  it('the per-account cap holds when many submissions arrive at the same moment', async () => {
    s = await startTestServer({ engine: scriptedEngine(), overrides: { accountMaxActive: 3 } });
    const session = (await (await s.api('/session/new', { method: 'POST' })).json()).session_id;
    const statuses = await Promise.all(
      Array.from(
        { length: 12 },
        async () => (await s!.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'hang' } })).status,
      ),
    );
    expect(statuses.filter((c) => c === 200)).toHaveLength(3);
    expect(statuses.filter((c) => c === 429)).toHaveLength(9);
    expect(await s.runtime.store.inquiries.countActive((await s.runtime.store.accounts.list())[0]!.id)).toBe(3);
  });

  it('the tool interface at /mcp is limited per API key too', async () => {
    s = await startTestServer({ engine: scriptedEngine(), overrides: { rateLimitMax: 3, rateLimitWindowMs: 60_000 } });
    const account = (await s.runtime.store.accounts.list())[0];
    const { key: other } = await s.runtime.keys.create(account.id, 'other');
    const mcp = (key: string, bearer = false) =>
      fetch(s!.base.replace(/\/api$/, '/mcp'), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(bearer ? { authorization: `Bearer ${key}` } : { 'x-api-key': key }),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    for (let i = 0; i < 3; i++) expect((await mcp(s.key, i === 1)).status).not.toBe(429);
    const limited = await mcp(s.key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await mcp(other)).status).not.toBe(429);
  });
});

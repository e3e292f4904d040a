import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedEngine, type ScriptedEngine } from '../helpers/scripted-engine.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ANSWER_FIELDS = ['answer', 'sql_query', 'data', 'chart', 'explanation', 'time_frame', 'answer_explanation', 'thinking'];

describe('inquiry lifecycle over HTTP (§3)', () => {
  let s: TestServer;
  let engine: ScriptedEngine;
  let session: string;
  beforeAll(async () => {
    engine = scriptedEngine();
    s = await startTestServer({ engine, overrides: { inquiryTimeoutMs: 30_000, concurrency: 8 } });
    session = (await (await s.api('/session/new', { method: 'POST' })).json()).session_id;
  });
  afterAll(() => s.close());

  const submit = async (query: string, dimensions?: unknown) => {
    const r = await s.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query, dimensions } });
    expect(r.status).toBe(200);
    return (await r.json()).inquiry_id as string;
  };
  const result = async (id: string, q = 'timeout=10&poll_interval=30') => {
    const r = await s.api(`/inquiry/${id}/result?${q}`);
    return { status: r.status, body: await r.json() };
  };

  it('answers {inquiry_id} at once and shows every field, empty, while processing', async () => {
    const t0 = Date.now();
    const id = await submit('sleep 250 then done');
    expect(Date.now() - t0).toBeLessThan(200);
    const r = await s.api(`/inquiry/${id}/status`);
    const body = await r.json();
    expect(body.status).toEqual({ general: 'processing', answer: 'pending', chart: 'pending' });
    expect(body.inquiry_type).toBe('agent');
    expect(body.user_input).toBe('sleep 250 then done');
    for (const f of ANSWER_FIELDS) expect(body, f).toHaveProperty(f);
    expect(body.answer).toBe('');
    expect(body.sql_query).toBe('');
    expect(body.data).toEqual({ title: '', data: [], symbols: {}, semantic_types: {} });
    expect(body.chart).toEqual({ chart_type: '', chart_metadata: {}, chart_data: [] });
    expect(body.thinking).toEqual({ title: '', messages: [] });
    const done = await result(id);
    expect(done.status).toBe(200);
    expect(done.body.status).toEqual({ general: 'done', answer: 'ready', chart: 'ready' });
    expect(done.body.data.data).toEqual([{ answer: 42 }]);
    expect(done.body.sql_query).toBe('SELECT 42 AS answer');
  });

  it.each(['failed', 'out_of_domain', 'out_of_scope', 'no_data'])('processing → %s', async (state) => {
    const id = await submit(`end ${state}`);
    const r = await result(id);
    expect(r.status).toBe(200);
    expect(r.body.status.general).toBe(state);
    expect(r.body.error).toBe(`scripted ${state}`);
  });

  it('an engine crash → failed without internals', async () => {
    const id = await submit('throw');
    const r = await result(id);
    expect(r.body.status.general).toBe('failed');
    expect(JSON.stringify(r.body)).not.toContain('/etc/something');
  });

  it('stop: processing → stopped, the run is cancelled, and a second stop changes nothing', async () => {
    const id = await submit('sleep 100000 then done');
    await new Promise((r) => setTimeout(r, 50));
    const stop = await s.api(`/inquiry/${id}/stop`, { method: 'POST' });
    expect(stop.status).toBe(200);
    const body = await stop.json();
    expect(body.stopped).toBe(true);
    expect(body.status.general).toBe('stopped');
    await new Promise((r) => setTimeout(r, 50));
    expect(engine.aborted).toContain(id);
    const again = await (await s.api(`/inquiry/${id}/stop`, { method: 'POST' })).json();
    expect(again.stopped).toBe(false);
    expect(again.detail).toMatch(/already ended \(stopped\)/);
    expect((await result(id)).body.status.general).toBe('stopped');
  });

  it('a stopped research keeps the progress and operations it stored while running', async () => {
    const principal = { accountId: (await s.runtime.store.accounts.list())[0].id, apiKeyId: 'test' };
    const record = await s.runtime.inquiries.submit(principal, session, {
      question: 'report progress then sleep 100000 then done',
      type: 'research',
    });
    await new Promise((r) => setTimeout(r, 150));
    const running = await (await s.api(`/inquiry/${record.id}/status`)).json();
    expect(running.progress).toBe(40);
    const stopped = await (await s.api(`/inquiry/${record.id}/stop`, { method: 'POST' })).json();
    expect(stopped.status.general).toBe('stopped');
    expect(stopped.progress).toBe(40);
    expect(stopped.operations).toEqual([{ kind: 'plan', status: 'done' }]);
  });

  it('a terminal state never changes: stopping a done inquiry leaves it done', async () => {
    const id = await submit('end done');
    expect((await result(id)).body.status.general).toBe('done');
    const stop = await (await s.api(`/inquiry/${id}/stop`, { method: 'POST' })).json();
    expect(stop.stopped).toBe(false);
    expect(stop.status.general).toBe('done');
    expect(stop.answer).toMatch(/Answer to/);
    // and the store refuses a second terminal write
    const won = await s.runtime.store.inquiries.finishIfProcessing(id, { status: 'failed', result: null });
    expect(won).toBe(false);
    expect((await result(id)).body.status.general).toBe('done');
  });

  it('the long-poll wakes on completion, not at the next poll tick', async () => {
    const id = await submit('sleep 300 then done');
    const t0 = Date.now();
    const r = await result(id, 'timeout=60&poll_interval=30');
    const waited = Date.now() - t0;
    expect(r.body.status.general).toBe('done');
    // A poll-driven wait would take poll_interval (30 s); the event wakes it right after 300 ms.
    expect(waited).toBeLessThan(5000);
  });

  it('408 after timeout; the inquiry keeps processing and finishes later', async () => {
    const id = await submit('sleep 11000 then done');
    const r = await result(id, 'timeout=10&poll_interval=2');
    expect(r.status).toBe(408);
    expect(r.body.detail).toMatch(/still processing/);
    const status = await (await s.api(`/inquiry/${id}/status`)).json();
    expect(status.status.general).toBe('processing');
    const later = await result(id, 'timeout=30');
    expect(later.body.status.general).toBe('done');
  }, 40_000);

  it('a client that disconnects releases its waiter', async () => {
    const id = await submit('sleep 2000 then done');
    expect(s.runtime.inquiries.events.size).toBe(0);
    const url = new URL(`${s.base}/inquiry/${id}/result?timeout=60`);
    const req = httpRequest(url, { headers: { 'x-api-key': s.key } });
    req.on('error', () => undefined);
    req.end();
    await new Promise((r) => setTimeout(r, 150));
    expect(s.runtime.inquiries.events.size).toBe(1);
    req.destroy();
    await new Promise((r) => setTimeout(r, 150));
    expect(s.runtime.inquiries.events.size).toBe(0);
  });

  it('follow-ups see the session history', async () => {
    const first = await submit('end done');
    await result(first);
    const second = await submit('sleep 10 then done');
    await result(second);
    const job = engine.jobs.find((j) => j.id === second)!;
    expect(job.history.map((h) => h.question)).toContain('end done');
    expect(job.history.find((h) => h.question === 'end done')?.resolved).toEqual({ question: 'end done' });
  });
});

describe('server-side time limit', () => {
  it('processing → timeout after the limit, and the run is cancelled', async () => {
    const engine = scriptedEngine();
    const s = await startTestServer({ engine, overrides: { inquiryTimeoutMs: 300 } });
    try {
      const session = (await (await s.api('/session/new', { method: 'POST' })).json()).session_id;
      const { inquiry_id } = await (await s.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'hang' } })).json();
      const body = await (await s.api(`/inquiry/${inquiry_id}/result?timeout=10`)).json();
      expect(body.status.general).toBe('timeout');
      expect(body.error).toMatch(/longer than the server's limit of 0.3 s/);
      expect(engine.aborted).toContain(inquiry_id);
    } finally {
      await s.close();
    }
  });
});

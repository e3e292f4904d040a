import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedEngine } from '../helpers/scripted-engine.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('operations: health, readiness, metrics, OpenAPI, logs', () => {
  let s: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        cb();
      },
    });
    s = await startTestServer({ engine: scriptedEngine(), logStream });
  });
  afterAll(() => s.close());

  it('health and readiness need no key', async () => {
    expect(await (await s.api('/health', { key: null })).json()).toEqual({ status: 'ok' });
    const ready = await s.api('/ready', { key: null });
    expect(ready.status).toBe(200);
    const body = await ready.json();
    expect(body.status).toBe('ready');
    expect(body.checks.map((c: { name: string }) => c.name)).toEqual(['store', 'engine', 'queue', 'runs']);
  });

  it('OpenAPI 3.1 generated from the schemas, and a docs page', async () => {
    const doc = await (await s.api('/openapi.json', { key: null })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/session/new',
      '/api/session/{session_id}/inquiry/agent',
      '/api/inquiry/{inquiry_id}/status',
      '/api/inquiry/{inquiry_id}/result',
      '/api/inquiry/{inquiry_id}/stop',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const params = doc.paths['/api/inquiry/{inquiry_id}/result'].get.parameters;
    const timeout = params.find((p: { name: string }) => p.name === 'timeout');
    expect(timeout.schema).toMatchObject({ minimum: 10, maximum: 900, default: 300 });
    const docs = await fetch(s.base.replace(/\/api$/, '') + '/api/docs/', { redirect: 'follow' });
    expect(docs.status).toBe(200);
    expect(await docs.text()).toMatch(/swagger/i);
    // Served like the web app: a strict CSP (no inline script), never framed, no sniffing; its assets too.
    for (const r of [docs, await fetch(s.base.replace(/\/api$/, '') + '/api/docs/static/swagger-initializer.js')]) {
      expect(r.status).toBe(200);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('a malformed URL gets {detail}, like every other error', async () => {
    const root = s.base.replace(/\/api$/, '');
    for (const path of ['/api/inquiry/%E0%A4%A/status', '/api/session/%/inquiry/agent']) {
      const r = await fetch(root + path, { headers: { 'x-api-key': s.key } });
      expect(r.status, path).toBe(400);
      const body = await r.json();
      expect(Object.keys(body), path).toEqual(['detail']);
      expect(body.detail).toMatch(/URL/);
    }
  });

  it('Prometheus metrics: requests, inquiries by state, queue depth, latency', async () => {
    const session = (await (await s.api('/session/new', { method: 'POST' })).json()).session_id;
    const { inquiry_id } = await (await s.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'end done' } })).json();
    await s.api(`/inquiry/${inquiry_id}/result?timeout=10`);
    const text = await (await fetch(s.base.replace(/\/api$/, '') + '/metrics')).text();
    expect(text).toMatch(/quarry_http_requests_total\{method="POST",route="\/api\/session\/new",status="200"\} \d+/);
    expect(text).toMatch(/quarry_inquiries\{state="done"\} 1/);
    expect(text).toMatch(/quarry_inquiries_finished_total\{state="done",type="agent"\} 1/);
    expect(text).toMatch(/quarry_queue_waiting 0/);
    expect(text).toMatch(/quarry_http_request_duration_seconds_bucket/);
  });

  it('structured logs carry request ids and never the API key or result rows', async () => {
    const r = await s.api('/session/new', { method: 'POST', headers: { 'x-request-id': 'trace-abc' } });
    expect(r.status).toBe(200);
    const parsed = lines.map((l) => JSON.parse(l));
    // one line per request, when it is answered: method, path, status and time together
    const ofRequest = parsed.filter((l) => l.reqId === 'trace-abc');
    expect(ofRequest).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'POST', url: '/api/session/new' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(lines.join('\n')).not.toContain(s.key);
    // the scripted answer's row value {answer: 42} must not be logged
    expect(lines.join('\n')).not.toMatch(/"answer":42/);
  });
});

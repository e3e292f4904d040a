import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedEngine } from '../helpers/scripted-engine.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('request validation → 400 / 422 / 413 {detail}, never 500', () => {
  let s: TestServer;
  let session: string;
  beforeAll(async () => {
    s = await startTestServer({ engine: scriptedEngine(), overrides: { maxQueryLength: 50, bodyLimitBytes: 2048 } });
    session = (await (await s.api('/session/new', { method: 'POST' })).json()).session_id;
  });
  afterAll(() => s.close());
  const ask = (body: string, contentType = 'application/json') =>
    s.api(`/session/${session}/inquiry/agent`, { method: 'POST', body, headers: { 'content-type': contentType } });

  it('POST /session/new accepts no body, an empty body and {} with or without a JSON content type', async () => {
    for (const init of [
      {},
      { body: '' },
      { body: '', headers: { 'content-type': 'application/json' } },
      { body: '{}', headers: { 'content-type': 'application/json' } },
      { body: '{}' },
    ]) {
      const r = await s.api('/session/new', { method: 'POST', ...init });
      expect(r.status).toBe(200);
      expect((await r.json()).session_id).toMatch(/^ses_/);
    }
  });

  it('malformed JSON → 400', async () => {
    const r = await ask('{"query": ');
    expect(r.status).toBe(400);
    expect((await r.json()).detail).toMatch(/Malformed JSON/);
  });

  it('missing, empty, non-string or over-long query → 422 naming query', async () => {
    for (const body of [
      '{}',
      '{"query": ""}',
      '{"query": "   "}',
      '{"query": 5}',
      JSON.stringify({ query: 'x'.repeat(51) }),
      '[]',
      '"text"',
      '',
    ]) {
      const r = await ask(body);
      expect(r.status, body).toBe(422);
      const { detail } = await r.json();
      expect(detail, body).toMatch(/query|body/);
    }
    const long = await ask(JSON.stringify({ query: 'x'.repeat(51) }));
    expect((await long.json()).detail).toMatch(/at most 50 characters/);
  });

  it('every way a question arrives holds it to the one configured limit, with the same words', async () => {
    const long = 'x'.repeat(51);
    const cases: [string, unknown, string][] = [
      ['/research', { question: long }, 'question'],
      ['/inquiries/batch', { questions: [{ question: long }] }, 'questions.0.question'],
      ['/reports', { name: 'weekly', question: long, schedule: '0 8 * * 1' }, 'question'],
    ];
    for (const [path, json, field] of cases) {
      const r = await s.api(path, { method: 'POST', json });
      expect(r.status, path).toBe(422);
      expect((await r.json()).detail, path).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}.*at most 50 characters`));
    }
    // Nothing was made: no report was scheduled.
    expect((await (await s.api('/reports')).json()).reports).toEqual([]);
  });

  it('non-object dimensions → 422; unknown dimension → 422 with the valid names', async () => {
    for (const dims of ['"EUROPE"', '[1,2]', '5', '{"region": {"bogus": 1}}']) {
      const r = await ask(`{"query": "end done", "dimensions": ${dims}}`);
      expect(r.status, dims).toBe(422);
      expect((await r.json()).detail).toMatch(/dimensions/);
    }
    const r = await ask('{"query": "end done", "dimensions": {"planet": "Mars"}}');
    expect(r.status).toBe(422);
    expect((await r.json()).detail).toMatch(/valid names: market_segment, region/);
  });

  it('a dimension said to be set or not takes {set: true|false}: anything else under "set" → 422 naming the shapes', async () => {
    const r = await ask('{"query": "end done", "dimensions": {"region": {"set": "yes"}}}');
    expect(r.status).toBe(422);
    expect((await r.json()).detail).toMatch(/\{set: true\|false\}/);
  });

  it('a body over the size limit → 413; a JSON body sent as text/plain is still read', async () => {
    const r = await ask(JSON.stringify({ query: 'end done', pad: 'x'.repeat(4000) }));
    expect(r.status).toBe(413);
    expect((await r.json()).detail).toMatch(/too large/);
    const plain = await ask('{"query": "end done"}', 'text/plain');
    expect(plain.status).toBe(200);
  });

  it('timeout and poll_interval outside their ranges → 422 naming the parameter and range', async () => {
    const { inquiry_id } = await (await ask('{"query": "end done"}')).json();
    for (const [q, name, range] of [
      ['timeout=9', 'timeout', '10 and 900'],
      ['timeout=901', 'timeout', '10 and 900'],
      ['timeout=abc', 'timeout', '10 and 900'],
      ['timeout=12.5', 'timeout', '10 and 900'],
      ['poll_interval=1', 'poll_interval', '2 and 30'],
      ['poll_interval=31', 'poll_interval', '2 and 30'],
    ]) {
      const r = await s.api(`/inquiry/${inquiry_id}/result?${q}`);
      expect(r.status, q).toBe(422);
      const { detail } = await r.json();
      expect(detail).toContain(name);
      expect(detail).toContain(range);
    }
  });

  it('an unexpected failure → 500 {detail} without internals', async () => {
    const r = await ask('{"query": "end done", "dimensions": {"market_segment": 7}}');
    expect(r.status).toBe(500);
    const body = await r.json();
    expect(body).toEqual({ detail: 'Internal server error' });
  });

  it('unknown routes → 404 {detail}', async () => {
    const r = await s.api('/nothing/here');
    expect(r.status).toBe(404);
    expect((await r.json()).detail).toMatch(/Route not found/);
  });
});

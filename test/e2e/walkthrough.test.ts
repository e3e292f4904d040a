/**
 * The README's walk-through against a real server on the embedded default (demo DuckDB built on
 * first start, SQLite state, rule-based interpreter): real answers, follow-ups and dimensions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('README walk-through on the demo warehouse', () => {
  let s: TestServer;
  let session: string;
  beforeAll(async () => {
    s = await startTestServer({ overrides: { demoScale: 0.01 } });
    session = (await (await s.api('/session/new', { method: 'POST' })).json()).session_id;
  }, 120_000);
  afterAll(() => s?.close());

  const ask = async (query: string, dimensions?: unknown) => {
    const r = await s.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query, dimensions } });
    const body = await r.json();
    if (r.status !== 200) return { status: r.status, body };
    const result = await (await s.api(`/inquiry/${body.inquiry_id}/result?timeout=60`)).json();
    return { status: r.status, body: result };
  };

  it('answers a ranking with text, SQL, raw rows and a chart', async () => {
    const { body } = await ask('Top 5 customers by revenue in 1997');
    expect(body.status.general).toBe('done');
    expect(body.data.data).toHaveLength(5);
    const values = body.data.data.map((r: { revenue: number }) => r.revenue);
    expect([...values].sort((a: number, b: number) => b - a)).toEqual(values);
    expect(body.answer).toMatch(/<b>/);
    expect(body.sql_query).toMatch(/SELECT/i);
    expect(body.chart.chart_metadata.vega_lite.$schema).toMatch(/vega-lite/);
    expect(body.time_frame).toBe('1997-01-01 to 1997-12-31');
  });

  it('a follow-up with request dimensions narrows the previous question', async () => {
    const { body } = await ask('only for Europe', { market_segment: 'BUILDING' });
    expect(body.status.general).toBe('done');
    expect(body.sql_query).toContain("'EUROPE'");
    expect(body.sql_query).toContain("'BUILDING'");
    expect(body.data.data.length).toBeLessThanOrEqual(5);
  });

  it('unknown dimension names and values → 422 with what is allowed', async () => {
    const unknownName = await ask('revenue', { planet: 'Mars' });
    expect(unknownName.status).toBe(422);
    expect(unknownName.body.detail).toMatch(/region/);
    const unknownValue = await ask('revenue', { region: 'EUROP' });
    expect(unknownValue.status).toBe(422);
    expect(unknownValue.body.detail).toMatch(/EUROPE/);
  });

  it('refuses honestly', async () => {
    expect((await ask('What is the capital of Peru?')).body.status.general).toBe('out_of_domain');
    expect((await ask('What was our headcount by department last year?')).body.status.general).toBe('out_of_scope');
    expect((await ask('revenue in 2031')).body.status.general).toBe('no_data');
  });

  it('readiness reports the model and the warehouse', async () => {
    const ready = await (await s.api('/ready', { key: null })).json();
    expect(ready.status).toBe('ready');
    expect(ready.checks.map((c: { name: string }) => c.name)).toEqual(['store', 'model', 'warehouse', 'queue', 'runs']);
  });
});

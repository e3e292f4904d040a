/**
 * Structured query submission over REST, the tool interface (the SDK's client) and the web
 * routes: a reading taken from one answer, edited, and asked again; wrong names refused with the
 * field and the allowed names, storing nothing; the route in the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, fails, ok } from '../helpers/mcp.js';
import { startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';
import { signIn, webFetch } from '../helpers/web.js';

const PASSWORD = 'structured-password-horse';

describe('structured query submission', () => {
  let s: TestServer;
  let session: string;
  const done = async (inquiryId: string) => {
    await s.runtime.inquiries.waitForTerminal(inquiryId, 30_000, 100);
    return (await (await s.api(`/inquiry/${inquiryId}/status`)).json()) as Record<string, any>;
  };
  const structured = (json: unknown, sessionId = session) => s.api(`/session/${sessionId}/inquiry/structured`, { method: 'POST', json });

  beforeAll(async () => {
    s = await startTestServer({ overrides: { demoScale: 0.01, bootstrapPassword: PASSWORD } });
    session = (await (await s.api('/session/new', { method: 'POST' })).json()).session_id;
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('an answer carries its reading; the reading edited (a filter removed) and sent back gives the wider answer', async () => {
    const asked = (
      await (
        await s.api(`/session/${session}/inquiry/agent`, {
          method: 'POST',
          json: { query: 'number of orders per order priority in 1995 in the ASIA region' },
        })
      ).json()
    ).inquiry_id;
    const first = await done(asked);
    expect(first.status.general).toBe('done');
    const reading = first.semantic_query;
    expect(reading.metrics).toEqual(['orders']);
    expect(reading.group_by).toEqual([{ dimension: 'order_priority' }]);
    expect(reading.filters).toEqual([{ dimension: 'region', op: 'eq', values: ['ASIA'] }]);
    const narrow = first.data.data as { orders: number }[];

    const r = await structured({ semantic_query: { ...reading, filters: [] } });
    expect(r.status).toBe(200);
    const wider = await done((await r.json()).inquiry_id);
    expect(wider.status.general).toBe('done');
    expect(wider.user_input).toBe('Orders by order priority, 1995');
    expect(wider.semantic_query.filters).toEqual([]);
    const total = (rows: { orders: number }[]) => rows.reduce((a, x) => a + x.orders, 0);
    expect(total(wider.data.data)).toBeGreaterThan(total(narrow));
    expect(wider.sql_query).not.toMatch(/ASIA/);
    // a follow-up in words builds on the structured query
    const follow = await done(
      (await (await s.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'only for Europe' } })).json()).inquiry_id,
    );
    expect(follow.semantic_query.group_by).toEqual([{ dimension: 'order_priority' }]);
    expect(follow.semantic_query.filters).toEqual([{ dimension: 'region', op: 'eq', values: ['EUROPE'] }]);
  }, 90_000);

  it('refuses wrong names with 422 naming the field and the allowed names, and stores nothing', async () => {
    const before = (await s.runtime.store.inquiries.listBySession(session)).length;
    const cases: [unknown, RegExp][] = [
      [
        { semantic_query: { metrics: ['turnover'] } },
        /^semantic_query\.metrics\[0\]: "turnover" is not a metric of the model; allowed: .*revenue.*orders/,
      ],
      [
        { semantic_query: { metrics: ['revenue'], group_by: [{ dimension: 'colour' }] } },
        /^semantic_query\.group_by\[0\]\.dimension: "colour" is not a dimension .*allowed: .*region.*order_date/,
      ],
      [
        { semantic_query: { metrics: ['revenue'], group_by: [{ dimension: 'order_date' }] } },
        /^semantic_query\.group_by\[0\]\.grain: required .*allowed: day, week, month, quarter, year/,
      ],
      [
        { semantic_query: { metrics: ['revenue'], filters: [{ dimension: 'nation', op: 'around', values: ['PERU'] }] } },
        /semantic_query\.filters\.0\.op.*eq.*not_in/,
      ],
      [
        { semantic_query: { metrics: ['revenue'], order: [{ by: 'region' }] } },
        /^semantic_query\.order\[0\]\.by: "region" is not a metric or grouping of this query .*allowed: revenue/,
      ],
      [
        { semantic_query: { metrics: ['revenue'], time_range: { start: '1997-01-01', end: '1996-01-01' } } },
        /^semantic_query\.time_range: start \(1997-01-01\) must be before end/,
      ],
      [{ semantic_query: { metrics: [] } }, /^semantic_query: the model cannot express this query/],
      [{ question: 'no query' }, /semantic_query/],
    ];
    for (const [body, detail] of cases) {
      const r = await structured(body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect((await r.json()).detail).toMatch(detail);
    }
    expect((await s.runtime.store.inquiries.listBySession(session)).length).toBe(before);
    // another account's session: refused as for questions
    expect((await structured({ semantic_query: { metrics: ['revenue'] } }, 'ses_unknown')).status).toBe(404);
  }, 30_000);

  it('is in the OpenAPI document', async () => {
    const doc = await (await fetch(`${s.base}/openapi.json`)).json();
    const op = doc.paths['/api/session/{session_id}/inquiry/structured']?.post;
    expect(op.summary).toBe('Submit a structured query');
    expect(JSON.stringify(op.requestBody)).toMatch(/group_by/);
    expect(JSON.stringify(doc.paths['/api/inquiry/{inquiry_id}/status'].get.responses['200'])).toMatch(/semantic_query/);
  });

  it('the tool interface: ask_a_structured_question runs a query; wrong names are a tool error with the allowed names', async () => {
    const { client } = await connectHttp(s.base.replace(/\/api$/, '/mcp'), { 'x-api-key': TEST_KEY });
    try {
      const thread = await ok(client, 'create_a_thread');
      const submitted = await ok(client, 'ask_a_structured_question', {
        session_id: thread.session_id,
        semantic_query: {
          metrics: ['revenue'],
          group_by: [{ dimension: 'market_segment' }],
          time_range: { start: '1996-01-01', end: '1997-01-01', label: '1996' },
        },
      });
      expect(submitted.question).toBe('Revenue by market segment, 1996');
      const result = await done(submitted.inquiry_id);
      expect(result.status.general).toBe('done');
      expect(result.data.data).toHaveLength(5);
      const text = await fails(client, 'ask_a_structured_question', {
        session_id: thread.session_id,
        semantic_query: { metrics: ['profit_margin_x'] },
      });
      expect(text).toMatch(/metrics\[0\].*allowed: .*revenue/);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('the web route: signed in, CSRF-checked, same validation', async () => {
    const web = await signIn(s.base, 'admin@localhost', PASSWORD);
    const thread = (await (await webFetch(s.base, '/threads', { method: 'POST', session: web })).json()).session_id;
    const path = `/threads/${thread}/inquiries/structured`;
    const query = { metrics: ['orders'], time_range: { start: '1997-01-01', end: '1998-01-01', label: '1997' } };
    expect((await webFetch(s.base, path, { method: 'POST', session: web, csrf: null, json: { semantic_query: query } })).status).toBe(403);
    const bad = await webFetch(s.base, path, { method: 'POST', session: web, json: { semantic_query: { ...query, metrics: ['orderz'] } } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).detail).toMatch(/metrics\[0\]/);
    const r = await webFetch(s.base, path, { method: 'POST', session: web, json: { semantic_query: query, question: 'Orders in 1997' } });
    expect(r.status).toBe(200);
    const result = await done((await r.json()).inquiry_id);
    expect(result.user_input).toBe('Orders in 1997');
    expect(result.data.data).toHaveLength(1);
  }, 60_000);
});

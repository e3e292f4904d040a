/**
 * Research and batches over REST against a real server on the TPC-H warehouse (Parquet): the job
 * API, progress and operations while running, the report, stop, batch submission and OpenAPI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_QUESTIONS, type ResearchOperation } from '../../src/schemas/research.js';
import { TPCH_DIR } from '../helpers/paths.js';
import { unmatchedNumbers } from '../helpers/report-numbers.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('research over REST (real server, TPC-H warehouse)', () => {
  let server: TestServer;
  let paced: TestServer;

  beforeAll(async () => {
    [server, paced] = await Promise.all([
      startTestServer({ overrides: { warehouse: `duckdb:${TPCH_DIR}`, rateLimitMax: 100_000 } }),
      // paced: each sub-question waits 150 ms first, so progress is visible while it runs
      startTestServer({
        overrides: { warehouse: `duckdb:${TPCH_DIR}`, rateLimitMax: 100_000, researchPaceMs: 150, researchConcurrency: 2 },
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), paced?.close()]);
  });

  it('POST /api/research answers at once; status shows processing with progress and operations, then done with the report', async () => {
    const r = await paced.api('/research', { method: 'POST', json: { question: 'Why did revenue change in 1997 compared with 1996?' } });
    expect(r.status).toBe(200);
    const submitted = await r.json();
    expect(submitted).toMatchObject({
      status: 'submitted',
      session_id: expect.stringMatching(/^ses_/),
      inquiry_id: expect.stringMatching(/^inq_/),
    });
    expect(submitted.message).toMatch(/\/inquiry\//);

    const seen: { general: string; progress: number; ops: number }[] = [];
    let final: Record<string, unknown> | null = null;
    for (let i = 0; i < 400 && !final; i++) {
      const s = await (await paced.api(`/inquiry/${submitted.inquiry_id}/status`)).json();
      expect(s.inquiry_type).toBe('research');
      expect(s).not.toHaveProperty('answer');
      expect(s).not.toHaveProperty('sql_query');
      expect(s).not.toHaveProperty('data');
      seen.push({ general: s.status.general, progress: s.progress, ops: s.operations.length });
      if (s.status.general !== 'processing') final = s;
      else await sleep(50);
    }
    expect(final).not.toBeNull();
    const running = seen.filter((x) => x.general === 'processing');
    expect(running.some((x) => x.ops > 1 && x.progress > 0 && x.progress < 100)).toBe(true);
    for (let i = 1; i < running.length; i++) expect(running[i].progress).toBeGreaterThanOrEqual(running[i - 1].progress);

    expect(final!.status).toMatchObject({ general: 'done' });
    expect(final!.progress).toBe(100);
    const operations = final!.operations as ResearchOperation[];
    expect(operations[0].kind).toBe('plan');
    expect(operations.at(-1)!.kind).toBe('write');
    const queries = operations.filter((o) => o.kind === 'query');
    expect(queries.length).toBeGreaterThanOrEqual(8);
    for (const q of queries)
      expect(q).toMatchObject({ status: 'done', sql: expect.any(String), row_count: expect.any(Number), elapsed_ms: expect.any(Number) });
    const report = final!.final_answer as string;
    expect(report).toContain('## Headline');
    expect(unmatchedNumbers(report, operations)).toEqual([]);
    // the report's charts: Vega-Lite v5 specs, each drawing values of the rows of the sub-question it cites
    const charts = final!.charts as {
      from: string;
      title: string;
      spec: { $schema: string; data: { values: Record<string, unknown>[] }; usermeta: { from: string } };
    }[];
    expect(charts.length).toBeGreaterThan(0);
    for (const c of charts) {
      expect(c.spec.$schema).toMatch(/vega-lite\/v5/);
      expect(c.spec.usermeta.from).toBe(c.from);
      const rows = operations.find((o) => o.id === c.from)!.rows ?? [];
      for (const v of c.spec.data.values) for (const [k, x] of Object.entries(v)) expect(rows.some((r) => r[k] === x)).toBe(true);
    }

    // the long-poll result endpoint returns the same terminal response
    const result = await (await paced.api(`/inquiry/${submitted.inquiry_id}/result?timeout=10`)).json();
    expect(result.final_answer).toBe(report);
  });

  it('a budget bounds the investigation; a bad budget or question is refused with 422 naming the field', async () => {
    const r = await server.api('/research', {
      method: 'POST',
      json: { question: 'How did revenue develop in 1997?', budget: { rounds: 1, queries: 2 } },
    });
    const { inquiry_id } = await r.json();
    const result = await (await server.api(`/inquiry/${inquiry_id}/result?timeout=30`)).json();
    expect(result.status.general).toBe('done');
    expect((result.operations as ResearchOperation[]).filter((o) => o.kind === 'query').map((o) => o.id)).toEqual(['q1', 'q2']);

    const bad = await server.api('/research', { method: 'POST', json: { question: 'x', budget: { rounds: 9 } } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).detail).toMatch(/rounds/);
    const unknown = await server.api('/research', { method: 'POST', json: { question: 'Why did revenue change?', budget: { hours: 1 } } });
    expect(unknown.status).toBe(422);
    const empty = await server.api('/research', { method: 'POST', json: {} });
    expect(empty.status).toBe(422);
    expect((await empty.json()).detail).toMatch(/question/);
    const dims = await server.api('/research', {
      method: 'POST',
      json: { question: 'Why did revenue change?', dimensions: { planet: 'Mars' } },
    });
    expect(dims.status).toBe(422);
    expect(await server.api('/research', { method: 'POST', json: { question: 'q' }, key: null })).toHaveProperty('status', 403);
  });

  it('stop ends a running research inquiry stopped', async () => {
    const r = await paced.api('/research', { method: 'POST', json: { question: 'Why did orders change in 1996 compared with 1995?' } });
    const { inquiry_id } = await r.json();
    await sleep(300);
    const stop = await (await paced.api(`/inquiry/${inquiry_id}/stop`, { method: 'POST' })).json();
    expect(stop.stopped).toBe(true);
    await sleep(300);
    const s = await (await paced.api(`/inquiry/${inquiry_id}/status`)).json();
    expect(s.status.general).toBe('stopped');
  });

  it('POST /api/inquiries/batch: each question in its own session, run in parallel; the maximum is enforced', async () => {
    const questions = [
      { question: 'Revenue by region in 1997' },
      { question: 'Number of orders in 1996', dimensions: { market_segment: 'BUILDING' } },
      { question: 'Top 3 nations by revenue in 1995' },
    ];
    const r = await server.api('/inquiries/batch', { method: 'POST', json: { questions } });
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.total_inquiries).toBe(3);
    expect(body.inquiries.map((i: { question: string }) => i.question)).toEqual(questions.map((q) => q.question));
    expect(new Set(body.inquiries.map((i: { session_id: string }) => i.session_id)).size).toBe(3);
    const results = await Promise.all(
      body.inquiries.map(async (i: { inquiry_id: string }) => (await server.api(`/inquiry/${i.inquiry_id}/result?timeout=30`)).json()),
    );
    expect(results.map((x) => x.status.general)).toEqual(['done', 'done', 'done']);
    expect(results[1].sql_query).toContain('BUILDING');

    const tooMany = await server.api('/inquiries/batch', {
      method: 'POST',
      json: { questions: Array.from({ length: MAX_BATCH_QUESTIONS + 1 }, (_, i) => ({ question: `Revenue in ${1992 + (i % 6)}` })) },
    });
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()).detail).toContain(`at most ${MAX_BATCH_QUESTIONS}`);
    const none = await server.api('/inquiries/batch', { method: 'POST', json: { questions: [] } });
    expect(none.status).toBe(422);
    // one bad item stores nothing
    const before = await server.runtime.store.inquiries.countByStatus();
    const bad = await server.api('/inquiries/batch', {
      method: 'POST',
      json: { questions: [{ question: 'Revenue in 1997' }, { question: 'x', dimensions: { planet: 'Mars' } }] },
    });
    expect(bad.status).toBe(422);
    expect(await server.runtime.store.inquiries.countByStatus()).toEqual(before);
  });

  it('OpenAPI documents the research, batch and report endpoints with their shapes', async () => {
    const doc = await (await server.api('/openapi.json')).json();
    expect(doc.paths['/api/research'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('budget');
    expect(doc.paths['/api/inquiries/batch'].post.requestBody.content['application/json'].schema.properties.questions.maxItems).toBe(
      MAX_BATCH_QUESTIONS,
    );
    for (const p of ['/api/reports', '/api/reports/{report_id}', '/api/reports/{report_id}/runs']) expect(doc.paths).toHaveProperty([p]);
  });
});

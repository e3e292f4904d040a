/**
 * Scheduled reports over REST against real servers: a schedule fires and its run (a research
 * inquiry with its final_answer) is stored; a run missed while no server was up runs once on
 * start-up; create, list, get, delete, validation.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { TPCH_DIR } from '../helpers/paths.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const overrides = { warehouse: `duckdb:${TPCH_DIR}`, rateLimitMax: 100_000 };

describe('scheduled research reports', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });
  async function start(dataDir?: string) {
    const s = await startTestServer({ overrides, ...(dataDir ? { dataDir } : {}) });
    servers.push(s);
    return s;
  }

  it('a schedule fires and its run is stored as a research inquiry with its report', { timeout: 90_000 }, async () => {
    const server = await start();
    const created = await server.api('/reports', {
      method: 'POST',
      json: {
        name: 'Revenue pulse',
        question: 'How did revenue develop in 1997?',
        schedule: '* * * * * *',
        timezone: 'Europe/Berlin',
        budget: { rounds: 1, queries: 2 },
      },
    });
    expect(created.status).toBe(200);
    const report = await created.json();
    expect(report).toMatchObject({
      id: expect.stringMatching(/^rep_/),
      name: 'Revenue pulse',
      timezone: 'Europe/Berlin',
      last_run_at: null,
    });
    expect(Date.parse(report.next_run_at)).toBeGreaterThan(Date.now() - 1000);

    let runs: { inquiry_id: string; status: string; final_answer: string; scheduled_for: string }[] = [];
    // a deadline, not a count of polls: a research run takes several seconds on a loaded host
    for (const end = Date.now() + 60_000; Date.now() < end;) {
      runs = (await (await server.api(`/reports/${report.id}/runs`)).json()).runs;
      if (runs.some((r) => r.status === 'done')) break;
      await sleep(100);
    }
    const done = runs.find((r) => r.status === 'done')!;
    expect(done).toBeDefined();
    expect(done.final_answer).toContain('## Headline');
    const inquiry = await (await server.api(`/inquiry/${done.inquiry_id}/status`)).json();
    expect(inquiry).toMatchObject({
      inquiry_type: 'research',
      user_input: 'How did revenue develop in 1997?',
      final_answer: done.final_answer,
    });
    expect(new Set(runs.map((r) => r.scheduled_for)).size).toBe(runs.length);

    const listed = await (await server.api('/reports')).json();
    expect(listed.reports.map((r: { id: string }) => r.id)).toEqual([report.id]);
    expect((await (await server.api(`/reports/${report.id}`)).json()).last_run_at).not.toBeNull();

    // deleted: no further runs, and it is gone
    expect((await server.api(`/reports/${report.id}`, { method: 'DELETE' })).status).toBe(200);
    const count = (await server.runtime.store.reports.runs(report.id)).length;
    await sleep(1500);
    expect((await server.runtime.store.reports.runs(report.id)).length).toBe(count);
    expect((await server.api(`/reports/${report.id}`)).status).toBe(404);
    // its runs stay readable (soft delete keeps them and their inquiries)
    const after = await server.api(`/reports/${report.id}/runs`);
    expect(after.status).toBe(200);
    const kept = (await after.json()).runs as typeof runs;
    expect(kept.length).toBe(count);
    expect(kept.find((r) => r.inquiry_id === done.inquiry_id)?.final_answer).toBe(done.final_answer);
  });

  it('each due time missed while no server was up runs once on start-up, oldest first, and only once', async () => {
    // A daily time 12 h from now: created 40 h ago, the report missed the due times 12 h and 36 h
    // ago, and its next one is 12 h away, so no due time comes while the test runs (an hourly
    // schedule failed whenever a run crossed the top of an hour).
    const at = new Date(Date.now() + 12 * 3_600_000);
    at.setUTCSeconds(0, 0);
    const a = await start();
    const r = await (
      await a.api('/reports', {
        method: 'POST',
        json: {
          name: 'Daily',
          question: 'How did revenue develop in 1996?',
          schedule: `${at.getUTCMinutes()} ${at.getUTCHours()} * * *`,
          timezone: 'UTC',
          budget: { rounds: 1, queries: 1 },
        },
      })
    ).json();
    await a.runtime.store.db
      .updateTable('reports')
      .set({ created_at: Date.now() - 40 * 3_600_000 })
      .where('id', '=', r.id)
      .execute();
    await a.close();
    servers.splice(servers.indexOf(a), 1);

    const b = await start(a.dataDir);
    const runs = (await (await b.api(`/reports/${r.id}/runs`)).json()).runs;
    // the two due times since it was created: newest first in the listing
    expect(runs.map((x: { scheduled_for: string }) => x.scheduled_for)).toEqual([
      new Date(at.getTime() - 24 * 3_600_000).toISOString(),
      new Date(at.getTime() - 48 * 3_600_000).toISOString(),
    ]);
    for (const run of runs) {
      const result = await (await b.api(`/inquiry/${run.inquiry_id}/result?timeout=30`)).json();
      expect(result.status.general).toBe('done');
    }
    await b.close();
    servers.splice(servers.indexOf(b), 1);

    const c = await start(a.dataDir);
    expect((await (await c.api(`/reports/${r.id}/runs`)).json()).runs.length).toBe(2);
  });

  it('refuses a bad schedule, time zone or body with 422; unknown reports are 404', async () => {
    const server = servers[0] ?? (await start());
    const bad = await server.api('/reports', {
      method: 'POST',
      json: { name: 'x', question: 'Revenue', schedule: 'every tuesday', timezone: 'UTC' },
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).detail).toMatch(/^schedule/);
    const tz = await server.api('/reports', {
      method: 'POST',
      json: { name: 'x', question: 'Revenue', schedule: '0 8 * * 1', timezone: 'Mars/Olympus' },
    });
    expect(tz.status).toBe(422);
    expect((await tz.json()).detail).toMatch(/^timezone/);
    const missing = await server.api('/reports', { method: 'POST', json: { name: 'x' } });
    expect(missing.status).toBe(422);
    expect((await server.api('/reports/rep_nope/runs')).status).toBe(404);
  });
});

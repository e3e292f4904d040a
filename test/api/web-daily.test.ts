/**
 * The web app's daily-use endpoints over real HTTP: the overview answer for vague questions, chart
 * choices kept with answers, pins and dashboards shared within an account (and closed to others),
 * threads renamed, searched, ordered by last activity and deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { signIn, webFetch, type WebSession } from '../helpers/web.js';

const PASSWORD = 'daily-password-correct-horse';

describe('web app: daily use', () => {
  let s: TestServer;
  let ana: WebSession;
  let bo: WebSession;
  let stranger: WebSession;
  const call = async (who: WebSession, path: string, method = 'GET', json?: unknown) => {
    const r = await webFetch(s.base, path, { method, session: who, json });
    return { status: r.status, body: (await r.json()) as any };
  };
  const ask = async (who: WebSession, query: string, session?: string) => {
    const thread = session ?? (await call(who, '/threads', 'POST')).body.session_id;
    const { inquiry_id } = (await call(who, `/threads/${thread}/inquiries`, 'POST', { query })).body;
    await s.runtime.inquiries.waitForTerminal(inquiry_id, 30_000, 100);
    return { thread, inquiry: (await call(who, `/inquiries/${inquiry_id}`)).body };
  };

  beforeAll(async () => {
    s = await startTestServer({ overrides: { demoScale: 0.01, bootstrapPassword: PASSWORD } });
    const account = (await s.runtime.store.accounts.list())[0];
    await s.runtime.users.create(account.id, 'bo@example.com', { password: PASSWORD });
    const other = await s.runtime.store.accounts.create('other');
    await s.runtime.users.create(other.id, 'eve@example.com', { password: PASSWORD });
    ana = await signIn(s.base, 'admin@localhost', PASSWORD);
    bo = await signIn(s.base, 'bo@example.com', PASSWORD);
    stranger = await signIn(s.base, 'eve@example.com', PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('a vague question gets an overview: headline metrics, latest complete quarter against the one before', async () => {
    for (const wording of ['How are we doing?', 'give me the big picture', 'how is business']) {
      const { inquiry } = await ask(ana, wording);
      expect(inquiry.status.general, wording).toBe('done');
      expect(inquiry.overview).toEqual({
        period: 'Q2 1998',
        previous: 'Q1 1998',
        metrics: expect.arrayContaining([expect.objectContaining({ name: 'revenue', label: 'Revenue' })]),
      });
      expect(inquiry.overview.metrics[0].drill_in).toMatchObject({
        metrics: ['revenue'],
        group_by: [{ dimension: 'order_date', grain: 'month' }],
        time_range: { start: '1998-01-01', end: '1998-07-01' },
      });
      expect(inquiry.thinking.messages[0]).toMatch(
        /^The question asks how things stand in general, so it is answered with an overview: Revenue, Orders, .* for Q2 1998 against Q1 1998\.$/,
      );
      expect(inquiry.semantic_query.comparison.previous).toMatchObject({ start: '1998-01-01', label: 'Q1 1998' });
      expect(Object.keys(inquiry.data.data[0])).toEqual(
        expect.arrayContaining(['revenue', 'revenue_previous', 'revenue_change_pct', 'orders']),
      );
    }
    // a question about something else entirely is still turned away
    expect((await ask(ana, 'What is the capital of Peru?')).inquiry.status.general).toBe('out_of_domain');
  }, 90_000);

  it('a chart type chosen for an answer is kept with it; a wrong one is refused naming the allowed ones', async () => {
    const { thread, inquiry } = await ask(ana, 'Revenue by region in 1996');
    expect(inquiry.selected_view).toBeNull();
    const bad = await call(ana, `/inquiries/${inquiry.inquiry_id}/view`, 'POST', { chart_type: 'pie' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/chart_type must be one of bar, line, area, table, number/);
    expect((await call(ana, `/inquiries/${inquiry.inquiry_id}/view`, 'POST', { chart_type: 'table' })).status).toBe(200);
    expect((await call(ana, `/inquiries/${inquiry.inquiry_id}`)).body.selected_view).toBe('table');
    expect((await call(ana, `/threads/${thread}`)).body.inquiries[0].selected_view).toBe('table');
    expect((await call(stranger, `/inquiries/${inquiry.inquiry_id}/view`, 'POST', { chart_type: 'bar' })).status).toBe(403);
  }, 60_000);

  it('pins answers to a named dashboard; another user of the account opens and refreshes it; another account cannot', async () => {
    const a = (await ask(ana, 'Orders by order priority in 1997')).inquiry;
    const b = (await ask(ana, 'Monthly revenue in 1996')).inquiry;
    const made = await call(ana, '/dashboards', 'POST', { name: 'Weekly review' });
    expect(made.status).toBe(200);
    const id = made.body.dashboard_id;
    expect((await call(ana, '/dashboards', 'POST', { name: '  ' })).body.detail).toMatch(/name must not be empty/);
    await call(ana, `/dashboards/${id}/tiles`, 'POST', { inquiry_id: a.inquiry_id, chart_type: 'table' });
    const pinned = await call(ana, `/dashboards/${id}/tiles`, 'POST', { inquiry_id: b.inquiry_id });
    expect(pinned.body.tiles.map((t: any) => [t.title, t.chart_type])).toEqual([
      ['Orders by order priority in 1997', 'table'],
      ['Monthly revenue in 1996', null],
    ]);
    const refusal = (await ask(ana, 'What is the capital of Peru?')).inquiry;
    expect((await call(ana, `/dashboards/${id}/tiles`, 'POST', { inquiry_id: refusal.inquiry_id })).status).toBe(422);

    expect((await call(bo, '/dashboards')).body.dashboards.map((d: any) => [d.name, d.tile_count])).toEqual([['Weekly review', 2]]);
    const refreshed = await call(bo, `/dashboards/${id}/refresh`, 'POST');
    const runs = refreshed.body.tiles.map((t: any) => t.inquiry_id);
    expect(runs).not.toContain(a.inquiry_id);
    for (const run of runs) await s.runtime.inquiries.waitForTerminal(run, 30_000, 100);
    const first = (await call(bo, `/inquiries/${runs[0]}`)).body;
    expect(first.status.general).toBe('done');
    expect(first.data.data).toEqual(a.data.data);
    // the runs fill nobody's history
    expect((await call(bo, '/threads')).body.threads).toEqual([]);
    expect((await call(stranger, `/dashboards/${id}`)).status).toBe(403);
    expect((await call(stranger, '/dashboards')).body.dashboards).toEqual([]);
    // renamed by a colleague; a blank name is refused and changes nothing
    expect((await call(bo, `/dashboards/${id}/name`, 'POST', { name: '' })).status).toBe(422);
    expect((await call(bo, `/dashboards/${id}/name`, 'POST', { name: 'Monday review' })).body.name).toBe('Monday review');
    expect((await call(ana, `/dashboards/${id}`)).body.name).toBe('Monday review');
    // unpin, then delete
    const tile = refreshed.body.tiles[1].tile_id;
    expect((await call(bo, `/dashboards/${id}/tiles/${tile}`, 'DELETE')).body.tiles).toHaveLength(1);
    expect((await call(bo, `/dashboards/${id}`, 'DELETE')).status).toBe(200);
    expect((await call(ana, `/dashboards/${id}`)).status).toBe(404);
  }, 90_000);

  it('threads: renamed, searched, ordered by last activity, deleted (only by their owner)', async () => {
    const one = await ask(bo, 'Revenue by nation in 1995');
    const two = await ask(bo, 'Orders by ship mode in 1994');
    // activity in the older thread brings it first
    await ask(bo, 'only for 1996', one.thread);
    let list = (await call(bo, '/threads')).body.threads;
    expect(list.map((t: any) => t.session_id)).toEqual([one.thread, two.thread]);
    expect((await call(bo, `/threads/${two.thread}/title`, 'POST', { title: '' })).status).toBe(422);
    expect((await call(ana, `/threads/${two.thread}/title`, 'POST', { title: 'Mine now' })).status).toBe(403);
    expect((await call(bo, `/threads/${two.thread}/title`, 'POST', { title: 'Shipping check' })).body.title).toBe('Shipping check');
    list = (await call(bo, '/threads?q=shipping')).body.threads;
    expect(list.map((t: any) => t.title)).toEqual(['Shipping check']);
    // a later question of a thread is searched too
    expect((await call(bo, '/threads?q=ONLY FOR 1996')).body.threads.map((t: any) => t.session_id)).toEqual([one.thread]);
    expect((await call(ana, `/threads/${one.thread}`, 'DELETE')).status).toBe(403);
    expect((await call(bo, `/threads/${one.thread}`, 'DELETE')).body).toEqual({ deleted: true, session_id: one.thread });
    expect((await call(bo, '/threads')).body.threads.map((t: any) => t.session_id)).toEqual([two.thread]);
    expect((await call(bo, `/threads/${one.thread}`)).status).toBe(404);
    expect(await s.runtime.store.inquiries.listBySession(one.thread)).toEqual([]);
    expect((await call(bo, `/inquiries/${one.inquiry.inquiry_id}`)).status).toBe(404);
  }, 90_000);
});

/**
 * Settings -> Semantic layer's editor over HTTP (/ui/api/semantic/edits) with the real engine on a
 * DuckDB file of our own (a bakery): bad edits get 422 `{detail}` naming the field and what is
 * allowed and change nothing (no version, the model answers as before); a good save renames, adds
 * synonyms, hides and sets the default date, is answered from at once and after a restart; an
 * earlier version comes back (saved again as the newest); a stale base version is refused.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBakery } from '../helpers/bakery.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { signIn, webFetch, type WebSession } from '../helpers/web.js';

const PASSWORD = 'bakery-admin-password';

describe('Settings -> Semantic layer: editing the model (/ui/api/semantic/edits)', () => {
  let bakery: Awaited<ReturnType<typeof makeBakery>>;
  let s: TestServer;
  let admin: WebSession;

  const start = async () => {
    s = await startTestServer({
      dataDir: join(bakery.dir, 'data'),
      overrides: { warehouse: bakery.url, model: bakery.model, bootstrapPassword: PASSWORD },
    });
    admin = await signIn(s.base, 'admin@localhost', PASSWORD);
  };
  const edits = async () => (await webFetch(s.base, '/semantic/edits', { session: admin })).json();
  const overviewNames = async () => {
    const o = await (await webFetch(s.base, '/semantic', { session: admin })).json();
    return (o.entities as { name: string; type: string }[]).map((e) => `${e.type}:${e.name}`);
  };
  /** What the model calls a metric now (its label), as the entity detail shows it. */
  const shownAs = async (id: string) => (await (await webFetch(s.base, `/semantic/entities/${id}`, { session: admin })).json()).entity;
  const put = (body: unknown) => webFetch(s.base, '/semantic/edits', { method: 'PUT', session: admin, json: body });

  beforeAll(async () => {
    bakery = await makeBakery();
    await start();
  });
  afterAll(() => s?.close());

  it('starts at version 0: the model file as written', async () => {
    expect(await edits()).toMatchObject({ version: 0, edits: { items: [] }, versions: [] });
    expect(await overviewNames()).toEqual(expect.arrayContaining(['metric:takings', 'dimension:till']));
  });

  it('bad edits get 422 {detail} naming the field and the allowed values, and change nothing', async () => {
    const cases: [unknown, RegExp][] = [
      [
        { base_version: 0, edits: { items: [{ kind: 'measure', name: 'turnover', label: 'Revenue' }] } },
        /edits\.items\[0\]\.name.*allowed: loaves, takings/,
      ],
      [{ base_version: 0, edits: { items: [{ kind: 'gadget', name: 'till' }] } }, /kind/],
      [
        { base_version: 0, edits: { items: [{ kind: 'dimension', name: 'till', time_dimension: 'baked_on' }] } },
        /items\[0\]\.time_dimension.*only a measure/,
      ],
      [
        { base_version: 0, edits: { items: [{ kind: 'measure', name: 'loaves', time_dimension: 'sold_on' }] } },
        /allowed: baked_on, delivered_on/,
      ],
      // the price per loaf is takings over loaves: hiding loaves would leave it broken
      [{ base_version: 0, edits: { items: [{ kind: 'measure', name: 'loaves', hidden: true }] } }, /would not hold together.*loaves/],
      // the data check: the delivery date holds no dates, so it cannot date anything
      [{ base_version: 0, edits: { items: [], default_time_dimension: 'delivered_on' } }, /data check.*delivered_on.*no dates/],
      [{ base_version: 0, edits: { items: [{ kind: 'measure', name: 'takings', label: '' }] } }, /label/],
    ];
    for (const [body, detail] of cases) {
      const r = await put(body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect((await r.json()).detail, JSON.stringify(body)).toMatch(detail);
    }
    expect((await edits()).version).toBe(0);
    expect(await overviewNames()).toEqual(expect.arrayContaining(['metric:takings', 'dimension:till', 'metric:loaves']));
  });

  it('a good save renames, adds synonyms, hides and sets the date; answered from at once and after a restart', async () => {
    const r = await put({
      base_version: 0,
      edits: {
        items: [
          { kind: 'measure', name: 'takings', label: 'Turnover', synonyms: ['till receipts'] },
          { kind: 'dimension', name: 'till', hidden: true },
        ],
        default_time_dimension: 'baked_on',
      },
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ version: 1, versions: [{ version: 1, restored_from: null }] });
    expect(await overviewNames()).not.toContain('dimension:till');
    const takings = await shownAs('metric:takings');
    expect(takings.attributes).toContain('also called: till receipts');
    expect(takings.dimensions).not.toContain('till');
    // the new name is understood as the metric's
    const renamed = await (await webFetch(s.base, '/semantic/search?q=turnover', { session: admin })).json();
    expect(renamed.matching_entities[0]).toMatchObject({ entity_id: 'metric:takings' });
    const hits = await (await webFetch(s.base, '/semantic/search?q=till%20receipts', { session: admin })).json();
    expect(hits.matching_entities[0]).toMatchObject({ entity_id: 'metric:takings' });

    await s.close();
    await start();
    expect((await edits()).version).toBe(1);
    expect(await overviewNames()).not.toContain('dimension:till');
    expect((await shownAs('metric:takings')).attributes).toContain('also called: till receipts');
  });

  it('a save on a stale version is refused (409) and changes nothing', async () => {
    const r = await put({ base_version: 0, edits: { items: [] } });
    expect(r.status).toBe(409);
    expect((await r.json()).detail).toMatch(/base_version.*version 1/);
    expect((await edits()).version).toBe(1);
  });

  it('undo: an earlier version comes back, saved as the newest; an unknown one is refused', async () => {
    const bad = await webFetch(s.base, '/semantic/edits/revert', { method: 'POST', session: admin, json: { version: 7 } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).detail).toMatch(/version: no version 7 \(allowed: 0, 1\)/);
    const r = await webFetch(s.base, '/semantic/edits/revert', { method: 'POST', session: admin, json: { version: 0 } });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({
      version: 2,
      edits: { items: [] },
      versions: [{ version: 1 }, { version: 2, restored_from: 0 }],
    });
    expect(await overviewNames()).toContain('dimension:till');
    expect((await shownAs('metric:takings')).attributes).not.toContain('also called: till receipts');
  });
});

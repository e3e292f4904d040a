/**
 * Two warehouses in one deployment (issue 29, item 6): the TPC-H DuckDB files (QUARRY_WAREHOUSE,
 * named "shop") and Chinook on the shared test PostgreSQL with its drafted model (QUARRY_WAREHOUSES
 * "music"). The default account asks the shop, a second account the music store: questions,
 * structured queries, dimensions, research, run_sql_query and the discovery tools each run against
 * the caller's own warehouse, answers say which, and no path reaches the other one's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { bootstrapDraft, writeDraftModel } from '../../src/semantic/draft/index.js';
import { PostgresWarehouse } from '../../src/warehouse/postgres.js';
import { call, connectHttp, fails, ok } from '../helpers/mcp.js';
import { TPCH_DIR } from '../helpers/paths.js';
import { loadSample } from '../helpers/samples.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { postgresForFile, type FileDatabases } from '../helpers/shared-servers.js';
import { signIn, webFetch } from '../helpers/web.js';
import { execSql } from '../helpers/postgres.js';

const PASSWORD = 'warehouses-pw-0123';
let pg: FileDatabases;
let dir: string;
let musicUrl: string;
let s: TestServer;
let musicKey: string;
let strayKey: string;
let invoices: number;
const clients: Client[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-warehouses-'));
  pg = await postgresForFile();
  musicUrl = await loadSample(pg, 'chinook', 'music');
  invoices = Number(((await execSql(musicUrl, 'SELECT count(*)::int AS n FROM invoice')) as { rows: { n: number }[] }).rows[0]!.n);
  // the music store's model as `quarry semantic bootstrap` drafts it, unedited
  const w = await PostgresWarehouse.open(musicUrl);
  try {
    const draft = await bootstrapDraft(w, { name: 'music' });
    await writeDraftModel(join(dir, 'music.yaml'), draft.model, draft.notes, draft.undecided);
  } finally {
    await w.close();
  }
  s = await startTestServer({
    overrides: {
      warehouse: `duckdb:${TPCH_DIR}`,
      warehouseName: 'shop',
      // as an operator writes it in the environment: JSON text
      warehouses: JSON.stringify({ music: { url: musicUrl, model: join(dir, 'music.yaml') } }),
      bootstrapPassword: PASSWORD,
      rateLimitMax: 100_000,
    },
  });
  const music = await s.runtime.store.accounts.create('music label', Date.now(), 'music');
  musicKey = (await s.runtime.keys.create(music.id, 'music key')).key;
  await s.runtime.users.create(music.id, 'mia@example.com', { password: PASSWORD });
  const stray = await s.runtime.store.accounts.create('stray', Date.now(), 'archive');
  strayKey = (await s.runtime.keys.create(stray.id, 'stray key')).key;
}, 180_000);
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => undefined);
  await s?.close();
  await pg?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function ask(query: string, key: string, dimensions?: Record<string, unknown>): Promise<Response | any> {
  const session = (await (await s.api('/session/new', { method: 'POST', key })).json()).session_id;
  const submitted = await s.api(`/session/${session}/inquiry/agent`, { method: 'POST', key, json: { query, dimensions } });
  if (submitted.status !== 200) return submitted;
  const { inquiry_id } = await submitted.json();
  return (await s.api(`/inquiry/${inquiry_id}/result?timeout=60`, { key })).json();
}

async function mcp(key: string): Promise<Client> {
  const { client } = await connectHttp(s.base.replace(/\/api$/, '/mcp'), { 'x-api-key': key });
  clients.push(client as Client);
  return client as Client;
}

const onlyNumber = (answer: any) => Number(Object.values(answer.data.data[0] as Record<string, unknown>)[0]);

describe('questions over REST', () => {
  it("each account's question runs on its own warehouse, and the answer names it", async () => {
    const shop = await ask('How many orders were placed in 1995?', s.key);
    expect(shop.status.general).toBe('done');
    expect(shop.warehouse).toEqual({ name: 'shop', engine: 'duckdb', model: 'tpch' });
    expect(shop.sql_query).toMatch(/orders/i);

    const music = await ask('how many invoices are there', musicKey);
    expect(music.status.general).toBe('done');
    expect(music.warehouse).toEqual({ name: 'music', engine: 'postgres', model: 'music' });
    expect(onlyNumber(music)).toBe(invoices);
    expect(music.sql_query).toMatch(/invoice/i);
  });

  it("a question about the other warehouse's data is not answered from it", async () => {
    const shopAsksMusic = await ask('how many invoices are there', s.key);
    expect(shopAsksMusic.status.general).not.toBe('done');
    expect(shopAsksMusic.sql_query ?? '').not.toMatch(/invoice/i);
    const musicAsksShop = await ask('total extended price of line items shipped by truck', musicKey);
    expect(musicAsksShop.status.general).not.toBe('done');
    expect(musicAsksShop.sql_query ?? '').not.toMatch(/lineitem/i);
  });

  it("dimensions and structured queries are checked against the caller's own model (422 naming the field, nothing stored)", async () => {
    const bad = await ask('how many invoices are there', musicKey, { ship_mode: 'TRUCK' });
    expect(bad.status).toBe(422);
    expect((await bad.json()).detail).toMatch(/ship_mode/);
    const fine = await ask('How many orders were placed in 1995?', s.key, { ship_mode: 'TRUCK' });
    expect(fine.status.general).toBe('done');

    const session = (await (await s.api('/session/new', { method: 'POST', key: musicKey })).json()).session_id;
    const structured = await s.api(`/session/${session}/inquiry/structured`, {
      method: 'POST',
      key: musicKey,
      json: { semantic_query: { metrics: ['revenue'], group_by: [{ dimension: 'ship_mode' }] } },
    });
    expect(structured.status).toBe(422);
    expect((await structured.json()).detail).toMatch(/ship_mode/);
  });

  it('an account naming a warehouse the deployment lacks is refused, never answered from another', async () => {
    const stray = await ask('How many orders were placed in 1995?', strayKey);
    expect(stray.status.general).toBe('failed');
    expect(stray.error).toMatch(/"archive".*configured: shop, music/);
    expect(stray.data.data).toEqual([]);
  });

  it('readiness checks every warehouse', async () => {
    const ready = await s.api('/ready', { key: null });
    expect(ready.status).toBe(200);
    const names = ((await ready.json()).checks as { name: string; ok: boolean }[]).filter((c) => c.ok).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['model', 'warehouse', 'model music', 'warehouse music']));
  });
});

describe('the tool interface', () => {
  it("run_sql_query and the discovery tools read the caller's warehouse only", async () => {
    const shop = await mcp(s.key);
    const music = await mcp(musicKey);

    const mine = await ok(music, 'run_sql_query', { query: 'SELECT count(*) AS n FROM invoice' });
    expect(mine.rows).toEqual([{ n: invoices }]);
    expect(mine.warehouse).toEqual({ name: 'music', engine: 'postgres', model: 'music' });
    expect(await fails(music, 'run_sql_query', { query: 'SELECT count(*) AS n FROM lineitem' })).toMatch(/lineitem/);

    const theirs = await ok(shop, 'run_sql_query', { query: 'SELECT count(*) AS n FROM orders' });
    expect(theirs.warehouse.name).toBe('shop');
    expect(await fails(shop, 'run_sql_query', { query: 'SELECT count(*) AS n FROM invoice' })).toMatch(/invoice/);

    const musicInfo = await ok(music, 'get_account_info');
    expect(musicInfo.company.warehouse).toEqual({ name: 'music', engine: 'postgres', model: 'music' });
    expect((await ok(shop, 'contextualize')).company_info.warehouse.name).toBe('shop');

    const musicNames = (await ok(music, 'get_semantic_layer_summary')).entities.map((e: { name: string }) => e.name);
    const shopNames = (await ok(shop, 'get_semantic_layer_summary')).entities.map((e: { name: string }) => e.name);
    expect(musicNames.join(' ')).toMatch(/invoice/);
    expect(musicNames).not.toContain('ship_mode');
    expect(shopNames).toContain('ship_mode');
    expect((await ok(music, 'search_semantic_layer', { query: 'ship mode' })).matching_entities.map((h: any) => h.name)).not.toContain(
      'ship_mode',
    );

    const answer = await ok(music, 'ask_a_single_question', { question: 'how many invoices are there' });
    expect(answer.result.warehouse.name).toBe('music');
    expect(onlyNumber(answer.result)).toBe(invoices);

    const stray = await mcp(strayKey);
    expect(await fails(stray, 'run_sql_query', { query: 'SELECT 1 AS one' })).toMatch(/"archive"/);
  }, 120_000);

  it("research runs on the caller's warehouse", async () => {
    const music = await mcp(musicKey);
    const submitted = await ok(music, 'ask_a_research_question', { question: 'How did invoices develop over the years?' });
    const r = await call(
      music,
      'wait_for_completion',
      { inquiry_ids: [submitted.inquiry_id], inquiry_type: 'research' },
      { timeout: 170_000 },
    );
    const result = (r.structuredContent as { results: any[] }).results[0];
    expect(result.warehouse?.name).toBe('music');
    const sql = (result.operations as { sql?: string }[]).map((o) => o.sql ?? '').join('\n');
    expect(sql).toMatch(/invoice/i);
    expect(sql).not.toMatch(/lineitem|orders/i);
  }, 180_000);
});

describe('the web app', () => {
  it("Settings → Semantic layer shows the signed-in account's warehouse and model", async () => {
    const mia = await signIn(s.base, 'mia@example.com', PASSWORD);
    const overview = await (await webFetch(s.base, '/semantic', { session: mia })).json();
    expect(overview.warehouse).toEqual({ name: 'music', engine: 'postgres', model: 'music' });
    expect(overview.entities.map((e: { name: string }) => e.name)).not.toContain('ship_mode');
    const admin = await signIn(s.base, 'admin@localhost', PASSWORD);
    expect((await (await webFetch(s.base, '/semantic', { session: admin })).json()).warehouse.name).toBe('shop');
  });
});

describe('configuration', () => {
  const load = (env: Record<string, string>) => loadConfig({ env, file: join(dir, 'none.yaml') });
  it('QUARRY_WAREHOUSES takes JSON or YAML flow text; a bad entry names the setting, the key and what is allowed', () => {
    const c = load({ QUARRY_WAREHOUSES: '{music: {url: "postgres://r@h/db", model: m.yaml, as_of: 2024-06-30}}' });
    expect(c.warehouses).toEqual({ music: { url: 'postgres://r@h/db', model: 'm.yaml', as_of: '2024-06-30' } });
    expect(() => load({ QUARRY_WAREHOUSES: '{"Music!": {"url": "postgres://r@h/db"}}' })).toThrow(/QUARRY_WAREHOUSES.*lower-case letters/);
    expect(() => load({ QUARRY_WAREHOUSES: '{"music": {"url": "ftp://x"}}' })).toThrow(/QUARRY_WAREHOUSES.*music\.url.*postgres:\/\//);
    expect(() => load({ QUARRY_WAREHOUSES: '{"music": {"url": "postgres://r@h/db", "modle": "x"}}' })).toThrow(/modle/);
    expect(() => load({ QUARRY_WAREHOUSES: '{"default": {"url": "postgres://r@h/db"}}' })).toThrow(ConfigError);
  });
});

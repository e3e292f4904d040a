/**
 * The state store's repositories, the same cases on SQLite and on a real PostgreSQL: every column
 * type round-trips to the same JS values (epoch-ms BIGINTs as numbers, never strings), and the
 * compare-and-set writes (terminal state, claims, report runs) let exactly one of many concurrent
 * writers win.
 */
import pg from 'pg';
import { testPool } from '../helpers/postgres.js';
import { describe, expect, it } from 'vitest';
import { openCheckpoints } from '../../graphs/checkpoints.js';
import { openPostgresStore, type StoreKind } from '../../src/store/db.js';
import type { InquiryRecord, Store } from '../../src/store/repositories.js';
import { Store as StoreClass } from '../../src/store/repositories.js';
import { migrations } from '../../src/store/migrations.js';
import { STORE_KINDS, testStores } from '../helpers/stores.js';

const stores = testStores();

/** Times that would be cut by a 32-bit integer or a float, and the largest exact JS integer. */
const T1 = 1_732_419_123_456;
const T2 = 4_102_444_800_001; // 2100-01-01 + 1 ms
const MAX = Number.MAX_SAFE_INTEGER;

const JSON_TEXT = JSON.stringify({
  quote: 'it\'s "quoted"',
  unicode: 'Zürich – 東京 🚀',
  newline: 'a\nb',
  n: 12345678901234,
  x: 0.1 + 0.2,
  nested: [null, true, { deep: [] }],
});

function inquiry(over: Partial<InquiryRecord> & Pick<InquiryRecord, 'id' | 'session_id' | 'account_id'>): InquiryRecord {
  return {
    type: 'agent',
    status: 'processing',
    status_answer: 'pending',
    status_chart: 'pending',
    question: 'revenue by region',
    dimensions: null,
    result: null,
    resolved: null,
    error: null,
    options: null,
    created_at: T1,
    started_at: null,
    finished_at: null,
    owner: null,
    heartbeat_at: null,
    attempts: 0,
    interruptions: 0,
    ...over,
  };
}

/** Every value's JS type, so a string '1732419123456' cannot pass for a number. */
const typesOf = (row: object) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? 'null' : typeof v]));

async function seed(store: Store) {
  const account = await store.accounts.create('Acme', T1);
  const session = await store.sessions.create(account.id, 'api_key', null, T1);
  return { account, session };
}

describe.each(STORE_KINDS)('state store on %s', (kind: StoreKind) => {
  it('reports its backend', async () => {
    const store = await stores.open(kind);
    expect(store.backend.kind).toBe(kind);
    if (kind === 'postgres') expect(store.backend.url).toMatch(/^postgres:\/\//);
  });

  it('round-trips every column of every table with the same JS values and types', async () => {
    const store = await stores.open(kind);
    const db = store.db;
    const rows = {
      accounts: { id: 'acc_1', name: 'Ünïcode “name”', created_at: MAX, warehouse: 'music_2' },
      users: {
        id: 'usr_1',
        account_id: 'acc_1',
        name: 'Ada',
        email: 'ada@example.com',
        created_at: T1,
        password_hash: 'scrypt$16384$8$1$salt$hash',
        failed_logins: 2_147_483_647,
        locked_until: T2,
        last_login_at: null,
      },
      web_logins: {
        id: 'a'.repeat(64),
        user_id: 'usr_1',
        account_id: 'acc_1',
        csrf_token: 'tok',
        created_at: T1,
        last_seen_at: T1 + 1,
        expires_at: T2,
      },
      api_keys: {
        id: 'key_1',
        account_id: 'acc_1',
        name: 'ci',
        key_hash: 'f'.repeat(64),
        prefix: 'qk_abc',
        created_at: T1,
        last_used_at: null,
        expires_at: T2,
        revoked_at: MAX,
      },
      sessions: { id: 'ses_1', account_id: 'acc_1', origin: 'ui' as const, api_key_id: 'key_1', user_id: 'usr_1', created_at: T1 },
      inquiries: inquiry({
        id: 'inq_1',
        session_id: 'ses_1',
        account_id: 'acc_1',
        type: 'research',
        status: 'done',
        dimensions: JSON_TEXT,
        result: JSON_TEXT,
        resolved: '{}',
        error: 'it\'s "an error"',
        options: '{"budget":null}',
        started_at: T1 + 5,
        finished_at: T2,
        owner: 'proc_x',
        heartbeat_at: MAX,
        attempts: 3,
      }),
      reports: {
        id: 'rep_1',
        account_id: 'acc_1',
        api_key_id: null,
        name: 'weekly',
        question: 'why?',
        schedule: '0 8 * * 1',
        timezone: 'Europe/Zurich',
        dimensions: JSON_TEXT,
        budget: '{"rounds":2}',
        created_at: T1,
        last_run_at: T2,
        deleted_at: null,
      },
      report_runs: { report_id: 'rep_1', scheduled_for: T2, inquiry_id: 'inq_1', created_at: T1 },
      processes: { id: 'proc_x', pid: 4_194_304, host: 'host-1', started_at: T1, lease_until: MAX },
      mcp_sessions: {
        id: '7f1c0c1e-1d2b-4c39-9d9e-3c2f1d0b6a55',
        binding: 'bound' as const,
        key_hash: 'e'.repeat(64),
        detail: null,
        protocol_version: '2025-06-18',
        created_at: T1,
        last_seen_at: MAX,
      },
      mcp_session_plans: { session_id: '7f1c0c1e-1d2b-4c39-9d9e-3c2f1d0b6a55', plan_hash: 'd'.repeat(64), plan: JSON_TEXT, created_at: T2 },
    };
    for (const [table, row] of Object.entries(rows)) {
      await db
        .insertInto(table as keyof typeof rows)
        .values(row as never)
        .execute();
    }
    for (const [table, row] of Object.entries(rows)) {
      const back = await db
        .selectFrom(table as keyof typeof rows)
        .selectAll()
        .execute();
      expect(back, table).toEqual([row]);
      expect(typesOf(back[0]), table).toEqual(typesOf(row));
    }
    // aggregates come back as numbers too
    expect(await store.accounts.count()).toBe(1);
    expect(await store.inquiries.countByStatus()).toEqual({ done: 1 });
    const sum = await db
      .selectFrom('inquiries')
      .select((eb) => eb.fn.sum<number>('heartbeat_at').as('s'))
      .executeTakeFirstOrThrow();
    expect(Number(sum.s)).toBe(MAX);
    // the defaults of the migrations
    await db
      .insertInto('inquiries')
      .values({ ...inquiry({ id: 'inq_2', session_id: 'ses_1', account_id: 'acc_1' }), attempts: undefined } as never)
      .execute();
    expect((await store.inquiries.get('inq_2'))!.attempts).toBe(0);
  });

  it('accounts, users, keys and web logins through their repositories', async () => {
    const store = await stores.open(kind);
    const a = await store.accounts.create('One', T1);
    const b = await store.accounts.create('Two', T1 + 1);
    expect((await store.accounts.list()).map((x) => x.name)).toEqual(['One', 'Two']);
    expect(await store.accounts.get(a.id)).toEqual(a);
    expect(await store.accounts.count()).toBe(2);
    // the warehouse an account asks: null (the default one) until it names one
    expect(await store.accounts.warehouseOf(a.id)).toBeNull();
    expect(await store.accounts.setWarehouse(a.id, 'music')).toBe(true);
    expect(await store.accounts.warehouseOf(a.id)).toBe('music');
    expect(await store.accounts.warehouseOf(b.id)).toBeNull();
    expect(await store.accounts.warehouseOf('acc_missing')).toBeUndefined();
    expect(await store.accounts.setWarehouse('acc_missing', 'music')).toBe(false);
    expect((await store.accounts.create('Three', T1 + 3, 'shop')).warehouse).toBe('shop');
    await store.accounts.setWarehouse(a.id, null);
    expect(await store.accounts.count()).toBe(3);
    // each account gets an admin user without a password
    expect(await store.users.countWithPassword()).toBe(0);
    const u = await store.users.create({ accountId: b.id, name: 'Bo', email: 'bo@example.com', passwordHash: 'h' }, T1 + 2);
    expect(await store.users.findByEmail('bo@example.com')).toEqual(u);
    await store.users.recordFailure(u.id, 3, T2);
    expect(await store.users.get(u.id)).toMatchObject({ failed_logins: 3, locked_until: T2 });
    await store.users.recordSuccess(u.id, T1 + 9);
    expect(await store.users.get(u.id)).toMatchObject({ failed_logins: 0, locked_until: null, last_login_at: T1 + 9 });
    await expect(store.users.create({ accountId: a.id, name: 'Dup', email: 'bo@example.com', passwordHash: 'h' })).rejects.toThrow();

    const k1 = await store.apiKeys.insert({
      id: 'key_a',
      account_id: a.id,
      name: 'k1',
      key_hash: 'h1',
      prefix: 'qk_same',
      created_at: T1,
      expires_at: null,
    });
    await store.apiKeys.insert({
      id: 'key_b',
      account_id: a.id,
      name: 'k2',
      key_hash: 'h2',
      prefix: 'qk_same',
      created_at: T1 + 1,
      expires_at: T2,
    });
    expect(await store.apiKeys.findByHash('h1')).toEqual(k1);
    await expect(store.apiKeys.revoke('qk_same')).rejects.toThrow(/matches 2 keys/);
    expect(await store.apiKeys.revoke('key_b', T1 + 5)).toMatchObject([{ id: 'key_b', revoked_at: T1 + 5 }]);
    expect(await store.apiKeys.revoke('nope')).toEqual([]);
    await store.apiKeys.touchMany(
      new Map([
        ['key_a', T2],
        ['key_b', T2 + 1],
      ]),
    );
    expect((await store.apiKeys.list(a.id)).map((k) => [k.id, k.last_used_at, k.revoked_at])).toEqual([
      ['key_a', T2, null],
      ['key_b', T2 + 1, T1 + 5],
    ]);

    await store.webLogins.insert({
      id: 'w1',
      user_id: u.id,
      account_id: b.id,
      csrf_token: 'c',
      created_at: T1,
      last_seen_at: T1,
      expires_at: T1 + 10,
    });
    await store.webLogins.insert({
      id: 'w2',
      user_id: u.id,
      account_id: b.id,
      csrf_token: 'c',
      created_at: T1,
      last_seen_at: T1,
      expires_at: T2,
    });
    await store.webLogins.touch('w2', T1 + 7);
    await store.webLogins.purgeExpired(T1 + 10);
    expect(await store.webLogins.get('w1')).toBeUndefined();
    expect((await store.webLogins.get('w2'))!.last_seen_at).toBe(T1 + 7);
    await store.webLogins.deleteForUser(u.id);
    expect(await store.webLogins.get('w2')).toBeUndefined();
  });

  it('sessions: newest first, web threads only for their user', async () => {
    const store = await stores.open(kind);
    const { account } = await seed(store);
    const ui1 = await store.sessions.create(account.id, 'ui', null, T1 + 10, 'usr_a');
    const ui2 = await store.sessions.create(account.id, 'ui', null, T1 + 20, 'usr_a');
    await store.sessions.create(account.id, 'ui', null, T1 + 30, 'usr_b');
    expect((await store.sessions.listForUser(account.id, 'usr_a', 10)).map((s) => s.id)).toEqual([ui2.id, ui1.id]);
    expect(await store.sessions.listRecent(account.id, 10, 'api_key')).toHaveLength(1);
    expect((await store.sessions.listRecent(account.id, 2)).map((s) => s.created_at)).toEqual([T1 + 30, T1 + 20]);
    await store.sessions.delete(ui1.id);
    expect(await store.sessions.get(ui1.id)).toBeUndefined();
  });

  it('inquiries submitted at the same moment are all stored, and a bad one fails alone', async () => {
    const store = await stores.open(kind);
    const { account, session } = await seed(store);
    await store.inquiries.insert(inquiry({ id: 'inq_taken', session_id: session.id, account_id: account.id }));
    // 30 at once, written together; one reuses a stored id and one names a session that does not exist.
    const ids = Array.from({ length: 30 }, (_, i) => (i === 7 ? 'inq_taken' : `inq_burst${i}`));
    const outcomes = await Promise.allSettled(
      ids.map((id, i) =>
        store.inquiries.insert(inquiry({ id, session_id: i === 19 ? 'ses_missing' : session.id, account_id: account.id })),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(ids.map((_, i) => (i === 7 || i === 19 ? 'rejected' : 'fulfilled')));
    const stored = (await store.inquiries.listBySession(session.id)).map((r) => r.id).sort();
    expect(stored).toEqual(['inq_taken', ...ids.filter((_, i) => i !== 7 && i !== 19)].sort());
    expect(await store.inquiries.countActive(account.id)).toBe(29);
  });

  it("an account's running count includes inquiries whose insert is still waiting for its turn", async () => {
    const store = await stores.open(kind);
    const { account, session } = await seed(store);
    const inserting = Promise.all(
      [1, 2, 3].map((i) => store.inquiries.insert(inquiry({ id: `inq_wait${i}`, session_id: session.id, account_id: account.id }))),
    );
    // Counted before the shared insert is written: the per-account cap must see them already.
    expect(await store.inquiries.countActive(account.id)).toBeGreaterThanOrEqual(3);
    await inserting;
    expect(await store.inquiries.countActive(account.id)).toBe(3);
  });

  it('a terminal state is written once: of many concurrent finishers exactly one wins', async () => {
    const store = await stores.open(kind);
    const { account, session } = await seed(store);
    await store.inquiries.insert(inquiry({ id: 'inq_cas', session_id: session.id, account_id: account.id, owner: 'proc_a' }));
    expect(await store.inquiries.countActive(account.id)).toBe(1);
    const wins = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        store.inquiries.finishIfProcessing('inq_cas', {
          status: i % 2 ? 'done' : 'stopped',
          result: JSON.stringify({ writer: i }),
          finishedAt: T2 + i,
        }),
      ),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
    const winner = wins.indexOf(true);
    const r = (await store.inquiries.get('inq_cas'))!;
    expect(r).toMatchObject({
      status: winner % 2 ? 'done' : 'stopped',
      result: JSON.stringify({ writer: winner }),
      finished_at: T2 + winner,
      owner: null,
      heartbeat_at: null,
      status_answer: 'ready',
    });
    // progress after the end is ignored
    await store.inquiries.updateProgress('inq_cas', '{"late":true}');
    expect((await store.inquiries.get('inq_cas'))!.result).toBe(JSON.stringify({ writer: winner }));
    expect(await store.inquiries.countActive(account.id)).toBe(0);
  });

  it('owners and leases: orphans are claimed by exactly one process, starts count attempts, release hands back', async () => {
    const store = await stores.open(kind);
    const { account, session } = await seed(store);
    const now = T1 + 1000;
    await store.processes.renew({ id: 'proc_live', pid: 1, host: 'h', started_at: T1 }, now + 5000);
    await store.processes.renew({ id: 'proc_dead', pid: 2, host: 'h', started_at: T1 }, now - 1);
    // renewing again is an upsert, not a second row
    await store.processes.renew({ id: 'proc_live', pid: 1, host: 'h', started_at: T1 }, now + 6000);
    expect((await store.processes.get('proc_live'))!.lease_until).toBe(now + 6000);
    await store.inquiries.insert(
      inquiry({ id: 'inq_live', session_id: session.id, account_id: account.id, owner: 'proc_live', created_at: T1 + 1 }),
    );
    await store.inquiries.insert(
      inquiry({ id: 'inq_dead', session_id: session.id, account_id: account.id, owner: 'proc_dead', created_at: T1 + 2 }),
    );
    await store.inquiries.insert(
      inquiry({ id: 'inq_none', session_id: session.id, account_id: account.id, owner: null, created_at: T1 + 3 }),
    );
    await store.inquiries.insert(
      inquiry({ id: 'inq_done', session_id: session.id, account_id: account.id, owner: null, status: 'done', created_at: T1 + 4 }),
    );
    expect((await store.inquiries.listOrphans(now)).map((o) => o.id)).toEqual(['inq_dead', 'inq_none']);

    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => store.inquiries.claim('inq_dead', 'proc_dead', `proc_new${i}`, now)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const owner = `proc_new${claims.indexOf(true)}`;
    expect(await store.inquiries.claim('inq_live', 'proc_live', 'proc_thief', now)).toBe(false);
    expect(await store.inquiries.claim('inq_none', null, owner, now)).toBe(true);
    expect((await store.inquiries.ownership(['inq_dead', 'inq_none', 'inq_live'])).sort((x, y) => x.id.localeCompare(y.id))).toEqual([
      { id: 'inq_dead', status: 'processing', owner },
      { id: 'inq_live', status: 'processing', owner: 'proc_live' },
      { id: 'inq_none', status: 'processing', owner },
    ]);
    expect(await store.inquiries.markStarted('inq_dead', owner, now + 1)).toBe(true);
    expect(await store.inquiries.markStarted('inq_dead', owner, now + 2)).toBe(true);
    expect(await store.inquiries.markStarted('inq_dead', 'proc_other', now + 3)).toBe(false);
    expect(await store.inquiries.get('inq_dead')).toMatchObject({ attempts: 2, started_at: now + 2, heartbeat_at: now + 2 });
    expect(await store.inquiries.release(owner)).toBe(2);
    expect((await store.inquiries.listOrphans(now)).map((o) => o.id)).toEqual(['inq_dead', 'inq_none']);
    await store.processes.purgeExpired(now);
    expect(await store.processes.get('proc_dead')).toBeUndefined();
    await store.processes.remove('proc_live');
    expect(await store.processes.get('proc_live')).toBeUndefined();
  });

  it('MCP sessions: shared records, logout, plans once each, idle ones purged with their plans', async () => {
    const store = await stores.open(kind);
    const base = { key_hash: null, detail: null, protocol_version: '2025-11-25', created_at: T1 };
    await store.mcpSessions.insert({ ...base, id: 'mcp_a', binding: 'bound', key_hash: 'a'.repeat(64), last_seen_at: T1 });
    await store.mcpSessions.insert({ ...base, id: 'mcp_b', binding: 'invalid', detail: 'Invalid API key', last_seen_at: T1 });
    await expect(store.mcpSessions.insert({ ...base, id: 'mcp_a', binding: 'none', last_seen_at: T1 })).rejects.toThrow();
    // several processes record plans for one session at once: each distinct plan once
    await Promise.all(
      ['plan 1', 'plan 2', 'plan 1', 'plan 2', 'plan 1'].map((p, i) => store.mcpSessions.addPlan('mcp_a', `hash ${p}`, p, T1 + i)),
    );
    expect((await store.mcpSessions.plans('mcp_a')).sort()).toEqual(['plan 1', 'plan 2']);
    await store.mcpSessions.logout('mcp_a');
    expect(await store.mcpSessions.get('mcp_a')).toMatchObject({ binding: 'logged_out', key_hash: null });
    await store.mcpSessions.touch('mcp_a', T2);
    await store.mcpSessions.touch('mcp_a', T1 + 1); // never moves back
    expect((await store.mcpSessions.get('mcp_a'))!.last_seen_at).toBe(T2);
    await store.mcpSessions.addPlan('mcp_b', 'hash b', 'plan b', T1);
    expect(await store.mcpSessions.purgeIdle(T2)).toBe(1);
    expect(await store.mcpSessions.get('mcp_b')).toBeUndefined();
    expect(await store.mcpSessions.plans('mcp_b')).toEqual([]);
    expect(await store.mcpSessions.plans('mcp_a')).toHaveLength(2);
    expect(await store.mcpSessions.delete('mcp_a')).toBe(true);
    expect(await store.mcpSessions.delete('mcp_a')).toBe(false);
    expect(await store.mcpSessions.plans('mcp_a')).toEqual([]);
  });

  it('web app records: thread titles and chart views upserted, dashboards with ordered tiles, a thread deleted with what hangs on it', async () => {
    const store = await stores.open(kind);
    const { account, session } = await seed(store);
    await store.inquiries.insert(inquiry({ id: 'inq_web1', session_id: session.id, account_id: account.id }));
    await store.web.rename(session.id, 'First', T1);
    await store.web.rename(session.id, 'Second', T2);
    expect(await store.web.titles([session.id, 'ses_none'])).toEqual(new Map([[session.id, 'Second']]));
    await store.web.setView('inq_web1', account.id, 'bar', T1);
    await store.web.setView('inq_web1', account.id, 'table', T2);
    expect(await store.web.views(['inq_web1'])).toEqual(new Map([['inq_web1', 'table']]));
    const d = await store.web.createDashboard(account.id, 'usr_x', 'Review', T1);
    const tile = (n: string) => ({
      dashboard_id: d.id,
      account_id: account.id,
      title: n,
      semantic_query: JSON_TEXT,
      dimensions: null,
      chart_type: null,
      source_inquiry_id: 'inq_web1',
    });
    const a = await store.web.addTile(tile('a'), T1);
    const b = await store.web.addTile(tile('b'), T2);
    expect([a.position, b.position]).toEqual([0, 1]);
    await store.web.setTileRun(b.id, 'inq_run');
    const tiles = await store.web.tiles(d.id);
    expect(tiles.map((t) => [t.title, t.position, t.last_inquiry_id, t.semantic_query])).toEqual([
      ['a', 0, 'inq_web1', JSON_TEXT],
      ['b', 1, 'inq_run', JSON_TEXT],
    ]);
    expect(typesOf(tiles[0])).toMatchObject({ position: 'number', created_at: 'number' });
    expect((await store.web.listDashboards(account.id)).map((x) => [x.name, x.updated_at])).toEqual([['Review', T2]]);
    expect(await store.web.removeTile(d.id, a.id)).toBe(true);
    expect(await store.web.removeTile(d.id, a.id)).toBe(false);
    await store.web.deleteThread(session.id);
    expect(await store.sessions.get(session.id)).toBeUndefined();
    expect(await store.inquiries.get('inq_web1')).toBeUndefined();
    expect(await store.web.views(['inq_web1'])).toEqual(new Map());
    await store.web.deleteDashboard(d.id);
    expect(await store.web.getDashboard(d.id)).toBeUndefined();
    expect(await store.web.tiles(d.id)).toEqual([]);
  });

  it('a report run for one due time is recorded once, however many schedulers race for it', async () => {
    const store = await stores.open(kind);
    const { account, session } = await seed(store);
    await store.reports.insert({
      id: 'rep_r',
      account_id: account.id,
      api_key_id: null,
      name: 'r',
      question: 'q',
      schedule: '* * * * *',
      timezone: 'UTC',
      dimensions: null,
      budget: null,
      created_at: T1,
      last_run_at: null,
      deleted_at: null,
    });
    for (let i = 0; i < 6; i++)
      await store.inquiries.insert(inquiry({ id: `inq_r${i}`, session_id: session.id, account_id: account.id, type: 'research' }));
    const added = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        store.reports.addRun({ report_id: 'rep_r', scheduled_for: T2, inquiry_id: `inq_r${i}`, created_at: T1 }),
      ),
    );
    expect(added.filter(Boolean)).toHaveLength(1);
    expect(await store.reports.runs('rep_r')).toEqual([
      { report_id: 'rep_r', scheduled_for: T2, inquiry_id: `inq_r${added.indexOf(true)}`, created_at: T1 },
    ]);
    expect(await store.reports.hasRun('rep_r', T2)).toBeDefined();
    expect((await store.reports.get('rep_r'))!.last_run_at).toBe(T2);
    // an earlier due time recorded later does not move last_run_at back
    expect(await store.reports.addRun({ report_id: 'rep_r', scheduled_for: T2 - 60_000, inquiry_id: 'inq_r0', created_at: T1 })).toBe(true);
    expect((await store.reports.get('rep_r'))!.last_run_at).toBe(T2);
    expect((await store.reports.runs('rep_r')).map((r) => r.scheduled_for)).toEqual([T2, T2 - 60_000]);
    expect(await store.reports.softDelete('rep_r', T1 + 1)).toBe(true);
    expect(await store.reports.softDelete('rep_r', T1 + 2)).toBe(false);
    expect(await store.reports.list(account.id)).toEqual([]);
    // a scheduler that read the report just before the delete records no run after it
    expect(await store.reports.addRun({ report_id: 'rep_r', scheduled_for: T2 + 60_000, inquiry_id: 'inq_r1', created_at: T1 })).toBe(
      false,
    );
    expect((await store.reports.runs('rep_r')).map((r) => r.scheduled_for)).toEqual([T2, T2 - 60_000]);
  });
});

describe('state store on PostgreSQL only', () => {
  it('the winning terminal write sends its announcement in the same statement, a losing one sends none', async () => {
    const store = await stores.open('postgres');
    const { account, session } = await seed(store);
    await store.inquiries.insert(inquiry({ id: 'inq_announced', session_id: session.id, account_id: account.id, owner: 'proc_a' }));
    const listening = new pg.Client({ connectionString: store.backend.url });
    await listening.connect();
    try {
      const heard: string[] = [];
      listening.on('notification', (n) => heard.push(`${n.channel} ${n.payload}`));
      await listening.query('LISTEN quarry_test_channel');
      const write = (status: string) =>
        store.inquiries.finishIfProcessing('inq_announced', {
          status,
          result: '{}',
          announce: { channel: 'quarry_test_channel', payload: `inq_announced:${status}` },
        });
      expect(await write('done')).toBe(true);
      expect(await write('stopped')).toBe(false);
      // notifications arrive in commit order, before the reply to a later query on the listening connection
      await store.inquiries.finishIfProcessing('inq_absent', {
        status: 'done',
        result: '{}',
        announce: { channel: 'quarry_test_channel', payload: 'inq_absent:done' },
      });
      await listening.query('SELECT 1');
      expect(heard).toEqual(['quarry_test_channel inq_announced:done']);
      expect((await store.inquiries.get('inq_announced'))!.status).toBe('done');
    } finally {
      await listening.end();
    }
  });

  it('several processes starting at once migrate once, and all of them work', async () => {
    const url = await stores.freshDatabase();
    const handles = await Promise.all(Array.from({ length: 4 }, () => openPostgresStore(url)));
    try {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const applied = await c.query('select name from kysely_migration order by name');
      await c.end();
      expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations).sort());
      expect(applied.rows.slice(0, 5).map((r) => r.name)).toEqual([
        '0001_initial',
        '0002_reports',
        '0003_web_users',
        '0004_processes',
        '0005_mcp_sessions',
      ]);
      const [a, b] = handles.map((h) => new StoreClass(h.db, h));
      const acc = await a.accounts.create('shared', T1);
      expect(await b.accounts.get(acc.id)).toEqual(acc);
    } finally {
      for (const h of handles) await h.close();
    }
  });

  it('several processes setting up the research checkpoint tables at once do it once', async () => {
    const url = await stores.freshDatabase();
    const opened = await Promise.all(Array.from({ length: 3 }, () => openCheckpoints({ store: url, dataDir: '/nonexistent' })));
    try {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const versions = (await c.query('select v from checkpoint_migrations order by v')).rows.map((r) => r.v);
      await c.end();
      expect(versions).toEqual([0, 1, 2, 3, 4]);
      expect(opened.map((o) => o.kind)).toEqual(['postgres', 'postgres', 'postgres']);
    } finally {
      for (const o of opened) await o.close();
    }
  });

  it("parses BIGINT as numbers in the store's own pool only, leaving pg's global parsing to other pools", async () => {
    const url = await stores.freshDatabase();
    const handle = await openPostgresStore(url);
    try {
      const own = await handle.pool!.query('select 1732419123456::bigint as t, 9007199254740991::bigint as m');
      expect(own.rows[0]).toEqual({ t: T1, m: MAX });
      // the Postgres warehouse's pool (and any other) still gets pg's defaults
      const other = testPool(url, 1);
      const theirs = await other.query('select 1732419123456::bigint as t');
      await other.end();
      expect(theirs.rows[0].t).toBe('1732419123456');
      // a value that would lose digits is refused, not rounded
      await expect(handle.pool!.query('select 9007199254740993::bigint as x')).rejects.toThrow(/does not fit a JavaScript number/);
    } finally {
      await handle.close();
    }
  });
});

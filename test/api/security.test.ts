/**
 * Issue 28's security leftovers, through the public interfaces of one real server (TPC-H over
 * DuckDB) and the agent graph:
 *  - lock-out answers an unknown e-mail as it answers a real one (same statuses, similar time);
 *  - the API docs page is served with a CSP, X-Frame-Options and nosniff, and still works under them;
 *  - a deeply nested SQL statement is refused by the guard, not logged as an unexpected failure;
 *  - a malformed URL gets `{detail}`;
 *  - a sub-second query time limit is named as such in the timeout message.
 */
import { MemorySaver } from '@langchain/langgraph';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAgentGraph } from '../../graphs/agent/graph.js';
import type { AgentStateType } from '../../graphs/agent/state.js';
import { DEFAULT_MODEL_PATH } from '../../src/semantic/loader.js';
import { loadSemanticLayer } from '../../src/semantic/values.js';
import { openWarehouse, type Warehouse } from '../../src/warehouse/index.js';
import { launchChromium } from '../helpers/browser.js';
import { connectHttp, fails } from '../helpers/mcp.js';
import { TPCH_DIR } from '../helpers/paths.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { origin, webFetch } from '../helpers/web.js';

let s: TestServer;
let mcp: Client;
const logs: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  s = await startTestServer({ overrides: { warehouse: `duckdb:${TPCH_DIR}`, rateLimitMax: 100_000 }, logStream });
  ({ client: mcp } = await connectHttp(`${origin(s.base)}/mcp`, { 'x-api-key': s.key }));
}, 60_000);
afterAll(async () => {
  await mcp?.close();
  await s?.close();
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('sign-in lock-out', () => {
  /** One wrong password for `email`: the status, the detail and how long the answer took. */
  async function wrongTry(email: string): Promise<{ status: number; ms: number; detail: string }> {
    const t0 = performance.now();
    const r = await webFetch(s.base, '/login', { method: 'POST', json: { email, password: 'not-the-password-1' } });
    const ms = performance.now() - t0;
    return { status: r.status, ms, detail: (await r.json()).detail };
  }

  it('an e-mail without an account is locked out like a real user, after the same work', async () => {
    const admin = await s.runtime.store.users.findByEmail('admin@localhost');
    await s.runtime.users.create(admin!.account_id, 'real.person@example.org');
    const real: Awaited<ReturnType<typeof wrongTry>>[] = [];
    const unknown: Awaited<ReturnType<typeof wrongTry>>[] = [];
    // Alternate the two e-mails so that a busy host slows both alike (the timing is compared side by side).
    for (let i = 0; i < 13; i++) {
      real.push(await wrongTry('real.person@example.org'));
      unknown.push(await wrongTry('nobody.here@example.org'));
    }
    const statuses = real.map((t) => t.status);
    expect(statuses).toEqual([401, 401, 401, 401, ...Array(9).fill(429)]);
    expect(unknown.map((t) => t.status)).toEqual(statuses);
    // (the seconds left differ by when each try ran: the message, not the clock, is compared)
    const shape = (d: string) => d.replace(/\d+/g, 'N');
    expect(unknown.map((t) => shape(t.detail))).toEqual(real.map((t) => shape(t.detail)));
    // Locked answers still cost a password check, for both: no fast path tells them apart.
    const lockedReal = median(real.slice(4).map((t) => t.ms));
    const lockedUnknown = median(unknown.slice(4).map((t) => t.ms));
    const checked = median([...real.slice(0, 4), ...unknown.slice(0, 4)].map((t) => t.ms));
    expect(lockedReal).toBeGreaterThan(checked / 3);
    expect(lockedUnknown).toBeGreaterThan(checked / 3);
    expect(Math.max(lockedReal, lockedUnknown) / Math.min(lockedReal, lockedUnknown)).toBeLessThan(3);
  }, 60_000);
});

describe('the API docs page', () => {
  it('is served with a content security policy, X-Frame-Options and nosniff, page and assets', async () => {
    for (const path of ['/api/docs', '/api/docs/static/index.html', '/api/docs/static/swagger-ui-bundle.js', '/api/docs/json']) {
      const r = await fetch(origin(s.base) + path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-security-policy'), path).toMatch(/default-src 'self'/);
      expect(r.headers.get('content-security-policy'), path).toMatch(/frame-ancestors 'none'/);
      expect(r.headers.get('content-security-policy'), path).not.toMatch(/unsafe-eval/);
      expect(r.headers.get('x-frame-options'), path).toBe('DENY');
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('still shows the operations in a browser, with no policy violation', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      await page.goto(`${origin(s.base)}/api/docs`);
      await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
      expect(await page.locator('.opblock').count()).toBeGreaterThan(5);
      expect(violations).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

describe('deeply nested SQL', () => {
  const deep = {
    brackets: `SELECT ${'('.repeat(5000)}1${')'.repeat(5000)}`,
    operators: `SELECT ${'1+'.repeat(15_000)}1`,
    cases: `SELECT ${'CASE WHEN true THEN '.repeat(1500)}1${' END'.repeat(1500)}`,
  };
  it.each(Object.keys(deep))(
    'nested %s: refused by the guard as a tool error, not an unexpected failure',
    async (kind) => {
      const before = logs.length;
      const text = await fails(mcp, 'run_sql_query', { query: deep[kind as keyof typeof deep] });
      expect(text).toMatch(/refused.*nest/i);
      const errors = logs
        .slice(before)
        .map((l) => JSON.parse(l))
        .filter((l) => l.level >= 50);
      expect(errors).toEqual([]);
    },
    30_000,
  );

  it('a moderately nested query still runs', async () => {
    const r = await mcp.callTool({
      name: 'run_sql_query',
      arguments: { query: `SELECT ${'('.repeat(50)}r_regionkey${')'.repeat(50)} AS k FROM region ORDER BY k` },
    });
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as { row_count: number }).row_count).toBe(5);
  });
});

describe('malformed URLs', () => {
  it.each(['/api/inquiry/%E0%A4%A/status', '/api/session/%/inquiry/agent', '/ui/api/threads/%zz'])('%s → 400 {detail}', async (path) => {
    const r = await fetch(origin(s.base) + path, { headers: { 'x-api-key': s.key } });
    expect(r.status).toBe(400);
    const body = await r.json();
    expect(Object.keys(body)).toEqual(['detail']);
    expect(body.detail).toMatch(/Malformed URL/);
  });
});

describe('a sub-second query time limit', () => {
  let warehouse: Warehouse;
  beforeAll(async () => {
    warehouse = await openWarehouse(`duckdb:${TPCH_DIR}`);
  });
  afterAll(() => warehouse?.close());

  it('is named in the timeout message (0.1 s, never 0 s)', async () => {
    // The engine runs a statement that cannot finish in 100 ms on any machine, in place of the compiled one.
    const slow: Warehouse = {
      dialect: warehouse.dialect,
      introspect: () => warehouse.introspect(),
      ping: () => warehouse.ping(),
      close: async () => undefined,
      run: (_sql, options) => warehouse.run('SELECT sum(a.range * b.range) AS n FROM range(200000) a, range(200000) b', options),
    };
    const graph = buildAgentGraph(new MemorySaver());
    const config = {
      configurable: {
        thread_id: 'sub-second',
        layer: await loadSemanticLayer(DEFAULT_MODEL_PATH, warehouse),
        warehouse: slow,
        queryTimeoutMs: 100,
        maxRows: 100,
      },
    };
    await graph.invoke({ question: 'How many orders are there?', dimensions: null, history: [] }, config);
    const state = (await graph.getState(config)).values as AgentStateType;
    expect(state.outcome?.status).toBe('timeout');
    expect(state.outcome?.error).toBe('The query took longer than 0.1 s and was cancelled.');
  }, 30_000);
});

/**
 * Issue 11 ("Hardening") against one real server on the TPC-H warehouse (DuckDB over Parquet),
 * through REST and the MCP SDK client:
 *  - item 2: a cut result states its truncation, and its count, total, highest and lowest are the
 *    warehouse's figures over every row;
 *  - item 4: results have a byte cap, and DuckDB a memory limit;
 *  - item 7: a key revoked by another process stops at once; /metrics is loopback-only or behind
 *    a token and names no account; run_sql_query discloses no server path;
 *  - item 1: run_sql_query's timeout has a cap;
 *  - item 8: a `__proto__` dimension is refused by name.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { join } from 'node:path';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyService } from '../../src/auth/keys.js';
import { openSqliteStore } from '../../src/store/db.js';
import { Store } from '../../src/store/repositories.js';
import { redactPaths } from '../../src/warehouse/errors.js';
import { call, connectHttp, fails, ok } from '../helpers/mcp.js';
import { TPCH_DIR } from '../helpers/paths.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const MAX_RESULT_BYTES = 4 * 1024 * 1024;

let s: TestServer;
let mcp: Client;
beforeAll(async () => {
  s = await startTestServer({
    overrides: {
      warehouse: `duckdb:${TPCH_DIR}`,
      maxResultBytes: MAX_RESULT_BYTES,
      duckdbMemoryLimit: '256MB',
      sqlTimeoutMaxS: 20,
      rateLimitMax: 100_000,
    },
  });
  ({ client: mcp } = await connectHttp(s.base.replace(/\/api$/, '/mcp'), { 'x-api-key': s.key }));
}, 60_000);
afterAll(async () => {
  await mcp?.close();
  await s?.close();
});

async function ask(query: string, dimensions?: unknown): Promise<any> {
  const session = (await (await s.api('/session/new', { method: 'POST' })).json()).session_id;
  const r = await s.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query, ...(dimensions ? { dimensions } : {}) } });
  expect(r.status).toBe(200);
  const { inquiry_id } = await r.json();
  return (await s.api(`/inquiry/${inquiry_id}/result?timeout=60`)).json();
}

describe('item 2: a cut result is stated, and its figures cover every row', () => {
  it('"Revenue by customer in 1997": count, total, highest and lowest over all customers', async () => {
    // The truth, from DuckDB directly over the same files.
    const db = await DuckDBInstance.create(':memory:');
    const c = await db.connect();
    const truth = (
      await c.runAndReadAll(
        `WITH r AS (SELECT c_name, sum(l_extendedprice * (1 - l_discount)) AS revenue
           FROM read_parquet('${join(TPCH_DIR, 'lineitem.parquet')}') JOIN read_parquet('${join(TPCH_DIR, 'orders.parquet')}') ON l_orderkey = o_orderkey
           JOIN read_parquet('${join(TPCH_DIR, 'customer.parquet')}') ON o_custkey = c_custkey
          WHERE o_orderdate >= DATE '1997-01-01' AND o_orderdate < DATE '1998-01-01' GROUP BY c_name)
         SELECT count(*)::INTEGER AS n, sum(revenue)::DOUBLE AS total, arg_max(c_name, revenue) AS top, arg_min(c_name, revenue) AS bottom FROM r`,
      )
    ).getRowObjectsJS()[0] as { n: number; total: number; top: string; bottom: string };
    c.closeSync();
    db.closeSync();
    expect(truth.n).toBeGreaterThan(5000); // more customers than the row cap keeps

    const body = await ask('Revenue by customer in 1997');
    expect(body.status.general).toBe('done');
    expect(body.data.data).toHaveLength(5000);
    expect(body.data.truncated).toBe(true);
    expect(body.data.total_rows).toBe(truth.n);
    expect(body.answer_explanation).toMatchObject({
      truncated: true,
      truncated_by: 'rows',
      row_count: 5000,
      total_row_count: truth.n,
      figures_cover_all_rows: true,
    });
    const text = body.answer.replace(/<[^>]+>/g, '');
    expect(text).toContain(`covers ${truth.n.toLocaleString('en-US')} customers`);
    expect(text).toContain(`$${(truth.total / 1e9).toFixed(2)}B`);
    expect(text).toContain(`the highest is ${truth.top}`);
    expect(text).toContain(`the lowest ${truth.bottom}`);
    expect(text).toMatch(/truncated/);
    expect(body.explanation).toMatch(/truncated/);
  });

  it('a result within the cap says nothing of truncation', async () => {
    const body = await ask('Revenue by region in 1997');
    expect(body.status.general).toBe('done');
    expect(body.answer_explanation.truncated).toBe(false);
    expect(body.data.truncated).toBeUndefined();
    expect(body.answer).not.toMatch(/truncated/);
  });
});

describe('item 4: memory is bounded', () => {
  it('run_sql_query cuts a result at the byte cap and says so', async () => {
    const r = await ok(mcp, 'run_sql_query', { query: "SELECT repeat('x', 1000000) AS s FROM range(100)", max_results: 1000 });
    expect(r.truncated).toBe(true);
    expect(r.row_count).toBeLessThan(100);
    expect(r.row_count).toBeGreaterThan(0);
    expect(JSON.stringify(r.rows).length).toBeLessThanOrEqual(MAX_RESULT_BYTES);
  });

  it("a statement that needs more than DuckDB's memory_limit fails instead of growing the process", async () => {
    const text = await fails(mcp, 'run_sql_query', { query: 'SELECT length(list(i)) AS n FROM range(40000000) t(i)' });
    expect(text).toMatch(/memory/i);
  });
});

describe('item 1: run_sql_query has a timeout cap', () => {
  it('a timeout above the cap is refused, naming the field and the limit', async () => {
    const text = await fails(mcp, 'run_sql_query', { query: 'SELECT 1 AS x', timeout: 300 });
    expect(text).toMatch(/timeout: at most 20 seconds/);
    expect((await ok(mcp, 'run_sql_query', { query: 'SELECT 1 AS x', timeout: 20 })).rows).toEqual([{ x: 1 }]);
  });
});

describe('item 7: keys, metrics and server paths', () => {
  it('a key revoked by another process stops working at once', async () => {
    const account = (await s.runtime.store.accounts.list())[0]!;
    const { key, record } = await s.runtime.keys.create(account.id, 'revoked-elsewhere');
    expect((await s.api('/session/new', { method: 'POST', key })).status).toBe(200);
    // `quarry keys revoke` is another process with its own connection to the store.
    const other = new Store(await openSqliteStore(join(s.dataDir, 'quarry.sqlite')));
    const otherKeys = new KeyService(other);
    await otherKeys.revoke(record.id);
    await otherKeys.close();
    await other.close();
    const r = await s.api('/session/new', { method: 'POST', key });
    expect(r.status).toBe(401);
    expect((await r.json()).detail).toMatch(/revoked/);
  });

  it('/metrics names no account or key', async () => {
    const text = await (await fetch(s.base.replace(/\/api$/, '/metrics'))).text();
    expect(text).toMatch(/quarry_http_requests_total/);
    for (const a of await s.runtime.store.accounts.list()) expect(text).not.toContain(a.id);
    for (const k of await s.runtime.store.apiKeys.list()) expect(text).not.toContain(k.id);
  });

  it('run_sql_query refuses what describes the server, and no answer carries a server path', async () => {
    const paths = [s.dataDir, TPCH_DIR, '/tmp/', '/root/', '/home/'];
    for (const query of [
      'SELECT * FROM duckdb_settings()',
      "SELECT current_setting('temp_directory') AS t",
      'SELECT * FROM duckdb_databases()',
      'SELECT * FROM duckdb_views()',
      'SELECT * FROM information_schema.views',
      'SELECT * FROM sqlite_master',
      'SELECT * FROM pragma_database_list',
      'SELECT * FROM duckdb_extensions()',
    ]) {
      const r = await call(mcp, 'run_sql_query', { query });
      const text = r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
      expect(r.isError, `${query} should be refused: ${text.slice(0, 200)}`).toBe(true);
      for (const p of paths) expect(text, query).not.toContain(p);
    }
    // the warehouse's own tables stay open, columns included
    const cols = await ok(mcp, 'run_sql_query', {
      query: "SELECT column_name FROM information_schema.columns WHERE table_name = 'region' ORDER BY 1",
    });
    expect(cols.rows.map((r: { column_name: string }) => r.column_name)).toContain('r_name');
  });

  it('engine messages lose server paths', () => {
    expect(redactPaths('Permission Error: Cannot access directory "/root/.duckdb/extensions/v1.5.5/linux_amd64"')).toBe(
      'Permission Error: Cannot access directory "<path>"',
    );
    expect(redactPaths('Binder Error: column a/b not found')).toBe('Binder Error: column a/b not found');
  });
});

describe('item 7: /metrics for loopback clients or a token', () => {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

  it('a client that is not on loopback is refused without the token', async () => {
    if (!external) return; // no non-loopback address on this machine: the token case below still runs
    const open = await startTestServer({
      overrides: { host: '0.0.0.0' },
      engine: (await import('../helpers/scripted-engine.js')).scriptedEngine(),
    });
    try {
      const port = new URL(open.base).port;
      const far = await fetch(`http://${external}:${port}/metrics`);
      expect(far.status).toBe(403);
      expect((await far.json()).detail).toMatch(/QUARRY_METRICS_TOKEN/);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    } finally {
      await open.close();
    }
  });

  it('with QUARRY_METRICS_TOKEN, only the token opens it', async () => {
    const guarded = await startTestServer({
      overrides: { metricsToken: METRICS_TOKEN },
      engine: (await import('../helpers/scripted-engine.js')).scriptedEngine(),
    });
    try {
      const url = guarded.base.replace(/\/api$/, '/metrics');
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: 'Bearer wrong-token-0123456789abcdef' } })).status).toBe(401);
      const r = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(r.status).toBe(200);
      expect(await r.text()).toMatch(/quarry_http_requests_total/);
    } finally {
      await guarded.close();
    }
  });
});

describe('item 8: a __proto__ dimension', () => {
  it('is refused with 422 naming it, not dropped', async () => {
    const session = (await (await s.api('/session/new', { method: 'POST' })).json()).session_id;
    const r = await s.api(`/session/${session}/inquiry/agent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": "Revenue by region in 1997", "dimensions": {"__proto__": "EUROPE"}}',
    });
    expect(r.status).toBe(422);
    expect((await r.json()).detail).toMatch(/dimensions\.__proto__/);
  });
});

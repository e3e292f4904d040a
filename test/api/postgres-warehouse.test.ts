/**
 * A server on a real PostgreSQL 15 warehouse (a slice of TPC-H, read-only role):
 *  - issue 11, item 1: one account saturating run_sql_query cannot stop another account's
 *    question, and readiness stays 200;
 *  - item 9: an outage after start makes /api/ready 503 until the warehouse is back, then
 *    questions answer again without a restart.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectHttp } from '../helpers/mcp.js';
import { execSql, startTpchPostgres, type TestPostgres } from '../helpers/postgres.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const WHERE = { lineitem: 'l_orderkey <= 60000', orders: 'o_orderkey <= 60000' };

let pg: TestPostgres & { readOnlyUrl: string };
let s: TestServer;
beforeAll(async () => {
  pg = await startTpchPostgres({ where: WHERE });
  s = await startTestServer({
    overrides: { warehouse: pg.readOnlyUrl, queryTimeoutMs: 4000, warehouseConnections: 4, rateLimitMax: 100_000 },
  });
}, 120_000);
afterAll(async () => {
  await s?.close();
  await pg?.stop();
});

async function ask(query: string, key: string): Promise<any> {
  const session = (await (await s.api('/session/new', { method: 'POST', key })).json()).session_id;
  const { inquiry_id } = await (await s.api(`/session/${session}/inquiry/agent`, { method: 'POST', key, json: { query } })).json();
  return (await s.api(`/inquiry/${inquiry_id}/result?timeout=60`, { key })).json();
}

/** Statements of the warehouse's role running now (a cursor's statement runs at its FETCH). */
const ACTIVE = "FROM pg_stat_activity WHERE usename = 'quarry_ro' AND state = 'active' AND query LIKE 'FETCH FORWARD%'";
const sleepers = async () =>
  Number(((await execSql(pg.url, `SELECT count(*)::int AS n ${ACTIVE}`)) as { rows: { n: number }[] }).rows[0]!.n);

describe('item 1: fairness between accounts on the warehouse', () => {
  it("one account's run_sql_query calls leave connections for another account's question, and readiness", async () => {
    const other = await s.runtime.store.accounts.create('other');
    const otherKey = (await s.runtime.keys.create(other.id, 'other')).key;
    const { client } = await connectHttp(s.base.replace(/\/api$/, '/mcp'), { 'x-api-key': s.key });
    let holders: Promise<unknown>[] = [];
    try {
      // four long statements, each allowed (timeout within the cap): more than one account's share
      holders = Array.from({ length: 4 }, () =>
        call(client as Client, 'run_sql_query', { query: 'SELECT pg_sleep(10) AS slept', timeout: 30 }),
      );
      for (let i = 0; i < 100 && (await sleepers()) < 3; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await sleepers()).toBe(3); // one account holds at most all connections but one

      const answer = await ask('How many orders did we get in 1996?', otherKey);
      expect(answer.status.general).toBe('done');
      const ready = await s.api('/ready', { key: null });
      expect(ready.status).toBe(200);
    } finally {
      // cancel the sleepers, including the one that was waiting for its account's turn
      let settled = false;
      void Promise.allSettled(holders).then(() => (settled = true));
      for (let i = 0; i < 100 && !settled; i++) {
        await execSql(pg.url, `SELECT pg_cancel_backend(pid) ${ACTIVE}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      await client.close();
    }
  }, 60_000);
});

describe('item 9: a warehouse outage after start', () => {
  it('readiness answers 503 while the warehouse is down and 200 once it is back; questions answer again', async () => {
    expect((await s.api('/ready', { key: null })).status).toBe(200);
    await pg.halt();
    try {
      const down = await s.api('/ready', { key: null });
      expect(down.status).toBe(503);
      const checks = (await down.json()).checks as { name: string; ok: boolean }[];
      expect(checks.find((c) => c.name === 'warehouse')?.ok).toBe(false);
      const failed = await ask('How many orders did we get in 1996?', s.key);
      expect(failed.status.general).toBe('failed');
      expect(failed.error).toMatch(/unreachable|connect|terminat/i);
    } finally {
      await pg.resume();
    }
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await s.api('/ready', { key: null })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect((await ask('How many orders did we get in 1996?', s.key)).status.general).toBe('done');
  }, 60_000);
});

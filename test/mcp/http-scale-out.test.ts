/**
 * Issue 14: the tool interface over streamable HTTP behind several API processes. Two API
 * processes and one worker on a real PostgreSQL; the SDK's own client reaches the APIs through a
 * round-robin proxy with no affinity, so consecutive requests of one MCP session land on different
 * processes. Regular questions run the real agent graph on the TPC-H Parquet warehouse (on the
 * worker); research is scripted so progress can be observed.
 */
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentEngine } from '../../graphs/agent/engine.js';
import { loadConfig } from '../../src/config.js';
import type { InquiryEngine } from '../../src/inquiries/engine.js';
import { startCluster, startRoundRobinProxy, type Cluster, type RoundRobinProxy } from '../helpers/cluster.js';
import { connectHttp, fails, ok, withScriptedResearch } from '../helpers/mcp.js';
import { TPCH_DIR } from '../helpers/paths.js';
import { TEST_KEY } from '../helpers/server.js';

describe('tool interface over streamable HTTP on two API processes and a worker', () => {
  let cluster: Cluster<InquiryEngine & { started: string[] }>;
  let proxy: RoundRobinProxy;
  let url: string;
  const clients: { close(): Promise<void> }[] = [];
  const connect = async (headers: Record<string, string> = { 'x-api-key': TEST_KEY }) => {
    const c = await connectHttp(url, headers);
    clients.push(c.client);
    return c;
  };
  /** The upstream processes that served requests of one MCP session, for one JSON-RPC method. */
  const servedBy = (session: string, rpc: string) =>
    new Set(proxy.log.filter((r) => r.session === session && r.rpc.includes(rpc)).map((r) => r.upstream));

  beforeAll(async () => {
    const overrides = { warehouse: `duckdb:${TPCH_DIR}`, mcpWaitMs: 20_000, mcpResearchWaitMs: 600, concurrency: 4 };
    cluster = await startCluster({
      apis: 2,
      workers: 1,
      overrides,
      engine: async (shared) => {
        const engine = withScriptedResearch(
          await createAgentEngine(
            loadConfig({ env: {}, file: join(shared.dataDir, 'none.yaml'), overrides: { ...overrides, ...shared } }),
            pino({ level: 'silent' }),
          ),
        );
        const started: string[] = [];
        return { ...engine, started, run: (job, ctx) => (started.push(job.id), engine.run(job, ctx)) };
      },
    });
    proxy = await startRoundRobinProxy(cluster.apis.map((a) => a.server.base.replace(/\/api$/, '')));
    url = `${proxy.url}/mcp`;
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await proxy?.close();
    await cluster?.close();
  }, 60_000);

  it('every request of one session may land on another process: listing, discovery, SQL, questions and answers all work', async () => {
    const { client, transport } = await connect();
    const session = transport.sessionId!;
    expect(session).toMatch(/^[0-9a-f-]{36}$/);

    const { tools } = await client.listTools();
    expect(tools).toHaveLength(19);
    const ctx = await ok(client, 'contextualize');
    expect(ctx.available_entities).toEqual(expect.arrayContaining(['orders', 'revenue', 'region']));
    const summary = await ok(client, 'get_semantic_layer_summary');
    expect(summary.total_entities).toBeGreaterThan(0);
    const found = await ok(client, 'search_semantic_layer', { query: 'shipping mode' });
    expect(found.matching_entities.map((m: any) => m.entity_id)).toContain('dimension:ship_mode');
    expect((await ok(client, 'get_semantic_layer_entity', { entity_id: 'dimension:ship_mode' })).entity.name).toBe('ship_mode');
    const sql = await ok(client, 'run_sql_query', { query: 'SELECT r_name FROM region ORDER BY r_regionkey' });
    expect(sql.rows.map((r: any) => r.r_name)).toEqual(['AFRICA', 'AMERICA', 'ASIA', 'EUROPE', 'MIDDLE EAST']);

    // the plan is kept with the session in the shared store, whichever process recorded it
    await ok(client, 'data_collection_strategy', { strategy: '1. revenue per region in 1995\n2. order count per ship mode in 1995' });
    await ok(client, 'data_collection_strategy', { strategy: '1. revenue per region in 1995\n2. order count per ship mode in 1995' });
    expect(await cluster.apis[1]!.server.runtime.store.mcpSessions.plans(session)).toHaveLength(1);

    // a question answered by the worker: submitted on one API process, waited for on the other
    const thread = await ok(client, 'create_a_thread');
    const asked = await ok(client, 'ask_a_question', { session_id: thread.session_id, question: 'revenue per region in 1995' });
    const waited = await ok(client, 'wait_for_completion', { inquiry_ids: [asked.inquiry_id] });
    expect(waited.status).toBe('done');
    expect(waited.results[0].data.data).toHaveLength(5);
    const single = await ok(client, 'ask_a_single_question', { question: 'number of orders per order priority in 1996' });
    expect(single.status).toBe('done');
    expect(single.result.sql_query).toMatch(/SELECT/i);
    expect(single.result.answer.length).toBeGreaterThan(10);
    const data = await ok(client, 'get_thread_data', { session_id: thread.session_id });
    expect(data.inquiries.map((i: any) => i.inquiry_id)).toEqual([asked.inquiry_id]);

    // both API processes served this one session, and both ran tool calls of it
    expect(servedBy(session, 'tools/call')).toEqual(new Set([0, 1]));
    expect(proxy.log.filter((r) => r.rpc.includes('initialize')).length).toBeGreaterThan(0);
    // the worker ran the questions; the API processes only queued them
    expect(cluster.workers[0]!.engine.started).toEqual([asked.inquiry_id, single.inquiry_id]);
    for (const a of cluster.apis) expect(a.engine.started).toEqual([]);
  }, 90_000);

  it('progress notifications reach the client from the process that runs the wait', async () => {
    const { client, transport } = await connect();
    const { inquiry_id } = await ok(client, 'ask_a_research_question', {
      question: 'why does revenue differ between regions? 5 steps of 300 ms',
    });
    const notes: { progress: number; message?: string }[] = [];
    let last = await ok(
      client,
      'wait_for_completion',
      { inquiry_ids: [inquiry_id], inquiry_type: 'research' },
      { onprogress: (p) => notes.push(p) },
    );
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0]!.message).toMatch(/research progress/);
    for (let i = 1; i < notes.length; i++) expect(notes[i]!.progress).toBeGreaterThan(notes[i - 1]!.progress);
    for (let i = 0; i < 10 && last.status !== 'done'; i++)
      last = await ok(client, 'wait_for_completion', { inquiry_ids: [inquiry_id], inquiry_type: 'research' });
    expect(last.status).toBe('done');
    expect(last.results[0].final_answer).toMatch(/Report/);
    expect(servedBy(transport.sessionId!, 'tools/call')).toEqual(new Set([0, 1]));
  }, 60_000);

  it('a logout on one process holds on the other; a bound session refuses another key on both', async () => {
    const { client, transport } = await connect();
    await ok(client, 'create_a_thread');
    expect((await ok(client, 'logout')).status).toBe('logged_out');
    const before = proxy.log.length;
    expect(await fails(client, 'create_a_thread')).toMatch(/logged out/);
    expect(await fails(client, 'get_recent_threads')).toMatch(/logged out/);
    expect(new Set(proxy.log.slice(before).map((r) => r.upstream))).toEqual(new Set([0, 1]));

    const bound = await connect();
    const other = await cluster.apis[0]!.server.runtime.keys.create(
      (await cluster.apis[0]!.server.runtime.store.accounts.create('other')).id,
      'other',
    );
    const onSession = (key: string) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': bound.transport.sessionId!,
          'x-api-key': key,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }),
      });
    for (let i = 0; i < 2; i++) {
      const refused = await onSession(other.key);
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.message).toMatch(/bound to another API key/);
      expect((await onSession(TEST_KEY)).status).toBe(200);
    }
    expect(transport.sessionId).not.toBe(bound.transport.sessionId);
  }, 30_000);

  it('a session ended with DELETE on one process is gone on both; GET offers no stream on either', async () => {
    const { client, transport } = await connect();
    await ok(client, 'get_account_info');
    const session = transport.sessionId!;
    await transport.terminateSession();
    for (let i = 0; i < 2; i++) {
      const r = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': session,
          'x-api-key': TEST_KEY,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'tools/list', params: {} }),
      });
      expect(r.status).toBe(404);
      expect((await r.json()).error.message).toMatch(/initialize/);
      const get = await fetch(url, { headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'x-api-key': TEST_KEY } });
      expect(get.status).toBe(405);
    }
    expect(await cluster.apis[0]!.server.runtime.store.mcpSessions.get(session)).toBeUndefined();
  }, 30_000);
});

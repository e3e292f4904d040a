/**
 * The tool interface over streamable HTTP at /mcp, with the SDK's own client against a listening
 * server: real agent graph on the TPC-H Parquet warehouse, research scripted so waits can be timed.
 */
import { request as httpRequest } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentEngine } from '../../graphs/agent/engine.js';
import { loadConfig } from '../../src/config.js';
import { TPCH_DIR } from '../helpers/paths.js';
import { call, connectHttp, fails, ok, withScriptedResearch } from '../helpers/mcp.js';
import { startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';

const TOOLS = [
  'contextualize',
  'get_account_info',
  'data_collection_strategy',
  'create_a_thread',
  'get_thread_data',
  'get_recent_threads',
  'ask_a_question',
  'ask_a_single_question',
  'ask_a_research_question',
  'ask_questions',
  'wait_for_completion',
  'check_question_status',
  'get_questions_data',
  'get_semantic_layer_summary',
  'get_semantic_layer_entity',
  'search_semantic_layer',
  'run_sql_query',
  'logout',
  'ask_a_structured_question',
];

describe('tool interface over streamable HTTP', () => {
  let s: TestServer;
  let url: string;
  let otherKey: string;
  const logs: string[] = [];
  const clients: { close(): Promise<void> }[] = [];
  const connect = async (headers: Record<string, string> = { 'x-api-key': TEST_KEY }) => {
    const c = await connectHttp(url, headers);
    clients.push(c.client);
    return c;
  };

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-mcp-http-'));
    const overrides = {
      dataDir,
      warehouse: `duckdb:${TPCH_DIR}`,
      mcpWaitMs: 20_000,
      mcpResearchWaitMs: 600,
      concurrency: 4,
      mcpAllowedOrigins: 'http://app.example',
    };
    const agent = await createAgentEngine(loadConfig({ env: {}, file: join(dataDir, 'none.yaml'), overrides }), pino({ level: 'silent' }));
    const logStream = new PassThrough();
    logStream.on('data', (c) => logs.push(String(c)));
    s = await startTestServer({ dataDir, engine: withScriptedResearch(agent), overrides, logStream });
    url = s.base.replace(/\/api$/, '/mcp');
    const other = await s.runtime.store.accounts.create('other');
    otherKey = (await s.runtime.keys.create(other.id, 'other key')).key;
  });
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await s?.close();
  });

  it('lists the 19 tools with schemas, annotations and actionable descriptions', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    for (const t of tools) {
      expect(t.description!.length, t.name).toBeGreaterThan(120);
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type, t.name).toBe('object');
      expect(t.annotations, t.name).toMatchObject({ destructiveHint: false, openWorldHint: false });
      expect(typeof t.annotations!.readOnlyHint).toBe('boolean');
      expect(typeof t.annotations!.idempotentHint).toBe('boolean');
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('run_sql_query')!.annotations!.readOnlyHint).toBe(true);
    expect(byName.get('ask_questions')!.annotations!.readOnlyHint).toBe(false);
    expect(byName.get('wait_for_completion')!.inputSchema.properties).toHaveProperty('return_partial_results');
  });

  it('simple sequence: contextualize, ask_a_single_question', async () => {
    const { client } = await connect();
    const ctx = await ok(client, 'contextualize');
    expect(ctx.company_info.name).toBe('TPC Parts Co.');
    expect(ctx.available_entities).toEqual(expect.arrayContaining(['orders', 'revenue', 'region']));
    expect(ctx.capabilities).toMatch(/ask_a_single_question/);
    const r = await ok(client, 'ask_a_single_question', { question: 'total revenue per nation during 1996' });
    expect(r.status).toBe('done');
    expect(r.session_id).toMatch(/^ses_/);
    expect(r.result.status.general).toBe('done');
    expect(r.result.sql_query).toMatch(/SELECT/i);
    expect(r.result.data.data.length).toBe(25);
    expect(r.result.answer.length).toBeGreaterThan(10);
  });

  it('complex sequence: contextualize, data_collection_strategy, ask_questions, wait_for_completion, get_questions_data', async () => {
    const { client } = await connect();
    await ok(client, 'contextualize');
    const plan = await ok(client, 'data_collection_strategy', {
      strategy: '1. order counts per ship mode in 1996\n2. revenue per market segment in 1996\nCompare both.',
    });
    expect(plan.strategy_recorded).toBe(true);
    expect(plan.next_steps.join(' ')).toMatch(/ask_questions/);
    const batch = await ok(client, 'ask_questions', {
      questions: [
        { question: 'count of orders split by ship mode in 1996' },
        { question: 'revenue split by market segment in 1996' },
        { question: 'revenue in 1996', dimensions: { region: 'EUROPE' } },
      ],
    });
    expect(batch.total_inquiries).toBe(3);
    expect(new Set(batch.inquiries.map((i: any) => i.session_id)).size).toBe(3);
    for (const i of batch.inquiries) expect(i.status).toBe('processing');
    const ids = batch.inquiries.map((i: any) => i.inquiry_id);
    const waited = await ok(client, 'wait_for_completion', { inquiry_ids: ids });
    expect(waited.status).toBe('done');
    expect(waited.results.map((r: any) => r.status.general)).toEqual(['done', 'done', 'done']);
    const data = await ok(client, 'get_questions_data', { inquiry_ids: ids });
    expect(data.total_inquiries).toBe(3);
    expect(data.inquiries.map((i: any) => i.inquiry_id)).toEqual(ids);
    expect(data.inquiries[1].data.data.length).toBe(5);
    expect(data.inquiries[2].dimensions).toEqual({ region: 'EUROPE' });
  });

  it('research sequence: submitted, in_progress with progress and operations (and progress notifications), then done', async () => {
    const { client } = await connect();
    await ok(client, 'contextualize');
    const sub = await ok(client, 'ask_a_research_question', { question: 'why does revenue differ between regions? 5 steps of 300 ms' });
    expect(sub.status).toBe('submitted');
    expect(sub.message).toMatch(/wait_for_completion/);
    const id = sub.inquiry_id;
    expect((await ok(client, 'check_question_status', { inquiry_id: id })).status).toBe('in_progress');
    expect(await fails(client, 'get_questions_data', { inquiry_ids: [id] })).toMatch(/research in progress[\s\S]*inquiry_type "research"/);
    expect(await fails(client, 'wait_for_completion', { inquiry_ids: [id] })).toMatch(/research inquiry[\s\S]*inquiry_type: "research"/);

    const notes: { progress: number; message?: string }[] = [];
    const first = await ok(
      client,
      'wait_for_completion',
      { inquiry_ids: [id], inquiry_type: 'research' },
      { onprogress: (p) => notes.push(p) },
    );
    expect(first.status).toBe('in_progress');
    expect(first.results[0].status.general).toBe('processing');
    expect(first.results[0].progress).toBeGreaterThan(0);
    expect(first.results[0].progress).toBeLessThan(100);
    expect(first.results[0].operations.length).toBeGreaterThan(0);
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0].message).toMatch(/research progress/);
    for (let i = 1; i < notes.length; i++) expect(notes[i].progress).toBeGreaterThan(notes[i - 1].progress);

    let last = first;
    for (let i = 0; i < 10 && last.status !== 'done'; i++)
      last = await ok(client, 'wait_for_completion', { inquiry_ids: [id], inquiry_type: 'research' });
    expect(last.status).toBe('done');
    expect(last.progress).toBe(100);
    expect(last.results[0].final_answer).toMatch(/Report/);
    expect(last.results[0].operations.length).toBe(5);
    const status = await ok(client, 'check_question_status', { inquiry_id: id });
    expect(status).toMatchObject({ status: 'done', progress: 100, inquiry_type: 'research' });
  });

  it('progress notifications keep a client with a short request timeout waiting', async () => {
    const { client } = await connect();
    const { inquiry_id } = await ok(client, 'ask_a_research_question', { question: 'what drives order volume? 6 steps of 300 ms' });
    const args = { inquiry_ids: [inquiry_id], inquiry_type: 'research' };
    await expect(call(client, 'wait_for_completion', args, { timeout: 400 })).rejects.toThrow(/timed out/i);
    const ticks: number[] = [];
    const r = await ok(client, 'wait_for_completion', args, { timeout: 400, onprogress: (p) => ticks.push(p.progress) });
    expect(r.status).toBe('in_progress');
    expect(ticks.length).toBeGreaterThanOrEqual(2);
  });

  it('discovery sequence: get_semantic_layer_summary, search_semantic_layer, get_semantic_layer_entity', async () => {
    const { client } = await connect();
    const summary = await ok(client, 'get_semantic_layer_summary');
    expect(summary.total_entities).toBe(summary.entities.length);
    expect(summary.entities.map((e: any) => e.type)).toEqual(expect.arrayContaining(['entity', 'metric', 'dimension']));
    const found = await ok(client, 'search_semantic_layer', { query: 'shipping mode' });
    expect(found.search_term).toBe('shipping mode');
    expect(found.total_matches).toBeGreaterThan(0);
    expect(typeof found.matching_entities[0].relevance_score).toBe('number');
    const hit = found.matching_entities.find((m: any) => m.entity_id === 'dimension:ship_mode');
    expect(hit).toBeDefined();
    const { entity } = await ok(client, 'get_semantic_layer_entity', { entity_id: hit.entity_id });
    expect(entity.name).toBe('ship_mode');
    expect(entity.attributes.join(' ')).toMatch(/AIR/);
    const orders = (await ok(client, 'get_semantic_layer_entity', { node_id: 'orders' })).entity;
    expect(orders.relationships.length).toBeGreaterThan(0);
    expect(orders.dimensions.length).toBeGreaterThan(0);
    expect(await fails(client, 'get_semantic_layer_entity', { entity_id: 'revenu' })).toMatch(
      /No semantic layer item[\s\S]*metric:revenue/,
    );
    expect(await fails(client, 'get_semantic_layer_entity', {})).toMatch(/entity_id/);
  });

  it('threads: create_a_thread, ask_a_question with a follow-up, get_thread_data, get_recent_threads, check_question_status, get_account_info', async () => {
    const { client } = await connect();
    const account = await ok(client, 'get_account_info');
    expect(account.company.currency).toBe('USD');
    expect(Object.keys(account.glossary).length).toBeGreaterThan(0);
    const thread = await ok(client, 'create_a_thread');
    expect(thread).toMatchObject({ status: 'created' });
    expect(Date.parse(thread.created_at)).not.toBeNaN();
    const a = await ok(client, 'ask_a_question', { session_id: thread.session_id, question: 'revenue per region in 1995' });
    expect(a.status).toBe('processing');
    expect(Date.parse(a.estimated_completion)).toBeGreaterThan(Date.now() - 1000);
    await ok(client, 'wait_for_completion', { inquiry_ids: [a.inquiry_id] });
    const b = await ok(client, 'ask_a_question', { session_id: thread.session_id, question: 'and in 1996?' });
    await ok(client, 'wait_for_completion', { inquiry_ids: [b.inquiry_id] });
    const status = await ok(client, 'check_question_status', { inquiry_id: b.inquiry_id });
    expect(status).toMatchObject({ inquiry_id: b.inquiry_id, status: 'done', progress: 100, inquiry_type: 'agent', error: null });
    const data = await ok(client, 'get_thread_data', { session_id: thread.session_id });
    expect(data.total_inquiries).toBe(2);
    expect(data.inquiries.map((i: any) => i.inquiry_id)).toEqual([a.inquiry_id, b.inquiry_id]);
    expect(data.inquiries[1].time_frame).toMatch(/1996/);
    for (let i = 0; i < 5; i++) await ok(client, 'create_a_thread');
    const recent = await ok(client, 'get_recent_threads');
    expect(recent.total_threads).toBe(5);
    const times = recent.threads.map((t: any) => Date.parse(t.created_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const more = await ok(client, 'get_recent_threads', { limit: 50 });
    expect(more.threads.find((t: any) => t.session_id === thread.session_id)).toMatchObject({
      total_inquiries: 2,
      last_question: 'and in 1996?',
      last_status: 'done',
    });
    const threads = await s.runtime.store.sessions.listRecent((await s.runtime.keys.authenticate(TEST_KEY)).accountId, 100, 'ui');
    expect(threads).toEqual([]); // threads created through tools are API-key sessions, hidden from the web history
  });

  it('return_partial_results: false reports unsuccessful inquiries as an error, true returns everything', async () => {
    const { client } = await connect();
    const batch = await ok(client, 'ask_questions', {
      questions: [{ question: 'number of orders in 1997' }, { question: 'compose a poem about the sea' }],
    });
    const ids = batch.inquiries.map((i: any) => i.inquiry_id);
    const text = await fails(client, 'wait_for_completion', { inquiry_ids: ids });
    expect(text).toMatch(/1 of 2 inquiries ended unsuccessfully[\s\S]*compose a poem[\s\S]*return_partial_results: true/);
    const all = await ok(client, 'wait_for_completion', { inquiry_ids: ids, return_partial_results: true });
    expect(all.status).toBe('done');
    expect(all.unsuccessful).toBe(1);
    expect(all.results[0].status.general).toBe('done');
    expect(all.results[1].status.general).toMatch(/out_of_domain|out_of_scope/);
  });

  it('fixable mistakes are tool errors with a hint: unknown thread or inquiry, bad dimension', async () => {
    const { client } = await connect();
    expect(await fails(client, 'ask_a_question', { session_id: 'ses_nope', question: 'revenue in 1996' })).toMatch(/Session not found/);
    expect(await fails(client, 'get_thread_data', { session_id: 'ses_nope' })).toMatch(/Session not found/);
    expect(await fails(client, 'check_question_status', { inquiry_id: 'inq_nope' })).toMatch(/Inquiry not found/);
    expect(await fails(client, 'ask_a_single_question', { question: 'revenue in 1996', dimensions: { planet: 'Mars' } })).toMatch(
      /planet[\s\S]*get_semantic_layer_summary/,
    );
    const r = await call(client, 'ask_questions', { questions: [] });
    expect(r.isError).toBe(true); // the input schema (at least one question), reported by the SDK
  });

  it('run_sql_query returns columns, rows, row_count, truncated, elapsed_ms and refuses writes and file reads', async () => {
    const { client } = await connect();
    const r = await ok(client, 'run_sql_query', { query: 'SELECT r_name, r_regionkey FROM region ORDER BY r_regionkey' });
    expect(r.columns.map((c: any) => c.name)).toEqual(['r_name', 'r_regionkey']);
    expect(r.row_count).toBe(5);
    expect(r.rows[0]).toEqual({ r_name: 'AFRICA', r_regionkey: 0 });
    expect(r.truncated).toBe(false);
    expect(typeof r.elapsed_ms).toBe('number');
    const capped = await ok(client, 'run_sql_query', { query: 'SELECT n_name FROM nation', max_results: 3 });
    expect(capped).toMatchObject({ row_count: 3, truncated: true });
    for (const q of [
      'DELETE FROM region',
      'DROP TABLE nation',
      "INSERT INTO region VALUES (9, 'X', 'y')",
      "COPY region TO '/tmp/out.csv'",
    ]) {
      expect(await fails(client, 'run_sql_query', { query: q }), q).toMatch(/Query refused[\s\S]*read-only SELECT/);
    }
    for (const q of ["SELECT * FROM read_csv('/etc/passwd')", "SELECT * FROM read_text('/etc/hostname')", "SELECT * FROM '/etc/passwd'"]) {
      expect(await fails(client, 'run_sql_query', { query: q }), q).toMatch(/refused|rejected/i);
    }
    expect(await fails(client, 'run_sql_query', { query: 'SELECT no_such_column FROM region' })).toMatch(/rejected the query/);
  });

  it("auth: no key, a bad key, Bearer, another account's thread and inquiry, another key on a bound session", async () => {
    const none = (await connect({})).client;
    expect(await fails(none, 'contextualize')).toMatch(/no API key[\s\S]*X-API-Key/);
    const bad = (await connect({ 'x-api-key': 'not-a-real-key-0123456789abcdef0123456789' })).client;
    expect(await fails(bad, 'create_a_thread')).toMatch(/Invalid API key/);
    const bearer = (await connect({ authorization: `Bearer ${TEST_KEY}` })).client;
    const mine = await ok(bearer, 'ask_a_question', {
      session_id: (await ok(bearer, 'create_a_thread')).session_id,
      question: 'revenue in 1994',
    });
    const { client: other, transport } = await connect({ 'x-api-key': otherKey });
    const thread = (await ok(bearer, 'get_recent_threads', { limit: 1 })).threads[0].session_id;
    expect(await fails(other, 'get_thread_data', { session_id: thread })).toMatch(/another account/);
    expect(await fails(other, 'ask_a_question', { session_id: thread, question: 'revenue in 1995' })).toMatch(/another account/);
    expect(await fails(other, 'wait_for_completion', { inquiry_ids: [mine.inquiry_id] })).toMatch(/another account/);
    expect((await ok(other, 'get_recent_threads')).threads.map((t: any) => t.session_id)).not.toContain(thread);
    const onSession = (key: string) =>
      fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': transport.sessionId!,
          'mcp-protocol-version': '2025-06-18',
          'x-api-key': key,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 99, method: 'tools/list', params: {} }),
      });
    expect((await onSession(otherKey)).status).toBe(200);
    const hijack = await onSession(TEST_KEY);
    expect(hijack.status).toBe(403);
    expect((await hijack.json()).error.message).toMatch(/bound to another API key/);
  });

  it('logout unbinds the MCP session; calls are refused until a new session initialises with a key', async () => {
    const { client } = await connect();
    await ok(client, 'create_a_thread');
    const out = await ok(client, 'logout');
    expect(out.status).toBe('logged_out');
    expect(await fails(client, 'create_a_thread')).toMatch(/logged out[\s\S]*new MCP session/);
    expect(await fails(client, 'contextualize')).toMatch(/logged out/);
    const again = (await connect()).client;
    await ok(again, 'create_a_thread');
  });

  it('DNS-rebinding protection: unknown Host or Origin refused; no wildcard CORS', async () => {
    const port = new URL(url).port;
    const post = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/mcp',
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
          },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode!, headers: res.headers });
          },
        );
        req.on('error', reject);
        req.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
          }),
        );
      });
    expect((await post({ host: `evil.example:${port}` })).status).toBe(403);
    const fromPage = await post({ host: `localhost:${port}`, origin: 'http://evil.example' });
    expect(fromPage.status).toBe(403);
    expect(fromPage.headers['access-control-allow-origin']).toBeUndefined();
    const okay = await post({ host: `localhost:${port}` });
    expect(okay.status).toBe(200);
    expect(okay.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const listed = await post({ host: `localhost:${port}`, origin: 'http://app.example' });
    expect(listed.status).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe('http://app.example');
    const allowedPreflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.example', 'access-control-request-method': 'POST' },
    });
    expect(allowedPreflight.status).toBe(204);
    expect(allowedPreflight.headers.get('access-control-allow-origin')).toBe('http://app.example');
    expect(allowedPreflight.headers.get('access-control-allow-headers')).toMatch(/X-API-Key/);
    expect(() => loadConfig({ env: { QUARRY_MCP_ALLOWED_ORIGINS: '*' }, file: '/nonexistent.yaml' })).toThrow(/wildcard/);
  });

  it('logs carry neither keys nor result rows', async () => {
    const all = logs.join('');
    expect(all).toContain('MCP session started');
    expect(all).not.toContain(TEST_KEY);
    expect(all).not.toContain(otherKey);
    expect(all).not.toContain('MIDDLE EAST');
  });
});

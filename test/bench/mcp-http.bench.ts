/**
 * The tool interface over streamable HTTP serves every POST with a fresh server on the SDK's
 * stateless transport, after reading the session's row from the store (so any API process serves
 * any request). What that costs, side by side: building and connecting the server alone; a
 * `create_a_thread` tool call over /mcp against the same operation over REST (`POST
 * /api/session/new`), on one server with the SQLite store.
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { McpAuth } from '../../src/mcp/auth.js';
import { createMcpServer } from '../../src/mcp/server.js';
import type { Runtime } from '../../src/runtime.js';
import { call, connectHttp } from '../helpers/mcp.js';
import { scriptedEngine } from '../helpers/scripted-engine.js';
import { TEST_KEY, startTestServer } from '../helpers/server.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(2)} ms`;

async function timed(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(20, n); i++) await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times;
}

const auth: McpAuth = { principal: () => Promise.reject(new Error('not used')), logout: async () => ({ message: '' }) };
const build = await timed(500, async () => {
  const server = createMcpServer({} as Runtime, auth, 'http');
  await server.connect(new StreamableHTTPServerTransport({ sessionIdGenerator: undefined }));
  await server.close();
});

const s = await startTestServer({ engine: scriptedEngine(), overrides: { logLevel: 'silent', rateLimitMax: 1_000_000 } });
const { client } = await connectHttp(s.base.replace(/\/api$/, '/mcp'), { 'x-api-key': TEST_KEY });
const mcp = await timed(300, async () => {
  const r = await call(client, 'create_a_thread');
  if (r.isError) throw new Error('create_a_thread failed');
});
const rest = await timed(300, async () => {
  const r = await s.api('/session/new', { method: 'POST' });
  if (r.status !== 200) throw new Error(`POST /session/new: ${r.status}`);
  await r.arrayBuffer();
});
await client.close();
await s.close();

console.log(`MCP server build + connect per request: median ${ms(median(build))} (n=${build.length})`);
console.log(
  `create a thread: MCP tools/call median ${ms(median(mcp))}, REST POST /session/new median ${ms(median(rest))}, ratio ${(median(mcp) / median(rest)).toFixed(2)} (n=${mcp.length} each)`,
);

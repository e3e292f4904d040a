/**
 * Spine benchmarks, side by side in one run:
 *  1. long-poll wake-up delay after completion (goal p50 ≤ 5 ms)
 *  2. status-endpoint throughput with auth on, load from this process against a server process
 *     (goal ≥ 5,000 req/s, p99 ≤ 20 ms on 2 cores)
 *  3. server RSS with 1,000 concurrent long-polls (goal < 300 MB)
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const KEY = 'bench-key-0123456789abcdef0123456789abcdef';
const here = dirname(fileURLToPath(import.meta.url));
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quarry-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, '../helpers/scripted-server.ts')], {
    env: {
      ...process.env,
      QUARRY_DATA_DIR: dataDir,
      QUARRY_PORT: '0',
      QUARRY_BOOTSTRAP_KEY: KEY,
      QUARRY_LOG_LEVEL: 'warn',
      QUARRY_RATE_LIMIT_MAX: '10000000',
      QUARRY_CONCURRENCY: '64',
      QUARRY_QUEUE_DEPTH: '5000',
      QUARRY_ACCOUNT_MAX_ACTIVE: '5000',
      QUARRY_SHUTDOWN_GRACE_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
  return { url: JSON.parse(line).url + '/api', child };
}

const agent = new Agent({ keepAlive: true, maxSockets: 2000 });
function call(method: string, url: string, body?: unknown): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers: { 'x-api-key': KEY, 'content-type': 'application/json' } }, (res) => {
      let data = '';
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: data ? JSON.parse(data) : null }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const { url, child } = await startServer();
try {
  const session = (await call('POST', `${url}/session/new`)).json.session_id as string;
  const ask = async (query: string) => (await call('POST', `${url}/session/${session}/inquiry/agent`, { query })).json.inquiry_id as string;

  // 1. wake-up delay: the long-poll is open before the inquiry ends; the delay is measured from
  //    the moment the run ends (known from the scripted sleep and the server's completed_at) to the response.
  const delays: number[] = [];
  for (let i = 0; i < 60; i++) {
    const id = await ask('sleep 40 then done');
    const r = await call('GET', `${url}/inquiry/${id}/result?timeout=60&poll_interval=30`);
    const received = Date.now();
    delays.push(received - Date.parse(r.json.completed_at));
  }
  const wakeP50 = quantile(delays, 0.5);
  console.log(
    `long-poll wake-up after completion: p50 ${wakeP50} ms, p95 ${quantile(delays, 0.95)} ms (poll_interval 30 s; goal p50 <= 5 ms)`,
  );

  // 2. status throughput with auth on
  const doneId = await ask('end done');
  await call('GET', `${url}/inquiry/${doneId}/result?timeout=10`);
  for (const connections of [10, 50]) {
    const result = await autocannon({
      url: `${url}/inquiry/${doneId}/status`,
      headers: { 'x-api-key': KEY },
      connections,
      duration: 6,
    });
    console.log(
      `status endpoint with auth, ${connections} connections: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx} (goal >= 5000 req/s, p99 <= 20 ms)`,
    );
  }

  // 3. memory with 1,000 concurrent long-polls on inquiries that keep processing
  const rssBefore = rssMb(child.pid!);
  const ids = await Promise.all(Array.from({ length: 1000 }, () => ask('hang')));
  const polls = ids.map((id) => call('GET', `${url}/inquiry/${id}/result?timeout=120&poll_interval=30`).catch(() => null));
  await new Promise((r) => setTimeout(r, 3000));
  const rssDuring = rssMb(child.pid!);
  console.log(`RSS with 1,000 concurrent long-polls: ${rssDuring.toFixed(0)} MB (before ${rssBefore.toFixed(0)} MB; goal < 300 MB)`);
  await Promise.all(ids.map((id) => call('POST', `${url}/inquiry/${id}/stop`)));
  await Promise.all(polls);
} finally {
  child.kill('SIGTERM');
  agent.destroy();
}

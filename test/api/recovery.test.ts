import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS } from '../../src/inquiries/service.js';
import { scriptedEngine } from '../helpers/scripted-engine.js';
import { startTestServer } from '../helpers/server.js';
import { scriptedServerArgs } from '../helpers/quarry-cli.js';

const waitFor = async (fn: () => Promise<boolean>, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > until) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe('restart recovery: no inquiry stays processing for ever', () => {
  it('orphans are run again, repeatedly interrupted ones end failed, live owners keep theirs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-recovery-'));
    // A first server accepts three inquiries, then "crashes" (we rewrite ownership as a crash leaves it).
    const first = await startTestServer({ dataDir, engine: scriptedEngine() });
    const session = (await (await first.api('/session/new', { method: 'POST' })).json()).session_id;
    const ids: string[] = [];
    for (const q of ['hang', 'hang', 'hang'])
      ids.push((await (await first.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: q } })).json()).inquiry_id);
    await first.runtime.inquiries.shutdown(0); // stops its work without ending the inquiries
    const db = first.runtime.store.db;
    const longAgo = Date.now() - 3_600_000;
    await db
      .updateTable('inquiries')
      .set({ owner: 'proc_dead', heartbeat_at: longAgo, question: 'end done', attempts: 1 })
      .where('id', '=', ids[0])
      .execute();
    await db
      .updateTable('inquiries')
      .set({ owner: 'proc_dead', heartbeat_at: longAgo, attempts: MAX_ATTEMPTS, interruptions: MAX_ATTEMPTS - 1, started_at: longAgo })
      .where('id', '=', ids[1])
      .execute();
    // A live process holds a lease in the process registry; a dead one's has run out (or was never there).
    await db
      .insertInto('processes')
      .values({ id: 'proc_alive', pid: 1, host: 'elsewhere', started_at: Date.now(), lease_until: Date.now() + 60_000 })
      .execute();
    await db
      .insertInto('processes')
      .values({ id: 'proc_dead', pid: 2, host: 'elsewhere', started_at: longAgo, lease_until: longAgo })
      .execute();
    await db.updateTable('inquiries').set({ owner: 'proc_alive', heartbeat_at: Date.now() }).where('id', '=', ids[2]).execute();
    await first.close();

    const engine = scriptedEngine();
    const second = await startTestServer({ dataDir, engine });
    try {
      const status = async (id: string) => (await (await second.api(`/inquiry/${id}/status`)).json()).status.general as string;
      await waitFor(async () => (await status(ids[0])) === 'done');
      expect(engine.started).toContain(ids[0]);
      const failed = await (await second.api(`/inquiry/${ids[1]}/status`)).json();
      expect(failed.status.general).toBe('failed');
      expect(failed.error).toMatch(/interrupted/);
      expect(engine.started).not.toContain(ids[1]);
      expect(await status(ids[2])).toBe('processing');
      expect(engine.started).not.toContain(ids[2]);
    } finally {
      await second.close();
    }
  });

  it('graceful shutdown hands unfinished work back and the next start finishes it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-shutdown-'));
    const first = await startTestServer({ dataDir, engine: scriptedEngine(), overrides: { shutdownGraceMs: 100 } });
    const session = (await (await first.api('/session/new', { method: 'POST' })).json()).session_id;
    const { inquiry_id } = await (
      await first.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'sleep 1500 then done' } })
    ).json();
    await new Promise((r) => setTimeout(r, 100));
    await first.close();
    const second = await startTestServer({ dataDir, engine: scriptedEngine() });
    try {
      const r = await second.api(`/inquiry/${inquiry_id}/result?timeout=10`);
      const body = await r.json();
      expect(body.status.general).toBe('done');
    } finally {
      await second.close();
    }
  });

  it('a second process sharing the data dir does not take over work a live server owns', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-shared-'));
    const engineA = scriptedEngine();
    const a = await startTestServer({ dataDir, engine: engineA, overrides: { heartbeatMs: 100, staleAfterMs: 1000 } });
    const session = (await (await a.api('/session/new', { method: 'POST' })).json()).session_id;
    const { inquiry_id } = await (
      await a.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'sleep 2500 then done' } })
    ).json();
    const engineB = scriptedEngine();
    const b = await startTestServer({ dataDir, engine: engineB, overrides: { heartbeatMs: 100, staleAfterMs: 1000 } });
    try {
      const r = await b.api(`/inquiry/${inquiry_id}/result?timeout=10&poll_interval=2`);
      expect((await r.json()).status.general).toBe('done');
      expect(engineA.started).toContain(inquiry_id);
      expect(engineB.started).not.toContain(inquiry_id);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe('a server killed with SIGKILL', () => {
  it('leaves no inquiry processing for ever: the next start, with default settings, runs it again within 10 s', async () => {
    const { spawn } = await import('node:child_process');
    const { createInterface } = await import('node:readline');
    const { REPO_ROOT } = await import('../helpers/paths.js');
    const { TEST_KEY } = await import('../helpers/server.js');
    const dataDir = mkdtempSync(join(tmpdir(), 'quarry-sigkill-'));
    const child = spawn(process.execPath, scriptedServerArgs(), {
      cwd: REPO_ROOT,
      env: { ...process.env, QUARRY_DATA_DIR: dataDir, QUARRY_PORT: '0', QUARRY_BOOTSTRAP_KEY: TEST_KEY, QUARRY_LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const url = await new Promise<string>((resolve) =>
      createInterface({ input: child.stdout! }).once('line', (l) => resolve(JSON.parse(l).url)),
    );
    const headers = { 'x-api-key': TEST_KEY, 'content-type': 'application/json' };
    const session = (await (await fetch(`${url}/api/session/new`, { method: 'POST', headers })).json()).session_id;
    const { inquiry_id } = await (
      await fetch(`${url}/api/session/${session}/inquiry/agent`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: 'sleep 60000 then done' }),
      })
    ).json();
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    const killedAt = Date.now();
    const engine = scriptedEngine();
    const next = await startTestServer({ dataDir, engine });
    try {
      // The dead process's lease runs out (5 s by default) and the next heartbeat's scan takes its work over.
      await waitFor(async () => engine.started.includes(inquiry_id), 10_000 - (Date.now() - killedAt));
      const status = await (await next.api(`/inquiry/${inquiry_id}/status`)).json();
      expect(status.status.general).toBe('processing'); // running again, owned by the new process
      const row = await next.runtime.store.inquiries.get(inquiry_id);
      expect(row?.owner).toBe(next.runtime.inquiries.owner);
      expect(row?.attempts).toBe(2);
      await next.api(`/inquiry/${inquiry_id}/stop`, { method: 'POST' });
    } finally {
      await next.close();
    }
  }, 60_000);
});

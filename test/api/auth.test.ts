import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../../src/auth/keys.js';
import { scriptedEngine } from '../helpers/scripted-engine.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('authentication (§5, §7)', () => {
  let s: TestServer;
  let otherKey: string;
  beforeAll(async () => {
    s = await startTestServer({ engine: scriptedEngine() });
    const other = await s.runtime.store.accounts.create('other');
    otherKey = (await s.runtime.keys.create(other.id, 'other-key')).key;
  });
  afterAll(() => s.close());

  it('no X-API-Key → 403 with detail', async () => {
    const r = await s.api('/session/new', { method: 'POST', key: null });
    expect(r.status).toBe(403);
    expect((await r.json()).detail).toMatch(/X-API-Key/);
  });

  it('malformed key → 401; unknown key → 401', async () => {
    const short = await s.api('/session/new', { method: 'POST', key: 'abc' });
    expect(short.status).toBe(401);
    expect((await short.json()).detail).toMatch(/Invalid API key/);
    const unknown = await s.api('/session/new', { method: 'POST', key: 'x'.repeat(40) });
    expect(unknown.status).toBe(401);
  });

  it('revoked key → 401 at once; expired key → 401', async () => {
    const account = (await s.runtime.store.accounts.list())[0];
    const { key, record } = await s.runtime.keys.create(account.id, 'to-revoke');
    expect((await s.api('/session/new', { method: 'POST', key })).status).toBe(200);
    await s.runtime.keys.revoke(record.id);
    const r = await s.api('/session/new', { method: 'POST', key });
    expect(r.status).toBe(401);
    expect((await r.json()).detail).toMatch(/revoked/);
    const expired = await s.runtime.keys.create(account.id, 'expired', { expiresAt: Date.now() - 1000 });
    const e = await s.api('/session/new', { method: 'POST', key: expired.key });
    expect(e.status).toBe(401);
    expect((await e.json()).detail).toMatch(/expired/);
  });

  it("another account's session and inquiry → 403; unknown ids → 404", async () => {
    const { session_id } = await (await s.api('/session/new', { method: 'POST' })).json();
    const { inquiry_id } = await (
      await s.api(`/session/${session_id}/inquiry/agent`, { method: 'POST', json: { query: 'end done' } })
    ).json();
    const asOther = (path: string, method = 'GET', json?: unknown) => s.api(path, { method, key: otherKey, json });
    expect((await asOther(`/session/${session_id}/inquiry/agent`, 'POST', { query: 'x' })).status).toBe(403);
    expect((await asOther(`/inquiry/${inquiry_id}/status`)).status).toBe(403);
    expect((await asOther(`/inquiry/${inquiry_id}/result?timeout=10`)).status).toBe(403);
    expect((await asOther(`/inquiry/${inquiry_id}/stop`, 'POST')).status).toBe(403);
    const denied = await asOther(`/inquiry/${inquiry_id}/status`);
    expect((await denied.json()).detail).toMatch(/another account/);
    expect((await s.api('/session/ses_nope/inquiry/agent', { method: 'POST', json: { query: 'x' } })).status).toBe(404);
    expect((await s.api('/inquiry/inq_nope/status')).status).toBe(404);
    expect((await s.api('/inquiry/inq_nope/result')).status).toBe(404);
    expect((await s.api('/inquiry/inq_nope/stop', { method: 'POST' })).status).toBe(404);
  });

  it('records last use in batches, not on every request', async () => {
    const account = (await s.runtime.store.accounts.list())[0];
    const { key } = await s.runtime.keys.create(account.id, 'batched');
    for (let i = 0; i < 3; i++) expect((await s.api('/session/new', { method: 'POST', key })).status).toBe(200);
    const before = await s.runtime.store.apiKeys.findByHash(hashKey(key));
    expect(before?.last_used_at).toBeNull();
    await s.runtime.keys.flush();
    const after = await s.runtime.store.apiKeys.findByHash(hashKey(key));
    expect(after?.last_used_at).toBeGreaterThan(0);
  });

  it('stores only the hash of a key, and the bootstrap key file is 0600', async () => {
    const { statSync, readFileSync } = await import('node:fs');
    const rows = await s.runtime.store.apiKeys.list();
    for (const r of rows) expect(JSON.stringify(r)).not.toContain(s.key);
    const file = `${s.dataDir}/api-key`;
    expect(readFileSync(file, 'utf8').trim()).toBe(s.key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

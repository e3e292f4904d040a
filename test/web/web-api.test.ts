/**
 * The web app's own endpoints (/ui/api) over HTTP, without a browser: first-start admin, sign-in
 * and its cookie, CSRF and same-origin checks, lock-out, history (UI threads only), API keys
 * created and revoked from the web app, sign-out, the people's CLI commands, and logs free of
 * secrets. A scripted engine answers, so no warehouse is needed.
 */
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/paths.js';
import { scriptedEngine } from '../helpers/scripted-engine.js';
import { startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';
import { origin, signIn, webFetch, type WebSession } from '../helpers/web.js';
import { quarryArgs } from '../helpers/quarry-cli.js';

const run = promisify(execFile);

describe('web app endpoints (/ui/api)', () => {
  let s: TestServer;
  let admin: WebSession;
  let adminPassword: string;
  const logs: string[] = [];
  const secrets: string[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        logs.push(String(chunk));
        cb();
      },
    });
    s = await startTestServer({ engine: scriptedEngine(), logStream });
    adminPassword = readFileSync(join(s.dataDir, 'admin-password'), 'utf8').trim();
    admin = await signIn(s.base, 'admin@localhost', adminPassword);
    secrets.push(adminPassword, admin.cookie.split('=')[1], admin.csrf, TEST_KEY);
  });
  afterAll(() => s?.close());

  const ask = async (session: WebSession, sessionId: string, query: string) => {
    const r = await webFetch(s.base, `/threads/${sessionId}/inquiries`, { method: 'POST', session, json: { query } });
    expect(r.status).toBe(200);
    const { inquiry_id } = await r.json();
    await s.runtime.inquiries.waitForTerminal(inquiry_id, 5000, 50);
    return inquiry_id as string;
  };

  it('the first start made an admin with a random password, in a 0600 file like the key', () => {
    expect(adminPassword).toMatch(/^[\w-]{24}$/);
    expect(statSync(join(s.dataDir, 'admin-password')).mode & 0o777).toBe(0o600);
    expect(admin.body.user.email).toBe('admin@localhost');
  });

  it('sign-in sets an HttpOnly, SameSite=Strict cookie (Secure only over HTTPS or when configured); wrong pairs get one answer', async () => {
    expect(admin.setCookie).toMatch(/^quarry_session=[\w-]{43}; /);
    expect(admin.setCookie).toMatch(/; HttpOnly/);
    expect(admin.setCookie).toMatch(/; SameSite=Strict/);
    expect(admin.setCookie).toMatch(/; Path=\//);
    expect(admin.setCookie).toMatch(/; Max-Age=4319\d/);
    expect(admin.setCookie).not.toMatch(/Secure/);
    const wrong = await webFetch(s.base, '/login', { method: 'POST', json: { email: 'admin@localhost', password: 'not-the-password' } });
    const unknown = await webFetch(s.base, '/login', { method: 'POST', json: { email: 'nobody@localhost', password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(wrong.headers.get('set-cookie')).toBeNull();
    expect((await webFetch(s.base, '/login', { method: 'POST', json: { email: 'admin@localhost' } })).status).toBe(422);
  });

  it('QUARRY_COOKIE_SECURE=true marks the cookie Secure (behind a TLS proxy)', async () => {
    const secure = await startTestServer({
      engine: scriptedEngine(),
      overrides: { cookieSecure: true, bootstrapPassword: 'secure-cookie-password' },
    });
    try {
      const signed = await signIn(secure.base, 'admin@localhost', 'secure-cookie-password');
      expect(signed.setCookie).toMatch(/; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/);
    } finally {
      await secure.close();
    }
  });

  it('who am I: the user and CSRF token with the cookie, {user: null} without', async () => {
    const me = await (await webFetch(s.base, '/me', { session: admin })).json();
    expect(me).toMatchObject({ user: { email: 'admin@localhost', account_name: 'default' }, csrf_token: admin.csrf });
    expect(await (await webFetch(s.base, '/me')).json()).toEqual({ user: null });
  });

  it('every other endpoint needs the sign-in: no cookie → 401, and an API key is no substitute', async () => {
    expect((await webFetch(s.base, '/threads')).status).toBe(401);
    expect((await webFetch(s.base, '/keys', { headers: { 'x-api-key': TEST_KEY } })).status).toBe(401);
    // …and the cookie opens no REST endpoint
    const rest = await fetch(`${s.base}/session/new`, { method: 'POST', headers: { cookie: admin.cookie } });
    expect(rest.status).toBe(403);
  });

  it("CSRF: a state-changing request needs the sign-in's token and must come from this origin", async () => {
    expect((await webFetch(s.base, '/threads', { method: 'POST', session: admin, csrf: null })).status).toBe(403);
    expect((await webFetch(s.base, '/threads', { method: 'POST', session: admin, csrf: 'x'.repeat(43) })).status).toBe(403);
    const other = await signIn(s.base, 'admin@localhost', adminPassword);
    expect((await webFetch(s.base, '/threads', { method: 'POST', session: admin, csrf: other.csrf })).status).toBe(403);
    expect(
      (await webFetch(s.base, '/threads', { method: 'POST', session: admin, headers: { origin: 'http://evil.example' } })).status,
    ).toBe(403);
    expect(
      (await webFetch(s.base, '/threads', { method: 'POST', session: admin, headers: { 'sec-fetch-site': 'cross-site' } })).status,
    ).toBe(403);
    expect((await webFetch(s.base, '/threads', { method: 'POST', session: admin, headers: { origin: 'null' } })).status).toBe(403);
    // the same host reached over HTTPS through a TLS proxy is this origin
    const host = new URL(s.base).host;
    expect((await webFetch(s.base, '/threads', { method: 'POST', session: admin, headers: { origin: `https://${host}` } })).status).toBe(
      200,
    );
    const ok = await webFetch(s.base, '/threads', {
      method: 'POST',
      session: admin,
      headers: { origin: origin(s.base), 'sec-fetch-site': 'same-origin' },
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).session_id).toMatch(/^ses_/);
    // signing in: JSON from this origin only (a cross-site form cannot send it)
    const form = await fetch(`${origin(s.base)}/ui/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ email: 'admin@localhost', password: adminPassword }),
    });
    expect(form.status).toBe(415);
    const crossLogin = await webFetch(s.base, '/login', {
      method: 'POST',
      json: { email: 'admin@localhost', password: adminPassword },
      headers: { origin: 'http://evil.example' },
    });
    expect(crossLogin.status).toBe(403);
    expect(crossLogin.headers.get('set-cookie')).toBeNull();
  });

  it('responses carry a strict CSP and are not cached', async () => {
    const r = await webFetch(s.base, '/me', { session: admin });
    expect(r.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    expect(r.headers.get('content-security-policy')).not.toMatch(/unsafe-eval/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('x-frame-options')).toBe('DENY');
  });

  it('locks a user out after repeated failures, even for the right password, and says how long', async () => {
    const { password } = await s.runtime.users.create(admin.body.user.account_id, 'lock@example.com');
    const attempt = (pw: string) => webFetch(s.base, '/login', { method: 'POST', json: { email: 'lock@example.com', password: pw } });
    for (let i = 0; i < 4; i++) expect((await attempt('wrong-password-123')).status).toBe(401);
    const fifth = await attempt('wrong-password-123');
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThanOrEqual(29);
    const right = await attempt(password);
    expect(right.status).toBe(429);
    expect((await right.json()).detail).toMatch(/locked for \d+ s/);
    // the lock is per user: others still sign in
    expect((await signIn(s.base, 'admin@localhost', adminPassword)).body.user.email).toBe('admin@localhost');
  });

  it("history lists the user's own web threads, newest first — never API-key sessions or other users' threads", async () => {
    const t1 = (await (await webFetch(s.base, '/threads', { method: 'POST', session: admin })).json()).session_id;
    await ask(admin, t1, 'first web question');
    await ask(admin, t1, 'a follow-up');
    const t2 = (await (await webFetch(s.base, '/threads', { method: 'POST', session: admin })).json()).session_id;
    await ask(admin, t2, 'second web question');
    // an API-key session with a question, in the same account
    const apiSession = (await (await s.api('/session/new', { method: 'POST' })).json()).session_id;
    const apiInquiry = (
      await (await s.api(`/session/${apiSession}/inquiry/agent`, { method: 'POST', json: { query: 'asked with an API key' } })).json()
    ).inquiry_id;
    await s.runtime.inquiries.waitForTerminal(apiInquiry, 5000, 50);
    // another user of the same account
    const { password } = await s.runtime.users.create(admin.body.user.account_id, 'colleague@example.com');
    const colleague = await signIn(s.base, 'colleague@example.com', password);
    const t3 = (await (await webFetch(s.base, '/threads', { method: 'POST', session: colleague })).json()).session_id;
    await ask(colleague, t3, 'the colleague asks');

    const { threads } = await (await webFetch(s.base, '/threads', { session: admin })).json();
    const ids = threads.map((t: { session_id: string }) => t.session_id);
    expect(ids.slice(0, 2)).toEqual([t2, t1]);
    expect(ids).not.toContain(apiSession);
    expect(ids).not.toContain(t3);
    expect(threads[1]).toMatchObject({ title: 'first web question', total_inquiries: 2, last_status: 'done', inquiry_type: 'agent' });
    // the thread reopens with its answers, oldest first
    const thread = await (await webFetch(s.base, `/threads/${t1}`, { session: admin })).json();
    expect(thread.inquiries.map((i: { user_input: string }) => i.user_input)).toEqual(['first web question', 'a follow-up']);
    expect(thread.inquiries[0]).toMatchObject({
      status: { general: 'done' },
      answer: 'Answer to <b>first web question</b>',
      data: { data: [{ answer: 42 }] },
    });
    // the colleague's history has only the colleague's thread
    expect(
      (await (await webFetch(s.base, '/threads', { session: colleague })).json()).threads.map((t: { session_id: string }) => t.session_id),
    ).toEqual([t3]);
    secrets.push(password, colleague.cookie.split('=')[1]);
  });

  it("REST's operations mounted in the web app: research starts a web thread, an API-key one does not, and none is in the OpenAPI document", async () => {
    const web = await webFetch(s.base, '/research', {
      method: 'POST',
      session: admin,
      json: { question: 'why did sales move last year?' },
    });
    expect(web.status).toBe(200);
    const started = await web.json();
    expect(started).toMatchObject({ status: 'submitted', inquiry_id: expect.any(String) });
    const viaKey = await (await s.api('/research', { method: 'POST', json: { question: 'why did sales move last year?' } })).json();
    const ids = (await (await webFetch(s.base, '/threads', { session: admin })).json()).threads.map(
      (t: { session_id: string }) => t.session_id,
    );
    expect(ids).toContain(started.session_id);
    expect(ids).not.toContain(viaKey.session_id);
    // the web app's validation and errors are REST's: {detail} naming the field, nothing stored
    const bad = await webFetch(s.base, '/research', { method: 'POST', session: admin, json: { question: 'x', budget: { rounds: 99 } } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).detail).toMatch(/rounds/);
    // stop under the web app's URL answers as REST's does
    const stopped = await (await webFetch(s.base, `/inquiries/${started.inquiry_id}/stop`, { method: 'POST', session: admin })).json();
    const again = await (await s.api(`/inquiry/${started.inquiry_id}/stop`, { method: 'POST' })).json();
    expect(again).toMatchObject({ stopped: false, status: { general: stopped.status.general } });
    const paths = Object.keys((await (await s.api('/openapi.json')).json()).paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/research', '/api/inquiry/{inquiry_id}/stop', '/api/reports/{report_id}']));
    expect(paths.filter((p) => p.startsWith('/ui/'))).toEqual([]);
  });

  it('a running inquiry is stopped from the web app', async () => {
    const t = (await (await webFetch(s.base, '/threads', { method: 'POST', session: admin })).json()).session_id;
    const r = await webFetch(s.base, `/threads/${t}/inquiries`, { method: 'POST', session: admin, json: { query: 'hang' } });
    const { inquiry_id } = await r.json();
    expect((await (await webFetch(s.base, `/inquiries/${inquiry_id}`, { session: admin })).json()).status.general).toBe('processing');
    const stopped = await (await webFetch(s.base, `/inquiries/${inquiry_id}/stop`, { method: 'POST', session: admin })).json();
    expect(stopped).toMatchObject({ stopped: true, status: { general: 'stopped' } });
  });

  it('API keys: created with a name (value once), listed without it, used with REST, revoked', async () => {
    const created = await webFetch(s.base, '/keys', { method: 'POST', session: admin, json: { name: 'ci-bot', expires_in_days: 30 } });
    expect(created.status).toBe(200);
    const { key, api_key } = await created.json();
    secrets.push(key);
    expect(key).toMatch(/^qk_/);
    expect(api_key).toMatchObject({ name: 'ci-bot', prefix: key.slice(0, 10), last_used_at: null, revoked_at: null });
    expect(new Date(api_key.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const used = await fetch(`${s.base}/session/new`, { method: 'POST', headers: { 'x-api-key': key } });
    expect(used.status).toBe(200);
    const listed = await (await webFetch(s.base, '/keys', { session: admin })).json();
    const row = listed.keys.find((k: { id: string }) => k.id === api_key.id);
    expect(row.last_used_at).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(key);
    expect((await webFetch(s.base, '/keys', { method: 'POST', session: admin, json: { name: '' } })).status).toBe(422);

    const revoked = await webFetch(s.base, `/keys/${api_key.id}`, { method: 'DELETE', session: admin });
    expect(revoked.status).toBe(200);
    expect((await revoked.json()).revoked_at).not.toBeNull();
    expect((await fetch(`${s.base}/session/new`, { method: 'POST', headers: { 'x-api-key': key } })).status).toBe(401);
    // another account's key is not found from here
    const otherAccount = await s.runtime.store.accounts.create('other');
    const foreign = await s.runtime.keys.create(otherAccount.id, 'theirs');
    expect((await webFetch(s.base, `/keys/${foreign.record.id}`, { method: 'DELETE', session: admin })).status).toBe(404);
  });

  it('reports: scheduled, listed, validated, deleted', async () => {
    const bad = await webFetch(s.base, '/reports', {
      method: 'POST',
      session: admin,
      json: { name: 'x', question: 'q', schedule: 'every day', timezone: 'UTC' },
    });
    expect(bad.status).toBe(422);
    expect((await bad.json()).detail).toMatch(/schedule/);
    const made = await (
      await webFetch(s.base, '/reports', {
        method: 'POST',
        session: admin,
        json: { name: 'Weekly', question: 'Why did revenue change?', schedule: '0 8 * * 1', timezone: 'Europe/Berlin' },
      })
    ).json();
    expect(made).toMatchObject({ name: 'Weekly', timezone: 'Europe/Berlin' });
    expect(new Date(made.next_run_at).getTime()).toBeGreaterThan(Date.now());
    expect((await (await webFetch(s.base, '/reports', { session: admin })).json()).reports.map((r: { id: string }) => r.id)).toContain(
      made.id,
    );
    expect((await (await webFetch(s.base, `/reports/${made.id}/runs`, { session: admin })).json()).runs).toEqual([]);
    expect((await webFetch(s.base, `/reports/${made.id}`, { method: 'DELETE', session: admin })).status).toBe(200);
    expect((await (await webFetch(s.base, '/reports', { session: admin })).json()).reports).toEqual([]);
  });

  it('without a semantic layer (this engine has none) the browser says so: 503, and no starters', async () => {
    expect((await webFetch(s.base, '/semantic', { session: admin })).status).toBe(503);
    expect(await (await webFetch(s.base, '/starters', { session: admin })).json()).toEqual({ questions: [] });
  });

  it('quarry ask prints the answer and the table; --json the status response; quarry users create makes a user who signs in', async () => {
    const env = { ...process.env, QUARRY_URL: origin(s.base), QUARRY_API_KEY: TEST_KEY, QUARRY_DATA_DIR: s.dataDir };
    const cli = (args: string[]) => run(process.execPath, quarryArgs(...args), { cwd: REPO_ROOT, env });
    const text = await cli(['ask', 'how many answers']);
    expect(text.stdout).toBe('Answer to how many answers\n\nAnswer\nanswer\n------\n    42\n\nTime frame: all data\n');
    expect(text.stderr).toMatch(/session ses_\S+ \(follow up with --session/);
    const json = JSON.parse((await cli(['ask', 'end out_of_scope', '--json']).catch((e) => e)).stdout);
    expect(json).toMatchObject({ status: { general: 'out_of_scope' }, error: 'scripted out_of_scope' });
    const made = await cli(['users', 'create', '--email', 'New.Person@Example.com']);
    const password = made.stdout.trim();
    expect(made.stderr).toMatch(/created user usr_\S+ \(new\.person@example\.com\)/);
    secrets.push(password);
    expect((await signIn(s.base, 'new.person@example.com', password)).body.user.email).toBe('new.person@example.com');
  }, 60_000);

  it('sign-out ends the sign-in on the server and clears the cookie', async () => {
    const session = await signIn(s.base, 'admin@localhost', adminPassword);
    const out = await webFetch(s.base, '/logout', { method: 'POST', session });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^quarry_session=; .*Max-Age=0/);
    expect(await (await webFetch(s.base, '/me', { session })).json()).toEqual({ user: null });
    expect((await webFetch(s.base, '/threads', { session })).status).toBe(401);
  });

  it('logs never hold a password, a cookie, a CSRF token or a key', async () => {
    await s.runtime.keys.flush();
    const all = logs.join('');
    expect(all).toMatch(/web sign-in/);
    expect(all).toMatch(/api key created/);
    for (const secret of secrets) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/quarry_session=/);
  });
});

/**
 * The web app in a real browser (Debian's Chromium through playwright-core) against a real
 * listening server on the demo warehouse: sign in with the keyboard, ask, see the chart drawn,
 * sort and download the table, copy the SQL, follow up, a refusal, history (the UI thread, never
 * an API-key session), research with live progress and stop, scheduled reports, an API key made
 * here and used with curl then revoked, the semantic layer, 390 px, sign out. Cookie flags and
 * CSRF are checked from inside the page. One browser launch; with QUARRY_SCREENSHOTS=1, screenshots
 * of every page at 1280 px go to test/e2e/__screenshots__.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb, launchChromium, saveScreenshot, unlabelledControls } from '../helpers/browser.js';
import { startTestServer, TEST_KEY, type TestServer } from '../helpers/server.js';
import { origin } from '../helpers/web.js';

const run = promisify(execFile);
const PASSWORD = 'e2e-password-correct-horse';

describe('the web app in Chromium', () => {
  let s: TestServer;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let threadHash = '';
  const problems: string[] = [];
  const logs: string[] = [];
  const secrets: string[] = [PASSWORD, TEST_KEY];

  const shot = (name: string, target: Page = page) => saveScreenshot(target, name, { fullPage: true });
  const expectLabelled = async () => expect(await unlabelledControls(page)).toEqual([]);
  const nav = async (name: string, heading: string | RegExp) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { level: 2, name: heading }).waitFor();
  };
  const curlStatus = async (key: string) =>
    (await run('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-X', 'POST', `${s.base}/session/new`, '-H', `X-API-Key: ${key}`]))
      .stdout;

  beforeAll(async () => {
    buildWeb();
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        logs.push(String(chunk));
        cb();
      },
    });
    s = await startTestServer({
      overrides: { demoScale: 0.01, bootstrapPassword: PASSWORD, researchConcurrency: 1, researchPaceMs: 250 },
      logStream,
    });
    base = origin(s.base);
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      // the refusals this test provokes on purpose (wrong password, no CSRF token) are logged by the browser
      if (m.type() === 'error' && !/status of (401|403) /.test(m.text())) problems.push(`console: ${m.text()}`);
    });
    page.on('dialog', (d) => void d.accept());
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('serves the built app at / with a strict CSP; signing in works from the keyboard; the cookie is HttpOnly and SameSite=Strict', async () => {
    const response = await page.goto(`${base}/`);
    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/unsafe-eval/);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await expectLabelled();
    await shot('sign-in');

    // a wrong password is refused in words, and nothing is set
    await page.getByLabel('E-mail').fill('admin@localhost');
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password' }).waitFor();

    await page.getByLabel('E-mail').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('admin@localhost');
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Ask a question' }).waitFor();

    const cookie = (await context.cookies(base)).find((c) => c.name === 'quarry_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    secrets.push(cookie!.value);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    // CSRF: the page's own fetch without the token is refused, with it accepted
    const statuses = await page.evaluate(async () => {
      const me = await (await fetch('/ui/api/me')).json();
      const without = (await fetch('/ui/api/threads', { method: 'POST' })).status;
      const withToken = (await fetch('/ui/api/threads', { method: 'POST', headers: { 'x-csrf-token': me.csrf_token } })).status;
      return { without, withToken, token: me.csrf_token as string };
    });
    expect(statuses.without).toBe(403);
    expect(statuses.withToken).toBe(200);
    secrets.push(statuses.token);
  }, 60_000);

  it('asks a starter question: answer, Vega-Lite chart drawn as SVG marks, sortable table, CSV, SQL to copy', async () => {
    const starters = page.getByRole('region', { name: 'Start from' }).getByRole('button');
    expect(await starters.count()).toBeGreaterThanOrEqual(3);
    await expectLabelled();
    await shot('ask');
    await page.getByRole('button', { name: 'Revenue by region in 1997' }).click();
    const turn = page.locator('.turn').first();
    await turn.and(page.locator('[data-status=done]')).waitFor({ timeout: 30_000 });
    threadHash = new URL(page.url()).hash;
    expect(threadHash).toMatch(/^#\/t\/ses_/);
    expect(await turn.locator('.answer').textContent()).toMatch(/Revenue by region in 1997 covers 5 regions/);
    expect(await turn.locator('.answer b').count()).toBeGreaterThan(0);
    expect(await turn.locator('.time-frame').textContent()).toBe('Time frame: 1997-01-01 to 1997-12-31');

    // the chart: five bars drawn by vega-embed
    const bars = turn.locator('.chart svg .mark-rect path');
    await bars.first().waitFor({ timeout: 20_000 });
    expect(await bars.count()).toBe(5);
    expect(await turn.locator('.chart svg.marks').getAttribute('aria-label')).toBeNull(); // the figure is labelled, the SVG is Vega's

    // the table sorts by a column header (numbers start with the largest)
    const firstRegion = () => turn.locator('tbody tr').first().locator('td').first().textContent();
    expect(await turn.locator('tbody tr').count()).toBe(5);
    await turn.getByRole('button', { name: /^Revenue/ }).click();
    expect(await firstRegion()).toBe('MIDDLE EAST');
    expect(await turn.locator('th[aria-sort=descending]').count()).toBe(1);
    await turn.getByRole('button', { name: /^Revenue/ }).press('Enter');
    expect(await firstRegion()).toBe('EUROPE');

    // CSV with the raw values
    const [download] = await Promise.all([page.waitForEvent('download'), turn.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('Revenue_by_region_1997.csv');
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split(/\r\n/);
    expect(csv[0]).toBe('region,revenue');
    expect(csv).toHaveLength(6);
    expect(csv.find((l) => l.startsWith('EUROPE,'))).toMatch(/^EUROPE,\d+\.\d+$/);

    // the SQL: collapsed, then shown and copied
    const sql = turn.locator('pre.sql');
    expect(await sql.isVisible()).toBe(false);
    await turn.locator('summary', { hasText: 'SQL' }).click();
    expect(await sql.textContent()).toMatch(/SELECT[\s\S]+FROM lineitem/);
    await turn.getByRole('button', { name: 'Copy SQL' }).click();
    await turn.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await sql.textContent())!.trim());
    await turn.locator('summary', { hasText: 'Explanation' }).click();
    expect(await turn.locator('.explanation').textContent()).toMatch(/Revenue: sum of extended price/);
    await turn.locator('summary', { hasText: 'How this answer was found' }).click();
    expect(await turn.locator('.thinking li').count()).toBeGreaterThan(3);
    await expectLabelled();
    await shot('ask-answer');
  }, 90_000);

  it('follows up in the same thread; a refusal is shown as such, with suggestions to ask instead', async () => {
    await page.getByLabel('Follow-up question').fill('only for Europe');
    await page.getByLabel('Follow-up question').press('Enter');
    const turns = page.locator('.turn');
    await turns.nth(1).and(page.locator('[data-status=done]')).waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).hash).toBe(threadHash);
    expect(await turns.nth(1).locator('.question').textContent()).toBe('only for Europe');
    expect(await turns.nth(1).locator('tbody tr').count()).toBe(1);
    expect(await turns.nth(1).locator('tbody').textContent()).toMatch(/EUROPE/);

    await page.getByLabel('Follow-up question').fill('What is the capital of Peru?');
    await page.getByRole('button', { name: 'Ask follow-up' }).click();
    const refusal = turns.nth(2);
    await refusal.and(page.locator('[data-status=out_of_domain]')).waitFor({ timeout: 30_000 });
    expect(await refusal.textContent()).toMatch(/Outside what this data is about/);
    expect(await refusal.locator('.answer').textContent()).toMatch(/does not ask about TPC Parts Co/);
    expect(await refusal.locator('.chart').count()).toBe(0);
    const suggestion = refusal.locator('.suggestions button').first();
    const suggested = (await suggestion.textContent())!;
    await suggestion.click();
    await turns.nth(3).and(page.locator('[data-status=done]')).waitFor({ timeout: 30_000 });
    expect(await turns.nth(3).locator('.question').textContent()).toBe(suggested);
    await shot('ask-thread');
  }, 90_000);

  it('history lists the UI thread, reopens it, and never shows an API-key session', async () => {
    const apiSession = (await (await s.api('/session/new', { method: 'POST' })).json()).session_id;
    const apiInquiry = (
      await (await s.api(`/session/${apiSession}/inquiry/agent`, { method: 'POST', json: { query: 'Revenue by nation in 1996' } })).json()
    ).inquiry_id;
    await s.runtime.inquiries.waitForTerminal(apiInquiry, 30_000, 100);
    await nav('History', 'History');
    const items = page.locator('.thread-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(1);
    expect(await items.first().getByRole('link').textContent()).toBe('Revenue by region in 1997');
    expect(await items.first().textContent()).toMatch(/4 questions/);
    expect(await page.locator('main').textContent()).not.toContain('Revenue by nation in 1996');
    expect(await page.locator(`[data-session="${apiSession}"]`).count()).toBe(0);
    await shot('history');
    await items.first().getByRole('link').click();
    await page.locator('.turn').nth(3).waitFor();
    expect(new URL(page.url()).hash).toBe(threadHash);
    expect(await page.locator('.turn').count()).toBe(4);
  }, 60_000);

  it('research: live operations and progress while it runs, then the report with its tables; stop', async () => {
    await nav('Research', 'Research');
    await expectLabelled();
    await page.getByLabel('Research question').fill('Why did revenue change in 1997 compared with 1996?');
    await page.getByLabel('Rounds').fill('1');
    await page.getByLabel('Queries').fill('8');
    await page.getByLabel('Minutes').fill('5');
    await page.getByRole('button', { name: 'Start research' }).click();
    const view = page.locator('section.research');
    await view.waitFor();
    expect(new URL(page.url()).hash).toMatch(/^#\/research\/inq_/);
    const seen: { progress: number; ops: number }[] = [];
    let liveShot = false;
    const deadline = Date.now() + 60_000;
    while ((await view.getAttribute('data-status')) === 'processing' && Date.now() < deadline) {
      const value = await page
        .locator('.working progress')
        .getAttribute('value')
        .catch(() => null);
      const ops = await page.locator('.operations li').count();
      if (value !== null) seen.push({ progress: Number(value), ops });
      if (!liveShot && ops >= 3) {
        await shot('research-live');
        liveShot = true;
      }
      await page.waitForTimeout(250);
    }
    expect(await view.getAttribute('data-status')).toBe('done');
    const midway = seen.filter((o) => o.progress > 0 && o.progress < 100);
    expect(midway.length).toBeGreaterThan(0);
    expect(seen.some((o) => o.ops > 0)).toBe(true);
    expect(seen.map((o) => o.progress)).toEqual([...seen.map((o) => o.progress)].sort((a, b) => a - b));
    const report = page.locator('article.report');
    expect(await report.locator('h1').textContent()).toBe('Revenue: 1997 compared with 1996');
    expect(await report.locator('table').count()).toBeGreaterThanOrEqual(2);
    expect(await report.locator('table').first().textContent()).toMatch(/1997[\s\S]*1996[\s\S]*Change/); // each table sets the two years side by side
    expect(await report.locator('script, [onerror], [onclick]').count()).toBe(0);
    await shot('research-report');

    // a second one, stopped while it runs
    await page.getByRole('link', { name: 'Start another research' }).click();
    await page.getByLabel('Research question').fill('Why did revenue change in 1996 compared with 1995?');
    await page.getByRole('button', { name: 'Start research' }).click();
    await page.locator('section.research[data-status=processing]').waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.locator('section.research[data-status=stopped]').waitFor({ timeout: 10_000 });
  }, 120_000);

  it('scheduled reports: create with cron and time zone, list, see a run, delete', async () => {
    await nav('Reports', 'Scheduled reports');
    await expectLabelled();
    await page.getByLabel('Name').fill('Weekly revenue review');
    await page.getByLabel('Research question').fill('Why did revenue change in 1997 compared with 1996?');
    await page.getByLabel('Schedule (cron)').fill('0 8 * * 1');
    await page.getByLabel('Time zone').fill('Europe/Berlin');
    await page.getByRole('button', { name: 'Schedule report' }).click();
    const row = page.locator('tr[data-report]');
    await row.first().waitFor();
    expect(await row.first().textContent()).toMatch(/Weekly revenue review.*0 8 \* \* 1.*Europe\/Berlin/);
    const reportId = (await row.first().getAttribute('data-report'))!;
    // one run now (as the scheduler would at its due time); it appears under Runs
    await s.runtime.reports.fire(reportId, Math.floor(Date.now() / 1000) * 1000);
    await page.getByRole('button', { name: 'Runs' }).click();
    await page.locator('ul.runs li a').first().waitFor();
    expect(await page.locator('ul.runs li').count()).toBe(1);
    await shot('reports');
    await page.getByRole('button', { name: 'Delete report Weekly revenue review' }).click();
    await page.getByText('No scheduled reports yet.').waitFor();
    expect((await s.runtime.store.reports.list((await s.runtime.store.accounts.list())[0].id)).length).toBe(0);
  }, 60_000);

  it('API keys: created with a name and shown once (copy), used with curl, then revoked', async () => {
    await nav('API keys', 'API keys');
    await expectLabelled();
    await page.getByLabel('Key name').fill('curl-test');
    await page.getByRole('button', { name: 'Create key' }).click();
    const value = page.getByLabel('The new API key');
    await value.waitFor();
    const key = await value.inputValue();
    secrets.push(key);
    expect(key).toMatch(/^qk_[\w-]{43}$/);
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shot('keys');

    expect(await curlStatus(key)).toBe('200');
    await page.getByRole('button', { name: 'Done, I have stored it' }).click();
    expect(await page.content()).not.toContain(key);
    // shown once: after a reload only the prefix is left, and the use is recorded
    await page.reload();
    const row = page.locator('tr[data-key]', { hasText: 'curl-test' });
    await row.waitFor();
    expect(await page.content()).not.toContain(key);
    expect(await row.locator('code').textContent()).toBe(`${key.slice(0, 10)}…`);
    expect(await row.locator('.last-used').textContent()).not.toBe('never');

    await page.getByRole('button', { name: 'Revoke key curl-test' }).click();
    await page.locator('tr[data-key][data-state=revoked]', { hasText: 'curl-test' }).waitFor();
    expect(await curlStatus(key)).toBe('401');
  }, 60_000);

  it("semantic layer: metrics, dimensions, glossary; search; an item's details", async () => {
    await nav('Semantic layer', 'Semantic layer');
    await page.getByRole('button', { name: 'revenue', exact: true }).waitFor();
    await expectLabelled();
    // which warehouse this account asks (a deployment may have several)
    expect(await page.locator('.semantic-warehouse').textContent()).toBe('Warehouse default (duckdb), model tpch');
    expect(await page.locator('details summary', { hasText: /^Dimensions \(\d+\)/ }).count()).toBe(1);
    await page.locator('details summary', { hasText: /^Glossary/ }).click();
    expect(await page.locator('.glossary dt').count()).toBeGreaterThan(5);
    await page.getByLabel('Search the semantic layer').fill('urgent');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.locator('.search-results');
    await results.waitFor();
    expect(await results.textContent()).toMatch(/1-URGENT/);
    await page.getByRole('button', { name: 'revenue', exact: true }).click();
    await page.locator('.semantic-detail h3', { hasText: 'revenue' }).waitFor();
    expect(await page.locator('.semantic-detail').textContent()).toMatch(/market_segment/);
    await shot('semantic');
  }, 60_000);

  it('is readable at 390 px: nothing wider than the screen, the answer and chart fit', async () => {
    const narrow = await context.newPage();
    await narrow.setViewportSize({ width: 390, height: 844 });
    await narrow.goto(`${base}/${threadHash}`);
    await narrow.locator('.turn[data-status=done] .chart svg .mark-rect path').first().waitFor({ timeout: 20_000 });
    const widths = await narrow.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      chart: document.querySelector('.chart svg')!.getBoundingClientRect().right,
    }));
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.chart).toBeLessThanOrEqual(390);
    expect(await narrow.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    await narrow.close();
  }, 60_000);

  it('signs out: back to sign-in, the cookie is gone and no longer works; no page errors; no secret in the logs', async () => {
    const cookie = (await context.cookies(base)).find((c) => c.name === 'quarry_session')!;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect((await context.cookies(base)).find((c) => c.name === 'quarry_session')).toBeUndefined();
    const me = await (await fetch(`${base}/ui/api/me`, { headers: { cookie: `quarry_session=${cookie.value}` } })).json();
    expect(me).toEqual({ user: null });
    expect(problems).toEqual([]);
    await s.runtime.keys.flush();
    const all = logs.join('');
    expect(all).toMatch(/web sign-in/);
    for (const secret of secrets) expect(all).not.toContain(secret);
  }, 30_000);
});

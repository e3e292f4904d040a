/**
 * The web app for daily use, in Debian's Chromium against a real server on the demo warehouse:
 * first load of Ask (cold cache, chart library not loaded), the reading as chips (remove a filter
 * and get the wider answer; change a grain), switching a bar chart to a table and back (kept with
 * the answer), labels and time buckets from the model, one refusal text, the overview of a vague
 * question with a drill-in, pins and a dashboard opened by a second user of the account, threads
 * renamed, searched and deleted, past research, 390 px on every page, dark mode, the focus ring.
 * With QUARRY_SCREENSHOTS=1, screenshots at 1280 and 390 px go to test/e2e/__screenshots__ (daily-*.png).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../src/web/static.js';
import { buildWeb, launchChromium, saveScreenshot, unlabelledControls } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { origin } from '../helpers/web.js';

const PASSWORD = 'daily-e2e-password-horse';

describe('the web app for daily use, in Chromium', () => {
  let s: TestServer;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let threadHash = '';
  let dashboardHash = '';
  const problems: string[] = [];

  const watch = (p: Page) => {
    p.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    p.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    p.on('dialog', (d) => void d.accept());
  };
  const signInAs = async (p: Page, email: string) => {
    await p.goto(`${base}/`);
    await p.getByLabel('E-mail').fill(email);
    await p.getByLabel('Password').fill(PASSWORD);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByRole('heading', { name: 'Ask a question' }).waitFor();
  };
  /** The same route at 390 px in another tab fits the screen (and screenshots of both, if asked for). */
  const shots = async (name: string, settle: (p: Page) => Promise<unknown> = async () => undefined) => {
    await saveScreenshot(page, `daily-${name}-1280`, { fullPage: true });
    const narrow = await context.newPage();
    watch(narrow);
    await narrow.setViewportSize({ width: 390, height: 844 });
    await narrow.goto(page.url());
    await narrow.locator('main h2').first().waitFor();
    await settle(narrow);
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth), `${name} at 390 px`).toBeLessThanOrEqual(390);
    await saveScreenshot(narrow, `daily-${name}-390`, { fullPage: true });
    await narrow.close();
  };
  const turn = (n: number) => page.locator('.turn').nth(n);
  const waitDone = (n: number) => turn(n).and(page.locator('[data-status=done]')).waitFor({ timeout: 30_000 });
  const total = async (t: ReturnType<typeof turn>, column: number) =>
    (await t.locator(`tbody tr td:nth-child(${column})`).allTextContents()).reduce((a, x) => a + Number(x.replace(/[^\d.-]/g, '')), 0);

  beforeAll(async () => {
    buildWeb();
    s = await startTestServer({ overrides: { demoScale: 0.01, bootstrapPassword: PASSWORD, researchConcurrency: 1, researchPaceMs: 50 } });
    base = origin(s.base);
    const account = (await s.runtime.store.accounts.list())[0];
    await s.runtime.users.create(account.id, 'colleague@example.com', { password: PASSWORD });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    page = await context.newPage();
    watch(page);
    await signInAs(page, 'admin@localhost');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('first load of Ask on a cold cache takes at most 1 s, puts focus in the question box, and loads no chart code; the CSP is unchanged', async () => {
    const state = await context.storageState();
    /** One load in a fresh browser context (empty cache): ms from navigation start to focus in the question box, by the page's clock. */
    const coldLoad = async () => {
      const cold = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: state });
      const fresh = await cold.newPage();
      watch(fresh);
      const scripts: string[] = [];
      fresh.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(r.url());
      });
      const response = await fresh.goto(`${base}/#/ask`);
      const ms = await (
        await fresh.waitForFunction(() => (document.activeElement?.id === 'question' ? performance.now() : null), undefined, {
          polling: 'raf',
        })
      ).jsonValue();
      return { cold, fresh, scripts, response, ms: Math.round(ms as number) };
    };
    const loads = [];
    for (let i = 0; i < 5; i++) loads.push(await coldLoad());
    const times = loads.map((l) => l.ms).sort((a, b) => a - b);
    console.log(
      `first load of Ask, cold cache (navigation start to focus in the question box): ${times.join(', ')} ms; median ${times[2]} ms`,
    );
    // The goal is 1 s on an idle machine (`npm run bench web` measures it side by side); here the
    // suite's other workers share two cores, so this bound only catches a first load gone slow.
    expect(times[2]).toBeLessThanOrEqual(2500);
    const { fresh, response } = loads[4];
    expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self';/);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval/);
    expect(await fresh.evaluate(() => document.querySelectorAll('script:not([src])').length)).toBe(0);
    // typing goes into the box at once
    await fresh.keyboard.type('Revenue');
    expect(await fresh.locator('#question').inputValue()).toBe('Revenue');
    // the chart library is not part of it
    for (const l of loads) expect(l.scripts.filter((u) => /embed|vega/.test(u))).toEqual([]);
    for (const l of loads) await l.cold.close();
  }, 60_000);

  it('shows the reading as chips; removing a filter chip asks again and gives the wider answer', async () => {
    await page.goto(`${base}/#/ask`);
    await page.locator('#question:focus').waitFor();
    await page.keyboard.type('How many orders per order priority in 1996 in Europe?');
    await page.keyboard.press('Enter');
    await waitDone(0);
    threadHash = new URL(page.url()).hash;
    const chips = turn(0).locator('.reading-chip');
    expect(await chips.allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Metric\s*Orders/),
        expect.stringMatching(/Filter\s*Region: EUROPE/),
        expect.stringMatching(/Grouping\s*By order priority/),
        expect.stringMatching(/Period\s*1996/),
      ]),
    );
    // headers are the model's labels
    expect(await turn(0).locator('thead th').allTextContents()).toEqual([
      expect.stringMatching(/^Order priority/),
      expect.stringMatching(/^Orders/),
    ]);
    expect(await unlabelledControls(page)).toEqual([]);
    await shots('reading', (p) => p.locator('.reading-chip').first().waitFor());

    const narrowTotal = await total(turn(0), 2);
    await turn(0).getByRole('button', { name: 'Remove filter Region: EUROPE' }).click();
    await waitDone(1);
    expect(new URL(page.url()).hash).toBe(threadHash);
    expect(await turn(1).locator('.question').textContent()).toBe('Orders by order priority, 1996');
    expect(await turn(1).locator('.reading-chip[data-kind=filter]').count()).toBe(0);
    expect(await total(turn(1), 2)).toBeGreaterThan(narrowTotal * 3);
    await shots('chip-removed', (p) => p.locator('.turn').nth(1).locator('.reading-chip').first().waitFor());
  }, 90_000);

  it('switches a bar chart to a table and back; the choice stays with the answer', async () => {
    const first = turn(0);
    await first.locator('.chart svg .mark-rect path').first().waitFor({ timeout: 20_000 });
    expect(await first.getByRole('radio').allTextContents()).toEqual(['Bar', 'Table']);
    await first.getByRole('radio', { name: 'Table' }).click();
    expect(await first.locator('.result-view').getAttribute('data-view')).toBe('table');
    expect(await first.locator('.chart').count()).toBe(0);
    expect(await first.locator('tbody tr').count()).toBe(5);
    await shots('table-view', (p) => p.locator('.turn').first().locator('tbody tr').first().waitFor());
    // kept: a reload shows the table
    await page.reload();
    await page.locator('.turn').first().locator('.result-view[data-view=table]').waitFor();
    expect(await page.locator('.turn').first().getByRole('radio', { name: 'Table' }).getAttribute('aria-checked')).toBe('true');
    await page.locator('.turn').first().getByRole('radio', { name: 'Bar' }).click();
    await page.locator('.turn').first().locator('.chart svg .mark-rect path').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('.turn').first().locator('.chart svg .mark-rect path').count()).toBe(5);
  }, 60_000);

  it('formats time from the model: years as plain integers, months as "Mar 1997"; a grain chip changes the grouping', async () => {
    await page.getByLabel('Follow-up question').fill('revenue per year');
    await page.getByLabel('Follow-up question').press('Enter');
    await waitDone(2);
    const years = await turn(2).locator('tbody tr td:first-child').allTextContents();
    expect(years.slice(0, 2)).toEqual(['1992', '1993']);
    expect(await turn(2).getByRole('radio').allTextContents()).toEqual(['Line', 'Area', 'Bar', 'Table']);
    await turn(2).getByRole('radio', { name: 'Area' }).click();
    await turn(2).locator('.chart svg .mark-area path').first().waitFor({ timeout: 20_000 });
    await turn(2)
      .getByLabel(/Change the grain of by order date/)
      .selectOption('month');
    await waitDone(3);
    const months = await turn(3).locator('tbody tr td:first-child').allTextContents();
    expect(months[0]).toBe('Jan 1992');
    expect(months).toContain('Mar 1997');
  }, 90_000);

  it('a refusal says why once; a vague question shows the overview, each metric a drill-in', async () => {
    await page.getByLabel('Follow-up question').fill('Who won the football world cup in 1998?');
    await page.getByLabel('Follow-up question').press('Enter');
    const refusal = turn(4);
    await refusal.and(page.locator('[data-status=out_of_domain]')).waitFor({ timeout: 30_000 });
    const text = (await refusal.innerText()).replace(/\s+/g, ' ');
    expect(text.match(/does not ask about/g)).toHaveLength(1);
    // the explanation would only say it again: not offered
    expect(await refusal.locator('summary', { hasText: 'Explanation' }).count()).toBe(0);

    await page.getByLabel('Follow-up question').fill("how's the business doing?");
    await page.getByLabel('Follow-up question').press('Enter');
    await waitDone(5);
    const cards = turn(5).locator('.overview-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    expect(await turn(5).locator('.overview-period').textContent()).toMatch(/Q2 1998 against Q1 1998/);
    expect(await cards.first().textContent()).toMatch(/Revenue\s*\$[\d.,]+[KMB]?.*vs/);
    await shots('overview', (p) => p.locator('.overview-card').first().waitFor());
    await saveScreenshot(turn(5), 'daily-overview-answer-1280');
    await cards.first().getByRole('button', { name: 'Drill into revenue' }).click();
    await waitDone(6);
    expect(await turn(6).locator('.question').textContent()).toBe('Revenue by month, Q1 1998 to Q2 1998');
    expect(await turn(6).locator('tbody tr').count()).toBe(6);
  }, 90_000);

  it('pins two answers; a colleague of the same account opens the dashboard by its link and sees both tiles refreshed', async () => {
    // the wider answer (turn 1) as a table, the monthly one (turn 3) as its line
    await turn(1).getByRole('radio', { name: 'Table' }).click();
    await turn(1).getByRole('button', { name: 'Pin', exact: true }).click();
    await turn(1).getByLabel('Dashboard', { exact: true }).selectOption('new');
    await turn(1).getByLabel('New dashboard name').fill('Daily review');
    await turn(1).getByRole('button', { name: 'Pin here' }).click();
    await turn(1).getByRole('link', { name: 'Daily review' }).waitFor();
    await turn(3).getByRole('button', { name: 'Pin', exact: true }).click();
    expect(await turn(3).getByLabel('Dashboard', { exact: true }).locator('option:checked').textContent()).toBe('Daily review');
    await turn(3).getByRole('button', { name: 'Pin here' }).click();
    const link = turn(3).getByRole('link', { name: 'Daily review' });
    await link.waitFor();
    dashboardHash = new URL((await link.getAttribute('href'))!, base).hash;
    const sources = [await turn(1).getAttribute('data-inquiry'), await turn(3).getAttribute('data-inquiry')];

    const colleagueContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const colleague = await colleagueContext.newPage();
    watch(colleague);
    await signInAs(colleague, 'colleague@example.com');
    await colleague.goto(`${base}/${dashboardHash}`);
    await colleague.getByRole('heading', { level: 2, name: 'Daily review' }).waitFor();
    const tiles = colleague.locator('.tile');
    await expect.poll(() => colleague.locator('.tile[data-status=done]').count(), { timeout: 30_000 }).toBe(2);
    expect(await tiles.locator('h3').allTextContents()).toEqual(['Orders by order priority, 1996', expect.stringMatching(/month/)]);
    // refreshed: new runs, not the pinned answers, each with its time
    for (const id of await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-inquiry')))) expect(sources).not.toContain(id);
    expect(await tiles.locator('.as-of').allTextContents()).toEqual([expect.stringMatching(/^As of /), expect.stringMatching(/^As of /)]);
    expect(await tiles.nth(0).locator('.result-view').getAttribute('data-view')).toBe('table');
    expect(await tiles.nth(0).locator('tbody tr').count()).toBe(5);
    await tiles.nth(1).locator('.chart svg .mark-line path').first().waitFor({ timeout: 20_000 });
    await saveScreenshot(colleague, 'daily-dashboard-colleague-1280', { fullPage: true });
    await colleague.setViewportSize({ width: 390, height: 844 });
    await colleague.waitForTimeout(300);
    const widths = await colleague.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      chart: Math.max(...[...document.querySelectorAll('.chart svg')].map((e) => e.getBoundingClientRect().right)),
    }));
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.chart).toBeLessThanOrEqual(390);
    await saveScreenshot(colleague, 'daily-dashboard-colleague-390', { fullPage: true });
    // renamed by the colleague
    await colleague.getByRole('button', { name: 'Rename' }).click();
    await colleague.getByLabel('Dashboard name').fill('Daily review (shared)');
    await colleague.getByRole('button', { name: 'Save name' }).click();
    await colleague.getByRole('heading', { level: 2, name: 'Daily review (shared)' }).waitFor();
    // an answer is shared by its thread's link too
    await colleague.goto(`${base}/${threadHash}`);
    await colleague.locator('.turn[data-status=done]').first().waitFor();
    expect(await colleague.locator('.turn').count()).toBeGreaterThanOrEqual(7);
    // the dashboard is listed for the colleague too
    await colleague.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboards' }).click();
    await colleague.locator('.dashboard-item', { hasText: 'Daily review (shared)' }).waitFor();
    expect(await colleague.locator('.dashboard-item').textContent()).toMatch(/2 tiles/);
    await colleagueContext.close();
  }, 120_000);

  it('threads: renamed, found by search, listed by last activity, deleted', async () => {
    // a second thread, then activity in the first brings the first back on top
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ask', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Ask a question' }).waitFor();
    await page.locator('#question:focus').waitFor();
    await page.keyboard.type('average discount by ship mode in 1995');
    await page.keyboard.press('Enter');
    await waitDone(0);
    const secondHash = new URL(page.url()).hash;
    await page.goto(`${base}/${threadHash}`);
    await waitDone(6);
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Thread name').fill('Order priorities');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('heading', { level: 2, name: 'Order priorities' }).waitFor();
    // edit a question and ask it again
    await turn(0).getByRole('button', { name: 'Edit question' }).click();
    expect(await page.getByLabel('Follow-up question').inputValue()).toBe('How many orders per order priority in 1996 in Europe?');
    await page.getByLabel('Follow-up question').fill('How many orders per order priority in 1996 in Asia?');
    await page.getByLabel('Follow-up question').press('Enter');
    await waitDone(7);
    expect(await turn(7).locator('.reading-chip[data-kind=filter]').textContent()).toMatch(/Region: ASIA/);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
    await page.locator('.thread-item').first().waitFor();
    expect(await page.locator('.thread-item a').allTextContents()).toEqual(['Order priorities', 'average discount by ship mode in 1995']);
    await page.getByLabel('Search your threads').fill('ship mode');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.locator('.thread-item').count()).toBe(1);
    await shots('history', (p) => p.locator('.thread-item').first().waitFor());
    await page.getByRole('button', { name: 'Delete thread average discount by ship mode in 1995' }).click();
    await page.getByText('No thread matches "ship mode".').waitFor();
    expect(await s.runtime.store.sessions.get(secondHash.replace('#/t/', ''))).toBeUndefined();
  }, 120_000);

  it('a single value is a big number, with its change when the question compares periods', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Ask', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Ask a question' }).waitFor();
    await page.locator('#question:focus').waitFor();
    await page.keyboard.type('revenue in 1997 compared with 1996');
    await page.keyboard.press('Enter');
    await waitDone(0);
    expect(await turn(0).locator('.result-view').getAttribute('data-view')).toBe('number');
    expect(await turn(0).getByRole('radio').allTextContents()).toEqual(['Number', 'Table']);
    expect(await turn(0).locator('.big-number .value').textContent()).toBe('$296.19M');
    expect(await turn(0).locator('.big-number .comparison').textContent()).toMatch(
      /^▲ \+\d+\.\d% vs 1996 \(\$[\d.]+M\)$|^▼ -\d+\.\d% vs 1996 \(\$[\d.]+M\)$/,
    );
    await shots('big-number', (p) => p.locator('.big-number').waitFor());
  }, 60_000);

  it('a refusal that has a closest reading offers it as chips to confirm in one click', async () => {
    await page.getByLabel('Follow-up question').fill('orders by market segment in 1996 with happy clerks');
    await page.getByLabel('Follow-up question').press('Enter');
    const refused = turn(1);
    await refused.and(page.locator(':not([data-status=processing])')).waitFor({ timeout: 30_000 });
    const closest = refused.locator('.closest');
    // the words it did not understand left out, the rest reads whole: offered in answer_explanation.closest_reading
    expect(await refused.getAttribute('data-status')).toBe('out_of_scope');
    expect(await closest.count()).toBe(1);
    expect(await closest.locator('.reading-chip').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/Metric\s*Orders/), expect.stringMatching(/Grouping\s*By market segment/)]),
    );
    expect(await closest.locator('.chip-remove').count()).toBe(0);
    await closest.getByRole('button', { name: 'Ask this instead' }).click();
    await waitDone(2);
    expect(await turn(2).locator('tbody tr').count()).toBe(5);
  }, 60_000);

  it('bars grouped by two categories can swap their axes', async () => {
    await page.getByLabel('Follow-up question').fill('revenue by region and market segment in 1997');
    await page.getByLabel('Follow-up question').press('Enter');
    // the thread's fourth turn, named by position: `.last()` can still be the previous answer's turn
    const t = turn(3);
    await t.and(page.locator('[data-status=done]')).waitFor({ timeout: 30_000 });
    await t.locator('.chart svg .mark-rect path').first().waitFor({ timeout: 20_000 });
    const axisTitles = () => t.locator('.chart svg .role-axis-title text').allTextContents();
    const legend = () => t.locator('.chart svg .role-legend-title text').allTextContents();
    expect(await axisTitles()).toContain('Region');
    expect(await legend()).toEqual(['Market segment']);
    await t.getByRole('button', { name: 'Swap axes' }).click();
    await expect.poll(legend).toEqual(['Region']);
    expect(await axisTitles()).toContain('Market segment');
    expect(await t.locator('.chart svg .mark-rect path').count()).toBe(25);
  }, 60_000);

  it('research: past runs listed with status and date; report charts drawn when the report has them', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Research' }).click();
    await page.getByLabel('Research question').fill('Why did revenue change in 1995 compared with 1994?');
    await page.getByLabel('Rounds').fill('1');
    await page.getByLabel('Queries').fill('4');
    await page.getByLabel('Minutes').fill('2');
    await page.getByRole('button', { name: 'Start research' }).click();
    const view = page.locator('section.research');
    await view.waitFor();
    await expect.poll(() => view.getAttribute('data-status'), { timeout: 90_000 }).not.toBe('processing');
    const charts = await page.evaluate(async (id) => {
      const me = await (await fetch('/ui/api/me')).json();
      void me;
      return ((await (await fetch(`/ui/api/inquiries/${id}`)).json()).charts ?? []).length as number;
    }, new URL(page.url()).hash.split('/')[2]);
    if (charts > 0) {
      await page.locator('.report-chart .chart svg').first().waitFor({ timeout: 20_000 });
      expect(await page.locator('.report-chart').count()).toBe(charts);
    }
    await page.getByRole('link', { name: 'Start another research' }).click();
    const past = page.locator('.research-item');
    await past.first().waitFor();
    const pastText = (await past.first().innerText()).replace(/\s+/g, ' ');
    expect(pastText).toMatch(
      /^Why did revenue change in 1995 compared with 1994\? (done|no data|failed|stopped|timeout|out of scope) · \w{3} \d+, \d{4}/,
    );
    await shots('research', (p) => p.locator('.research-item').first().waitFor());
  }, 150_000);

  it('at 390 px no page is wider than the screen; dark mode follows the system; the focus ring is visible', async () => {
    const narrow = await context.newPage();
    watch(narrow);
    await narrow.setViewportSize({ width: 390, height: 844 });
    for (const route of [
      '#/ask',
      threadHash,
      '#/history',
      '#/dashboards',
      dashboardHash,
      '#/research',
      '#/reports',
      '#/settings/keys',
      '#/settings/semantic',
    ]) {
      await narrow.goto(`${base}/${route}`);
      await narrow.locator('main h2').first().waitFor();
      await narrow.waitForTimeout(route === threadHash || route === dashboardHash ? 1500 : 200);
      // the widest elements, named in the failure message
      const wide = await narrow.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((e) => e.getBoundingClientRect().right > 391)
          .slice(0, 3)
          .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
      );
      expect(await narrow.evaluate(() => document.documentElement.scrollWidth), `${route}: ${wide.join('; ')}`).toBeLessThanOrEqual(390);
    }
    await narrow.close();

    const dark = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      colorScheme: 'dark',
      storageState: await context.storageState(),
    });
    const darkPage = await dark.newPage();
    watch(darkPage);
    await darkPage.goto(`${base}/${threadHash}`);
    await darkPage.locator('.turn[data-status=done]').first().waitFor();
    const background = await darkPage.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r + g + b).toBeLessThan(150);
    await darkPage.locator('.chart svg').first().waitFor({ timeout: 20_000 });
    await saveScreenshot(darkPage, 'daily-dark-1280');
    await dark.close();

    await page.goto(`${base}/${threadHash}`);
    await page.locator('#question:focus').waitFor();
    await page.keyboard.press('Tab');
    const ring = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const style = getComputedStyle(el);
      return { tag: el.tagName, width: parseFloat(style.outlineWidth), style: style.outlineStyle };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(problems).toEqual([]);
  }, 90_000);
});

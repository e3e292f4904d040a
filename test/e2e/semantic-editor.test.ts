/**
 * Settings -> Semantic layer -> Edit the model, in Debian's Chromium on the bakery warehouse: a bad
 * choice (a date that holds no dates) is refused in words and saves nothing; a rename with synonyms
 * and a hidden dimension is saved as version 1 and the page lists the model without the hidden one;
 * going back to version 0 brings the dimension back (version 2).
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBakery } from '../helpers/bakery.js';
import { buildWeb, launchChromium } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { origin } from '../helpers/web.js';

const PASSWORD = 'bakery-admin-password';

describe('the model editor in the browser', () => {
  let s: TestServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    buildWeb();
    const bakery = await makeBakery();
    s = await startTestServer({
      dataDir: join(bakery.dir, 'data'),
      overrides: { warehouse: bakery.url, model: bakery.model, bootstrapPassword: PASSWORD },
    });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      // the refusal this test provokes on purpose is logged by the browser
      if (m.type() === 'error' && !/status of 422 /.test(m.text())) problems.push(`console: ${m.text()}`);
    });
    await page.goto(`${origin(s.base)}/`);
    await page.getByLabel('E-mail').fill('admin@localhost');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Ask a question' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Semantic layer', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Semantic layer' }).waitFor();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  /** The names in the page's list of dimensions (read whether the group is open or not). */
  const dimensionsListed = async () => {
    const list = page.locator('details', { has: page.locator('summary', { hasText: /^Dimensions \(\d+\)$/ }) }).locator('.semantic-list');
    await list.waitFor({ state: 'attached' });
    const text = (await list.textContent()) ?? '';
    expect(text).toMatch(/branch/);
    return text;
  };

  it('refuses a date that holds no dates, in words, and saves nothing', async () => {
    await page.getByRole('button', { name: 'Edit the model' }).click();
    await page.getByLabel('Default time dimension').selectOption('delivered_on');
    await page.getByRole('button', { name: 'Check and save' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /data check.*delivered_on.*no dates/ })
      .waitFor();
    expect(await page.locator('.model-version').textContent()).toBe('0');
    await page.getByLabel('Default time dimension').selectOption('baked_on');
  });

  it('renames with synonyms and hides a dimension: version 1, the list follows', async () => {
    await page.getByLabel('Item').selectOption('measure:takings');
    await page.getByLabel('Display name').fill('Turnover');
    await page.getByLabel('Synonyms (comma-separated)').fill('till receipts, gross take');
    await page.getByRole('button', { name: 'Check and save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 1.' }).waitFor();
    await page.getByLabel('Item').selectOption('dimension:till');
    await page.getByLabel(/^Hidden/).check();
    await page.getByRole('button', { name: 'Check and save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved as version 2.' }).waitFor();
    const edits = await (await page.request.get(`${origin(s.base)}/ui/api/semantic/edits`)).json();
    expect(edits.edits.items).toEqual([
      { kind: 'measure', name: 'takings', label: 'Turnover', synonyms: ['till receipts', 'gross take'] },
      { kind: 'dimension', name: 'till', hidden: true },
    ]);
    expect(await dimensionsListed()).not.toMatch(/till/);
  });

  it('goes back to the model file (version 0), saved as version 3', async () => {
    await page.getByText(/^Versions \(\d+\)$/).click();
    await page.getByRole('button', { name: 'Go back to version 0' }).click();
    await page.getByRole('status').filter({ hasText: 'Version 0 brought back as version 3.' }).waitFor();
    expect(await dimensionsListed()).toMatch(/till/);
    expect(problems).toEqual([]);
  });
});

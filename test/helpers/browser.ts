/**
 * Debian's Chromium driven by playwright-core (it cannot download a browser of its own here), and
 * the web app built the way `npm start` builds it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT } from './paths.js';

export const CHROMIUM = process.env.QUARRY_CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where the browser tests leave their screenshots. */
const SCREENSHOTS = join(REPO_ROOT, 'test/e2e/__screenshots__');

/**
 * A screenshot into test/e2e/__screenshots__/<name>.png, taken only when QUARRY_SCREENSHOTS=1
 * (`QUARRY_SCREENSHOTS=1 npx vitest run test/e2e` refreshes the committed ones). Screenshots assert
 * nothing; encoding full pages costs the suite CPU, and writing them leaves the checkout modified.
 */
export async function saveScreenshot(
  target: { screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown> },
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.QUARRY_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await target.screenshot({ path: join(SCREENSHOTS, `${name}.png`), ...options });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

/** Newest modification time of the files the web build reads (web/ without its output). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * `npm run build:web` (Vite), unless web/dist is newer than every source of it: the web app is built
 * once (by .ci/run before the tests, or by the first test that needs it), not once per test file.
 */
export function buildWeb(): void {
  const built = join(REPO_ROOT, 'web/dist/index.html');
  if (existsSync(built) && statSync(built).mtimeMs > newestSource(join(REPO_ROOT, 'web'))) return;
  execFileSync(
    process.execPath,
    [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', join(REPO_ROOT, 'web/vite.config.ts')],
    { cwd: REPO_ROOT, stdio: 'pipe' },
  );
}

/** Visible form controls without an accessible name (label, aria-label, aria-labelledby, text). */
export function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('input:not([type=hidden]), select, textarea, button, [role=button]')]
      .filter((el) => {
        if (el.offsetParent === null) return false;
        const labelledBy = el.getAttribute('aria-labelledby');
        const names = [
          el.getAttribute('aria-label'),
          labelledBy ? document.getElementById(labelledBy)?.textContent : null,
          'labels' in el ? [...((el as HTMLInputElement).labels ?? [])].map((l) => l.textContent).join(' ') : null,
          el.tagName === 'BUTTON' || el.getAttribute('role') === 'button' ? el.textContent : null,
          el.getAttribute('title'),
        ];
        return !names.some((n) => n && n.trim());
      })
      .map((el) => el.outerHTML.slice(0, 160)),
  );
}

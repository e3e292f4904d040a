/**
 * Debian's Chromium driven by playwright-core (it cannot download a browser of its own here), and
 * the web app built the way `npm start` builds it.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT } from './paths.js';

export const CHROMIUM = process.env.QUARRY_CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
}

/** `npm run build:web` (Vite, about a second). */
export function buildWeb(): void {
  execFileSync(process.execPath, [join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', join(REPO_ROOT, 'web/vite.config.ts')], { cwd: REPO_ROOT, stdio: 'pipe' });
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

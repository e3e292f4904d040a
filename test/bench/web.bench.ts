/**
 * The web app in Debian's Chromium on the demo warehouse, side by side: the first load of Ask on a
 * cold cache (a fresh browser context each time) against a warm one (same context, reloaded), from
 * navigation start to focus in the question box by the page's clock; and a question asked in words
 * against the same reading sent back as a structured query (submission to a finished answer).
 */
import { buildWeb, launchChromium } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { origin, signIn, webFetch } from '../helpers/web.js';

const PASSWORD = 'bench-web-password-horse';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const N = 7;

buildWeb();
const s = await startTestServer({
  overrides: { demoScale: 0.01, bootstrapPassword: PASSWORD, logLevel: 'silent', rateLimitMax: 1_000_000 },
});
const base = origin(s.base);
const browser = await launchChromium();
const signed = await browser.newContext();
const first = await signed.newPage();
await first.goto(`${base}/`);
await first.getByLabel('E-mail').fill('admin@localhost');
await first.getByLabel('Password').fill(PASSWORD);
await first.getByRole('button', { name: 'Sign in' }).click();
await first.getByRole('heading', { name: 'Ask a question' }).waitFor();
const state = await signed.storageState();

const focusMs = async (page: import('playwright-core').Page) =>
  Math.round(
    (await (
      await page.waitForFunction(() => (document.activeElement?.id === 'question' ? performance.now() : null), undefined, {
        polling: 'raf',
      })
    ).jsonValue()) as number,
  );

const cold: number[] = [];
for (let i = 0; i < N; i++) {
  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  await page.goto(`${base}/#/ask`);
  cold.push(await focusMs(page));
  await context.close();
}
const warm: number[] = [];
const warmPage = await signed.newPage();
await warmPage.goto(`${base}/#/ask`);
await focusMs(warmPage);
for (let i = 0; i < N; i++) {
  await warmPage.reload();
  warm.push(await focusMs(warmPage));
}
await browser.close();

// words vs structured query: submission to a finished answer, over the web routes
const web = await signIn(s.base, 'admin@localhost', PASSWORD);
const thread = (await (await webFetch(s.base, '/threads', { method: 'POST', session: web })).json()).session_id;
const finished = async (path: string, json: unknown) => {
  const t = performance.now();
  const { inquiry_id } = await (await webFetch(s.base, path, { method: 'POST', session: web, json })).json();
  await s.runtime.inquiries.waitForTerminal(inquiry_id, 30_000, 5);
  return { ms: performance.now() - t, inquiry_id };
};
const asked = await finished(`/threads/${thread}/inquiries`, { query: 'orders by ship mode in 1996' });
const reading = (await (await webFetch(s.base, `/inquiries/${asked.inquiry_id}`, { session: web })).json()).semantic_query;
const words: number[] = [];
const structured: number[] = [];
for (let i = 0; i < N; i++) {
  words.push((await finished(`/threads/${thread}/inquiries`, { query: 'orders by ship mode in 1996' })).ms);
  structured.push((await finished(`/threads/${thread}/inquiries/structured`, { semantic_query: reading })).ms);
}
await s.close();

console.log(
  `first load of Ask (navigation start to focus in the question box): cold cache median ${median(cold)} ms [${cold.join(', ')}], warm median ${median(warm)} ms [${warm.join(', ')}], ratio ${(median(cold) / median(warm)).toFixed(2)} (n=${N} each)`,
);
console.log(
  `question to finished answer: in words median ${median(words).toFixed(1)} ms, as a structured query median ${median(structured).toFixed(1)} ms, ratio ${(median(words) / median(structured)).toFixed(2)} (n=${N} each)`,
);

/**
 * The web app's build: Preact (JSX through Vite's own transform, no plugin), Pico CSS, and
 * vega-embed loaded on demand (its own chunk). Output: web/dist, served by Fastify at `/`.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  publicDir: 'public',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The chart chunk (Vega) is big by nature; it loads only when a chart is shown.
    chunkSizeWarningLimit: 2000,
    reportCompressedSize: false,
  },
});

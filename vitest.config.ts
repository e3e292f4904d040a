import { defineConfig } from 'vitest/config';

// Servers under test run DuckDB statements on libuv's pool, which is sized at process start:
// the forked test workers inherit this, as `npm start` sets it for a server.
process.env.UV_THREADPOOL_SIZE ??= '16';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

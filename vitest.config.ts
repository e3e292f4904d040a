import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './test/setup/sequencer.js';

// Servers under test run DuckDB statements on libuv's pool, which is sized at process start:
// the forked test workers inherit this, as `npm start` sets it for a server.
process.env.UV_THREADPOOL_SIZE ??= '16';

/**
 * Files that share no process-wide state (no nock, no vi mocks, no env changes, no servers): they
 * run in the `unit` project without isolation, so a worker loads the modules and the TPC-H
 * fixture once for all of them instead of once per file.
 */
const UNIT = [
  'test/nlq/*.test.ts',
  'test/answer/**/*.test.ts',
  'test/eval/**/*.test.ts',
  'test/config.test.ts',
  'test/semantic/{as-of,catalogue,loader}.test.ts',
  'test/semantic/import/{cortex,cube,dbt,sql}.test.ts',
  'test/warehouse/bootstrap-{members,names,rules,verbs,vocabulary}.test.ts',
];

const common = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  setupFiles: ['test/setup/fast-check-seed.ts'],
};

export default defineConfig({
  test: {
    // One PostgreSQL and one MariaDB per run, started on first use (test/helpers/shared-servers.ts).
    // and quarry's CLI prebuilt for the tests' child processes (test/setup/quarry-build.ts).
    globalSetup: ['test/setup/servers.ts', 'test/setup/quarry-build.ts'],
    // Files wait on servers, child processes and the browser as much as on the CPU: a third worker
    // keeps 2 cores busy. QUARRY_TEST_WORKERS overrides it (e.g. 1 to debug).
    maxWorkers: Number(process.env.QUARRY_TEST_WORKERS ?? 3),
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        test: {
          ...common,
          name: 'isolated',
          include: ['test/**/*.test.ts'],
          exclude: ['test/bench/**', 'node_modules/**', ...UNIT],
        },
      },
      {
        test: {
          ...common,
          name: 'unit',
          include: UNIT,
          isolate: false,
        },
      },
    ],
  },
});

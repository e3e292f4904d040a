import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './test/setup/sequencer.js';

// Servers under test run DuckDB statements on libuv's pool, which is sized at process start:
// the forked test workers inherit this, as `npm start` sets it for a server.
process.env.UV_THREADPOOL_SIZE ??= '16';

/**
 * Files that change process-wide state (nock intercepts the LLM's HTTP endpoint in-process) run
 * in the `isolated` project, each with fresh modules. Every other file shares its worker's loaded
 * modules with the files before it (`isolate: false`): the app's module graph (LangGraph, DuckDB,
 * the SQL guard's grammar) is loaded once per worker instead of once per file, about 1.5 s each.
 * Such a file must not mock modules, stub globals or leave environment changes behind.
 */
const ISOLATED = [
  'test/api/llm-server.test.ts',
  'test/graphs/agent-llm.test.ts',
  'test/graphs/research-llm.test.ts',
  'test/graphs/research-llm-reflect-write.test.ts',
  'test/nlq/llm/*.test.ts',
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
          include: ISOLATED,
        },
      },
      {
        test: {
          ...common,
          name: 'shared-modules',
          include: ['test/**/*.test.ts'],
          exclude: ['test/bench/**', 'node_modules/**', ...ISOLATED],
          isolate: false,
        },
      },
    ],
  },
});

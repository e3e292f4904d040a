import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './test/setup/sequencer.js';

// Servers under test run DuckDB statements on libuv's pool, which is sized at process start:
// the forked test workers inherit this, as `npm start` sets it for a server.
process.env.UV_THREADPOOL_SIZE ??= '16';

/**
 * Files whose LLM endpoint is nock's (it patches Node's HTTP client for the whole process) run in
 * the `llm` project, apart from every other file, so no other file's real HTTP passes through
 * nock. Within each project a worker's loaded modules are shared by the files it runs
 * (`isolate: false`): the app's module graph (LangGraph, DuckDB, the SQL guard's grammar, the
 * tokenizer) is loaded once per worker instead of once per file, about 1.5 s each. Such a file must
 * not mock modules, stub globals or leave environment changes behind; an LLM file ends its scripted
 * endpoint (test/helpers/llm.ts `done()`) so the next one starts with none.
 */
const LLM_FILES = [
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
          name: 'llm',
          include: LLM_FILES,
          isolate: false,
        },
      },
      {
        test: {
          ...common,
          name: 'shared-modules',
          include: ['test/**/*.test.ts'],
          exclude: ['test/bench/**', 'node_modules/**', ...LLM_FILES],
          isolate: false,
        },
      },
    ],
  },
});

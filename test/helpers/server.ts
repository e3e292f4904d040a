/**
 * Starts a real Quarry server on a free port with a temporary data dir, as `quarry serve` does
 * (through loadConfig), optionally with a scripted engine standing in for the agent graph.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig, type Config } from '../../src/config.js';
import type { InquiryEngine } from '../../src/inquiries/engine.js';
import type { Runtime } from '../../src/runtime.js';
import { serve } from '../../src/server.js';

export const TEST_KEY = 'test-key-0123456789abcdef0123456789abcdef';

export interface TestServer {
  base: string;
  key: string;
  dataDir: string;
  runtime: Runtime;
  close(): Promise<void>;
  /** fetch against /api with the key (unless headers override it). */
  api(path: string, init?: RequestInit & { key?: string | null; json?: unknown }): Promise<Response>;
}

export async function startTestServer(
  options: {
    engine?: InquiryEngine;
    overrides?: Partial<Record<keyof Config, unknown>>;
    dataDir?: string;
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'quarry-test-'));
  const config = loadConfig({
    env: {},
    file: join(dataDir, 'no-quarry.yaml'),
    overrides: {
      dataDir,
      port: 0,
      bootstrapKey: TEST_KEY,
      logLevel: 'info',
      shutdownGraceMs: 200,
      validateReplies: true,
      ...options.overrides,
    },
  });
  const logger = options.logStream ? pino({ level: 'info' }, options.logStream as pino.DestinationStream) : pino({ level: 'silent' });
  const engine = options.engine;
  const server = await serve(config, { logger, ...(engine ? { engine: async () => engine } : {}) });
  const base = `${server.url}/api`;
  return {
    base,
    key: TEST_KEY,
    dataDir,
    runtime: server.runtime,
    close: server.close,
    api(path, init = {}) {
      const headers = new Headers(init.headers);
      const key = init.key === undefined ? TEST_KEY : init.key;
      if (key !== null && !headers.has('x-api-key')) headers.set('x-api-key', key);
      let body = init.body;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        headers.set('content-type', 'application/json');
      }
      return fetch(base + path, { ...init, headers, body });
    },
  };
}

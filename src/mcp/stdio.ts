/**
 * `quarry mcp`: the tool interface over stdio. The process runs the whole service in-process
 * (sharing the data directory with `quarry serve` is safe, see the design notes); stdout carries
 * only the protocol, so logs go to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import pino from 'pino';
import { bootstrapDefaultAccount } from '../auth/bootstrap.js';
import type { Config } from '../config.js';
import { createLogger } from '../logger.js';
import { createRuntime, type RuntimeOptions } from '../runtime.js';
import { StdioAuth, credentialsPath } from './auth.js';
import { createMcpServer } from './server.js';

export async function runStdio(config: Config, options: RuntimeOptions = {}): Promise<{ close: () => Promise<void> }> {
  const log = options.logger ?? createLogger(config.logLevel, pino.destination(2));
  const runtime = await createRuntime(config, { ...options, logger: log });
  const boot = await bootstrapDefaultAccount(runtime.store, runtime.keys, config.dataDir, config.bootstrapKey);
  if (boot.created) process.stderr.write(`Quarry created the default account; its API key was written to ${boot.keyFile} (mode 0600).\n`);
  const auth = new StdioAuth(runtime.keys, config.apiKey, credentialsPath(config));
  const server = createMcpServer(runtime, auth, 'stdio');
  const transport = new StdioServerTransport();
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await server.close().catch(() => undefined);
      await runtime.close();
    })());
  transport.onclose = () => void close();
  await server.connect(transport);
  log.info({ transport: 'stdio' }, 'tool interface ready');
  return { close };
}

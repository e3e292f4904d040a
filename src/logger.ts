/**
 * Structured logs (pino). Secrets never reach a log line: API keys and bearer tokens are redacted
 * wherever they appear in request headers, and result rows are never logged by callers.
 */
import pino, { type Logger, type LoggerOptions } from 'pino';

export const REDACT_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'headers["x-api-key"]',
  'headers.authorization',
  'apiKey',
  'key',
  'llmApiKey',
];

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { service: 'quarry' },
  };
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}
export type { Logger };

/**
 * Tool errors: mistakes the caller can fix come back as `isError` results whose text says what
 * went wrong and what to do next. Protocol faults (unknown tool, arguments that fail the input
 * schema) stay with the SDK.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AuthError } from '../auth/keys.js';
import { AccountWarehouseError, RequestValidationError } from '../inquiries/engine.js';
import { ServiceError } from '../inquiries/errors.js';
import { QueueFullError } from '../jobs/embedded-queue.js';
import { SqlRefusedError, WarehouseError, WarehouseTimeoutError } from '../warehouse/errors.js';

export type ToolErrorCode =
  | 'not_authenticated'
  | 'not_found'
  | 'forbidden'
  | 'invalid_argument'
  | 'not_finished'
  | 'sql_refused'
  | 'sql_failed'
  | 'unavailable'
  | 'busy'
  | 'failed';

export class ToolError extends Error {
  constructor(
    readonly code: ToolErrorCode,
    message: string,
    readonly hint: string,
  ) {
    super(message);
  }
}

export const notAuthenticated = (message: string, hint: string) => new ToolError('not_authenticated', message, hint);

/** Maps what the services throw to a tool error; anything unexpected becomes a generic failure (logged by the caller). */
export function toToolError(err: unknown): ToolError | null {
  if (err instanceof ToolError) return err;
  if (err instanceof AuthError)
    return notAuthenticated(err.message, 'Check the API key this client presents; create one with `quarry keys create --name <name>`.');
  if (err instanceof RequestValidationError && err.message.startsWith('semantic_query')) {
    return new ToolError(
      'invalid_argument',
      err.message,
      'Fix semantic_query: use the names listed in the message (get_semantic_layer_summary lists every metric and dimension), or take the semantic_query of an earlier answer and change it.',
    );
  }
  if (err instanceof RequestValidationError) {
    return new ToolError(
      'invalid_argument',
      err.message,
      'Fix the dimensions argument: call get_semantic_layer_summary or search_semantic_layer to see dimension names and their values, or leave dimensions out.',
    );
  }
  if (err instanceof AccountWarehouseError)
    return new ToolError('unavailable', err.message, "Ask the operator to configure this account's warehouse.");
  if (err instanceof QueueFullError)
    return new ToolError('busy', err.message, `The server is busy; call again in ${err.retryAfterSeconds} s.`);
  if (err instanceof ServiceError) {
    if (err.statusCode === 404) {
      return new ToolError(
        'not_found',
        err.message,
        'Use an id returned by create_a_thread, ask_a_question, ask_questions or get_recent_threads, exactly as given.',
      );
    }
    if (err.statusCode === 403) {
      return new ToolError(
        'forbidden',
        err.message,
        'This API key cannot see it: use your own threads and inquiries (get_recent_threads lists them), or log in with the key of the account that owns it.',
      );
    }
    if (err.statusCode === 429)
      return new ToolError(
        'busy',
        err.message,
        `Wait for some inquiries to finish (wait_for_completion), then call again${err.retryAfterSeconds ? ` in about ${err.retryAfterSeconds} s` : ''}.`,
      );
    if (err.statusCode === 503) return new ToolError('unavailable', err.message, 'Call again shortly.');
    return new ToolError('failed', err.message, 'Call again; if it keeps failing, ask the operator to check the server log.');
  }
  if (err instanceof SqlRefusedError) {
    return new ToolError(
      'sql_refused',
      err.message,
      'run_sql_query runs exactly one read-only SELECT (or WITH ... SELECT) over the warehouse tables: no writes, DDL, settings or file access. Rewrite it as one SELECT, or ask the question in words with ask_a_single_question.',
    );
  }
  if (err instanceof WarehouseTimeoutError) {
    return new ToolError(
      'sql_failed',
      err.message,
      "Narrow the query (filters, aggregation, LIMIT) or pass a larger timeout (seconds, up to the server's limit).",
    );
  }
  if (err instanceof WarehouseError) {
    return new ToolError(
      'sql_failed',
      `The warehouse rejected the query: ${err.message}`,
      "Check table and column names (get_semantic_layer_entity shows an entity's columns) and the SQL dialect, then call again.",
    );
  }
  return null;
}

export function errorResult(err: ToolError): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `${err.message}\nWhat to do: ${err.hint}` }] };
}

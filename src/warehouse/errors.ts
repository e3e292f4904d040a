/**
 * Errors of the warehouse layer. Each carries a stable `code` so the API and tools can map them
 * to a status and a user-facing message without string matching.
 */

export class WarehouseError extends Error {
  readonly code: string = 'warehouse_error';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A time limit as people read it: "1.5 s", "0.1 s", "30 s" (never "0 s" for a sub-second limit). */
export function secondsText(ms: number): string {
  const seconds = ms / 1000;
  if (seconds >= 10) return `${Math.round(seconds)} s`;
  return `${Number(seconds.toPrecision(2))} s`;
}

/** The sentence for a statement cancelled at its time limit; one wording for questions and research. */
export function queryTimeoutText(ms: number): string {
  return `The query took longer than ${secondsText(ms)} and was cancelled.`;
}

/** The statement ran longer than its time budget and was cancelled in the engine. */
export class WarehouseTimeoutError extends WarehouseError {
  override readonly code = 'warehouse_timeout';
  constructor(readonly timeoutMs: number) {
    super(queryTimeoutText(timeoutMs));
  }
}

/** The caller aborted (AbortSignal); the statement was cancelled in the engine. */
export class WarehouseCancelledError extends WarehouseError {
  override readonly code = 'warehouse_cancelled';
  constructor() {
    super('The query was cancelled.');
  }
}

/** The engine rejected or failed the statement (syntax, unknown column, permission...). */
export class WarehouseQueryError extends WarehouseError {
  override readonly code = 'warehouse_query_error';
}

/** The warehouse could not be opened or reached. */
export class WarehouseConnectionError extends WarehouseError {
  override readonly code = 'warehouse_unavailable';
}

/** The read-only guard refused the SQL before it reached the engine. */
export class SqlRefusedError extends WarehouseError {
  override readonly code = 'sql_refused';
  constructor(readonly reason: string) {
    super(`Query refused: ${reason}`);
  }
}

/**
 * Removes server file paths from an engine message before it reaches a caller (an error can name
 * the extension folder, the temp directory or a data file): each absolute path becomes `<path>`.
 */
export function redactPaths(message: string): string {
  return message.replace(/(?<![\w.)\]])(?:[A-Za-z]:)?[\\/](?:[^\s"'`,;()[\]]+[\\/])+[^\s"'`,;()[\]]*/g, '<path>');
}

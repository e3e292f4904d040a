import { z } from 'zod';
import { runGuarded } from '../../warehouse/index.js';
import { WarehouseTimeoutError } from '../../warehouse/errors.js';
import { SqlColumnSchema } from '../schemas.js';
import { WarehouseInfoSchema } from '../../schemas/warehouse.js';
import { tablePreview } from '../render.js';
import { ToolError } from '../errors.js';
import { defineTool, rendered, resourcesOf } from '../tool.js';

/** The schema's absolute bound; the server's own cap (QUARRY_SQL_TIMEOUT_MAX_S) is checked per call. */
const TIMEOUT_BOUND_S = 3600;
/** §8: run_sql_query timeout default 30 s (or the server's cap, when lower). */
const DEFAULT_TIMEOUT_S = 30;

export const runSqlQuery = defineTool({
  name: 'run_sql_query',
  title: 'Run read-only SQL',
  description:
    "Runs one read-only SELECT (or WITH ... SELECT) directly against this account's warehouse (named in `warehouse`), for what questions in words cannot express. Needs the schema: " +
    "get_semantic_layer_entity shows an entity's columns. Writes, DDL, settings, file access and server introspection are refused (the same guard as every query). " +
    'Returns columns (name, type), rows (objects keyed by column), row_count, truncated (true when more rows than max_results existed, or the result passed the size limit) and elapsed_ms. ' +
    "timeout in seconds (default 30, at most the server's limit, 60 unless configured); max_results (default 1000, at most 10000).",
  input: {
    query: z.string().trim().min(1).max(100_000).describe("One SELECT statement in the warehouse's SQL dialect"),
    timeout: z
      .number()
      .int()
      .min(1)
      .max(TIMEOUT_BOUND_S)
      .optional()
      .describe("Seconds before the query is cancelled (default 30; at most the server's limit, 60 unless configured)"),
    max_results: z.number().int().min(1).max(10_000).default(1000).describe('Most rows returned (default 1000)'),
  },
  output: {
    columns: z.array(SqlColumnSchema),
    rows: z.array(z.record(z.string(), z.unknown())),
    row_count: z.number().int(),
    truncated: z.boolean(),
    elapsed_ms: z.number(),
    warehouse: WarehouseInfoSchema,
  },
  readOnly: true,
  idempotent: true,
  async run(call) {
    const { args, ctx, extra, principal } = call;
    const { warehouse, info } = await resourcesOf(call);
    const cap = ctx.runtime.config.sqlTimeoutMaxS;
    const timeout = args.timeout ?? Math.min(DEFAULT_TIMEOUT_S, cap);
    // A cap per call keeps one account's long statements from holding the warehouse's connections.
    if (timeout > cap) {
      throw new ToolError(
        'invalid_argument',
        `timeout: at most ${cap} seconds on this server (got ${timeout}).`,
        `Pass a timeout between 1 and ${cap}, or narrow the query (filters, aggregation, LIMIT).`,
      );
    }
    let r;
    try {
      r = await runGuarded(warehouse, args.query, {
        timeoutMs: timeout * 1000,
        maxRows: args.max_results,
        maxBytes: ctx.runtime.config.maxResultBytes,
        signal: extra.signal,
        account: principal.accountId,
      });
    } catch (err) {
      if (err instanceof WarehouseTimeoutError) {
        throw new ToolError(
          'sql_failed',
          err.message,
          `Narrow the query (filters, aggregation, LIMIT)${timeout < cap ? ` or pass a larger timeout (seconds, at most ${cap})` : ''}.`,
        );
      }
      throw err;
    }
    const structured = {
      columns: r.columns.map((c) => ({ name: c.name, type: c.type })),
      rows: r.rows,
      row_count: r.rowCount,
      truncated: r.truncated,
      elapsed_ms: Math.round(r.elapsedMs),
      warehouse: info,
    };
    const cut =
      r.truncatedBy === 'bytes'
        ? ` (truncated: the result passed the size limit of ${ctx.runtime.config.maxResultBytes} bytes)`
        : r.truncated
          ? ` (truncated at ${args.max_results})`
          : '';
    return {
      structured,
      text: rendered(
        `${r.rowCount} rows${cut} in ${structured.elapsed_ms} ms on warehouse ${info.name}\n${tablePreview(r.rows)}`,
        structured,
      ),
    };
  },
});

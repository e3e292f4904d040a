import { z } from 'zod';
import { runGuarded } from '../../warehouse/index.js';
import { SqlColumnSchema } from '../schemas.js';
import { tablePreview } from '../render.js';
import { defineTool, rendered, resourcesOf } from '../tool.js';

export const runSqlQuery = defineTool({
  name: 'run_sql_query',
  title: 'Run read-only SQL',
  description:
    'Runs one read-only SELECT (or WITH ... SELECT) directly against the warehouse, for what questions in words cannot express. Needs the schema: ' +
    'get_semantic_layer_entity shows an entity\'s columns. Writes, DDL, settings and file access are refused (the same guard as every query). ' +
    'Returns columns (name, type), rows (objects keyed by column), row_count, truncated (true when more rows than max_results existed) and elapsed_ms. ' +
    'timeout in seconds (default 30, at most 300); max_results (default 1000, at most 10000).',
  input: {
    query: z.string().trim().min(1).max(100_000).describe('One SELECT statement in the warehouse\'s SQL dialect'),
    timeout: z.number().int().min(1).max(300).default(30).describe('Seconds before the query is cancelled (default 30)'),
    max_results: z.number().int().min(1).max(10_000).default(1000).describe('Most rows returned (default 1000)'),
  },
  output: {
    columns: z.array(SqlColumnSchema),
    rows: z.array(z.record(z.string(), z.unknown())),
    row_count: z.number().int(),
    truncated: z.boolean(),
    elapsed_ms: z.number(),
  },
  readOnly: true,
  idempotent: true,
  async run({ args, ctx, extra }) {
    const { warehouse } = resourcesOf(ctx);
    const r = await runGuarded(warehouse, args.query, { timeoutMs: args.timeout * 1000, maxRows: args.max_results, signal: extra.signal });
    const structured = {
      columns: r.columns.map((c) => ({ name: c.name, type: c.type })),
      rows: r.rows,
      row_count: r.rowCount,
      truncated: r.truncated,
      elapsed_ms: Math.round(r.elapsedMs),
    };
    return { structured, text: rendered(`${r.rowCount} rows${r.truncated ? ` (truncated at ${args.max_results})` : ''} in ${structured.elapsed_ms} ms\n${tablePreview(r.rows)}`, structured) };
  },
});

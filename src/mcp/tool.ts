/**
 * The shape every tool file exports, and its registration on an McpServer: zod input and output
 * schemas, annotations, structuredContent plus a text rendering, fixable mistakes as isError
 * results with a hint.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ShapeOutput, ZodRawShapeCompat } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { CallToolResult, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Principal } from '../auth/keys.js';
import type { EngineResources } from '../inquiries/engine.js';
import type { Runtime } from '../runtime.js';
import type { McpAuth } from './auth.js';
import { ToolError, errorResult, toToolError } from './errors.js';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * What an MCP session remembers between calls: in memory over stdio (one process, one session);
 * in the store over HTTP, so any API process can serve the next call of the session.
 */
export interface SessionMemory {
  /** Records an analysis plan (data_collection_strategy) once per session. */
  recordPlan(plan: string): Promise<void>;
}

export interface ToolContext {
  runtime: Runtime;
  auth: McpAuth;
  transport: 'stdio' | 'http';
  session: SessionMemory;
}

export interface ToolCall<I extends z.ZodRawShape> {
  args: ShapeOutput<I>;
  ctx: ToolContext;
  extra: ToolExtra;
  /** The authenticated caller (every tool but logout needs one). */
  principal: Principal;
}

export interface ToolDefinition<I extends z.ZodRawShape, O extends z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  readOnly: boolean;
  idempotent: boolean;
  /** logout runs without a principal. */
  needsAuth?: boolean;
  run(call: ToolCall<I>): Promise<{ structured: z.infer<z.ZodObject<O>>; text: string }>;
}

export function defineTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(def: ToolDefinition<I, O>): ToolDefinition<I, O> {
  return def;
}

/**
 * The semantic layer and warehouse of the caller's account (never another account's), or a tool
 * error when this server's engine has none or the account's warehouse cannot be used.
 */
export async function resourcesOf(call: { ctx: ToolContext; principal: Principal }): Promise<EngineResources> {
  const { ctx } = call;
  if (!ctx.runtime.engine.resources) {
    throw new ToolError(
      'unavailable',
      'The semantic layer and warehouse are not available on this server (its question engine did not start).',
      'Ask the operator to check the server log and the QUARRY_WAREHOUSE / QUARRY_MODEL settings.',
    );
  }
  return ctx.runtime.engine.resources(call.principal.accountId);
}

/**
 * One zod object per tool and process, not per server: over HTTP every request builds a server,
 * and zod compiles an object's parser on its first use (fresh objects per request: a tool call's
 * median 24 ms instead of 19 ms, `npm run bench mcp-http`).
 */
const objectSchemas = new WeakMap<object, { input: z.ZodObject; output: z.ZodObject }>();
function schemasOf(def: ToolDefinition<z.ZodRawShape, z.ZodRawShape>): { input: z.ZodObject; output: z.ZodObject } {
  let schemas = objectSchemas.get(def);
  if (!schemas) objectSchemas.set(def, (schemas = { input: z.object(def.input), output: z.object(def.output) }));
  return schemas;
}

export function registerTool<I extends z.ZodRawShape, O extends z.ZodRawShape>(
  server: McpServer,
  ctx: ToolContext,
  def: ToolDefinition<I, O>,
): void {
  const { input, output } = schemasOf(def as unknown as ToolDefinition<z.ZodRawShape, z.ZodRawShape>);
  // The SDK has validated `raw` against def.input before calling; its generic typing cannot follow I here.
  const handler = async (raw: ShapeOutput<ZodRawShapeCompat>, extra: ToolExtra): Promise<CallToolResult> => {
    try {
      const args = raw as ShapeOutput<I>;
      const principal = def.needsAuth === false ? null : await ctx.auth.principal();
      const call: ToolCall<I> = {
        args,
        ctx,
        extra,
        get principal(): Principal {
          if (!principal) throw new Error(`${def.name} runs without authentication and cannot ask for the caller`);
          return principal;
        },
      };
      const { structured, text } = await def.run(call);
      // The published output schema is strict (no extra properties): send exactly its fields.
      const exact = output.safeParse(structured);
      if (!exact.success) {
        ctx.runtime.log.error(
          { tool: def.name, issues: exact.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) },
          'tool result does not match its output schema',
        );
        throw new Error('output schema mismatch');
      }
      return { structuredContent: exact.data as Record<string, unknown>, content: [{ type: 'text', text }] };
    } catch (err) {
      const known = toToolError(err);
      if (known) return errorResult(known);
      ctx.runtime.log.error({ err, tool: def.name }, 'tool failed unexpectedly');
      return errorResult(
        new ToolError(
          'failed',
          `${def.name} failed unexpectedly; the error was logged.`,
          'Call again; if it keeps failing, ask the operator to check the server log.',
        ),
      );
    }
  };
  server.registerTool<z.ZodObject, z.ZodObject>(
    def.name,
    {
      title: def.title,
      description: def.description,
      inputSchema: input,
      outputSchema: output,
      annotations: {
        title: def.title,
        readOnlyHint: def.readOnly,
        idempotentHint: def.idempotent,
        destructiveHint: false,
        openWorldHint: false,
      },
    },
    handler,
  );
}

/** Text rendering: a readable summary, then the structured result as JSON for clients that only read text. */
export function rendered(summary: string, structured: unknown): string {
  return `${summary}\n\n${JSON.stringify(structured)}`;
}

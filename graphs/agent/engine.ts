/**
 * The agent graph as the inquiry engine of a Quarry process: opens the warehouse (building the
 * demo database on first start when none is configured), loads the semantic layer and runs one
 * graph invocation per inquiry with a SQLite checkpointer (thread_id = inquiry id).
 */
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';
import { warehouseUrl, type Config } from '../../src/config.js';
import { RequestValidationError, type InquiryEngine, type InquiryJob, type RunContext } from '../../src/inquiries/engine.js';
import { DimensionValidationError, resolveRequestDimensions } from '../../src/nlq/dimensions.js';
import { DEFAULT_MODEL_PATH } from '../../src/semantic/loader.js';
import { loadSemanticLayer, type SemanticLayer } from '../../src/semantic/values.js';
import { ensureDemoWarehouse } from '../../src/warehouse/demo.js';
import { openWarehouse, redactUrl } from '../../src/warehouse/index.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import type { AgentConfiguration } from './configuration.js';
import { buildAgentGraph, type AgentGraph } from './graph.js';
import { valueMap } from './nodes/shared.js';

export interface AgentEngine extends InquiryEngine {
  layer: SemanticLayer;
  warehouse: Warehouse;
  graph: AgentGraph;
}

/** Opens the configured warehouse; the default demo database is built on first use. */
export async function openConfiguredWarehouse(config: Config, log: Logger): Promise<Warehouse> {
  if (!config.warehouse) {
    const path = resolve(config.dataDir, 'demo.duckdb');
    const started = Date.now();
    await ensureDemoWarehouse(path, { scale: config.demoScale });
    log.info({ path, ms: Date.now() - started }, 'demo warehouse ready');
  }
  const url = warehouseUrl(config);
  log.info({ warehouse: redactUrl(url) }, 'opening warehouse');
  return openWarehouse(url);
}

export async function createAgentEngine(config: Config, log: Logger): Promise<AgentEngine> {
  const warehouse = await openConfiguredWarehouse(config, log);
  let layer: SemanticLayer;
  try {
    layer = await loadSemanticLayer(config.model ?? DEFAULT_MODEL_PATH, warehouse);
  } catch (err) {
    await warehouse.close();
    throw err;
  }
  log.info({ model: layer.model.name, asOf: layer.asOf, metrics: layer.model.measures.length + layer.model.metrics.length }, 'semantic model loaded');
  const checkpointer = SqliteSaver.fromConnString(join(config.dataDir, 'checkpoints.sqlite'));
  const graph = buildAgentGraph(checkpointer);
  const configurable: AgentConfiguration = { layer, warehouse, queryTimeoutMs: config.queryTimeoutMs, maxRows: config.maxRows };

  return {
    layer,
    warehouse,
    graph,
    validateDimensions(dimensions) {
      try {
        resolveRequestDimensions(layer.model, valueMap(layer), dimensions);
      } catch (err) {
        if (err instanceof DimensionValidationError) throw new RequestValidationError(err.message);
        throw err;
      }
    },
    async run(job: InquiryJob, ctx: RunContext) {
      if (job.type !== 'agent') {
        return { status: 'failed', result: {}, error: `This server cannot run ${job.type} inquiries yet.` };
      }
      const final = await graph.invoke(
        { question: job.question, dimensions: job.dimensions, history: job.history },
        { configurable: { thread_id: job.id, ...configurable }, signal: ctx.signal },
      );
      const outcome = final.outcome;
      if (!outcome) return { status: 'failed', result: {}, error: 'The question could not be answered (no outcome).' };
      return { status: outcome.status, result: outcome.result, resolved: outcome.resolved, error: outcome.error };
    },
    async readiness() {
      const checks = [{ name: 'model', ok: true, detail: `${layer.model.name}, as of ${layer.asOf}` }];
      try {
        await warehouse.ping();
        return [...checks, { name: 'warehouse', ok: true }];
      } catch (err) {
        return [...checks, { name: 'warehouse', ok: false, detail: (err as Error).message }];
      }
    },
    resources: () => ({ layer, warehouse }),
    async close() {
      await warehouse.close();
    },
  };
}

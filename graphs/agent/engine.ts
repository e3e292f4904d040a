/**
 * The agent graph as the inquiry engine of a Quarry process: opens the warehouse (building the
 * demo database on first start when none is configured), loads the semantic layer and runs one
 * graph invocation per inquiry. Regular questions run without checkpoints: an interrupted one is
 * asked again from the start (its input is the question), so writing its state after every node
 * (result rows included) would cost the event loop and buy nothing. The durable checkpointer
 * (SQLite, or Postgres with QUARRY_STORE) serves the research graph, which does resume.
 */
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { StartupError, accountConnections, warehouseUrl, type Config } from '../../src/config.js';
import { RequestValidationError, type InquiryEngine, type InquiryJob, type RunContext } from '../../src/inquiries/engine.js';
import { DimensionValidationError, resolveRequestDimensions } from '../../src/nlq/dimensions.js';
import { DEFAULT_MODEL_PATH } from '../../src/semantic/loader.js';
import { loadSemanticLayer, type SemanticLayer } from '../../src/semantic/values.js';
import { ensureDemoWarehouse } from '../../src/warehouse/demo.js';
import { openWarehouse, redactUrl } from '../../src/warehouse/index.js';
import type { Warehouse } from '../../src/warehouse/types.js';
import { openCheckpoints, type Checkpoints } from '../checkpoints.js';
import type { AgentConfiguration } from './configuration.js';
import { buildAgentGraph, type AgentGraph } from './graph.js';
import { valueMap } from './nodes/shared.js';
import {
  createQuestionPlanner,
  llmSettingsFrom,
  verifiedEntries,
  type LlmSettings,
  type QuestionPlanner,
} from '../../src/nlq/llm/index.js';
import type { ServiceMetrics } from '../../src/metrics.js';
import { structuredQueryOf } from '../../src/structured/submit.js';
import { isVagueQuestion, overviewPlan } from '../../src/answer/overview.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

export interface AgentEngine extends InquiryEngine {
  layer: SemanticLayer;
  warehouse: Warehouse;
  graph: AgentGraph;
  /** Durable checkpoints (checkpoints.sqlite, or Postgres with QUARRY_STORE), for the research graph. */
  checkpoints: Checkpoints;
  /** The LLM planner when a model is configured (the research graph may share it). */
  planner?: QuestionPlanner;
}

export interface AgentEngineOptions {
  /** /metrics: LLM calls, tokens, latency, query sources. */
  metrics?: Pick<ServiceMetrics, 'llmCalls' | 'llmTokens' | 'llmRetries' | 'llmLatency' | 'querySources'>;
  /** Overrides of the LLM settings (tests: short backoff and timeouts). */
  llm?: Partial<LlmSettings>;
}

/** Opens the configured warehouse; the default demo database is built on first use. */
export async function openConfiguredWarehouse(config: Config, log: Logger): Promise<Warehouse> {
  if (!config.warehouse) {
    const path = resolve(config.dataDir, 'demo.duckdb');
    const started = Date.now();
    const demo = await ensureDemoWarehouse(path, { scale: config.demoScale }, (holder) =>
      log.info({ path, holder }, 'waiting for another process to build the demo warehouse'),
    );
    log.info({ path, ms: Date.now() - started, built: demo.built }, 'demo warehouse ready');
  }
  const url = warehouseUrl(config);
  log.info({ warehouse: redactUrl(url) }, 'opening warehouse');
  const warehouse = await openWarehouse(url, {
    poolSize: config.warehouseConnections,
    accountConnections: accountConnections(config),
    defaultMaxBytes: config.maxResultBytes,
    defaultTimeoutMs: config.queryTimeoutMs,
    memoryLimit: config.duckdbMemoryLimit,
    threads: config.duckdbThreads,
  });
  const connections = (warehouse as { connections?: number }).connections;
  if (connections !== undefined && connections < config.warehouseConnections) {
    log.warn(
      { configured: config.warehouseConnections, running: connections, uvThreadpoolSize: process.env.UV_THREADPOOL_SIZE ?? '4' },
      'fewer warehouse connections than QUARRY_WAREHOUSE_CONNECTIONS: raise UV_THREADPOOL_SIZE (at start) to at least connections + 2',
    );
  }
  return warehouse;
}

export async function createAgentEngine(config: Config, log: Logger, options: AgentEngineOptions = {}): Promise<AgentEngine> {
  let warehouse: Warehouse;
  try {
    warehouse = await openConfiguredWarehouse(config, log);
  } catch (err) {
    throw new StartupError(
      `the warehouse ${config.warehouse ? `(QUARRY_WAREHOUSE=${redactUrl(config.warehouse)})` : `(the demo database in ${config.dataDir})`} cannot be opened`,
      err,
    );
  }
  let layer: SemanticLayer;
  const modelPath = config.model ?? DEFAULT_MODEL_PATH;
  try {
    layer = await loadSemanticLayer(modelPath, warehouse, config.asOf ? { asOf: config.asOf } : {});
  } catch (err) {
    await warehouse.close();
    throw new StartupError(`the semantic model ${config.model ? `(QUARRY_MODEL=${config.model})` : modelPath} cannot be used`, err);
  }
  log.info(
    { model: layer.model.name, asOf: layer.asOf, metrics: layer.model.measures.length + layer.model.metrics.length },
    'semantic model loaded',
  );
  let checkpoints: Checkpoints;
  try {
    checkpoints = await openCheckpoints(config);
  } catch (err) {
    await warehouse.close();
    throw new StartupError(`the research checkpoints ${config.store ? 'in QUARRY_STORE' : `in ${config.dataDir}`} cannot be opened`, err);
  }
  const graph = buildAgentGraph(false);
  const verified = verifiedEntries(layer.model);
  for (const issue of verified.issues) log.warn({ issue }, 'verified query skipped');
  const llm = llmSettingsFrom(config, options.llm);
  const planner = llm
    ? createQuestionPlanner(llm, layer, warehouse, {
        maxRows: config.maxRows,
        queryTimeoutMs: config.queryTimeoutMs,
        verified: verified.entries,
      })
    : undefined;
  if (planner)
    log.info(
      { llm: planner.client.endpoint, sendRows: llm!.sendRows, verifiedQueries: verified.entries.length },
      'language model configured',
    );
  else log.info({ verifiedQueries: verified.entries.length }, 'no language model configured: the rule-based interpreter answers alone');
  const configurable: AgentConfiguration = { layer, warehouse, queryTimeoutMs: config.queryTimeoutMs, maxRows: config.maxRows, planner };
  const metrics = options.metrics;

  return {
    layer,
    warehouse,
    graph,
    checkpoints,
    planner,
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
      // A structured query (submitted as such, or an edited reading) runs in place of interpretation.
      const presetQuery = structuredQueryOf(job.options);
      const invoke = (preset: SemanticQuery | null) =>
        graph.invoke(
          { question: job.question, dimensions: job.dimensions, history: job.history, ...(preset ? { presetQuery: preset } : {}) },
          { configurable: { thread_id: job.id, ...configurable, account: job.accountId }, signal: ctx.signal },
        );
      let final = await invoke(presetQuery);
      // A vague question ("how are we doing?") is answered with an overview of the headline metrics, not turned away.
      const overview =
        !presetQuery && final.outcome?.status === 'out_of_domain' && isVagueQuestion(job.question)
          ? overviewPlan(layer.model, layer.asOf)
          : null;
      if (overview) final = await invoke(overview.query);
      const outcome = final.outcome;
      const usage = final.llmUsage;
      if (usage || final.source) {
        // Accounting only: counts and timings, never rows, values or the key.
        log.info({ inquiry: job.id, source: final.source, status: outcome?.status, llm: usage ?? undefined }, 'inquiry model use');
      }
      if (metrics) {
        if (final.source && outcome) metrics.querySources.inc({ source: final.source });
        if (usage) {
          metrics.llmCalls.inc(usage.calls);
          metrics.llmTokens.inc({ kind: 'prompt' }, usage.promptTokens);
          metrics.llmTokens.inc({ kind: 'completion' }, usage.completionTokens);
          metrics.llmRetries.inc(usage.retries);
          metrics.llmLatency.observe(usage.latencyMs / 1000);
        }
      }
      if (!outcome) return { status: 'failed', result: {}, error: 'The question could not be answered (no outcome).' };
      // The reading (the query that ran) goes with the answer, for clients to show and edit it.
      const overviewNote = `The question asks how things stand in general, so it is answered with an overview: ${overview?.metrics.map((m) => m.label).join(', ')} for ${overview?.period} against ${overview?.previous}.`;
      const result = {
        ...outcome.result,
        ...(overview && outcome.status === 'done'
          ? { thinking: { ...outcome.result.thinking, messages: [overviewNote, ...outcome.result.thinking.messages] } }
          : {}),
        ...(final.query ? { semantic_query: final.query } : {}),
        ...(overview && outcome.status === 'done'
          ? { overview: { period: overview.period, previous: overview.previous, metrics: overview.metrics } }
          : {}),
      };
      return { status: outcome.status, result, resolved: outcome.resolved, error: outcome.error };
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
      await checkpoints.close();
    },
  };
}

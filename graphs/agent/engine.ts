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
import { StartupError, accountConnections, warehouseEntries, type Config, type WarehouseEntry } from '../../src/config.js';
import {
  AccountWarehouseError,
  RequestValidationError,
  type InquiryEngine,
  type InquiryJob,
  type RunContext,
} from '../../src/inquiries/engine.js';
import type { WarehouseInfo } from '../../src/schemas/warehouse.js';
import { DimensionValidationError, resolveRequestDimensions } from '../../src/nlq/dimensions.js';
import { DEFAULT_MODEL_PATH } from '../../src/semantic/loader.js';
import type { SemanticLayer } from '../../src/semantic/values.js';
import { loadEditedSemanticLayer, ModelEditsStore } from '../../src/semantic/edits/index.js';
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

/** One warehouse of the deployment, open, with the model that reads it and what answers from it. */
export interface AnsweringWarehouse {
  /** Its name (QUARRY_WAREHOUSE_NAME or a key of QUARRY_WAREHOUSES). */
  name: string;
  /** What callers are shown of it. */
  info: WarehouseInfo;
  layer: SemanticLayer;
  warehouse: Warehouse;
  /** The LLM planner over this warehouse's model, when a model is configured. */
  planner?: QuestionPlanner;
  /** What the agent graph runs against for this warehouse. */
  configurable: AgentConfiguration;
}

export interface AgentEngine extends InquiryEngine {
  /** Every warehouse of the deployment by name; the first is QUARRY_WAREHOUSE's. */
  warehouses: ReadonlyMap<string, AnsweringWarehouse>;
  /** The warehouse an account asks: its own, never another (AccountWarehouseError when it cannot be used). */
  warehouseFor(accountId: string): Promise<AnsweringWarehouse>;
  graph: AgentGraph;
  /** Durable checkpoints (checkpoints.sqlite, or Postgres with QUARRY_STORE), for the research graph. */
  checkpoints: Checkpoints;
}

export interface AgentEngineOptions {
  /** /metrics: LLM calls, tokens, latency, query sources. */
  metrics?: Pick<ServiceMetrics, 'llmCalls' | 'llmTokens' | 'llmRetries' | 'llmLatency' | 'querySources'>;
  /** Overrides of the LLM settings (tests: short backoff and timeouts). */
  llm?: Partial<LlmSettings>;
  /**
   * The warehouse an account names (null: the default one; undefined: no such account). Needed
   * once the deployment has several warehouses; with one, every account asks it.
   */
  warehouseOf?: (accountId: string) => Promise<string | null | undefined>;
}

/** Opens one warehouse of the deployment; the demo database is built on first use. */
export async function openConfiguredWarehouse(
  config: Config,
  log: Logger,
  entry: WarehouseEntry = warehouseEntries(config)[0]!,
): Promise<Warehouse> {
  if (entry.demo) {
    const path = resolve(config.dataDir, 'demo.duckdb');
    const started = Date.now();
    const demo = await ensureDemoWarehouse(path, { scale: config.demoScale }, (holder) =>
      log.info({ path, holder }, 'waiting for another process to build the demo warehouse'),
    );
    log.info({ path, ms: Date.now() - started, built: demo.built }, 'demo warehouse ready');
  }
  log.info({ warehouse: redactUrl(entry.url), name: entry.name }, 'opening warehouse');
  const warehouse = await openWarehouse(entry.url, {
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

/** Opens one warehouse and loads its model; a StartupError names the setting when either fails. */
async function openAnsweringWarehouse(
  config: Config,
  entry: WarehouseEntry,
  log: Logger,
  options: AgentEngineOptions,
): Promise<AnsweringWarehouse> {
  let warehouse: Warehouse;
  try {
    warehouse = await openConfiguredWarehouse(config, log, entry);
  } catch (err) {
    throw new StartupError(
      `the warehouse ${entry.demo ? `(the demo database in ${config.dataDir})` : `(${entry.setting}=${redactUrl(entry.url)})`} cannot be opened`,
      err,
    );
  }
  let layer: SemanticLayer;
  const modelPath = entry.model ?? DEFAULT_MODEL_PATH;
  const modelSetting = entry.setting === 'QUARRY_WAREHOUSE' ? 'QUARRY_MODEL' : `${entry.setting}.model`;
  try {
    // (with the edits saved in the web app, newest version)
    layer = await loadEditedSemanticLayer(
      new ModelEditsStore(config.dataDir),
      entry.name,
      modelPath,
      warehouse,
      entry.asOf ? { asOf: entry.asOf } : {},
    );
  } catch (err) {
    await warehouse.close();
    throw new StartupError(`the semantic model ${entry.model ? `(${modelSetting}=${entry.model})` : modelPath} cannot be used`, err);
  }
  log.info(
    { warehouse: entry.name, model: layer.model.name, asOf: layer.asOf, metrics: layer.model.measures.length + layer.model.metrics.length },
    'semantic model loaded',
  );
  const verified = verifiedEntries(layer.model);
  for (const issue of verified.issues) log.warn({ warehouse: entry.name, issue }, 'verified query skipped');
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
      { warehouse: entry.name, llm: planner.client.endpoint, sendRows: llm!.sendRows, verifiedQueries: verified.entries.length },
      'language model configured',
    );
  else
    log.info(
      { warehouse: entry.name, verifiedQueries: verified.entries.length },
      'no language model configured: the rule-based interpreter answers alone',
    );
  return {
    name: entry.name,
    info: { name: entry.name, engine: warehouse.dialect, model: layer.model.name },
    layer,
    warehouse,
    planner,
    configurable: { layer, warehouse, queryTimeoutMs: config.queryTimeoutMs, maxRows: config.maxRows, planner },
  };
}

export async function createAgentEngine(config: Config, log: Logger, options: AgentEngineOptions = {}): Promise<AgentEngine> {
  const entries = warehouseEntries(config);
  if (entries.length > 1 && !options.warehouseOf) {
    throw new StartupError('the question engine', new Error('several warehouses need a lookup of which one each account asks'));
  }
  const warehouses = new Map<string, AnsweringWarehouse>();
  const closeWarehouses = () => Promise.all([...warehouses.values()].map((w) => w.warehouse.close().catch(() => undefined)));
  try {
    for (const entry of entries) warehouses.set(entry.name, await openAnsweringWarehouse(config, entry, log, options));
  } catch (err) {
    await closeWarehouses();
    throw err;
  }
  const primary = warehouses.get(entries[0]!.name)!;
  let checkpoints: Checkpoints;
  try {
    checkpoints = await openCheckpoints(config);
  } catch (err) {
    await closeWarehouses();
    throw new StartupError(`the research checkpoints ${config.store ? 'in QUARRY_STORE' : `in ${config.dataDir}`} cannot be opened`, err);
  }
  const graph = buildAgentGraph(false);
  const lookup = options.warehouseOf;
  async function warehouseFor(accountId: string): Promise<AnsweringWarehouse> {
    if (warehouses.size === 1 && !lookup) return primary;
    const named = await lookup!(accountId);
    if (named === undefined) throw new AccountWarehouseError(`There is no account ${accountId}.`);
    if (named === null) return primary;
    const found = warehouses.get(named);
    if (!found) {
      throw new AccountWarehouseError(
        `This account asks the warehouse "${named}", which this deployment does not configure (configured: ${[...warehouses.keys()].join(', ')}); ask the operator to add it to QUARRY_WAREHOUSES or move the account (quarry accounts set-warehouse).`,
      );
    }
    return found;
  }
  const metrics = options.metrics;

  return {
    warehouses,
    warehouseFor,
    graph,
    checkpoints,
    async validateDimensions(dimensions, accountId) {
      const { layer } = await warehouseFor(accountId);
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
      let asked: AnsweringWarehouse;
      try {
        asked = await warehouseFor(job.accountId);
      } catch (err) {
        if (err instanceof AccountWarehouseError) return { status: 'failed', result: {}, error: err.message };
        throw err;
      }
      const { layer, configurable } = asked;
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
        warehouse: asked.info,
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
      // The first warehouse's checks keep their plain names; another's carry its name.
      const named = (what: string, w: AnsweringWarehouse) => (w === primary ? what : `${what} ${w.name}`);
      const checks = await Promise.all(
        [...warehouses.values()].map(async (w) => {
          const model = { name: named('model', w), ok: true, detail: `${w.layer.model.name}, as of ${w.layer.asOf}` };
          try {
            await w.warehouse.ping();
            return [model, { name: named('warehouse', w), ok: true }];
          } catch (err) {
            return [model, { name: named('warehouse', w), ok: false, detail: (err as Error).message }];
          }
        }),
      );
      return checks.flat();
    },
    async resources(accountId: string) {
      const { layer, warehouse, info } = await warehouseFor(accountId);
      return { layer, warehouse, info };
    },
    async close() {
      await closeWarehouses();
      await checkpoints.close();
    },
  };
}

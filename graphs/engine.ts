/**
 * The engine of a Quarry process: the agent graph answers regular questions (`agent`), the research
 * graph investigations (`research`). Both share one checkpointer; each warehouse of the deployment
 * has its own semantic layer and research runner, and an inquiry runs on its account's warehouse.
 */
import type { Logger } from 'pino';
import type { Config } from '../src/config.js';
import { AccountWarehouseError, type InquiryEngine, type InquiryJob, type RunContext } from '../src/inquiries/engine.js';
import { createAgentEngine, type AgentEngine } from './agent/engine.js';
import { createResearchRunner } from './research/engine.js';
import { ResearchPlanner } from '../src/nlq/llm/research.js';

export type ResearchRunner = ReturnType<typeof createResearchRunner>;

export interface QuarryEngine extends InquiryEngine {
  agent: AgentEngine;
  /** The research runner of each warehouse, by name. */
  research: ReadonlyMap<string, ResearchRunner>;
}

/** Options of the agent engine (metrics, LLM overrides, the account → warehouse lookup), passed through. */
export type QuarryEngineOptions = Parameters<typeof createAgentEngine>[2];

export async function createQuarryEngine(config: Config, log: Logger, options?: QuarryEngineOptions): Promise<QuarryEngine> {
  const agent = await createAgentEngine(config, log, options);
  const research = new Map<string, ResearchRunner>();
  for (const [name, w] of agent.warehouses) {
    research.set(
      name,
      createResearchRunner({
        agent: { layer: w.layer, warehouse: w.warehouse, queryTimeoutMs: config.queryTimeoutMs, maxRows: config.maxRows },
        checkpointer: agent.checkpoints.saver,
        checkpointsSaved: (threadId) => agent.checkpoints.settled(threadId),
        concurrency: config.researchConcurrency,
        paceMs: config.researchPaceMs,
        log,
        metrics: options?.metrics,
        researchPlanner: w.planner
          ? new ResearchPlanner(w.planner.client, w.layer.catalogue, {
              sendValues: w.planner.settings.sendRows,
              narrate: w.planner.settings.narrate,
            })
          : undefined,
      }),
    );
  }
  async function runResearch(job: InquiryJob, ctx: RunContext) {
    let asked;
    try {
      asked = await agent.warehouseFor(job.accountId);
    } catch (err) {
      if (err instanceof AccountWarehouseError) return { status: 'failed' as const, result: {}, error: err.message };
      throw err;
    }
    const outcome = await research.get(asked.name)!.run(job, ctx);
    return { ...outcome, result: { ...outcome.result, warehouse: asked.info } };
  }
  return {
    agent,
    research,
    validateDimensions: (dimensions, accountId) => agent.validateDimensions(dimensions, accountId),
    run(job: InquiryJob, ctx: RunContext) {
      return job.type === 'research' ? runResearch(job, ctx) : agent.run(job, ctx);
    },
    async ended(inquiryId, type) {
      // only research is checkpointed; it is never resumed once it has ended
      if (type === 'research') await agent.checkpoints.deleteThread(inquiryId);
    },
    readiness: () => agent.readiness(),
    resources: (accountId) => agent.resources!(accountId),
    close: () => agent.close?.() ?? Promise.resolve(),
  };
}

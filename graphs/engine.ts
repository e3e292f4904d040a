/**
 * The engine of a Quarry process: the agent graph answers regular questions (`agent`), the research
 * graph investigations (`research`). Both share one semantic layer, warehouse and checkpointer.
 */
import type { Logger } from 'pino';
import type { Config } from '../src/config.js';
import type { InquiryEngine, InquiryJob, RunContext } from '../src/inquiries/engine.js';
import { createAgentEngine, type AgentEngine } from './agent/engine.js';
import { createResearchRunner } from './research/engine.js';
import { ResearchPlanner } from '../src/nlq/llm/research.js';

export interface QuarryEngine extends InquiryEngine {
  agent: AgentEngine;
  research: ReturnType<typeof createResearchRunner>;
}

/** Options of the agent engine (metrics, LLM overrides), passed through. */
export type QuarryEngineOptions = Parameters<typeof createAgentEngine>[2];

export async function createQuarryEngine(config: Config, log: Logger, options?: QuarryEngineOptions): Promise<QuarryEngine> {
  const agent = await createAgentEngine(config, log, options);
  const research = createResearchRunner({
    agent: { layer: agent.layer, warehouse: agent.warehouse, queryTimeoutMs: config.queryTimeoutMs, maxRows: config.maxRows },
    checkpointer: agent.checkpoints.saver,
    checkpointsSaved: (threadId) => agent.checkpoints.settled(threadId),
    concurrency: config.researchConcurrency,
    paceMs: config.researchPaceMs,
    log,
    metrics: options?.metrics,
    researchPlanner: agent.planner
      ? new ResearchPlanner(agent.planner.client, agent.layer.catalogue, {
          sendValues: agent.planner.settings.sendRows,
          narrate: agent.planner.settings.narrate,
        })
      : undefined,
  });
  return {
    agent,
    research,
    validateDimensions: (dimensions) => agent.validateDimensions(dimensions),
    run(job: InquiryJob, ctx: RunContext) {
      return job.type === 'research' ? research.run(job, ctx) : agent.run(job, ctx);
    },
    async ended(inquiryId, type) {
      // only research is checkpointed; it is never resumed once it has ended
      if (type === 'research') await agent.checkpoints.deleteThread(inquiryId);
    },
    readiness: () => agent.readiness(),
    resources: () => ({ layer: agent.layer, warehouse: agent.warehouse }),
    close: () => agent.close?.() ?? Promise.resolve(),
  };
}

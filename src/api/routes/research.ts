import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../auth.js';
import type { SharedRouteDeps } from '../mount.js';
import { ResearchSubmittedSchema, researchRequestSchema } from '../../schemas/research.js';

/** POST /research (REST and the web app) — starts an investigation in a new session; answers at once. */
export const researchRoute: FastifyPluginAsyncZod<SharedRouteDeps> = async (app, { runtime, mount }) => {
  app.post('/research', {
    schema: {
      summary: 'Start a research investigation',
      description:
        'Plans sub-questions, runs them in parallel, reflects, and writes a Markdown report. Returns {session_id, inquiry_id, status: "submitted", message} at once. ' +
        'Follow it through GET /inquiry/{inquiry_id}/status (status.general processing, then a terminal value; progress 0-100 and operations while running) ' +
        'or long-poll GET /inquiry/{inquiry_id}/result; the report is final_answer. Stop with POST /inquiry/{inquiry_id}/stop. ' +
        'Default budget: 2 rounds, 20 queries, 10 minutes.',
      tags: ['research'],
      body: researchRequestSchema(runtime.config.maxQueryLength),
      response: { 200: ResearchSubmittedSchema, ...mount.errors },
    },
    handler: async (request) => {
      const s = await runtime.research.submit(
        principalOf(request),
        { question: request.body.question, dimensions: request.body.dimensions ?? null, budget: request.body.budget ?? null },
        mount.origin,
      );
      return { session_id: s.session_id, inquiry_id: s.inquiry_id, status: s.status, message: s.message };
    },
  });
};

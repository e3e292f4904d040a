import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiDeps } from '../../api/deps.js';
import { principalOf } from '../../api/auth.js';
import { StarterQuestionsSchema } from '../../schemas/threads.js';
import { starterQuestions } from '../starters.js';
import { webErrorResponses } from '../schemas.js';

/** GET /ui/api/starters — questions to start from (verified queries, then the catalogue). */
export const startersRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/starters', {
    schema: { summary: 'Starter questions', tags: ['web'], response: { 200: StarterQuestionsSchema, ...webErrorResponses } },
    handler: async (request) => {
      const layer = (await runtime.engine.resources?.(principalOf(request).accountId))?.layer;
      return { questions: layer ? starterQuestions(layer) : [] };
    },
  });
};

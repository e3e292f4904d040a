import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiDeps } from '../../../api/deps.js';
import { SemanticSearchSchema } from '../../../schemas/semantic.js';
import { SearchQuerySchema, webErrorResponses } from '../../schemas.js';
import { layerOf } from './layer.js';
import { principalOf } from '../../../api/auth.js';

/** GET /ui/api/semantic/search?q= — ranked matches (as the search_semantic_layer tool). */
export const semanticSearchRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/semantic/search', {
    schema: {
      summary: 'Search the semantic layer',
      tags: ['web'],
      querystring: SearchQuerySchema,
      response: { 200: SemanticSearchSchema, ...webErrorResponses },
    },
    handler: async (request) => (await layerOf(runtime, principalOf(request))).layer.catalogue.search(request.query.q),
  });
};

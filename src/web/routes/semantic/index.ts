import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiDeps } from '../../../api/deps.js';
import { SemanticOverviewSchema } from '../../../schemas/semantic.js';
import { webErrorResponses } from '../../schemas.js';
import { layerOf } from './layer.js';
import { principalOf } from '../../../api/auth.js';

/** GET /ui/api/semantic — every entity, metric and dimension, the glossary, the company and the account's warehouse. */
export const semanticRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/semantic', {
    schema: { summary: 'Semantic layer overview', tags: ['web'], response: { 200: SemanticOverviewSchema, ...webErrorResponses } },
    handler: async (request) => {
      const { layer, info } = await layerOf(runtime, principalOf(request));
      const summary = layer.catalogue.summary();
      return {
        company: { ...layer.model.company },
        as_of: layer.asOf,
        entities: summary.entities,
        total_entities: summary.total_entities,
        glossary: { ...layer.model.glossary },
        warehouse: info,
      };
    },
  });
};

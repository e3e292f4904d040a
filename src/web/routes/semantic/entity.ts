import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiDeps } from '../../../api/deps.js';
import { ServiceError } from '../../../inquiries/errors.js';
import { EntityDetailSchema } from '../../../schemas/semantic.js';
import { EntityParamsSchema, webErrorResponses } from '../../schemas.js';
import { layerOf } from './layer.js';
import { principalOf } from '../../../api/auth.js';

/** GET /ui/api/semantic/entities/{entity_id} — one item's details (as get_semantic_layer_entity). */
export const semanticEntityRoute: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  app.get('/semantic/entities/:entity_id', {
    schema: {
      summary: 'One semantic layer item',
      tags: ['web'],
      params: EntityParamsSchema,
      response: { 200: z.object({ entity: EntityDetailSchema }), ...webErrorResponses },
    },
    handler: async (request) => {
      const entity = (await layerOf(runtime, principalOf(request))).layer.catalogue.entity(request.params.entity_id);
      if (!entity) throw new ServiceError(404, `No semantic layer item ${request.params.entity_id}`);
      return { entity };
    },
  });
};

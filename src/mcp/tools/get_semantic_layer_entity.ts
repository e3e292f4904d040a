import { z } from 'zod';
import { ToolError } from '../errors.js';
import { EntityDetailSchema } from '../schemas.js';
import { defineTool, rendered, resourcesOf } from '../tool.js';

export const getSemanticLayerEntity = defineTool({
  name: 'get_semantic_layer_entity',
  title: 'One semantic layer item',
  description:
    "Details of one entity, metric or dimension: its name, attributes (columns and measures of an entity; a metric's definition; a dimension's values), " +
    'dimensions it can be broken down by, and relationships. entity_id is the stable name from search_semantic_layer or get_semantic_layer_summary ' +
    '(e.g. "entity:orders", "metric:revenue", or just "orders"); node_id is accepted as an alternative. ' +
    "Next: ask a question using these names, or run_sql_query against an entity's table.",
  input: {
    entity_id: z.string().trim().min(1).optional().describe("The item's entity_id or name"),
    node_id: z.string().trim().min(1).optional().describe('Alternative to entity_id'),
  },
  output: { entity: EntityDetailSchema },
  readOnly: true,
  idempotent: true,
  async run(call) {
    const { args } = call;
    const { catalogue } = (await resourcesOf(call)).layer;
    const id = args.entity_id ?? args.node_id;
    if (!id)
      throw new ToolError(
        'invalid_argument',
        'Give entity_id (or node_id).',
        'Pass an entity_id from search_semantic_layer or a name from get_semantic_layer_summary.',
      );
    const entity = catalogue.entity(id);
    if (!entity) {
      const near = catalogue.search(id.replace(/^[a-z_]+:/, ''), { limit: 5 }).matching_entities.map((m) => m.entity_id);
      throw new ToolError(
        'not_found',
        `No semantic layer item "${id}".`,
        near.length > 0
          ? `Did you mean ${near.map((n) => `"${n}"`).join(', ')}? Pass one as entity_id.`
          : 'Call search_semantic_layer or get_semantic_layer_summary for valid names.',
      );
    }
    const structured = { entity };
    const text = [
      `${entity.name} (${entity.type}): ${entity.description}`,
      `Attributes: ${entity.attributes.join('; ') || '-'}`,
      `Dimensions: ${entity.dimensions.join(', ') || '-'}`,
      `Relationships: ${entity.relationships.join('; ') || '-'}`,
    ].join('\n');
    return { structured, text: rendered(text, structured) };
  },
});

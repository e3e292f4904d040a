import { z } from 'zod';
import { SummaryEntitySchema } from '../schemas.js';
import { defineTool, rendered, resourcesOf } from '../tool.js';

export const getSemanticLayerSummary = defineTool({
  name: 'get_semantic_layer_summary',
  title: 'Semantic layer overview',
  description:
    'Starts discovery: lists everything questions can be asked about, as entities (name, type: entity | metric | dimension | time_dimension, description) and total_entities. ' +
    "Next: search_semantic_layer to find a concept by words, get_semantic_layer_entity for one item's details (columns, definition, values, relationships).",
  input: {},
  output: { entities: z.array(SummaryEntitySchema), total_entities: z.number().int() },
  readOnly: true,
  idempotent: true,
  async run(call) {
    const structured = (await resourcesOf(call)).layer.catalogue.summary();
    const byType = new Map<string, string[]>();
    for (const e of structured.entities) byType.set(e.type, [...(byType.get(e.type) ?? []), e.name]);
    const lines = [...byType].map(([t, names]) => `${t}: ${names.join(', ')}`);
    return { structured, text: rendered(`${structured.total_entities} items.\n${lines.join('\n')}`, structured) };
  },
});

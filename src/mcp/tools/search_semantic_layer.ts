import { z } from 'zod';
import { SearchHitSchema } from '../schemas.js';
import { defineTool, rendered, resourcesOf } from '../tool.js';

export const searchSemanticLayer = defineTool({
  name: 'search_semantic_layer',
  title: 'Search the semantic layer',
  description:
    'Finds entities, metrics, dimensions, glossary terms and dimension values by words (fuzzy, synonyms count), best first: search_term, matching_entities ' +
    '(name, entity_id, relevance_score, kind, description; values also name their dimension, usable in the dimensions argument) and total_matches. ' +
    'Use it to check how the data calls something before asking. Next: get_semantic_layer_entity with an entity_id.',
  input: { query: z.string().trim().min(1).max(500).describe('Words to look for, e.g. "revenue", "shipping mode", "germany"') },
  output: { search_term: z.string(), matching_entities: z.array(SearchHitSchema), total_matches: z.number().int() },
  readOnly: true,
  idempotent: true,
  async run(call) {
    const { args } = call;
    const structured = (await resourcesOf(call)).layer.catalogue.search(args.query);
    const lines = structured.matching_entities.slice(0, 10).map((m) => `- ${m.entity_id} (${m.relevance_score}): ${m.description}`);
    return { structured, text: rendered(`${structured.total_matches} matches for "${args.query}":\n${lines.join('\n')}`, structured) };
  },
});

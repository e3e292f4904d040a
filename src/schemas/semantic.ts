/**
 * Shapes of the semantic layer's catalogue as callers see it: the tool interface's discovery tools
 * and the web app's semantic layer browser.
 */
import { z } from 'zod';
import { WarehouseInfoSchema } from './warehouse.js';

export const SummaryEntitySchema = z.object({
  name: z.string(),
  type: z.string().describe('entity | metric | dimension | time_dimension'),
  description: z.string(),
});

export const EntityDetailSchema = z.object({
  name: z.string(),
  entity_id: z.string().describe('Stable id, e.g. entity:orders or metric:revenue'),
  type: z.string(),
  description: z.string(),
  attributes: z.array(z.string()),
  dimensions: z.array(z.string()),
  relationships: z.array(z.string()),
});

export const SearchHitSchema = z.object({
  name: z.string(),
  entity_id: z.string().describe('Pass to get_semantic_layer_entity'),
  relevance_score: z.number(),
  kind: z.string(),
  description: z.string(),
  dimension: z.string().optional().describe('For a value: the dimension it belongs to (usable in dimensions)'),
  values: z.array(z.string()).optional(),
});

export const SemanticSearchSchema = z.object({
  search_term: z.string(),
  matching_entities: z.array(SearchHitSchema),
  total_matches: z.number().int(),
});

/** The web app's overview: every item by kind, the glossary and the company. */
export const SemanticOverviewSchema = z.object({
  company: z.record(z.string(), z.unknown()),
  as_of: z.string().describe('YYYY-MM-DD: "today" for relative periods'),
  entities: z.array(SummaryEntitySchema),
  total_entities: z.number().int(),
  glossary: z.record(z.string(), z.string()),
  warehouse: WarehouseInfoSchema.describe('The warehouse this account asks (a deployment may have several)'),
});

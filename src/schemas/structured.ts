/**
 * Submitting a structured query: the SemanticQuery the interpreter produces (see
 * src/semantic/query.ts), sent by a client instead of a question — for a reading edited in the
 * web app (a chip removed or changed), or a program that knows the model's names. One body shape
 * for REST, the tool interface and the web app.
 */
import { z } from 'zod';
import { SemanticQuerySchema } from '../semantic/query.js';
import { DimensionsSchema } from './inquiry.js';

export const StructuredQuestionSchema = z
  .string()
  .trim()
  .min(1, { error: 'question must not be empty (leave it out to have it written from the query)' })
  .max(2000, { error: 'question must be at most 2000 characters' })
  .describe('How to title the inquiry (its user_input); omitted = written from the query, e.g. "Revenue by region, 1997"');

export const StructuredInquiryBodySchema = z.object(
  {
    semantic_query: SemanticQuerySchema.describe(
      "The query to run, in the shape of the semantic_query field of a status response: metrics, group_by, filters, time_range, order, limit … naming the model's metrics and dimensions (GET /api/docs; the tool get_semantic_layer_summary lists them)",
    ),
    question: StructuredQuestionSchema.optional(),
    dimensions: DimensionsSchema.nullable().optional(),
  },
  { error: 'the request body must be a JSON object: {"semantic_query": {"metrics": [...], ...}, "question": "..."}' },
);
export type StructuredInquiryBody = z.infer<typeof StructuredInquiryBodySchema>;

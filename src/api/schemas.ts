/**
 * REST request and response schemas (validation + OpenAPI). Field shapes come from the shared
 * schemas in src/schemas; this file only says where they sit in each request.
 */
import { z } from 'zod';
import { questionField } from '../schemas/question.js';
import { DimensionsSchema, InquiryStatusResponseSchema } from '../schemas/inquiry.js';

export const ErrorBodySchema = z.object({ detail: z.string() }).describe('Error body (§2)');

/** An integer query parameter with a range; the message names the parameter and the range. */
function intParam(name: string, min: number, max: number, fallback: number, unit: string) {
  const message = `${name} must be an integer between ${min} and ${max} (${unit}); default ${fallback}`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message })
    .default(fallback)
    .describe(message);
}

export const ResultQuerySchema = z.object({
  timeout: intParam('timeout', 10, 900, 300, 'seconds the server waits'),
  poll_interval: intParam('poll_interval', 2, 30, 5, "seconds between the server's internal status checks"),
});

export const SessionParamsSchema = z.object({ session_id: z.string().min(1).max(200) });
export const InquiryParamsSchema = z.object({ inquiry_id: z.string().min(1).max(200) });
export const ReportParamsSchema = z.object({ report_id: z.string().min(1).max(200) });

export function agentInquiryBodySchema(maxQueryLength: number) {
  return z.object(
    {
      query: questionField('query', maxQueryLength),
      dimensions: DimensionsSchema.nullable().optional(),
    },
    { error: 'the request body must be a JSON object: {"query": "...", "dimensions": {...}}' },
  );
}

export const SessionCreatedSchema = z.object({ session_id: z.string() });
export const InquiryCreatedSchema = z.object({ inquiry_id: z.string() });
export const StopResultSchema = InquiryStatusResponseSchema.extend({
  stopped: z.boolean().describe('true when this call stopped the inquiry; false when it had already ended'),
  detail: z.string(),
});
export { InquiryStatusResponseSchema };

export const errorResponses = {
  400: ErrorBodySchema.describe('Malformed JSON'),
  401: ErrorBodySchema.describe('Invalid API key: malformed, expired or revoked'),
  403: ErrorBodySchema.describe('No X-API-Key header, or the resource belongs to another account'),
  404: ErrorBodySchema.describe('Unknown session_id or inquiry_id'),
  422: ErrorBodySchema.describe('A field failed validation; detail names it and what is allowed'),
  429: ErrorBodySchema.describe('Rate limit exceeded or too many inquiries in progress; see Retry-After'),
  500: ErrorBodySchema.describe('Unexpected failure'),
};

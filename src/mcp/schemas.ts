/**
 * Output shapes of the tool interface (§2 tool-interface records, and our decisions where the
 * spec says "not shown"). Inquiry results reuse the REST status response schema, so a field is
 * defined once for REST and tools.
 */
import { z } from 'zod';
import { DimensionsSchema, InquiryStatusResponseSchema } from '../schemas/inquiry.js';

export { DimensionsSchema };

/** One inquiry's full result: exactly the REST status response (§2). */
export const InquiryResultSchema = InquiryStatusResponseSchema;

export const SessionIdSchema = z
  .string()
  .min(1)
  .describe('A thread id (session_id) from create_a_thread, ask_a_single_question, ask_questions or get_recent_threads');
export const InquiryIdSchema = z
  .string()
  .min(1)
  .describe('An inquiry id from ask_a_question, ask_a_single_question, ask_a_research_question or ask_questions');
export { QuestionTextSchema as QuestionSchema } from '../schemas/question.js';

export { EntityDetailSchema, SearchHitSchema, SummaryEntitySchema } from '../schemas/semantic.js';

/** Tool-interface status strings (§3) plus the §3 terminal values. */
export const ToolStatusSchema = z
  .string()
  .describe(
    'processing | submitted | in_progress | done, or a terminal value: failed, timeout, stopped, out_of_domain, out_of_scope, no_data',
  );

export const SqlColumnSchema = z.object({ name: z.string(), type: z.string() });

import { z } from 'zod';
import { DimensionsSchema, QuestionSchema, SessionIdSchema } from '../schemas.js';
import { checkQuestion, estimatedCompletion } from '../submit.js';
import { defineTool, rendered } from '../tool.js';

export const askAQuestion = defineTool({
  name: 'ask_a_question',
  title: 'Ask a question in a thread',
  description:
    'Submits a business question in an existing thread (session_id from create_a_thread or an earlier answer); follow-ups in the same thread reuse its context ' +
    '("and by region?", "same for last year"). Returns at once with inquiry_id, status "processing" and estimated_completion (typically 10-30 s). ' +
    'dimensions optionally scope the query, e.g. {"region": "EUROPE"}. Next: wait_for_completion with [inquiry_id] (or check_question_status).',
  input: {
    session_id: SessionIdSchema,
    question: QuestionSchema,
    dimensions: DimensionsSchema.optional(),
  },
  output: { inquiry_id: z.string(), status: z.string().describe('processing'), estimated_completion: z.string().describe('ISO 8601') },
  readOnly: false,
  idempotent: false,
  async run({ args, ctx, principal }) {
    const inquiry = await ctx.runtime.inquiries.submit(principal, args.session_id, {
      question: checkQuestion(ctx, args.question),
      dimensions: args.dimensions ?? null,
    });
    const structured = {
      inquiry_id: inquiry.id,
      status: 'processing',
      estimated_completion: estimatedCompletion('agent', inquiry.created_at),
    };
    return {
      structured,
      text: rendered(`Submitted ${inquiry.id}; call wait_for_completion with inquiry_ids ["${inquiry.id}"].`, structured),
    };
  },
});

import { z } from 'zod';
import { StructuredInquiryBodySchema } from '../../schemas/structured.js';
import { structuredRequest } from '../../structured/submit.js';
import { SessionIdSchema } from '../schemas.js';
import { estimatedCompletion } from '../submit.js';
import { defineTool, rendered } from '../tool.js';

const body = StructuredInquiryBodySchema.shape;

export const askAStructuredQuestion = defineTool({
  name: 'ask_a_structured_question',
  title: 'Ask with a structured query',
  description:
    "Runs a structured query (a SemanticQuery: metrics, group_by, filters, time_range, order, limit …, naming the model's metrics and dimensions) in an existing thread instead of a question in words. " +
    'Every finished answer carries the query it ran in semantic_query: change it (drop a filter, group by another dimension, another period) and send it here to ask again. ' +
    'Names are checked against the model first; a wrong one is refused with the allowed names. Returns at once with inquiry_id; next: wait_for_completion with [inquiry_id].',
  input: {
    session_id: SessionIdSchema,
    semantic_query: body.semantic_query,
    question: body.question,
    dimensions: body.dimensions,
  },
  output: {
    inquiry_id: z.string(),
    status: z.string().describe('processing'),
    estimated_completion: z.string().describe('ISO 8601'),
    question: z.string().describe("The inquiry's title (user_input)"),
  },
  readOnly: false,
  idempotent: false,
  async run({ args, ctx, principal }) {
    const request = await structuredRequest(ctx.runtime, principal, {
      semantic_query: args.semantic_query,
      question: args.question,
      dimensions: args.dimensions ?? null,
    });
    const inquiry = await ctx.runtime.inquiries.submit(principal, args.session_id, request);
    const structured = {
      inquiry_id: inquiry.id,
      status: 'processing',
      estimated_completion: estimatedCompletion('agent', inquiry.created_at),
      question: request.question,
    };
    return {
      structured,
      text: rendered(
        `Submitted ${inquiry.id} ("${request.question}"); call wait_for_completion with inquiry_ids ["${inquiry.id}"].`,
        structured,
      ),
    };
  },
});

import { z } from 'zod';
import { InquiryResultSchema, DimensionsSchema, QuestionSchema, ToolStatusSchema } from '../schemas.js';
import { renderInquiry } from '../render.js';
import { checkQuestion } from '../submit.js';
import { defineTool, rendered } from '../tool.js';
import { toolStatus, waitForAll } from '../wait.js';

export const askASingleQuestion = defineTool({
  name: 'ask_a_single_question',
  title: 'Ask one question and wait for the answer',
  description:
    'The simplest way to get an answer: creates a thread, submits the question and waits for the result (like wait_for_completion, sending progress notifications). ' +
    'Returns session_id, inquiry_id, status (done, or why it ended: no_data, out_of_scope, out_of_domain, failed, timeout; "processing" if it was still running when the wait window closed) ' +
    'and result: the full answer (answer text, sql_query, data table, chart, time_frame, explanation). ' +
    'If status is "processing", call wait_for_completion with [inquiry_id]. For a follow-up, call ask_a_question with the returned session_id.',
  input: { question: QuestionSchema, dimensions: DimensionsSchema.optional() },
  output: {
    session_id: z.string(),
    inquiry_id: z.string(),
    status: ToolStatusSchema,
    result: InquiryResultSchema,
  },
  readOnly: false,
  idempotent: false,
  async run({ args, ctx, principal, extra }) {
    const { inquiries } = ctx.runtime;
    const question = checkQuestion(ctx, args.question);
    const session = await inquiries.createSession(principal, 'api_key');
    const inquiry = await inquiries.submit(principal, session.id, { question, dimensions: args.dimensions ?? null });
    const { records } = await waitForAll(ctx, [inquiry], ctx.runtime.config.mcpWaitMs, extra);
    const record = records[0];
    const result = inquiries.toStatusResponse(record);
    const structured = { session_id: session.id, inquiry_id: inquiry.id, status: toolStatus(record), result };
    const next = structured.status === 'processing' ? `\nStill running: call wait_for_completion with inquiry_ids ["${inquiry.id}"].` : '';
    return { structured, text: rendered(`${renderInquiry(result)}${next}`, structured) };
  },
});

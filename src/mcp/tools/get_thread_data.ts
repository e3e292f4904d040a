import { z } from 'zod';
import { InquiryResultSchema, SessionIdSchema } from '../schemas.js';
import { renderInquiry } from '../render.js';
import { defineTool, rendered } from '../tool.js';

export const getThreadData = defineTool({
  name: 'get_thread_data',
  title: 'A thread and its answers',
  description:
    'Returns one thread: session_id, created_at and its inquiries oldest first, each the full inquiry result (status, question, answer, SQL, table, chart; ' +
    'research inquiries: final_answer, progress, operations). Use it to recall what was already asked in a thread before a follow-up. ' +
    'Next: ask_a_question in the same thread for a follow-up.',
  input: { session_id: SessionIdSchema },
  output: {
    session_id: z.string(),
    created_at: z.string().describe('ISO 8601'),
    total_inquiries: z.number().int(),
    inquiries: z.array(InquiryResultSchema).describe('Oldest first'),
  },
  readOnly: true,
  idempotent: true,
  async run({ args, ctx, principal }) {
    const { inquiries, store } = ctx.runtime;
    const session = await inquiries.sessionFor(principal, args.session_id);
    const list = (await store.inquiries.listBySession(session.id)).map((r) => inquiries.toStatusResponse(r));
    const structured = {
      session_id: session.id,
      created_at: new Date(session.created_at).toISOString(),
      total_inquiries: list.length,
      inquiries: list,
    };
    const summary = [
      `Thread ${session.id}: ${list.length} ${list.length === 1 ? 'inquiry' : 'inquiries'}`,
      ...list.map(renderInquiry),
    ].join('\n\n');
    return { structured, text: rendered(summary, structured) };
  },
});

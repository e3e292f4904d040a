import { z } from 'zod';
import { defineTool, rendered } from '../tool.js';

export const getRecentThreads = defineTool({
  name: 'get_recent_threads',
  title: 'Recent threads',
  description:
    "Lists this account's most recent threads, newest first (limit, default 5, at most 50): session_id, created_at, how many inquiries it holds and its last question and status. " +
    "Use it to find a thread to continue or an earlier answer. Next: get_thread_data for a thread's answers, or ask_a_question with its session_id for a follow-up.",
  input: { limit: z.number().int().min(1).max(50).default(5).describe('How many threads, newest first (default 5)') },
  output: {
    threads: z.array(
      z.object({
        session_id: z.string(),
        created_at: z.string().describe('ISO 8601'),
        total_inquiries: z.number().int(),
        last_inquiry_id: z.string().nullable(),
        last_question: z.string().nullable(),
        last_status: z.string().nullable(),
      }),
    ),
    total_threads: z.number().int(),
  },
  readOnly: true,
  idempotent: true,
  async run({ args, ctx, principal }) {
    const { store } = ctx.runtime;
    const sessions = await store.sessions.listRecent(principal.accountId, args.limit);
    const threads = await Promise.all(
      sessions.map(async (s) => {
        const list = await store.inquiries.listBySession(s.id);
        const last = list.at(-1);
        return {
          session_id: s.id,
          created_at: new Date(s.created_at).toISOString(),
          total_inquiries: list.length,
          last_inquiry_id: last?.id ?? null,
          last_question: last?.question ?? null,
          last_status: last?.status ?? null,
        };
      }),
    );
    const structured = { threads, total_threads: threads.length };
    const lines = threads.map(
      (t) =>
        `- ${t.session_id} (${t.created_at}): ${t.total_inquiries} inquiries${t.last_question ? `, last "${t.last_question}" → ${t.last_status}` : ''}`,
    );
    return { structured, text: rendered(`${threads.length} recent threads:\n${lines.join('\n')}`, structured) };
  },
});

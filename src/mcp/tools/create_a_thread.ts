import { z } from 'zod';
import { defineTool, rendered } from '../tool.js';

export const createAThread = defineTool({
  name: 'create_a_thread',
  title: 'Create a thread',
  description:
    'Creates a thread (session) that groups related questions so follow-ups share context ("and by region?"). ' +
    'Returns session_id, status "created" and created_at. Use one new thread per independent question. ' +
    'Next: ask_a_question with this session_id. (ask_a_single_question, ask_a_research_question and ask_questions create threads themselves.)',
  input: {},
  output: { session_id: z.string(), status: z.string().describe('created'), created_at: z.string().describe('ISO 8601') },
  readOnly: false,
  idempotent: false,
  async run({ ctx, principal }) {
    const s = await ctx.runtime.inquiries.createSession(principal, 'api_key');
    const structured = { session_id: s.id, status: 'created', created_at: new Date(s.created_at).toISOString() };
    return { structured, text: rendered(`Thread ${s.id} created. Ask in it with ask_a_question.`, structured) };
  },
});

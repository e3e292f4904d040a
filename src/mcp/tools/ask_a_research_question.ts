import { z } from 'zod';
import { DimensionsSchema, QuestionSchema } from '../schemas.js';
import { checkQuestion } from '../submit.js';
import { defineTool, rendered } from '../tool.js';

export const askAResearchQuestion = defineTool({
  name: 'ask_a_research_question',
  title: 'Start a research investigation',
  description:
    'Starts a multi-step autonomous investigation of an open-ended question ("why did revenue fall in Europe?"): it plans, runs many queries in parallel and writes a report. ' +
    'Takes 3-10 minutes. Returns at once with session_id, inquiry_id, status "submitted" and a message. ' +
    'Next: wait_for_completion with inquiry_ids [inquiry_id] and inquiry_type "research"; repeat while it answers status "in_progress" (each call waits up to 3 minutes). ' +
    'For a single factual question use ask_a_single_question instead.',
  input: { question: QuestionSchema, dimensions: DimensionsSchema.optional() },
  output: { session_id: z.string(), inquiry_id: z.string(), status: z.string().describe('submitted'), message: z.string() },
  readOnly: false,
  idempotent: false,
  async run({ args, ctx, principal }) {
    const { inquiries } = ctx.runtime;
    const question = checkQuestion(ctx, args.question);
    const session = await inquiries.createSession(principal, 'api_key');
    const inquiry = await inquiries.submit(principal, session.id, { question, dimensions: args.dimensions ?? null, type: 'research' });
    const minutes = Math.max(1, Math.round(ctx.runtime.config.mcpResearchWaitMs / 60_000));
    const structured = {
      session_id: session.id,
      inquiry_id: inquiry.id,
      status: 'submitted',
      message: `Research started; it typically takes 3-10 minutes. Call wait_for_completion with inquiry_ids ["${inquiry.id}"] and inquiry_type "research"; each call waits up to ${minutes} minute(s) and answers in_progress with the progress so far until the report is done.`,
    };
    return { structured, text: rendered(structured.message, structured) };
  },
});

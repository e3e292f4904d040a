import { z } from 'zod';
import { DimensionsSchema, QuestionSchema } from '../schemas.js';
import { checkQuestion } from '../submit.js';
import { defineTool, rendered } from '../tool.js';

/** Questions in one ask_questions call (the spec leaves the maximum open). */
export const MAX_BATCH = 20;

export const askQuestions = defineTool({
  name: 'ask_questions',
  title: 'Ask several questions in parallel',
  description:
    `Submits several independent questions at once (1 to ${MAX_BATCH}); each gets its own thread and they run in parallel. Use it for the steps of a plan ` +
    '(see data_collection_strategy); each question must stand alone (name the metric, breakdown and period). Returns at once with inquiries ' +
    '(inquiry_id, question, status "processing", and the session_id of its thread) and total_inquiries. ' +
    'Next: wait_for_completion with all the inquiry_ids, then get_questions_data.',
  input: {
    questions: z
      .array(z.object({ question: QuestionSchema, dimensions: DimensionsSchema.optional() }))
      .min(1)
      .max(MAX_BATCH)
      .describe(`1 to ${MAX_BATCH} questions, each with optional dimensions`),
  },
  output: {
    inquiries: z.array(z.object({ inquiry_id: z.string(), question: z.string(), status: z.string(), session_id: z.string() })),
    total_inquiries: z.number().int(),
  },
  readOnly: false,
  idempotent: false,
  async run({ args, ctx, principal }) {
    const items = args.questions.map((q, i) => ({
      question: checkQuestion(ctx, q.question, `questions[${i}].question`),
      dimensions: q.dimensions ?? null,
    }));
    const submitted = await ctx.runtime.inquiries.submitBatch(principal, items);
    const inquiries = submitted.map(({ session, inquiry }) => ({
      inquiry_id: inquiry.id,
      question: inquiry.question,
      status: 'processing',
      session_id: session.id,
    }));
    const structured = { inquiries, total_inquiries: inquiries.length };
    return {
      structured,
      text: rendered(
        `Submitted ${inquiries.length} questions; call wait_for_completion with inquiry_ids ${JSON.stringify(inquiries.map((i) => i.inquiry_id))}.`,
        structured,
      ),
    };
  },
});

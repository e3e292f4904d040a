import { z } from 'zod';
import { defineTool, rendered } from '../tool.js';

export const dataCollectionStrategy = defineTool({
  name: 'data_collection_strategy',
  title: 'Record an analysis plan',
  description:
    'Before a complex analysis that needs several questions, write down the plan: which facts you need and how they combine. ' +
    'The plan is recorded for this MCP session (nothing is run) and the reply lists next_steps. ' +
    'Next: ask_questions with one self-contained question per fact, then wait_for_completion, then get_questions_data.',
  input: {
    strategy: z.string().trim().min(1).max(20_000).describe('The analysis plan: the questions to ask and how their answers combine'),
  },
  output: { strategy_recorded: z.boolean(), next_steps: z.array(z.string()) },
  readOnly: false,
  idempotent: true,
  async run({ args, ctx }) {
    await ctx.session.recordPlan(args.strategy);
    const steps = args.strategy
      .split(/\n+|(?<=[.;?])\s+(?=\d+[.)]\s)/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    const structured = {
      strategy_recorded: true,
      next_steps: [
        `Turn ${steps.length > 1 ? `the ${steps.length} steps of the plan` : 'the plan'} into self-contained questions: each names the metric, the breakdown and the period (no "it" or "that" across questions).`,
        'Submit the independent questions at once with ask_questions; each gets its own thread and they run in parallel.',
        'Call wait_for_completion with all the inquiry_ids (return_partial_results: true if some may fail), then get_questions_data for the full tables.',
        "Ask follow-ups on one answer with ask_a_question and that answer's session_id; combine the results yourself.",
      ],
    };
    return {
      structured,
      text: rendered(`Plan recorded.\nNext steps:\n${structured.next_steps.map((s, i) => `${i + 1}. ${s}`).join('\n')}`, structured),
    };
  },
});

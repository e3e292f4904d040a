import { z } from 'zod';
import { INQUIRY_TYPES, isTerminal } from '../../schemas/inquiry.js';
import { ToolError } from '../errors.js';
import { InquiryIdSchema, InquiryResultSchema, ToolStatusSchema } from '../schemas.js';
import { renderInquiry } from '../render.js';
import { defineTool, rendered } from '../tool.js';
import { loadInquiries, progressOf, waitForAll } from '../wait.js';

export const waitForCompletion = defineTool({
  name: 'wait_for_completion',
  title: 'Wait for inquiries to finish',
  description:
    'Waits until all listed inquiries have finished and returns their full results (answer, sql_query, data, chart, ...; research: final_answer, progress, operations). ' +
    'Sends progress notifications while waiting. Regular questions: status "done" once all finished, or "processing" if the wait window closed first (call again). ' +
    'Research (inquiry_type "research", required for ask_a_research_question inquiries): each call waits at most 3 minutes and then answers status "in_progress" ' +
    'with the current progress (0-100) and operations so far; call again until "done". ' +
    'return_partial_results (default false): when false and any inquiry ended unsuccessfully (failed, timeout, stopped, out_of_scope, out_of_domain, no_data), ' +
    "the call reports those as an error instead of results; pass true to get every finished result together with the unsuccessful ones' status and reason. " +
    "Next: get_questions_data to re-read results later, or ask_a_question for a follow-up in an inquiry's thread.",
  input: {
    inquiry_ids: z.array(InquiryIdSchema).min(1).max(50).describe('Inquiries to wait for (1 to 50), all of the same inquiry_type'),
    return_partial_results: z
      .boolean()
      .default(false)
      .describe('Return finished results even when some inquiries ended unsuccessfully (default false)'),
    inquiry_type: z
      .enum(INQUIRY_TYPES)
      .default('agent')
      .describe('"agent" for regular questions (default), "research" for ask_a_research_question inquiries'),
  },
  output: {
    status: ToolStatusSchema.describe(
      'done when every inquiry has finished; processing (regular) or in_progress (research) when the wait window closed first',
    ),
    inquiry_type: z.enum(INQUIRY_TYPES),
    progress: z.number().int().min(0).max(100).describe("Overall progress, 0-100 (research: mean of the inquiries' progress)"),
    total_inquiries: z.number().int(),
    finished: z.number().int(),
    unsuccessful: z.number().int().describe('Finished with a status other than done'),
    results: z.array(InquiryResultSchema),
  },
  readOnly: true,
  idempotent: true,
  async run({ args, ctx, principal, extra }) {
    const { inquiries, config } = ctx.runtime;
    const ids = [...new Set(args.inquiry_ids)];
    const type = args.inquiry_type;
    const records = await loadInquiries(ctx, principal, ids, type);
    const windowMs = type === 'research' ? config.mcpResearchWaitMs : config.mcpWaitMs;
    const outcome = await waitForAll(ctx, records, windowMs, extra);
    const results = outcome.records.map((r) => inquiries.toStatusResponse(r));
    const finished = results.filter((r) => isTerminal(r.status.general));
    const unsuccessful = finished.filter((r) => r.status.general !== 'done');
    if (unsuccessful.length > 0 && !args.return_partial_results) {
      const list = unsuccessful
        .map((r) => `- ${r.inquiry_id} "${r.user_input}": ${r.status.general}${r.error ? ` (${r.error})` : ''}`)
        .join('\n');
      throw new ToolError(
        'failed',
        `${unsuccessful.length} of ${results.length} inquiries ended unsuccessfully:\n${list}`,
        'Call wait_for_completion again with return_partial_results: true to get the results that did finish, and rephrase or narrow the unsuccessful questions (search_semantic_layer shows what the data covers).',
      );
    }
    const progress = Math.round(results.reduce((sum, r) => sum + progressOf(r, 20_000), 0) / results.length);
    const status = outcome.unfinished ? (type === 'research' ? 'in_progress' : 'processing') : 'done';
    const structured = {
      status,
      inquiry_type: type,
      progress,
      total_inquiries: results.length,
      finished: finished.length,
      unsuccessful: unsuccessful.length,
      results,
    };
    const head =
      status === 'done'
        ? `All ${results.length} finished (${unsuccessful.length} unsuccessful).`
        : `${finished.length} of ${results.length} finished; progress ${progress}%. Call wait_for_completion again with the same arguments.`;
    return { structured, text: rendered([head, ...results.map(renderInquiry)].join('\n\n'), structured) };
  },
});

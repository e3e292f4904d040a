import { z } from 'zod';
import { isTerminal } from '../../schemas/inquiry.js';
import { ToolError } from '../errors.js';
import { InquiryIdSchema, InquiryResultSchema } from '../schemas.js';
import { renderInquiry } from '../render.js';
import { defineTool, rendered } from '../tool.js';
import { loadInquiries } from '../wait.js';

export const getQuestionsData = defineTool({
  name: 'get_questions_data',
  title: 'Full results of finished inquiries',
  description:
    'Returns the full results of several finished inquiries in one call, in the order given: status, question, answer, sql_query, the data table ' +
    '(every row), chart, time_frame, explanation; research inquiries carry final_answer, progress and operations. ' +
    'Every listed inquiry must have finished: if one is still running the call says which, and you call wait_for_completion first ' +
    '(inquiry_type "research" for research inquiries).',
  input: { inquiry_ids: z.array(InquiryIdSchema).min(1).max(50).describe('1 to 50 inquiry ids') },
  output: { inquiries: z.array(InquiryResultSchema), total_inquiries: z.number().int() },
  readOnly: true,
  idempotent: true,
  async run({ args, ctx, principal }) {
    const records = await loadInquiries(ctx, principal, [...new Set(args.inquiry_ids)]);
    const running = records.filter((r) => !isTerminal(r.status));
    if (running.length > 0) {
      const research = running.some((r) => r.type === 'research');
      throw new ToolError(
        'not_finished',
        `Not finished yet: ${running.map((r) => `${r.id} (${r.type === 'research' ? 'research in progress' : 'processing'})`).join(', ')}.`,
        `Call wait_for_completion with inquiry_ids ${JSON.stringify(running.map((r) => r.id))}${research ? ' and inquiry_type "research"' : ''}, then call get_questions_data again.`,
      );
    }
    const list = records.map((r) => ctx.runtime.inquiries.toStatusResponse(r));
    const structured = { inquiries: list, total_inquiries: list.length };
    return { structured, text: rendered(list.map(renderInquiry).join('\n\n'), structured) };
  },
});

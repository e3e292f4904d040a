import { z } from 'zod';
import { INQUIRY_TYPES } from '../../schemas/inquiry.js';
import { InquiryIdSchema, ToolStatusSchema } from '../schemas.js';
import { TYPICAL_MS, estimatedCompletion } from '../submit.js';
import { defineTool, rendered } from '../tool.js';
import { progressOf, toolStatus } from '../wait.js';

export const checkQuestionStatus = defineTool({
  name: 'check_question_status',
  title: "Check an inquiry's status",
  description:
    'A quick, non-blocking look at one inquiry: status ("processing" or "in_progress" while running; "done" or why it ended: failed, timeout, stopped, ' +
    'out_of_scope, out_of_domain, no_data), progress 0-100 and completion_time (when it finished, or the estimate while running). ' +
    'Prefer wait_for_completion to wait; use this to poll every 3-5 s if you must. Next: get_questions_data for the result once done.',
  input: { inquiry_id: InquiryIdSchema },
  output: {
    inquiry_id: z.string(),
    status: ToolStatusSchema,
    progress: z.number().int().min(0).max(100),
    completion_time: z.string().describe('ISO 8601: when it finished, or the estimated completion while running'),
    inquiry_type: z.enum(INQUIRY_TYPES),
    error: z.string().nullable().describe('Why it ended unsuccessfully, else null'),
  },
  readOnly: true,
  idempotent: true,
  async run({ args, ctx, principal }) {
    const { inquiries } = ctx.runtime;
    const record = await inquiries.inquiryFor(principal, args.inquiry_id);
    const response = inquiries.toStatusResponse(record);
    const type = record.type;
    const completion = record.finished_at
      ? new Date(record.finished_at).toISOString()
      : estimatedCompletion(type, Math.max(record.created_at, Date.now() - TYPICAL_MS[type] + 5_000));
    const structured = {
      inquiry_id: record.id,
      status: toolStatus(record),
      progress: progressOf(response, TYPICAL_MS[type]),
      completion_time: completion,
      inquiry_type: type,
      error: record.error,
    };
    return {
      structured,
      text: rendered(`${record.id}: ${structured.status}, ${structured.progress}%${record.error ? ` (${record.error})` : ''}`, structured),
    };
  },
});

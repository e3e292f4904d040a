/** Shared by the tools that submit questions: the length limit and the completion estimate. */
import type { InquiryType } from '../schemas/inquiry.js';
import { ToolError } from './errors.js';
import type { ToolContext } from './tool.js';

/** Typical durations (§1): a regular question 10-30 s, a research question 3-10 minutes. */
export const TYPICAL_MS: Record<InquiryType, number> = { agent: 20_000, research: 300_000 };

export function checkQuestion(ctx: ToolContext, question: string, field = 'question'): string {
  const max = ctx.runtime.config.maxQueryLength;
  if (question.length > max) {
    throw new ToolError(
      'invalid_argument',
      `${field} is ${question.length} characters long; at most ${max} are allowed.`,
      'Shorten the question, or split it into several questions (ask_questions).',
    );
  }
  return question;
}

export function estimatedCompletion(type: InquiryType, from = Date.now()): string {
  return new Date(from + TYPICAL_MS[type]).toISOString();
}

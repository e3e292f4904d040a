/**
 * The question text: one definition for every way a question arrives (REST `query`, research and
 * batch `question`, scheduled reports, the web app, the tools), so the limits and the words of
 * their errors are the same everywhere.
 */
import { z } from 'zod';

/** A question: trimmed, not empty. The tools use it as is and check the length with a hint. */
export const QuestionTextSchema = z.string().trim().min(1).describe('The business question in plain language');

/** A question field of a request body: required, trimmed, 1 to `maxLength` characters, errors naming `field`. */
export function questionField(field: string, maxLength: number, what = 'the question') {
  return z
    .string({
      error: (issue) => (issue.input === undefined ? `${field} is required: ${what} as a string` : `${field} must be a string: ${what}`),
    })
    .trim()
    .min(1, { error: `${field} must not be empty` })
    .max(maxLength, { error: `${field} must be at most ${maxLength} characters` })
    .describe(`${what[0]!.toUpperCase()}${what.slice(1)} in plain language (1 to ${maxLength} characters)`);
}

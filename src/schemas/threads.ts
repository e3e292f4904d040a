/** Threads (sessions) as the web app's history shows them. */
import { z } from 'zod';
import { INQUIRY_TYPES, InquiryStatusResponseSchema } from './inquiry.js';

export const ThreadSummarySchema = z.object({
  session_id: z.string(),
  created_at: z.string(),
  title: z.string().describe('The first question of the thread'),
  inquiry_type: z.enum(INQUIRY_TYPES).nullable(),
  total_inquiries: z.number().int(),
  last_inquiry_id: z.string().nullable(),
  last_status: z.string().nullable(),
  updated_at: z.string(),
});
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;

export const ThreadListSchema = z.object({ threads: z.array(ThreadSummarySchema) });

export const ThreadSchema = z.object({
  session_id: z.string(),
  created_at: z.string(),
  inquiries: z.array(InquiryStatusResponseSchema).describe('Oldest first'),
});

export const StarterQuestionsSchema = z.object({
  questions: z.array(z.object({ question: z.string(), source: z.enum(['verified', 'catalogue']) })),
});

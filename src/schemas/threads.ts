/** Threads (sessions) as the web app's history shows them. */
import { z } from 'zod';
import { INQUIRY_TYPES, InquiryStatusResponseSchema } from './inquiry.js';

export const ThreadSummarySchema = z.object({
  session_id: z.string(),
  created_at: z.string(),
  title: z.string().describe("The thread's name: as renamed, else its first question"),
  inquiry_type: z.enum(INQUIRY_TYPES).nullable(),
  total_inquiries: z.number().int(),
  last_inquiry_id: z.string().nullable(),
  last_status: z.string().nullable(),
  updated_at: z.string().describe('Last activity: when its latest question was asked'),
});
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;

export const ThreadListSchema = z.object({ threads: z.array(ThreadSummarySchema) });

export const ThreadSchema = z.object({
  session_id: z.string(),
  created_at: z.string(),
  title: z.string().optional().describe('As renamed, else the first question'),
  inquiries: z.array(InquiryStatusResponseSchema).describe('Oldest first'),
});

export const StarterQuestionsSchema = z.object({
  questions: z.array(z.object({ question: z.string(), source: z.enum(['verified', 'catalogue']) })),
});

/**
 * The web app's one door to the server: /ui/api with the sign-in cookie (sent by the browser) and
 * the CSRF token on every state-changing request. Types are the server's own zod schemas.
 */
import type { z } from 'zod';
import type { AnswerExplanation, ChartMetadata } from '../../src/answer/types.js';
import type { InquiryCreatedSchema, SessionCreatedSchema } from '../../src/api/schemas.js';
import type { InquiryStatusResponse } from '../../src/schemas/inquiry.js';
import type { Report, ReportRunsSchema, ResearchSubmitted } from '../../src/schemas/research.js';
import type { ApiKeyCreatedSchema, ApiKeyView } from '../../src/schemas/keys.js';
import type { EntityDetailSchema, SemanticOverviewSchema, SemanticSearchSchema } from '../../src/schemas/semantic.js';
import type { ModelEditsViewSchema } from '../../src/schemas/model-edits.js';
import type { SignedInView } from '../../src/schemas/users.js';
import type { StarterQuestionsSchema, ThreadSchema, ThreadSummary } from '../../src/schemas/threads.js';

// Type-only imports: the schemas (and zod) stay out of the bundle.
export type { InquiryStatusResponse, Report, ResearchSubmitted, ApiKeyView, SignedInView, ThreadSummary };
/** What answer_explanation and chart.chart_metadata hold (the status schema leaves them open objects). */
export type { AnswerExplanation, ChartMetadata };
export type Thread = z.infer<typeof ThreadSchema>;
export type StarterQuestions = z.infer<typeof StarterQuestionsSchema>;
export type SessionCreated = z.infer<typeof SessionCreatedSchema>;
export type InquiryCreated = z.infer<typeof InquiryCreatedSchema>;
/** A vague question's overview answer: the headline metrics, each with its drill-in query. */
export type InquiryOverview = NonNullable<InquiryStatusResponse['overview']>;
export type ReportRuns = z.infer<typeof ReportRunsSchema>;
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;
export type SemanticOverview = z.infer<typeof SemanticOverviewSchema>;
export type ModelEditsView = z.infer<typeof ModelEditsViewSchema>;
export type SemanticSearch = z.infer<typeof SemanticSearchSchema>;
export type EntityDetail = z.infer<typeof EntityDetailSchema>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

let csrfToken = '';
let onSignedOut: () => void = () => undefined;

export function setCsrfToken(token: string): void {
  csrfToken = token;
}
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
  let response: Response;
  try {
    response = await fetch(`/ui/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'The server cannot be reached. Check that Quarry is running, then try again.');
  }
  const isJson = response.headers.get('content-type')?.includes('json');
  const data = isJson ? ((await response.json()) as unknown) : null;
  if (!response.ok) {
    if (response.status === 401 && path !== '/me' && path !== '/login') onSignedOut();
    const detail = (data as { detail?: string } | null)?.detail;
    throw new ApiError(response.status, detail ?? `${response.status} ${response.statusText}`);
  }
  return data as T;
}

export const isTerminal = (s: string) => s !== 'processing';

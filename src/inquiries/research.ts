/**
 * Research and batch submission, shared by REST (`POST /api/research`, `POST /api/inquiries/batch`),
 * the tool interface (ask_a_research_question, ask_questions), the CLI and scheduled reports.
 */
import type { Principal } from '../auth/keys.js';
import { plural } from '../schemas/research.js';
import type { Dimensions } from '../schemas/inquiry.js';
import {
  MAX_BATCH_QUESTIONS,
  resolveBudget,
  type BatchSubmitted,
  type ResearchBudget,
  type ResearchBudgetInput,
  type ResearchSubmitted,
} from '../schemas/research.js';
import type { InquiryRecord, SessionRecord } from '../store/repositories.js';
import { ServiceError } from './errors.js';
import type { InquiryService } from './service.js';

export interface ResearchRequest {
  question: string;
  dimensions?: Dimensions | null;
  budget?: ResearchBudgetInput | null;
}

export interface ResearchSubmission extends ResearchSubmitted {
  session: SessionRecord;
  inquiry: InquiryRecord;
  budget: ResearchBudget;
}

export class ResearchService {
  constructor(private readonly inquiries: InquiryService) {}

  /** Starts an investigation in a new session; answers at once (status `submitted`). */
  async submit(principal: Principal, request: ResearchRequest, origin: 'api_key' | 'ui' = 'api_key'): Promise<ResearchSubmission> {
    return (await this.submitClaimed(principal, request, origin))!;
  }

  /** Starts an investigation only if `claim` agrees (a scheduled report's due time); null when it did not. */
  async submitClaimed(
    principal: Principal,
    request: ResearchRequest,
    origin: 'api_key' | 'ui',
    claim?: (inquiry: InquiryRecord) => Promise<boolean>,
  ): Promise<ResearchSubmission | null> {
    const budget = resolveBudget(request.budget);
    const stored = await this.inquiries.submitInNewSession(
      principal,
      { question: request.question, dimensions: request.dimensions ?? null, type: 'research', options: { budget } },
      origin,
      claim,
    );
    if (!stored) return null;
    const { session, inquiry } = stored;
    return {
      session,
      inquiry,
      budget,
      session_id: session.id,
      inquiry_id: inquiry.id,
      status: 'submitted',
      message:
        `Research started (at most ${plural(budget.rounds, 'round')}, ${plural(budget.queries, 'query', 'queries')}, ${plural(budget.minutes, 'minute')}). ` +
        `Poll GET /api/inquiry/${inquiry.id}/status for progress and operations, or long-poll GET /api/inquiry/${inquiry.id}/result; the report is in final_answer.`,
    };
  }

  /** Several questions, each in its own new session, run in parallel (§2 batch submission result). */
  async submitBatch(principal: Principal, questions: { question: string; dimensions?: Dimensions | null }[]): Promise<BatchSubmitted> {
    if (questions.length === 0) throw new ServiceError(422, 'questions must hold at least one question');
    if (questions.length > MAX_BATCH_QUESTIONS) throw new ServiceError(422, `questions must hold at most ${MAX_BATCH_QUESTIONS} questions`);
    const submitted = await this.inquiries.submitBatch(
      principal,
      questions.map((q) => ({ question: q.question, dimensions: q.dimensions ?? null })),
    );
    const inquiries = submitted.map(({ session, inquiry }) => ({
      inquiry_id: inquiry.id,
      session_id: session.id,
      question: inquiry.question,
      status: inquiry.status,
    }));
    return { inquiries, total_inquiries: inquiries.length };
  }
}

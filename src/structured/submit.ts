/**
 * One way in for a structured query, shared by REST, the tool interface and the web app: checked
 * against the model (422 naming the field), then stored and queued like a question, with the query
 * in the inquiry's options; the agent engine runs it in place of interpretation.
 */
import type { Principal } from '../auth/keys.js';
import { RequestValidationError } from '../inquiries/engine.js';
import { unavailable } from '../inquiries/errors.js';
import type { InquiryRecord } from '../store/repositories.js';
import type { Runtime } from '../runtime.js';
import type { StructuredInquiryBody } from '../schemas/structured.js';
import type { SemanticQuery } from '../semantic/query.js';
import { describeQuery } from './describe.js';
import { validateStructuredQuery } from './validate.js';

/** The key of an inquiry's options that carries its structured query. */
export const STRUCTURED_OPTION = 'semantic_query';

/** The structured query of an inquiry's stored options, if it was submitted as one. */
export function structuredQueryOf(options: Record<string, unknown> | null | undefined): SemanticQuery | null {
  const q = options?.[STRUCTURED_OPTION];
  return q && typeof q === 'object' ? (q as SemanticQuery) : null;
}

/** Checks the body and returns the request the inquiry service stores. */
export async function structuredRequest(runtime: Pick<Runtime, 'engine'>, principal: Principal, body: StructuredInquiryBody) {
  if (!runtime.engine.resources)
    throw unavailable("Structured queries need the semantic layer, which this server's engine does not have.", 5);
  // checked against the model of the account's own warehouse, the one it will run on
  const resources = await runtime.engine.resources(principal.accountId);
  const query = body.semantic_query as SemanticQuery;
  validateStructuredQuery(resources.layer.model, resources.warehouse, query);
  const question = body.question ?? describeQuery(resources.layer.model, query);
  if (!question.trim()) throw new RequestValidationError('question: could not be written from the query; give one');
  return { question, dimensions: body.dimensions ?? null, options: { [STRUCTURED_OPTION]: query } };
}

export async function submitStructured(
  runtime: Pick<Runtime, 'engine' | 'inquiries'>,
  principal: Principal,
  sessionId: string,
  body: StructuredInquiryBody,
): Promise<InquiryRecord> {
  return runtime.inquiries.submit(principal, sessionId, await structuredRequest(runtime, principal, body));
}

/**
 * What runs an inquiry. The lifecycle (submit, queue, time limit, stop, terminal write) knows
 * nothing of questions or SQL; an engine (the agent graph, the research graph) does the work.
 */
import type { Dimensions, InquiryType, TerminalState } from '../schemas/inquiry.js';
import type { SemanticLayer } from '../semantic/values.js';
import type { Warehouse } from '../warehouse/types.js';
import type { WarehouseInfo } from '../schemas/warehouse.js';

export interface InquiryJob {
  id: string;
  sessionId: string;
  accountId: string;
  type: InquiryType;
  question: string;
  dimensions: Dimensions | null;
  options: Record<string, unknown> | null;
  /** Earlier inquiries of the same session, oldest first (for follow-ups). */
  history: { question: string; status: string; resolved: unknown }[];
}

export interface InquiryOutcome {
  /** Engines end done / failed / out_of_domain / out_of_scope / no_data; the lifecycle ends timeout and stopped. */
  status: Exclude<TerminalState, 'stopped'>;
  /** Answer fields (agent) or research fields; stored as the inquiry's result. */
  result: object;
  /** The resolved query, kept for follow-ups in the session. */
  resolved?: unknown;
  /** Why it ended unsuccessfully, in words a user understands. */
  error?: string;
}

export interface RunContext {
  /** Aborted on stop, server-side time limit or shutdown; running queries must be cancelled. */
  signal: AbortSignal;
  /** Stores partial results while processing (research progress and operations). */
  reportProgress(result: Record<string, unknown>): Promise<void>;
}

/**
 * The account's warehouse cannot be used: the account names a warehouse this deployment does not
 * configure (QUARRY_WAREHOUSES changed), or the account is gone. Never answered from another
 * warehouse instead.
 */
export class AccountWarehouseError extends Error {
  override name = 'AccountWarehouseError';
}

/** Thrown by validation when a request names what the model does not have (→ 422). */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
}

export interface ReadinessCheck {
  name: string;
  ok: boolean;
  detail?: string;
}

export interface InquiryEngine {
  /** Validates request dimensions against the model of the account's warehouse; throws RequestValidationError. */
  validateDimensions(dimensions: Dimensions, accountId: string): void | Promise<void>;
  run(job: InquiryJob, ctx: RunContext): Promise<InquiryOutcome>;
  readiness(): Promise<ReadinessCheck[]>;
  /**
   * Called once an inquiry is terminal and its run (if any) has returned: the engine forgets
   * what it kept to resume it (research checkpoints).
   */
  ended?(inquiryId: string, type: InquiryType): Promise<void>;
  close?(): Promise<void>;
  /**
   * The semantic layer and warehouse the engine answers one account from, for callers that read
   * them directly (the tool interface's discovery tools and run_sql_query, structured queries, the
   * web app's model browser); AccountWarehouseError when the account's cannot be used. Engines
   * without them leave it out.
   */
  resources?(accountId: string): Promise<EngineResources>;
}

export interface EngineResources {
  layer: SemanticLayer;
  warehouse: Warehouse;
  /** Which warehouse it is, as shown to callers. */
  info: WarehouseInfo;
}

import type { SemanticModel } from '../semantic/model.js';
import type { SemanticQuery } from '../semantic/query.js';

export interface InterpretContext {
  model: SemanticModel;
  /** Stored distinct values of the model's indexed dimensions: dimension name -> values. */
  values: Map<string, string[]>;
  /** "Today" for relative periods, YYYY-MM-DD (the model's as_of, resolved by the caller). */
  asOf: string;
  /** The session's last resolved query, for follow-up fragments. */
  previous?: SemanticQuery;
  /** Values that select the same rows in several dimensions: value (lower case) -> groups of dimensions. */
  sameRows?: Record<string, string[][]>;
}

/** A question the interpreter answers as written, close to one it refused, with its query. */
export interface ClosestReading {
  question: string;
  query: SemanticQuery;
}

export type Interpretation =
  | {
      kind: 'query';
      query: SemanticQuery;
      /** 0..1: lower when words went unrecognised or defaults were assumed. */
      confidence: number;
      /** Human-readable steps (the "thinking"). */
      notes: string[];
      /** true when the question modified `previous` rather than standing alone. */
      followUp: boolean;
    }
  | {
      kind: 'out_of_domain';
      /** Short: why this is not a data question. */
      reason: string;
      /** What the model can answer (metrics, dimensions), for one field of the answer. */
      catalogue?: string;
    }
  | {
      kind: 'out_of_scope';
      /** Short: what was not understood or is not modelled, with near matches. */
      reason: string;
      /** Words of the question that no construction consumed (what the LLM planner should read). */
      unconsumed?: string[];
      /** What was understood without those words: a hint for the planner, never an answer. */
      partial?: SemanticQuery;
      /**
       * The nearest complete reading, offered as a suggestion: the question without the words not
       * understood, which this interpreter answers as written, and its query (never run unasked).
       */
      closest?: ClosestReading;
      /** What the model can answer (metrics, dimensions), for one field of the answer. */
      catalogue?: string;
    };

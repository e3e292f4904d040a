/**
 * A construction recognises one shape of question in the spans ("customers with more than 30
 * orders", "second largest", "1997 vs 1996"), takes its mentions away from the general rules
 * before the query is built, and edits the built query. It consumes (ledger) exactly the words
 * it put into the query, and only when it applied: coverage then sees what is left over.
 */
import type { SemanticQuery } from '../../semantic/query.js';
import type { Analysis } from '../analyse.js';
import type { Lexicon } from '../lexicon.js';
import type { Item } from '../spans.js';
import type { Token } from '../text.js';
import type { InterpretContext } from '../types.js';

export interface ConstructionInput {
  items: Item[];
  a: Analysis;
  lex: Lexicon;
  ctx: InterpretContext;
  /** The tokens the items span, and the text their offsets point into (quoted texts are read from it). */
  tokens?: Token[];
  text?: string;
}

/** What a recognised construction does to the built query. */
export interface Claim {
  /** Which construction (for notes and tests). */
  construction: string;
  /** Edits the built query; a string is a refusal reason (the construction cannot apply). */
  apply(query: SemanticQuery, notes: string[]): SemanticQuery | string;
}

export interface Construction {
  name: string;
  /** Recognises the construction in the analysis (may take mentions away from the general rules). */
  recognise(input: ConstructionInput): Claim | null;
}

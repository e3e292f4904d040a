/** The rule-based interpreter: question -> SemanticQuery or an honest refusal (see CONTEXT.md). */
export { interpret } from './interpret.js';
export type { InterpretContext, Interpretation } from './types.js';
export { resolveRequestDimensions, DimensionValidationError } from './dimensions.js';
export { findTimeExpressions, OPEN_START, type TimeHit } from './time.js';
export { getLexicon, type Lexicon } from './lexicon.js';

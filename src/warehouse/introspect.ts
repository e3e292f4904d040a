/** Model drafting moved to `src/semantic/draft/`; this path stays for imports written before the move. */
export * from '../semantic/draft/index.js';

import type { Runtime } from '../runtime.js';

/** What every route plugin receives. */
export interface ApiDeps {
  runtime: Runtime;
}

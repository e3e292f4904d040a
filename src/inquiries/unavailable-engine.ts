/**
 * The engine used when no question interpreter could be loaded (e.g. the semantic model failed to
 * load): every inquiry ends `failed` with the reason, never with a made-up answer.
 */
import type { InquiryEngine } from './engine.js';

export function unavailableEngine(reason: string): InquiryEngine {
  return {
    validateDimensions() {},
    async run() {
      return { status: 'failed', result: {}, error: `Quarry cannot answer questions right now: ${reason}` };
    },
    async readiness() {
      return [{ name: 'engine', ok: false, detail: reason }];
    },
  };
}

import type { ResearchStateType, ResearchUpdate } from '../state.js';

/** Waits for every sub-question of the round (finished, failed or timed out) and takes stock. */
export async function gather(state: ResearchStateType): Promise<ResearchUpdate> {
  const ids = new Set(state.subQuestions.filter((s) => s.round === state.round).map((s) => s.id));
  const ops = state.operations.filter((o) => ids.has(o.id));
  const failed = ops.filter((o) => o.status !== 'done' && o.status !== 'no_data');
  return {
    steps: `Round ${state.round}: ${ops.length - failed.length} of ${ids.size} sub-questions answered${failed.length ? `; ${failed.map((o) => `${o.id} ${o.status}`).join(', ')} recorded as partial results` : ''}.`,
  };
}

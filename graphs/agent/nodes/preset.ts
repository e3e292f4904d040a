import type { AgentStateType, AgentUpdate } from '../state.js';
import { withRequestFilters } from './interpret.js';

/** A query resolved beforehand (a research sub-question, a structured query) takes the place of interpretation. */
export async function preset(state: AgentStateType): Promise<AgentUpdate> {
  const query = withRequestFilters(state.presetQuery!, state.requestFilters ?? []);
  const notes = [
    'The query was given as a structured query (or resolved beforehand, for a research sub-question); interpretation skipped.',
  ];
  return { interpretation: { kind: 'query', query: state.presetQuery!, confidence: 1, notes, followUp: false }, query, steps: notes };
}

import type { AnswerFields } from './types.js';

/** Every answer field present with an empty value (an inquiry still processing). */
export function emptyAnswerFields(): AnswerFields {
  return {
    answer: '',
    sql_query: '',
    data: { title: '', data: [], symbols: {}, semantic_types: {} },
    chart: { chart_type: '', chart_metadata: {}, chart_data: [] },
    explanation: '',
    time_frame: '',
    answer_explanation: {},
    thinking: { title: '', messages: [] },
  };
}

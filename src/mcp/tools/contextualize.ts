import { z } from 'zod';
import { defineTool, rendered, resourcesOf } from '../tool.js';

export const contextualize = defineTool({
  name: 'contextualize',
  title: 'Business context',
  description:
    'Call this first in any conversation about the business data. Returns company_info (who the company is, currency, how far the data goes), ' +
    'available_entities (names of the entities, metrics and dimensions questions can use) and capabilities (what can be asked and which tool to use). ' +
    'Next: ask_a_single_question for one question; data_collection_strategy then ask_questions for several; ask_a_research_question for an open-ended investigation; ' +
    'get_semantic_layer_summary to explore the catalogue.',
  input: {},
  output: {
    company_info: z
      .record(z.string(), z.unknown())
      .describe(
        'The company as described by the semantic model (name, industry, currency, ...), data_as_of, and warehouse: the one this account asks (name, engine, model)',
      ),
    available_entities: z.array(z.string()).describe('Names of entities, metrics and dimensions'),
    capabilities: z.string(),
  },
  readOnly: true,
  idempotent: true,
  async run(call) {
    const { layer, warehouse, info } = await resourcesOf(call);
    const m = layer.model;
    const metrics = [...m.measures, ...m.metrics].map((x) => x.name);
    const dims = m.dimensions.map((d) => d.name);
    const times = m.time_dimensions.map((d) => d.name);
    const structured = {
      company_info: { ...m.company, data_as_of: layer.asOf, warehouse: info },
      available_entities: layer.catalogue.summary().entities.map((e) => e.name),
      capabilities: [
        `Answers business questions in plain language from the ${warehouse.dialect} warehouse "${info.name}" of ${String(m.company.name ?? m.name)}: each answer has text, the SQL that ran, the result table and a chart.`,
        `Metrics: ${metrics.join(', ')}. Breakdowns and filters (also usable as the dimensions argument): ${dims.join(', ')}. Dates: ${times.join(', ')}. Relative periods ("last year") are anchored on ${layer.asOf}.`,
        'A regular question takes 10-30 s (ask_a_single_question waits for it; ask_a_question / ask_questions return at once, then wait_for_completion). Follow-ups reuse a thread (session_id).',
        'A research question (ask_a_research_question) runs many queries and writes a report; it takes minutes: wait with wait_for_completion and inquiry_type "research", repeating while it says in_progress.',
        'Discovery: get_semantic_layer_summary, search_semantic_layer, get_semantic_layer_entity. Direct read-only SQL: run_sql_query.',
      ].join('\n'),
    };
    return {
      structured,
      text: rendered(`Context for ${String(m.company.name ?? m.name)} (data as of ${layer.asOf}).\n${structured.capabilities}`, structured),
    };
  },
});

import { z } from 'zod';
import { defineTool, rendered, resourcesOf } from '../tool.js';

export const getAccountInfo = defineTool({
  name: 'get_account_info',
  title: 'Account information',
  description:
    "Returns the company this account's data describes (company: name, industry, currency, data range, and `warehouse`: the warehouse this account asks — name, engine, model) and its glossary (business term → definition). " +
    'Use it to learn the vocabulary before phrasing questions or to explain a term to the user. Next: contextualize for capabilities, or ask a question.',
  input: {},
  output: {
    company: z.record(z.string(), z.unknown()),
    glossary: z.record(z.string(), z.string()).describe('Business term → definition'),
  },
  readOnly: true,
  idempotent: true,
  async run(call) {
    const { layer, info } = await resourcesOf(call);
    const structured = {
      company: { ...layer.model.company, warehouse: info } as Record<string, unknown>,
      glossary: { ...layer.model.glossary },
    };
    const terms = Object.entries(structured.glossary).map(([t, d]) => `- ${t}: ${d}`);
    return {
      structured,
      text: rendered(
        `${String(structured.company.name ?? layer.model.name)} (warehouse ${info.name}, ${info.engine})\nGlossary:\n${terms.join('\n') || '(empty)'}`,
        structured,
      ),
    };
  },
});

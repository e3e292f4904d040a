/**
 * A broker's clients and their trades, shared by the tests of distinct counts: one relationship, the
 * trade's kind indexed. Each test adds the measures and defaults it is about. `client_count` is named
 * like the distinct count of clients on purpose: a ranking or a listed count must not take it for that.
 */
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema, type SemanticModelInput } from '../../src/semantic/model.js';

export function brokerModel(
  extra: { kindSynonyms?: string[]; measures?: SemanticModelInput['measures']; defaults?: SemanticModelInput['defaults'] } = {},
) {
  return SemanticModelSchema.parse({
    name: 'broker',
    entities: [
      { name: 'client', table: 'client', primary_key: 'id', synonyms: ['clients'] },
      { name: 'trade', table: 'trade', primary_key: 'id', synonyms: ['trades'] },
    ],
    relationships: [{ from: 'trade', to: 'client', on: [['client_id', 'id']] }],
    dimensions: [
      { name: 'client_name', entity: 'client', sql: '${TABLE}.name', label: 'Client name' },
      {
        name: 'trade_kind',
        entity: 'trade',
        sql: '${TABLE}.kind',
        label: 'Trade kind',
        ...(extra.kindSynonyms ? { synonyms: extra.kindSynonyms } : {}),
        index_values: true,
      },
    ],
    measures: [
      { name: 'client_count', entity: 'client', agg: 'count', label: 'Clients', time_bound: false },
      { name: 'trade_count', entity: 'trade', agg: 'count', label: 'Trades', time_bound: false },
      ...(extra.measures ?? []),
    ],
    ...(extra.defaults ? { defaults: extra.defaults } : {}),
  });
}

/** The question read against a broker model whose trades are of these kinds. */
export const askBroker = (model: ReturnType<typeof brokerModel>, kinds: string[]) => (q: string) =>
  interpret(q, { model, values: new Map([['trade_kind', kinds]]), asOf: '2024-06-30' });

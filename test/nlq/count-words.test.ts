/**
 * Counting words are grammar: "count of distinct X", "the count of X per Y" count, even when the
 * model also has a phrase ending with "count" ("ticker count", "patient count") for the thing named.
 * Before, "count" was read as the head of that phrase ("ticker count of distinct tickers") and the
 * question was refused. Two vocabularies of our own: a brokerage and a clinic.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema, type SemanticModel } from '../../src/semantic/model.js';

const brokerage = SemanticModelSchema.parse({
  name: 'brokerage',
  entities: [
    { name: 'stock', table: 'stocks', primary_key: 'id', synonyms: ['stocks'] },
    { name: 'trade', table: 'trades', primary_key: 'id', synonyms: ['trades'] },
  ],
  relationships: [{ from: 'trade', to: 'stock', on: [['stock_id', 'id']] }],
  dimensions: [
    { name: 'stock_symbol', entity: 'stock', sql: '${TABLE}.symbol', label: 'Symbol' },
    { name: 'trade_kind', entity: 'trade', sql: '${TABLE}.kind', label: 'Trade kind' },
  ],
  measures: [
    { name: 'stock_count', entity: 'stock', agg: 'count', label: 'Stocks', synonyms: ['stock count'] },
    { name: 'trade_count', entity: 'trade', agg: 'count', label: 'Trades', synonyms: ['trade count'] },
  ],
});

const clinic = SemanticModelSchema.parse({
  name: 'clinic',
  entities: [
    { name: 'patient', table: 'patients', primary_key: 'id', synonyms: ['patients'] },
    { name: 'visit', table: 'visits', primary_key: 'id', synonyms: ['visits'] },
  ],
  relationships: [{ from: 'visit', to: 'patient', on: [['patient_id', 'id']] }],
  dimensions: [
    { name: 'ward', entity: 'visit', sql: '${TABLE}.ward', label: 'Ward' },
    { name: 'patient_town', entity: 'patient', sql: '${TABLE}.town', label: 'Town' },
  ],
  measures: [
    { name: 'patient_count', entity: 'patient', agg: 'count', label: 'Patients', synonyms: ['patient count'] },
    { name: 'visit_count', entity: 'visit', agg: 'count', label: 'Visits', synonyms: ['visit count'] },
  ],
});

const read = (model: SemanticModel, question: string) => {
  const r = interpret(question, { model, values: new Map(), asOf: '2024-05-01' });
  if (r.kind !== 'query') throw new Error(`expected a query for "${question}", got ${r.kind}: ${r.reason}`);
  return r.query;
};

describe('counting words beside a "<thing> count" phrase', () => {
  it('"count of distinct" is the same question as "number of distinct"', () => {
    const counted = read(brokerage, 'What is the count of distinct stocks per trade kind?');
    expect(counted).toEqual(read(brokerage, 'What is the number of distinct stocks per trade kind?'));
    expect(counted.distinct_counts?.map((d) => d.entity)).toEqual(['stock']);
    expect(read(clinic, 'count of distinct patients for each ward')).toEqual(read(clinic, 'number of distinct patients for each ward'));
  });

  it('"the count of X per Y" counts X', () => {
    const q = read(clinic, 'the count of patients per town');
    expect(q.metrics).toEqual(['patient_count']);
    expect(q.group_by).toEqual([{ dimension: 'patient_town' }]);
  });
});

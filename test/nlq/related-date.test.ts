/**
 * "total fees of members who enrolled in 2023", "purchases of shoppers who joined last year": the period is
 * said of a date of the members the rows belong to, which cannot date the rows. Each row reaches one member,
 * so the period becomes conditions on the member's date (the rows of those members). Was: refused ("Enrol
 * date cannot date ..."). Two periods, or a time breakdown beside it, stay refused. The club's vocabulary and
 * an own shop (shoppers and their orders).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { clubModel, clubValues } from './club-fixture.js';

const club = (question: string) => interpret(question, { model: clubModel, values: clubValues, asOf: '2024-06-30' });
const shop = SemanticModelSchema.parse({
  name: 'shop',
  entities: [
    { name: 'shopper', table: 'shoppers', primary_key: 'id', synonyms: ['shoppers'] },
    { name: 'purchase', table: 'purchases', primary_key: 'id', synonyms: ['purchases', 'orders'] },
  ],
  relationships: [{ from: 'purchase', to: 'shopper', on: [['shopper_id', 'id']] }],
  dimensions: [{ name: 'shopper_name', entity: 'shopper', sql: '${TABLE}.name', label: 'Shopper' }],
  time_dimensions: [
    { name: 'signed_up_on', entity: 'shopper', sql: '${TABLE}.signup_date', label: 'Join date' },
    { name: 'bought_on', entity: 'purchase', sql: '${TABLE}.bought_on', label: 'Purchase date' },
  ],
  measures: [
    { name: 'purchase_count', entity: 'purchase', agg: 'count', label: 'Purchases', time_dimension: 'bought_on' },
    { name: 'shopper_count', entity: 'shopper', agg: 'count', label: 'Shoppers', time_dimension: 'signed_up_on' },
  ],
  defaults: { time_dimension: 'bought_on' },
});
const askShop = (question: string) => interpret(question, { model: shop, values: new Map(), asOf: '2024-06-30' });
const inYear = (dimension: string, y: number) => [
  { dimension, op: 'gte', values: [`${y}-01-01`] },
  { dimension, op: 'lt', values: [`${y + 1}-01-01`] },
];

describe("a period said of the members' date", () => {
  it('keeps the rows of the members whose date is in it (was: refused)', () => {
    const r = club('total fees of members who enrolled in 2023');
    expect(r).toMatchObject({ kind: 'query', query: { metrics: ['fee_total'], filters: inYear('enrolled_on', 2023) } });
    if (r.kind === 'query') expect(r.query.time_range).toBeUndefined();
    expect(askShop('how many purchases were made by shoppers who joined in 2023?')).toMatchObject({
      kind: 'query',
      query: { metrics: ['purchase_count'], filters: inYear('signed_up_on', 2023) },
    });
  });

  it('refuses a second period or a time breakdown beside it', () => {
    expect(club('how many fees in 2023 by members who enrolled in 2022').kind).toBe('out_of_scope');
    expect(club('monthly fees of members who enrolled in 2022').kind).toBe('out_of_scope');
  });

  it("leaves a period of the rows' own date as it was", () => {
    expect(askShop('how many purchases in 2023')).toMatchObject({ kind: 'query', query: { time_range: { start: '2023-01-01' } } });
  });
});

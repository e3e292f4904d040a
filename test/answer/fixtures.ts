import { SemanticModelSchema } from '../../src/semantic/model.js';
import { SemanticQuerySchema, type SemanticQueryInput } from '../../src/semantic/query.js';
import type { AnswerInput, CompiledColumn } from '../../src/answer/types.js';

export const model = SemanticModelSchema.parse({
  name: 'shop',
  as_of: '1998-08-02',
  entities: [
    { name: 'sales', table: 'sales', primary_key: 'id', description: 'Sales lines' },
    { name: 'orders', table: 'orders', primary_key: 'id' },
    { name: 'customer', table: 'customer', primary_key: 'id' },
  ],
  relationships: [
    { from: 'sales', to: 'orders', on: [['order_id', 'id']] },
    { from: 'orders', to: 'customer', on: [['customer_id', 'id']] },
  ],
  dimensions: [
    { name: 'region', entity: 'customer', sql: '${TABLE}.region', label: 'Region', description: "The customer's region." },
    { name: 'customer', entity: 'customer', sql: '${TABLE}.name', label: 'Customer' },
    {
      name: 'order_status',
      entity: 'orders',
      sql: '${TABLE}.status',
      label: 'Order status',
      value_synonyms: { F: ['fulfilled'], O: ['open'] },
    },
    { name: 'ship_mode', entity: 'sales', sql: '${TABLE}.ship_mode', label: 'Ship mode' },
  ],
  time_dimensions: [
    { name: 'order_date', entity: 'orders', sql: '${TABLE}.order_date', label: 'Order date' },
    { name: 'ship_date', entity: 'sales', sql: '${TABLE}.ship_date', label: 'Ship date' },
  ],
  measures: [
    {
      name: 'revenue',
      entity: 'sales',
      agg: 'sum',
      sql: '${TABLE}.price * (1 - ${TABLE}.discount)',
      label: 'Revenue',
      description: 'Sum of price after discount over sales lines.',
      format: { kind: 'currency', unit: '$', decimals: 2 },
      time_dimension: 'order_date',
    },
    {
      name: 'orders',
      entity: 'orders',
      agg: 'count',
      label: 'Orders',
      description: 'Count of orders.',
      format: { kind: 'integer' },
      time_dimension: 'order_date',
    },
    {
      name: 'average_discount',
      entity: 'sales',
      agg: 'avg',
      sql: '${TABLE}.discount',
      label: 'Average discount',
      format: { kind: 'percent', decimals: 2 },
      time_dimension: 'order_date',
    },
    {
      name: 'days_to_ship',
      entity: 'sales',
      agg: 'avg',
      sql: '${TABLE}.ship_date - ${orders}.order_date',
      label: 'Days to ship',
      format: { kind: 'duration', unit: 'days', decimals: 1 },
      time_dimension: 'order_date',
    },
    { name: 'customers', entity: 'customer', agg: 'count', label: 'Customers', format: { kind: 'integer' }, time_bound: false },
  ],
  metrics: [
    { name: 'revenue_per_order', expression: 'revenue / orders', label: 'Revenue per order', format: { kind: 'currency', unit: '$' } },
  ],
  defaults: { time_dimension: 'order_date', ranking_metric: 'revenue' },
});

export const col = {
  region: { name: 'region', kind: 'dimension', ref: 'region' },
  customer: { name: 'customer', kind: 'dimension', ref: 'customer' },
  status: { name: 'order_status', kind: 'dimension', ref: 'order_status' },
  shipMode: { name: 'ship_mode', kind: 'dimension', ref: 'ship_mode' },
  month: { name: 'order_date_month', kind: 'time', ref: 'order_date', grain: 'month' },
  year: { name: 'order_date_year', kind: 'time', ref: 'order_date', grain: 'year' },
  revenue: { name: 'revenue', kind: 'metric', ref: 'revenue' },
  orders: { name: 'orders', kind: 'metric', ref: 'orders' },
  discount: { name: 'average_discount', kind: 'metric', ref: 'average_discount' },
  days: { name: 'days_to_ship', kind: 'metric', ref: 'days_to_ship' },
  customers: { name: 'customers', kind: 'metric', ref: 'customers' },
  revenueShare: { name: 'revenue_share', kind: 'share', ref: 'revenue' },
} satisfies Record<string, CompiledColumn>;

export function input(
  query: SemanticQueryInput,
  columns: CompiledColumn[],
  rows: Record<string, unknown>[],
  extra: Partial<AnswerInput> = {},
): AnswerInput {
  return {
    question: 'a question',
    query: SemanticQuerySchema.parse(query),
    model,
    columns,
    rows,
    truncated: false,
    sql: 'SELECT 1',
    asOf: '1998-08-02',
    ...extra,
  };
}

export const Y1997 = { start: '1997-01-01', end: '1998-01-01', label: '1997' };

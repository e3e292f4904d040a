import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { DEFAULT_MODEL_PATH, loadModel, ModelError, parseModel } from '../../src/semantic/loader.js';
import { readFileSync } from 'node:fs';

const baseText = readFileSync(DEFAULT_MODEL_PATH, 'utf8');

/** The bundled model with one change applied, written to a temp file. */
function variant(change: (m: any) => void): string {
  const m = parse(baseText);
  change(m);
  const dir = mkdtempSync(join(tmpdir(), 'quarry-model-'));
  const file = join(dir, 'model.yaml');
  writeFileSync(file, stringify(m));
  return file;
}

function issuesOf(file: string): { message: string; issues: { path: string; problem: string }[] } {
  try {
    loadModel(file);
  } catch (e) {
    expect(e).toBeInstanceOf(ModelError);
    return { message: (e as Error).message, issues: (e as ModelError).issues };
  }
  throw new Error('expected the model to be rejected');
}

describe('the bundled TPC-H model', () => {
  const m = loadModel(DEFAULT_MODEL_PATH);
  const metricNames = [...m.measures, ...m.metrics].map((x) => x.name);
  const dimNames = m.dimensions.map((d) => d.name);

  it('has every glossary metric with its synonyms', () => {
    for (const name of [
      'revenue',
      'gross_sales',
      'order_value',
      'average_order_value',
      'orders',
      'line_items',
      'units_sold',
      'average_discount',
      'discount_amount',
      'supply_cost',
      'profit',
      'profit_margin',
      'return_rate',
      'late_deliveries',
      'late_delivery_rate',
      'days_to_ship',
      'customers',
      'active_customers',
      'suppliers',
      'customer_account_balance',
      'supplier_account_balance',
    ])
      expect(metricNames).toContain(name);
    const syn = (n: string) => [...m.measures, ...m.metrics].find((x) => x.name === n)!.synonyms;
    expect(syn('revenue')).toEqual(expect.arrayContaining(['sales', 'net sales', 'turnover', 'income']));
    expect(syn('average_order_value')).toContain('aov');
    expect(syn('active_customers')).toEqual(expect.arrayContaining(['buyers', 'customers who ordered']));
  });

  it('has every glossary dimension name, the role-playing ones on their own entities', () => {
    for (const name of [
      'region',
      'nation',
      'supplier_region',
      'supplier_nation',
      'market_segment',
      'order_priority',
      'order_status',
      'ship_mode',
      'return_flag',
      'brand',
      'manufacturer',
      'part_type',
      'container',
      'part_size',
      'customer',
      'supplier',
      'part',
      'clerk',
    ])
      expect(dimNames).toContain(name);
    const ent = (n: string) => m.dimensions.find((d) => d.name === n)!.entity;
    expect(ent('region')).not.toBe(ent('supplier_region'));
    expect(ent('nation')).not.toBe(ent('supplier_nation'));
    const prio = m.dimensions.find((d) => d.name === 'order_priority')!;
    expect(prio.value_synonyms['1-URGENT']).toContain('urgent');
    expect(prio.value_groups['high priority']).toEqual(['1-URGENT', '2-HIGH']);
  });

  it('dates by order date by default, with ship and receipt dates named as the glossary says', () => {
    expect(m.defaults).toEqual({ time_dimension: 'order_date', ranking_metric: 'revenue' });
    expect(m.as_of).toEqual({ latest: 'order_date' });
    const td = (n: string) => m.time_dimensions.find((t) => t.name === n)!;
    expect(td('ship_date').synonyms).toEqual(expect.arrayContaining(['shipped', 'shipments']));
    expect(td('receipt_date').synonyms).toEqual(expect.arrayContaining(['received', 'delivered']));
    expect(m.measures.find((x) => x.name === 'customers')!.time_bound).toBe(false);
  });
});

describe('model validation errors name the file, the path and the problem', () => {
  it.each([
    ['an unknown measure entity', (m: any) => (m.measures[3].entity = 'order'), 'measures[3].entity', /unknown entity 'order'.*orders/],
    ['a missing field', (m: any) => delete m.dimensions[0].sql, 'dimensions[0].sql', /./],
    ['a bad name', (m: any) => (m.metrics[0].name = 'Profit'), 'metrics[0].name', /lower_snake_case/],
    ['an unknown relationship end', (m: any) => (m.relationships[0].to = 'nowhere'), 'relationships[0].to', /unknown entity 'nowhere'/],
    ['a duplicate metric', (m: any) => (m.metrics[0].name = 'revenue'), 'metrics[0].name', /duplicate metric name 'revenue'/],
    [
      'a duplicate dimension across kinds',
      (m: any) => (m.time_dimensions[0].name = 'region'),
      'time_dimensions[0].name',
      /duplicate dimension/,
    ],
    [
      'an unknown name in an expression',
      (m: any) => (m.metrics[0].expression = 'revenue - supply_costs'),
      'metrics[0].expression',
      /unknown metric 'supply_costs'/,
    ],
    ['a broken expression', (m: any) => (m.metrics[0].expression = 'revenue - (supply_cost'), 'metrics[0].expression', /missing '\)'/],
    [
      'a metric cycle',
      (m: any) => (m.metrics[0].expression = 'profit_margin * revenue'),
      'metrics[0].expression',
      /cycle: profit -> profit_margin -> profit/,
    ],
    ['an unknown default', (m: any) => (m.defaults.ranking_metric = 'sales'), 'defaults.ranking_metric', /unknown metric 'sales'/],
    [
      'an unknown time dimension',
      (m: any) => (m.measures[0].time_dimension = 'order_day'),
      'measures[0].time_dimension',
      /unknown time dimension/,
    ],
    ['an unreachable entity reference', (m: any) => (m.dimensions[0].sql = '${supplier}.s_name'), 'dimensions[0].sql', /not reachable/],
    ['an unknown macro', (m: any) => (m.measures[0].sql = '@weeks_between(a, b)'), 'measures[0].sql', /unknown macro '@weeks_between'/],
    ['a sum without sql', (m: any) => delete m.measures[0].sql, 'measures[0].sql', /needs a sql expression/],
    ['an entity with table and sql', (m: any) => (m.entities[0].sql = 'SELECT 1'), 'entities[0]', /exactly one of/],
  ])('%s', (_name, change, path, problem) => {
    const file = variant(change);
    const { message, issues } = issuesOf(file);
    expect(message).toContain(file);
    const issue = issues.find((i) => i.path === path);
    expect(issue, JSON.stringify(issues)).toBeDefined();
    expect(issue!.problem).toMatch(problem);
  });

  it('reports unreadable files and bad YAML', () => {
    expect(() => loadModel('/nonexistent/model.yaml')).toThrow(/\/nonexistent\/model.yaml[\s\S]*cannot read/);
    expect(() => parseModel('name: [unclosed', 'm.yaml')).toThrow(/m.yaml[\s\S]*not valid YAML/);
  });
});

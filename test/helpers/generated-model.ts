/**
 * A generated semantic model of `tables` entities (business-like names, dimensions, a time
 * dimension and measures each, relationships in a tree), for retrieval and prompt-size checks.
 */
import { SemanticModelSchema, type SemanticModel } from '../../src/semantic/model.js';
import { buildCatalogue, type Catalogue } from '../../src/semantic/catalogue.js';

const AREAS = [
  'sales',
  'billing',
  'support',
  'inventory',
  'logistics',
  'procurement',
  'marketing',
  'payroll',
  'fleet',
  'clinic',
  'school',
  'warehouse',
  'retail',
  'web',
  'loyalty',
  'energy',
  'insurance',
  'lending',
  'travel',
  'media',
];
const THINGS = ['orders', 'invoices', 'tickets', 'shipments', 'contracts', 'campaigns', 'visits', 'claims', 'payments', 'bookings'];
const ATTRS = ['region', 'channel', 'status', 'tier', 'category', 'country', 'segment', 'source', 'priority', 'brand'];
const AMOUNTS = ['amount', 'cost', 'quantity', 'duration', 'discount', 'fee'];

export function generatedModel(tables = 200): { model: SemanticModel; values: Record<string, string[]>; catalogue: Catalogue } {
  const entities = [];
  const dimensions = [];
  const time_dimensions = [];
  const measures = [];
  const relationships = [];
  const values: Record<string, string[]> = {};
  for (let i = 0; i < tables; i++) {
    const area = AREAS[i % AREAS.length];
    const thing = THINGS[Math.floor(i / AREAS.length) % THINGS.length];
    const name = `${area}_${thing}${i >= AREAS.length * THINGS.length ? `_${i}` : ''}`;
    entities.push({
      name,
      table: `t_${name}`,
      primary_key: 'id',
      description: `${thing.replace(/s$/, '')} records of the ${area} department`,
    });
    if (i > 0)
      relationships.push({ from: name, to: entities[Math.floor((i - 1) / 4)].name, on: [['parent_id', 'id']] as [string, string][] });
    for (const [k, attr] of [ATTRS[i % ATTRS.length], ATTRS[(i + 3) % ATTRS.length], ATTRS[(i + 7) % ATTRS.length]].entries()) {
      const d = `${name}_${attr}`;
      dimensions.push({
        name: d,
        entity: name,
        sql: `\${TABLE}.${attr}`,
        description: `${attr} of the ${area} ${thing}`,
        index_values: k === 0,
      });
      if (k === 0) values[d] = Array.from({ length: 20 }, (_, j) => `${attr.toUpperCase()}_${j}`);
    }
    time_dimensions.push({
      name: `${name}_date`,
      entity: name,
      sql: '${TABLE}.created_at',
      description: `when the ${area} ${thing.replace(/s$/, '')} was created`,
    });
    for (const amount of [AMOUNTS[i % AMOUNTS.length], AMOUNTS[(i + 2) % AMOUNTS.length]]) {
      measures.push({
        name: `${name}_${amount}`,
        entity: name,
        agg: 'sum',
        sql: `\${TABLE}.${amount}`,
        time_dimension: `${name}_date`,
        description: `total ${amount} of ${area} ${thing}`,
      });
    }
    measures.push({
      name: `${name}_count`,
      entity: name,
      agg: 'count',
      time_dimension: `${name}_date`,
      description: `number of ${area} ${thing}`,
    });
  }
  const model = SemanticModelSchema.parse({
    name: 'generated',
    description: `A generated model of ${tables} tables`,
    as_of: '2024-06-30',
    entities,
    relationships,
    dimensions,
    time_dimensions,
    measures,
    glossary: Object.fromEntries(AREAS.map((a) => [`${a} kpi`, `the headline number of the ${a} department`])),
  });
  return { model, values, catalogue: buildCatalogue(model, values) };
}

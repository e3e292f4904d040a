/** The gardening club of the any-of tests: members with first and last names, a village and a plot size; their harvests. */
import { interpret } from '../../src/nlq/interpret.js';
import type { Interpretation } from '../../src/nlq/types.js';
import { parseModel } from '../../src/semantic/loader.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

export const model = parseModel(`
name: garden
entities:
  - name: member
    table: member
    primary_key: member_id
  - name: harvest
    table: harvest
    primary_key: harvest_id
relationships:
  - { from: harvest, to: member, on: [[member_id, member_id]] }
time_dimensions:
  - name: picked_on
    entity: harvest
    sql: \${TABLE}.picked_on
    grains: [day, month, year]
dimensions:
  - name: member_id
    entity: member
    sql: \${TABLE}.member_id
    type: number
  - name: given_name
    entity: member
    sql: \${TABLE}.given_name
    type: string
    label: First name
  - name: family_name
    entity: member
    sql: \${TABLE}.family_name
    type: string
    label: Last name
  - name: village
    entity: member
    sql: \${TABLE}.village
    type: string
    index_values: true
  - name: plot_size
    entity: member
    sql: \${TABLE}.plot_size
    type: number
    label: Plot size
  - name: crop
    entity: harvest
    sql: \${TABLE}.crop
    type: string
    index_values: true
measures:
  - name: members
    entity: member
    agg: count
    time_bound: false
  - name: harvests
    entity: harvest
    agg: count
    time_dimension: picked_on
  - name: weight
    entity: harvest
    agg: sum
    sql: \${TABLE}.kg
    time_dimension: picked_on
defaults:
  time_dimension: picked_on
`);
export const values = new Map([
  ['village', ['Ashby', 'Brompton', 'Carlow']],
  ['crop', ['Leeks', 'Beans', 'Onions']],
]);

export const ask = (question: string): Interpretation => interpret(question, { model, values, asOf: '2024-06-30' });
export function q(question: string): SemanticQuery {
  const r = ask(question);
  if (r.kind !== 'query') throw new Error(`expected a query for "${question}", got ${r.kind}: ${r.reason}`);
  return r.query;
}

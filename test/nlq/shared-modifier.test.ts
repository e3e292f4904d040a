/**
 * "contact name and title of the suppliers": a modifier said once before coordinated column words
 * is each word's too when the thing has that column ("contact title"), rather than the bare word's
 * own reading (the thing's name, the thing's own phone). Two vocabularies of our own: suppliers with
 * a contact person, and venues with a manager (their synonyms as a draft writes them).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const trade = SemanticModelSchema.parse({
  name: 'trade',
  entities: [{ name: 'supplier', table: 'supplier', primary_key: 'id', synonyms: ['suppliers'] }],
  dimensions: [
    { name: 'supplier', entity: 'supplier', sql: '${TABLE}.company_name', label: 'Supplier', index_values: true },
    {
      name: 'supplier_contact_name',
      entity: 'supplier',
      sql: '${TABLE}.contact_name',
      label: 'Supplier contact name',
      synonyms: ['contact name'],
    },
    {
      name: 'supplier_contact_title',
      entity: 'supplier',
      sql: '${TABLE}.contact_title',
      label: 'Supplier contact title',
      synonyms: ['contact title'],
    },
    {
      name: 'supplier_country',
      entity: 'supplier',
      sql: '${TABLE}.country',
      label: 'Supplier country',
      synonyms: ['country'],
      index_values: true,
    },
  ],
  measures: [{ name: 'supplier_count', entity: 'supplier', agg: 'count', label: 'Suppliers', time_bound: false }],
});
const venues = SemanticModelSchema.parse({
  name: 'venues',
  entities: [{ name: 'venue', table: 'venue', primary_key: 'id', synonyms: ['venues'] }],
  dimensions: [
    { name: 'venue', entity: 'venue', sql: '${TABLE}.name', label: 'Venue', index_values: true },
    { name: 'venue_phone', entity: 'venue', sql: '${TABLE}.phone', label: 'Venue phone', synonyms: ['phone'] },
    { name: 'venue_manager_name', entity: 'venue', sql: '${TABLE}.manager_name', label: 'Venue manager name', synonyms: ['manager name'] },
    {
      name: 'venue_manager_phone',
      entity: 'venue',
      sql: '${TABLE}.manager_phone',
      label: 'Venue manager phone',
      synonyms: ['manager phone'],
    },
    { name: 'venue_town', entity: 'venue', sql: '${TABLE}.town', label: 'Venue town', synonyms: ['town'], index_values: true },
  ],
  measures: [{ name: 'venue_count', entity: 'venue', agg: 'count', label: 'Venues', time_bound: false }],
});
const values = new Map([
  ['supplier_country', ['Japan', 'Peru']],
  ['venue_town', ['Leeds', 'York']],
]);
const columns = (model: typeof trade, q: string) => {
  const r = interpret(q, { model, values, asOf: '2024-06-30' });
  expect(r.kind, JSON.stringify(r)).toBe('query');
  return r.kind === 'query' ? r.query.group_by.map((g) => g.dimension) : [];
};

describe('a modifier shared by coordinated columns', () => {
  it('applies to each word the thing has a column for', () => {
    expect(columns(trade, 'contact name and title of the suppliers in Japan')).toEqual(['supplier_contact_name', 'supplier_contact_title']);
    expect(columns(venues, 'the manager name and phone of venues in Leeds')).toEqual(['venue_manager_name', 'venue_manager_phone']);
  });

  it('leaves a word the thing has no such column for to its own reading', () => {
    expect(columns(trade, 'contact name and country of the suppliers')).toEqual(['supplier_contact_name', 'supplier_country']);
    expect(columns(venues, 'the phone and manager name of venues in York')).toEqual(['venue_phone', 'venue_manager_name']);
  });
});

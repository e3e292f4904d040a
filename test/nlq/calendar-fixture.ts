/**
 * Small models of our own for days of the week and times of day: a shop (orders stamped with a date
 * and time), a gym (classes held on a named day, at a start time; bookings dated), a bus line (trips
 * whose departure is a whole number written HHMM, with a yes/no column per day of service). Today is
 * 2024-06-30, a Sunday.
 */
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import type { SemanticQuery } from '../../src/semantic/query.js';

export const CALENDAR_TODAY = '2024-06-30';

export const shop = SemanticModelSchema.parse({
  name: 'shop',
  entities: [
    { name: 'customer', table: 'customers', primary_key: 'id', synonyms: ['customers', 'shoppers'] },
    { name: 'sale', table: 'sales', primary_key: 'id', synonyms: ['sales', 'orders', 'order'] },
  ],
  relationships: [{ from: 'sale', to: 'customer', on: [['customer_id', 'id']] }],
  dimensions: [
    { name: 'customer_name', entity: 'customer', sql: '${TABLE}.name', label: 'Customer', index_values: true },
    { name: 'sale_id', entity: 'sale', sql: '${TABLE}.id', type: 'number', label: 'Order id' },
    { name: 'channel', entity: 'sale', sql: '${TABLE}.channel', label: 'Channel', index_values: true },
  ],
  time_dimensions: [{ name: 'placed_at', entity: 'sale', sql: '${TABLE}.placed_at', label: 'Placed at', type: 'timestamp' }],
  measures: [
    { name: 'sale_count', entity: 'sale', agg: 'count', label: 'Orders', synonyms: ['number of orders'], time_dimension: 'placed_at' },
    {
      name: 'takings',
      entity: 'sale',
      agg: 'sum',
      sql: '${TABLE}.amount',
      label: 'Takings',
      synonyms: ['revenue'],
      time_dimension: 'placed_at',
    },
    { name: 'customer_count', entity: 'customer', agg: 'count', label: 'Customers', time_bound: false },
  ],
  defaults: { time_dimension: 'placed_at', ranking_metric: 'takings' },
});
export const shopValues = new Map([
  ['customer_name', ['Ada Pym', 'Bo Lund']],
  ['channel', ['online', 'in store']],
]);

export const gym = SemanticModelSchema.parse({
  name: 'gym',
  entities: [
    { name: 'fitness_class', table: 'classes', primary_key: 'id', synonyms: ['classes', 'class', 'sessions'] },
    { name: 'booking', table: 'bookings', primary_key: 'id', synonyms: ['bookings'] },
  ],
  relationships: [{ from: 'booking', to: 'fitness_class', on: [['class_id', 'id']] }],
  dimensions: [
    { name: 'class_name', entity: 'fitness_class', sql: '${TABLE}.name', label: 'Class', index_values: true },
    { name: 'class_day', entity: 'fitness_class', sql: '${TABLE}.class_day', label: 'Class day', index_values: true },
    { name: 'start_time', entity: 'fitness_class', sql: '${TABLE}.start_time', label: 'Start time', clock: 'time' },
    { name: 'coach', entity: 'fitness_class', sql: '${TABLE}.coach', label: 'Coach', index_values: true },
  ],
  time_dimensions: [{ name: 'booked_on', entity: 'booking', sql: '${TABLE}.booked_on', label: 'Booked on', type: 'date' }],
  measures: [
    { name: 'class_count', entity: 'fitness_class', agg: 'count', label: 'Classes', time_bound: false },
    { name: 'booking_count', entity: 'booking', agg: 'count', label: 'Bookings', time_dimension: 'booked_on' },
  ],
});
export const gymValues = new Map([
  ['class_name', ['Spin', 'Yoga Flow', 'Boxfit']],
  ['class_day', ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']],
  ['coach', ['Kim', 'Lee']],
]);

export const busLine = SemanticModelSchema.parse({
  name: 'buses',
  entities: [{ name: 'trip', table: 'trips', primary_key: 'id', synonyms: ['trips', 'departures', 'services'] }],
  dimensions: [
    { name: 'trip_id', entity: 'trip', sql: '${TABLE}.id', type: 'number', label: 'Trip id' },
    { name: 'route', entity: 'trip', sql: '${TABLE}.route', label: 'Route', index_values: true },
    { name: 'departure_time', entity: 'trip', sql: '${TABLE}.departure_time', type: 'number', label: 'Departure time', clock: 'hhmm' },
    { name: 'arrival_time', entity: 'trip', sql: '${TABLE}.arrival_time', type: 'number', label: 'Arrival time', clock: 'hhmm' },
    ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => ({
      name: d,
      entity: 'trip',
      sql: `\${TABLE}.runs_${d}`,
      label: d[0]!.toUpperCase() + d.slice(1),
      index_values: true,
    })),
  ],
  measures: [{ name: 'trip_count', entity: 'trip', agg: 'count', label: 'Trips', time_bound: false }],
});
export const busValues = new Map([
  ['route', ['X1', 'Harbour Loop']],
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, ['Y', 'N']] as [string, string[]]),
]);

const asker = (model: typeof shop, values: Map<string, string[]>) => (question: string) =>
  interpret(question, { model, values, asOf: CALENDAR_TODAY });
export const askShop = asker(shop, shopValues);
export const askGym = asker(gym, gymValues);
export const askBus = asker(busLine, busValues);

/** The query read, or a failure naming what came back instead. */
export function queryOf(r: ReturnType<typeof askShop>, question = ''): SemanticQuery {
  if (r.kind !== 'query') throw new Error(`expected a query for "${question}", got ${r.kind}: ${'reason' in r ? r.reason : ''}`);
  return r.query;
}

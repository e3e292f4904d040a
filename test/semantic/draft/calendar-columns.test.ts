/**
 * Days of the week and times of day drafted and asked end to end on small DuckDB databases of my own: a
 * gym (a TIME start and a day-name column), a bus line (departures written HHMM, a yes/no column per day),
 * a shop (orders stamped with a date and time). The draft marks the clocks (`clock`) and the stamp
 * (`type: timestamp`); the answers are the rows each condition keeps.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../../helpers/bootstrapped-duckdb.js';

describe('days and times of day drafted from the columns that hold them', () => {
  const gym = bootstrappedDuckdb(
    'gym',
    `CREATE TABLE gym_class (gym_class_id INTEGER PRIMARY KEY, title VARCHAR, class_day VARCHAR, start_time TIME);
     INSERT INTO gym_class VALUES (1, 'Spin', 'Monday', TIME '07:30'), (2, 'Yoga Flow', 'Monday', TIME '18:00'),
       (3, 'Boxfit', 'Wednesday', TIME '12:15'), (4, 'Pilates', 'Friday', TIME '19:30');`,
  );
  const buses = bootstrappedDuckdb(
    'buses',
    `CREATE TABLE trip (trip_id INTEGER PRIMARY KEY, route VARCHAR, departure_time INTEGER, saturday VARCHAR, sunday VARCHAR);
     INSERT INTO trip VALUES (1, 'X1', 545, 'Y', 'N'), (2, 'X1', 1230, 'Y', 'Y'), (3, 'Harbour Loop', 2215, 'N', 'Y'),
       (4, 'Harbour Loop', 905, 'N', 'N');`,
  );
  const shop = bootstrappedDuckdb(
    'shop',
    `CREATE TABLE sale (sale_id INTEGER PRIMARY KEY, channel VARCHAR, amount DECIMAL(8,2), placed_at TIMESTAMP);
     INSERT INTO sale VALUES (1, 'online', 10, TIMESTAMP '2024-06-03 08:15:00'), (2, 'online', 20, TIMESTAMP '2024-06-04 13:30:00'),
       (3, 'in store', 30, TIMESTAMP '2024-06-07 22:05:00'), (4, 'in store', 40, TIMESTAMP '2024-06-10 11:59:00');`,
  );
  it('a gym: classes on a day, before a time, in the evening', async () => {
    expect(await gym.ask('which classes are held on Mondays')).toEqual(['1 Spin', '2 Yoga Flow']);
    expect(await gym.ask('which classes start before 10 am')).toEqual(['1 Spin']);
    expect(await gym.ask('how many classes in the evening')).toEqual(['2']);
  });
  it('a bus line: HHMM departures, the days a trip runs', async () => {
    expect(await buses.ask('how many trips depart after 9pm')).toEqual(['1']);
    expect(await buses.ask('how many trips run on Saturdays and Sundays')).toEqual(['1']);
  });
  it('a shop: orders on a weekday, before a time', async () => {
    expect(await shop.ask('how many sales on Mondays')).toEqual(['2']);
    expect(await shop.ask('total amount of sales before noon')).toEqual(['50']);
  });
});

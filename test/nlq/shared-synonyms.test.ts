/**
 * A phrase the drafter would give two columns of one thing (`total_fee_usd` and `total_fee_eur` both
 * "total fee", `weight_kg` and `weight_lb` both "weight") is given to neither: the question naming it
 * is refused with the candidates, never answered from the first column drafted. Each column keeps its
 * own name ("total fee usd"). Two drafted databases of our own.
 */
import { describe, expect, it } from 'vitest';
import { bootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';

describe('a synonym two columns of one thing would share', () => {
  const lodge = bootstrappedDuckdb(
    'lodge-shared-synonyms',
    `CREATE TABLE bookings (booking_id INTEGER PRIMARY KEY, guest_name VARCHAR, total_fee_usd DECIMAL(10,2), total_fee_eur DECIMAL(10,2), nights INTEGER);
     INSERT INTO bookings VALUES (1, 'Ann', 100, 92, 2), (2, 'Bo', 300, 276, 5), (3, 'Cy', 50, 46, 1);`,
  );
  const depot = bootstrappedDuckdb(
    'depot-shared-synonyms',
    `CREATE TABLE parcels (parcel_id INTEGER PRIMARY KEY, label VARCHAR, weight_kg DOUBLE, weight_lb DOUBLE);
     INSERT INTO parcels VALUES (1, 'A1', 2.0, 4.4), (2, 'B7', 5.5, 12.1), (3, 'C3', 1.0, 2.2);`,
  );

  it('gives the shared phrase to neither column', () => {
    const synonyms = (m: typeof lodge.model) => m.measures!.flatMap((x) => (x.synonyms ?? []).map((s) => s.toLowerCase()));
    expect(synonyms(lodge.model)).not.toContain('total fee');
    expect(synonyms(lodge.model)).not.toContain('average fee');
    expect(synonyms(depot.model)).not.toContain('total weight');
  });

  it('refuses the shared phrase, answers each column by its own name', async () => {
    expect((await lodge.ask('what is the total fee of all bookings'))[0]).toMatch(/^refused/);
    expect((await lodge.ask('the average fee'))[0]).toMatch(/^refused/);
    expect(await lodge.ask('the total fee usd of bookings')).toEqual(['450']);
    expect(await lodge.ask('the total fee eur of bookings')).toEqual(['414']);
    expect((await depot.ask('the total weight of parcels'))[0]).toMatch(/^refused/);
    expect(await depot.ask('the total weight kg of parcels')).toEqual(['8.5']);
  });
});

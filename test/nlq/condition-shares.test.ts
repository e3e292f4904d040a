/**
 * Shares, percentages and ratios of counts under row conditions, in two vocabularies of our own (a hotel: rooms
 * with or without a sea view, bookings by channel, cancelled or not; a clinic: patients who smoke, are insured,
 * have no discharge date, visits that were urgent), drafted unedited. Each side is the count the question would
 * be alone ("how many rooms have a sea view"): a flag, a value, a comparison, a missing date, a year, a count of
 * related rows. Every share word (percentage, percent, share, proportion, fraction) is the part as a fraction 0–1
 * shown as a percentage; per group the whole is each group's own. A condition not understood is never dropped
 * (that would answer 100%). The condition is the numerator's only: a period or the things' scope is the whole's too,
 * and the verb of the things says no condition of its own beside a condition on a column it names.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/semantic/compiler.js';
import { dialectFor } from '../../src/semantic/dialects/index.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import { bootstrappedDuckdb, type BootstrappedDuckdb } from '../helpers/bootstrapped-duckdb.js';
import { ask, tpch } from './helpers.js';

const hotel = bootstrappedDuckdb(
  'hotel',
  `
    CREATE TABLE room (room_no INTEGER PRIMARY KEY, floor INTEGER, sea_view BOOLEAN, nightly_rate DECIMAL(8,2), beds INTEGER, refurbished_on DATE);
    INSERT INTO room VALUES (101,1,true,120,2,'2020-05-01'),(102,1,false,90,1,NULL),(103,1,false,85,1,NULL),(201,2,true,150,3,'2022-03-10'),(202,2,false,80,2,NULL),
      (301,3,true,200,4,'2019-07-07'),(302,3,true,180,2,'2023-01-15'),(303,3,false,95,2,NULL),(304,3,true,210,3,'2021-11-30'),(305,3,true,99,2,NULL);
    CREATE TABLE guest (guest_id INTEGER PRIMARY KEY, fname TEXT, lname TEXT, vip TEXT, city TEXT);
    INSERT INTO guest VALUES (1,'Ann','Lee','Y','Leeds'),(2,'Bo','Kim','N','York'),(3,'Cy','Ng','N','Leeds'),(4,'Di','Roe','Y','Bath'),(5,'Ed','Fry','N','Bath');
    CREATE TABLE booking (booking_id INTEGER PRIMARY KEY, guest_id INTEGER REFERENCES guest(guest_id), room_no INTEGER REFERENCES room(room_no), channel TEXT, nights INTEGER, booked_on DATE, cancelled_on DATE);
    INSERT INTO booking VALUES (1,1,101,'web',3,'2024-01-02',NULL),(2,2,102,'phone',1,'2024-01-05','2024-01-04'),(3,3,201,'web',5,'2024-02-11',NULL),(4,4,301,'agent',2,'2024-03-03',NULL),
      (5,1,202,'web',7,'2024-04-20','2024-04-01'),(6,2,302,'phone',2,'2024-05-09',NULL),(7,3,101,'web',1,'2023-12-30',NULL),(8,5,304,'web',4,'2023-11-12',NULL);
    CREATE TABLE payment (payment_id INTEGER PRIMARY KEY, booking_id INTEGER REFERENCES booking(booking_id), paid_on DATE, pay_method TEXT, amount DECIMAL(8,2));
    INSERT INTO payment VALUES (1,1,'2024-01-05','card',360),(2,3,'2024-02-12','cash',750),(3,4,'2024-03-04','card',400),(4,6,NULL,NULL,240),(5,8,'2023-11-13','card',396),(6,7,NULL,NULL,120);
  `,
);

const clinic = bootstrappedDuckdb(
  'clinic',
  `
    CREATE TABLE clinic (clinic_id INTEGER PRIMARY KEY, clinic_name TEXT, region TEXT, opened_year INTEGER);
    INSERT INTO clinic VALUES (1,'Riverside','North',1999),(2,'Hilltop','South',2010),(3,'Old Mill','North',2015);
    CREATE TABLE patient (patient_id INTEGER PRIMARY KEY, clinic_id INTEGER REFERENCES clinic(clinic_id), full_name TEXT, age INTEGER, smoker BOOLEAN, insured TEXT, discharge_date DATE, blood_type TEXT);
    INSERT INTO patient VALUES (1,1,'Ada Moss',34,true,'yes','2024-02-01','A'),(2,1,'Ben Hart',71,false,'no',NULL,'O'),(3,2,'Cal Reed',52,true,'yes',NULL,'B'),(4,2,'Dee Fox',19,false,'yes','2023-11-20','O'),
      (5,3,'Eli Park',65,false,'no','2024-06-01','A'),(6,3,'Fay Gill',45,true,'yes',NULL,'O'),(7,1,'Gus Vale',80,false,'yes',NULL,'AB'),(8,2,'Hal Orr',28,true,'yes','2024-03-03','O');
    CREATE TABLE visit (visit_id INTEGER PRIMARY KEY, patient_id INTEGER REFERENCES patient(patient_id), visit_date DATE, fee DECIMAL(8,2), urgent BOOLEAN);
    INSERT INTO visit VALUES (1,1,'2024-01-10',120,false),(2,2,'2024-01-12',300,true),(3,3,'2023-02-03',80,false),(4,4,'2024-02-20',450,true),(5,5,'2023-03-15',60,false),
      (6,6,'2024-03-30',220,false),(7,7,'2024-04-02',95,true),(8,1,'2024-05-05',130,false),(9,8,'2024-06-01',310,true),(10,3,'2024-06-09',70,false);
    CREATE TABLE prescription (rx_id INTEGER PRIMARY KEY, patient_id INTEGER REFERENCES patient(patient_id), drug TEXT, collected_on DATE, collection_point TEXT, refills INTEGER);
    INSERT INTO prescription VALUES (1,1,'statin','2024-01-11','pharmacy',2),(2,2,'insulin','2024-01-13','ward',0),(3,3,'statin',NULL,NULL,1),(4,5,'antacid','2023-03-16','pharmacy',0),
      (5,6,'insulin','2024-04-01','pharmacy',3),(6,7,'statin',NULL,NULL,0),(7,8,'antacid','2024-06-02','ward',1),(8,1,'insulin','2024-05-06','pharmacy',0);
  `,
);

const DBS: Record<string, BootstrappedDuckdb> = { hotel, clinic };

/** The answer's rows, each value rounded to 4 places (a share of thirds reads 0.3333). */
async function rows(db: BootstrappedDuckdb, question: string): Promise<string[]> {
  const r = await db.answer(question);
  if (r.status !== 'done') return [`${r.status}: ${r.reason}`];
  return r.rows.map((row) =>
    Object.values(row)
      .map((v) => (typeof v === 'number' ? String(Math.round(v * 1e4) / 1e4) : String(v)))
      .join(' '),
  );
}
const one = async (db: BootstrappedDuckdb, question: string) => (await rows(db, question)).join(' | ');

describe('a share of one condition: a flag, a value, a comparison, a missing date, a year, related rows', () => {
  it.each([
    // 6 of the 10 rooms have a sea view
    ['what percentage of rooms have a sea view', '0.6'],
    ['the proportion of rooms with a sea view', '0.6'],
    // rates 120, 150, 200, 180, 210 of 10
    ['what fraction of rooms have a nightly rate above 100', '0.5'],
    // 3, 4 and 3 beds (this was the share of each number of beds)
    ['what share of rooms have more than 2 beds', '0.3'],
    // 2 of 8 bookings have a cancellation date
    ['what percent of bookings were cancelled', '0.25'],
    ['what percentage of bookings were made in 2024', '0.75'],
    ['percentage of guests who are VIP', '0.4'],
    ['proportion of bookings for more than 3 nights', '0.375'],
    // rooms 103, 303 and 305 were never booked
    ['what proportion of rooms were never booked', '0.3'],
    ['the percentage of bookings through the web', '0.625'],
  ])('hotel: %s', async (question, expected) => {
    expect(await one(hotel, question)).toBe(expected);
  });
  it.each([
    ['what percentage of patients are smokers', '0.5'],
    ['what proportion of patients are older than 60', '0.375'],
    ['what fraction of patients have no discharge date', '0.5'],
    ['what share of patients have a discharge date', '0.5'],
    ['share of visits that were urgent', '0.4'],
    ['percentage of visits with a fee above 200', '0.4'],
    ['percentage of patients with blood type O', '0.5'],
    ['what percent of patients are insured', '0.75'],
    // patients 1 and 3 have two visits each
    ['what share of patients have more than 1 visit', '0.25'],
    ['what percentage of visits were in 2024', '0.8'],
  ])('clinic: %s', async (question, expected) => {
    expect(await one(clinic, question)).toBe(expected);
  });
  it('the whole is what comes before "are" / "were" / "who": only its own rows are counted', async () => {
    // Riverside: Ada (smokes), Ben, Gus
    expect(await one(clinic, 'what proportion of patients at Riverside are smokers')).toBe('0.3333');
    // 2024's 8 visits, 4 urgent
    expect(await one(clinic, 'what share of visits in 2024 were urgent')).toBe('0.5');
    // the 2 phone bookings, 1 cancelled
    expect(await one(hotel, 'what proportion of bookings by phone were cancelled')).toBe('0.5');
    expect(await one(hotel, 'the fraction of guests from Leeds who are VIP')).toBe('0.5');
  });
  it('is one ratio: the part a filtered count over the count of the whole, a fraction whatever the word', async () => {
    for (const question of ['what percentage of rooms have a sea view', 'the proportion of rooms with a sea view']) {
      const r = await hotel.answer(question);
      expect(r.query?.metrics).toEqual([]);
      expect(r.query?.ratios).toEqual([
        expect.objectContaining({
          name: 'room_count_share_sea_view',
          numerator: expect.objectContaining({ metric: 'room_count', filters: [{ dimension: 'sea_view', op: 'eq', values: ['true'] }] }),
          denominator: expect.objectContaining({ metric: 'room_count' }),
          as: 'share',
        }),
      ]);
    }
    // a year is two bounds on the side's own date
    expect((await hotel.answer('what percentage of bookings were made in 2024')).query?.ratios?.[0]?.numerator.filters).toEqual([
      { dimension: 'booked_on', op: 'gte', values: ['2024-01-01'] },
      { dimension: 'booked_on', op: 'lt', values: ['2025-01-01'] },
    ]);
  });
  it('compiles for every dialect: the fraction, formatted as a percent (never times 100)', async () => {
    const r = await clinic.answer('what percentage of patients are smokers');
    const model = SemanticModelSchema.parse(clinic.model);
    for (const d of ['duckdb', 'postgres', 'mysql'] as const) {
      const { sql, columns } = compile(model, r.query!, dialectFor(d));
      expect(sql).not.toMatch(/100 \*/);
      expect(sql).toMatch(/NULLIF/);
      expect(columns.find((c) => c.name === 'patient_count_share_smoker')?.format).toEqual({ kind: 'percent', decimals: 1 });
    }
  });
});

describe('a ratio of two conditions on the same things', () => {
  it.each([
    ['hotel', 'the ratio of rooms with a sea view to rooms without a sea view', '1.5'],
    ['hotel', 'ratio of web bookings to phone bookings', '2.5'],
    // the second side says no things: the first side's
    ['hotel', 'how many times more bookings came through the web than by phone', '2.5'],
    ['clinic', 'ratio of smokers to non-smokers', '1'],
    // over 60: 71, 65, 80; under 30: 19, 28
    ['clinic', 'the ratio of patients older than 60 to patients younger than 30', '1.5'],
    ['clinic', 'how many times more patients are insured than not insured', '3'],
    ['clinic', 'ratio of urgent visits to visits that were not urgent', '0.6667'],
    // each side's own year
    ['clinic', 'how many times as many visits were in 2024 as in 2023', '4'],
  ])('%s: %s', async (name, question, expected) => {
    expect(await one(DBS[name]!, question)).toBe(expected);
  });
});

describe('per group: the share within each group, or the group with the highest share', () => {
  it('hotel: the share of rooms with a sea view on each floor, said first or last', async () => {
    expect(await rows(hotel, 'for each floor, the share of rooms with a sea view')).toEqual(['1 0.3333', '2 0.5', '3 0.8']);
    expect(await rows(hotel, 'the percentage of rooms with a sea view on each floor')).toEqual(['1 0.3333', '2 0.5', '3 0.8']);
    expect(await rows(hotel, 'what percentage of bookings were cancelled for each channel')).toEqual(['agent 0', 'phone 0.5', 'web 0.2']);
  });
  it('hotel: the floor with the highest share, the floors ranked', async () => {
    expect(await rows(hotel, 'which floor has the highest share of rooms with a sea view')).toEqual(['3 0.8']);
    expect(await rows(hotel, 'which floors have the highest share of rooms with a sea view')).toEqual(['3 0.8', '2 0.5', '1 0.3333']);
  });
  it('clinic: per region and per clinic; the clinic with the lowest share, ties kept', async () => {
    expect(await rows(clinic, 'for each region, the percentage of patients who smoke')).toEqual(['North 0.4', 'South 0.6667']);
    expect(await rows(clinic, 'proportion of patients older than 60 by clinic')).toEqual(['Hilltop 0', 'Old Mill 0.5', 'Riverside 0.6667']);
    expect(await rows(clinic, 'share of patients with no discharge date for each clinic')).toEqual([
      'Hilltop 0.3333',
      'Old Mill 0.5',
      'Riverside 0.6667',
    ]);
    expect(await rows(clinic, 'the clinic with the lowest percentage of smokers')).toEqual(['Riverside 0.3333']);
    // Hilltop and Riverside: 2 of 4 visits each
    expect((await rows(clinic, 'which clinic has the highest share of urgent visits')).sort()).toEqual(['Hilltop 0.5', 'Riverside 0.5']);
  });
  it("a share with no condition is still each group's share of the total", async () => {
    expect((await clinic.answer('percentage of patients by blood type')).query?.share_of_total).toEqual(['patient_count']);
  });
});

describe('out of all: "X with C out of all X", "C as a fraction of the total"', () => {
  it.each([
    ['hotel', 'rooms with a sea view out of all rooms', '0.6'],
    ['hotel', 'web bookings as a percentage of all bookings', '0.625'],
    ['hotel', 'bookings for more than 3 nights out of all bookings', '0.375'],
    ['clinic', 'urgent visits as a fraction of all visits', '0.4'],
    ['clinic', 'smokers out of all patients', '0.5'],
    ['clinic', 'patients older than 60 as a percentage of the total', '0.375'],
  ])('%s: %s', async (name, question, expected) => {
    expect(await one(DBS[name]!, question)).toBe(expected);
  });
});

describe('refused: a condition not understood is never dropped, a whole never guessed', () => {
  it.each([
    ['hotel', 'what percentage of rooms have a balcony'],
    ['hotel', 'percentage of rooms with a sea view and a balcony'],
    ['hotel', 'the ratio of rooms with a sea view to rooms with a balcony'],
    // "than without" says no condition of its own
    ['hotel', 'how many times more rooms with a sea view than without'],
    ['hotel', 'proportion of VIP guests from Leeds'],
    ['clinic', 'what percentage of patients are vegetarians'],
    ['clinic', 'share of patients who are smokers and vegetarians'],
    ['clinic', 'the ratio of smokers to patients with allergies'],
  ])('%s: %s', async (name, question) => {
    const r = await DBS[name]!.answer(question);
    expect(r.status, JSON.stringify(r.query ?? r.reason)).toBe('refused');
  });
});

/** The WHERE of the CTE that counts each side of a share, as the SQL says it ('' when that side counts every row). */
function shareSides(sql: string): { numerator: string; denominator: string } {
  const m = /CAST\(COALESCE\(base\."(\w+)", 0\) AS DOUBLE\) \/ NULLIF\(base\."(\w+)", 0\)/.exec(sql);
  if (!m) throw new Error(`no share of two counts in:\n${sql}`);
  const where = (column: string) => {
    const cte = [...sql.matchAll(/\bg\d+ AS \(\n([\s\S]*?)\n\)/g)].find((c) => c[1]!.includes(`AS "${column}"`));
    return /WHERE (.*)/.exec(cte?.[1] ?? '')?.[1] ?? '';
  };
  return { numerator: where(m[1]!), denominator: where(m[2]!) };
}

/** A share answered on the database: its value and the two sides its SQL counts. */
async function share(db: BootstrappedDuckdb, question: string) {
  const r = await db.answer(question);
  if (r.status !== 'done') throw new Error(`${question}: ${r.status}: ${r.reason}`);
  const value = Object.values(r.rows[0]!)[0] as number;
  return { value: Math.round(value * 1e4) / 1e4, ...shareSides(r.sql!) };
}

describe('the condition is the numerator only: the verb of the things, a period, a scope', () => {
  // [database, question, value, what the numerator says (and the denominator does not), what the denominator says]
  it.each([
    // the verb of the things beside a condition on a column it names (a payment method says it was paid): the
    // condition alone, over all the things
    ['hotel', 'what share of payments were paid by card', 0.5, /pay_method = 'card'/, ''],
    ['hotel', 'the proportion of payments paid by cash', 0.1667, /pay_method = 'cash'/, ''],
    ['clinic', 'what proportion of prescriptions were collected at the pharmacy', 0.5, /collection_point = 'pharmacy'/, ''],
    ['clinic', 'the fraction of prescriptions collected from the ward', 0.25, /collection_point = 'ward'/, ''],
    // or beside any condition when its date is the things' own (every payment, prescription, visit has one)
    ['hotel', 'what proportion of payments were paid for web bookings', 0.6667, /channel = 'web'/, ''],
    ['clinic', 'what share of prescriptions were collected by smokers', 0.625, /smoker/, ''],
    ['clinic', 'what proportion of visits were made by smokers', 0.6, /smoker/, ''],
    // "by <things with a value>" after the verb: who did it, a condition (never a breakdown by the things)
    ['hotel', 'what share of payments were paid by VIP guests', 0.3333, /vip = 'Y'/, ''],
    ['clinic', 'what share of prescriptions were collected by insured patients', 0.75, /insured/, ''],
    // the verb alone: its date filled is the condition
    ['hotel', 'what share of payments were paid', 0.6667, /paid_on IS NOT NULL/, ''],
    ['clinic', 'what percent of prescriptions were collected', 0.75, /collected_on IS NOT NULL/, ''],
    // beside a condition on another column, the verb is a condition too (a cancelled web booking)
    ['hotel', 'what proportion of bookings were cancelled through the web', 0.125, /channel = 'web'.*cancelled_on IS NOT NULL/, ''],
    // a period on the verb's own date says when it happened: the numerator's
    ['hotel', 'what fraction of payments were paid in 2024', 0.5, /paid_on >= DATE '2024-01-01'/, ''],
    ['clinic', 'what percentage of prescriptions were collected in 2024', 0.625, /collected_on >= DATE '2024-01-01'/, ''],
    ['hotel', 'the share of bookings that were cancelled in 2024', 0.25, /cancelled_on >= DATE '2024-01-01'/, ''],
    // a period beside another condition is the whole's too: of 2024's rows, those with the condition
    ['hotel', 'what share of bookings were through the web in 2024', 0.5, /channel = 'web'/, /booked_on >= DATE '2024-01-01'/],
    ['hotel', 'the share of web bookings in 2024', 0.5, /channel = 'web'/, /booked_on >= DATE '2024-01-01'/],
    ['hotel', 'what share of payments were paid by card in 2024', 0.6667, /pay_method = 'card'/, /paid_on >= DATE '2024-01-01'/],
    ['clinic', 'what proportion of visits were urgent in 2024', 0.5, /urgent = TRUE/, /visit_date >= DATE '2024-01-01'/],
    ['clinic', 'what fraction of prescriptions were for insulin in 2024', 0.6, /drug = 'insulin'/, /collected_on >= DATE '2024-01-01'/],
    ['clinic', 'the proportion of visits with a fee above 200 in 2024', 0.5, /fee.* > 200/, /visit_date >= DATE '2024-01-01'/],
    // the things and their scope before "with" are the whole
    ['hotel', 'the proportion of rooms on floor 3 with a sea view', 0.8, /sea_view = TRUE/, /floor = 3/],
    [
      'clinic',
      'the share of patients at Riverside with a discharge date',
      0.3333,
      /discharge_date IS NOT NULL/,
      /clinic_name = 'Riverside'/,
    ],
    [
      'clinic',
      'the percentage of patients at Hilltop without a discharge date',
      0.3333,
      /discharge_date IS NULL/,
      /clinic_name = 'Hilltop'/,
    ],
  ] as const)('%s: %s', async (name, question, value, numerator, denominator) => {
    const s = await share(DBS[name]!, question);
    expect(s.value).toBe(value);
    expect(s.numerator).toMatch(numerator);
    if (denominator === '') expect(s.denominator).toBe('');
    else {
      expect(s.denominator).toMatch(denominator);
      // (what scopes the whole scopes the part too)
      expect(s.numerator).toMatch(denominator);
    }
  });
  it('the verb adds no date of its own where a column it names says it happened', async () => {
    expect((await share(hotel, 'what share of payments were paid by card')).numerator).not.toMatch(/paid_on/);
    expect((await share(clinic, 'what proportion of prescriptions were collected at the pharmacy')).numerator).not.toMatch(/collected_on/);
    expect((await share(hotel, 'what proportion of payments were paid for web bookings')).numerator).not.toMatch(/paid_on/);
    expect((await share(clinic, 'what share of prescriptions were collected by smokers')).numerator).not.toMatch(/collected_on/);
  });
});

describe('TPC-H: the condition is the numerator only', () => {
  const sidesOf = (question: string) => {
    const r = ask(question);
    if (r.kind !== 'query') throw new Error(`${question}: ${r.kind}: ${r.reason}`);
    return shareSides(compile(tpch.model, r.query, new DuckDbDialect()).sql);
  };
  it.each([
    // "shipped" says nothing beside a ship mode: the mode's share of every line item
    ['what percentage of line items were shipped by truck', /^\(t0\.l_shipmode = 'TRUCK'\)$/, ''],
    ['the proportion of line items shipped by mail', /^\(t0\.l_shipmode = 'MAIL'\)$/, ''],
    // "placed" names the orders' own date: every order was placed
    ['what percentage of orders were placed by customers in Germany', /^\(t\d\.n_name = 'GERMANY'\)$/, ''],
    ['what share of orders were placed by customers in the building segment', /^\(t\d\.c_mktsegment = 'BUILDING'\)$/, ''],
    ['what percentage of line items were shipped by German suppliers', /n_name = 'GERMANY'/, ''],
    // alone it is the condition; with a period on its date, the period is
    ['what share of line items were shipped', /l_shipdate IS NOT NULL/, ''],
    ['what proportion of line items were shipped in 1997', /l_shipdate >= DATE '1997-01-01'/, ''],
    // a period beside a condition scopes both sides
    ['the share of line items that were late in 1996', /l_receiptdate > t0\.l_commitdate/, /o_orderdate >= DATE '1996-01-01'/],
    ['what fraction of line items were shipped by air in 1995', /l_shipmode = 'AIR'/, /l_shipdate >= DATE '1995-01-01'/],
    ['what share of orders were urgent in 1995', /o_orderpriority = '1-URGENT'/, /o_orderdate >= DATE '1995-01-01'/],
    ['what percentage of line items were returned in 1994', /l_returnflag = 'R'/, /o_orderdate >= DATE '1994-01-01'/],
    // the things' scope before "with", or before "have", is the whole
    ['the share of customers in Germany with an account balance below 0', /c_acctbal/, /GERMANY/],
    ['what percentage of customers in France have an account balance below 0', /c_acctbal/, /FRANCE/],
  ] as const)('%s', (question, numerator, denominator) => {
    const s = sidesOf(question);
    expect(s.numerator).toMatch(numerator);
    if (denominator === '') expect(s.denominator).toBe('');
    else {
      expect(s.denominator).toMatch(denominator);
      expect(s.numerator).toMatch(denominator);
      expect(s.denominator).not.toMatch(numerator);
    }
  });
  it('a fraction 0–1 with the percent format, whatever the word', () => {
    for (const question of ['what percentage of line items were late', 'what fraction of line items were late']) {
      const r = ask(question);
      if (r.kind !== 'query') throw new Error(question);
      const { sql, columns } = compile(tpch.model, r.query, new DuckDbDialect());
      expect(sql).not.toMatch(/100 \*/);
      expect(columns.at(-1)?.format).toEqual({ kind: 'percent', decimals: 1 });
    }
  });
});

describe('refused: the neighbouring wrong readings', () => {
  it.each([
    // a value nothing holds: never dropped (that would be every row's share, or the verb's alone)
    ['hotel', 'what share of payments were paid by cheque'],
    ['clinic', 'what proportion of prescriptions were collected by drone'],
    // the scope after the condition: which is the whole?
    ['hotel', 'the share of rooms with a sea view on floor 3'],
    ['clinic', 'the proportion of patients with a discharge date at Riverside'],
    // a figure that is no total cannot be split into parts
    ['hotel', 'what share of the average nightly rate is for rooms with a sea view'],
    ['clinic', 'what percentage of the average fee was for urgent visits'],
  ])('%s: %s', async (name, question) => {
    const r = await DBS[name]!.answer(question);
    expect(r.status, JSON.stringify(r.query ?? r.reason)).toBe('refused');
  });
  it.each([
    'what percentage of line items were shipped by drone',
    'what share of the average discount was for returned items',
    'the share of customers with an account balance below 0 in Germany',
  ])('TPC-H: %s', (question) => {
    expect(ask(question).kind).toBe('out_of_scope');
  });
});

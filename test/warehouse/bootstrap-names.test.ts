/**
 * Bootstrap rules for names, each on small DuckDB files of our own: camelCase names folded to lower
 * case by an unquoted DDL (`qzStore.qzStName` -> `qzstore.qzstname`) with a house prefix on every
 * table and column; tables that merely begin alike keep their names; short keys made of a table's
 * initial and `id` (`gid` of garden); a table dated only by a bare year (and month).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { bootstrapDraft, bootstrapModel, draftYaml, splitGlued } from '../../src/semantic/draft/index.js';
import { DuckDbWarehouse } from '../../src/warehouse/duckdb.js';
import type { SemanticModelInput } from '../../src/semantic/model.js';
import { parseModel } from '../../src/semantic/loader.js';
import { semanticLayerFor } from '../../src/semantic/values.js';
import { answerQuestion } from '../../src/eval/answer.js';

let dir: string;
let folded: SemanticModelInput;
let alike: SemanticModelInput;
let short: SemanticModelInput;
let shortFile: string;

async function draft(file: string, ddl: string, name: string): Promise<SemanticModelInput> {
  const db = await DuckDBInstance.create(file);
  const c = await db.connect();
  await c.run(ddl);
  c.closeSync();
  db.closeSync();
  const w = await DuckDbWarehouse.open(file);
  try {
    return await bootstrapModel(w, { name });
  } finally {
    await w.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-boot-names-'));
  folded = await draft(
    join(dir, 'folded.duckdb'),
    `
    CREATE TABLE qzstore (qzstid VARCHAR PRIMARY KEY, qzstname VARCHAR, qzstregion VARCHAR, qzstopendate DATE);
    INSERT INTO qzstore VALUES ('S1', 'Harbour', 'North', DATE '2020-01-05'), ('S2', 'Mill', 'South', DATE '2021-03-01'), ('S3', 'Quay', 'North', DATE '2022-07-09');
    CREATE TABLE qzvisit (qzvsid VARCHAR PRIMARY KEY, qzvsstoreid VARCHAR, qzvsdatetime TIMESTAMP, qzvsamount DECIMAL(10,2), qzvsstatus VARCHAR);
    INSERT INTO qzvisit VALUES ('V1', 'S1', TIMESTAMP '2023-01-02 10:00', 12.5, 'paid'), ('V2', 'S1', TIMESTAMP '2023-01-03 11:00', 8.0, 'void'),
      ('V3', 'S2', TIMESTAMP '2023-02-01 09:30', 20.0, 'paid'), ('V4', 'S3', TIMESTAMP '2023-02-11 16:00', 5.0, 'paid');
    `,
    'folded',
  );
  alike = await draft(
    join(dir, 'alike.duckdb'),
    `
    CREATE TABLE product (id INTEGER, label VARCHAR, price DOUBLE);
    INSERT INTO product VALUES (1, 'Pen', 1.5), (2, 'Ink', 3.0);
    CREATE TABLE profile (id INTEGER, product_id INTEGER, handle VARCHAR);
    INSERT INTO profile VALUES (1, 1, 'a'), (2, 2, 'b');
    `,
    'alike',
  );
  shortFile = join(dir, 'short.duckdb');
  short = await draft(
    shortFile,
    `
    CREATE TABLE garden (gid INTEGER, title VARCHAR, opened INTEGER);
    INSERT INTO garden VALUES (1, 'Kew', 1840), (2, 'Wisley', 1903), (3, 'Eden', 2001);
    CREATE TABLE plant (pid INTEGER, gid INTEGER, height DOUBLE, year INTEGER);
    INSERT INTO plant VALUES (10, 1, 2.5, 2020), (11, 1, 0.4, 2021), (12, 2, 1.1, 2021), (13, 3, 3.0, 2021);
    CREATE TABLE essay (eid INTEGER, pid INTEGER, year INTEGER, month VARCHAR, words INTEGER);
    INSERT INTO essay VALUES (1, 10, 2021, 'March', 800), (2, 11, 2021, 'April', 1200), (3, 12, 2021, 'April', 950), (4, 13, 2022, 'April', 400), (5, 10, 2022, 'May', 300);
    CREATE TABLE prize (id INTEGER, eid INTEGER, award_year INTEGER, purse DOUBLE, awarded DATE);
    INSERT INTO prize VALUES (1, 1, 2021, 100.0, DATE '2021-05-01'), (2, 4, 2022, 250.0, DATE '2022-06-01');
    CREATE TABLE pond (pond_name VARCHAR, depth DOUBLE);
    INSERT INTO pond VALUES ('Mere', 2.0), ('Tarn', 5.5);
    CREATE TABLE keeper (kid INTEGER, keeper_id VARCHAR, name VARCHAR);
    INSERT INTO keeper VALUES (1, 'K1', 'Ann'), (2, 'K2', 'Bo'), (3, 'K3', 'Cy');
    CREATE TABLE allotment (keeper_id VARCHAR, plot VARCHAR);
    INSERT INTO allotment VALUES ('K1', 'North'), ('K2', 'South'), ('K3', 'East');
    CREATE TABLE shed (id INTEGER, keeper_id VARCHAR, colour VARCHAR);
    INSERT INTO shed VALUES (1, 'K1', 'red'), (2, 'K1', 'blue'), (3, 'K3', 'red');
    CREATE TABLE tag (id INTEGER, shed_id INTEGER, word VARCHAR);
    INSERT INTO tag VALUES (1, 1, 'dry'), (1, 2, 'damp'), (2, 3, 'dry');
    CREATE TABLE route (route_id INTEGER, num_walkers INTEGER, essay_count INTEGER, bench_num INTEGER, gate_number INTEGER);
    INSERT INTO route VALUES (1, 2, 1, 0, 4), (2, 2, 0, 2, 7), (3, 5, 1, 2, 9);
    CREATE TABLE signup (route_id INTEGER, day VARCHAR, count INTEGER);
    INSERT INTO signup VALUES (1, 'Mon', 5), (1, 'Tue', 4), (2, 'Mon', 4);
    CREATE TABLE ticket (route_id INTEGER, tot_fee_amt DOUBLE, ins_type VARCHAR);
    INSERT INTO ticket VALUES (1, 2.5, 'basic'), (2, 2.5, 'full'), (2, 4.0, 'basic');
    CREATE TABLE depot (depot_id INTEGER, state VARCHAR, region_code VARCHAR);
    INSERT INTO depot VALUES (1, 'CA', 'AB'), (2, 'NY', 'CD'), (3, 'CA', 'EF'), (4, 'TX', 'GH');
    CREATE TABLE warden (warden_id INTEGER, first_name VARCHAR, last_name VARCHAR, college_name VARCHAR);
    INSERT INTO warden VALUES (1, 'Ada', 'Byron', 'Kings'), (2, 'Alan', 'Turing', 'Trinity');
    CREATE TABLE park_ride_daily (ride_id INTEGER, route_id INTEGER, status VARCHAR);
    INSERT INTO park_ride_daily VALUES (1, 1, 'ok'), (2, 1, 'late'), (3, 2, 'ok');
    CREATE TABLE park_gate_snapshot (gate_id INTEGER, route_id INTEGER, paint VARCHAR);
    INSERT INTO park_gate_snapshot VALUES (1, 1, 'green'), (2, 3, 'blue');
    CREATE TABLE daily_quote (route_id INTEGER, day DATE, open DOUBLE, close DOUBLE, volume INTEGER);
    INSERT INTO daily_quote VALUES (1, DATE '2024-01-02', 10.0, 11.0, 300), (1, DATE '2024-01-03', 11.0, 10.5, 300), (2, DATE '2024-01-02', 5.0, 5.5, 100);
    `,
    'short',
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bootstrap names', () => {
  it('splits glued lower-case names at common word endings', () => {
    expect(splitGlued('joindate')).toEqual(['join', 'date']);
    expect(splitGlued('postalcode')).toEqual(['postal', 'code']);
    expect(splitGlued('isactive')).toEqual(['is', 'active']);
    expect(splitGlued('datetime')).toEqual(['date', 'time']);
    expect(splitGlued('update')).toEqual(['update']);
  });
  it('a house prefix on every table and column is dropped: entities are named by their words', () => {
    expect(folded.entities.map((e) => e.name).sort()).toEqual(['store', 'visit']);
    expect(folded.entities.find((e) => e.name === 'visit')?.table).toBe('qzvisit');
    expect(folded.entities.find((e) => e.name === 'visit')?.synonyms).toContain('visits');
  });
  it('a folded column is read without its table prefix: the region, the status, the amount', () => {
    const dims = Object.fromEntries(folded.dimensions!.map((d) => [d.sql, d]));
    expect(dims['${TABLE}.qzstregion']?.label).toBe('Region');
    expect(dims['${TABLE}.qzstname']?.name).toBe('store');
    expect(dims['${TABLE}.qzvsstatus']?.label).toMatch(/status$/i);
    const sum = folded.measures!.find((m) => m.agg === 'sum' && m.sql === '${TABLE}.qzvsamount');
    expect(sum?.label).toMatch(/amount$/i);
    const times = folded.time_dimensions!.map((t) => t.label);
    expect(times).toContain('Open date');
  });
  it('a folded foreign key joins to the table its words name', () => {
    const r = folded.relationships!.map((x) => `${x.from}.${x.on[0]![0]}->${x.to}.${x.on[0]![1]}`);
    expect(r).toEqual(['visit.qzvsstoreid->store.qzstid']);
  });
  it("a key made of the table's initial and `id` is its own key, and the same name elsewhere joins to it", () => {
    const pk = Object.fromEntries(short.entities.map((e) => [e.name, e.primary_key]));
    expect(pk).toMatchObject({ garden: 'gid', plant: 'pid', essay: 'eid' });
    const r = short.relationships!.map((x) => `${x.from}.${x.on[0]![0]}->${x.to}.${x.on[0]![1]}`).sort();
    expect(r).toEqual(expect.arrayContaining(['essay.pid->plant.pid', 'plant.gid->garden.gid', 'prize.eid->essay.eid']));
    // a key is never summed
    expect(short.measures!.filter((m) => /\.(gid|pid|eid)$/.test(m.sql ?? '') && m.agg !== 'count_distinct')).toEqual([]);
  });
  it('of two unique keys the fuller name is the key; a key refers to the table it names; a bare id refers to nothing', () => {
    expect(short.entities.find((e) => e.name === 'keeper')?.primary_key).toBe('keeper_id');
    const r = short.relationships!.map((x) => `${x.from}.${x.on[0]![0]}->${x.to}.${x.on[0]![1]}`).sort();
    expect(r.filter((x) => /^(allotment|shed|tag)\./.test(x))).toEqual([
      'allotment.keeper_id->keeper.keeper_id',
      'shed.keeper_id->keeper.keeper_id',
      'tag.shed_id->shed.id',
    ]);
  });
  it('each thing\'s key is a dimension ("garden id"); bare "id" and "name" are shared by the things that have one', () => {
    const gardenId = short.dimensions!.find((d) => d.entity === 'garden' && d.sql?.endsWith('.gid'));
    expect(gardenId?.label).toBe('Garden id');
    expect(gardenId?.type).toBe('number');
    expect(gardenId?.synonyms).toContain('id');
    expect(short.dimensions!.find((d) => d.entity === 'keeper' && d.sql?.endsWith('.keeper_id'))?.label).toBe('Keeper id');
    const names = short
      .dimensions!.filter((d) => d.synonyms?.includes('name'))
      .map((d) => d.name)
      .sort();
    expect(names).toEqual(['keeper', 'pond']);
    // one "title" only: no bare "title"
    expect(short.dimensions!.some((d) => d.synonyms?.includes('title'))).toBe(false);
  });
  it('a count kept on each row is summed as "the number of" its things, unless a table holds those things', () => {
    const walkers = short.measures!.find((m) => m.agg === 'sum' && m.sql?.endsWith('.num_walkers'));
    expect(walkers?.synonyms).toEqual(expect.arrayContaining(['number of walkers', 'walkers']));
    expect(short.measures!.find((m) => m.agg === 'avg' && m.sql?.endsWith('.num_walkers'))?.synonyms).toContain(
      'average number of walkers',
    );
    const essays = short.measures!.find((m) => m.agg === 'sum' && m.sql?.endsWith('.essay_count'));
    expect(essays?.synonyms).not.toContain('number of essays');
    expect(short.measures!.find((m) => m.agg === 'count' && m.entity === 'essay')?.synonyms).toContain('number of essays');
    // an abbreviated count suffix is a count too, even with few values; the full word "number" is a label
    const benches = short.measures!.find((m) => m.agg === 'sum' && m.sql?.endsWith('.bench_num'));
    expect(benches?.synonyms).toEqual(expect.arrayContaining(['number of benches', 'benches']));
    expect(short.measures!.some((m) => m.sql?.endsWith('.gate_number'))).toBe(false);
    expect(short.dimensions!.find((d) => d.sql?.endsWith('.gate_number'))?.type).toBe('number');
  });
  it('in a table of prices (or quotes, rates) the unnamed numbers are prices: averaged, never summed', () => {
    const aggs = (col: string) =>
      short
        .measures!.filter((m) => m.sql?.endsWith(`.${col}`))
        .map((m) => m.agg)
        .sort();
    expect(aggs('close')).toEqual(['avg', 'max', 'min']);
    expect(aggs('open')).toEqual(['avg', 'max', 'min']);
    expect(aggs('volume')).toContain('sum');
    expect(short.measures!.find((m) => m.agg === 'min' && m.sql?.endsWith('.close'))?.synonyms).toContain('lowest close quote');
  });
  it('a table of tallies (a plain count column) counts its things by adding them up; "sign ups" for signups', () => {
    const total = short.measures!.find((m) => m.entity === 'signup' && m.agg === 'sum' && m.sql?.endsWith('.count'));
    expect(total?.label).toBe('Signups');
    expect(total?.synonyms).toEqual(expect.arrayContaining(['number of signups', 'sign ups']));
    expect(short.measures!.find((m) => m.entity === 'signup' && m.agg === 'count')?.label).toBe('Signup rows');
    expect(short.entities.find((e) => e.name === 'signup')?.synonyms).toContain('sign up');
  });
  it('a table taken daily (or as snapshots) holds its things: rides, benches; its last word alone names it when no other table has it', () => {
    const rides = short.entities.find((e) => e.table === 'park_ride_daily');
    expect(rides?.synonyms).toEqual(expect.arrayContaining(['park ride', 'park rides', 'ride', 'rides']));
    expect(rides?.synonyms?.some((x) => /dail/.test(x))).toBe(false);
    expect(short.measures!.find((m) => m.entity === rides?.name && m.agg === 'count')?.label).toBe('Park rides');
    expect(short.entities.find((e) => e.table === 'park_gate_snapshot')?.synonyms).toEqual(expect.arrayContaining(['park gate', 'gates']));
  });
  it("a column of US state codes answers to the states' names; other two-letter codes do not", () => {
    const states = short.dimensions!.find((d) => d.sql?.endsWith('.state') && d.entity === 'depot')?.value_synonyms ?? {};
    expect(states.CA).toEqual(['California']);
    // only the codes in the data: a code is also a stored value, and "IN", "OR", "MO" are words
    expect(Object.keys(states).sort()).toEqual(['CA', 'NY', 'TX']);
    expect(short.dimensions!.find((d) => d.sql?.endsWith('.region_code'))?.value_synonyms ?? {}).toEqual({});
  });
  it('a person with a first and a last name is not named by another name column (their college)', () => {
    const college = short.dimensions!.find((d) => d.entity === 'warden' && d.sql?.endsWith('.college_name'));
    expect(college?.name).not.toBe('warden');
    expect(college?.description).not.toMatch(/names the warden/);
  });
  it('common abbreviations are read out: tot_fee_amt is the total fee amount, ins_type the insurance type', () => {
    expect(short.measures!.find((m) => m.agg === 'sum' && m.sql?.endsWith('.tot_fee_amt'))?.label).toBe('Total fee amount');
    expect(short.dimensions!.find((d) => d.sql?.endsWith('.ins_type'))?.label).toBe('Insurance type');
  });
  it('a bare year (and month) dates a table that has no date; a qualified year stays a dimension', () => {
    const byEntity = Object.fromEntries(short.time_dimensions!.map((t) => [t.entity, t]));
    expect(byEntity.plant?.grains).toEqual(['year']);
    expect(byEntity.essay?.grains).toEqual(['month', 'quarter', 'year']);
    expect(byEntity.essay?.sql).toMatch(/month/);
    expect(byEntity.prize?.sql).toMatch(/awarded/); // a real date wins over a year
    expect(short.dimensions!.some((d) => d.entity === 'prize' && d.sql?.endsWith('.award_year'))).toBe(true);
    expect(short.dimensions!.some((d) => d.entity === 'garden' && d.sql?.endsWith('.opened'))).toBe(true);
    expect(short.measures!.find((m) => m.entity === 'essay' && m.agg === 'count')?.time_dimension).toBe(byEntity.essay?.name);
  });
  it('questions over those tables are answered: per garden, in a year, in a month of a year', async () => {
    const w = await DuckDbWarehouse.open(shortFile);
    try {
      const d = await bootstrapDraft(w, { name: 'short' });
      const layer = await semanticLayerFor(parseModel(draftYaml(d.model, d.notes, d.undecided)), w);
      const ask = async (q: string) => {
        const r = await answerQuestion(layer, w, q);
        return r.status === 'done' ? r.rows.map((row) => Object.values(row).map(String).join(' ')).sort() : [`${r.status}: ${r.reason}`];
      };
      expect(await ask('how many plants in 2021')).toEqual(['3']);
      expect(await ask('how many essays in April 2021')).toEqual(['2']);
      expect(await ask('number of plants per garden')).toEqual(['Eden 1', 'Kew 2', 'Wisley 1']);
      expect(await ask('number of plants per garden id')).toEqual(['1 2', '2 1', '3 1']);
      expect(await ask('number of sheds by keeper name')).toEqual(['Ann 2', 'Cy 1']);
      // a table of tallies: how many sign-ups adds up the counts
      expect(await ask('how many sign-ups')).toEqual(['13']);
      // a column of weekday names is the day of the week
      expect(await ask('number of signups by weekday')).toEqual(['Mon 9', 'Tue 4']);
      expect(await ask('how many sign-ups on each day of the week')).toEqual(['Mon 9', 'Tue 4']);
      expect(await ask('how many depots in California')).toEqual(['2']);
    } finally {
      await w.close();
    }
  });
  it('a name column says its thing once: "pond name", never "pond pond name"', () => {
    const pond = short.dimensions!.find((d) => d.name === 'pond');
    expect(pond?.sql).toMatch(/pond_name$/);
    expect(pond?.synonyms).toContain('pond name');
    expect(pond?.synonyms).not.toContain('pond pond name');
  });
  it('a name glued to its table\'s name (`lakename` of lake) names the thing: "per lake"', async () => {
    const glued = await draft(
      join(dir, 'glued.duckdb'),
      `CREATE TABLE lake (lakeid INTEGER, lakename VARCHAR, depth DOUBLE);
      INSERT INTO lake VALUES (1, 'Mere', 2.0), (2, 'Tarn', 5.5);`,
      'glued',
    );
    expect(glued.dimensions!.find((d) => d.name === 'lake')?.sql).toMatch(/lakename$/);
  });
  it('tables that merely begin alike keep their names', () => {
    expect(alike.entities.map((e) => e.name).sort()).toEqual(['product', 'profile']);
    expect(alike.dimensions!.find((d) => d.sql?.endsWith('.handle'))?.label).toBe('Handle');
  });
});

/**
 * A demo warehouse with known effects planted (the research-quality benchmark and its tests): the
 * deterministic demo (src/warehouse/demo.ts) built into a temp DuckDB file, then changed by a few
 * UPDATEs whose exact effect on revenue is measured before they are applied.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { buildDemoWarehouse } from '../../src/warehouse/demo.js';

/** One planted effect: what was changed and how much revenue it moved in its year. */
export interface PlantedEffect {
  name: string;
  /** The research question that should find it. */
  question: string;
  /** The driver that should be ranked first. */
  dimension: string;
  member: string;
  /** The revenue the plant moved (negative: removed), measured by SQL before the UPDATE. */
  effect: number;
  /** The year it is planted in and the year it is compared with. */
  year: number;
}

/** A question over years where nothing is planted: the report must say "not significant" and claim no driver. */
export interface Unplanted {
  question: string;
}

/**
 * Effect sizes. At scale 0.1 a year's revenue varies by about 1 % from noise alone (a day's revenue
 * by 15 %, a nation's year by 5 %), so an effect is planted large enough to be real at the level
 * of the total: GERMANY loses 60 % of its 1997 revenue, BUILDING gets 10 more discount points in 1995.
 */
export const GERMANY_CUT = 0.6;
export const BUILDING_DISCOUNT = 0.1;

const REVENUE_1997_GERMANY = `FROM lineitem l JOIN orders o ON l.l_orderkey = o.o_orderkey JOIN customer c ON o.o_custkey = c.c_custkey JOIN nation n ON c.c_nationkey = n.n_nationkey
  WHERE n.n_name = 'GERMANY' AND o.o_orderdate >= DATE '1997-01-01' AND o.o_orderdate < DATE '1998-01-01'`;
const BUILDING_1995 = `FROM lineitem l JOIN orders o ON l.l_orderkey = o.o_orderkey JOIN customer c ON o.o_custkey = c.c_custkey
  WHERE c.c_mktsegment = 'BUILDING' AND o.o_orderdate >= DATE '1995-01-01' AND o.o_orderdate < DATE '1996-01-01'`;

/** Questions on years nothing was planted in (asked of the planted warehouse; the planted questions are also asked of the plain demo). */
export const UNPLANTED: Unplanted[] = [
  { question: 'Why did revenue change in 1994 compared with 1993?' },
  { question: 'Why did revenue change in 1993 compared with 1992?' },
];

/**
 * Builds the planted warehouse at `path` (scale as the demo's): GERMANY's revenue down in 1997 (its
 * line items' extended price cut) and the BUILDING segment's discount raised in 1995. Returns the effects, each measured exactly before its UPDATE.
 */
export async function buildPlantedWarehouse(path: string, scale = 0.1): Promise<PlantedEffect[]> {
  await buildDemoWarehouse(path, { scale });
  const instance = await DuckDBInstance.create(path);
  const c = await instance.connect();
  const value = async (sql: string) => Number((await c.runAndReadAll(sql)).getRowObjects()[0].v);
  try {
    const germany = -GERMANY_CUT * (await value(`SELECT sum(l.l_extendedprice * (1 - l.l_discount)) AS v ${REVENUE_1997_GERMANY}`));
    await c.run(
      `UPDATE lineitem SET l_extendedprice = (l_extendedprice * ${1 - GERMANY_CUT})::DECIMAL(15,2) WHERE l_orderkey IN (SELECT o.o_orderkey ${REVENUE_1997_GERMANY.replace('FROM lineitem l JOIN orders o ON l.l_orderkey = o.o_orderkey', 'FROM orders o')})`,
    );
    const building = -(await value(`SELECT sum(l.l_extendedprice * ${BUILDING_DISCOUNT}) AS v ${BUILDING_1995}`));
    await c.run(
      `UPDATE lineitem SET l_discount = l_discount + ${BUILDING_DISCOUNT} WHERE l_orderkey IN (SELECT o.o_orderkey ${BUILDING_1995.replace('FROM lineitem l JOIN orders o ON l.l_orderkey = o.o_orderkey', 'FROM orders o')})`,
    );
    await c.run('CHECKPOINT');
    return [
      {
        name: `nation GERMANY revenue -${GERMANY_CUT * 100}% in 1997`,
        question: 'Why did revenue change in 1997 compared with 1996?',
        dimension: 'nation',
        member: 'GERMANY',
        effect: germany,
        year: 1997,
      },
      {
        name: `segment BUILDING discount +${BUILDING_DISCOUNT * 100} points in 1995`,
        question: 'Why did revenue change in 1995 compared with 1994?',
        dimension: 'market_segment',
        member: 'BUILDING',
        effect: building,
        year: 1995,
      },
    ];
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

/** A small deterministic random generator (mulberry32): the seed alone chooses a scenario. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A dimension causes can be planted in: where its members come from and which line items (alias l) or orders (alias o) a member holds. */
interface Plantable {
  dimension: string;
  values: string;
  lines: (member: string) => string;
  /** Orders of a member (mix shifts move orders). */
  orders?: (member: string) => string;
  /** The member of an order (aliases o, c, n, r as in ORDERS_OF_CUSTOMERS), for the mix truth. */
  orderColumn?: string;
}

/** Orders with their customer, nation and region (aliases o, c, n, r). */
export const ORDERS_OF_CUSTOMERS =
  'orders o JOIN customer c ON o.o_custkey = c.c_custkey JOIN nation n ON c.c_nationkey = n.n_nationkey JOIN region r ON n.n_regionkey = r.r_regionkey';
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const byOrder = (where: (m: string) => string) => (m: string) =>
  `l.l_orderkey IN (SELECT o.o_orderkey FROM orders o JOIN customer c ON o.o_custkey = c.c_custkey JOIN nation n ON c.c_nationkey = n.n_nationkey JOIN region r ON n.n_regionkey = r.r_regionkey WHERE ${where(m)})`;
const ofOrders = (where: (m: string) => string) => (m: string) =>
  `o.o_orderkey IN (SELECT o.o_orderkey FROM orders o JOIN customer c ON o.o_custkey = c.c_custkey JOIN nation n ON c.c_nationkey = n.n_nationkey JOIN region r ON n.n_regionkey = r.r_regionkey WHERE ${where(m)})`;
const bySupplier = (where: (m: string) => string) => (m: string) =>
  `l.l_suppkey IN (SELECT s.s_suppkey FROM supplier s JOIN nation n ON s.s_nationkey = n.n_nationkey JOIN region r ON n.n_regionkey = r.r_regionkey WHERE ${where(m)})`;
const byPart = (column: string) => (m: string) => `l.l_partkey IN (SELECT p_partkey FROM part WHERE ${column} = ${lit(m)})`;

/** Dimensions of the model, from every entity the revenue fact reaches: line, order, customer, supplier and part attributes. */
export const PLANTABLE: Plantable[] = [
  { dimension: 'ship_mode', values: 'SELECT DISTINCT l_shipmode AS v FROM lineitem', lines: (m) => `l.l_shipmode = ${lit(m)}` },
  {
    dimension: 'order_priority',
    values: 'SELECT DISTINCT o_orderpriority AS v FROM orders',
    lines: byOrder((m) => `o.o_orderpriority = ${lit(m)}`),
    orders: ofOrders((m) => `o.o_orderpriority = ${lit(m)}`),
    orderColumn: 'o.o_orderpriority',
  },
  {
    dimension: 'market_segment',
    values: 'SELECT DISTINCT c_mktsegment AS v FROM customer',
    lines: byOrder((m) => `c.c_mktsegment = ${lit(m)}`),
    orders: ofOrders((m) => `c.c_mktsegment = ${lit(m)}`),
    orderColumn: 'c.c_mktsegment',
  },
  { dimension: 'nation', values: 'SELECT DISTINCT n_name AS v FROM nation', lines: byOrder((m) => `n.n_name = ${lit(m)}`) },
  {
    dimension: 'region',
    values: 'SELECT DISTINCT r_name AS v FROM region',
    lines: byOrder((m) => `r.r_name = ${lit(m)}`),
    orders: ofOrders((m) => `r.r_name = ${lit(m)}`),
    orderColumn: 'r.r_name',
  },
  { dimension: 'supplier_nation', values: 'SELECT DISTINCT n_name AS v FROM nation', lines: bySupplier((m) => `n.n_name = ${lit(m)}`) },
  { dimension: 'supplier_region', values: 'SELECT DISTINCT r_name AS v FROM region', lines: bySupplier((m) => `r.r_name = ${lit(m)}`) },
  { dimension: 'brand', values: 'SELECT DISTINCT p_brand AS v FROM part', lines: byPart('p_brand') },
  { dimension: 'manufacturer', values: 'SELECT DISTINCT p_mfgr AS v FROM part', lines: byPart('p_mfgr') },
];
/** Dimensions of one roll-up: two drivers are never planted in both (their effects could not be told apart). */
const FAMILIES = [
  ['nation', 'region', 'market_segment'],
  ['supplier_nation', 'supplier_region'],
  ['brand', 'manufacturer'],
];
/** Years compared with the year before: full years whose line items have settled flags in both (1995 changes them mid-year). */
const YEARS = [1993, 1994, 1997];

export interface PlantedDriver {
  dimension: string;
  member: string;
  /** The factor the member's line items' extended price was multiplied by in the year. */
  factor: number;
  /** The revenue it moved, measured by SQL before its UPDATE. */
  effect: number;
}

/** A scenario chosen by a seed: one or two planted drivers, a mix shift, or nothing (noise only). */
export interface SeededScenario {
  seed: number;
  kind: 'one driver' | 'two drivers' | 'mix shift' | 'noise only';
  year: number;
  metric: 'revenue' | 'average_order_value';
  drivers: PlantedDriver[];
  /** The mix shift: the dimension and member whose orders (worth twice the others) were halved in the year. */
  mix?: { dimension: string; member: string };
}

/**
 * Plants the scenario of `seed` into the demo warehouse at `path` (built beforehand, changed in
 * place). Sizes are chosen so the change is real against the year-to-year noise of scale 0.1: a
 * member of a dimension of 25 is tripled (or cut to a tenth), of a small dimension raised by 60 %
 * (or halved). A mix shift doubles the order value of one member in every year (its own average
 * stays high) and removes half its orders in the year: the average moves by mix alone.
 */
export async function plantSeeded(path: string, seed: number): Promise<SeededScenario> {
  const rand = seededRandom(seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
  const kinds: SeededScenario['kind'][] = ['one driver', 'one driver', 'two drivers', 'mix shift', 'noise only'];
  const kind = kinds[seed % kinds.length];
  const year = pick(YEARS);
  const instance = await DuckDBInstance.create(path);
  const c = await instance.connect();
  const value = async (sql: string) => Number((await c.runAndReadAll(sql)).getRowObjects()[0].v);
  const members = async (p: Plantable) => (await c.runAndReadAll(`${p.values} ORDER BY 1`)).getRowObjects().map((r) => String(r.v));
  const inYear = `l.l_orderkey IN (SELECT o_orderkey FROM orders WHERE o_orderdate >= DATE '${year}-01-01' AND o_orderdate < DATE '${year + 1}-01-01')`;
  try {
    const scenario: SeededScenario = { seed, kind, year, metric: kind === 'mix shift' ? 'average_order_value' : 'revenue', drivers: [] };
    const plant = async (p: Plantable, factor: number) => {
      const all = await members(p);
      const member = pick(all);
      const where = `${inYear} AND ${p.lines(member)}`;
      const effect = (factor - 1) * (await value(`SELECT sum(l.l_extendedprice * (1 - l.l_discount)) AS v FROM lineitem l WHERE ${where}`));
      await c.run(`UPDATE lineitem l SET l_extendedprice = (l_extendedprice * ${factor})::DECIMAL(15,2) WHERE ${where}`);
      scenario.drivers.push({ dimension: p.dimension, member, factor, effect });
    };
    const size = async (p: Plantable, up: boolean) => ((await members(p)).length > 10 ? (up ? 3 : 0.1) : up ? 1.6 : 0.5);
    if (kind === 'one driver') {
      const p = pick(PLANTABLE);
      await plant(p, await size(p, rand() < 0.5));
    } else if (kind === 'two drivers') {
      // two unrelated dimensions of 25 members; opposite signs: the rise is the larger, so the change stays real
      const wide = PLANTABLE.filter((p) => ['nation', 'supplier_nation', 'brand'].includes(p.dimension));
      const a = pick(wide);
      const b = pick(wide.filter((p) => !FAMILIES.some((f) => f.includes(a.dimension) && f.includes(p.dimension)) && p !== a));
      const opposite = rand() < 0.5;
      const up = rand() < 0.5;
      if (opposite) {
        await plant(a, 4);
        await plant(b, 0.1);
      } else {
        await plant(a, up ? 3 : 0.1);
        await plant(b, up ? 3 : 0.1);
      }
    } else if (kind === 'mix shift') {
      const p = pick(PLANTABLE.filter((x) => x.orders));
      const member = pick(await members(p));
      const orders = p.orders!(member);
      await c.run(`UPDATE orders o SET o_totalprice = (o_totalprice * 2)::DECIMAL(15,2) WHERE ${orders}`);
      const halved = `${orders} AND o.o_orderdate >= DATE '${year}-01-01' AND o.o_orderdate < DATE '${year + 1}-01-01' AND o.o_orderkey % 2 = 0`;
      await c.run(`DELETE FROM lineitem WHERE l_orderkey IN (SELECT o.o_orderkey FROM orders o WHERE ${halved})`);
      await c.run(`DELETE FROM orders o WHERE ${halved}`);
      scenario.mix = { dimension: p.dimension, member };
    }
    await c.run('CHECKPOINT');
    return scenario;
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

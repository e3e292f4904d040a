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
export const UNPLANTED: Unplanted[] = [{ question: 'Why did revenue change in 1994 compared with 1993?' }, { question: 'Why did revenue change in 1993 compared with 1992?' }];

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
    await c.run(`UPDATE lineitem SET l_extendedprice = (l_extendedprice * ${1 - GERMANY_CUT})::DECIMAL(15,2) WHERE l_orderkey IN (SELECT o.o_orderkey ${REVENUE_1997_GERMANY.replace('FROM lineitem l JOIN orders o ON l.l_orderkey = o.o_orderkey', 'FROM orders o')})`);
    const building = -(await value(`SELECT sum(l.l_extendedprice * ${BUILDING_DISCOUNT}) AS v ${BUILDING_1995}`));
    await c.run(`UPDATE lineitem SET l_discount = l_discount + ${BUILDING_DISCOUNT} WHERE l_orderkey IN (SELECT o.o_orderkey ${BUILDING_1995.replace('FROM lineitem l JOIN orders o ON l.l_orderkey = o.o_orderkey', 'FROM orders o')})`);
    await c.run('CHECKPOINT');
    return [
      { name: `nation GERMANY revenue -${GERMANY_CUT * 100}% in 1997`, question: 'Why did revenue change in 1997 compared with 1996?', dimension: 'nation', member: 'GERMANY', effect: germany, year: 1997 },
      { name: `segment BUILDING discount +${BUILDING_DISCOUNT * 100} points in 1995`, question: 'Why did revenue change in 1995 compared with 1994?', dimension: 'market_segment', member: 'BUILDING', effect: building, year: 1995 },
    ];
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

/**
 * Questions in our own wording for every construction, with hand-written SQL on TPC-H (used by the
 * construction tests and, as answered questions, by the coverage property test), and near misses.
 */
const REVENUE = 'l_extendedprice * (1 - l_discount)';
const LINES_ORDERS = 'lineitem JOIN orders ON l_orderkey = o_orderkey';
const year = (y: number) => `o_orderdate >= DATE '${y}-01-01' AND o_orderdate < DATE '${y + 1}-01-01'`;

/** [construction, question in our own wording, hand-written SQL, rows compared in order?] */
export const CASES: [string, string, string, boolean?][] = [
  ['metric', 'how much revenue did we book in 1994', `SELECT sum(${REVENUE}) FROM ${LINES_ORDERS} WHERE ${year(1994)}`],
  ['count', 'how many orders came in during 1993', `SELECT count(*) FROM orders WHERE ${year(1993)}`],
  [
    'breakdown',
    'gross sales per market segment for 1996',
    `SELECT c_mktsegment, sum(l_extendedprice) FROM ${LINES_ORDERS} JOIN customer ON o_custkey = c_custkey WHERE ${year(1996)} GROUP BY 1`,
  ],
  [
    'ranking',
    'top 3 nations by number of orders in 1995',
    `SELECT n_name, count(*) AS c FROM orders JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey WHERE ${year(1995)} GROUP BY 1 ORDER BY c DESC, 1 ASC LIMIT 3`,
    true,
  ],
  [
    'value filter',
    'profit from the MACHINERY segment in 1997',
    `SELECT sum(${REVENUE}) - sum(ps_supplycost * l_quantity) FROM ${LINES_ORDERS} JOIN customer ON o_custkey = c_custkey JOIN partsupp ON l_partkey = ps_partkey AND l_suppkey = ps_suppkey WHERE c_mktsegment = 'MACHINERY' AND ${year(1997)}`,
  ],
  [
    'negation',
    'revenue outside of EUROPE in 1996',
    `SELECT sum(${REVENUE}) FROM ${LINES_ORDERS} JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey JOIN region ON n_regionkey = r_regionkey WHERE r_name <> 'EUROPE' AND ${year(1996)}`,
  ],
  [
    'numeric range',
    'revenue for parts with size between 10 and 20 in 1997',
    `SELECT sum(${REVENUE}) FROM ${LINES_ORDERS} JOIN part ON l_partkey = p_partkey WHERE p_size BETWEEN 10 AND 20 AND ${year(1997)}`,
  ],
  [
    'comparison on a dimension',
    'units sold for parts with a size of at least 45',
    `SELECT sum(l_quantity) FROM lineitem JOIN part ON l_partkey = p_partkey WHERE p_size >= 45`,
  ],
  [
    'period',
    'average discount in the second quarter of 1996',
    `SELECT avg(l_discount) FROM ${LINES_ORDERS} WHERE o_orderdate >= DATE '1996-04-01' AND o_orderdate < DATE '1996-07-01'`,
  ],
  [
    'ranking over time buckets',
    'top 3 months of 1996 by revenue',
    `SELECT date_trunc('month', o_orderdate) AS m, sum(${REVENUE}) AS v FROM ${LINES_ORDERS} WHERE ${year(1996)} GROUP BY 1 ORDER BY v DESC, 1 LIMIT 3`,
    true,
  ],
  [
    'ordinal rank',
    'the second largest nation by revenue in 1995',
    `SELECT n_name, sum(${REVENUE}) AS v FROM ${LINES_ORDERS} JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey WHERE ${year(1995)} GROUP BY 1 ORDER BY v DESC, 1 LIMIT 1 OFFSET 1`,
    true,
  ],
  [
    'entity condition (counted)',
    'how many customers have more than 30 orders',
    `SELECT count(*) FROM (SELECT o_custkey FROM orders GROUP BY 1 HAVING count(*) > 30)`,
  ],
  [
    'entity condition (qualifying a metric)',
    'revenue from customers with more than 5 orders in 1996',
    `SELECT sum(${REVENUE}) FROM ${LINES_ORDERS} WHERE ${year(1996)} AND o_custkey IN (SELECT o_custkey FROM orders WHERE ${year(1996)} GROUP BY 1 HAVING count(*) > 5)`,
  ],
  [
    'entity condition (never)',
    'how many customers never placed an order',
    `SELECT count(*) FROM customer WHERE c_custkey NOT IN (SELECT o_custkey FROM orders)`,
  ],
  [
    'entity condition (own attribute)',
    'how many suppliers have a negative account balance',
    `SELECT count(*) FROM supplier WHERE s_acctbal < 0`,
  ],
  [
    'entity condition (child count)',
    'how many orders have more than 5 line items',
    `SELECT count(*) FROM (SELECT l_orderkey FROM lineitem GROUP BY 1 HAVING count(*) > 5)`,
  ],
  [
    'distinct count',
    'how many different parts were sold in 1997',
    `SELECT count(DISTINCT l_partkey) FROM ${LINES_ORDERS} WHERE ${year(1997)}`,
  ],
  ['distinct count (no count metric)', 'how many parts have a size greater than 40', `SELECT count(*) FROM part WHERE p_size > 40`],
  [
    'per-entity average',
    'line items per order in 1996',
    `SELECT count(*) * 1.0 / count(DISTINCT l_orderkey) FROM ${LINES_ORDERS} WHERE ${year(1996)}`,
  ],
  [
    'per-entity average (explicit)',
    'average number of orders per customer',
    `SELECT count(*) * 1.0 / count(DISTINCT o_custkey) FROM orders`,
  ],
  [
    'share of a subset',
    'what share of orders in 1996 were urgent',
    `SELECT avg(CASE WHEN o_orderpriority = '1-URGENT' THEN 1.0 ELSE 0 END) FROM orders WHERE ${year(1996)}`,
  ],
  [
    'share of a subset (by group)',
    'percentage of revenue from EUROPE in 1997',
    `SELECT sum(CASE WHEN r_name = 'EUROPE' THEN ${REVENUE} END) / sum(${REVENUE}) FROM ${LINES_ORDERS} JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey JOIN region ON n_regionkey = r_regionkey WHERE ${year(1997)}`,
  ],
  [
    'period comparison',
    'revenue 1997 vs 1996 by region',
    `SELECT r_name, sum(CASE WHEN year(o_orderdate) = 1997 THEN ${REVENUE} END) AS cur, sum(CASE WHEN year(o_orderdate) = 1996 THEN ${REVENUE} END) AS prev, cur - prev, (cur - prev) / prev FROM ${LINES_ORDERS} JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey JOIN region ON n_regionkey = r_regionkey GROUP BY 1`,
  ],
  [
    'period comparison (growth)',
    'how did the number of orders grow from 1995 to 1996',
    `SELECT count(*) FILTER (WHERE ${year(1996)}) AS cur, count(*) FILTER (WHERE ${year(1995)}) AS prev, cur - prev, (cur - prev) / prev FROM orders`,
  ],
  [
    'ranked comparison',
    'which nation had the biggest drop in revenue between 1996 and 1997',
    `SELECT n_name, sum(CASE WHEN ${year(1997)} THEN ${REVENUE} END) AS cur, sum(CASE WHEN ${year(1996)} THEN ${REVENUE} END) AS prev, cur - prev AS change, (cur - prev) / prev FROM ${LINES_ORDERS} JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey GROUP BY 1 ORDER BY change ASC LIMIT 1`,
    true,
  ],
  [
    'linking verb',
    'how many suppliers does each nation host',
    `SELECT n_name, count(*) FROM supplier JOIN nation ON s_nationkey = n_nationkey GROUP BY 1`,
  ],
  [
    'linking verb (passive, through the rows joined)',
    'how many orders were submitted by customers in GERMANY',
    `SELECT count(*) FROM orders JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey WHERE n_name = 'GERMANY'`,
  ],
  [
    'listing (members with no rows of a thing)',
    'which customers in GERMANY have not placed any orders',
    `SELECT c_name FROM customer JOIN nation ON c_nationkey = n_nationkey WHERE n_name = 'GERMANY' AND c_custkey NOT IN (SELECT o_custkey FROM orders)`,
  ],
  [
    'listing (attributes named, a condition)',
    'show the names and market segments of the customers in JAPAN who have more than 25 orders',
    `SELECT c_name, c_mktsegment FROM customer JOIN nation ON c_nationkey = n_nationkey WHERE n_name = 'JAPAN' AND c_custkey IN (SELECT o_custkey FROM orders GROUP BY 1 HAVING count(*) > 25)`,
  ],
  [
    'entity condition (listed, after a filter)',
    'customers in GERMANY with more than 20 orders',
    `SELECT c_name, count(*) FROM orders JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey WHERE n_name = 'GERMANY' GROUP BY 1 HAVING count(*) > 20`,
  ],
];

/** Near misses: one word more than the construction can attach. Each must be refused. */
export const NEAR_MISSES: string[] = [
  'revenue for parts with size between 10 and',
  'top 3 nations by number of orders in 1995 among loyal buyers',
  'profit from the MACHINERY segment in 1997 before discounts',
  'revenue outside of EUROPE in 1996 not',
  'units sold for parts with a size of at least',
  'average discount in the second quarter of 1996 per warehouse',
  'how much revenue did we book in 1994 through resellers',
  'how many suppliers does each nation not host',
];

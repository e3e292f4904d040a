/**
 * Compiler cases: a SemanticQuery and a reference SQL written by hand from GLOSSARY.md
 * (portable between DuckDB and Postgres). The compiled SQL must return the same rows.
 */
import type { SemanticQueryInput } from '../../src/semantic/query.js';

export interface Case {
  name: string;
  query: SemanticQueryInput;
  reference: string;
  /** Compare rows in order (queries with an order). */
  ordered?: boolean;
}

const REV = 'l.l_extendedprice * (1 - l.l_discount)';
const LO = 'lineitem l JOIN orders o ON l.l_orderkey = o.o_orderkey';
const CUST_GEO =
  'JOIN customer c ON o.o_custkey = c.c_custkey JOIN nation n ON c.c_nationkey = n.n_nationkey JOIN region r ON n.n_regionkey = r.r_regionkey';
const F = (x: string) => `CAST(${x} AS DOUBLE PRECISION)`;

/**
 * The reference cases for a warehouse holding `fraction` of TPC-H's orders (1 = all of them;
 * TENTH_OF_ORDERS = 0.1): revenue thresholds scale with it, so a HAVING keeps some nations and drops others.
 */
export function casesFor(fraction: number): Case[] {
  const revenue = (full: number) => Math.round(full * fraction);
  return [
    {
      name: 'total revenue',
      query: { metrics: ['revenue'] },
      reference: `SELECT SUM(${REV}) AS revenue FROM lineitem l`,
    },
    {
      name: 'several metrics of several entities, no grouping',
      query: { metrics: ['revenue', 'orders', 'line_items', 'average_order_value', 'customers', 'suppliers'] },
      reference: `SELECT (SELECT SUM(${REV}) FROM lineitem l) AS revenue, (SELECT COUNT(*) FROM orders) AS orders,
      (SELECT COUNT(*) FROM lineitem) AS line_items, (SELECT AVG(o_totalprice) FROM orders) AS average_order_value,
      (SELECT COUNT(*) FROM customer) AS customers, (SELECT COUNT(*) FROM supplier) AS suppliers`,
    },
    {
      name: 'revenue by customer region (joins through orders and line items)',
      query: { metrics: ['revenue'], group_by: [{ dimension: 'region' }] },
      reference: `SELECT r.r_name AS region, SUM(${REV}) AS revenue FROM ${LO} ${CUST_GEO} GROUP BY r.r_name`,
    },
    {
      name: 'orders and revenue by region in one query (no fan-out)',
      query: { metrics: ['orders', 'revenue', 'order_value'], group_by: [{ dimension: 'region' }] },
      reference: `SELECT a.region, a.orders, a.order_value, b.revenue FROM
      (SELECT r.r_name AS region, COUNT(*) AS orders, SUM(o.o_totalprice) AS order_value FROM orders o ${CUST_GEO} GROUP BY r.r_name) a
      JOIN (SELECT r.r_name AS region, SUM(${REV}) AS revenue FROM ${LO} ${CUST_GEO} GROUP BY r.r_name) b ON a.region = b.region`,
    },
    {
      name: 'two dimensions',
      query: { metrics: ['revenue', 'units_sold'], group_by: [{ dimension: 'region' }, { dimension: 'market_segment' }] },
      reference: `SELECT r.r_name AS region, c.c_mktsegment AS market_segment, SUM(${REV}) AS revenue, SUM(l.l_quantity) AS units_sold
      FROM ${LO} ${CUST_GEO} GROUP BY r.r_name, c.c_mktsegment`,
    },
    {
      name: 'month grain within a year',
      query: {
        metrics: ['revenue'],
        group_by: [{ dimension: 'order_date', grain: 'month' }],
        time_range: { start: '1996-01-01', end: '1997-01-01' },
      },
      reference: `SELECT CAST(date_trunc('month', o.o_orderdate) AS DATE) AS order_date_month, SUM(${REV}) AS revenue
      FROM ${LO} WHERE o.o_orderdate >= DATE '1996-01-01' AND o.o_orderdate < DATE '1997-01-01' GROUP BY 1`,
    },
    {
      name: 'year grain',
      query: {
        metrics: ['orders', 'active_customers'],
        group_by: [{ dimension: 'order_date', grain: 'year' }],
        order: [{ by: 'order_date', direction: 'asc' }],
      },
      reference: `SELECT CAST(EXTRACT(YEAR FROM o_orderdate) AS INTEGER) AS order_date_year, COUNT(*) AS orders, COUNT(DISTINCT o_custkey) AS active_customers
      FROM orders GROUP BY 1 ORDER BY 1`,
      ordered: true,
    },
    {
      name: 'quarter grain',
      query: {
        metrics: ['order_value'],
        group_by: [{ dimension: 'order_date', grain: 'quarter' }],
        time_range: { start: '1995-01-01', end: '1996-07-01' },
      },
      reference: `SELECT CAST(date_trunc('quarter', o_orderdate) AS DATE) AS order_date_quarter, SUM(o_totalprice) AS order_value
      FROM orders WHERE o_orderdate >= DATE '1995-01-01' AND o_orderdate < DATE '1996-07-01' GROUP BY 1`,
    },
    {
      name: 'week and day grains',
      query: {
        metrics: ['orders'],
        group_by: [{ dimension: 'order_date', grain: 'week' }],
        time_range: { start: '1998-06-01', end: '1998-08-03' },
      },
      reference: `SELECT CAST(date_trunc('week', o_orderdate) AS DATE) AS order_date_week, COUNT(*) AS orders
      FROM orders WHERE o_orderdate >= DATE '1998-06-01' AND o_orderdate < DATE '1998-08-03' GROUP BY 1`,
    },
    {
      name: 'day grain',
      query: {
        metrics: ['orders'],
        group_by: [{ dimension: 'order_date', grain: 'day' }],
        time_range: { start: '1998-07-01', end: '1998-08-03' },
      },
      reference: `SELECT o_orderdate AS order_date_day, COUNT(*) AS orders
      FROM orders WHERE o_orderdate >= DATE '1998-07-01' AND o_orderdate < DATE '1998-08-03' GROUP BY 1`,
    },
    {
      name: 'time range, end exclusive',
      query: { metrics: ['revenue', 'orders'], time_range: { start: '1997-01-01', end: '1998-01-01' } },
      reference: `SELECT (SELECT SUM(${REV}) FROM ${LO} WHERE o.o_orderdate >= DATE '1997-01-01' AND o.o_orderdate <= DATE '1997-12-31') AS revenue,
      (SELECT COUNT(*) FROM orders WHERE o_orderdate BETWEEN DATE '1997-01-01' AND DATE '1997-12-31') AS orders`,
    },
    {
      name: 'IN filter with a value group and a synonym',
      query: {
        metrics: ['orders'],
        group_by: [{ dimension: 'order_priority' }],
        filters: [{ dimension: 'order_priority', op: 'in', values: ['high priority', '5-LOW'] }],
      },
      reference: `SELECT o_orderpriority AS order_priority, COUNT(*) AS orders FROM orders
      WHERE o_orderpriority IN ('1-URGENT', '2-HIGH', '5-LOW') GROUP BY 1`,
    },
    {
      name: 'eq filter through a value synonym',
      query: {
        metrics: ['orders'],
        filters: [
          { dimension: 'order_priority', op: 'eq', values: ['urgent'] },
          { dimension: 'order_status', op: 'eq', values: ['fulfilled'] },
        ],
      },
      reference: `SELECT COUNT(*) AS orders FROM orders WHERE o_orderpriority = '1-URGENT' AND o_orderstatus = 'F'`,
    },
    {
      name: 'NOT IN filter on a customer dimension for a line-item measure',
      query: {
        metrics: ['revenue'],
        group_by: [{ dimension: 'market_segment' }],
        filters: [{ dimension: 'market_segment', op: 'not_in', values: ['BUILDING', 'MACHINERY'] }],
      },
      reference: `SELECT c.c_mktsegment AS market_segment, SUM(${REV}) AS revenue FROM ${LO} JOIN customer c ON o.o_custkey = c.c_custkey
      WHERE c.c_mktsegment NOT IN ('BUILDING', 'MACHINERY') GROUP BY 1`,
    },
    {
      name: 'between and comparisons on a number dimension',
      query: {
        metrics: ['units_sold', 'line_items'],
        group_by: [{ dimension: 'container' }],
        filters: [
          { dimension: 'part_size', op: 'between', values: [10, 20] },
          { dimension: 'brand', op: 'ne', values: ['Brand#13'] },
          { dimension: 'part_size', op: 'lt', values: ['18'] },
        ],
      },
      reference: `SELECT p.p_container AS container, SUM(l.l_quantity) AS units_sold, COUNT(*) AS line_items FROM lineitem l JOIN part p ON l.l_partkey = p.p_partkey
      WHERE p.p_size BETWEEN 10 AND 20 AND p.p_brand <> 'Brand#13' AND p.p_size < 18 GROUP BY 1`,
    },
    {
      name: 'gte / lte comparisons and a filter on a time dimension',
      query: {
        metrics: ['order_value'],
        filters: [
          { dimension: 'order_date', op: 'gte', values: ['1998-01-01'] },
          { dimension: 'part_size', op: 'gte', values: [50] },
        ],
        group_by: [{ dimension: 'order_status' }],
      },
      // order_value by part size filter: orders with at least one line of a size-50 part (semi-join).
      reference: `SELECT o.o_orderstatus AS order_status, SUM(o.o_totalprice) AS order_value FROM orders o
      WHERE o.o_orderdate >= DATE '1998-01-01' AND EXISTS (SELECT 1 FROM lineitem l JOIN part p ON l.l_partkey = p.p_partkey WHERE l.l_orderkey = o.o_orderkey AND p.p_size >= 50)
      GROUP BY 1`,
    },
    {
      name: 'metric filter (having)',
      query: {
        metrics: ['revenue'],
        group_by: [{ dimension: 'nation' }],
        metric_filters: [{ metric: 'revenue', op: 'gt', value: revenue(840000000) }],
      },
      reference: `SELECT n.n_name AS nation, SUM(${REV}) AS revenue FROM ${LO} ${CUST_GEO} GROUP BY 1 HAVING SUM(${REV}) > ${revenue(840000000)}`,
    },
    {
      name: 'metric filter on a metric not shown',
      query: {
        metrics: ['orders'],
        group_by: [{ dimension: 'nation' }],
        metric_filters: [{ metric: 'revenue', op: 'lte', value: revenue(800000000) }],
      },
      reference: `SELECT a.nation, a.orders FROM (SELECT n.n_name AS nation, COUNT(*) AS orders FROM orders o ${CUST_GEO} GROUP BY 1) a
      JOIN (SELECT n.n_name AS nation, SUM(${REV}) AS revenue FROM ${LO} ${CUST_GEO} GROUP BY 1) b ON a.nation = b.nation WHERE b.revenue <= ${revenue(800000000)}`,
    },
    {
      name: 'order and limit: top customers by revenue',
      query: { metrics: ['revenue'], group_by: [{ dimension: 'customer' }], order: [{ by: 'revenue', direction: 'desc' }], limit: 5 },
      reference: `SELECT c.c_name AS customer, SUM(${REV}) AS revenue FROM ${LO} JOIN customer c ON o.o_custkey = c.c_custkey
      GROUP BY 1 ORDER BY 2 DESC LIMIT 5`,
      ordered: true,
    },
    {
      name: 'order ascending by a dimension with limit',
      query: {
        metrics: ['suppliers'],
        group_by: [{ dimension: 'supplier_nation' }],
        order: [{ by: 'supplier_nation', direction: 'asc' }],
        limit: 3,
      },
      reference: `SELECT n.n_name AS supplier_nation, COUNT(*) AS suppliers FROM supplier s JOIN nation n ON s.s_nationkey = n.n_nationkey GROUP BY 1 ORDER BY 1 LIMIT 3`,
      ordered: true,
    },
    {
      name: 'share of total',
      query: { metrics: ['revenue'], group_by: [{ dimension: 'region' }], share_of_total: ['revenue'] },
      reference: `SELECT region, revenue, revenue / SUM(revenue) OVER () AS revenue_share FROM
      (SELECT r.r_name AS region, SUM(${REV}) AS revenue FROM ${LO} ${CUST_GEO} GROUP BY 1) x`,
    },
    {
      name: 'share of total is over all groups, before limit',
      query: {
        metrics: ['revenue'],
        group_by: [{ dimension: 'nation' }],
        share_of_total: ['revenue'],
        order: [{ by: 'revenue' }],
        limit: 3,
      },
      reference: `SELECT nation, revenue, revenue / SUM(revenue) OVER () AS revenue_share FROM
      (SELECT n.n_name AS nation, SUM(${REV}) AS revenue FROM ${LO} ${CUST_GEO} GROUP BY 1) x ORDER BY revenue DESC LIMIT 3`,
      ordered: true,
    },
    {
      name: 'role-playing: supplier region',
      query: { metrics: ['revenue'], group_by: [{ dimension: 'supplier_region' }] },
      reference: `SELECT r.r_name AS supplier_region, SUM(${REV}) AS revenue FROM lineitem l JOIN supplier s ON l.l_suppkey = s.s_suppkey
      JOIN nation n ON s.s_nationkey = n.n_nationkey JOIN region r ON n.n_regionkey = r.r_regionkey GROUP BY 1`,
    },
    {
      name: 'role-playing: customer region and supplier region together',
      query: {
        metrics: ['revenue'],
        group_by: [{ dimension: 'region' }, { dimension: 'supplier_region' }],
        filters: [{ dimension: 'supplier_nation', op: 'eq', values: ['GERMANY'] }],
      },
      reference: `SELECT r.r_name AS region, sr.r_name AS supplier_region, SUM(${REV}) AS revenue FROM ${LO} ${CUST_GEO}
      JOIN supplier s ON l.l_suppkey = s.s_suppkey JOIN nation sn ON s.s_nationkey = sn.n_nationkey JOIN region sr ON sn.n_regionkey = sr.r_regionkey
      WHERE sn.n_name = 'GERMANY' GROUP BY 1, 2`,
    },
    {
      name: 'fan-out: orders by ship mode counts each order once per mode',
      query: { metrics: ['orders', 'order_value'], group_by: [{ dimension: 'ship_mode' }] },
      reference: `SELECT x.l_shipmode AS ship_mode, COUNT(*) AS orders, SUM(o.o_totalprice) AS order_value
      FROM (SELECT DISTINCT l_shipmode, l_orderkey FROM lineitem) x JOIN orders o ON o.o_orderkey = x.l_orderkey GROUP BY 1`,
    },
    {
      name: 'fan-out: orders and line items by ship mode together',
      query: {
        metrics: ['orders', 'line_items'],
        group_by: [{ dimension: 'ship_mode' }],
        time_range: { start: '1995-01-01', end: '1996-01-01' },
      },
      reference: `SELECT l.l_shipmode AS ship_mode, COUNT(DISTINCT o.o_orderkey) AS orders, COUNT(*) AS line_items FROM ${LO}
      WHERE o.o_orderdate >= DATE '1995-01-01' AND o.o_orderdate < DATE '1996-01-01' GROUP BY 1`,
    },
    {
      name: 'fan-out: a many-side filter on a one-side measure',
      query: { metrics: ['orders'], filters: [{ dimension: 'ship_mode', op: 'eq', values: ['AIR'] }] },
      reference: `SELECT COUNT(*) AS orders FROM orders o WHERE EXISTS (SELECT 1 FROM lineitem l WHERE l.l_orderkey = o.o_orderkey AND l.l_shipmode = 'AIR')`,
    },
    {
      name: 'measure dated by ship date',
      query: {
        metrics: ['revenue', 'line_items'],
        group_by: [{ dimension: 'ship_date', grain: 'month' }],
        time_range: { dimension: 'ship_date', start: '1995-01-01', end: '1995-07-01' },
      },
      reference: `SELECT CAST(date_trunc('month', l_shipdate) AS DATE) AS ship_date_month, SUM(l_extendedprice * (1 - l_discount)) AS revenue, COUNT(*) AS line_items
      FROM lineitem WHERE l_shipdate >= DATE '1995-01-01' AND l_shipdate < DATE '1995-07-01' GROUP BY 1`,
    },
    {
      name: 'grouping by ship date dates the metric by ship date',
      query: { metrics: ['units_sold'], group_by: [{ dimension: 'ship_date', grain: 'year' }] },
      reference: `SELECT CAST(EXTRACT(YEAR FROM l_shipdate) AS INTEGER) AS ship_date_year, SUM(l_quantity) AS units_sold FROM lineitem GROUP BY 1`,
    },
    {
      name: 'receipt-dated late deliveries',
      query: {
        metrics: ['late_deliveries', 'late_delivery_rate'],
        time_range: { dimension: 'receipt_date', start: '1996-01-01', end: '1997-01-01' },
      },
      reference: `SELECT SUM(CASE WHEN l_receiptdate > l_commitdate THEN 1 ELSE 0 END) AS late_deliveries,
      ${F('SUM(CASE WHEN l_receiptdate > l_commitdate THEN 1 ELSE 0 END)')} / COUNT(*) AS late_delivery_rate
      FROM lineitem WHERE l_receiptdate >= DATE '1996-01-01' AND l_receiptdate < DATE '1997-01-01'`,
    },
    {
      name: 'derived metrics: profit, margin, return rate, discount, days to ship',
      query: {
        metrics: [
          'profit',
          'profit_margin',
          'supply_cost',
          'return_rate',
          'average_discount',
          'discount_amount',
          'gross_sales',
          'days_to_ship',
        ],
        group_by: [{ dimension: 'order_date', grain: 'year' }],
      },
      reference: `SELECT CAST(EXTRACT(YEAR FROM o.o_orderdate) AS INTEGER) AS order_date_year,
      SUM(${REV}) - SUM(ps.ps_supplycost * l.l_quantity) AS profit,
      ${F(`SUM(${REV}) - SUM(ps.ps_supplycost * l.l_quantity)`)} / SUM(${REV}) AS profit_margin,
      SUM(ps.ps_supplycost * l.l_quantity) AS supply_cost,
      ${F("SUM(CASE WHEN l.l_returnflag = 'R' THEN 1 ELSE 0 END)")} / COUNT(*) AS return_rate,
      AVG(l.l_discount) AS average_discount, SUM(l.l_extendedprice * l.l_discount) AS discount_amount, SUM(l.l_extendedprice) AS gross_sales,
      AVG(l.l_shipdate - o.o_orderdate) AS days_to_ship
      FROM ${LO} JOIN partsupp ps ON ps.ps_partkey = l.l_partkey AND ps.ps_suppkey = l.l_suppkey GROUP BY 1`,
    },
    {
      name: 'metrics that are not dated ignore the period',
      query: {
        metrics: ['customers', 'active_customers', 'customer_account_balance'],
        group_by: [{ dimension: 'region' }],
        time_range: { start: '1998-01-01', end: '1998-08-03' },
      },
      reference: `SELECT a.region, a.customers, a.customer_account_balance, b.active_customers FROM
      (SELECT r.r_name AS region, COUNT(*) AS customers, SUM(c.c_acctbal) AS customer_account_balance FROM customer c JOIN nation n ON c.c_nationkey = n.n_nationkey JOIN region r ON n.n_regionkey = r.r_regionkey GROUP BY 1) a
      JOIN (SELECT r.r_name AS region, COUNT(DISTINCT o.o_custkey) AS active_customers FROM orders o ${CUST_GEO}
        WHERE o.o_orderdate >= DATE '1998-01-01' AND o.o_orderdate < DATE '1998-08-03' GROUP BY 1) b ON a.region = b.region`,
    },
    {
      name: 'supplier metrics by supplier nation',
      query: {
        metrics: ['suppliers', 'supplier_account_balance', 'average_supplier_account_balance'],
        group_by: [{ dimension: 'supplier_region' }],
      },
      reference: `SELECT r.r_name AS supplier_region, COUNT(*) AS suppliers, SUM(s.s_acctbal) AS supplier_account_balance, AVG(s.s_acctbal) AS average_supplier_account_balance
      FROM supplier s JOIN nation n ON s.s_nationkey = n.n_nationkey JOIN region r ON n.n_regionkey = r.r_regionkey GROUP BY 1`,
    },
    {
      name: 'dimensions only',
      query: { group_by: [{ dimension: 'region' }, { dimension: 'nation' }] },
      reference: `SELECT r.r_name AS region, n.n_name AS nation FROM nation n JOIN region r ON n.n_regionkey = r.r_regionkey`,
    },
    {
      name: 'part dimensions with a return flag filter',
      query: {
        metrics: ['units_sold'],
        group_by: [{ dimension: 'manufacturer' }],
        filters: [
          { dimension: 'return_flag', op: 'eq', values: ['returned'] },
          { dimension: 'ship_mode', op: 'in', values: ['AIR', 'REG AIR'] },
        ],
      },
      reference: `SELECT p.p_mfgr AS manufacturer, SUM(l.l_quantity) AS units_sold FROM lineitem l JOIN part p ON l.l_partkey = p.p_partkey
      WHERE l.l_returnflag = 'R' AND l.l_shipmode IN ('AIR', 'REG AIR') GROUP BY 1`,
    },
    {
      name: 'clerks with an apostrophe-safe filter value',
      query: {
        metrics: ['orders'],
        group_by: [{ dimension: 'clerk' }],
        filters: [{ dimension: 'clerk', op: 'in', values: ['Clerk#000000001', "O'Brien"] }],
      },
      reference: `SELECT o_clerk AS clerk, COUNT(*) AS orders FROM orders WHERE o_clerk = 'Clerk#000000001' GROUP BY 1`,
    },
    // ---- the richer IR: subsets, entity conditions, per-entity averages, distinct counts, ranks, comparisons
    {
      name: 'share of orders that are urgent, by region (subset share per group)',
      query: {
        metrics: [],
        group_by: [{ dimension: 'region' }],
        subset_metrics: [
          { name: 'urgent_share', metric: 'orders', filters: [{ dimension: 'order_priority', op: 'eq', values: ['urgent'] }], as: 'share' },
        ],
      },
      reference: `SELECT r.r_name AS region, ${F("SUM(CASE WHEN o.o_orderpriority = '1-URGENT' THEN 1 ELSE 0 END)")} / COUNT(*) AS urgent_share FROM orders o ${CUST_GEO} GROUP BY 1`,
    },
    {
      name: 'urgent orders as a column next to all orders',
      query: {
        metrics: ['orders'],
        subset_metrics: [
          { name: 'urgent_orders', metric: 'orders', filters: [{ dimension: 'order_priority', op: 'eq', values: ['1-URGENT'] }] },
        ],
        time_range: { start: '1996-01-01', end: '1997-01-01' },
      },
      reference: `SELECT COUNT(*) AS orders, SUM(CASE WHEN o_orderpriority = '1-URGENT' THEN 1 ELSE 0 END) AS urgent_orders FROM orders WHERE o_orderdate >= DATE '1996-01-01' AND o_orderdate < DATE '1997-01-01'`,
    },
    {
      name: 'ratio of orders to customers (two metrics of two entities, a decimal)',
      query: {
        metrics: [],
        ratios: [{ name: 'orders_to_customers', numerator: { metric: 'orders' }, denominator: { metric: 'customers' } }],
      },
      reference: `SELECT ${F('(SELECT COUNT(*) FROM orders)')} / (SELECT COUNT(*) FROM customer) AS orders_to_customers`,
    },
    {
      name: 'ratio of urgent to high-priority orders by region in 1996 (two subsets of one metric)',
      query: {
        metrics: [],
        group_by: [{ dimension: 'region' }],
        time_range: { start: '1996-01-01', end: '1997-01-01' },
        ratios: [
          {
            name: 'urgent_to_high',
            numerator: { metric: 'orders', filters: [{ dimension: 'order_priority', op: 'eq', values: ['1-URGENT'] }] },
            denominator: { metric: 'orders', filters: [{ dimension: 'order_priority', op: 'eq', values: ['2-HIGH'] }] },
          },
        ],
      },
      reference: `SELECT r.r_name AS region, ${F("SUM(CASE WHEN o.o_orderpriority = '1-URGENT' THEN 1 ELSE 0 END)")} / SUM(CASE WHEN o.o_orderpriority = '2-HIGH' THEN 1 ELSE 0 END) AS urgent_to_high
      FROM orders o ${CUST_GEO} WHERE o.o_orderdate >= DATE '1996-01-01' AND o.o_orderdate < DATE '1997-01-01' GROUP BY 1`,
    },
    {
      name: 'ratio of revenue shipped by AIR to line items in EUROPE, by order priority (a subset over a metric of the query scope)',
      query: {
        metrics: [],
        group_by: [{ dimension: 'order_priority' }],
        filters: [{ dimension: 'region', op: 'eq', values: ['EUROPE'] }],
        ratios: [
          {
            name: 'air_revenue_per_line',
            numerator: { metric: 'revenue', filters: [{ dimension: 'ship_mode', op: 'eq', values: ['AIR'] }] },
            denominator: { metric: 'line_items' },
          },
        ],
      },
      reference: `SELECT o.o_orderpriority AS order_priority, SUM(CASE WHEN l.l_shipmode = 'AIR' THEN ${REV} ELSE 0 END) / ${F('COUNT(*)')} AS air_revenue_per_line
      FROM ${LO} ${CUST_GEO} WHERE r.r_name = 'EUROPE' GROUP BY 1`,
    },
    {
      name: 'ratio of customers with more than 15 orders to customers with at most 15, by market segment (a condition on each side only)',
      query: {
        metrics: [],
        group_by: [{ dimension: 'market_segment' }],
        ratios: [
          {
            name: 'busy_to_quiet',
            numerator: { metric: 'customers', conditions: [{ entity: 'customer', metric: 'orders', op: 'gt', value: 15 }] },
            denominator: { metric: 'customers', conditions: [{ entity: 'customer', metric: 'orders', op: 'lte', value: 15 }] },
          },
        ],
      },
      reference: `SELECT c.c_mktsegment AS market_segment,
        ${F('SUM(CASE WHEN COALESCE(x.n, 0) > 15 THEN 1 ELSE 0 END)')} / NULLIF(SUM(CASE WHEN COALESCE(x.n, 0) <= 15 THEN 1 ELSE 0 END), 0) AS busy_to_quiet
      FROM customer c LEFT JOIN (SELECT o_custkey, COUNT(*) AS n FROM orders GROUP BY 1) x ON x.o_custkey = c.c_custkey GROUP BY 1`,
    },
    {
      name: 'customers with more than 30 orders (entity condition, counted)',
      query: { metrics: ['customers'], entity_conditions: [{ entity: 'customer', metric: 'orders', op: 'gt', value: 30 }] },
      reference: `SELECT COUNT(*) AS customers FROM (SELECT o_custkey FROM orders GROUP BY 1 HAVING COUNT(*) > 30) x`,
    },
    {
      name: 'customers who never ordered, by market segment (members with no rows count 0)',
      query: {
        metrics: ['customers'],
        group_by: [{ dimension: 'market_segment' }],
        entity_conditions: [{ entity: 'customer', metric: 'orders', op: 'eq', value: 0 }],
      },
      reference: `SELECT c_mktsegment AS market_segment, COUNT(*) AS customers FROM customer WHERE c_custkey NOT IN (SELECT o_custkey FROM orders) GROUP BY 1`,
    },
    {
      name: 'revenue from customers with more than 5 orders in 1996 (condition over its own period)',
      query: {
        metrics: ['revenue'],
        time_range: { start: '1996-01-01', end: '1997-01-01' },
        entity_conditions: [
          { entity: 'customer', metric: 'orders', op: 'gt', value: 5, time_range: { start: '1996-01-01', end: '1997-01-01' } },
        ],
      },
      reference: `SELECT SUM(${REV}) AS revenue FROM ${LO} WHERE o.o_orderdate >= DATE '1996-01-01' AND o.o_orderdate < DATE '1997-01-01'
      AND o.o_custkey IN (SELECT o_custkey FROM orders WHERE o_orderdate >= DATE '1996-01-01' AND o_orderdate < DATE '1997-01-01' GROUP BY 1 HAVING COUNT(*) > 5)`,
    },
    {
      name: 'customers with orders that have line items shipped by AIR (a condition nested in a condition)',
      query: {
        metrics: ['customers'],
        entity_conditions: [
          {
            entity: 'customer',
            metric: 'orders',
            op: 'gt',
            value: 0,
            conditions: [
              {
                entity: 'orders',
                metric: 'line_items',
                op: 'gt',
                value: 0,
                filters: [{ dimension: 'ship_mode', op: 'eq', values: ['AIR'] }],
              },
            ],
          },
        ],
      },
      reference: `SELECT COUNT(*) AS customers FROM customer WHERE c_custkey IN (SELECT o_custkey FROM orders WHERE o_orderkey IN (SELECT l_orderkey FROM lineitem WHERE l_shipmode = 'AIR'))`,
    },
    {
      name: 'suppliers with a negative balance by supplier region (own attribute)',
      query: {
        metrics: ['suppliers'],
        group_by: [{ dimension: 'supplier_region' }],
        entity_conditions: [{ entity: 'supplier', metric: 'supplier_account_balance', op: 'lt', value: 0 }],
      },
      reference: `SELECT r.r_name AS supplier_region, COUNT(*) AS suppliers FROM supplier s JOIN nation n ON s.s_nationkey = n.n_nationkey JOIN region r ON n.n_regionkey = r.r_regionkey WHERE s.s_acctbal < 0 GROUP BY 1`,
    },
    {
      name: 'orders with more than 5 line items by order priority',
      query: {
        metrics: ['orders'],
        group_by: [{ dimension: 'order_priority' }],
        entity_conditions: [{ entity: 'orders', metric: 'line_items', op: 'gt', value: 5 }],
      },
      reference: `SELECT o_orderpriority AS order_priority, COUNT(*) AS orders FROM orders WHERE o_orderkey IN (SELECT l_orderkey FROM lineitem GROUP BY 1 HAVING COUNT(*) > 5) GROUP BY 1`,
    },
    {
      name: 'line items per order and orders per customer by market segment',
      query: {
        metrics: [],
        group_by: [{ dimension: 'market_segment' }],
        per_entity_averages: [{ name: 'orders_per_customer', metric: 'orders', entity: 'customer' }],
      },
      reference: `SELECT c.c_mktsegment AS market_segment, ${F('COUNT(*)')} / COUNT(DISTINCT o.o_custkey) AS orders_per_customer FROM orders o JOIN customer c ON o.o_custkey = c.c_custkey GROUP BY 1`,
    },
    {
      name: 'line items per order in 1996',
      query: {
        metrics: [],
        per_entity_averages: [{ name: 'line_items_per_order', metric: 'line_items', entity: 'orders' }],
        time_range: { start: '1996-01-01', end: '1997-01-01' },
      },
      reference: `SELECT ${F('COUNT(*)')} / COUNT(DISTINCT l.l_orderkey) AS line_items_per_order FROM ${LO} WHERE o.o_orderdate >= DATE '1996-01-01' AND o.o_orderdate < DATE '1997-01-01'`,
    },
    {
      name: 'distinct parts sold in 1997 and distinct customers who ordered, by region',
      query: {
        metrics: [],
        group_by: [{ dimension: 'region' }],
        distinct_counts: [{ name: 'buyers', entity: 'customer' }],
        time_range: { start: '1997-01-01', end: '1998-01-01' },
      },
      reference: `SELECT r.r_name AS region, COUNT(DISTINCT o.o_custkey) AS buyers FROM orders o ${CUST_GEO} WHERE o.o_orderdate >= DATE '1997-01-01' AND o.o_orderdate < DATE '1998-01-01' GROUP BY 1`,
    },
    {
      name: 'distinct parts sold in 1997',
      query: {
        metrics: [],
        distinct_counts: [{ name: 'parts_sold', entity: 'part' }],
        time_range: { start: '1997-01-01', end: '1998-01-01' },
      },
      reference: `SELECT COUNT(DISTINCT l.l_partkey) AS parts_sold FROM ${LO} WHERE o.o_orderdate >= DATE '1997-01-01' AND o.o_orderdate < DATE '1998-01-01'`,
    },
    {
      name: 'months and years in which one clerk took orders (period counts)',
      query: {
        metrics: ['orders'],
        filters: [{ dimension: 'clerk', op: 'eq', values: ['Clerk#000000001'] }],
        period_counts: [
          { name: 'order_months', metric: 'orders', grain: 'month' },
          { name: 'order_years', metric: 'orders', grain: 'year' },
        ],
        time_range: { start: '1995-01-01', end: '1997-01-01' },
      },
      reference: `SELECT COUNT(*) AS orders, COUNT(DISTINCT CAST(date_trunc('month', o.o_orderdate) AS DATE)) AS order_months, COUNT(DISTINCT EXTRACT(YEAR FROM o.o_orderdate)) AS order_years
      FROM orders o WHERE o.o_clerk = 'Clerk#000000001' AND o.o_orderdate >= DATE '1995-01-01' AND o.o_orderdate < DATE '1997-01-01'`,
    },
    {
      name: "days on which one clerk's line items shipped, by ship mode (day buckets of another time dimension)",
      query: {
        metrics: [],
        group_by: [{ dimension: 'ship_mode' }],
        filters: [{ dimension: 'clerk', op: 'eq', values: ['Clerk#000000002'] }],
        period_counts: [{ name: 'ship_days', metric: 'line_items', grain: 'day', dimension: 'ship_date' }],
        time_range: { start: '1995-01-01', end: '1996-01-01' },
      },
      reference: `SELECT l.l_shipmode AS ship_mode, COUNT(DISTINCT l.l_shipdate) AS ship_days FROM ${LO}
      WHERE o.o_clerk = 'Clerk#000000002' AND l.l_shipdate >= DATE '1995-01-01' AND l.l_shipdate < DATE '1996-01-01' GROUP BY 1`,
    },
    {
      name: 'weeks with revenue by region (buckets of the order date, counted over line items)',
      query: {
        metrics: [],
        group_by: [{ dimension: 'region' }],
        filters: [{ dimension: 'clerk', op: 'eq', values: ['Clerk#000000003'] }],
        period_counts: [{ name: 'revenue_weeks', metric: 'revenue', grain: 'week' }],
        time_range: { start: '1996-01-01', end: '1997-01-01' },
      },
      reference: `SELECT r.r_name AS region, COUNT(DISTINCT CAST(date_trunc('week', o.o_orderdate) AS DATE)) AS revenue_weeks FROM ${LO} ${CUST_GEO}
      WHERE o.o_clerk = 'Clerk#000000003' AND o.o_orderdate >= DATE '1996-01-01' AND o.o_orderdate < DATE '1997-01-01' GROUP BY 1`,
    },
    {
      name: 'second largest nation by revenue (offset)',
      query: {
        metrics: ['revenue'],
        group_by: [{ dimension: 'nation' }],
        order: [{ by: 'revenue', direction: 'desc' }],
        limit: 1,
        offset: 1,
      },
      reference: `SELECT n.n_name AS nation, SUM(${REV}) AS revenue FROM ${LO} ${CUST_GEO} GROUP BY 1 ORDER BY 2 DESC LIMIT 1 OFFSET 1`,
      ordered: true,
    },
    {
      name: 'the one asked for with every row tied for it: second fewest suppliers (two nations have as many)',
      query: {
        metrics: ['suppliers'],
        group_by: [{ dimension: 'supplier_nation' }],
        order: [{ by: 'suppliers', direction: 'asc' }],
        limit: 1,
        offset: 1,
        with_ties: true,
      },
      reference: `SELECT supplier_nation, suppliers FROM (SELECT n.n_name AS supplier_nation, COUNT(*) AS suppliers, RANK() OVER (ORDER BY COUNT(*)) AS place
      FROM supplier s JOIN nation n ON s.s_nationkey = n.n_nationkey GROUP BY n.n_name) ranked WHERE place = 2`,
    },
    {
      name: 'revenue 1997 vs 1996 by region (previous, change, change %)',
      query: {
        metrics: ['revenue'],
        group_by: [{ dimension: 'region' }],
        time_range: { start: '1997-01-01', end: '1998-01-01' },
        comparison: { previous: { start: '1996-01-01', end: '1997-01-01' } },
      },
      reference: `SELECT region, cur AS revenue, prev AS revenue_previous, cur - prev AS revenue_change, ${F('cur - prev')} / prev AS revenue_change_pct FROM (
      SELECT r.r_name AS region, SUM(CASE WHEN o.o_orderdate >= DATE '1997-01-01' AND o.o_orderdate < DATE '1998-01-01' THEN ${REV} END) AS cur,
        SUM(CASE WHEN o.o_orderdate >= DATE '1996-01-01' AND o.o_orderdate < DATE '1997-01-01' THEN ${REV} END) AS prev
      FROM ${LO} ${CUST_GEO} GROUP BY 1) x`,
    },
    {
      name: 'part sizes in a range and at least a size',
      query: {
        metrics: ['units_sold'],
        filters: [
          { dimension: 'part_size', op: 'between', values: [10, 20] },
          { dimension: 'part_size', op: 'gte', values: [15] },
        ],
      },
      reference: `SELECT SUM(l.l_quantity) AS units_sold FROM lineitem l JOIN part p ON l.l_partkey = p.p_partkey WHERE p.p_size BETWEEN 10 AND 20 AND p.p_size >= 15`,
    },
    {
      name: "quantity per line item: a per-entity average over the metric's own rows",
      query: {
        metrics: [],
        group_by: [{ dimension: 'ship_mode' }],
        per_entity_averages: [{ name: 'quantity_per_line', metric: 'units_sold', entity: 'lineitem' }],
      },
      reference: `SELECT l.l_shipmode AS ship_mode, ${F('SUM(l.l_quantity)')} / COUNT(*) AS quantity_per_line FROM lineitem l GROUP BY 1`,
    },
    // ---- listings: dimensions and no metric (one row per distinct combination)
    {
      name: 'a listing: the nations of a region (dimensions only)',
      query: { metrics: [], group_by: [{ dimension: 'nation' }], filters: [{ dimension: 'region', op: 'eq', values: ['EUROPE'] }] },
      reference: `SELECT DISTINCT n.n_name AS nation FROM nation n JOIN region r ON n.n_regionkey = r.r_regionkey WHERE r.r_name = 'EUROPE'`,
    },
    {
      name: 'a listing with a condition on its members, ordered and cut: customers of a segment who never ordered',
      query: {
        metrics: [],
        group_by: [{ dimension: 'customer' }],
        filters: [{ dimension: 'market_segment', op: 'eq', values: ['BUILDING'] }],
        entity_conditions: [{ entity: 'customer', metric: 'orders', op: 'eq', value: 0 }],
        order: [{ by: 'customer', direction: 'asc' }],
        limit: 5,
      },
      reference: `SELECT c_name AS customer FROM customer WHERE c_mktsegment = 'BUILDING' AND c_custkey NOT IN (SELECT o_custkey FROM orders) ORDER BY 1 LIMIT 5`,
      ordered: true,
    },
    {
      name: 'a listing with a condition over its own period: German customers with more than 2 orders in 1996',
      query: {
        metrics: [],
        group_by: [{ dimension: 'customer' }],
        filters: [{ dimension: 'nation', op: 'eq', values: ['GERMANY'] }],
        entity_conditions: [
          { entity: 'customer', metric: 'orders', op: 'gt', value: 2, time_range: { start: '1996-01-01', end: '1997-01-01' } },
        ],
      },
      reference: `SELECT c.c_name AS customer FROM customer c JOIN nation n ON c.c_nationkey = n.n_nationkey WHERE n.n_name = 'GERMANY' AND c.c_custkey IN (
      SELECT o_custkey FROM orders WHERE o_orderdate >= DATE '1996-01-01' AND o_orderdate < DATE '1997-01-01' GROUP BY 1 HAVING COUNT(*) > 2)`,
    },
    {
      name: 'a listing dated by a time dimension of related rows: German customers who ordered in July 1998',
      query: {
        metrics: [],
        group_by: [{ dimension: 'customer' }],
        filters: [{ dimension: 'nation', op: 'eq', values: ['GERMANY'] }],
        time_range: { dimension: 'order_date', start: '1998-07-01', end: '1998-08-01' },
      },
      reference: `SELECT DISTINCT c.c_name AS customer FROM orders o JOIN customer c ON o.o_custkey = c.c_custkey JOIN nation n ON c.c_nationkey = n.n_nationkey
      WHERE n.n_name = 'GERMANY' AND o.o_orderdate >= DATE '1998-07-01' AND o.o_orderdate < DATE '1998-08-01'`,
    },
  ];
}

/** The cases on the whole of TPC-H. */
export const CASES: Case[] = casesFor(1);

import { describe, expect, it } from 'vitest';
import {
  columnsOf,
  parseAggregateExpr,
  plainColumn,
  renderAggregateExpr,
  rewriteColumns,
  SqlRewriteError,
} from '../../../src/semantic/import/sql.js';

describe('column expressions of other semantic layers in Quarry form', () => {
  it('qualifies the bare columns and nothing else', () => {
    const cases: [string, string][] = [
      ['amount', '${TABLE}.amount'],
      ['l_extendedprice * (1 - l_discount)', '${TABLE}.l_extendedprice * (1 - ${TABLE}.l_discount)'],
      ["case when quantity > 10 then 'big' else 'small' end", "case when ${TABLE}.quantity > 10 then 'big' else 'small' end"],
      ['coalesce(a, b, 0)', 'coalesce(${TABLE}.a, ${TABLE}.b, 0)'],
      ['EXTRACT(YEAR FROM order_date)', 'EXTRACT(YEAR FROM ${TABLE}.order_date)'],
      ['substring(name from 2)', 'substring(${TABLE}.name from 2)'],
      ['CAST(price AS DECIMAL(10, 2))', 'CAST(${TABLE}.price AS DECIMAL(10, 2))'],
      ['created_at::date', '${TABLE}.created_at::date'],
      ["date >= DATE '2024-01-01'", "${TABLE}.date >= DATE '2024-01-01'"],
      ["shipped + INTERVAL '1' DAY", "${TABLE}.shipped + INTERVAL '1' DAY"],
      ['"Order Date" IS NOT NULL', '${TABLE}."Order Date" IS NOT NULL'],
      ["status = 'it''s -- not a comment'", "${TABLE}.status = 'it''s -- not a comment'"],
      ['orders.amount + current_date', 'orders.amount + current_date'],
      ['COUNT(*) /* all rows */', 'COUNT(*) /* all rows */'],
      ['is_paid = TRUE AND note IS NULL', '${TABLE}.is_paid = TRUE AND ${TABLE}.note IS NULL'],
    ];
    for (const [input, output] of cases) expect(rewriteColumns(input), input).toBe(output);
  });

  it('hands bare and qualified names to a resolver (logical columns, other tables)', () => {
    const out = rewriteColumns('SUM(orders.revenue) / SUM(quantity)', {
      bare: (n) => (n === 'quantity' ? '(${TABLE}.L_QUANTITY)' : undefined),
      qualified: (q, n) => (q === 'orders' ? `\${orders}.${n.toUpperCase()}` : undefined),
    });
    expect(out).toBe('SUM(${orders}.REVENUE) / SUM((${TABLE}.L_QUANTITY))');
  });

  it('refuses a whole query and unterminated text', () => {
    expect(() => rewriteColumns('(SELECT max(x) FROM t)')).toThrow(SqlRewriteError);
    expect(() => rewriteColumns("status = 'open")).toThrow(/unterminated string/);
  });

  it('finds plain columns and the columns an expression reads', () => {
    expect(plainColumn(' o_orderkey ')).toBe('o_orderkey');
    expect(plainColumn('"Order Key"')).toBe('"Order Key"');
    expect(plainColumn('a + b')).toBeUndefined();
    expect(columnsOf("l_orderkey || '-' || l_linenumber")).toEqual(['l_orderkey', 'l_linenumber']);
  });
});

describe('aggregate expressions (Cortex metrics, Cube calculated measures)', () => {
  const AGGS = new Set(['sum', 'avg', 'min', 'max', 'count']);
  const show = (sql: string) =>
    renderAggregateExpr(parseAggregateExpr(sql, AGGS), (a) => `[${a.fn}${a.distinct ? ' distinct' : ''}:${a.arg}]`);

  it('splits arithmetic over aggregates into the aggregates', () => {
    expect(show('SUM(a * (1 - b))')).toBe('[sum:a * (1 - b)]');
    expect(show('SUM(x) / COUNT(DISTINCT id)')).toBe('([sum:x] / [count distinct:id])');
    expect(show('1.0 * (SUM(a) - SUM(b)) / -COUNT(*)')).toBe('((1.0 * ([sum:a] - [sum:b])) / -([count:*]))');
  });

  it('refuses anything else, saying what', () => {
    expect(() => parseAggregateExpr('MEDIAN(x)', AGGS)).toThrow(/MEDIAN\(\.\.\.\) is not one of the aggregations/);
    expect(() => parseAggregateExpr('NULLIF(SUM(x), 0)', AGGS)).toThrow(/NULLIF/);
    expect(() => parseAggregateExpr('SUM(x) OVER (PARTITION BY y)', AGGS)).toThrow(/window function/);
    expect(() => parseAggregateExpr('x + SUM(y)', AGGS)).toThrow(/'x' outside an aggregation/);
  });
});

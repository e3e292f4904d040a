import { describe, expect, it } from 'vitest';
import { ask, q, session } from './helpers.js';

describe('metrics and their synonyms', () => {
  it('sales, revenue, turnover, income -> the same metric', () => {
    for (const w of ['sales', 'revenue', 'turnover', 'income', 'net sales']) {
      expect(q(`what were our ${w} in 1993?`).metrics, w).toEqual(['revenue']);
    }
  });
  it('counting orders, however it is said', () => {
    for (const s of ['How many orders came in during 1994?', 'number of orders in 1994', 'order count for 1994', 'count orders in 1994']) {
      const query = q(s);
      expect(query.metrics, s).toEqual(['orders']);
      expect(query.time_range?.start, s).toBe('1994-01-01');
    }
  });
  it('a total with no period covers all the data', () => {
    const query = q('overall turnover');
    expect(query).toMatchObject({ metrics: ['revenue'], group_by: [], filters: [] });
    expect(query.time_range).toBeUndefined();
  });
  it('two metrics joined by "and"', () => {
    expect(q('show sales and gross sales per year').metrics).toEqual(['revenue', 'gross_sales']);
    expect(q('profit and margin for 1995').metrics).toEqual(['profit', 'profit_margin']);
  });
  it('"how many X" counts X', () => {
    expect(q('how many vendors do we work with?').metrics).toEqual(['suppliers']);
    expect(q('how many clients are on file').metrics).toEqual(['customers']);
    expect(q('how many order lines were there in 1996').metrics).toEqual(['line_items']);
  });
  it('a stock-like count asked for a period uses its dated cousin', () => {
    expect(q('how many customers bought something in 1995').metrics).toEqual(['active_customers']);
  });
  it('typos on longer words are tolerated', () => {
    expect(q('revnue by regoin').metrics).toEqual(['revenue']);
    expect(q('revnue by regoin').group_by).toEqual([{ dimension: 'region' }]);
  });
  it('an unrecognised word is never dropped: the question is refused and the word named', () => {
    expect(ask('sales by region').kind).toBe('query');
    const noisy = ask('sales by region flibbertigibbet');
    expect(noisy.kind).toBe('out_of_scope');
    if (noisy.kind === 'out_of_scope') {
      expect(noisy.reason).toContain('"flibbertigibbet"');
      expect(noisy.unconsumed).toEqual(['flibbertigibbet']);
    }
  });
  it('explains its steps', () => {
    const r = ask('sales by region in 1996');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') {
      expect(r.notes.join('\n')).toMatch(/Revenue/);
      expect(r.notes.join('\n')).toMatch(/1996-01-01 to 1996-12-31/);
      expect(r.notes.join('\n')).toMatch(/Region/);
    }
  });
});

describe('breakdowns', () => {
  const phrasings = ['by', 'per', 'for each', 'in each', 'across', 'broken down by', 'split by'];
  for (const p of phrasings) {
    it(`"${p}"`, () => expect(q(`gross sales ${p} market segment`).group_by).toEqual([{ dimension: 'market_segment' }]));
  }
  it('two dimensions', () => {
    expect(q('sales by region and ship mode').group_by).toEqual([{ dimension: 'region' }, { dimension: 'ship_mode' }]);
  });
  it('a dimension and a time grain', () => {
    expect(q('orders per priority by quarter').group_by).toEqual([
      { dimension: 'order_priority' },
      { dimension: 'order_date', grain: 'quarter' },
    ]);
  });
  it('grain words', () => {
    const g = (s: string) => q(s).group_by.find((x) => x.grain)?.grain;
    expect(g('daily orders in March 1998')).toBe('day');
    expect(g('weekly revenue last quarter')).toBe('week');
    expect(g('monthly turnover')).toBe('month');
    expect(g('quarterly profit')).toBe('quarter');
    expect(g('annual gross sales')).toBe('year');
    expect(g('sales per year')).toBe('year');
    expect(g('revenue trend in 1996')).toBe('month');
    expect(g('how did orders develop over time')).toBe('month');
  });
});

describe('filters on dimension values', () => {
  it('a nation, a region, a segment, a priority, a ship mode, a brand', () => {
    expect(q('sales in Japan').filters).toEqual([{ dimension: 'nation', op: 'eq', values: ['JAPAN'] }]);
    expect(q('sales for africa in 1995').filters).toEqual([{ dimension: 'region', op: 'eq', values: ['AFRICA'] }]);
    expect(q('orders from the MACHINERY segment').filters).toEqual([{ dimension: 'market_segment', op: 'eq', values: ['MACHINERY'] }]);
    expect(q('urgent orders in 1997').filters).toEqual([{ dimension: 'order_priority', op: 'eq', values: ['1-URGENT'] }]);
    expect(q('units sold via RAIL').filters).toEqual([{ dimension: 'ship_mode', op: 'eq', values: ['RAIL'] }]);
    expect(q('sales of Brand#41').filters).toEqual([{ dimension: 'brand', op: 'eq', values: ['Brand#41'] }]);
  });
  it('a value group', () => {
    expect(q('how many high priority orders were there').filters).toEqual([
      { dimension: 'order_priority', op: 'in', values: ['1-URGENT', '2-HIGH'] },
    ]);
  });
  it('several values of one dimension', () => {
    expect(q('sales in FRANCE and GERMANY').filters).toEqual([{ dimension: 'nation', op: 'in', values: ['FRANCE', 'GERMANY'] }]);
  });
  it('negation: excluding, except, other than, not', () => {
    expect(q('sales excluding AMERICA').filters).toEqual([{ dimension: 'region', op: 'ne', values: ['AMERICA'] }]);
    expect(q('orders except urgent ones').filters).toEqual([{ dimension: 'order_priority', op: 'ne', values: ['1-URGENT'] }]);
    expect(q('units sold by ship mode other than MAIL or TRUCK').filters).toEqual([
      { dimension: 'ship_mode', op: 'not_in', values: ['MAIL', 'TRUCK'] },
    ]);
    expect(q('orders that are not fulfilled').filters).toEqual([{ dimension: 'order_status', op: 'ne', values: ['F'] }]);
  });
  it('an ordinary word that is also a stored value is not a filter', () => {
    expect(q('revenue shipped in 1996').filters).toEqual([]);
  });
  it('demonyms', () => {
    expect(q('sales to Brazilian customers').filters).toEqual([{ dimension: 'nation', op: 'eq', values: ['BRAZIL'] }]);
  });
  it('a name shaped like the model examples', () => {
    expect(q('revenue from Customer#000000007').filters).toEqual([{ dimension: 'customer', op: 'eq', values: ['Customer#000000007'] }]);
  });
  it('a numeric dimension compared', () => {
    expect(q('units sold of parts with size above 45').filters).toEqual([{ dimension: 'part_size', op: 'gt', values: [45] }]);
  });
});

describe('supplier vs customer role', () => {
  it('a region word in a supplier phrase is the supplier region', () => {
    expect(q('How many vendors does each region have?')).toMatchObject({
      metrics: ['suppliers'],
      group_by: [{ dimension: 'supplier_region' }],
    });
    expect(q('sales from suppliers located in CANADA').filters).toEqual([{ dimension: 'supplier_nation', op: 'eq', values: ['CANADA'] }]);
  });
  it('without suppliers it is the customer side', () => {
    expect(q('customers per region').group_by).toEqual([{ dimension: 'region' }]);
    expect(q('sales by nation').group_by).toEqual([{ dimension: 'nation' }]);
  });
  it('the count of suppliers vs grouping by supplier', () => {
    expect(q('number of suppliers in EUROPE').metrics).toEqual(['suppliers']);
    const top = q('the 4 best suppliers by units sold');
    expect(top).toMatchObject({ metrics: ['units_sold'], group_by: [{ dimension: 'supplier' }], limit: 4 });
    expect(q('sales by supplier').group_by).toEqual([{ dimension: 'supplier' }]);
  });
  it('account balance follows the entity spoken of', () => {
    expect(q('average account balance of suppliers per nation')).toMatchObject({
      metrics: ['average_supplier_account_balance'],
      group_by: [{ dimension: 'supplier_nation' }],
    });
    expect(q('average account balance of customers per segment').metrics).toEqual(['average_customer_account_balance']);
  });
});

describe('top / bottom N and superlatives', () => {
  it('top N with a named metric', () => {
    expect(q('top 7 nations by gross sales in 1996')).toMatchObject({
      metrics: ['gross_sales'],
      group_by: [{ dimension: 'nation' }],
      order: [{ by: 'gross_sales', direction: 'desc' }],
      limit: 7,
    });
  });
  it('numbers as words, "N largest", "which N ... the most"', () => {
    expect(q('top three brands by sales').limit).toBe(3);
    expect(q('the 6 largest customers').limit).toBe(6);
    const w = q('which 2 clerks handled the most orders?');
    expect(w).toMatchObject({
      metrics: ['orders'],
      group_by: [{ dimension: 'clerk' }],
      limit: 2,
      order: [{ by: 'orders', direction: 'desc' }],
    });
  });
  it('the default ranking metric when none is named', () => {
    expect(q('our biggest clients')).toMatchObject({
      metrics: ['revenue'],
      group_by: [{ dimension: 'customer' }],
      order: [{ by: 'revenue', direction: 'desc' }],
    });
  });
  it('bottom, worst, lowest ascend', () => {
    expect(q('bottom 4 segments by profit').order).toEqual([{ by: 'profit', direction: 'asc' }]);
    expect(q('worst 2 regions for sales').order).toEqual([{ by: 'revenue', direction: 'asc' }]);
  });
  it('"which X had the highest/lowest Y" is limit 1', () => {
    expect(q('Which segment had the lowest average discount?')).toMatchObject({
      group_by: [{ dimension: 'market_segment' }],
      order: [{ by: 'average_discount', direction: 'asc' }],
      limit: 1,
    });
    expect(q('what priority has the highest late delivery rate')).toMatchObject({ group_by: [{ dimension: 'order_priority' }], limit: 1 });
    expect(q('in which quarter of 1997 were sales highest')).toMatchObject({
      group_by: [{ dimension: 'order_date', grain: 'quarter' }],
      limit: 1,
    });
  });
});

describe('comparisons on metrics and shares', () => {
  it('metric filters', () => {
    expect(q('nations with sales over 1.5 million in 1995').metric_filters).toEqual([{ metric: 'revenue', op: 'gt', value: 1_500_000 }]);
    expect(q('clients with more than 25 orders')).toMatchObject({
      metrics: ['orders'],
      group_by: [{ dimension: 'customer' }],
      metric_filters: [{ metric: 'orders', op: 'gt', value: 25 }],
    });
    expect(q('brands with a return rate below 25%').metric_filters).toEqual([{ metric: 'return_rate', op: 'lt', value: 0.25 }]);
    expect(q('segments with at least $2,000,000 of profit').metric_filters).toEqual([{ metric: 'profit', op: 'gte', value: 2_000_000 }]);
  });
  it('share of total', () => {
    for (const s of [
      'share of sales by segment',
      'what percentage of orders does each priority account for',
      'the contribution of each region to profit',
    ]) {
      const query = q(s);
      expect(query.share_of_total.length, s).toBe(1);
      expect(query.group_by.length, s).toBe(1);
    }
  });
  it('the share of a single member is one number: the subset over the whole', () => {
    const query = q('what portion of sales comes from ASIA');
    expect(query).toMatchObject({ metrics: [], group_by: [], share_of_total: [], filters: [] });
    expect(query.subset_metrics).toEqual([
      {
        name: 'revenue_share_asia',
        metric: 'revenue',
        filters: [{ dimension: 'region', op: 'eq', values: ['ASIA'] }],
        as: 'share',
        label: 'ASIA',
      },
    ]);
  });
});

describe('more shapes', () => {
  it('"each of the last N months" breaks the period down', () => {
    expect(q('orders for each of the last 4 months')).toMatchObject({
      group_by: [{ dimension: 'order_date', grain: 'month' }],
      time_range: { start: '1998-04-01', end: '1998-08-01' },
    });
  });
  it('"A vs B" values are compared side by side', () => {
    expect(q('sales of FURNITURE versus MACHINERY').group_by).toEqual([{ dimension: 'market_segment' }]);
  });
  it('a shaped name given by number', () => {
    expect(q('units sold of brand 52').filters).toEqual([{ dimension: 'brand', op: 'eq', values: ['Brand#52'] }]);
    expect(q('orders taken by clerk 7').filters).toEqual([{ dimension: 'clerk', op: 'eq', values: ['Clerk#000000007'] }]);
  });
  it('year over year is a yearly breakdown', () => {
    expect(q('profit year over year').group_by).toEqual([{ dimension: 'order_date', grain: 'year' }]);
  });
  it('what the query language cannot express is refused, not approximated', () => {
    for (const s of [
      'median order value by region',
      'standard deviation of discount',
      'sales growth by month',
      'correlation of discount and revenue',
    ]) {
      expect(ask(s).kind, s).toBe('out_of_scope');
    }
  });
});

describe('passive agents and noun modifiers', () => {
  it('"placed by customers" names who placed them, not a breakdown', () => {
    const query = q('how many orders were placed by customers in the furniture segment during 1997');
    expect(query).toMatchObject({
      metrics: ['orders'],
      group_by: [],
      filters: [{ dimension: 'market_segment', op: 'eq', values: ['FURNITURE'] }],
    });
  });
  it('"placed by each customer" still breaks down', () => {
    expect(q('orders placed by each customer in 1997').group_by).toEqual([{ dimension: 'customer' }]);
  });
  it('an agent that relates to nothing in the query is not dropped silently', () => {
    expect(ask('orders made by suppliers').kind).toBe('out_of_scope');
  });
  it('a noun before a metric modifies it', () => {
    expect(q('supplier revenue by region')).toMatchObject({ metrics: ['revenue'], group_by: [{ dimension: 'supplier_region' }] });
    expect(q('customer orders in 1996').metrics).toEqual(['orders']);
  });
});

describe('subjects of money verbs and casual fillers', () => {
  it('"how much did customers ... spend" asks for revenue from those customers, not for a count of them', () => {
    expect(q('how much did customers in the united states spend in 1994')).toMatchObject({
      metrics: ['revenue'],
      filters: [{ dimension: 'nation', op: 'eq', values: ['UNITED STATES'] }],
    });
  });
  it('"orders from customers" is one metric; "customers and orders" is two', () => {
    expect(q('orders from customers in the machinery segment by year').metrics).toEqual(['orders']);
    expect(q('customers and orders by region').metrics).toEqual(['customers', 'orders']);
  });
  it('politeness is not content', () => {
    expect(q('can you pull revenue by month for 1996 pls').metrics).toEqual(['revenue']);
  });
});

describe('confidence comes from coverage and assumptions', () => {
  const conf = (s: string) => {
    const r = ask(s);
    if (r.kind !== 'query') throw new Error(`refused: ${s}`);
    return r;
  };
  it('a fully understood question with nothing assumed is certain, and says nothing was ignored', () => {
    const r = conf('revenue by region in 1996');
    expect(r.confidence).toBe(1);
    expect(r.notes.join(' ')).not.toMatch(/ignored/i);
  });
  it('each assumption lowers it: a typo read, the default metric', () => {
    expect(conf('revnue by region in 1996').confidence).toBeLessThan(1);
    expect(conf('top 5 customers in 1996').confidence).toBeLessThan(1);
    expect(conf('revnue by region in 1996').notes.join(' ')).toMatch(/Read "revnue" as "revenue"/);
  });
});

describe('typos in casual questions', () => {
  it('a misspelt plural is read as the model word', () => {
    expect(q('how many ordres in 1995').metrics).toEqual(['orders']);
  });
});

describe('more casual shapes', () => {
  it('a share written as "%" is a share', () => {
    const query = q('what % of 1996 orders were non-urgent');
    expect(query.subset_metrics?.[0]).toMatchObject({
      metric: 'orders',
      as: 'share',
      filters: [{ dimension: 'order_priority', op: 'ne', values: ['1-URGENT'] }],
    });
  });
  it('"how many non-urgent orders" counts orders with the exclusion', () => {
    expect(q('how many non-urgent orders did we get in 1996')).toMatchObject({
      metrics: ['orders'],
      filters: [{ dimension: 'order_priority', op: 'ne', values: ['1-URGENT'] }],
    });
  });
  it('a counted condition with a period counts every member, the period belongs to the condition', () => {
    const query = q("how many customers didn't order anything in 1997");
    expect(query.metrics).toEqual(['customers']);
    expect(query.time_range).toBeUndefined();
    expect(query.entity_conditions?.[0]).toMatchObject({
      entity: 'customer',
      metric: 'orders',
      op: 'eq',
      value: 0,
      time_range: { start: '1997-01-01' },
    });
  });
  it('a condition may follow a period ("orders this year had more than 6 line items")', () => {
    expect(q('how many orders this year had more than 6 line items').entity_conditions?.[0]).toMatchObject({
      entity: 'orders',
      metric: 'line_items',
      op: 'gt',
      value: 6,
    });
  });
  it('a range with no opener ("sizes 1 thru 5")', () => {
    expect(q('revenue by part size for sizes 1 thru 5').filters).toEqual([{ dimension: 'part_size', op: 'between', values: [1, 5] }]);
  });
  it('in a follow-up, "for orders placed in 1998" qualifies the rows of the previous metric', () => {
    expect(session('avg discount by ship mode', 'only for orders placed in 1998')).toMatchObject({
      metrics: ['average_discount'],
      time_range: { start: '1998-01-01' },
    });
  });
});

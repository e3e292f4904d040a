/**
 * The bootstrap on schema styles written here (never tuned on a public database): one shop, as a
 * PostgreSQL 16-style schema on the real PostgreSQL server (identity columns, a link table whose
 * primary key is its two foreign keys, a composite natural key, a table in a schema of its own, a
 * text key `state_name` referenced without a declared foreign key, an epoch-seconds column and a
 * date-like text column), as a DuckDB file with the same declared keys, and as a folder of Parquet
 * and CSV files with no keys at all. Asserts keys, joins (recall and precision against the intended
 * ones, printed), metrics by column role, dimensions, time dimensions and as_of.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { execSql } from '../helpers/postgres.js';
import { postgresForFile, type FileDatabases } from '../helpers/shared-servers.js';
import { openWarehouse } from '../../src/warehouse/index.js';
import { bootstrapDraft, draftYaml, type BootstrapResult, type FoundJoin } from '../../src/semantic/draft/index.js';
import { parseModel } from '../../src/semantic/loader.js';
import type { SemanticModel } from '../../src/semantic/model.js';
import { semanticLayerFor } from '../../src/semantic/values.js';
import { answerQuestion } from '../../src/eval/answer.js';

/** A small deterministic random source (mulberry32), so every run draws the same shop. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STATES = ['Alabama', 'Alaska', 'Arizona', 'Colorado', 'Florida', 'Georgia', 'Idaho', 'Kansas', 'Maine', 'Nevada', 'Ohio', 'Texas'];
const REGIONS = ['South', 'West', 'Midwest', 'Northeast'];
const CATEGORIES = ['Garden', 'Kitchen', 'Toys', 'Books', 'Sports', 'Tools'];
const TAGS = ['eco', 'new', 'sale', 'gift', 'premium', 'bulk', 'local', 'imported'];
const STATUSES = ['placed', 'shipped', 'delivered', 'returned'];
const CARRIERS = ['Parcelco', 'Roadrunner', 'Skyhop'];

interface Shop {
  states: Array<[string, string, number]>;
  customers: Array<[number, string, string, number, number, number, number]>;
  products: Array<[number, string, string, number, number]>;
  tags: Array<[number, string]>;
  productTags: Array<[number, number]>;
  orders: Array<[number, number, string, string, number]>;
  orderItems: Array<[number, number, number, number, number]>;
  shipments: Array<[number, number, string, string, number]>;
}

function drawShop(): Shop {
  const r = random(20240611);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)]!;
  const money = (lo: number, hi: number) => Math.round((lo + r() * (hi - lo)) * 100) / 100;
  const states = STATES.map(
    (s, i) => [s, REGIONS[i % REGIONS.length]!, 500_000 + Math.floor(r() * 20_000_000)] as [string, string, number],
  );
  const customers = Array.from({ length: 200 }, (_, i) => {
    const created = Date.UTC(2020, 0, 1) / 1000 + Math.floor(r() * 3 * 365 * 86400);
    return [
      i + 1,
      `Customer ${String(i + 1).padStart(3, '0')}`,
      pick(STATES.slice(0, 10)),
      2015 + Math.floor(r() * 9),
      1 + Math.floor(r() * 5),
      10_000 + Math.floor(r() * 89_999),
      created,
    ] as Shop['customers'][number];
  });
  const products = Array.from(
    { length: 40 },
    (_, i) => [i + 1, `Product ${i + 1}`, CATEGORIES[i % CATEGORIES.length]!, money(2, 300), 2010 + (i % 14)] as Shop['products'][number],
  );
  const tags = TAGS.map((t, i) => [i + 1, t] as [number, string]);
  const productTags: Array<[number, number]> = [];
  for (const p of products) for (const t of tags) if (r() < 0.25) productTags.push([p[0], t[0]]);
  const orders: Shop['orders'] = [];
  const orderItems: Shop['orderItems'] = [];
  const shipments: Shop['shipments'] = [];
  for (let i = 1; i <= 1000; i++) {
    const day = new Date(Date.UTC(2021, 0, 1) + Math.floor(r() * 3 * 365) * 86_400_000);
    orders.push([i, 1 + Math.floor(r() * 190), day.toISOString().slice(0, 10), pick(STATUSES), money(0, 25)]);
    const lines = 1 + Math.floor(r() * 4);
    for (let l = 1; l <= lines; l++) {
      const product = products[Math.floor(r() * 35)]!;
      orderItems.push([i, l, product[0], 1 + Math.floor(r() * 6), product[3]]);
    }
    if (r() < 0.9) {
      const shipped = new Date(day.getTime() + Math.floor(r() * 5 * 86_400_000));
      shipments.push([shipments.length + 1, i, shipped.toISOString().replace('T', ' ').slice(0, 19), pick(CARRIERS), money(0.2, 40)]);
    }
  }
  return { states, customers, products, tags, productTags, orders, orderItems, shipments };
}

/** The shop's tables: columns and, for engines that declare them, keys. `state_name` is never declared. */
const TABLES = {
  states: 'state_name text PRIMARY KEY, region text NOT NULL, population bigint NOT NULL',
  customers:
    'customer_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, full_name text NOT NULL, state_name text NOT NULL, signup_year integer NOT NULL, loyalty_level smallint NOT NULL, postal_code integer NOT NULL, created_epoch bigint NOT NULL',
  products:
    'product_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, product_name text NOT NULL, category text NOT NULL, unit_price numeric(10,2) NOT NULL, release_year integer NOT NULL',
  tags: 'tag_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, tag_name text NOT NULL',
  product_tags: 'product_id integer REFERENCES products, tag_id integer REFERENCES tags, PRIMARY KEY (product_id, tag_id)',
  orders:
    'order_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers, order_date text NOT NULL, status text NOT NULL, shipping_fee numeric(8,2) NOT NULL',
  order_items:
    'order_id integer NOT NULL REFERENCES orders, line_no integer NOT NULL, product_id integer NOT NULL REFERENCES products, quantity integer NOT NULL, unit_price numeric(10,2) NOT NULL, PRIMARY KEY (order_id, line_no)',
  'logistics.shipments':
    'shipment_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, order_id integer NOT NULL REFERENCES public.orders, shipped_at timestamp NOT NULL, carrier text NOT NULL, weight_kg numeric(8,2) NOT NULL',
} as const;

const rowsOf = (shop: Shop): Record<keyof typeof TABLES, unknown[][]> => ({
  states: shop.states,
  customers: shop.customers,
  products: shop.products,
  tags: shop.tags,
  product_tags: shop.productTags,
  orders: shop.orders,
  order_items: shop.orderItems,
  'logistics.shipments': shop.shipments,
});

const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
const values = (rows: unknown[][]) => rows.map((r) => `(${r.map(literal).join(', ')})`).join(',\n');

/** PostgreSQL 16 style: identity columns are inserted with OVERRIDING SYSTEM VALUE. */
function postgresSql(shop: Shop): string {
  const rows = rowsOf(shop);
  const out = ['CREATE SCHEMA logistics;'];
  for (const [t, cols] of Object.entries(TABLES)) {
    out.push(`CREATE TABLE ${t} (${cols});`);
    const identity = cols.includes('GENERATED ALWAYS') ? ' OVERRIDING SYSTEM VALUE' : '';
    out.push(`INSERT INTO ${t}${identity} VALUES ${values(rows[t as keyof typeof TABLES])};`);
  }
  out.push('ANALYZE;');
  return out.join('\n');
}

/** DuckDB: the same declared keys; with `folder`, no keys, exported as Parquet and CSV files. */
async function buildDuckDb(path: string, shop: Shop, folder?: string): Promise<void> {
  const instance = await DuckDBInstance.create(path);
  const c = await instance.connect();
  try {
    await c.run('CREATE SCHEMA logistics');
    const rows = rowsOf(shop);
    for (const [t, cols] of Object.entries(TABLES)) {
      const ddl = folder
        ? cols
            .replace(/ PRIMARY KEY(?! \()/g, '')
            .replace(/, PRIMARY KEY \([^)]*\)/, '')
            .replace(/ REFERENCES [\w.]+/g, '')
        : cols;
      // DuckDB has no identity columns and no foreign key across schemas: that one is left to inference.
      await c.run(`CREATE TABLE ${t} (${ddl.replace(/ GENERATED ALWAYS AS IDENTITY/g, '').replace(/ REFERENCES public\.\w+/g, '')})`);
      await c.run(`INSERT INTO ${t} VALUES ${values(rows[t as keyof typeof TABLES])}`);
    }
    if (folder) {
      // Half Parquet, half CSV: a folder as exported by hand.
      for (const [i, t] of Object.keys(TABLES).entries()) {
        const file = join(folder, `${t.replace(/^.*\./, '')}.${i % 2 ? 'csv' : 'parquet'}`);
        await c.run(`COPY ${t} TO '${file}' (FORMAT ${i % 2 ? 'CSV, HEADER' : 'PARQUET'})`);
      }
    }
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

/** The joins a person would draw, in table terms without schema. */
const INTENDED = [
  'customers(state_name)->states(state_name)',
  'orders(customer_id)->customers(customer_id)',
  'order_items(order_id)->orders(order_id)',
  'order_items(product_id)->products(product_id)',
  'product_tags(product_id)->products(product_id)',
  'product_tags(tag_id)->tags(tag_id)',
  'shipments(order_id)->orders(order_id)',
];
const bare = (t: string) => t.replace(/^.*\./, '');
const joinKey = (j: FoundJoin) => `${bare(j.from)}(${j.columns.join(',')})->${bare(j.to)}(${j.refColumns.join(',')})`;

let pg: FileDatabases;
let dir: string;
const urls: Record<string, string> = {};
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-styles-'));
  const shop = drawShop();
  pg = await postgresForFile('shop');
  await execSql(pg.url, postgresSql(shop));
  urls.postgres = pg.url;
  await buildDuckDb(join(dir, 'shop.duckdb'), shop);
  urls.duckdb = `duckdb:${join(dir, 'shop.duckdb')}`;
  mkdirSync(join(dir, 'files'));
  await buildDuckDb(join(dir, 'scratch.duckdb'), shop, join(dir, 'files'));
  urls.folder = `duckdb:${join(dir, 'files')}`;
}, 120_000);
afterAll(async () => {
  await pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const entityOf = (m: SemanticModel, table: string) => m.entities.find((e) => bare(e.table ?? '') === table)!;
const columnOf = (sql: string | undefined) =>
  /\$\{TABLE\}\.(?:"([^"]+)"|(\w+))/
    .exec(sql ?? '')
    ?.slice(1)
    .find(Boolean);

describe.each(['postgres', 'duckdb', 'folder'] as const)('bootstrap of the shop as %s', (style) => {
  let draft: BootstrapResult;
  let model: SemanticModel;
  beforeAll(async () => {
    const w = await openWarehouse(urls[style]!);
    try {
      draft = await bootstrapDraft(w, { name: 'shop' });
      model = parseModel(draftYaml(draft.model, draft.notes, draft.undecided));
    } finally {
      await w.close();
    }
  }, 120_000);

  it('keys: identity columns, the link table and the composite natural key', () => {
    expect(entityOf(model, 'customers').primary_key).toBe('customer_id');
    expect(entityOf(model, 'states').primary_key).toBe('state_name');
    expect(entityOf(model, 'tags').primary_key).toBe('tag_id');
    expect(entityOf(model, 'shipments').primary_key).toBe('shipment_id');
    expect(entityOf(model, 'product_tags').primary_key).toEqual(['product_id', 'tag_id']);
    expect(entityOf(model, 'order_items').primary_key).toEqual(['order_id', 'line_no']);
  });

  it('joins: recall and precision against the intended ones', () => {
    const found = new Set(draft.joins.map(joinKey));
    const hit = INTENDED.filter((k) => found.has(k));
    const recall = hit.length / INTENDED.length;
    const precision = found.size ? hit.length / found.size : 0;
    console.log(
      `[join recall/precision] shop as ${style}: recall ${(recall * 100).toFixed(1)}% (${hit.length}/${INTENDED.length}), precision ${(precision * 100).toFixed(1)}% (${hit.length}/${found.size}); ` +
        `missed: ${INTENDED.filter((k) => !found.has(k)).join(' ') || 'none'}; extra: ${[...found].filter((k) => !INTENDED.includes(k)).join(' ') || 'none'}`,
    );
    expect(recall).toBe(1);
    expect(precision).toBe(1);
    const declared = draft.joins.filter((j) => j.source === 'declared').map(joinKey);
    if (style === 'folder') expect(declared).toEqual([]);
    else {
      const undeclared = ['customers(state_name)', ...(style === 'duckdb' ? ['shipments('] : [])];
      expect(declared.sort()).toEqual(INTENDED.filter((k) => !undeclared.some((u) => k.startsWith(u))).sort());
    }
  });

  it('metrics by column role: amounts summed, prices averaged, years, codes, levels and epochs never summed', () => {
    const agg = (column: string, table: string) =>
      model.measures
        .filter((m) => m.entity === entityOf(model, table).name && columnOf(m.sql) === column)
        .map((m) => m.agg)
        .sort();
    expect(agg('quantity', 'order_items')).toContain('sum');
    expect(agg('weight_kg', 'shipments')).toContain('sum');
    // The unit is the format's, and the measure answers to the words without it.
    const weight = model.measures.find((m) => m.agg === 'sum' && columnOf(m.sql) === 'weight_kg')!;
    expect(weight.format.unit).toBe('kg');
    expect(weight.synonyms).toContain('total weight');
    expect(agg('shipping_fee', 'orders')).toContain('sum');
    expect(agg('unit_price', 'products')).not.toContain('sum');
    expect(agg('unit_price', 'products')).toContain('avg');
    for (const [column, table] of [
      ['signup_year', 'customers'],
      ['postal_code', 'customers'],
      ['loyalty_level', 'customers'],
      ['created_epoch', 'customers'],
      ['release_year', 'products'],
      ['line_no', 'order_items'],
    ] as const) {
      expect(agg(column, table), `${table}.${column}`).not.toContain('sum');
    }
    for (const id of ['customer_id', 'product_id', 'order_id', 'tag_id', 'shipment_id']) {
      expect(
        model.measures.filter((m) => columnOf(m.sql) === id && m.agg !== 'count_distinct'),
        id,
      ).toEqual([]);
    }
    const revenue = model.measures.find((m) => m.name === 'revenue');
    expect(revenue?.sql).toMatch(/unit_price.*\*.*quantity/);
    expect(model.defaults.ranking_metric).toBe('revenue');
  });

  it('dimensions: text keys, years, levels, categories; time from dates, epochs and date-like text; as_of', () => {
    const tableOf = (entity: string) => bare(model.entities.find((e) => e.name === entity)!.table!);
    const dims = new Map(model.dimensions.map((d) => [`${tableOf(d.entity)}.${columnOf(d.sql)}`, d]));
    for (const c of [
      'customers.state_name',
      'customers.signup_year',
      'customers.loyalty_level',
      'states.region',
      'products.category',
      'products.release_year',
      'orders.status',
      'shipments.carrier',
      'tags.tag_name',
    ]) {
      expect(dims.has(c), `${c} in ${[...dims.keys()].join(', ')}`).toBe(true);
    }
    expect(dims.get('states.region')!.index_values).toBe(true);
    expect(dims.get('customers.loyalty_level')!.type).toBe('number');
    const times = model.time_dimensions.map((t) => `${tableOf(t.entity)}:${t.sql}`);
    for (const [table, column] of [
      ['orders', 'order_date'],
      ['customers', 'created_epoch'],
      ['shipments', 'shipped_at'],
    ]) {
      expect(
        times.some((t) => t.startsWith(`${table}:`) && t.includes(column)),
        `${table}.${column} in ${times.join(', ')}`,
      ).toBe(true);
    }
    // The main fact table: the lines (no date of their own) or the orders that date them.
    expect([entityOf(model, 'order_items').name, entityOf(model, 'orders').name]).toContain(draft.fact);
    expect(model.as_of).toEqual({ latest: model.defaults.time_dimension });
    expect(model.time_dimensions.find((t) => t.name === model.defaults.time_dimension)!.sql).toContain('order_date');
  });

  it('the unedited model answers plain questions on this shop', async () => {
    const w = await openWarehouse(urls[style]!);
    try {
      const layer = await semanticLayerFor(model, w);
      expect(layer.asOf).toBe(
        drawShop()
          .orders.map((o) => o[2])
          .sort()
          .at(-1),
      );
      const out: string[] = [];
      for (const q of [
        'revenue by category',
        'number of customers by region',
        'total weight by carrier',
        'revenue last year',
        'how many orders',
      ]) {
        const r = await answerQuestion(layer, w, q);
        out.push(`${r.status} ${q}${r.reason ? ` (${r.reason})` : ''}`);
      }
      expect(out.filter((x) => !x.startsWith('done'))).toEqual([]);
    } finally {
      await w.close();
    }
  }, 60_000);
});

/** Step 2, primary keys: declared ones; else a unique column named as the table's key; else a unique pair. */
import type { DraftContext } from './context.js';
import { isKeyLike } from './vocabulary.js';
import { kindOf, norm } from './profile.js';
import { tableNames } from './tables.js';

/** Sets `pk` and `pkWhy` of every profiled table. */
export async function draftPrimaryKeys(ctx: DraftContext): Promise<void> {
  const { options, q, tableRef, run, undecided, profiles } = ctx;
  const { stem, unique, tableWordForms, namesOwnKey, namedForOtherTable } = tableNames(ctx);
  for (const p of profiles) {
    const declared = !options.ignoreDeclared && p.info.primaryKey?.length ? p.info.primaryKey : undefined;
    if (declared) {
      p.pk = declared;
      p.pkWhy = 'declared primary key';
      continue;
    }
    // The whole table name (a link table employee_territories is not keyed by territory_id).
    const forms = p.words.length > 1 ? tableWordForms(p).slice(0, 2) : tableWordForms(p);
    // An empty table has nothing to check: its key is judged by name alone.
    const candidates = p.info.columns.filter((c) => ['integer', 'text'].includes(kindOf(c.type)) && (unique(p, c.name) || p.rows === 0));
    // The fuller name first: business_id over bid when both are unique. In an empty table a column
    // named for another table (customer_id beside a table customers) is that table's key, even when
    // this table's name begins with the same word (a link table customer_customer_demo).
    const ownName = (c: (typeof candidates)[number]) => p.rows > 0 || !namedForOtherTable(p, c.name);
    const named =
      candidates.find((c) => ownName(c) && namesOwnKey(p, c.name, forms, false)) ??
      candidates.find((c) => ownName(c) && namesOwnKey(p, c.name, forms));
    if (named) {
      p.pk = [named.name];
      p.pkWhy = `unique in the data and named as the table's key`;
      continue;
    }
    const keyCols = p.info.columns.filter((c) => isKeyLike(c.name) && ['integer', 'text'].includes(kindOf(c.type)));
    const elsewhere = (col: string) => profiles.some((b) => b !== p && b.info.columns.some((c) => norm(c.name) === norm(col)));
    if (
      p.rows === 0 &&
      keyCols.length >= 2 &&
      keyCols.every((c) => elsewhere(c.name) || namedForOtherTable(p, c.name)) &&
      keyCols.some((c) => namedForOtherTable(p, c.name))
    ) {
      // An empty link table (every key column is also another table's column): keyed by the keys
      // of the tables it links, by name alone.
      p.pk = keyCols.map((c) => c.name);
      p.pkWhy = 'empty table: the keys of the tables it links, by name alone (check)';
      undecided.push(`${p.entity}: primary key ${p.pk.join(', ')} guessed from the names only (empty table)`);
      continue;
    }
    const uniqueKeys = keyCols.filter((c) => unique(p, c.name));
    if (uniqueKeys.length === 1 && keyCols.length === 1) {
      p.pk = [uniqueKeys[0]!.name];
      p.pkWhy = 'the only key-like column, and unique in the data';
      continue;
    }
    // A unique pair: two key-like columns, or a key and a line number (order lines, link tables).
    const seconds = p.info.columns.filter(
      (c) => ['integer', 'text'].includes(kindOf(c.type)) && (isKeyLike(c.name) || /(number|line|seq|no|num)$/.test(stem(p, c.name))),
    );
    outer: for (const a of keyCols) {
      for (const b of seconds) {
        if (a === b || p.rows === 0) continue;
        const r = await run(
          `SELECT count(*) AS n FROM (SELECT DISTINCT ${q(a.name)}, ${q(b.name)} FROM ${tableRef(p.info.name)} WHERE ${q(a.name)} IS NOT NULL AND ${q(b.name)} IS NOT NULL) AS pairs`,
        );
        if (Number(r[0]?.n) === p.rows) {
          p.pk = [a.name, b.name];
          p.pkWhy = 'no single unique key; this pair of key columns is unique in the data';
          break outer;
        }
      }
    }
    if (p.pk.length === 0) {
      const any = uniqueKeys[0] ?? candidates[0];
      if (any) {
        p.pk = [any.name];
        p.pkWhy = 'unique in the data (name does not say it is the key: check)';
        undecided.push(`${p.entity}: primary key ${any.name} is a guess (unique, but not named as a key)`);
      } else {
        p.pk = [p.info.columns[0]!.name];
        p.pkWhy = 'NO unique column found: the first column stands in; set the real key';
        undecided.push(`${p.entity}: no unique column, primary key unknown`);
      }
    }
  }
}

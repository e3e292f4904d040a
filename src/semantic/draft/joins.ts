/**
 * Step 3, joins: declared foreign keys first, then names (`<table>_id`, `o_custkey` -> `c_custkey`,
 * role words such as `reports_to`), each checked on the data by value inclusion. Step 4 turns them
 * into many-to-one relationships; a self reference or a second join to one table goes through a
 * role entity.
 */
import type { DraftContext, FoundJoin } from './context.js';
import { KEY_SUFFIX, KEY_WORDS, ROLE_TARGETS, endColumnWords, nameWords, readable, sentence, snake } from './vocabulary.js';
import { kindOf, norm, type TableProfile } from './profile.js';
import { tableNames } from './tables.js';

/** Finds the joins (fills `ctx.joins`). */
export async function findJoins(ctx: DraftContext): Promise<void> {
  const { options, q, tableRef, run, profiles, byTable, joins } = ctx;
  const { stem, unique, tableWordForms, namesOwnKey, keyish, isOwnIdentifier } = tableNames(ctx);
  const has = (a: TableProfile, cols: string[]) => joins.some((j) => j.from === a.info.name && j.columns.join() === cols.join());
  for (const a of profiles) {
    if (options.ignoreDeclared) break;
    for (const fk of a.info.foreignKeys ?? []) {
      if (!byTable.has(fk.references) || has(a, fk.columns)) continue;
      joins.push({ from: a.info.name, columns: fk.columns, to: fk.references, refColumns: fk.refColumns, source: 'declared' });
    }
  }
  /** Distinct non-null values of the columns, and how many of them the target does not hold (undefined: types differ or the query failed). */
  const inclusion = async (
    a: TableProfile,
    cols: string[],
    b: TableProfile,
    refs: string[],
  ): Promise<{ n: number; missing: number } | undefined> => {
    const types = cols.map((c, i) => [
      kindOf(a.info.columns.find((x) => x.name === c)?.type ?? ''),
      kindOf(b.info.columns.find((x) => x.name === refs[i])?.type ?? ''),
    ]);
    if (types.some(([x, y]) => x !== y)) return undefined;
    const sel = cols.map((c, i) => `${q(c)} AS k${i}`).join(', ');
    const notNull = cols.map((c) => `${q(c)} IS NOT NULL`).join(' AND ');
    const match = refs.map((r, i) => `b.${q(r)} = s.k${i}`).join(' AND ');
    try {
      const r = await run(
        `SELECT count(*) AS n, sum(CASE WHEN EXISTS (SELECT 1 FROM ${tableRef(b.info.name)} AS b WHERE ${match}) THEN 0 ELSE 1 END) AS missing FROM (SELECT DISTINCT ${sel} FROM ${tableRef(a.info.name)} WHERE ${notNull}) AS s`,
      );
      return { n: Number(r[0]?.n ?? 0), missing: Number(r[0]?.missing ?? 0) };
    } catch {
      return undefined;
    }
  };
  const included = async (a: TableProfile, cols: string[], b: TableProfile, refs: string[]): Promise<boolean> => {
    const r = await inclusion(a, cols, b, refs);
    if (!r) return false;
    if (a.rows === 0) return true; // nothing to check: the name alone decides (noted)
    // Dirty data keeps a few orphans; a coincidence of numbers does not reach 98 % of 50 values.
    return r.n > 0 && (r.missing === 0 || (r.n >= 50 && r.missing / r.n <= 0.02));
  };
  /**
   * A text column named exactly as the one key of the table its name speaks of (`city.state_name` and `state`'s
   * key `state_name`) refers to it though some of its values are not kept there (a state with no row of its own):
   * names do not coincide by chance the way numbers do, so most of them found is a reference (noted for review).
   */
  const mostlyIncluded = async (a: TableProfile, col: string, b: TableProfile, ref: string): Promise<FoundJoin['missing']> => {
    const r = await inclusion(a, [col], b, [ref]);
    if (!r || a.rows === 0 || r.n - r.missing < 3 || r.missing > r.n / 4) return undefined;
    return { count: r.missing, of: r.n };
  };
  const singleKeyTargets = profiles.filter((b) => b.pk.length === 1);
  for (const a of profiles) {
    for (const col of a.info.columns) {
      if (has(a, [col.name]) || joins.some((j) => j.from === a.info.name && j.columns.includes(col.name) && j.source === 'declared'))
        continue;
      // A table's own key refers to nothing; a key named after another table (a location keyed by
      // its restaurant_id, a one-to-one extension) still refers to that table.
      if (
        a.pk.length === 1 &&
        a.pk[0] === col.name &&
        (isOwnIdentifier(a, col.name) || (!keyish(a, col.name) && kindOf(col.type) !== 'text'))
      )
        continue;
      const kind = kindOf(col.type);
      if (kind !== 'integer' && kind !== 'text') continue;
      const s = stem(a, col.name);
      const full = norm(col.name);
      const snakeName = nameWords(col.name).join('_');
      const candidates: Array<{ b: TableProfile; ref: string; source: FoundJoin['source'] }> = [];
      for (const b of singleKeyTargets) {
        const k = b.pk[0]!;
        const ks = stem(b, k);
        const kHead = ks.replace(KEY_SUFFIX, '');
        const kSuffix = ks.slice(kHead.length);
        const forms = tableWordForms(b);
        const cHead = s.replace(KEY_SUFFIX, '');
        const cSuffix = s.slice(cHead.length);
        // One end of a trip or match named by the other table (from_airport, to_airport): no key word needed.
        const endOf = endColumnWords(col.name);
        if (
          b !== a &&
          endOf &&
          forms.includes(endOf.rest.join('')) &&
          kind === kindOf(b.info.columns.find((c) => c.name === k)?.type ?? '')
        ) {
          candidates.push({ b, ref: k, source: 'naming' });
          continue;
        }
        // A bare `id` is the row's own key, whichever table is keyed by an `id` too.
        if (b !== a && keyish(a, col.name) && cHead !== '') {
          // custkey = custkey (TPC-H), customer_id = customer_id, customerid = customerid
          if (s === ks || full === norm(k)) {
            candidates.push({ b, ref: k, source: 'naming' });
            continue;
          }
          const heads = kHead === '' ? forms : [kHead, ...forms];
          const compatible = (h: string) =>
            h === cHead ||
            (h.length >= 3 && cHead.length >= 3 && (h.startsWith(cHead) || cHead.startsWith(h))) ||
            (cHead.length > h.length && cHead.endsWith(h) && h.length >= 4);
          if (cSuffix !== '' && (cSuffix === kSuffix || (kSuffix === '' && cSuffix === 'id')) && heads.some(compatible)) {
            candidates.push({ b, ref: k, source: 'naming' });
            continue;
          }
        }
        // Role words: reports_to -> own table; support_rep_id -> employee.
        const role = ROLE_TARGETS.find((r) => r.column.test(snakeName));
        if (role && kind === kindOf(b.info.columns.find((c) => c.name === k)?.type ?? '')) {
          const self = ROLE_TARGETS[0] === role;
          if ((self && b === a) || (!self && b !== a && role.table.test(b.words.join('_')))) candidates.push({ b, ref: k, source: 'role' });
        }
      }
      // Text keys: the same column name as a unique column of a table the name speaks of (state_name -> states).
      if (kind === 'text' && candidates.length === 0) {
        for (const b of profiles) {
          if (b === a) continue;
          const same = b.info.columns.find((c) => norm(c.name) === full && unique(b, c.name));
          // The name speaks of the table (state_name -> states), or it is that table's single key
          // (a natural key such as city_name shared by the tables that describe cities).
          const isItsKey =
            !!same && b.pk.length === 1 && b.pk[0] === same.name && !joins.some((j) => j.from === b.info.name && j.to === a.info.name);
          if (same && (isItsKey || tableWordForms(b).some((f) => full.startsWith(f) || full.includes(f))))
            candidates.push({ b, ref: same.name, source: 'naming' });
        }
      }
      // The table whose own key the column names comes first (course_id -> course, not another
      // table that happens to be keyed by a course_id); then the table the name speaks of
      // (state_name -> state, not another table keyed by a state_name too).
      const ownKey = (c: (typeof candidates)[number]) => (namesOwnKey(c.b, c.ref) ? 0 : 1);
      const speaksOf = (c: (typeof candidates)[number]) => (tableWordForms(c.b).some((f) => full.startsWith(f)) ? 0 : 1);
      candidates.sort((x, y) => ownKey(x) - ownKey(y) || speaksOf(x) - speaksOf(y));
      let found = false;
      for (const c of candidates) {
        if (await included(a, [col.name], c.b, [c.ref])) {
          joins.push({ from: a.info.name, columns: [col.name], to: c.b.info.name, refColumns: [c.ref], source: c.source });
          found = true;
          break;
        }
      }
      const sameKey = candidates.find(
        (c) =>
          kind === 'text' &&
          c.b.pk.length === 1 &&
          c.b.pk[0] === c.ref &&
          norm(c.ref) === full &&
          tableWordForms(c.b).some((f) => full.startsWith(f)),
      );
      const missing = !found && sameKey ? await mostlyIncluded(a, col.name, sameKey.b, sameKey.ref) : undefined;
      if (sameKey && missing)
        joins.push({
          from: a.info.name,
          columns: [col.name],
          to: sameKey.b.info.name,
          refColumns: [sameKey.ref],
          source: 'naming',
          missing,
        });
    }
    // Composite: all parts of another table's composite key appear here under the same names.
    for (const b of profiles) {
      if (b === a || b.pk.length < 2) continue;
      const pairs = b.pk.map((k) => a.info.columns.find((c) => stem(a, c.name) === stem(b, k))?.name);
      if (pairs.some((x) => x === undefined)) continue;
      const cols = pairs as string[];
      const samePk = a.pk.length === b.pk.length && cols.every((x) => a.pk.includes(x));
      if (samePk || has(a, cols)) continue;
      if (await included(a, cols, b, b.pk))
        joins.push({ from: a.info.name, columns: cols, to: b.info.name, refColumns: b.pk, source: 'composite' });
    }
  }
}

/** Relationships and role entities from the joins. */
export function draftRelationships(ctx: DraftContext): void {
  const { notes, undecided, byTable, usedEntities, joins, entities, relationships, roleEntities, fkCols } = ctx;
  for (const j of joins) {
    const a = byTable.get(j.from)!;
    const b = byTable.get(j.to)!;
    j.columns.forEach((c) => (fkCols.get(a) ?? fkCols.set(a, new Set()).get(a)!).add(c));
    // The target's key must be the referenced columns for a to-one join; a declared FK to a unique non-key still is to-one.
    let target = b.entity;
    const taken = relationships.some((r) => r.from === a.entity && r.to === b.entity);
    // Each end of a trip or match is its own role (the airport a flight leaves from, the one it goes to).
    const end = j.columns.length === 1 && b !== a ? endColumnWords(j.columns[0]!) : undefined;
    if (b === a || taken || end) {
      let name = snake(
        nameWords(j.columns.join('_'))
          .filter((w) => !KEY_WORDS.has(w))
          .join('_') || `${b.entity}_ref`,
      );
      if (usedEntities.has(name)) name = `${a.entity}_${name}`;
      while (usedEntities.has(name)) name = `${name}_2`;
      usedEntities.add(name);
      roleEntities.push({ name, of: b, column: j.columns.join(', '), ...(end ? { end: true } : {}) });
      entities.push({
        name,
        table: b.info.name,
        primary_key: j.refColumns.length === 1 ? j.refColumns[0]! : j.refColumns,
        description: `${sentence(readable(nameWords(name)))}: the ${b.entity.replace(/_/g, ' ')} that ${a.entity.replace(/_/g, ' ')}.${j.columns.join(', ')} refers to`,
        synonyms: [],
      });
      notes[`entities:${name}`] =
        `role entity: ${b.info.name} as seen through ${a.info.name}.${j.columns.join(', ')} (${j.source === 'declared' ? 'declared foreign key' : 'guessed from the name, checked on the data'})`;
      target = name;
    }
    relationships.push({
      from: a.entity,
      to: target,
      on: j.columns.map((c, i) => [c, j.refColumns[i]!] as [string, string]),
      cardinality: 'many_to_one',
    });
    notes[`relationships:${relationships.length - 1}`] =
      j.source === 'declared'
        ? 'declared foreign key'
        : `${j.source === 'role' ? 'role name' : j.source === 'composite' ? 'composite key names' : 'column name'} matches ${j.to}.${j.refColumns.join(', ')}; ${a.rows === 0 ? 'UNCHECKED: the table is empty' : j.missing ? `${j.missing.of - j.missing.count} of ${j.missing.of} values found there` : 'every value found there'}`;
    if (j.source !== 'declared' && a.rows === 0)
      undecided.push(`${a.entity}.${j.columns.join(', ')} -> ${b.entity}: join guessed from the name only (empty table)`);
    if (j.missing)
      undecided.push(
        `${a.entity}.${j.columns.join(', ')} -> ${b.entity}: ${j.missing.count} of ${j.missing.of} values are not in ${b.entity} (a reference with rows missing there?)`,
      );
  }
}

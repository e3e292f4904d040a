/**
 * Names and synonyms: unique model names, phrases claimed once per kind (a phrase never means two
 * things), a table's thing in words ("payment received", "check ins"), and its other common names.
 */
import type { DraftContext, TableDraft } from './context.js';
import {
  PERIODIC_TABLE_WORDS,
  PURCHASE_HEADS,
  THING_NAMES,
  headAt,
  nameWords,
  phrasal,
  plural,
  pluralPhrase,
  readable,
  singular,
  snake,
  splitGlued,
} from './vocabulary.js';
import type { TableProfile } from './profile.js';
import { tableNames } from './tables.js';

/** The naming helpers of the column steps. */
export function thingNames(ctx: DraftContext) {
  const { profiles, used, phrases } = ctx;
  const { stem } = tableNames(ctx);
  const allStems = new Map<string, number>();
  for (const p of profiles)
    for (const c of p.info.columns) allStems.set(snake(stem(p, c.name)), (allStems.get(snake(stem(p, c.name))) ?? 0) + 1);
  const uniqueName = (base: string, entity: string): string => {
    let n = snake(base);
    if (used.has(n) || (allStems.get(n) ?? 0) > 1) n = snake(`${entity}_${base}`);
    while (used.has(n)) n = `${n}_2`;
    used.add(n);
    return n;
  };
  // Labels and synonyms are unique per kind, so a phrase never means two things (first one wins;
  // a later one is prefixed with its table's words).
  const claim = (kind: string, list: string[]): string[] => {
    const set = phrases.get(kind) ?? phrases.set(kind, new Set()).get(kind)!;
    const out: string[] = [];
    for (const x of list) {
      const k = x.toLowerCase().trim();
      if (!k || set.has(k)) continue;
      set.add(k);
      out.push(x);
    }
    return out;
  };
  const columnWords = (p: TableProfile, col: string) => {
    if (p.glued && col.startsWith(p.prefix)) return splitGlued(col.slice(p.prefix.length));
    const w = nameWords(col);
    const pw = nameWords(p.info.columns[0]?.name ?? '');
    // strip a shared prefix such as c_ or sbCust
    if (p.prefix) {
      let acc = '';
      let i = 0;
      while (i < w.length && acc.length < p.prefix.length) acc += w[i++];
      if (acc === p.prefix && i < w.length) return w.slice(i);
    }
    void pw;
    return w;
  };
  // `wallet_transactions_daily`, `user_setting_snapshot`: the thing is the transaction, the setting
  // (a trailing word that says how often rows are taken is not what a row is)
  const thingWords = (p: TableProfile) =>
    p.words.length > 1 && PERIODIC_TABLE_WORDS.has(p.words[p.words.length - 1]!) ? p.words.slice(0, -1) : p.words;
  const entityWords = (p: TableProfile) => {
    const w = thingWords(p);
    const h = headAt(w);
    return readable(w.map((x, i) => (i === h ? singular(x) : x)));
  };
  // The last word alone ("transactions" of `wallet_transactions_daily`) when no other table has it.
  const heads = new Map<string, number>();
  for (const p of profiles) {
    const h = singular(entityWords(p).slice(-1)[0] ?? '');
    heads.set(h, (heads.get(h) ?? 0) + 1);
  }
  // "customers who made a purchase": a purchase is a row of the one table of sales or of orders
  const purchaseTables = profiles.filter((p) => PURCHASE_HEADS.has(singular(entityWords(p).slice(-1)[0] ?? '')));
  const purchases = (p: TableProfile) => (purchaseTables.length === 1 && purchaseTables[0] === p ? ['purchase', 'purchases'] : []);
  // "papers" for a table of publications: the common other names of its head noun that no other
  // table's head is called
  const otherNames = (p: TableProfile): string[] => {
    const ew = entityWords(p);
    const h = singular(ew[ew.length - 1] ?? '');
    return (THING_NAMES[h] ?? [])
      .filter((x) => !heads.has(x))
      .flatMap((x) => {
        const phrase = [...ew.slice(0, -1), x].join(' ');
        return [phrase, pluralPhrase(phrase)];
      });
  };
  const headNoun = (p: TableProfile): string[] => {
    const ew = entityWords(p);
    const h = ew[ew.length - 1] ?? '';
    // (a name ending in a participle, "payment received", is no kind of its head noun's table)
    return ew.length > 1 &&
      headAt(ew) === ew.length - 1 &&
      heads.get(singular(h)) === 1 &&
      !profiles.some((o) => o !== p && entityWords(o).join(' ') === h)
      ? [h, plural(h)]
      : [];
  };
  return { uniqueName, claim, columnWords, thingWords, entityWords, heads, purchaseTables, purchases, otherNames, headNoun };
}

/** The table's entity, named in words. */
export function draftEntity(ctx: DraftContext, t: TableDraft): void {
  const { notes, entities } = ctx;
  const { purchases, otherNames, headNoun } = thingNames(ctx);
  const { p, ew } = t;
  const ent = ew.join(' ');
  entities.push({
    name: p.entity,
    table: p.info.name,
    primary_key: p.pk.length === 1 ? p.pk[0]! : p.pk,
    description: `Table ${p.info.name} (${p.rows} rows)`,
    synonyms: [...new Set([ent, pluralPhrase(ent), ...phrasal(ent), ...headNoun(p), ...purchases(p), ...otherNames(p)])].filter(
      (s) => s !== p.entity.replace(/_/g, ' '),
    ),
  });
  const parts = ctx.folded.get(p.info.name);
  notes[`entities:${p.entity}`] = `primary key: ${p.pkWhy}${parts ? `; its partitions ${parts.join(', ')} are read through it` : ''}`;
}

/** A bare "name", "title" or "id" shared by the things that have one; role entities last. */
export function shareBareWords(ctx: DraftContext): void {
  const { entities, roleEntities, dimensions, bareWords } = ctx;
  // A bare "name", "title" or "id" is drafted only when several things have one: it is then a shared
  // synonym, read as the one of the thing the question names, never as some other thing's.
  for (const [word, names] of bareWords) {
    if (names.length < 2 || dimensions.some((d) => d.name === word || d.label?.toLowerCase() === word)) continue;
    for (const d of dimensions) if (names.includes(d.name)) d.synonyms = [...(d.synonyms ?? []), word];
  }
  entities.sort((x, y) => (roleEntities.some((r) => r.name === x.name) ? 1 : 0) - (roleEntities.some((r) => r.name === y.name) ? 1 : 0));
}

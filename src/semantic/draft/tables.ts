/**
 * What a table's name says: its key's name, the forms of its words, whether a column names this
 * table or another one. Shared by the key, join and column steps.
 */
import type { DraftContext } from './context.js';
import { KEY_SUFFIX, isKeyLike, singular } from './vocabulary.js';
import { norm, type TableProfile } from './profile.js';

/** The naming rules over the profiled tables. */
export function tableNames(ctx: DraftContext) {
  const { profiles } = ctx;
  const stem = (p: TableProfile, col: string) => {
    const n = norm(col);
    return p.prefix && n.startsWith(p.prefix) && n.length > p.prefix.length ? n.slice(p.prefix.length) : n;
  };
  const unique = (p: TableProfile, col: string) => {
    const c = p.cols.get(col);
    return !!c && p.rows > 0 && c.distinct === p.rows && c.nulls === 0;
  };
  const tableWordForms = (p: TableProfile) => {
    const w = p.words.join('');
    const s = singular(p.words[p.words.length - 1] ?? '');
    const sw = [...p.words.slice(0, -1), s].join('');
    const last = p.words[p.words.length - 1] ?? '';
    return [...new Set([w, sw, s, singular(last)].filter((x) => x.length > 0))];
  };

  /** The column is named as this table's own key (`id`, `<table>_id`, `c_custkey`), not another table's. */
  const namesOwnKey = (
    p: TableProfile,
    col: string,
    forms = p.words.length > 1 ? tableWordForms(p).slice(0, 2) : tableWordForms(p),
    byInitials = true,
  ) => {
    const s = stem(p, col);
    const head = s.replace(KEY_SUFFIX, '');
    // `jid` of journal, `daid` of domain_author: the initials of the table's words and `id`.
    const initials = byInitials && /id$/.test(s) && head === p.words.map((w) => w[0]).join('');
    return (
      (head === '' && s !== '') || initials || (s !== head && forms.some((f) => (f.startsWith(head) && head.length >= 3) || head === f))
    );
  };
  /** Named as another table's own key (`jid` beside journal.jid): a key, though too short to look like one. */
  const namesKeyOf = (a: TableProfile, col: string) =>
    profiles.some((b) => b !== a && b.pk.length === 1 && b.pk[0] === col && namesOwnKey(b, col));
  const keyish = (a: TableProfile, col: string) => isKeyLike(col) || namesKeyOf(a, col);
  /** The column names this table itself (its key, or `state_name` in `state`): it refers to no other table. */
  const isOwnIdentifier = (p: TableProfile, col: string) =>
    namesOwnKey(p, col) || tableWordForms(p).some((f) => f.length >= 3 && stem(p, col).startsWith(f));

  /** Another table's words are exactly the column's head and it has a key of that name or a bare `id` (customers and customer_id). */
  const namedForOtherTable = (p: TableProfile, col: string) => {
    const head = norm(col).replace(KEY_SUFFIX, '');
    return (
      head !== '' &&
      profiles.some(
        (b) =>
          b !== p && tableWordForms(b).includes(head) && b.info.columns.some((c) => norm(c.name) === norm(col) || norm(c.name) === 'id'),
      )
    );
  };

  return { stem, unique, tableWordForms, namesOwnKey, namesKeyOf, keyish, isOwnIdentifier, namedForOtherTable };
}

/**
 * A stored value said as the adjective or participle of its word: "successful transactions" for the
 * status `success`, "failed payments" for `fail`, "approved loans" for `approve`. Common English
 * decides (wink-lexicon tags the form as an adjective or participle, and it goes back to the value's
 * word); a form that is a model word or a value of its own is never added.
 */
import { taggedAs, verbBase } from './text.js';

const ADJECTIVE_TAGS = ['JJ', 'VBN', 'VBD'] as const;

/** The adjective / participle forms of a one-word stored value (lower-case, letters only). */
export function valueForms(value: string): string[] {
  const v = value.toLowerCase();
  if (!/^[a-z]{4,}$/.test(v)) return [];
  const candidates = [`${v}ful`, `${v}ed`, `${v}d`, `${v}${v.at(-1)}ed`];
  return candidates.filter((w) => taggedAs(w, ADJECTIVE_TAGS) && (w === `${v}ful` ? taggedAs(w, ['JJ']) : verbBase(w) === v));
}

/**
 * Schema linking, its own stage before any construction: which model elements a word or phrase of
 * the question may name, each with a score. The candidates come from the element's names, labels
 * and synonyms, the glossary, the stored values (the value index) and the column names written
 * short (an abbreviation dictionary: `fname` = first name, `dob` = date of birth, `qty` =
 * quantity). The lexicon is built through `elementPhrases` (so every phrase a construction can
 * match passed through here); `linkQuestion` lists the scored candidates of a question's tokens.
 */
import type { LexEntry, Lexicon } from './lexicon.js';
import { longestMatch } from './lexicon.js';
import { phraseKeys, type Token } from './text.js';

/**
 * How column names are commonly written short, in any domain (never a dataset's own words): each
 * abbreviation with the words it stands for, the most usual reading first.
 */
export const ABBREVIATIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ['fname', ['first name']],
  ['lname', ['last name']],
  ['mname', ['middle name']],
  ['fullname', ['full name']],
  ['dob', ['date of birth', 'birth date', 'birthday']],
  ['bdate', ['birth date']],
  ['qty', ['quantity']],
  ['amt', ['amount']],
  ['addr', ['address']],
  ['num', ['number']],
  ['nbr', ['number']],
  ['no', ['number']],
  ['yr', ['year']],
  ['yrs', ['years']],
  ['mo', ['month']],
  ['desc', ['description']],
  ['descr', ['description']],
  ['cnt', ['count']],
  ['dt', ['date']],
  ['emp', ['employee']],
  ['dept', ['department']],
  ['mgr', ['manager']],
  ['cust', ['customer']],
  ['prod', ['product']],
  ['cat', ['category']],
  ['pct', ['percent', 'percentage']],
  ['avg', ['average']],
  ['tel', ['telephone', 'phone']],
  ['ph', ['phone']],
  ['org', ['organisation', 'organization']],
  ['loc', ['location']],
  ['sal', ['salary']],
  ['ctry', ['country']],
  ['acct', ['account']],
  ['bal', ['balance']],
  ['txn', ['transaction']],
  ['temp', ['temperature']],
  ['wt', ['weight']],
  ['ht', ['height']],
  ['len', ['length']],
  ['lang', ['language']],
  ['msg', ['message']],
  ['ref', ['reference']],
  ['seq', ['sequence']],
  ['std', ['standard']],
  ['grad', ['graduation']],
  ['reg', ['registration']],
  ['dur', ['duration']],
  ['cap', ['capacity']],
  ['pop', ['population']],
  ['max', ['maximum']],
  ['min', ['minimum']],
  ['tot', ['total']],
  ['stu', ['student']],
  ['instr', ['instructor']],
  ['prof', ['professor']],
  ['univ', ['university']],
  ['intl', ['international']],
  ['natl', ['national']],
]);

/** Words of a model name as written ("hire_yr", "firstName", "fname") in lower case. */
export function nameTokens(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Nouns of general English that name the same thing (never a dataset's own words), each set one
 * thing said several ways: a model phrase with one is also read with the others ("teachers" of an
 * `instructor` table, "town" of a `city` column) where the model calls nothing else so
 * (`sameMeaningReadings`, the lexicon's `addSameMeanings`).
 */
const SAME_THINGS: readonly (readonly string[])[] = [
  ['expense', 'expenditure'],
  ['course', 'class'],
  ['instructor', 'teacher', 'lecturer', 'professor', 'tutor'],
  ['student', 'pupil'],
  ['paper', 'publication', 'article'],
  ['cite', 'citation'],
  ['author', 'writer'],
  ['movie', 'film'],
  ['song', 'track'],
  ['customer', 'client'],
  ['employee', 'staff', 'staff member', 'worker', 'personnel'],
  // (not "pay": a verb as often, "customers who pay by card")
  ['salary', 'wage'],
  ['city', 'town'],
  ['country', 'nation'],
  ['vehicle', 'car', 'automobile'],
  ['shop', 'store'],
  ['supplier', 'vendor'],
  ['company', 'firm'],
  ['airline', 'carrier'],
  ['doctor', 'physician'],
  ['medicine', 'medication', 'drug'],
  ['disease', 'illness'],
  ['invoice', 'bill'],
  ['trip', 'journey'],
  ['stadium', 'arena'],
  ['player', 'athlete'],
  ['manager', 'supervisor', 'boss'],
  ['job', 'occupation'],
  ['gender', 'sex'],
  ['nationality', 'citizenship'],
];

/** For each word (as lemma keys) of `SAME_THINGS`, the other words of its set. */
const SAME_MEANING: readonly { keys: string[]; others: string[][] }[] = SAME_THINGS.flatMap((set) =>
  set.map((w) => ({ keys: phraseKeys(w), others: set.filter((x) => x !== w).map(phraseKeys) })),
);

/**
 * A phrase's readings with one of its words said another way of the same meaning ("course title" ->
 * "class title"), as lemma keys, each with the word put in: the phrase itself is not among them.
 */
export function sameMeaningReadings(keys: readonly string[]): { keys: string[]; word: string[] }[] {
  const out: { keys: string[]; word: string[] }[] = [];
  for (const { keys: w, others } of SAME_MEANING)
    for (let i = 0; i + w.length <= keys.length; i++)
      if (w.every((k, n) => keys[i + n] === k))
        for (const o of others) out.push({ keys: [...keys.slice(0, i), ...o, ...keys.slice(i + w.length)], word: o });
  return out;
}

/**
 * Column words people say with their noun ("phone" is "phone number", "email" an "email address"):
 * a phrase ending in one is also read in the longer form (never a dataset's own words).
 */
export const SAID_WITH_NOUN: ReadonlyMap<string, readonly string[]> = new Map([
  ['phone', ['phone number', 'telephone', 'telephone number']],
  ['telephone', ['telephone number', 'phone number']],
  ['fax', ['fax number']],
  ['mobile', ['mobile number', 'mobile phone']],
  ['email', ['email address', 'e-mail', 'e-mail address']],
  ['zip', ['zip code']],
  ['postcode', ['postal code', 'post code']],
]);

/**
 * Column words people say with the name of another column of the same thing before them (never a
 * dataset's own words): `density` beside a population is the "population density".
 */
export const SAID_WITH_QUALIFIER: ReadonlyMap<string, string> = new Map([['density', 'population']]);

/**
 * The readings of a name written with abbreviations ("emp_dob" -> "emp date of birth", "emp birth
 * date"...): each abbreviated word replaced by each of its words. Empty when no word is one.
 */
export function expandedNames(name: string): string[] {
  const words = nameTokens(name);
  const last = words[words.length - 1];
  if (last && SAID_WITH_NOUN.has(last) && !words.some((w) => ABBREVIATIONS.has(w))) {
    return SAID_WITH_NOUN.get(last)!.map((f) => [...words.slice(0, -1), f].join(' '));
  }
  if (!words.some((w) => ABBREVIATIONS.has(w))) return [];
  // one word alone that is also a plain English word ("no", "cap", "min") is no abbreviation
  if (words.length === 1 && ['no', 'cap', 'min', 'max', 'pop', 'temp', 'std', 'tot', 'len', 'mo'].includes(words[0]!)) return [];
  let out: string[][] = [[]];
  for (const w of words) {
    const readings = ABBREVIATIONS.get(w) ?? [w];
    out = out.flatMap((prefix) => readings.map((r) => [...prefix, r]));
    if (out.length > 8) out = out.slice(0, 8);
  }
  return out.map((ws) => ws.join(' '));
}

/** How sure a link is, by where its phrase comes from: a name said as written beats a reading of it. */
const SOURCE_SCORE: Record<LexEntry['source'], number> = {
  name: 1,
  label: 1,
  synonym: 0.9,
  abbreviation: 0.85,
  value: 0.8,
  value_synonym: 0.8,
  value_group: 0.8,
  value_part: 0.6,
};

/** One candidate model element for a span of the question's tokens. */
export interface LinkCandidate {
  /** Token span [i, j). */
  i: number;
  j: number;
  kind: LexEntry['kind'];
  target: string;
  source: LexEntry['source'];
  /** 0..1: the source's weight, lowered for a value that is also an ordinary word or code. */
  score: number;
}

/** Scored candidates of every span of the tokens that names a model element, longest first at each token. */
export function linkQuestion(tokens: Token[], lex: Lexicon): LinkCandidate[] {
  const out: LinkCandidate[] = [];
  const keysAt = (j: number) => [tokens[j]!.lemma, tokens[j]!.lower, tokens[j]!.verb];
  for (let i = 0; i < tokens.length; i++) {
    const m = longestMatch(lex, tokens.length, i, keysAt);
    if (!m) continue;
    for (const e of m.entries)
      out.push({ i, j: i + m.len, kind: e.kind, target: e.target, source: e.source, score: SOURCE_SCORE[e.source] * (e.weak ? 0.5 : 1) });
  }
  return out;
}

/**
 * Verbs of extent (general English): a thing that runs, flows or passes through places ("the river runs through
 * three regions", "a line crossing two towns"). Any of them names a column whose name is one of them ("traverse",
 * "crosses", "passes_through"): the places each thing passes.
 */
const EXTENT_VERBS = ['run', 'flow', 'go', 'pass', 'traverse', 'cross', 'span', 'wind', 'stretch', 'extend'];
/** Forms not made with -s, -ed, -ing. */
const EXTENT_IRREGULAR: Record<string, string> = { ran: 'run', went: 'go', gone: 'go', goes: 'go', wound: 'wind' };
/** Words after a verb of extent that say where it goes ("runs through", "flows across"); "through" also names such a column. */
export const EXTENT_PARTICLES = new Set(['through', 'across', 'over', 'along', 'into', 'thru']);
/** Verbs of extent that say nothing of places without a particle ("the river runs"); the others take the places as object. */
const EXTENT_NEEDS_PARTICLE = new Set(['run', 'flow', 'go', 'wind', 'stretch', 'extend']);

/** The verb of extent a word is a form of ("runs", "flowing", "crossed", "traverses"), if any. */
export function extentVerb(lower: string): string | undefined {
  if (Object.hasOwn(EXTENT_IRREGULAR, lower)) return EXTENT_IRREGULAR[lower];
  return EXTENT_VERBS.find((v) => {
    const stem = v.replace(/e$/, '');
    const doubled = /[^aeiou][aeiou][^aeiouwy]$/.test(v) && v.length <= 4 ? `${v}${v.slice(-1)}` : v;
    return [v, `${v}s`, `${v}es`, `${stem}ed`, `${stem}ing`, `${doubled}ing`, `${doubled}ed`].includes(lower);
  });
}

/** Whether a verb of extent needs a particle to name places ("flows through"), or takes them as its object ("crosses"). */
export const extentNeedsParticle = (verb: string) => EXTENT_NEEDS_PARTICLE.has(verb);

/**
 * Whether a column's name says the places a thing passes ("traverse", "crosses", "passes_through", "through"): every word
 * a verb of extent or its particle (a "cross_street" or a "time_span" says something else).
 */
export function namesExtent(column: string): boolean {
  const words = nameTokens(column);
  return words.length > 0 && words.length <= 2 && words.every((w) => EXTENT_PARTICLES.has(w) || extentVerb(w) !== undefined);
}

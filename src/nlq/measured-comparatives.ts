/**
 * Comparative adjectives of measurement: "rivers longer than 500", "patients taller than 180", "cars
 * cheaper than 20000", "states more populous than 1000000", "staff older than 40". The adjective names a
 * column of the thing right before it by its sense (longer: length; taller: height; cheaper: price or
 * cost ...), and the question is read as if that column were named with a comparison ("rivers with a
 * length more than 500", "rivers that have a length more than 500"). Only when the thing has exactly
 * one own number column of that sense; the reading is kept only when it compares that column with the
 * number said (`checkComparative`). Nothing is dropped: the adjective becomes its column and "than"
 * its comparison.
 */
import type { SemanticModel } from '../semantic/model.js';
import type { SemanticQuery } from '../semantic/query.js';
import type { Lexicon } from './lexicon.js';
import { linkQuestion } from './linking.js';
import { tokenize } from './text.js';
import { columnOf, nameWords, ownNumberColumns } from './units.js';
import { comparativeSense, measuredSense, columnsOfSense, superlativeSense } from './measure-senses.js';

type Direction = 'more' | 'less';
/** A copula between the thing and its comparative, and the verb of having it becomes ("rivers that are longer"). */
const COPULA: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
  are: 'have',
  is: 'has',
  were: 'had',
  was: 'had',
});
const RELATIVE = new Set(['that', 'which', 'who']);

export interface MeasuredComparison {
  /** The question with the column named and the comparison said ("rivers with a length more than 500"). */
  text: string;
  /** The column compared, the direction and the number: the reading must compare exactly this. */
  column: string;
  dir: Direction;
  value: number;
}

/** How the model says the column: a measure's label without its aggregate word ("product price"), else the dimension's label. */
function phraseOf(model: SemanticModel, entity: string, column: string): string {
  const labels = [
    ...model.measures.filter((m) => m.entity === entity && !m.filter && columnOf(m.sql) === column).map((m) => m.label ?? ''),
    ...model.dimensions.filter((d) => d.entity === entity && columnOf(d.sql) === column).map((d) => d.label ?? ''),
  ]
    .map((l) => l.toLowerCase().replace(/^(average|avg|mean|total|sum of|min|max|minimum|maximum|lowest|highest|smallest|largest)\s+/, ''))
    .filter(Boolean);
  return labels[0] ?? column.replace(/_/g, ' ').toLowerCase();
}

/**
 * Finds one comparative of measurement right after a thing ("<things> [that are] longer than <number>")
 * and says it as the thing's column with a comparison. Undefined when there is none, or when the sense
 * names no column or several of the thing's.
 */
export function readMeasuredComparative(question: string, lex: Lexicon, model: SemanticModel): MeasuredComparison | undefined {
  const tokens = tokenize(question);
  const links = linkQuestion(tokens, lex);
  for (let k = 1; k < tokens.length - 2; k++) {
    const t = tokens[k]!;
    const sense = comparativeSense(t.lower, tokens[k + 1]?.lower);
    const start = k;
    if (!sense) continue;
    k += sense.width - 1;
    const than = tokens[k + 1];
    const num = tokens[k + 2];
    if (than?.lower !== 'than' || !num || !/^\d[\d,]*(\.\d+)?$/.test(num.lower)) continue;
    const value = Number(num.lower.replace(/,/g, ''));
    // the thing right before, across a copula and a relative word
    let p = start - 1;
    const copula = COPULA[tokens[p]?.lower ?? ''];
    if (copula) p--;
    const relative = p >= 0 && RELATIVE.has(tokens[p]!.lower);
    if (relative) p--;
    if (relative && !copula) return undefined;
    const things = links.filter((l) => l.j === p + 1 && l.kind === 'entity');
    const entities = [...new Set(things.map((l) => l.target))];
    if (entities.length !== 1) return undefined;
    const fits = columnsOfSense(ownNumberColumns(model, entities[0]!), sense.words);
    if (fits.length !== 1) return undefined;
    const column = fits[0]!;
    const phrase = phraseOf(model, entities[0]!, column);
    const rel = tokens[p + 1]!;
    const said = `${copula ? (relative ? `${question.slice(rel.start, rel.end)} ${copula}` : copula) : 'with'} a ${phrase} ${sense.dir} than`;
    const from = copula ? tokens[relative ? p + 1 : start - 1]!.start : t.start;
    const text = `${question.slice(0, from)}${said}${question.slice(than.end)}`;
    return { text, column, dir: sense.dir, value };
  }
  return undefined;
}

/** The reading compares the column named by the adjective with the number said, in the adjective's direction. */
export function checkComparative(query: SemanticQuery, c: MeasuredComparison, model: SemanticModel): boolean {
  const ops = c.dir === 'more' ? ['gt'] : ['lt'];
  const ofColumn = (name: string) =>
    columnOf(model.measures.find((m) => m.name === name)?.sql) === c.column ||
    columnOf(model.dimensions.find((d) => d.name === name)?.sql) === c.column;
  const found: boolean[] = [];
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) return x.forEach(visit);
    if (!x || typeof x !== 'object') return;
    const o = x as Record<string, unknown>;
    const name = (o.metric ?? o.dimension) as string | undefined;
    const value = Array.isArray(o.values) ? o.values : [o.value];
    if (typeof o.op === 'string' && name && ofColumn(name))
      found.push(ops.includes(o.op) && value.length === 1 && Number(value[0]) === c.value);
    Object.values(o).forEach(visit);
  };
  visit(query);
  return found.length === 1 && found[0]!;
}

/**
 * "how long is the longest river in X", "how high is the highest peak": the adjective asks the figure its own
 * superlative ranks by, so the question is the superlative's ("the longest river in X"), which shows the member
 * and that figure. Only when the superlative's sense is the adjective's (never "how old is the largest town").
 */
export function readMeasuredSuperlative(question: string): { text: string; words: readonly string[] } | undefined {
  const m = /^\s*how\s+(\w+)\s+(?:is|are|was|were)\s+(the\s+.*)$/i.exec(question);
  const words = m ? measuredSense(m[1]!.toLowerCase()) : undefined;
  if (!m || !words) return undefined;
  const tokens = tokenize(m[2]!);
  const senses = tokens.map((t, k) => superlativeSense(t.lower) ?? superlativeSense(`${t.lower} ${tokens[k + 1]?.lower ?? ''}`));
  const found = senses.filter((s) => !!s);
  if (found.length !== 1 || !found[0]!.words.some((w) => words.includes(w))) return undefined;
  return { text: `what is ${m[2]!}`, words };
}

/** The reading ranks by one of the thing's columns of the adjective's sense, and shows it. */
export function checkMeasuredSuperlative(query: SemanticQuery, words: readonly string[], model: SemanticModel): boolean {
  const columns = [...query.metrics.map((n) => model.measures.find((x) => x.name === n)?.sql)].map(columnOf).filter((c) => !!c);
  return !!query.limit && columns.length === 1 && nameWords(columns[0]!).some((w) => words.includes(w));
}

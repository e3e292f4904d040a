/**
 * Units of measure named in a question ("in metres", "in square kilometers"): general
 * English only. A unit is understood only when it names the unit the figure's own column is kept in:
 * the figure is of the unit's kind (its column's words say length, area, weight or duration), and
 * neither the model (a measure's `format.unit`) nor the column's name says another unit of that kind.
 * A conversion is never silently skipped: any other unit stays not understood. Where the figure is
 * not itself ranked by the superlative that names its sense, the model must say the unit itself (the
 * column's name or its unit: `stated`).
 */
import type { SemanticModel } from '../semantic/model.js';
import { consume, type Item } from './spans.js';

type Kind = 'length' | 'area' | 'weight' | 'volume' | 'duration';

/** Each unit with its spellings (singular and plural, abbreviations). */
const UNITS: { kind: Kind; spellings: string[]; symbol?: string }[] = [
  { kind: 'length', spellings: ['meter', 'meters', 'metre', 'metres'], symbol: 'm' },
  { kind: 'length', spellings: ['kilometer', 'kilometers', 'kilometre', 'kilometres', 'km', 'kms'] },
  { kind: 'length', spellings: ['mile', 'miles', 'mi'] },
  { kind: 'length', spellings: ['foot', 'feet', 'ft'] },
  { kind: 'length', spellings: ['yard', 'yards', 'yd', 'yds'] },
  { kind: 'length', spellings: ['centimeter', 'centimeters', 'centimetre', 'centimetres', 'cm'] },
  { kind: 'length', spellings: ['millimeter', 'millimeters', 'millimetre', 'millimetres', 'mm'] },
  { kind: 'length', spellings: ['inch', 'inches'] },
  { kind: 'area', spellings: ['square kilometer', 'square kilometers', 'square kilometre', 'square kilometres', 'sq km', 'km2', 'sqkm'] },
  { kind: 'area', spellings: ['square meter', 'square meters', 'square metre', 'square metres', 'sq m', 'm2', 'sqm'] },
  { kind: 'area', spellings: ['square mile', 'square miles', 'sq mi', 'sq miles'] },
  { kind: 'area', spellings: ['hectare', 'hectares', 'ha'] },
  { kind: 'area', spellings: ['acre', 'acres'] },
  { kind: 'weight', spellings: ['kilogram', 'kilograms', 'kilogramme', 'kilogrammes', 'kg', 'kgs'] },
  { kind: 'weight', spellings: ['gram', 'grams', 'gramme', 'grammes', 'g'], symbol: 'g' },
  { kind: 'weight', spellings: ['pound', 'pounds', 'lb', 'lbs'] },
  { kind: 'weight', spellings: ['tonne', 'tonnes', 'ton', 'tons'] },
  { kind: 'volume', spellings: ['litre', 'litres', 'liter', 'liters', 'ltr', 'ltrs'], symbol: 'l' },
  { kind: 'volume', spellings: ['millilitre', 'millilitres', 'milliliter', 'milliliters', 'ml'] },
  { kind: 'volume', spellings: ['gallon', 'gallons', 'gal', 'gals'], symbol: 'gal' },
  { kind: 'duration', spellings: ['millisecond', 'milliseconds', 'ms'] },
  { kind: 'duration', spellings: ['second', 'seconds', 'sec', 'secs'] },
  { kind: 'duration', spellings: ['minute', 'minutes', 'min', 'mins'] },
  { kind: 'duration', spellings: ['hour', 'hours', 'hr', 'hrs'] },
];

/** Whether a word names a unit of time ("milliseconds", "mins"). */
export function isDurationUnit(word: string): boolean {
  return UNITS.some((u) => u.kind === 'duration' && u.spellings.includes(word));
}

/** The spellings of the unit a word names ("minutes": minute, min, mins...), or undefined. */
export function unitSpellings(word: string): string[] | undefined {
  return UNITS.find((u) => u.spellings.includes(word))?.spellings;
}

/** Words of a column that say what kind of figure it is. */
const KIND_WORDS: Record<Kind, string[]> = {
  length: [
    'length',
    'long',
    'distance',
    'altitude',
    'height',
    'elevation',
    'depth',
    'width',
    'range',
    'tall',
    'miles',
    'km',
    'meters',
    'metres',
    'feet',
    'cm',
  ],
  area: ['area', 'surface'],
  weight: ['weight', 'mass', 'kg', 'lbs'],
  volume: ['volume', 'litres', 'liters', 'gallons', 'ml'],
  duration: ['duration', 'time', 'elapsed', 'seconds', 'minutes', 'hours'],
};

/** The words of a column's or label's name ("mountain_altitude", "heightCm"): lower case. */
export function nameWords(s: string): string[] {
  return s
    .replace(/\$\{TABLE\}\./g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The one column a measure or dimension reads (`${TABLE}.col`), if any. */
export function columnOf(sql: string | undefined): string | undefined {
  return sql ? /^\$\{TABLE\}\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(sql.replace(/["`\s]/g, ''))?.[1] : undefined;
}

/** "in square kilometers" at k ("in"): the unit's items and the unit, if a unit follows. */
export function unitAt(items: Item[], k: number): { items: Item[]; unit: (typeof UNITS)[number] } | undefined {
  if (items[k]?.lower !== 'in') return undefined;
  const u = unitWordsAt(items, k + 1);
  return u ? { items: [items[k]!, ...u.items], unit: u.unit } : undefined;
}

/** The unit named by the one or two words from `start` ("square kilometers", "km"), if any. */
function unitWordsAt(items: Item[], start: number): { items: Item[]; unit: (typeof UNITS)[number] } | undefined {
  for (const len of [2, 1]) {
    const words = items.slice(start, start + len);
    if (words.length !== len || words.some((w) => w.kind !== 'word' && w.kind !== 'lex')) continue;
    const phrase = words.map((w) => w.lower).join(' ');
    const unit = UNITS.find((u) => u.spellings.includes(phrase));
    // a one-letter unit ("g", "m") is too weak alone
    if (unit && phrase.length > 1) return { items: words, unit };
  }
  return undefined;
}

/** Whether the words of a column's name or stated unit name the unit ("height_cm" says cm). */
function saysUnit(words: string[], unit: (typeof UNITS)[number]): boolean {
  return words.some((w) => unit.spellings.includes(w) || w === unit.symbol);
}

/**
 * The unit is the one the column is kept in as far as the model says: the column is of its kind, and
 * neither a measure's unit nor the column's name names another unit of that kind.
 */
export function unitFits(model: SemanticModel, entity: string | undefined, column: string, unit: (typeof UNITS)[number]): boolean {
  const colWords = nameWords(column);
  if (!colWords.some((w) => KIND_WORDS[unit.kind].includes(w))) return false;
  const measures = model.measures.filter((m) => (!entity || m.entity === entity) && columnOf(m.sql) === column);
  const stated = [
    ...colWords,
    ...measures.flatMap((m) => nameWords(m.label ?? '')),
    ...measures.flatMap((m) => nameWords(m.format.unit ?? '')),
  ];
  const others = UNITS.filter((u) => u !== unit && u.kind === unit.kind);
  if (others.some((u) => u.spellings.some((s) => !s.includes(' ') && s.length > 1 && stated.includes(s)))) return false;
  const modelUnits = measures.map((m) => m.format.unit?.toLowerCase()).filter((u): u is string => !!u);
  return modelUnits.every((u) => unit.spellings.includes(u) || u === unit.symbol);
}

/**
 * "the average patient height in cm", "total weight in kg": a unit right after a figure named with its
 * aggregate, the one the figure's own column is kept in (as above), says how the figure is shown and is
 * read with it. Any other unit (a conversion) stays not understood, and so does one after a bare column
 * word ("their weight in kg" may ask for each one's weight, not a total).
 */
const AGGREGATE_WORDS = new Set(['average', 'mean', 'avg', 'total', 'sum', 'lowest', 'highest', 'minimum', 'maximum', 'min', 'max']);
export function readUnitsAfterFigures(items: Item[], model: SemanticModel): void {
  for (let k = 0; k + 1 < items.length; k++) {
    const it = items[k]!;
    const figures = (it.entries ?? []).filter((e) => e.kind === 'metric');
    if (it.kind !== 'lex' || !figures.length || figures.length !== it.entries!.length) continue;
    const agg = AGGREGATE_WORDS.has(it.lower.split(' ')[0]!) ? k : AGGREGATE_WORDS.has(items[k - 1]?.lower ?? '') ? k - 1 : -1;
    // (only a figure things are ranked or broken down by: "top 3 types by average height in cm")
    const aggregated = agg >= 0 && items[agg - 1]?.lower === 'by';
    const u = aggregated ? unitAt(items, k + 1) : undefined;
    if (!u) continue;
    // (and the model says that unit: the column's name or the figure's unit names it, "height_cm")
    const fits = figures.every((e) => {
      const m = model.measures.find((x) => x.name === e.target);
      const col = columnOf(m?.sql);
      return (
        !!m && !!col && unitFits(model, m.entity, col, u.unit) && saysUnit([...nameWords(col), ...nameWords(m.format.unit ?? '')], u.unit)
      );
    });
    if (fits) for (const w of u.items) w.used = true;
  }
}

/** Spellings of a unit a model may state as a symbol (`format.unit: $`). */
const SYMBOL_WORDS: Record<string, string[]> = { $: ['dollar', 'dollars', 'usd', '$'], '%': ['percent', 'percentage', 'percentages', '%'] };

/** Whether `said` ("days", "dollars") names the unit the model states for a figure ("days", "$"). */
function namesStatedUnit(said: string, stated: string): boolean {
  const unit = stated.trim().toLowerCase();
  if (!unit) return false;
  if (SYMBOL_WORDS[unit]) return SYMBOL_WORDS[unit].includes(said);
  const singular = (w: string) => w.replace(/s$/, '');
  return said === unit || singular(said) === singular(unit);
}

/**
 * "average time to resolve in hours", "revenue in dollars by region": "in" and a unit right after a
 * figure whose unit the model states (a measure's `format.unit`) says how the figure is shown, and is
 * read with it — for every figure that word names. A unit the model does not state for it (a
 * conversion, "in weeks" of a figure kept in days) stays not understood.
 */
export function readStatedUnits(items: Item[], model: SemanticModel): void {
  for (let k = 0; k + 2 < items.length; k++) {
    const it = items[k]!;
    const figures = (it.entries ?? []).filter((e) => e.kind === 'metric');
    if (it.kind !== 'lex' || !figures.length || figures.length !== it.entries!.length) continue;
    const at = items[k + 1]!;
    const unit = items[k + 2]!;
    if (at.lower !== 'in' || at.used || unit.used || !['word', 'lex', 'grain', 'kw'].includes(unit.kind)) continue;
    const stated = figures.map((e) => {
      const format = [...model.measures, ...model.metrics].find((m) => m.name === e.target)?.format;
      // (a rate shown as a percentage states "%" by its kind)
      return format?.unit ?? (format?.kind === 'percent' ? '%' : '');
    });
    if (stated.every((u) => namesStatedUnit(unit.lower, u))) {
      at.used = unit.used = true;
      consume(at, unit);
    }
  }
}

/** A thing's own number columns (measures of its rows, numeric dimensions), by column name, each once. */
export function ownNumberColumns(model: SemanticModel, entity: string): string[] {
  const cols = [
    ...model.measures
      .filter((m) => m.entity === entity && !m.filter && m.agg !== 'count' && m.agg !== 'count_distinct')
      .map((m) => columnOf(m.sql)),
    ...model.dimensions.filter((d) => d.entity === entity && d.type === 'number').map((d) => columnOf(d.sql)),
  ];
  return [...new Set(cols.filter((c): c is string => !!c))];
}

/**
 * "trips with a distance over 100 km", "refills of more than 35 gallons": a unit right after the number
 * of a comparison, the one the compared column is kept in (its kind, and its name or the model's unit
 * says that unit: never a conversion), is read with the number. The unit's items, or undefined.
 */
export function unitOfCompared(
  items: Item[],
  numAt: number,
  model: SemanticModel,
  target: { kind: 'metric' | 'dimension'; name: string },
): Item[] | undefined {
  const element =
    target.kind === 'metric' ? model.measures.find((m) => m.name === target.name) : model.dimensions.find((d) => d.name === target.name);
  const column = columnOf(element?.sql);
  if (!element || !column) return undefined;
  const stated = 'format' in element ? (element.format?.unit ?? '') : '';
  const u = unitWordsAt(items, numAt + 1);
  if (!u || u.items.some((w) => w.used)) return undefined;
  if (saysUnit([...nameWords(column), ...nameWords(stated)], u.unit) && unitFits(model, element.entity, column, u.unit)) return u.items;
  const phrase = u.items.map((w) => w.lower).join(' ');
  return stated && namesStatedUnit(phrase, stated) ? u.items : undefined;
}

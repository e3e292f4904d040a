/**
 * A request's `dimensions` object -> mandatory filters applied to every query of the request.
 *
 * Accepted shapes, per dimension name (a dimension or a time dimension of the model):
 *   - string / number / boolean          -> eq
 *   - array of those (non-empty)         -> in
 *   - range object for number and time dimensions, bounds inclusive:
 *       {from?, to?}                       -> between (both) | gte | lte
 *       {gte?, gt?, lte?, lt?}             -> one filter per bound
 *   - text pattern object for text dimensions, letter case ignored, a text or a list (any matching):
 *       {starts_with?, ends_with?, contains?, not_starts_with?, not_ends_with?, not_contains?}
 *   - {set: true} / {set: false} for any dimension or time dimension -> is_set / not_set: the rows
 *     that have a value / have none (NULL; on a text dimension the empty text counts as none)
 *   - for a time dimension a single period is also accepted: "1995", "1995-03", "1995-Q2" or a
 *     date "1995-03-15"; it becomes `between` its first and last day.
 * String values are matched case-insensitively to the stored values (the stored spelling is
 * returned); the model's value synonyms ("urgent") and value groups ("high priority") are accepted
 * too. A dimension without indexed values takes any string as given.
 * Errors throw DimensionValidationError with a `detail` message naming what is allowed.
 */
import { closest, distance } from 'fastest-levenshtein';
import type { SemanticModel } from '../semantic/model.js';
import type { DimensionFilter } from '../semantic/query.js';

export class DimensionValidationError extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'DimensionValidationError';
  }
}

type Scalar = string | number | boolean;

export function resolveRequestDimensions(
  model: SemanticModel,
  values: Map<string, string[]>,
  dimensions: Record<string, unknown>,
): DimensionFilter[] {
  if (dimensions === null || typeof dimensions !== 'object' || Array.isArray(dimensions)) {
    throw new DimensionValidationError('dimensions must be an object mapping dimension names to values');
  }
  const out: DimensionFilter[] = [];
  for (const [name, raw] of Object.entries(dimensions)) {
    const dim = model.dimensions.find((d) => d.name === name);
    const td = model.time_dimensions.find((d) => d.name === name);
    if (!dim && !td) {
      const valid = [...model.dimensions.map((d) => d.name), ...model.time_dimensions.map((d) => d.name)];
      const near = valid.filter((v) => distance(v, name.toLowerCase()) <= 2);
      throw new DimensionValidationError(
        `dimensions.${name}: unknown dimension "${name}".${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : ''} Valid dimensions: ${valid.join(', ')}`,
      );
    }
    if (raw === null || raw === undefined) {
      throw new DimensionValidationError(
        `dimensions.${name}: a value is required (a value, a list of values${dim?.type === 'number' || td ? ', a range {from, to}' : ''}, or {set: true|false} for the rows that have a value / have none)`,
      );
    }
    if (isRange(raw) && 'set' in raw) {
      const keys = Object.keys(raw);
      if (keys.length !== 1 || typeof raw.set !== 'boolean') {
        throw new DimensionValidationError(
          `dimensions.${name}: {set: true} keeps the rows that have a value, {set: false} those that have none; "set" takes true or false and no other key (got ${JSON.stringify(raw)})`,
        );
      }
      out.push({ dimension: name, op: raw.set ? 'is_set' : 'not_set', values: [] });
      continue;
    }
    if (td) {
      out.push(...timeFilters(name, raw));
      continue;
    }
    const d = dim!;
    if (isRange(raw) && Object.keys(raw).some((k) => (PATTERN_KEYS as readonly string[]).includes(k))) {
      out.push(...patternFilters(name, d.type, raw));
      continue;
    }
    if (isRange(raw)) {
      if (d.type !== 'number' && d.type !== 'date') {
        throw new DimensionValidationError(
          `dimensions.${name}: a range {from, to} only applies to numeric or time dimensions; "${name}" takes a value, a list of values or a text pattern {${PATTERN_KEYS.join('|')}: text}, or {set: true|false}`,
        );
      }
      out.push(...rangeFilters(name, raw, (v) => scalarFor(name, d.type, v)));
      continue;
    }
    const list = Array.isArray(raw) ? raw : [raw];
    if (list.length === 0) throw new DimensionValidationError(`dimensions.${name}: the list of values is empty`);
    const resolved: Scalar[] = [];
    for (const v of list) {
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
        throw new DimensionValidationError(`dimensions.${name}: values must be strings, numbers or booleans (got ${JSON.stringify(v)})`);
      }
      if (d.type === 'number' || d.type === 'boolean') {
        resolved.push(scalarFor(name, d.type, v));
        continue;
      }
      for (const x of matchStored(name, d, values.get(name), String(v))) if (!resolved.includes(x)) resolved.push(x);
    }
    out.push(resolved.length === 1 ? { dimension: name, op: 'eq', values: resolved } : { dimension: name, op: 'in', values: resolved });
  }
  return out;
}

const PATTERN_KEYS = ['starts_with', 'ends_with', 'contains', 'not_starts_with', 'not_ends_with', 'not_contains'] as const;

/** {starts_with: "Lake"}, {contains: ["organic", "bio"]}: text patterns on a text dimension, letter case ignored. */
function patternFilters(name: string, type: string, r: Record<string, unknown>): DimensionFilter[] {
  if (type !== 'string')
    throw new DimensionValidationError(
      `dimensions.${name}: a text pattern {${PATTERN_KEYS.join('|')}} only applies to text dimensions; "${name}" is a ${type} dimension`,
    );
  const bad = Object.keys(r).filter((k) => !(PATTERN_KEYS as readonly string[]).includes(k));
  if (bad.length)
    throw new DimensionValidationError(
      `dimensions.${name}: a text pattern takes ${PATTERN_KEYS.join(', ')} (unknown key ${bad.map((b) => `"${b}"`).join(', ')})`,
    );
  const out: DimensionFilter[] = [];
  for (const op of PATTERN_KEYS) {
    const v = r[op];
    if (v === undefined || v === null) continue;
    const texts = Array.isArray(v) ? v : [v];
    if (!texts.length || texts.some((t) => typeof t !== 'string' || t === '')) {
      throw new DimensionValidationError(
        `dimensions.${name}.${op}: expected a non-empty text or a list of them (got ${JSON.stringify(v)})`,
      );
    }
    out.push({ dimension: name, op, values: texts as string[] });
  }
  return out;
}

function isRange(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function scalarFor(name: string, type: string, v: unknown): Scalar {
  if (type === 'number') {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isFinite(n)) throw new DimensionValidationError(`dimensions.${name}: expected a number (got ${JSON.stringify(v)})`);
    return n;
  }
  if (type === 'boolean') {
    if (typeof v === 'boolean') return v;
    if (v === 'true' || v === 'false') return v === 'true';
    throw new DimensionValidationError(`dimensions.${name}: expected true or false (got ${JSON.stringify(v)})`);
  }
  if (type === 'date') return dateOf(name, v);
  if (typeof v !== 'string' && typeof v !== 'number')
    throw new DimensionValidationError(`dimensions.${name}: expected a string (got ${JSON.stringify(v)})`);
  return String(v);
}

const RANGE_KEYS = new Set(['from', 'to', 'gte', 'gt', 'lte', 'lt']);

function rangeFilters(name: string, r: Record<string, unknown>, conv: (v: unknown) => Scalar): DimensionFilter[] {
  const keys = Object.keys(r);
  const bad = keys.filter((k) => !RANGE_KEYS.has(k));
  if (bad.length || keys.length === 0) {
    throw new DimensionValidationError(
      `dimensions.${name}: a range takes {from, to} or {gte, gt, lte, lt}${bad.length ? ` (unknown key ${bad.map((b) => `"${b}"`).join(', ')})` : ''}`,
    );
  }
  const has = (k: string) => r[k] !== undefined && r[k] !== null;
  if (has('from') && has('to')) {
    const a = conv(r.from);
    const b = conv(r.to);
    if (a > b) throw new DimensionValidationError(`dimensions.${name}: "from" (${a}) is after "to" (${b})`);
    return [{ dimension: name, op: 'between', values: [a, b] }];
  }
  const out: DimensionFilter[] = [];
  if (has('from')) out.push({ dimension: name, op: 'gte', values: [conv(r.from)] });
  if (has('to')) out.push({ dimension: name, op: 'lte', values: [conv(r.to)] });
  for (const k of ['gte', 'gt', 'lte', 'lt'] as const) if (has(k)) out.push({ dimension: name, op: k, values: [conv(r[k])] });
  return out;
}

function dateOf(name: string, v: unknown): string {
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))) return v;
  throw new DimensionValidationError(`dimensions.${name}: expected a date YYYY-MM-DD (got ${JSON.stringify(v)})`);
}

/** A time dimension: a period ("1995", "1995-03", "1995-Q2", a date), a list of dates, or a range. */
function timeFilters(name: string, raw: unknown): DimensionFilter[] {
  if (isRange(raw)) {
    return rangeFilters(name, raw, (v) => {
      if (typeof v === 'string') {
        const p = period(v);
        if (p) return p[0];
      }
      return dateOf(name, v);
    }).map((f) => {
      // an inclusive upper bound given as a period ends on its last day
      if ((f.op === 'lte' || f.op === 'between') && isRange(raw)) {
        const upper = f.op === 'between' ? raw.to : (raw.to ?? raw.lte);
        if (typeof upper === 'string') {
          const p = period(upper);
          if (p) f.values[f.values.length - 1] = p[1];
        }
      }
      return f;
    });
  }
  if (typeof raw === 'string' || typeof raw === 'number') {
    const p = period(String(raw));
    if (!p)
      throw new DimensionValidationError(
        `dimensions.${name}: expected a date YYYY-MM-DD, a period ("1995", "1995-03", "1995-Q2") or a range {from, to} (got ${JSON.stringify(raw)})`,
      );
    return [{ dimension: name, op: 'between', values: [p[0], p[1]] }];
  }
  if (Array.isArray(raw)) {
    if (!raw.length) throw new DimensionValidationError(`dimensions.${name}: the list of dates is empty`);
    const ds = raw.map((v) => dateOf(name, v));
    return [ds.length === 1 ? { dimension: name, op: 'eq', values: ds } : { dimension: name, op: 'in', values: ds }];
  }
  throw new DimensionValidationError(`dimensions.${name}: expected a date, a period or a range {from, to} (got ${JSON.stringify(raw)})`);
}

/** [first day, last day] of "1995", "1995-03", "1995-Q2", "1995-03-15". */
function period(s: string): [string, string] | null {
  const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})$/.exec(s))) return [iso(+m[1], 1, 1), iso(+m[1], 12, 31)];
  if ((m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(s))) return [iso(+m[1], +m[2], 1), iso(+m[1], +m[2] + 1, 0)];
  if ((m = /^(\d{4})-?[qQ]([1-4])$/.exec(s))) return [iso(+m[1], (+m[2] - 1) * 3 + 1, 1), iso(+m[1], +m[2] * 3 + 1, 0)];
  if ((m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s)) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))) return [s, s];
  return null;
}

function matchStored(name: string, d: SemanticModel['dimensions'][number], stored: string[] | undefined, v: string): string[] {
  const want = v.trim().toLowerCase();
  const known = new Map<string, string>();
  for (const s of stored ?? []) known.set(s.toLowerCase(), s);
  for (const s of Object.keys(d.value_synonyms)) known.set(s.toLowerCase(), s);
  const hit = known.get(want);
  if (hit) return [hit];
  for (const [s, syns] of Object.entries(d.value_synonyms)) {
    if (syns.some((x) => x.toLowerCase() === want)) return [s];
  }
  for (const [g, members] of Object.entries(d.value_groups)) {
    if (g.toLowerCase() === want) return members;
  }
  if (known.size === 0) return [v]; // nothing to check against (values not indexed)
  const all = [...known.values()];
  const candidates = [...all, ...Object.keys(d.value_groups)];
  const near = candidates
    .map((c) => ({ c, d: distance(c.toLowerCase(), want) }))
    .filter((x) => x.d <= Math.max(2, Math.floor(want.length / 3)) || x.c.toLowerCase().includes(want) || want.includes(x.c.toLowerCase()))
    .sort((a, b) => a.d - b.d)
    .slice(0, 3)
    .map((x) => x.c);
  if (!near.length) {
    const c = closest(
      want,
      candidates.map((x) => x.toLowerCase()),
    );
    const orig = candidates.find((x) => x.toLowerCase() === c);
    if (orig && distance(c, want) <= want.length / 2) near.push(orig);
  }
  const listed = all.length <= 30 ? ` Valid values: ${all.join(', ')}` : ` (${all.length} values)`;
  throw new DimensionValidationError(
    `dimensions.${name}: unknown value "${v}".${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : ''}${listed}`,
  );
}

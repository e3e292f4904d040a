/**
 * SQL expressions of other semantic layers, rewritten into Quarry's fragment form.
 *
 * dbt, Cube and Cortex write column expressions over one table with bare column names
 * (`amount`, `case when quantity > 10 then 1 end`); Quarry fragments name the entity's alias
 * (`${TABLE}.amount`) so that joins never make a column ambiguous. A small tokenizer finds the
 * column references (identifiers that are not keywords, functions, types, date parts or
 * qualified names) and hands each to a resolver; strings, quoted text and comments stay as written.
 */

export class SqlRewriteError extends Error {}

export type Token = (
  { t: 'ws' | 'comment' | 'str' | 'num' | 'op' | 'placeholder'; v: string } | { t: 'ident'; v: string; quoted: boolean; name: string }
) & { /** offset in the text */ at?: number };

/** Splits SQL text into tokens; concatenating every token's `v` gives the text back. */
export function tokenize(sql: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i]!;
    const rest = sql.slice(i);
    let m: RegExpExecArray | null;
    if ((m = /^\s+/.exec(rest))) out.push({ t: 'ws', v: m[0] });
    else if ((m = /^--[^\n]*/.exec(rest))) out.push({ t: 'comment', v: m[0] });
    else if (rest.startsWith('/*')) {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) throw new SqlRewriteError('an unterminated /* comment');
      out.push({ t: 'comment', v: sql.slice(i, end + 2) });
    } else if (c === "'") {
      let j = i + 1;
      for (;;) {
        const k = sql.indexOf("'", j);
        if (k < 0) throw new SqlRewriteError('an unterminated string literal');
        if (sql[k + 1] === "'") j = k + 2;
        else {
          j = k + 1;
          break;
        }
      }
      out.push({ t: 'str', v: sql.slice(i, j) });
    } else if (c === '"' || c === '`') {
      let j = i + 1;
      for (;;) {
        const k = sql.indexOf(c, j);
        if (k < 0) throw new SqlRewriteError(`an unterminated quoted name (${c})`);
        if (sql[k + 1] === c) j = k + 2;
        else {
          j = k + 1;
          break;
        }
      }
      const v = sql.slice(i, j);
      out.push({
        t: 'ident',
        v,
        quoted: true,
        name: v
          .slice(1, -1)
          .split(c + c)
          .join(c),
      });
    } else if ((m = /^\$\{[^}]*\}/.exec(rest))) out.push({ t: 'placeholder', v: m[0] });
    else if ((m = /^(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?/i.exec(rest))) out.push({ t: 'num', v: m[0] });
    else if ((m = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(rest))) out.push({ t: 'ident', v: m[0], quoted: false, name: m[0] });
    else if ((m = /^(?:::|<=|>=|<>|!=|\|\||->>|->)/.exec(rest))) out.push({ t: 'op', v: m[0] });
    else out.push({ t: 'op', v: c });
    out[out.length - 1]!.at = i;
    i += out[out.length - 1]!.v.length;
  }
  return out;
}

/** Words that are never column references in an expression. */
const KEYWORDS = new Set(
  (
    'and or not null is in like ilike rlike regexp glob similar escape between case when then else end true false ' +
    'as cast try_cast distinct all any some exists asc desc nulls first last over partition by order rows range ' +
    'groups preceding following unbounded current row filter within group collate at with without zone local ' +
    'precision varying character unknown current_date current_time current_timestamp localtime localtimestamp ' +
    'current_user session_user'
  ).split(' '),
);
/** Words that start a typed literal when a string follows (`DATE '2024-01-01'`), else may be columns. */
const TYPED_LITERAL = new Set(['date', 'timestamp', 'time', 'interval', 'timestamptz']);
/** Words that make an expression a query of its own, which a column expression must not be. */
const QUERY_WORDS = new Set(['select', 'from', 'join', 'union', 'where', 'group', 'having', 'limit']);

export interface ColumnResolver {
  /** A bare name: its replacement text, or undefined to keep it as written. */
  bare?: (name: string, quoted: boolean, text: string) => string | undefined;
  /** A two-part name `q.name`: its replacement text, or undefined to keep it as written. */
  qualified?: (qualifier: string, name: string, text: string) => string | undefined;
}

const significant = (toks: Token[], from: number, step: 1 | -1): Token | undefined => {
  for (let k = from; k >= 0 && k < toks.length; k += step) {
    const t = toks[k]!;
    if (t.t !== 'ws' && t.t !== 'comment') return t;
  }
  return undefined;
};
const word = (t: Token | undefined) => (t && t.t === 'ident' && !t.quoted ? t.v.toLowerCase() : undefined);

/**
 * Rewrites the column references of one SQL expression. By default a bare column `x` becomes
 * `${TABLE}.x`; qualified names, functions, keywords, types (after AS / ::), date parts
 * (`EXTRACT(YEAR FROM d)`, `INTERVAL '1' DAY`) stay. A whole query inside is refused.
 */
export function rewriteColumns(sql: string, resolver: ColumnResolver = {}): string {
  if (/\{\{|\{%/.test(sql)) throw new SqlRewriteError('a Jinja template; Quarry needs the SQL it renders to');
  const toks = tokenize(sql);
  const bare = resolver.bare ?? ((_n: string, _q: boolean, text: string) => `\${TABLE}.${text}`);
  let out = '';
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!;
    if (t.t !== 'ident') {
      out += t.v;
      continue;
    }
    const lower = t.quoted ? undefined : t.v.toLowerCase();
    if (lower && QUERY_WORDS.has(lower) && !(lower === 'from' && isDatePartFrom(toks, k)))
      throw new SqlRewriteError(`'${t.v}' makes it a query; a column expression is needed here`);
    const prev = significant(toks, k - 1, -1);
    const next = significant(toks, k + 1, 1);
    if (next?.v === '.') {
      // q.name (or a longer dotted name, kept as written)
      const nameIdx = indexOfNext(toks, indexOfNext(toks, k + 1)! + 1);
      const nameTok = nameIdx === undefined ? undefined : toks[nameIdx];
      const after = nameIdx === undefined ? undefined : significant(toks, nameIdx + 1, 1);
      if (nameTok && nameTok.t === 'ident' && after?.v !== '.' && after?.v !== '(' && prev?.v !== '.') {
        const text = toks
          .slice(k, nameIdx! + 1)
          .map((x) => x.v)
          .join('');
        const replaced = resolver.qualified?.(t.name, nameTok.name, text);
        out += replaced ?? text;
        k = nameIdx!;
        continue;
      }
      out += t.v;
      continue;
    }
    if (prev?.v === '.' || next?.v === '(') {
      out += t.v;
      continue;
    }
    if (lower && (KEYWORDS.has(lower) || QUERY_WORDS.has(lower))) {
      out += t.v;
      continue;
    }
    if (lower && TYPED_LITERAL.has(lower) && next?.t === 'str') {
      out += t.v;
      continue;
    }
    const pw = word(prev);
    if (pw === 'as' || prev?.v === '::' || prev?.t === 'str' || (word(next) === 'from' && enclosingCall(toks, k) === 'extract')) {
      out += t.v; // a type, a unit after a literal (INTERVAL '1' DAY), a date part: EXTRACT(YEAR FROM d)
      continue;
    }
    out += bare(t.name, t.quoted, t.v) ?? t.v;
  }
  return out;
}

function indexOfNext(toks: Token[], from: number): number | undefined {
  for (let k = from; k < toks.length; k++) if (toks[k]!.t !== 'ws' && toks[k]!.t !== 'comment') return k;
  return undefined;
}

/** The function whose parentheses hold token k (lower case), if any. */
function enclosingCall(toks: Token[], k: number): string | undefined {
  let depth = 0;
  for (let j = k - 1; j >= 0; j--) {
    const v = toks[j]!.v;
    if (v === ')') depth++;
    else if (v === '(') {
      if (depth === 0) return word(significant(toks, j - 1, -1));
      depth--;
    }
  }
  return undefined;
}

/** `FROM` inside `EXTRACT(part FROM x)` or `SUBSTRING(x FROM n)` is not a query's FROM. */
function isDatePartFrom(toks: Token[], k: number): boolean {
  return ['extract', 'substring', 'trim', 'overlay'].includes(enclosingCall(toks, k) ?? '');
}

/** A plain column name (possibly quoted), or undefined for any other expression. */
export function plainColumn(sql: string): string | undefined {
  const toks = tokenize(sql.trim()).filter((t) => t.t !== 'ws');
  if (toks.length !== 1 || toks[0]!.t !== 'ident') return undefined;
  const t = toks[0]!;
  return t.quoted ? t.v : t.name;
}

/**
 * One expression split at its top level into aggregate calls and arithmetic:
 * `SUM(a) / NULLIF(COUNT(DISTINCT b), 0)` is not arithmetic over aggregates, `SUM(a) - SUM(b)` is.
 */
export type AggregateExpr =
  | { kind: 'agg'; fn: string; distinct: boolean; arg: string | '*' }
  | { kind: 'num'; value: string }
  | { kind: 'neg'; arg: AggregateExpr }
  | { kind: 'bin'; op: '+' | '-' | '*' | '/'; left: AggregateExpr; right: AggregateExpr };

export function parseAggregateExpr(sql: string, aggregates: ReadonlySet<string>): AggregateExpr {
  const toks = tokenize(sql).filter((t) => t.t !== 'ws' && t.t !== 'comment');
  let i = 0;
  const fail = (why: string): never => {
    throw new SqlRewriteError(why);
  };
  const primary = (): AggregateExpr => {
    const t = toks[i];
    if (!t) return fail('it ends too early');
    if (t.t === 'num') {
      i++;
      return { kind: 'num', value: t.v };
    }
    if (t.v === '(') {
      i++;
      const e = sum();
      if (toks[i++]?.v !== ')') fail("a ')' is missing");
      return e;
    }
    if (t.v === '-') {
      i++;
      return { kind: 'neg', arg: primary() };
    }
    if (t.t === 'ident' && !t.quoted && toks[i + 1]?.v === '(') {
      const fn = t.v.toLowerCase();
      if (!aggregates.has(fn)) fail(`${t.v}(...) is not one of the aggregations ${[...aggregates].join(', ')}`);
      // the argument: balanced tokens up to the matching ')'
      const startTok = i + 2;
      let depth = 1;
      let j = startTok;
      for (; j < toks.length && depth > 0; j++) {
        if (toks[j]!.v === '(') depth++;
        else if (toks[j]!.v === ')') depth--;
      }
      if (depth !== 0) fail("a ')' is missing");
      const inner = toks.slice(startTok, j - 1);
      i = j;
      let distinct = false;
      if (word(inner[0]) === 'distinct') {
        distinct = true;
        inner.shift();
      }
      if (toks[i] && word(toks[i]) === 'over') fail('a window function (OVER) is not an aggregation over rows');
      if (inner.length === 1 && inner[0]!.v === '*') return { kind: 'agg', fn, distinct, arg: '*' };
      if (!inner.length) fail(`${t.v}() has no argument`);
      // the argument's own text, from the original spacing
      const text = sqlBetween(sql, inner);
      return { kind: 'agg', fn, distinct, arg: text };
    }
    return fail(`'${t.v}' outside an aggregation`);
  };
  const product = (): AggregateExpr => {
    let e = primary();
    while (toks[i] && (toks[i]!.v === '*' || toks[i]!.v === '/')) {
      const op = toks[i++]!.v as '*' | '/';
      e = { kind: 'bin', op, left: e, right: primary() };
    }
    return e;
  };
  const sum = (): AggregateExpr => {
    let e = product();
    while (toks[i] && (toks[i]!.v === '+' || toks[i]!.v === '-')) {
      const op = toks[i++]!.v as '+' | '-';
      e = { kind: 'bin', op, left: e, right: product() };
    }
    return e;
  };
  const e = sum();
  if (i < toks.length) fail(`'${toks[i]!.v}' where an operator or the end was expected`);
  return e;
}

/** The original text spanned by a run of tokens. */
function sqlBetween(sql: string, run: Token[]): string {
  const first = run[0]!;
  const last = run[run.length - 1]!;
  return sql.slice(first.at!, last.at! + last.v.length);
}

/** The text of an aggregate expression again, with each aggregate call written by `call`. */
export function renderAggregateExpr(e: AggregateExpr, call: (a: Extract<AggregateExpr, { kind: 'agg' }>) => string): string {
  switch (e.kind) {
    case 'agg':
      return call(e);
    case 'num':
      return e.value;
    case 'neg':
      return `-(${renderAggregateExpr(e.arg, call)})`;
    case 'bin':
      return `(${renderAggregateExpr(e.left, call)} ${e.op} ${renderAggregateExpr(e.right, call)})`;
  }
}

/** The bare column names an expression reads (`a || '-' || b` -> a, b), in order of appearance. */
export function columnsOf(sql: string): string[] {
  const out: string[] = [];
  rewriteColumns(sql, {
    bare: (name, quoted, text) => {
      const col = quoted ? text : name;
      if (!out.includes(col)) out.push(col);
      return undefined;
    },
  });
  return out;
}

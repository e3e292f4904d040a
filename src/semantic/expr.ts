/**
 * Small parsers shared by the loader (validation) and the compiler (no I/O):
 * - derived-metric expressions: metric names, numbers, + - * /, unary minus, parentheses;
 * - SQL fragment templates: `${TABLE}`, `${entity}` and `@days_between(a, b)`.
 */

export type Expr =
  | { kind: 'num'; value: number }
  | { kind: 'ref'; name: string }
  | { kind: 'neg'; arg: Expr }
  | { kind: 'bin'; op: '+' | '-' | '*' | '/'; left: Expr; right: Expr };

export class ExprError extends Error {}

type Tok = { t: 'num' | 'name' | 'op'; v: string };

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  const re = /\s*(?:(\d+(?:\.\d+)?)|([a-z_][a-z0-9_]*)|([-+*/()]))/giy;
  let pos = 0;
  while (pos < src.length) {
    if (/^\s*$/.test(src.slice(pos))) break;
    re.lastIndex = pos;
    const m = re.exec(src);
    if (!m) throw new ExprError(`unexpected character '${src.slice(pos).trim()[0]}' in expression '${src}'`);
    if (m[1] !== undefined) out.push({ t: 'num', v: m[1] });
    else if (m[2] !== undefined) out.push({ t: 'name', v: m[2] });
    else out.push({ t: 'op', v: m[3]! });
    pos = re.lastIndex;
  }
  return out;
}

/** Parses a derived-metric expression with the usual precedence. */
export function parseExpr(src: string): Expr {
  const toks = tokenize(src);
  let i = 0;
  const peek = () => toks[i];
  const fail = (what: string): never => {
    throw new ExprError(`${what} in expression '${src}'`);
  };
  function primary(): Expr {
    const t = toks[i++];
    if (!t) return fail('unexpected end');
    if (t.t === 'num') return { kind: 'num', value: Number(t.v) };
    if (t.t === 'name') return { kind: 'ref', name: t.v };
    if (t.v === '(') {
      const e = sum();
      if (toks[i++]?.v !== ')') fail("missing ')'");
      return e;
    }
    if (t.v === '-') return { kind: 'neg', arg: primary() };
    return fail(`unexpected '${t.v}'`);
  }
  function product(): Expr {
    let e = primary();
    for (let t = peek(); t && t.t === 'op' && (t.v === '*' || t.v === '/'); t = peek()) {
      i++;
      e = { kind: 'bin', op: t.v as '*' | '/', left: e, right: primary() };
    }
    return e;
  }
  function sum(): Expr {
    let e = product();
    for (let t = peek(); t && t.t === 'op' && (t.v === '+' || t.v === '-'); t = peek()) {
      i++;
      e = { kind: 'bin', op: t.v as '+' | '-', left: e, right: product() };
    }
    return e;
  }
  const e = sum();
  if (i < toks.length) fail(`unexpected '${toks[i]!.v}'`);
  return e;
}

export function exprRefs(e: Expr, acc: Set<string> = new Set()): Set<string> {
  if (e.kind === 'ref') acc.add(e.name);
  else if (e.kind === 'neg') exprRefs(e.arg, acc);
  else if (e.kind === 'bin') {
    exprRefs(e.left, acc);
    exprRefs(e.right, acc);
  }
  return acc;
}

const REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Entity names referenced by `${name}` in a SQL fragment (TABLE excluded). */
export function sqlEntityRefs(sql: string): string[] {
  const out = new Set<string>();
  for (const m of sql.matchAll(REF)) if (m[1] !== 'TABLE') out.add(m[1]!);
  return [...out];
}

/**
 * Renders a SQL fragment: `${TABLE}` becomes `self`, `${entity}` becomes `alias(entity)`,
 * and `@name(args)` macros are handed to `macro` (balanced parentheses, top-level commas).
 */
export function renderSql(
  sql: string,
  self: string,
  alias: (entity: string) => string,
  macro: (name: string, args: string[]) => string,
): string {
  const replaced = sql.replace(REF, (_m, name: string) => (name === 'TABLE' ? self : alias(name)));
  return expandMacros(replaced, macro);
}

function expandMacros(sql: string, macro: (name: string, args: string[]) => string): string {
  const at = sql.search(/@[a-z_]+\s*\(/);
  if (at < 0) return sql;
  const open = sql.indexOf('(', at);
  const name = sql.slice(at + 1, open).trim();
  let depth = 0;
  let start = open + 1;
  const args: string[] = [];
  let inStr = false;
  for (let k = open; k < sql.length; k++) {
    const c = sql[k];
    if (c === "'") inStr = !inStr;
    if (inStr) continue;
    if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0) {
        args.push(sql.slice(start, k).trim());
        const inner = args.map((a) => expandMacros(a, macro));
        return sql.slice(0, at) + macro(name, inner) + expandMacros(sql.slice(k + 1), macro);
      }
    } else if (c === ',' && depth === 1) {
      args.push(sql.slice(start, k).trim());
      start = k + 1;
    }
  }
  throw new ExprError(`unbalanced parentheses in macro @${name}`);
}

/** Macros a SQL fragment may use, with their argument counts. */
export const MACROS: Record<string, number> = { days_between: 2 };

export function sqlMacros(sql: string): { name: string; args: number }[] {
  const out: { name: string; args: number }[] = [];
  try {
    expandMacros(sql, (name, args) => {
      out.push({ name, args: args.length });
      return '0';
    });
  } catch (e) {
    out.push({ name: '(unbalanced)', args: -1 });
  }
  return out;
}

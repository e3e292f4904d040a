/**
 * The read-only SQL guard: the first of two layers (the second is the engine itself, see
 * CONTEXT.md). It accepts exactly one read-only SELECT / WITH ... SELECT and refuses the rest with
 * a reason a user can read.
 *
 * Two checks, both must pass:
 *  1. A lexical check over our own tokenizer (comments, strings, dollar quotes and quoted
 *     identifiers are recognised so keywords cannot hide in them, and nothing can hide from us in
 *     them either). It is authoritative and always runs, so a statement the parser cannot read is
 *     still held to it: a parse failure never lets a write through.
 *  2. node-sql-parser's AST, when it can parse the text (it does not know every DuckDB or
 *     Postgres construct, so failing to parse alone is not a refusal).
 *
 * MySQL / MariaDB (`mysql` dialect) lexes differently, and the tokenizer follows it there:
 * backquoted names, `#` comments, block comments that do not nest, and executable comments
 * (`/*! ... *\/`, `/*M! ... *\/`, which the server runs) refused. Its sessions run with ANSI_QUOTES
 * and NO_BACKSLASH_ESCAPES (warehouse/mysql.ts), so strings and "names" read as here. Session and
 * server variables (`@x`, `@@datadir`) and the server's own schemas (`mysql`, `performance_schema`,
 * `sys`) are refused.
 */
import { createRequire } from 'node:module';
import type { Parser } from 'node-sql-parser';
import { SqlRefusedError } from './errors.js';
import type { SqlDialectName } from './types.js';

export { SqlRefusedError };

const require = createRequire(import.meta.url);
const parsers = new Map<'MariaDB' | 'PostgresQL', Parser>();

/**
 * node-sql-parser's single-dialect build for the grammar, loaded on first use. Its main entry holds
 * every dialect's grammar and took ~1.2 s to load in each process that imports the guard (every
 * server, CLI command and test file); one dialect's build takes ~70 ms and parses to the same trees.
 */
function parserFor(database: 'MariaDB' | 'PostgresQL'): Parser {
  let parser = parsers.get(database);
  if (!parser) {
    const build = (
      database === 'MariaDB' ? require('node-sql-parser/build/mariadb') : require('node-sql-parser/build/postgresql')
    ) as typeof import('node-sql-parser');
    parser = new build.Parser();
    parsers.set(database, parser);
  }
  return parser;
}

type TokenKind = 'word' | 'qident' | 'string' | 'number' | 'param' | 'punct' | 'op';
interface Token {
  kind: TokenKind;
  /** Lower-cased word / identifier text; string contents for strings; the character(s) otherwise. */
  value: string;
  start: number;
  end: number;
}

/** Words that begin statements other than a query, or make a query write. */
const FORBIDDEN_WORDS = new Map<string, string>([
  ['insert', 'writes data (INSERT)'],
  ['update', 'writes data (UPDATE / FOR UPDATE)'],
  ['delete', 'writes data (DELETE)'],
  ['merge', 'writes data (MERGE)'],
  ['upsert', 'writes data (UPSERT)'],
  ['truncate', 'writes data (TRUNCATE)'],
  ['drop', 'changes the schema (DROP)'],
  ['create', 'changes the schema (CREATE)'],
  ['alter', 'changes the schema (ALTER)'],
  ['grant', 'changes permissions (GRANT)'],
  ['revoke', 'changes permissions (REVOKE)'],
  ['copy', 'reads or writes files (COPY)'],
  ['attach', 'attaches another database (ATTACH)'],
  ['detach', 'detaches a database (DETACH)'],
  ['install', 'installs an extension (INSTALL)'],
  ['load', 'loads an extension or a file (LOAD)'],
  ['pragma', 'changes engine settings (PRAGMA)'],
  ['set', 'changes settings (SET)'],
  ['reset', 'changes settings (RESET)'],
  ['call', 'calls a procedure (CALL)'],
  ['export', 'exports the database (EXPORT)'],
  ['import', 'imports a database (IMPORT)'],
  ['vacuum', 'maintains storage (VACUUM)'],
  ['analyze', 'runs maintenance or executes a statement (ANALYZE)'],
  ['explain', 'is an EXPLAIN, not a query'],
  ['checkpoint', 'writes storage (CHECKPOINT)'],
  ['begin', 'controls transactions (BEGIN)'],
  ['commit', 'controls transactions (COMMIT)'],
  ['rollback', 'controls transactions (ROLLBACK)'],
  ['savepoint', 'controls transactions (SAVEPOINT)'],
  ['transaction', 'controls transactions'],
  ['abort', 'controls transactions (ABORT)'],
  ['listen', 'is a LISTEN'],
  ['unlisten', 'is an UNLISTEN'],
  ['notify', 'sends notifications (NOTIFY)'],
  ['execute', 'executes dynamic SQL (EXECUTE)'],
  ['prepare', 'prepares statements (PREPARE)'],
  ['deallocate', 'manages prepared statements (DEALLOCATE)'],
  ['discard', 'resets the session (DISCARD)'],
  ['lock', 'takes locks (LOCK)'],
  ['reindex', 'maintains indexes (REINDEX)'],
  ['cluster', 'rewrites tables (CLUSTER)'],
  ['refresh', 'refreshes materialized views (REFRESH)'],
  ['declare', 'declares cursors (DECLARE)'],
  ['into', 'writes results into a table (INTO)'],
  ['returning', 'belongs to a write (RETURNING)'],
  ['security', 'changes security settings'],
  ['authorization', 'changes the session user'],
  ['procedure', 'runs a procedure (PROCEDURE)'],
  ['handler', 'reads tables through a HANDLER'],
]);

/** Functions that read files, run dynamic SQL, change state or reach other servers. */
const FORBIDDEN_FUNCTIONS = new Set([
  // DuckDB file readers and dynamic SQL
  'glob',
  'sniff_csv',
  'parquet_scan',
  'st_read',
  'query',
  'query_table',
  'getenv',
  'enable_logging',
  'disable_logging',
  'truncate_duckdb_logs',
  'checkpoint',
  'force_checkpoint',
  'duckdb_secrets',
  'which_secret',
  'load_extension',
  'install_extension',
  // Postgres: server files, large objects, sequences, settings, other servers, dynamic SQL
  'pg_stat_file',
  'nextval',
  'setval',
  'set_config',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_reload_conf',
  'pg_rotate_logfile',
  'pg_switch_wal',
  'pg_promote',
  'txid_current',
  'pg_current_xact_id',
  'pg_notify',
  'pg_logical_emit_message',
  'query_to_xml',
  'query_to_xml_and_xmlschema',
  'query_to_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
  'lowrite',
  'loread',
  'pg_import_system_collations',
  'pg_log_backend_memory_contexts',
  // MySQL / MariaDB: server files, named locks, replication waits, state, UDF backdoors
  'load_file',
  'get_lock',
  'release_lock',
  'release_all_locks',
  'is_free_lock',
  'is_used_lock',
  'master_pos_wait',
  'master_gtid_wait',
  'source_pos_wait',
  'wait_for_executed_gtid_set',
  'wait_until_sql_thread_after_gtids',
  'last_insert_id',
  'sys_exec',
  'sys_eval',
]);
const FORBIDDEN_FUNCTION_PATTERNS: RegExp[] = [
  /^read_/, // read_csv, read_csv_auto, read_parquet, read_json*, read_ndjson*, read_text, read_blob, read_xlsx
  /^parquet_/, // parquet_metadata, parquet_schema, parquet_file_metadata, parquet_kv_metadata
  /^(sqlite|postgres|mysql|iceberg|delta|excel)_/, // scanners of other stores
  /^pg_read_/,
  /^pg_ls_/,
  /^pg_file_/,
  /^lo_/,
  /^dblink/,
  /^pg_(try_)?advisory/,
  /^pg_(create|drop|copy|replication)_/,
  /_replication_slot/,
];

/**
 * What describes the server rather than the warehouse's data: settings (paths of the temp folder,
 * extensions, the database file), attached databases, view definitions (a folder warehouse's views
 * name their files), file caches, other sessions' statements. Refused as functions and as tables.
 */
const SERVER_FUNCTIONS = new Set([
  'current_setting',
  'duckdb_settings',
  'duckdb_databases',
  'duckdb_views',
  'duckdb_extensions',
  'duckdb_external_file_cache',
  'duckdb_temporary_files',
  'duckdb_memory',
  'duckdb_logs',
  'duckdb_log_contexts',
  'duckdb_secret_types',
  'inet_server_addr',
  'inet_server_port',
  'pg_conf_load_time',
  'pg_postmaster_start_time',
  'pg_tablespace_location',
  'pg_get_viewdef',
]);
const SERVER_FUNCTION_PATTERNS: RegExp[] = [/^pragma_/];
const SERVER_RELATIONS = new Set([
  'duckdb_settings',
  'duckdb_databases',
  'duckdb_views',
  'duckdb_logs',
  'duckdb_extensions',
  'sqlite_master',
  'sqlite_schema',
  'sqlite_temp_master',
  'sqlite_temp_schema',
  'pg_views',
  'pg_settings',
  'pg_file_settings',
  'pg_hba_file_rules',
  'pg_ident_file_mappings',
  'pg_config',
  'pg_stat_activity',
  'pg_stat_statements',
  'pg_tablespace',
  'pg_rules',
  'pg_matviews',
  'pragma_database_list',
]);
/** Relations refused only in this schema (a user table may be called `views`). */
const SERVER_QUALIFIED = new Set([
  'information_schema.views',
  'information_schema.routines',
  'information_schema.processlist',
  'information_schema.global_variables',
  'information_schema.session_variables',
  'information_schema.global_status',
  'information_schema.session_status',
  'information_schema.plugins',
  'information_schema.files',
  'information_schema.triggers',
  'information_schema.events',
  'information_schema.user_privileges',
]);
/** MySQL / MariaDB schemas that describe the server (users, settings, sessions), never the data. */
const SERVER_SCHEMAS_MYSQL = new Set(['mysql', 'performance_schema', 'sys']);

function describeServerObject(name: string, asFunction: boolean): string | undefined {
  const hit = asFunction ? SERVER_FUNCTIONS.has(name) || SERVER_FUNCTION_PATTERNS.some((re) => re.test(name)) : SERVER_RELATIONS.has(name);
  return hit
    ? `${asFunction ? `the function ${name}()` : `"${name}"`} describes the server, not the warehouse's data; query the warehouse's tables`
    : undefined;
}

/** A quoted identifier or string naming a file or URL (DuckDB scans such "tables" directly). */
const FILE_LIKE = /[/\\]|:\/\/|\.(csv|tsv|txt|parquet|json|jsonl|ndjson|gz|zst|xlsx?|db|duckdb|sqlite3?|arrow|avro|ipc|feather)$/i;

/** Words before "(" that open something other than a function call's argument list. */
const NON_FUNCTION_WORDS = new Set([
  'from',
  'join',
  'in',
  'as',
  'exists',
  'any',
  'some',
  'all',
  'select',
  'where',
  'on',
  'and',
  'or',
  'not',
  'lateral',
  'using',
  'values',
  'over',
  'filter',
  'within',
  'by',
  'having',
  'when',
  'then',
  'else',
  'case',
  'union',
  'intersect',
  'except',
  'with',
  'materialized',
  'recursive',
  'is',
  'like',
  'ilike',
  'between',
  'distinct',
  'limit',
  'offset',
  'qualify',
  'window',
  'group',
  'order',
  'partition',
  'table',
  'unnest',
  'rollup',
  'cube',
  'sets',
]);
const CLAUSE_WORDS = new Set([
  'select',
  'from',
  'where',
  'group',
  'having',
  'order',
  'limit',
  'offset',
  'qualify',
  'window',
  'on',
  'using',
  'union',
  'intersect',
  'except',
]);

function refuse(reason: string): never {
  throw new SqlRefusedError(reason);
}

const isWordStart = (c: string) => /[A-Za-z_]/.test(c) || c.charCodeAt(0) >= 0x80;
const isWordChar = (c: string) => /[A-Za-z0-9_$]/.test(c) || c.charCodeAt(0) >= 0x80;

/**
 * Tokenizes like the Postgres / DuckDB lexer where it matters for safety: nested block comments,
 * '' escapes, E'' backslash escapes, $tag$ dollar quotes, "" quoted identifiers. Non-ASCII
 * characters are identifier characters there too (so `DROP\u00a0TABLE` is one harmless name).
 * Anything it cannot tokenize unambiguously is refused. Returns tokens and the comment ranges.
 */
function tokenize(sql: string, dialect: SqlDialectName): { tokens: Token[]; comments: Array<[number, number]> } {
  const mysql = dialect === 'mysql';
  const tokens: Token[] = [];
  const comments: Array<[number, number]> = [];
  const n = sql.length;
  let i = 0;
  while (i < n) {
    const c = sql[i]!;
    const code = c.charCodeAt(0);
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    if (code < 0x20 || code === 0x7f) refuse('the SQL contains control characters');
    if ((c === '-' && sql[i + 1] === '-') || (mysql && c === '#')) {
      const end = sql.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      comments.push([i, stop]);
      i = stop;
      continue;
    }
    if (c === '/' && sql[i + 1] === '*' && mysql) {
      // MySQL runs /*! ... */ and MariaDB /*M! ... */ as SQL; its comments do not nest.
      if (sql[i + 2] === '!' || (sql[i + 2] === 'M' && sql[i + 3] === '!'))
        refuse('the SQL has an executable comment (/*! ... */), which the server would run');
      const end = sql.indexOf('*/', i + 2);
      if (end === -1) refuse('the SQL has an unterminated /* comment');
      comments.push([i, end + 2]);
      i = end + 2;
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      // Postgres and DuckDB nest block comments; count depth so text after an inner */ stays hidden.
      const start = i;
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
      if (depth > 0) refuse('the SQL has an unterminated /* comment');
      comments.push([start, i]);
      continue;
    }
    if (c === "'") {
      const prev = tokens[tokens.length - 1];
      // E'...' strings take backslash escapes (the prefix is a word glued to the quote); B/X/N
      // prefixes do not change quoting. Any other glued word is a typed literal (DATE'1995-01-01').
      const glued = prev !== undefined && prev.kind === 'word' && prev.end === i ? prev.value : undefined;
      const backslash = glued === 'e' && !mysql;
      const start = i;
      let value = '';
      i++;
      for (;;) {
        if (i >= n) refuse('the SQL has an unterminated string');
        const ch = sql[i]!;
        if (backslash && ch === '\\') {
          value += sql[i + 1] ?? '';
          i += 2;
          continue;
        }
        if (ch === "'") {
          if (sql[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += ch;
        i++;
      }
      if (glued !== undefined && /^[ebxn]$/.test(glued)) tokens.pop();
      tokens.push({ kind: 'string', value, start, end: i });
      continue;
    }
    if (c === '"' || (mysql && c === '`')) {
      const start = i;
      let value = '';
      i++;
      for (;;) {
        if (i >= n) refuse('the SQL has an unterminated quoted name');
        if (sql[i] === c) {
          if (sql[i + 1] === c) {
            value += c;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += sql[i];
        i++;
      }
      tokens.push({ kind: 'qident', value: value.toLowerCase(), start, end: i });
      continue;
    }
    if (c === '$' && !mysql) {
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (m) {
        const tag = m[0];
        const close = sql.indexOf(tag, i + tag.length);
        if (close === -1) refuse('the SQL has an unterminated $$ string');
        tokens.push({ kind: 'string', value: sql.slice(i + tag.length, close), start: i, end: close + tag.length });
        i = close + tag.length;
        continue;
      }
      const p = /^\$[0-9]+/.exec(sql.slice(i));
      if (p) {
        tokens.push({ kind: 'param', value: p[0], start: i, end: i + p[0].length });
        i += p[0].length;
        continue;
      }
      refuse('the SQL has a stray $');
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(sql[i + 1] ?? ''))) {
      const m = /^(?:0[xX][0-9a-fA-F_]+|[0-9_]*\.?[0-9_]*(?:[eE][+-]?[0-9]+)?)/.exec(sql.slice(i))!;
      const len = Math.max(1, m[0].length);
      tokens.push({ kind: 'number', value: sql.slice(i, i + len), start: i, end: i + len });
      i += len;
      continue;
    }
    if (isWordStart(c)) {
      const start = i;
      while (i < n && isWordChar(sql[i]!)) i++;
      // U&'..' / U&".." unicode-escape literals: keep the & with the prefix so it is recognised.
      if (i - start === 1 && /[uU]/.test(c) && sql[i] === '&' && (sql[i + 1] === "'" || sql[i + 1] === '"')) {
        refuse('the SQL uses U& escaped literals');
      }
      tokens.push({ kind: 'word', value: sql.slice(start, i).toLowerCase(), start, end: i });
      continue;
    }
    if (c === ';' || c === '(' || c === ')' || c === ',' || c === '.' || c === '[' || c === ']' || c === '{' || c === '}') {
      tokens.push({ kind: 'punct', value: c, start: i, end: i + 1 });
      i++;
      continue;
    }
    if (c === '`') refuse('the SQL uses backquotes, which this warehouse does not read');
    if (mysql && c === '@') refuse("the SQL uses a session or server variable (@name, @@name); query the warehouse's tables");
    // operators: a run of operator characters
    const start = i;
    while (
      i < n &&
      /[+\-*/<>=~!@#%^&|?:]/.test(sql[i]!) &&
      !(sql[i] === '-' && sql[i + 1] === '-') &&
      !(sql[i] === '/' && sql[i + 1] === '*')
    )
      i++;
    if (i === start) i++; // any other single character
    tokens.push({ kind: 'op', value: sql.slice(start, i), start, end: i });
  }
  return { tokens, comments };
}

function describeFunction(name: string): string | undefined {
  if (FORBIDDEN_FUNCTIONS.has(name) || FORBIDDEN_FUNCTION_PATTERNS.some((re) => re.test(name))) {
    if (/^(read_|parquet_|glob$|sniff_csv$|st_read$|pg_read_|pg_ls_|pg_stat_file$|pg_file_|lo_)/.test(name)) {
      return `the function ${name}() reads files, and queries may read only the warehouse's tables`;
    }
    if (name === 'query' || name === 'query_table' || name.startsWith('query_to_') || name.startsWith('cursor_to_')) {
      return `the function ${name}() runs SQL from a string, which the guard cannot check`;
    }
    if (name === 'nextval' || name === 'setval') return `the function ${name}() changes a sequence`;
    return `the function ${name}() is not allowed in a read-only query`;
  }
  return undefined;
}

interface Frame {
  fn: boolean;
  clause: string;
}

/** How deep brackets may nest in a query. */
const MAX_NESTING = 200;

function lexicalCheck(tokens: Token[], dialect: SqlDialectName): number {
  // Only a trailing semicolon is allowed: anything after it would be a second statement.
  let last = tokens.length;
  while (last > 0 && tokens[last - 1]!.kind === 'punct' && tokens[last - 1]!.value === ';') last--;
  if (last === 0) refuse('the SQL is empty');
  for (let k = 0; k < last; k++) {
    if (tokens[k]!.kind === 'punct' && tokens[k]!.value === ';') refuse('only one statement is allowed per query');
  }
  let first = 0;
  while (first < last && tokens[first]!.kind === 'punct' && tokens[first]!.value === '(') first++;
  const head = tokens[first];
  if (!head || head.kind !== 'word' || (head.value !== 'select' && head.value !== 'with')) {
    const what = head && head.kind === 'word' ? head.value.toUpperCase() : 'this text';
    const why = head && head.kind === 'word' ? FORBIDDEN_WORDS.get(head.value) : undefined;
    refuse(`only a read-only SELECT (or WITH ... SELECT) query is allowed; ${what} ${why ?? 'is not a SELECT'}`);
  }
  const frames: Frame[] = [{ fn: false, clause: '' }];
  for (let k = 0; k < last; k++) {
    const t = tokens[k]!;
    const prev = k > 0 ? tokens[k - 1] : undefined;
    const next = tokens[k + 1];
    const frame = frames[frames.length - 1]!;
    if (t.kind === 'word') {
      const why = FORBIDDEN_WORDS.get(t.value);
      // A word after "." is a qualified column/table name (t.update), not a keyword.
      if (why && !(prev && prev.kind === 'punct' && prev.value === '.')) {
        refuse(`the query ${why}; only read-only SELECT queries are allowed`);
      }
      if (t.value === 'share' && prev && prev.kind === 'word' && (prev.value === 'for' || prev.value === 'key')) {
        refuse('the query takes row locks (FOR SHARE); only read-only SELECT queries are allowed');
      }
      if (CLAUSE_WORDS.has(t.value) && !frame.fn) frame.clause = t.value;
      if (t.value === 'join') frame.clause = 'from';
    }
    if ((t.kind === 'word' || t.kind === 'qident') && next && next.kind === 'punct' && next.value === '(') {
      const why = describeFunction(t.value) ?? describeServerObject(t.value, true);
      if (why) refuse(why);
    }
    if (t.kind === 'word' || t.kind === 'qident') {
      const qualifier = prev && prev.kind === 'punct' && prev.value === '.' ? tokens[k - 2] : undefined;
      const qualified =
        qualifier && (qualifier.kind === 'word' || qualifier.kind === 'qident') ? `${qualifier.value}.${t.value}` : undefined;
      if (
        dialect === 'mysql' &&
        next &&
        next.kind === 'punct' &&
        next.value === '.' &&
        SERVER_SCHEMAS_MYSQL.has(t.value) &&
        !(prev && prev.kind === 'punct' && prev.value === '.')
      ) {
        refuse(`the schema "${t.value}" describes the server, not the warehouse's data; query the warehouse's tables`);
      }
      const why =
        describeServerObject(t.value, false) ??
        (qualified && SERVER_QUALIFIED.has(qualified)
          ? (describeServerObject(qualified, false) ??
            `"${qualified}" describes the server, not the warehouse's data; query the warehouse's tables`)
          : undefined);
      if (why) refuse(why);
    }
    if (t.kind === 'qident' && FILE_LIKE.test(t.value)) {
      refuse(`"${t.value}" looks like a file or URL; queries may read only the warehouse's tables`);
    }
    if (t.kind === 'string' && prev && !frame.fn) {
      const afterFrom = prev.kind === 'word' && (prev.value === 'from' || prev.value === 'join');
      const listedInFrom = prev.kind === 'punct' && prev.value === ',' && frame.clause === 'from';
      if (afterFrom || listedInFrom) {
        refuse(`'${t.value}' is a string used as a table (a file read); queries may read only the warehouse's tables`);
      }
    }
    if (t.kind === 'punct' && (t.value === '(' || t.value === '[' || t.value === '{')) {
      const fn =
        t.value === '(' && prev !== undefined && (prev.kind === 'word' || prev.kind === 'qident') && !NON_FUNCTION_WORDS.has(prev.value);
      frames.push({ fn, clause: '' });
      // Deeper nesting is never written by a person or the compiler, and recursive parsers (the
      // AST walk here, the engine's own) would exhaust their stack on it.
      if (frames.length > MAX_NESTING) refuse(`the SQL nests parentheses more than ${MAX_NESTING} levels deep`);
    } else if (t.kind === 'punct' && (t.value === ')' || t.value === ']' || t.value === '}')) {
      if (frames.length === 1) refuse('the SQL has unbalanced parentheses');
      frames.pop();
    }
  }
  if (frames.length !== 1) refuse('the SQL has unbalanced parentheses');
  return last;
}

const WRITE_NODE_TYPES = new Set([
  'insert',
  'update',
  'delete',
  'replace',
  'merge',
  'create',
  'drop',
  'alter',
  'truncate',
  'rename',
  'grant',
  'revoke',
  'set',
  'lock',
  'unlock',
  'use',
  'call',
  'exec',
  'declare',
  'load_data',
  'transaction',
]);

/** Deeper ASTs are refused: DuckDB itself stops at an expression depth of 1,000. */
const MAX_AST_DEPTH = 3_000;

/** Walks node-sql-parser's AST: statement types, SELECT INTO, locking, functions, file tables. */
function astCheck(ast: unknown): void {
  const stmts = Array.isArray(ast) ? ast : [ast];
  if (stmts.length !== 1) refuse('only one statement is allowed per query');
  const root = stmts[0] as { type?: string };
  if (root?.type !== 'select') refuse('only a read-only SELECT (or WITH ... SELECT) query is allowed');
  // An explicit stack, not recursion: an operator chain (`1+1+…+1`) nests without parentheses and
  // would overflow the call stack; past MAX_AST_DEPTH the query is refused.
  const seen = new Set<unknown>();
  const pending: Array<[node: unknown, depth: number]> = [[root, 0]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    if (depth > MAX_AST_DEPTH) refuse(`the query nests expressions more than ${MAX_AST_DEPTH} levels deep`);
    seen.add(node);
    if (Array.isArray(node)) {
      for (const x of node) pending.push([x, depth + 1]);
      continue;
    }
    const o = node as Record<string, unknown>;
    if (typeof o.type === 'string' && WRITE_NODE_TYPES.has(o.type.toLowerCase())) {
      refuse(`the query contains a ${o.type.toUpperCase()}; only read-only SELECT queries are allowed`);
    }
    const into = o.into as { expr?: unknown } | undefined;
    if (o.type === 'select' && into && into.expr) refuse('the query writes results into a table (SELECT INTO)');
    if (o.locking_read || o.for_update) refuse('the query takes row locks (FOR UPDATE / FOR SHARE)');
    if (typeof o.table === 'string' && FILE_LIKE.test(o.table)) {
      refuse(`"${o.table}" looks like a file or URL; queries may read only the warehouse's tables`);
    }
    if (o.type === 'function' && o.name && typeof o.name === 'object') {
      const parts = (o.name as { name?: Array<{ value?: unknown }> }).name ?? [];
      for (const p of parts) {
        const why =
          typeof p.value === 'string'
            ? (describeFunction(p.value.toLowerCase()) ?? describeServerObject(p.value.toLowerCase(), true))
            : undefined;
        if (why) refuse(why);
      }
    }
    for (const v of Object.values(o)) pending.push([v, depth + 1]);
  }
}

/**
 * Checks that `sql` is exactly one read-only query and returns it normalised: comments replaced by
 * a space, trailing semicolons and surrounding whitespace removed. Throws SqlRefusedError.
 */
export function guardSql(sql: string, dialect: SqlDialectName): string {
  if (typeof sql !== 'string') refuse('the SQL must be text');
  // The verdict is a pure function of the text: repeated SQL (dashboards, retries, research
  // fan-out) skips the parser, which costs milliseconds on a large query.
  const key = `${dialect}\u0000${sql}`;
  const hit = verdicts.get(key);
  if (hit !== undefined) {
    verdicts.delete(key);
    verdicts.set(key, hit);
    if (hit instanceof SqlRefusedError) throw new SqlRefusedError(hit.reason);
    return hit;
  }
  try {
    const out = guardUncached(sql, dialect);
    remember(key, out);
    return out;
  } catch (e) {
    if (e instanceof SqlRefusedError) remember(key, e);
    throw e;
  }
}

const VERDICT_CACHE_SIZE = 500;
const verdicts = new Map<string, string | SqlRefusedError>();
function remember(key: string, v: string | SqlRefusedError): void {
  if (key.length > 20_000) return;
  verdicts.set(key, v);
  if (verdicts.size > VERDICT_CACHE_SIZE) verdicts.delete(verdicts.keys().next().value!);
}

function guardUncached(sql: string, dialect: SqlDialectName): string {
  if (sql.length > 100_000) refuse('the SQL is longer than 100,000 characters');
  const { tokens, comments } = tokenize(sql, dialect);
  const last = lexicalCheck(tokens, dialect);

  // Rebuild the text without comments, up to the end of the last meaningful token.
  const endPos = tokens[last - 1]!.end;
  let out = '';
  let pos = 0;
  for (const [s, e] of comments) {
    if (s >= endPos) break;
    out += sql.slice(pos, s) + ' ';
    pos = e;
  }
  out += sql.slice(pos, endPos);
  const normalised = out.trim();

  let ast: unknown;
  try {
    // DuckDB and Postgres speak a Postgres-like SQL; DuckDB extras (EXCLUDE, QUALIFY, ...) may not parse.
    const database = dialect === 'mysql' ? 'MariaDB' : 'PostgresQL';
    ast = parserFor(database).astify(normalised, { database });
  } catch (e) {
    // A query too deep for the parser's stack is refused, never passed on unparsed.
    if (e instanceof RangeError) refuse('the query nests expressions too deeply to check');
    ast = undefined; // the lexical check above already held the text to the strict rules
  }
  if (ast !== undefined) astCheck(ast);
  return normalised;
}

/** true when guardSql accepts the SQL; for callers that only need a yes/no. */
export function isReadOnlySql(sql: string, dialect: SqlDialectName): boolean {
  try {
    guardSql(sql, dialect);
    return true;
  } catch (e) {
    if (e instanceof SqlRefusedError) return false;
    throw e;
  }
}

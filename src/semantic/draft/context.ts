/**
 * What the drafting steps share: the warehouse access (quoting, one query budget), the profiled
 * tables, what each step found so far, and the reasons (`notes`) and open questions (`undecided`).
 */
import type { SemanticModelInput } from '../model.js';
import type { TableInfo, Warehouse } from '../../warehouse/types.js';
import type { ColumnProfile, TableProfile } from './profile.js';

export interface BootstrapOptions {
  /** The model's name; default `warehouse`. */
  name?: string;
  /**
   * Text columns with at most this many distinct values get `index_values: true`. Default 50. Short
   * name-like text (cities, people, titles: see `indexable`) is indexed up to `MAX_INDEXED_VALUES`.
   */
  indexValuesMax?: number;
  /** Per-query time budget of the profiling queries. Default 60 s. */
  timeoutMs?: number;
  /** Ignore declared keys (to measure what naming and data alone find). Default false. */
  ignoreDeclared?: boolean;
}

/** One join the bootstrap found, in table terms. */
export interface FoundJoin {
  from: string;
  columns: string[];
  to: string;
  refColumns: string[];
  source: 'declared' | 'naming' | 'composite' | 'role';
  /** Distinct values of the columns not found in the target (a name shared with the target's key, mostly found). */
  missing?: { count: number; of: number };
}

export interface BootstrapResult {
  model: SemanticModelInput;
  /** Why each item was drafted, keyed `<section>:<name>` (written as YAML comments). */
  notes: Record<string, string>;
  /** Every join found (including self references, modelled through a role entity). */
  joins: FoundJoin[];
  /** What the bootstrap could not decide: a person should look. */
  undecided: string[];
  /** The main fact entity, when one was found. */
  fact?: string;
}

type Entity = SemanticModelInput['entities'][number];
type Relationship = NonNullable<SemanticModelInput['relationships']>[number];
type Dimension = NonNullable<SemanticModelInput['dimensions']>[number];
type TimeDimension = NonNullable<SemanticModelInput['time_dimensions']>[number];
type Measure = NonNullable<SemanticModelInput['measures']>[number];

export interface DraftContext {
  options: BootstrapOptions;
  timeoutMs: number;
  indexMax: number;
  mysql: boolean;
  /** A name quoted for the warehouse's dialect. */
  q: (s: string) => string;
  tableRef: (name: string) => string;
  /** A column as a model SQL fragment (`${TABLE}.col`). */
  colSql: (c: string) => string;
  run: (sql: string) => Promise<Array<Record<string, unknown>>>;
  notes: Record<string, string>;
  undecided: string[];
  tables: TableInfo[];
  profiles: TableProfile[];
  byTable: Map<string, TableProfile>;
  /** Entity names taken so far (tables, then role entities). */
  usedEntities: Set<string>;
  joins: FoundJoin[];
  entities: Entity[];
  relationships: Relationship[];
  /** `end`: one end of a trip or match (from_airport), described by the referenced table's own text columns. */
  roleEntities: Array<{ name: string; of: TableProfile; column: string; end?: boolean }>;
  /** Per table, its columns that refer to another table. */
  fkCols: Map<TableProfile, Set<string>>;
  /** Names of dimensions, time dimensions and measures taken so far. */
  used: Set<string>;
  /** Labels and synonyms claimed so far, per kind (`metric`, `dimension`). */
  phrases: Map<string, Set<string>>;
  dimensions: Dimension[];
  timeDimensions: TimeDimension[];
  measures: Measure[];
  /** Per entity, its own time dimensions (first = what dates its rows). */
  ownTime: Map<string, string[]>;
  /** The readable words of each time dimension's column. */
  timeWords: Map<string, string[]>;
  /** The column profile under each time dimension (none for a year-and-month one). */
  timeColumns: Map<string, ColumnProfile | undefined>;
  /** Per PostgreSQL parent table, its partitions (or inheriting tables), folded into it. */
  folded: Map<string, string[]>;
  /** Per entity, its own dates named by a verb: its rows may be counted by them too ("crews hired in 2022"). */
  verbDates: Map<string, string[]>;
  /** The words of the column each measure reads. */
  measureWords: Map<string, string[]>;
  /** The words a measure's name is made of (`round trip cost`) and its column. */
  measureBase: Map<string, { words: string[]; column: string }>;
  /** Dimensions that a bare "name", "title" or "id" could mean. */
  bareWords: Map<string, string[]>;
  /** The clearest amount so far (the default ranking metric). */
  rankingCandidate?: { name: string; entity: string; score: number };
}

/** One table while its columns are drafted. */
export interface TableDraft {
  p: TableProfile;
  /** Its key and referring columns: never summed. */
  keys: Set<string>;
  /** The time dimension that dates its measures, if any. */
  dating: string | undefined;
  dated: { time_dimension: string } | { time_bound: false };
  /** Its thing in words (`payment received`). */
  ew: string[];
  /** A naming column was found: no other column stands for the thing. */
  named: boolean;
}

/** One column while it is drafted, and `dim`, which makes a dimension of it. */
export interface ColumnDraft {
  col: TableInfo['columns'][number];
  c: ColumnProfile;
  words: string[];
  rw: string[];
  isKey: boolean;
  label: string;
  desc: string;
  whose: (w: string[]) => string;
  dim: (
    name: string,
    type: 'string' | 'number' | 'boolean',
    why: string,
    extra?: {
      synonyms?: string[];
      index?: boolean;
      label?: string;
      valueSynonyms?: Record<string, string[]>;
      sql?: string;
      clock?: 'time' | 'hhmm';
      grain?: 'year';
    },
  ) => void;
}

export function createContext(warehouse: Warehouse, options: BootstrapOptions): DraftContext {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const mysql = (warehouse.dialect as string) === 'mysql';
  const q = (s: string) => (mysql ? `\`${s.replace(/`/g, '``')}\`` : `"${s.replace(/"/g, '""')}"`);
  return {
    options,
    timeoutMs,
    indexMax: options.indexValuesMax ?? 50,
    mysql,
    q,
    tableRef: (name) => name.split('.').map(q).join('.'),
    colSql: (c) => (/^[a-z_][a-z0-9_]*$/.test(c) && !mysql ? `\${TABLE}.${c}` : `\${TABLE}.${q(c)}`),
    run: async (sql) => (await warehouse.run(sql, { timeoutMs, maxRows: 1000 })).rows,
    notes: {},
    undecided: [],
    tables: [],
    profiles: [],
    byTable: new Map(),
    usedEntities: new Set(),
    joins: [],
    entities: [],
    relationships: [],
    roleEntities: [],
    fkCols: new Map(),
    used: new Set(),
    phrases: new Map(),
    dimensions: [],
    timeDimensions: [],
    measures: [],
    ownTime: new Map(),
    timeWords: new Map(),
    timeColumns: new Map(),
    folded: new Map(),
    verbDates: new Map(),
    measureWords: new Map(),
    measureBase: new Map(),
    bareWords: new Map(),
  };
}

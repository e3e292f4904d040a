/** The semantic layer's public surface (see CONTEXT.md). */
export * from './model.js';
export * from './query.js';
export { loadModel, parseModel, validateModel, crossCheck, DEFAULT_MODEL_PATH, ModelError, type ModelIssue } from './loader.js';
export { compile, compileDistinctValues, compileLatest, resolveValue, CompileError } from './compiler.js';
export type { CompiledQuery, CompiledColumn, ColumnKind, CompileOptions } from './compiler.js';
export { SqlDialect, DuckDbDialect, PostgresDialect, MysqlDialect, dialectFor, LiteralError } from './dialects/index.js';
export { Catalogue, buildCatalogue } from './catalogue.js';
export type {
  CatalogueItem,
  CatalogueKind,
  SemanticSummary,
  SummaryEntity,
  EntityDetail,
  SearchHit,
  SearchResultSet,
  ValueIndex,
} from './catalogue.js';
export { loadValueIndex, resolveAsOf, loadSemanticLayer, semanticLayerFor, MAX_INDEXED_VALUES, type SemanticLayer } from './values.js';
export { JoinGraph, joinGraph, type Hop } from './graph.js';

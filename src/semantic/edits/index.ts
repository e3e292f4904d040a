/**
 * Model edits made in the web app, versioned: each save is a new version of the whole edit set,
 * kept in QUARRY_DATA_DIR/model-edits/<warehouse>.json beside the model file (never written into
 * it, so hand edits and `quarry semantic refresh` of the file stay the author's). Start-up applies
 * the newest version; going back to an earlier one saves it again as the newest.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { ModelEditsSchema, type ModelEdits, type ModelItemEdit } from '../../schemas/model-edits.js';
import { crossCheck, loadModel } from '../loader.js';
import type { SemanticModel } from '../model.js';
import type { Warehouse } from '../../warehouse/types.js';
import { semanticLayerFor, type SemanticLayer, type SemanticLayerOptions } from '../values.js';

/** Edits that name nothing in the model, or leave it inconsistent: `field` is the body's path. */
export class ModelEditError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

export interface ModelEditsVersion {
  version: number;
  saved_at: string;
  saved_by: string | null;
  restored_from: number | null;
  edits: ModelEdits;
}

const EMPTY: ModelEdits = { items: [] };

const listOf = (names: string[]) => (names.length ? names.join(', ') : 'none');

/** The model with the edits applied; ModelEditError names the first edit that cannot apply. */
export function applyModelEdits(model: SemanticModel, edits: ModelEdits): SemanticModel {
  const m: SemanticModel = structuredClone(model);
  const collections = {
    entity: m.entities,
    dimension: m.dimensions,
    time_dimension: m.time_dimensions,
    measure: m.measures,
    metric: m.metrics,
  } as const;
  const hidden: Record<keyof typeof collections, Set<string>> = {
    entity: new Set(),
    dimension: new Set(),
    time_dimension: new Set(),
    measure: new Set(),
    metric: new Set(),
  };
  edits.items.forEach((e: ModelItemEdit, i) => {
    const list = collections[e.kind] as Array<{ name: string; label?: string; synonyms: string[] }>;
    const item = list.find((x) => x.name === e.name);
    if (!item)
      throw new ModelEditError(
        `edits.items[${i}].name`,
        `no ${e.kind.replace('_', ' ')} '${e.name}' in the model (allowed: ${listOf(list.map((x) => x.name))})`,
      );
    if (e.label !== undefined) {
      if (e.kind === 'entity')
        throw new ModelEditError(`edits.items[${i}].label`, 'an entity is renamed by its synonyms (it has no label)');
      item.label = e.label;
    }
    if (e.synonyms !== undefined) item.synonyms = [...new Set(e.synonyms)];
    if (e.time_dimension !== undefined) {
      if (e.kind !== 'measure') throw new ModelEditError(`edits.items[${i}].time_dimension`, 'only a measure is dated by a time dimension');
      const tds = m.time_dimensions.map((t) => t.name);
      if (!tds.includes(e.time_dimension))
        throw new ModelEditError(`edits.items[${i}].time_dimension`, `no time dimension '${e.time_dimension}' (allowed: ${listOf(tds)})`);
      (item as SemanticModel['measures'][number]).time_dimension = e.time_dimension;
    }
    if (e.hidden) hidden[e.kind].add(e.name);
  });
  if (edits.default_time_dimension !== undefined) {
    const tds = m.time_dimensions.map((t) => t.name);
    if (!tds.includes(edits.default_time_dimension) || hidden.time_dimension.has(edits.default_time_dimension))
      throw new ModelEditError(
        'edits.default_time_dimension',
        `no time dimension '${edits.default_time_dimension}' (allowed: ${listOf(tds.filter((t) => !hidden.time_dimension.has(t)))})`,
      );
    m.defaults = { ...m.defaults, time_dimension: edits.default_time_dimension };
  }
  // hiding a thing hides what is only about it
  const goneEntity = (x: { entity: string }) => hidden.entity.has(x.entity);
  const edited: SemanticModel = {
    ...m,
    entities: m.entities.filter((x) => !hidden.entity.has(x.name)),
    dimensions: m.dimensions.filter((x) => !hidden.dimension.has(x.name) && !goneEntity(x)),
    time_dimensions: m.time_dimensions.filter((x) => !hidden.time_dimension.has(x.name) && !goneEntity(x)),
    measures: m.measures.filter((x) => !hidden.measure.has(x.name) && !goneEntity(x)),
    metrics: m.metrics.filter((x) => !hidden.metric.has(x.name)),
    relationships: m.relationships.filter((r) => !hidden.entity.has(r.from) && !hidden.entity.has(r.to)),
  };
  // a date hidden that still dates what is left is no longer the default, and dates nothing
  if (edited.defaults.time_dimension && !edited.time_dimensions.some((t) => t.name === edited.defaults.time_dimension))
    throw new ModelEditError(
      'edits.items',
      `the default time dimension '${edited.defaults.time_dimension}' is hidden: choose another default first (edits.default_time_dimension)`,
    );
  const issues = crossCheck(edited);
  if (issues.length)
    throw new ModelEditError(
      'edits.items',
      `the model would not hold together: ${issues
        .slice(0, 3)
        .map((x) => `${x.path}: ${x.problem}`)
        .join('; ')}`,
    );
  return edited;
}

/** The versions of one warehouse's edits, in a JSON file written whole (rename) on each save. */
export class ModelEditsStore {
  constructor(private readonly dataDir: string) {}

  private file(warehouse: string): string {
    return join(this.dataDir, 'model-edits', `${encodeURIComponent(warehouse)}.json`);
  }

  versions(warehouse: string): ModelEditsVersion[] {
    const f = this.file(warehouse);
    if (!existsSync(f)) return [];
    const raw = JSON.parse(readFileSync(f, 'utf8')) as { versions: ModelEditsVersion[] };
    return raw.versions.map((v) => ({ ...v, edits: ModelEditsSchema.parse(v.edits) }));
  }

  /** The newest version (0 with no edits: the model file as written). */
  current(warehouse: string): { version: number; edits: ModelEdits } {
    const last = this.versions(warehouse).at(-1);
    return last ? { version: last.version, edits: last.edits } : { version: 0, edits: EMPTY };
  }

  /** The edits of one version (0: none); undefined when there is no such version. */
  at(warehouse: string, version: number): ModelEdits | undefined {
    if (version === 0) return EMPTY;
    return this.versions(warehouse).find((v) => v.version === version)?.edits;
  }

  save(warehouse: string, edits: ModelEdits, savedBy: string | null, restoredFrom: number | null = null): ModelEditsVersion {
    const versions = this.versions(warehouse);
    const v: ModelEditsVersion = {
      version: (versions.at(-1)?.version ?? 0) + 1,
      saved_at: new Date().toISOString(),
      saved_by: savedBy,
      restored_from: restoredFrom,
      edits,
    };
    const f = this.file(warehouse);
    mkdirSync(join(this.dataDir, 'model-edits'), { recursive: true });
    writeFileSync(`${f}.tmp`, JSON.stringify({ versions: [...versions, v] }, null, 2));
    renameSync(`${f}.tmp`, f);
    return v;
  }
}

/** The model file with the newest saved edits applied, as the server loads it at start. */
export async function loadEditedSemanticLayer(
  store: ModelEditsStore,
  warehouseName: string,
  modelPath: string,
  warehouse: Warehouse,
  options: SemanticLayerOptions = {},
): Promise<SemanticLayer> {
  const { edits } = store.current(warehouseName);
  return semanticLayerFor(applyModelEdits(loadModel(modelPath), edits), warehouse, options);
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../../api/auth.js';
import type { ApiDeps } from '../../../api/deps.js';
import { warehouseEntries } from '../../../config.js';
import { ServiceError } from '../../../inquiries/errors.js';
import type { Runtime } from '../../../runtime.js';
import {
  ModelEditsRevertSchema,
  ModelEditsSaveSchema,
  ModelEditsViewSchema,
  type ModelEdits,
  type EditableKind,
} from '../../../schemas/model-edits.js';
import { checkModel } from '../../../semantic/check.js';
import { applyModelEdits, ModelEditError, ModelEditsStore } from '../../../semantic/edits/index.js';
import { loadModel, DEFAULT_MODEL_PATH } from '../../../semantic/loader.js';
import { semanticLayerFor } from '../../../semantic/values.js';
import type { EngineResources } from '../../../inquiries/engine.js';
import { webErrorResponses } from '../../schemas.js';
import { layerOf } from './layer.js';

function entryOf(runtime: Runtime, res: EngineResources) {
  const entry = warehouseEntries(runtime.config).find((e) => e.name === res.info.name);
  if (!entry) throw new ServiceError(503, `The warehouse "${res.info.name}" is not configured here`);
  return entry;
}

function view(runtime: Runtime, store: ModelEditsStore, res: EngineResources) {
  const entry = entryOf(runtime, res);
  const file = loadModel(entry.model ?? DEFAULT_MODEL_PATH);
  const { version, edits } = store.current(entry.name);
  const named = (kind: EditableKind, x: { name: string; label?: string; synonyms: string[]; time_dimension?: string }) => ({
    kind,
    name: x.name,
    label: x.label ?? null,
    synonyms: x.synonyms,
    time_dimension: kind === 'measure' ? (x.time_dimension ?? null) : null,
  });
  return {
    warehouse: entry.name,
    items: [
      ...file.entities.map((x) => named('entity', x)),
      ...file.measures.map((x) => named('measure', x)),
      ...file.metrics.map((x) => named('metric', x)),
      ...file.dimensions.map((x) => named('dimension', x)),
      ...file.time_dimensions.map((x) => named('time_dimension', x)),
    ],
    default_time_dimension: file.defaults.time_dimension ?? null,
    version,
    edits,
    versions: store
      .versions(entry.name)
      .map(({ version: v, saved_at, saved_by, restored_from }) => ({ version: v, saved_at, saved_by, restored_from })),
  };
}

/**
 * Applies edits to the warehouse's model file, checks the result against the data, saves it as the
 * newest version and answers from it at once (the layer object the engine holds is updated in place).
 */
async function saveEdits(
  runtime: Runtime,
  store: ModelEditsStore,
  res: EngineResources,
  edits: ModelEdits,
  savedBy: string | null,
  restoredFrom: number | null,
) {
  const entry = entryOf(runtime, res);
  let edited;
  try {
    edited = applyModelEdits(loadModel(entry.model ?? DEFAULT_MODEL_PATH), edits);
  } catch (err) {
    if (err instanceof ModelEditError) throw new ServiceError(422, err.message);
    throw err;
  }
  // the data check: what fails now and did not before the edits is refused (nothing saved)
  // (the full check, expressions and dates too, of the model answered from now and of the edited one)
  const [now, report] = await Promise.all([
    checkModel(res.layer.model, res.warehouse, { timeoutMs: 10_000 }),
    checkModel(edited, res.warehouse, { timeoutMs: 10_000 }),
  ]);
  const before = new Set([...(res.layer.problems ?? []), ...now.failed].map((f) => `${f.kind} ${f.subject}`));
  // (and a date chosen to date things must hold dates, even when it held none before)
  const chosen = new Set(
    [edits.default_time_dimension, ...edits.items.map((i) => i.time_dimension)].filter(Boolean).map((t) => `time dimension ${t}`),
  );
  // (a check that ran out of time found nothing wrong: it never refuses the edits)
  const fresh = report.failed.filter(
    (f) => !f.unchecked && (!before.has(`${f.kind} ${f.subject}`) || (f.kind === 'time' && chosen.has(f.subject))),
  );
  if (fresh.length)
    throw new ServiceError(
      422,
      `edits: the data check fails: ${fresh
        .slice(0, 3)
        .map((f) => `${f.subject}: ${f.problem ?? f.kind}`)
        .join('; ')}`,
    );
  const layer = await semanticLayerFor(edited, res.warehouse, entry.asOf ? { asOf: entry.asOf } : {});
  const saved = store.save(entry.name, edits, savedBy, restoredFrom);
  // (every holder of the engine's layer object, the interpreter's and the agent's, sees the new model)
  const live = res.layer as unknown as Record<string, unknown>;
  delete live.problems;
  Object.assign(res.layer, layer);
  runtime.log.info(
    { warehouse: entry.name, version: saved.version, restoredFrom, items: edits.items.length },
    'semantic model edits saved',
  );
}

/**
 * GET /ui/api/semantic/edits (the edits of the account's warehouse model and their versions),
 * PUT (save new edits, checked), POST /ui/api/semantic/edits/revert (an earlier version, saved again).
 */
export const semanticEditsRoutes: FastifyPluginAsyncZod<ApiDeps> = async (app, { runtime }) => {
  const store = new ModelEditsStore(runtime.config.dataDir);
  app.get('/semantic/edits', {
    schema: {
      summary: 'Edits of the semantic model, with their versions',
      tags: ['web'],
      response: { 200: ModelEditsViewSchema, ...webErrorResponses },
    },
    handler: async (request) => {
      return view(runtime, store, await layerOf(runtime, principalOf(request)));
    },
  });
  app.put('/semantic/edits', {
    schema: {
      summary: 'Save edits of the semantic model (validated and checked against the data first)',
      tags: ['web'],
      body: ModelEditsSaveSchema,
      response: { 200: ModelEditsViewSchema, ...webErrorResponses },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const res = await layerOf(runtime, principal);
      const current = store.current(res.info.name).version;
      if (request.body.base_version !== current)
        throw new ServiceError(409, `base_version: the model was edited meanwhile (now version ${current}); reload and edit again`);
      await saveEdits(runtime, store, res, request.body.edits, principal.userId ?? null, null);
      return view(runtime, store, res);
    },
  });
  app.post('/semantic/edits/revert', {
    schema: {
      summary: 'Go back to an earlier version of the edits (saved again as the newest)',
      tags: ['web'],
      body: ModelEditsRevertSchema,
      response: { 200: ModelEditsViewSchema, ...webErrorResponses },
    },
    handler: async (request) => {
      const principal = principalOf(request);
      const res = await layerOf(runtime, principal);
      const versions = store.versions(res.info.name);
      const edits = store.at(res.info.name, request.body.version);
      if (!edits)
        throw new ServiceError(
          422,
          `version: no version ${request.body.version} (allowed: ${[0, ...versions.map((v) => v.version)].join(', ')})`,
        );
      await saveEdits(runtime, store, res, edits, principal.userId ?? null, request.body.version);
      return view(runtime, store, res);
    },
  });
};

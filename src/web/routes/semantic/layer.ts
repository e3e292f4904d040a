import { ServiceError } from '../../../inquiries/errors.js';
import type { Runtime } from '../../../runtime.js';
import type { SemanticLayer } from '../../../semantic/values.js';

/** The engine's semantic layer, or 503 when the question engine did not start. */
export function layerOf(runtime: Runtime): SemanticLayer {
  const layer = runtime.engine.resources?.().layer;
  if (!layer) throw new ServiceError(503, 'The semantic layer is not available: the question engine did not start (see the server log)');
  return layer;
}

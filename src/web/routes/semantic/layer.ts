import type { Principal } from '../../../auth/keys.js';
import type { EngineResources } from '../../../inquiries/engine.js';
import { ServiceError } from '../../../inquiries/errors.js';
import type { Runtime } from '../../../runtime.js';

/** The semantic layer (and warehouse) of the signed-in account, or 503 when the question engine did not start. */
export async function layerOf(runtime: Runtime, principal: Principal): Promise<EngineResources> {
  if (!runtime.engine.resources)
    throw new ServiceError(503, 'The semantic layer is not available: the question engine did not start (see the server log)');
  return runtime.engine.resources(principal.accountId);
}

/**
 * Where a route module shared by REST and the web app is registered. One module per operation
 * (submit, stop, research, reports) serves both: REST under /api with an API key, the web app
 * under /ui/api with its cookie sign-in and CSRF guard (src/web/plugin.ts hides those routes from
 * the OpenAPI document). The mount says what differs: whose session origin a submission records,
 * which error replies are documented, and the few URLs the web app names in its own words.
 */
import type { ApiDeps } from './deps.js';
import { errorResponses } from './schemas.js';

/** `api`: REST, the contract's URLs; `ui`: the web app's endpoints. */
export type Surface = 'api' | 'ui';

export interface Mount {
  surface: Surface;
  /** The session origin a submission from this surface records. */
  origin: 'api_key' | 'ui';
  /** The error replies documented for its routes. */
  errors: typeof errorResponses;
}

export const REST_MOUNT: Mount = { surface: 'api', origin: 'api_key', errors: errorResponses };

/** What a shared route module receives: the runtime and where it is mounted. */
export interface SharedRouteDeps extends ApiDeps {
  mount: Mount;
}

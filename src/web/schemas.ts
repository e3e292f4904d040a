/**
 * Where the web app's requests carry their fields. The shapes themselves are the shared ones
 * (src/schemas, src/api/schemas): a field is defined once for REST, tools and the web app.
 */
import { z } from 'zod';
import type { Mount } from '../api/mount.js';
import { errorResponses } from '../api/schemas.js';

export {
  InquiryParamsSchema,
  SessionParamsSchema,
  InquiryCreatedSchema,
  InquiryStatusResponseSchema,
  StopResultSchema,
  agentInquiryBodySchema,
} from '../api/schemas.js';

export const webErrorResponses = {
  ...errorResponses,
  401: errorResponses[401].describe('Not signed in'),
  403: errorResponses[403].describe("Missing or wrong CSRF token, a cross-site request, or another account's resource"),
};

/** REST's shared route modules as the web app mounts them: sessions it starts are threads (origin ui). */
export const WEB_MOUNT: Mount = { surface: 'ui', origin: 'ui', errors: webErrorResponses };

export const KeyParamsSchema = z.object({ key_id: z.string().min(1).max(200) });
export const EntityParamsSchema = z.object({ entity_id: z.string().min(1).max(300) });
export const SearchQuerySchema = z.object({ q: z.string().trim().min(1, { error: 'q must not be empty' }).max(500) });
export const OkSchema = z.object({ ok: z.literal(true) });

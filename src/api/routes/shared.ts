/**
 * The operations REST and the web app both offer, one route module each: REST mounts them under
 * /api (src/app.ts), the web app under /ui/api with its own mount (src/web/plugin.ts).
 */
import { inquiryStopRoute } from './inquiry/stop.js';
import { reportRoutes } from './reports/report.js';
import { reportRunsRoute } from './reports/runs.js';
import { reportsRoutes } from './reports/index.js';
import { researchRoute } from './research.js';
import { sessionInquiryRoute } from './session/inquiry.js';
import { sessionStructuredInquiryRoute } from './session/structured.js';

export const SHARED_OPERATION_ROUTES = [
  sessionInquiryRoute,
  sessionStructuredInquiryRoute,
  inquiryStopRoute,
  researchRoute,
  reportsRoutes,
  reportRoutes,
  reportRunsRoute,
] as const;

/**
 * Sign-in for the web app's own endpoints (/ui/api): an HttpOnly, SameSite=Strict cookie names a
 * login; every state-changing request must come from this origin (Origin / Sec-Fetch-Site) and
 * carry the login's CSRF token in X-CSRF-Token (synchronizer token). Signing in itself, which has
 * no login yet, must be same-origin JSON. REST and the tool interface keep their API keys.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SignedIn, UserService } from '../auth/users.js';
import { ServiceError } from '../inquiries/errors.js';
import type { UserRecord, WebLoginRecord } from '../store/repositories.js';

export const SESSION_COOKIE = 'quarry_session';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    webLogin: { login: WebLoginRecord; user: UserRecord } | null;
  }
  interface FastifyContextConfig {
    /** Web routes that answer without a sign-in (sign in, who am I). */
    signedOut?: boolean;
  }
}

/** One cookie's value from the Cookie header (no other cookie is read). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

function secureCookie(request: FastifyRequest, configured: boolean | undefined): boolean {
  return configured ?? request.protocol === 'https';
}

export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, signedIn: SignedIn, secure: boolean | undefined): void {
  const maxAge = Math.max(0, Math.floor((signedIn.login.expires_at - Date.now()) / 1000));
  const flags = ['Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAge}`, ...(secureCookie(request, secure) ? ['Secure'] : [])];
  reply.header('set-cookie', `${SESSION_COOKIE}=${signedIn.token}; ${flags.join('; ')}`);
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest, secure: boolean | undefined): void {
  const flags = ['Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=0', ...(secureCookie(request, secure) ? ['Secure'] : [])];
  reply.header('set-cookie', `${SESSION_COOKIE}=; ${flags.join('; ')}`);
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return cookieValue(request.headers.cookie, SESSION_COOKIE);
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** A state-changing request must come from a page of this origin. */
function checkSameOrigin(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') throw new ServiceError(403, 'Cross-site request refused');
  const origin = request.headers.origin;
  if (origin !== undefined) {
    // Host against host: behind a TLS proxy the browser's scheme (https) is not the one we see.
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      host = null;
    }
    if (host === null || host !== request.headers.host) throw new ServiceError(403, 'Cross-origin request refused');
  }
}

/**
 * The web scope's guard (onRequest): resolves the login from the cookie, sets request.principal
 * (so services, rate limits and ownership checks work as for an API key), and enforces sign-in and
 * CSRF. Signing in requires same-origin JSON (a form cannot send it without a CORS preflight).
 */
export function registerWebAuth(scope: FastifyInstance, users: UserService): void {
  scope.decorateRequest('webLogin', null);
  scope.addHook('onRequest', async (request) => {
    const unsafe = !SAFE_METHODS.has(request.method);
    if (unsafe) checkSameOrigin(request);
    const found = await users.loginOf(sessionToken(request));
    if (found) {
      request.webLogin = found;
      request.principal = { accountId: found.login.account_id, apiKeyId: '', userId: found.user.id };
    }
    if (request.routeOptions.config?.signedOut) {
      if (unsafe && !String(request.headers['content-type'] ?? '').startsWith('application/json')) {
        throw new ServiceError(415, 'Send JSON with Content-Type: application/json');
      }
      return;
    }
    if (!found) throw new ServiceError(401, 'Not signed in: sign in first');
    if (unsafe) {
      const token = request.headers[CSRF_HEADER];
      if (typeof token !== 'string' || !sameText(token, found.login.csrf_token)) {
        throw new ServiceError(403, 'Missing or wrong CSRF token: send the X-CSRF-Token header of your sign-in');
      }
    }
  });
}

export function webLoginOf(request: FastifyRequest): { login: WebLoginRecord; user: UserRecord } {
  if (!request.webLogin) throw new ServiceError(401, 'Not signed in: sign in first');
  return request.webLogin;
}

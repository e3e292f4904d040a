/** Signing in to the web app's endpoints (/ui/api) from a test, as a browser would. */
export interface WebSession {
  cookie: string;
  csrf: string;
  setCookie: string;
  body: { user: { id: string; email: string; account_id: string }; csrf_token: string };
}

export function origin(base: string): string {
  return base.replace(/\/api$/, '');
}

export async function signIn(base: string, email: string, password: string): Promise<WebSession> {
  const r = await fetch(`${origin(base)}/ui/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${await r.text()}`);
  const setCookie = r.headers.get('set-cookie') ?? '';
  const body = (await r.json()) as WebSession['body'];
  return { cookie: setCookie.split(';')[0], csrf: body.csrf_token, setCookie, body };
}

export function webFetch(
  base: string,
  path: string,
  init: { method?: string; session?: WebSession | null; csrf?: string | null; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.session) headers.cookie = init.session.cookie;
  const csrf = init.csrf === undefined ? init.session?.csrf : init.csrf;
  if (csrf) headers['x-csrf-token'] = csrf;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${origin(base)}/ui/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

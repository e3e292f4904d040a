/**
 * Who is calling a tool. stdio: the key from QUARRY_API_KEY or the credentials file written by
 * `quarry login`; streamable HTTP: the key presented when the MCP session initialised. Either way
 * the key is checked on every call (a revoked key stops working at once) and never logged.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { AuthError, type KeyService, type Principal } from '../auth/keys.js';
import type { Config } from '../config.js';
import { notAuthenticated } from './errors.js';

export interface McpAuth {
  /** The caller's principal, or a tool error saying how to authenticate. */
  principal(): Promise<Principal>;
  /** Forgets the credentials; the next call asks for authentication again. */
  logout(): Promise<{ message: string }>;
}

// ---- the credentials file ----------------------------------------------------------------------

export function credentialsPath(config: Pick<Config, 'credentialsFile'>, env: NodeJS.ProcessEnv = process.env): string {
  if (config.credentialsFile) return resolve(config.credentialsFile);
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'quarry', 'credentials.json');
}

export function readCredentials(file: string): string | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { api_key?: unknown };
    return typeof parsed.api_key === 'string' && parsed.api_key ? parsed.api_key : null;
  } catch {
    return null;
  }
}

export function writeCredentials(file: string, key: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify({ api_key: key, saved_at: new Date().toISOString() }) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
}

export function removeCredentials(file: string): boolean {
  if (!existsSync(file)) return false;
  rmSync(file, { force: true });
  return true;
}

// ---- stdio ---------------------------------------------------------------------------------------

/** stdio: one user, one key: QUARRY_API_KEY, else the credentials file, read on each call; logout forgets both. */
export class StdioAuth implements McpAuth {
  private key: string | null;
  private source: 'QUARRY_API_KEY' | 'the credentials file' | null;
  private loggedOut = false;

  constructor(
    private readonly keys: KeyService,
    envKey: string | undefined,
    private readonly file: string,
  ) {
    this.key = envKey ?? null;
    this.source = envKey ? 'QUARRY_API_KEY' : null;
  }

  async principal(): Promise<Principal> {
    if (this.source !== 'QUARRY_API_KEY') {
      // Without a key from the environment the file is the live source: a new `quarry login` takes effect on the next call.
      const stored = readCredentials(this.file);
      this.key = stored;
      this.source = stored ? 'the credentials file' : null;
    }
    const how = `Run \`quarry login\` in a terminal (it stores your API key in ${this.file}) and call again, or set QUARRY_API_KEY in this MCP server's configuration and restart it.`;
    if (!this.key) {
      throw notAuthenticated(
        this.loggedOut ? 'Not authenticated: this server was logged out.' : 'Not authenticated: no API key is configured.',
        how,
      );
    }
    try {
      return await this.keys.authenticate(this.key);
    } catch (err) {
      if (err instanceof AuthError) throw notAuthenticated(`${err.message} (the key from ${this.source}).`, how);
      throw err;
    }
  }

  async logout(): Promise<{ message: string }> {
    const removed = removeCredentials(this.file);
    this.key = null;
    this.source = null;
    this.loggedOut = true;
    delete process.env.QUARRY_API_KEY;
    return {
      message: `Logged out: the API key held by this server was forgotten${removed ? ` and ${this.file} was removed` : ''}. Run \`quarry login\` to authenticate again.`,
    };
  }
}

// ---- streamable HTTP -----------------------------------------------------------------------------

/**
 * What an HTTP MCP session is bound to. `bound` carries the key presented on the current request,
 * which the transport has checked against the hash stored with the session.
 */
export type HttpBinding = { kind: 'bound'; key: string } | { kind: 'none' } | { kind: 'invalid'; message: string } | { kind: 'logged_out' };

/**
 * One request of an MCP session over HTTP: bound to the key it initialised with, until logout. The
 * session itself lives in the store (any API process serves it); `onLogout` records the logout there.
 */
export class HttpSessionAuth implements McpAuth {
  constructor(
    private readonly keys: KeyService,
    public binding: HttpBinding,
    private readonly onLogout: () => Promise<void> = async () => undefined,
  ) {}

  /** The binding a new session starts with, from the key presented with initialize (if any). */
  static async bind(keys: KeyService, rawKey: string | undefined): Promise<HttpBinding> {
    if (!rawKey) return { kind: 'none' };
    try {
      await keys.authenticate(rawKey);
      return { kind: 'bound', key: rawKey };
    } catch (err) {
      if (err instanceof AuthError) return { kind: 'invalid', message: err.message };
      throw err;
    }
  }

  async principal(): Promise<Principal> {
    const fresh = 'Start a new MCP session (initialize) with your API key in the X-API-Key header or as Authorization: Bearer <key>.';
    switch (this.binding.kind) {
      case 'none':
        throw notAuthenticated('Not authenticated: no API key was presented when this MCP session started.', fresh);
      case 'invalid':
        throw notAuthenticated(`${this.binding.message}.`, `${fresh} Keys are created with \`quarry keys create --name <name>\`.`);
      case 'logged_out':
        throw notAuthenticated('Not authenticated: this MCP session was logged out.', fresh);
      case 'bound':
        try {
          return await this.keys.authenticate(this.binding.key);
        } catch (err) {
          if (err instanceof AuthError) throw notAuthenticated(`${err.message}.`, fresh);
          throw err;
        }
    }
  }

  async logout(): Promise<{ message: string }> {
    await this.onLogout();
    this.binding = { kind: 'logged_out' };
    return {
      message:
        'Logged out: this MCP session is no longer bound to an API key; its calls are refused. Start a new MCP session with a key to continue.',
    };
  }
}

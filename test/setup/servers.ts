/**
 * Vitest globalSetup: one PostgreSQL and one MariaDB for the whole run, each started on first use
 * (a run of unit files starts neither) and stopped after the last file. Test files reach them
 * through test/helpers/shared-servers.ts, which asks this process over a small HTTP endpoint on
 * 127.0.0.1 (its URL is `inject('testServers')`):
 *
 *   POST /postgres       -> { port }                        starts the server once
 *   POST /postgres/tpch  { tables?, where? } -> { template, counts }   loads that TPC-H once per run
 *   POST /mariadb, POST /mariadb/tpch                        the same for MariaDB
 *
 * Loading a TPC-H variant once here and copying it per file (CREATE DATABASE … TEMPLATE on
 * PostgreSQL, table copies on MariaDB) is what makes the per-file databases cheap; doing it in one
 * process also means no two workers race to load the same template.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createReadOnlyUser, loadTpchMariadb, MARIADB_BIN, startMariadb, type TestMariadb } from '../helpers/mariadb.js';
import { createReadOnlyRole, loadTpch, PG_BIN, startPostgres, type TestPostgres } from '../helpers/postgres.js';
import type { SharedTpchRequest } from '../helpers/shared-servers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of this run's shared-server endpoint (test/setup/servers.ts). */
    testServers: string;
  }
}

/** Every worker's pools together: 4 workers × a few servers × their pools stay well below it. */
const SHARED_MAX_CONNECTIONS = 400;

/** A TPC-H variant's template name: the same options give the same database. */
const templateName = (request: SharedTpchRequest) =>
  `tpch_tpl_${createHash('sha1')
    .update(JSON.stringify([request.tables ?? null, request.where ?? null]))
    .digest('hex')
    .slice(0, 10)}`;

class SharedEngine<S extends { port: number; stop(): Promise<void> }> {
  private server?: Promise<S>;
  private templates = new Map<string, Promise<{ template: string; counts: Record<string, number> }>>();

  constructor(
    private readonly start: () => Promise<S>,
    private readonly load: (server: S, template: string, request: SharedTpchRequest) => Promise<Record<string, number>>,
  ) {}

  started(): Promise<S> {
    return (this.server ??= this.start());
  }

  async tpch(request: SharedTpchRequest) {
    const server = await this.started();
    const template = templateName(request);
    let loaded = this.templates.get(template);
    if (!loaded) {
      loaded = this.load(server, template, request).then((counts) => ({ template, counts }));
      this.templates.set(template, loaded);
    }
    return loaded;
  }

  async stop(): Promise<void> {
    if (this.server) await (await this.server.catch(() => undefined))?.stop();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgres = new SharedEngine<TestPostgres>(
    () => startPostgres({ maxConnections: SHARED_MAX_CONNECTIONS }),
    async (server, template, request) => {
      const url = await server.createDatabase(template);
      const counts = await loadTpch(url, request);
      // Grants live in the database, so every copy is readable by the read-only role too.
      await createReadOnlyRole(url);
      return counts;
    },
  );
  const mariadb = new SharedEngine<TestMariadb>(
    () => startMariadb({ maxConnections: SHARED_MAX_CONNECTIONS }),
    async (server, template, request) => {
      const counts = await loadTpchMariadb(server, template, request);
      await createReadOnlyUser(server.url, template);
      return counts;
    },
  );
  const installed = { postgres: existsSync(join(PG_BIN, 'initdb')), mariadb: existsSync(MARIADB_BIN) };

  const routes: Record<string, (body: SharedTpchRequest) => Promise<unknown>> = {
    '/postgres': async () => ({ port: (await postgres.started()).port }),
    '/postgres/tpch': (body) => postgres.tpch(body),
    '/mariadb': async () => {
      const server = await mariadb.started();
      return { port: server.port, dir: server.dir };
    },
    '/mariadb/tpch': (body) => mariadb.tpch(body),
  };

  const http = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (c) => (text += String(c)));
    req.on('end', () => {
      const path = req.url ?? '';
      const route = routes[path];
      const engine = path.split('/')[1] as keyof typeof installed;
      const reply = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (!route) return reply(404, { detail: `no route ${path}; known: ${Object.keys(routes).join(', ')}` });
      if (!installed[engine]) return reply(503, { detail: `${engine} is not installed here` });
      route(text ? (JSON.parse(text) as SharedTpchRequest) : {}).then(
        (body) => reply(200, body),
        (e: Error) => reply(500, { detail: `${engine}: ${e.message}` }),
      );
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  project.provide('testServers', `http://127.0.0.1:${(http.address() as { port: number }).port}`);

  return async () => {
    http.close();
    await Promise.all([postgres.stop(), mariadb.stop()]);
  };
}

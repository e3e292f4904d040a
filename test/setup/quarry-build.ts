/**
 * Vitest globalSetup: quarry's CLI (src/cli.ts) and the scripted test server compiled once per run
 * into plain ES modules, which the tests' child processes run with `node` (test/helpers/quarry-cli.ts).
 * A child started through tsx pays its loader hooks on every module it imports, node_modules
 * included: about 2.5x the CPU of loading the same graph prebuilt, for every one of the suite's
 * many `quarry` children.
 *
 * The output sits in the checkout (`.test-build/run-<pid>`, git-ignored) so that its imports of
 * packages resolve from the repository's node_modules as the sources' do; `import.meta.url` keeps
 * each source file's own URL, so paths relative to a source (prompts, the default model, the web
 * build) stay what they are under tsx. Code-splitting keeps the CLI's lazy imports lazy.
 *
 * Packages are bundled too, except those in EXTERNAL: Node 20's ESM loader resolves, reads and
 * compiles each of the ~1,500 files of node_modules a server imports one by one, about a third of
 * a child's start-up CPU. The packages left out load native addons or find files of their own
 * beside their code (`__dirname`), which a bundle would move.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../helpers/paths.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of this run's prebuilt entries: cli.js, scripted-server.js and demo-builder.js. */
    quarryBuild: string;
  }
}

const BUILD_ROOT = join(REPO_ROOT, '.test-build');

/** Each source keeps its own `import.meta.url`, as if it ran unbundled. */
const sourceUrls: Plugin = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

/** Packages that stay in node_modules: native addons, and packages that read files next to their code. */
const EXTERNAL = [
  '@duckdb/*',
  'better-sqlite3',
  'pg-native',
  'pino',
  'thread-stream',
  '@fastify/swagger-ui',
  '@fastify/static',
  'esbuild',
  'vite',
  'playwright-core',
  'fsevents',
];

/** CommonJS code in the bundle still finds `require`, `__filename` and `__dirname` in an ES module. */
const COMMONJS_GLOBALS = [
  "import { createRequire as __quarryCreateRequire } from 'node:module';",
  "import { fileURLToPath as __quarryFileURLToPath } from 'node:url';",
  "import { dirname as __quarryDirname } from 'node:path';",
  'const require = __quarryCreateRequire(import.meta.url);',
  'const __filename = __quarryFileURLToPath(import.meta.url);',
  'const __dirname = __quarryDirname(__filename);',
].join(' ');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export default async function setup(project: TestProject): Promise<() => void> {
  // Builds left by runs that were killed before their teardown.
  if (existsSync(BUILD_ROOT))
    for (const name of readdirSync(BUILD_ROOT)) {
      const pid = Number(/^run-(\d+)$/.exec(name)?.[1]);
      if (pid && !alive(pid)) rmSync(join(BUILD_ROOT, name), { recursive: true, force: true });
    }
  const outdir = join(BUILD_ROOT, `run-${process.pid}`);
  await build({
    entryPoints: {
      cli: join(REPO_ROOT, 'src/cli.ts'),
      'scripted-server': join(REPO_ROOT, 'test/helpers/scripted-server.ts'),
      'demo-builder': join(REPO_ROOT, 'test/helpers/demo-builder.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: COMMONJS_GLOBALS },
    plugins: [sourceUrls],
    logLevel: 'warning',
  });
  project.provide('quarryBuild', outdir);
  return () => rmSync(outdir, { recursive: true, force: true });
}

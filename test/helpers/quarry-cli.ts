/**
 * The `node` arguments that run quarry's CLI, or the scripted test server, in a child process:
 * the run's prebuilt entry (test/setup/quarry-build.ts) when there is one, else the sources through
 * tsx (a bench or a script outside vitest). Usage: `spawn(process.execPath, quarryArgs('serve'))`.
 */
import { join } from 'node:path';
import { inject } from 'vitest';
import { REPO_ROOT } from './paths.js';

/** tsx resolved from the repository, so a child started in another folder still finds it. */
const TSX = import.meta.resolve('tsx');

function entry(name: 'cli' | 'scripted-server' | 'demo-builder', source: string): string[] {
  let built: string | undefined;
  try {
    built = inject('quarryBuild');
  } catch {
    built = undefined; // not inside a vitest worker
  }
  return built ? [join(built, `${name}.js`)] : ['--import', TSX, join(REPO_ROOT, source)];
}

/** `quarry <args>`: node arguments for src/cli.ts. */
export const quarryArgs = (...args: string[]): string[] => [...entry('cli', 'src/cli.ts'), ...args];

/** Node arguments for test/helpers/scripted-server.ts (a server whose engine follows scripts). */
export const scriptedServerArgs = (): string[] => entry('scripted-server', 'test/helpers/scripted-server.ts');

/** Node arguments for test/helpers/demo-builder.ts (one process's share of building the demo warehouse). */
export const demoBuilderArgs = (): string[] => entry('demo-builder', 'test/helpers/demo-builder.ts');

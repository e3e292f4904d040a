// The type check and ESLint in one process over the same TypeScript programs (`npm run check`, run
// by .ci/run). `npm run typecheck` and `npm run lint` each build the programs of tsconfig.json and
// web/tsconfig.json, the typed lint rules a second time through typescript-eslint's project service:
// here they are built once, checked as `tsc --noEmit` checks them, and handed to ESLint
// (parserOptions.programs), which lints every file with eslint.config.js's rules as `eslint .` does.
// Exit 1 on any type error or lint error, with both reports printed.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function program(tsconfig) {
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail([d]) };
  const config = ts.getParsedCommandLineOfConfigFile(join(root, tsconfig), {}, host);
  if (config.errors.length) fail(config.errors);
  return ts.createProgram({ rootNames: config.fileNames, options: config.options, projectReferences: config.projectReferences });
}

const formatHost = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => '\n' };
function fail(diagnostics) {
  process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  process.exit(1);
}

let started = Date.now();
const programs = ['tsconfig.json', 'web/tsconfig.json'].map(program);
const typeErrors = programs.flatMap((p) => ts.getPreEmitDiagnostics(p));
if (typeErrors.length) process.stdout.write(ts.formatDiagnosticsWithColorAndContext(typeErrors, formatHost));
console.log(`type check: ${typeErrors.length} errors (${((Date.now() - started) / 1000).toFixed(0)} s)`);

started = Date.now();
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parserOptions: { projectService: false, programs } } }],
});
const results = await eslint.lintFiles(['.']);
const lintErrors = results.reduce((n, r) => n + r.errorCount, 0);
const output = await (await eslint.loadFormatter('stylish')).format(results);
if (output) process.stdout.write(output);
console.log(`lint: ${lintErrors} errors in ${results.length} files (${((Date.now() - started) / 1000).toFixed(0)} s)`);
process.exit(typeErrors.length || lintErrors ? 1 : 0);

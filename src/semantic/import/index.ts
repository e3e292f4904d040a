/**
 * `quarry semantic import dbt|cube|cortex PATH --out FILE`: a semantic model a team already has,
 * as a Quarry model. Each importer maps what it can faithfully, comments every guess and lists
 * what it left out and why; the result passes the loader's validation before anything is written.
 */
import { importCortex, type CortexImportOptions } from './cortex.js';
import { importCube, type CubeImportOptions } from './cube.js';
import { importDbt, type DbtImportOptions } from './dbt.js';
import { ImportError, writeImportedModel, type ImportFormat, type ImportResult } from './common.js';

export { ImportError, importedYaml, type ImportFormat, type ImportResult, type InputIssue, type Skipped } from './common.js';
export { importDbt, importCube, importCortex };

export const IMPORT_FORMATS: readonly ImportFormat[] = ['dbt', 'cube', 'cortex'];

export type ImportOptions = DbtImportOptions &
  CubeImportOptions &
  CortexImportOptions & {
    /** Fail (write nothing) when anything could not be imported. */
    strict?: boolean;
  };

export function importModel(format: string, path: string, options: ImportOptions = {}): ImportResult {
  switch (format) {
    case 'dbt':
      return importDbt(path, options);
    case 'cube':
      return importCube(path, options);
    case 'cortex':
      return importCortex(path, options);
    default:
      throw new ImportError([{ file: path, path: '', problem: `unknown format '${format}'; allowed: ${IMPORT_FORMATS.join(', ')}` }]);
  }
}

/** Imports, validates and writes the model; nothing is written when anything fails. */
export async function importToFile(format: string, path: string, outPath: string, options: ImportOptions = {}): Promise<ImportResult> {
  const result = importModel(format, path, options);
  if (options.strict && result.skipped.length)
    throw new ImportError(result.skipped.map((s) => ({ file: path, path: s.what, problem: `not imported (--strict): ${s.why}` })));
  await writeImportedModel(format as ImportFormat, result, outPath);
  return result;
}

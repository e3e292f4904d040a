import type { SemanticLayer } from '../../../src/semantic/values.js';

const maps = new WeakMap<SemanticLayer, Map<string, string[]>>();

/** The value index as the interpreter takes it (built once per loaded layer). */
export function valueMap(layer: SemanticLayer): Map<string, string[]> {
  let m = maps.get(layer);
  if (!m) maps.set(layer, (m = new Map(Object.entries(layer.values))));
  return m;
}

/**
 * Word tables as objects without a prototype: a question word such as "constructor" or
 * "__proto__" must never find Object.prototype's members in a lookup.
 */
export function lookupTable<T>(entries: Record<string, T>): Record<string, T> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

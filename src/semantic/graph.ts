/**
 * The join graph of a model: which entity reaches which through to-one relationships, and by
 * which shortest path. Pure functions over the model (no I/O).
 */
import type { Relationship, SemanticModel } from './model.js';

/** One directed to-one hop: rows of `from` each find at most one row of `to`. */
export interface Hop {
  from: string;
  to: string;
  /** [from_column, to_column] pairs. */
  on: [string, string][];
}

export class JoinGraph {
  private readonly out = new Map<string, Hop[]>();
  private readonly pathCache = new Map<string, Map<string, Hop[]>>();

  constructor(relationships: readonly Relationship[]) {
    const add = (h: Hop) => {
      const list = this.out.get(h.from) ?? [];
      list.push(h);
      this.out.set(h.from, list);
    };
    for (const r of relationships) {
      const fwd: Hop = { from: r.from, to: r.to, on: r.on.map(([a, b]) => [a, b] as [string, string]) };
      const rev: Hop = { from: r.to, to: r.from, on: r.on.map(([a, b]) => [b, a] as [string, string]) };
      if (r.cardinality === 'many_to_one') add(fwd);
      else if (r.cardinality === 'one_to_many') add(rev);
      else {
        add(fwd);
        add(rev);
      }
    }
  }

  /** Shortest to-one paths from `start` to every reachable entity (BFS; first declared edge wins ties). */
  pathsFrom(start: string): Map<string, Hop[]> {
    const cached = this.pathCache.get(start);
    if (cached) return cached;
    const paths = new Map<string, Hop[]>([[start, []]]);
    const queue = [start];
    while (queue.length) {
      const cur = queue.shift()!;
      for (const h of this.out.get(cur) ?? []) {
        if (paths.has(h.to)) continue;
        paths.set(h.to, [...paths.get(cur)!, h]);
        queue.push(h.to);
      }
    }
    this.pathCache.set(start, paths);
    return paths;
  }

  /** The to-one path from `from` to `to`, or undefined when `to` is not reachable that way. */
  path(from: string, to: string): Hop[] | undefined {
    return this.pathsFrom(from).get(to);
  }
}

const graphs = new WeakMap<SemanticModel, JoinGraph>();
export function joinGraph(model: SemanticModel): JoinGraph {
  let g = graphs.get(model);
  if (!g) {
    g = new JoinGraph(model.relationships);
    graphs.set(model, g);
  }
  return g;
}

/**
 * The shortest join paths that relate two different entities, reading every declared relationship
 * both ways (each one an edge of its own, so two foreign keys between the same tables are two
 * paths): how many there are (0 when nothing relates them, 1 when the model relates them in one
 * way only) and how many relationships each crosses.
 */
export function shortestJoinPaths(model: SemanticModel, from: string, to: string): { count: number; length: number } {
  if (from === to) return { count: 0, length: 0 };
  const adjacent = new Map<string, string[]>();
  const link = (x: string, y: string) => adjacent.set(x, [...(adjacent.get(x) ?? []), y]);
  for (const r of model.relationships) {
    if (r.from === r.to) continue;
    link(r.from, r.to);
    link(r.to, r.from);
  }
  const dist = new Map<string, number>([[from, 0]]);
  const count = new Map<string, number>([[from, 1]]);
  const queue = [from];
  while (queue.length) {
    const cur = queue.shift()!;
    if (cur === to) continue;
    for (const next of adjacent.get(cur) ?? []) {
      const d = dist.get(cur)! + 1;
      if (!dist.has(next)) {
        dist.set(next, d);
        count.set(next, 0);
        queue.push(next);
      }
      if (dist.get(next) === d) count.set(next, count.get(next)! + count.get(cur)!);
    }
  }
  return { count: count.get(to) ?? 0, length: dist.get(to) ?? 0 };
}

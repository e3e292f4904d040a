/**
 * A thing reached only through an optional link: "how many transactions did each merchant receive" where
 * transactions reach merchants only through the coupon some of them used (the relationship is `optional`:
 * rows with no coupon). The breakdown would count only coupon transactions, by the coupon's merchant: a
 * relation the question never named. A path of two or more hops with an optional hop whose things in
 * between are not named in the question is refused; naming them ("transactions by the merchant of their
 * coupon") or a direct link reads as before.
 */
import { joinGraph, type Hop } from '../semantic/graph.js';
import type { SemanticModel } from '../semantic/model.js';
import type { SemanticQuery } from '../semantic/query.js';
import type { Lexicon } from './lexicon.js';
import type { Item } from './spans.js';

const sameHop = (model: SemanticModel, h: Hop) =>
  model.relationships.find(
    (r) =>
      r.from === h.from &&
      r.to === h.to &&
      r.on.length === h.on.length &&
      r.on.every(([a, b], i) => h.on[i]![0] === a && h.on[i]![1] === b),
  );

/** The refusal, or undefined when every thing the query reaches is reached directly, by required links, or through things named. */
export function optionalLinkRefusal(query: SemanticQuery, items: Item[], lex: Lexicon, model: SemanticModel): string | undefined {
  if (!model.relationships.some((r) => r.optional)) return undefined;
  const named = new Set(
    items.flatMap((it) =>
      (it.entries ?? []).map((e) =>
        e.kind === 'entity'
          ? e.target
          : e.kind === 'metric'
            ? lex.metrics.get(e.target)?.entity
            : e.kind === 'dimension' || e.kind === 'value'
              ? lex.dimensions.get(e.target)?.entity
              : e.kind === 'time_dimension'
                ? lex.timeDimensions.get(e.target)?.entity
                : undefined,
      ),
    ),
  );
  const entityOf = (m: string) => lex.metrics.get(m)?.entity;
  // the rows each figure counts, and the things it is broken down or filtered by (a condition: its members)
  const figures = [
    ...query.metrics,
    ...(query.ratios ?? []).flatMap((r) => [r.numerator.metric, r.denominator.metric]),
    ...(query.subset_metrics ?? []).map((s) => s.metric),
  ];
  const owners = (dims: string[]) =>
    dims.map((d) => lex.dimensions.get(d)?.entity ?? lex.timeDimensions.get(d)?.entity).filter((e): e is string => !!e);
  const pairs: [string | undefined, string][] = [
    ...figures.flatMap((m) =>
      owners([...query.group_by, ...query.filters].map((d) => d.dimension)).map((o): [string | undefined, string] => [entityOf(m), o]),
    ),
    ...(query.entity_conditions ?? []).map((c): [string | undefined, string] => [entityOf(c.metric), c.entity]),
  ];
  const graph = joinGraph(model);
  for (const [rows, owner] of pairs) {
    if (!rows || owner === rows) continue;
    const path = graph.path(rows, owner);
    if (!path || path.length < 2) continue;
    const through = path.slice(0, -1).map((h) => h.to);
    const optional = path.find((h) => sameHop(model, h)?.optional);
    if (optional && through.some((t) => !named.has(t)))
      return `${rows.replace(/_/g, ' ')} reach ${owner.replace(/_/g, ' ')} only through ${through.join(', ').replace(/_/g, ' ')}, which not every one of them has (${optional.on.map(([a]) => a).join(', ')} is empty on some rows): name it in the question to count through it.`;
  }
  return undefined;
}

/** Step 6, the main fact table: dated, most joins out, then most rows; it gives as_of and the defaults. */
import type { SemanticModelInput } from '../model.js';
import type { DraftContext } from './context.js';
import type { TableProfile } from './profile.js';
import { datingHelpers } from './time.js';

/** The main fact entity, the default time dimension and ranking metric, and as_of. */
export function chooseFact(ctx: DraftContext): {
  fact?: TableProfile;
  defaults: NonNullable<SemanticModelInput['defaults']>;
  asOf: SemanticModelInput['as_of'];
} {
  const { notes, undecided, profiles, relationships, measures, ownTime } = ctx;
  const { datingOf } = datingHelpers(ctx);
  const rankingCandidate = ctx.rankingCandidate;
  const factScore = (p: TableProfile) =>
    (ownTime.get(p.entity)?.length ? 1_000_000 : 0) +
    relationships.filter((r) => r.from === p.entity).length * 10_000 +
    Math.min(p.rows, 9_999);
  // (never an empty table, nor one whose date holds no value: "today" would be no date at all)
  const holdsDates = (t: string) => {
    const c = ctx.timeColumns.get(t);
    return !c || c.lastDate !== undefined || c.min !== undefined || c.sample.length > 0;
  };
  const fact = [...profiles]
    .filter((p) => p.rows > 0 && datingOf(p.entity) && holdsDates(datingOf(p.entity)!))
    .sort((a, b) => factScore(b) - factScore(a))[0];
  const defaults: NonNullable<SemanticModelInput['defaults']> = {};
  let asOf: SemanticModelInput['as_of'] = 'today';
  if (fact) {
    const t = datingOf(fact.entity)!;
    defaults.time_dimension = t;
    asOf = { latest: t };
    notes['as_of'] = `"today" is the latest ${t} in the data (main fact table ${fact.info.name}); set a date, or QUARRY_AS_OF, to override`;
    const factMeasure =
      rankingCandidate?.entity === fact.entity
        ? rankingCandidate.name
        : measures.find((m) => m.entity === fact.entity && m.agg === 'count')?.name;
    const rank = rankingCandidate && rankingCandidate.score >= 2 ? rankingCandidate.name : factMeasure;
    if (rank) {
      defaults.ranking_metric = rank;
      notes['defaults'] =
        `ranking metric: ${rank} (${rank === factMeasure ? 'of the main fact table' : 'the clearest amount'}); time dimension: ${t}`;
    }
  } else {
    undecided.push('no dated table: relative periods ("last year") use the calendar date; set as_of');
  }
  return { fact, defaults, asOf };
}

/**
 * A ratio side whose period follows a verb that names the date of the rows it counts: "members who
 * enrolled in 2023 to all members", "fees charged in 2023 to fees charged in 2022". The verb was left
 * unconsumed (the ratio refused). It is read only when it names exactly one date of the side's rows
 * (`dateOfVerb`, shared with the dated-verb rule); a verb naming no date of them keeps the refusal.
 * Club and TPC-H vocabularies.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { clubModel, clubValues } from './club-fixture.js';
import { ask } from './helpers.js';

const club = (question: string, model = clubModel) => interpret(question, { model, values: clubValues, asOf: '2024-06-30' });
const year = (dimension: string, y: number) => [
  { dimension, op: 'gte', values: [`${y}-01-01`] },
  { dimension, op: 'lt', values: [`${y + 1}-01-01`] },
];

describe('a verb dating a ratio side', () => {
  it('out of all of them: the share of the members the verb dates', () => {
    expect(club('ratio of members who enrolled in 2023 to all members')).toMatchObject({
      kind: 'query',
      query: { subset_metrics: [{ metric: 'member_count', filters: year('enrolled_on', 2023), as: 'share' }] },
    });
  });

  it('two periods, one per side', () => {
    expect(club('what is the ratio of fees charged in 2023 to fees charged in 2022?')).toMatchObject({
      kind: 'query',
      query: {
        ratios: [
          {
            numerator: { metric: 'fee_count', filters: year('charged_on', 2023) },
            denominator: { metric: 'fee_count', filters: year('charged_on', 2022) },
          },
        ],
      },
    });
  });

  it('a verb of coming into being dates a thing by its one date', () => {
    const published = SemanticModelSchema.parse({
      ...clubModel,
      entities: [...clubModel.entities, { name: 'newsletter', table: 'newsletters', primary_key: 'id', synonyms: ['newsletters'] }],
      time_dimensions: [
        ...clubModel.time_dimensions,
        { name: 'issue_year', entity: 'newsletter', sql: 'MAKE_DATE(${TABLE}.year, 1, 1)', label: 'Year' },
      ],
      measures: [
        ...clubModel.measures,
        { name: 'newsletter_count', entity: 'newsletter', agg: 'count', label: 'Newsletters', time_dimension: 'issue_year' },
      ],
    });
    expect(club('the ratio of newsletters published in 2021 to all newsletters', published)).toMatchObject({
      kind: 'query',
      query: { subset_metrics: [{ metric: 'newsletter_count', filters: year('issue_year', 2021) }] },
    });
  });

  it('in TPC-H: line items shipped in one year to all of them', () => {
    expect(ask('ratio of line items shipped in 1995 to all line items')).toMatchObject({
      kind: 'query',
      query: { subset_metrics: [{ metric: 'line_items', filters: year('ship_date', 1995) }] },
    });
  });

  it('a verb that names no date of the rows: refused', () => {
    const r = club('ratio of members who smiled in 2023 to all members');
    expect(r.kind).toBe('out_of_scope');
  });
});

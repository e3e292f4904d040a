/**
 * Readings that went wrong on drafted models of unfamiliar databases, as general rules, on a small
 * model of our own (a gym: visits of members to clubs). Each either reads the question right or
 * refuses it, never answers another question.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

const model = SemanticModelSchema.parse({
  name: 'gym',
  entities: [
    { name: 'visit', table: 'visit', primary_key: 'id', synonyms: ['visits'] },
    { name: 'club', table: 'club', primary_key: 'id', synonyms: ['clubs'] },
  ],
  relationships: [{ from: 'visit', to: 'club', on: [['club_id', 'id']] }],
  dimensions: [
    { name: 'club', entity: 'club', sql: '${TABLE}.name', label: 'Club', index_values: true },
    { name: 'town', entity: 'club', sql: '${TABLE}.town', label: 'Town', index_values: true },
  ],
  measures: [
    { name: 'visit_count', entity: 'visit', agg: 'count', label: 'Visits', synonyms: ['number of visits'], time_bound: false },
    {
      name: 'average_satisfaction',
      entity: 'visit',
      agg: 'avg',
      sql: '${TABLE}.satisfaction',
      label: 'Average satisfaction',
      synonyms: ['satisfaction'],
      time_bound: false,
    },
  ],
});
const values = new Map([
  ['club', ['Northside', 'Riverside']],
  ['town', ['Leeds', 'York']],
]);
const ask = (q: string) => interpret(q, { model, values, asOf: '2024-06-30' });

describe('"by <metric>" ranks a breakdown, or means nothing', () => {
  it('with no breakdown, "by" a metric is not understood (never two totals side by side)', () => {
    for (const q of ['number of visits by satisfaction', 'visits by satisfaction']) {
      const r = ask(q);
      expect(r.kind, q).toBe('out_of_scope');
      if (r.kind === 'out_of_scope') expect(r.unconsumed, q).toContain('by');
    }
  });
  it('with a breakdown, "by" a metric ranks it', () => {
    const r = ask('top 2 clubs by satisfaction');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') {
      expect(r.query.group_by).toEqual([{ dimension: 'club' }]);
      expect(r.query.order).toEqual([{ by: 'average_satisfaction', direction: 'desc' }]);
      expect(r.query.limit).toBe(2);
    }
  });
});

// Two entities with the same words: a town of clubs and of members; a fee of clubs and of members.
const shared = SemanticModelSchema.parse({
  name: 'gym2',
  entities: [
    { name: 'member', table: 'member', primary_key: 'id', synonyms: ['members'] },
    { name: 'club', table: 'club', primary_key: 'id', synonyms: ['clubs'] },
  ],
  relationships: [{ from: 'member', to: 'club', on: [['club_id', 'id']] }],
  dimensions: [
    { name: 'club', entity: 'club', sql: '${TABLE}.name', label: 'Club', index_values: true },
    { name: 'town', entity: 'club', sql: '${TABLE}.town', label: 'Town' },
    { name: 'member_town', entity: 'member', sql: '${TABLE}.town', label: 'Member town', synonyms: ['town'] },
  ],
  measures: [
    { name: 'member_count', entity: 'member', agg: 'count', label: 'Members', synonyms: ['number of members'], time_bound: false },
    { name: 'club_count', entity: 'club', agg: 'count', label: 'Clubs', synonyms: ['number of clubs'], time_bound: false },
    { name: 'total_fee', entity: 'club', agg: 'sum', sql: '${TABLE}.fee', label: 'Total fee', synonyms: ['fee'], time_bound: false },
    {
      name: 'member_total_fee',
      entity: 'member',
      agg: 'sum',
      sql: '${TABLE}.fee',
      label: 'Member total fee',
      synonyms: ['fee'],
      time_bound: false,
    },
  ],
});
const askShared = (q: string) => interpret(q, { model: shared, values: new Map(), asOf: '2024-06-30' });

describe('a phrase shared by the metrics or dimensions of several entities', () => {
  it('means the one of the thing the question is about', () => {
    const byMembers = askShared('number of members per town');
    expect(byMembers.kind).toBe('query');
    if (byMembers.kind === 'query') expect(byMembers.query.group_by).toEqual([{ dimension: 'member_town' }]);
    const byClubs = askShared('number of clubs per town');
    expect(byClubs.kind).toBe('query');
    if (byClubs.kind === 'query') expect(byClubs.query.group_by).toEqual([{ dimension: 'town' }]);
    const fee = askShared('which club has the highest fee');
    expect(fee.kind).toBe('query');
    if (fee.kind === 'query') expect(fee.query.metrics).toEqual(['total_fee']);
  });
  it('with nothing to choose by, it is not understood (never the first one listed)', () => {
    for (const q of ['fee per town', 'fee by town']) {
      const r = askShared(q);
      expect(r.kind, q).not.toBe('query');
    }
  });
});

describe('the default metric', () => {
  it("is only the model's own default: with none, a question naming no metric is refused", () => {
    const r = interpret('top 3 clubs', { model: shared, values: new Map(), asOf: '2024-06-30' });
    expect(r.kind).not.toBe('query');
  });
});

describe('a metric named by its own label picks the dimension of its thing', () => {
  it('"total fee by town" is the clubs\' fee by the clubs\' town', () => {
    const r = askShared('total fee by town');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') {
      expect(r.query.metrics).toEqual(['total_fee']);
      expect(r.query.group_by).toEqual([{ dimension: 'town' }]);
    }
  });
});

// Coaches have no dimension naming them; members have two that do not (town, level).
const unnamed = SemanticModelSchema.parse({
  name: 'gym3',
  entities: [
    { name: 'session', table: 'session', primary_key: 'id', synonyms: ['sessions'] },
    { name: 'coach', table: 'coach', primary_key: 'id', synonyms: ['coaches'] },
    { name: 'member', table: 'member', primary_key: 'id', synonyms: ['members'] },
  ],
  relationships: [
    { from: 'session', to: 'coach', on: [['coach_id', 'id']] },
    { from: 'session', to: 'member', on: [['member_id', 'id']] },
  ],
  dimensions: [
    { name: 'member_town', entity: 'member', sql: '${TABLE}.town', label: 'Member town' },
    { name: 'member_level', entity: 'member', sql: '${TABLE}.level', label: 'Member level' },
  ],
  measures: [
    { name: 'session_count', entity: 'session', agg: 'count', label: 'Sessions', synonyms: ['number of sessions'], time_bound: false },
    { name: 'coach_count', entity: 'coach', agg: 'count', label: 'Coaches', time_bound: false },
    { name: 'member_count', entity: 'member', agg: 'count', label: 'Members', time_bound: false },
    { name: 'average_minutes', entity: 'session', agg: 'avg', sql: '${TABLE}.minutes', label: 'Average minutes', time_bound: false },
  ],
});
const askUnnamed = (q: string) => interpret(q, { model: unnamed, values: new Map(), asOf: '2024-06-30' });

describe('things the model cannot name', () => {
  it('"which coach has the most sessions" with no dimension for coaches is refused, never two totals', () => {
    const r = askUnnamed('which coach has the most sessions');
    expect(r.kind).not.toBe('query');
  });
  it('members are not listed by one of several other dimensions of theirs', () => {
    const r = askUnnamed('members with more than 5 sessions');
    expect(r.kind).not.toBe('query');
  });
});

describe('an average per member', () => {
  it('is read for amounts ("sessions per member"), never for an average divided by a count of members', () => {
    const counted = askUnnamed('number of sessions per member');
    expect(counted.kind).toBe('query');
    if (counted.kind === 'query') expect(counted.query.per_entity_averages?.[0]?.metric).toBe('session_count');
    const r = askUnnamed('average minutes per member');
    expect(r.kind).not.toBe('query');
  });
});

// Halls are not related to anything: no metric of visits reaches them (a drafted model missing a key).
const apart = SemanticModelSchema.parse({
  ...model,
  name: 'gym4',
  entities: [...model.entities, { name: 'hall', table: 'hall', primary_key: 'id', synonyms: ['halls'] }],
  dimensions: [...model.dimensions, { name: 'hall', entity: 'hall', sql: '${TABLE}.name', label: 'Hall' }],
});
const askApart = (q: string) => interpret(q, { model: apart, values, asOf: '2024-06-30' });

describe('a reading the model cannot compute', () => {
  it('is refused with the reason, never handed on to fail', () => {
    const r = askApart('number of visits by hall');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') {
      expect(r.reason).toMatch(/cannot compute/);
      expect(r.reason).toMatch(/hall/);
    }
    expect(askApart('number of visits by club').kind).toBe('query');
  });
});

describe('"in terms of" a metric', () => {
  it('ranks like "by": "top 2 clubs in terms of number of visits"', () => {
    const r = ask('top 2 clubs in terms of number of visits');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') {
      expect(r.query.metrics).toEqual(['visit_count']);
      expect(r.query.group_by).toEqual([{ dimension: 'club' }]);
      expect(r.query.order).toEqual([{ by: 'visit_count', direction: 'desc' }]);
      expect(r.query.limit).toBe(2);
    }
  });
  it('breaks down like "by": "number of visits in terms of town"', () => {
    const r = ask('number of visits in terms of town');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') expect(r.query.group_by).toEqual([{ dimension: 'town' }]);
  });
});

// Every entity has its own count, as a drafted model gives it.
const counted = SemanticModelSchema.parse({
  ...model,
  name: 'gym5',
  measures: [
    ...model.measures,
    { name: 'club_count', entity: 'club', agg: 'count', label: 'Clubs', synonyms: ['number of clubs'], time_bound: false },
  ],
});
const askCounted = (q: string) => interpret(q, { model: counted, values, asOf: '2024-06-30' });

describe('members by a count of their rows', () => {
  it('"clubs with more than 5 visits" counts the visits of each club, never the clubs', () => {
    for (const q of ['clubs with more than 5 visits', 'which clubs had more than 5 visits']) {
      const r = askCounted(q);
      expect(r.kind, q).toBe('query');
      if (r.kind === 'query') {
        expect(r.query.metric_filters, q).toEqual([{ metric: 'visit_count', op: 'gt', value: 5 }]);
        expect(r.query.group_by, q).toEqual([{ dimension: 'club' }]);
      }
    }
    const n = askCounted('how many clubs have more than 5 visits');
    expect(n.kind).toBe('query');
    if (n.kind === 'query') expect(n.query.entity_conditions).toEqual([{ entity: 'club', metric: 'visit_count', op: 'gt', value: 5 }]);
  });
});

describe('"how many" counts only what it names', () => {
  it('"how many towns" is no count of clubs (a town is an attribute of clubs, not their name)', () => {
    for (const q of ['how many towns', 'how many towns had visits']) {
      const r = askCounted(q);
      expect(r.kind, q).not.toBe('query');
    }
    const clubs = askCounted('how many clubs are in Leeds');
    expect(clubs.kind).toBe('query');
    if (clubs.kind === 'query') expect(clubs.query.metrics).toEqual(['club_count']);
  });
  it('"how many clubs had visits" never drops "visits" to count every club: the clubs with at least one', () => {
    const r = askCounted('how many clubs had visits');
    expect(r).toMatchObject({
      kind: 'query',
      query: { entity_conditions: [{ entity: 'club', metric: 'visit_count', op: 'gte', value: 1 }] },
    });
  });
});

describe('a total of a metric the model only averages', () => {
  it('is not understood, never read as the average', () => {
    for (const q of ['total satisfaction by town', 'the sum of satisfaction']) {
      const r = ask(q);
      expect(r.kind, q).toBe('out_of_scope');
    }
    const avg = ask('satisfaction by town');
    expect(avg.kind).toBe('query');
    const visits = ask('total visits by town');
    expect(visits.kind).toBe('query');
    if (visits.kind === 'query') expect(visits.query.metrics).toEqual(['visit_count']);
  });
});

describe('"name" after a dimension the query uses', () => {
  it('means its values: "visits by town name", "visits by the club names"', () => {
    for (const [q, dim] of [
      ['number of visits by town name', 'town'],
      ['visits by the club names', 'club'],
    ] as const) {
      const r = ask(q);
      expect(r.kind, q).toBe('query');
      if (r.kind === 'query') expect(r.query.group_by, q).toEqual([{ dimension: dim }]);
    }
  });
  it('alone names nothing', () => {
    expect(ask('visits by name').kind).not.toBe('query');
  });
});

describe('a ranking said twice', () => {
  it('"top 2 clubs with the highest satisfaction" is one ranking', () => {
    const r = ask('top 2 clubs with the highest satisfaction');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') {
      expect(r.query.order).toEqual([{ by: 'average_satisfaction', direction: 'desc' }]);
      expect(r.query.limit).toBe(2);
    }
  });
  it('two rankings on different metrics are not one', () => {
    expect(ask('top 2 clubs by visits with the highest satisfaction').kind).not.toBe('query');
  });
});

describe('"he/she" in a question', () => {
  it('is one pronoun for the thing asked about, not a word left over', () => {
    const r = ask('which club had the most visits and how many visits did he/she have?');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') {
      expect(r.query.group_by).toEqual([{ dimension: 'club' }]);
      expect(r.query.limit).toBe(1);
    }
  });
  it('a slash between other words stays an unknown word', () => {
    const r = ask('which club had the most visits/guests?');
    expect(r.kind).toBe('out_of_scope');
  });
});

// Trips between stations: one code in two dimensions, the start and the end of a trip.
const trips = SemanticModelSchema.parse({
  name: 'rail',
  entities: [{ name: 'trip', table: 'trip', primary_key: 'id', synonyms: ['trips'] }],
  dimensions: [
    { name: 'origin_station', entity: 'trip', sql: '${TABLE}.origin', label: 'Origin station', index_values: true },
    { name: 'destination_station', entity: 'trip', sql: '${TABLE}.destination', label: 'Destination station', index_values: true },
  ],
  measures: [{ name: 'trip_count', entity: 'trip', agg: 'count', label: 'Trips', synonyms: ['number of trips'], time_bound: false }],
});
const stations = new Map([
  ['origin_station', ['KGX', 'EDB', 'YRK']],
  ['destination_station', ['KGX', 'EDB', 'YRK']],
]);
const askTrips = (q: string) => interpret(q, { model: trips, values: stations, asOf: '2024-06-30' });

describe('a value in two dimensions that are the two ends of a trip', () => {
  it('"from X to Y" names each end by its preposition', () => {
    const r = askTrips('how many trips from KGX to EDB?');
    expect(r.kind).toBe('query');
    if (r.kind === 'query')
      expect(r.query.filters).toEqual([
        { dimension: 'origin_station', op: 'eq', values: ['KGX'] },
        { dimension: 'destination_station', op: 'eq', values: ['EDB'] },
      ]);
  });
  it('with no preposition that names an end, the two readings compete', () => {
    const r = askTrips('how many trips via YRK?');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toMatch(/Two readings compete/);
  });
});

// Flags of members: what they have, what they are.
const flags = SemanticModelSchema.parse({
  name: 'gym3',
  entities: [{ name: 'member', table: 'member', primary_key: 'id', synonyms: ['members'] }],
  dimensions: [
    { name: 'has_locker', entity: 'member', sql: '${TABLE}.has_locker', type: 'boolean', label: 'Has locker' },
    { name: 'is_student', entity: 'member', sql: '${TABLE}.is_student', type: 'boolean', label: 'Is student' },
    { name: 'town', entity: 'member', sql: '${TABLE}.town', label: 'Town', index_values: true },
    { name: 'membership_type', entity: 'member', sql: '${TABLE}.membership_type', label: 'Membership type' },
  ],
  measures: [
    { name: 'member_count', entity: 'member', agg: 'count', label: 'Members', synonyms: ['number of members'], time_bound: false },
  ],
});
const askFlags = (q: string) => interpret(q, { model: flags, values: new Map([['town', ['Leeds', 'York']]]), asOf: '2024-06-30' });

describe('a flag (has_x, is_x) is what its rows have or are', () => {
  it('"with a locker", "that have a locker", "student members" keep the rows where it is true', () => {
    for (const [q, dim] of [
      ['how many members with a locker', 'has_locker'],
      ['number of members that have a locker in York', 'has_locker'],
      ['how many student members', 'is_student'],
    ] as const) {
      const r = askFlags(q);
      expect(r.kind, q).toBe('query');
      if (r.kind === 'query') expect(r.query.filters, q).toContainEqual({ dimension: dim, op: 'eq', values: ['true'] });
    }
  });
  it('"without a locker" keeps the rows where it is not true', () => {
    const r = askFlags('how many members without a locker');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') expect(r.query.filters).toEqual([{ dimension: 'has_locker', op: 'ne', values: ['true'] }]);
  });
  it('a word the flag does not say stays unknown', () => {
    expect(askFlags('how many members with a towel').kind).toBe('out_of_scope');
  });
});

describe('"both"', () => {
  it('before two columns of the answer adds nothing: "give both the club names and the visits"', () => {
    const r = ask('top 2 clubs with the most visits? give both the club names and the visits');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') expect(r.query.group_by).toEqual([{ dimension: 'club' }]);
  });
  it('before two values asks for an intersection, which is not understood (never "either")', () => {
    const r = ask('number of visits to clubs in both Leeds and York');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.unconsumed).toContain('both');
  });
});

describe('numbers in words', () => {
  it('"a hundred thousand", "a million" are numbers; a number word takes a scale word', () => {
    for (const [q, value] of [
      ['clubs with more than a hundred thousand visits', 100_000],
      ['clubs with more than a million visits', 1_000_000],
      ['clubs with more than two thousand visits', 2000],
    ] as const) {
      const r = ask(q);
      expect(r.kind, q).toBe('query');
      if (r.kind === 'query')
        expect(
          [...(r.query.entity_conditions ?? []), ...r.query.metric_filters].map((c) => c.value),
          q,
        ).toEqual([value]);
    }
  });
});

describe('a ranking of pairs', () => {
  it('"top 3 combinations of town and club", "top 3 towns and clubs" rank the pairs', () => {
    for (const q of ['top 3 combinations of town and club by number of visits', 'top 3 towns and clubs by number of visits']) {
      const r = ask(q);
      expect(r.kind, q).toBe('query');
      if (r.kind === 'query') {
        expect(r.query.group_by, q).toEqual([{ dimension: 'town' }, { dimension: 'club' }]);
        expect(r.query.order, q).toEqual([{ by: 'visit_count', direction: 'desc' }]);
        expect(r.query.limit, q).toBe(3);
      }
    }
  });
  it('"which origin station and destination station had the most trips" may ask two questions: refused', () => {
    expect(askTrips('which origin station and destination station had the most trips').kind).toBe('out_of_scope');
    expect(askTrips('top 2 origin stations and destination stations by number of trips').kind).toBe('query');
  });
  it('"combinations" of a single breakdown is not understood', () => {
    expect(ask('top 3 combinations of town by number of visits').kind).toBe('out_of_scope');
  });
});

describe('"most common"', () => {
  it('ranks a breakdown by how many rows each group has, never by another metric', () => {
    for (const q of ['what are the top 2 most common towns and their respective counts?', 'the most common town']) {
      const x = askFlags(q);
      expect(x.kind, q).toBe('query');
      if (x.kind === 'query') {
        expect(x.query.group_by, q).toEqual([{ dimension: 'town' }]);
        expect(x.query.order, q).toEqual([{ by: 'member_count', direction: 'desc' }]);
        expect(x.query.limit, q).toBe(q.includes('2') ? 2 : 1);
      }
    }
  });
  it('by a count named, it ranks by that count ("most common towns by visits")', () => {
    const r = ask('top 2 most common towns by visits');
    expect(r.kind).toBe('query');
    if (r.kind === 'query') expect(r.query.order).toEqual([{ by: 'visit_count', direction: 'desc' }]);
  });
  it('with no count of the thing the breakdown describes, it is not understood', () => {
    expect(ask('the most common town').kind).toBe('out_of_scope');
  });
});

describe('a classifier said the other way round', () => {
  it('"each type of membership", "kind of membership" is the membership type', () => {
    for (const q of ['number of members for each type of membership', 'how many members per kind of membership']) {
      const r = askFlags(q);
      expect(r.kind, q).toBe('query');
      if (r.kind === 'query') expect(r.query.group_by, q).toEqual([{ dimension: 'membership_type' }]);
    }
  });
});

describe('"how many have X and how many do not"', () => {
  it('is one row for each side of the flag', () => {
    for (const [q, dim] of [
      ['how many members have a locker and how many do not?', 'has_locker'],
      ['how many members are students and how many are not', 'is_student'],
    ] as const) {
      const r = askFlags(q);
      expect(r.kind, q).toBe('query');
      if (r.kind === 'query') {
        expect(r.query.group_by, q).toEqual([{ dimension: dim }]);
        expect(r.query.filters, q).toEqual([]);
      }
    }
  });
  it('with anything after "not" it is not that question', () => {
    expect(askFlags('how many members have a locker and how many do not in York?').kind).toBe('out_of_scope');
  });
});

describe('a figure right before another one modifies it', () => {
  const states = SemanticModelSchema.parse({
    name: 'atlas',
    entities: [{ name: 'state', table: 'state', primary_key: 'id', synonyms: ['states'] }],
    dimensions: [{ name: 'state', entity: 'state', sql: '${TABLE}.name', label: 'State', index_values: true }],
    measures: [
      { name: 'population', entity: 'state', agg: 'sum', sql: '${TABLE}.population', label: 'Population', time_bound: false },
      { name: 'density', entity: 'state', agg: 'avg', sql: '${TABLE}.density', label: 'Density', time_bound: false },
    ],
  });
  const atlas = (q: string) => interpret(q, { model: states, values: new Map([['state', ['Ohio', 'Iowa']]]), asOf: '2024-06-30' });
  it('"which state has the largest population density" is no ranking by population: the density (its everyday name)', () => {
    for (const q of ['which state has the largest population density', 'top 3 states by population density']) {
      const r = atlas(q);
      expect(r.kind, q).toBe('query');
      if (r.kind === 'query') expect(r.query.order, q).toEqual([{ by: 'density', direction: 'desc' }]);
    }
    // with "and" they are two figures, ranked by the first
    const both = atlas('top 3 states by population and density');
    expect(both.kind).toBe('query');
    if (both.kind === 'query') expect(both.query.order[0]).toEqual({ by: 'population', direction: 'desc' });
  });
});

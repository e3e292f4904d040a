/**
 * Linking verbs that name their link table, verbs inside conditions on members, the thing an
 * ordering names, and the direction phrases of an ordering — on a small model of our own (a music
 * school: lessons taught by tutors, classes run in terms through a `class_run` table).
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';

interface Options {
  /** classes point at terms directly (no run table between them) */
  direct?: boolean;
  /** a second foreign key from lessons to tutors (the stand-in tutor) */
  standIn?: boolean;
  /** a pupil status stored as "taught" (the verb then names a value of another thing) */
  taughtStatus?: boolean;
  /** a second foreign key from reports to pupils (the pupil copied in) */
  copied?: boolean;
}

function school(o: Options = {}) {
  return SemanticModelSchema.parse({
    name: 'school',
    entities: [
      { name: 'klass', table: 'klass', primary_key: 'id', synonyms: ['class', 'classes'] },
      { name: 'term', table: 'term', primary_key: 'id', synonyms: ['terms'] },
      { name: 'class_run', table: 'class_run', primary_key: 'id', synonyms: ['class runs'] },
      { name: 'tutor', table: 'tutor', primary_key: 'id', synonyms: ['tutors'] },
      { name: 'lesson', table: 'lesson', primary_key: 'id', synonyms: ['lessons'] },
      { name: 'pupil', table: 'pupil', primary_key: 'id', synonyms: ['pupils'] },
      { name: 'report', table: 'report', primary_key: 'id', synonyms: ['reports'] },
    ],
    relationships: [
      ...(o.direct
        ? [{ from: 'klass', to: 'term', on: [['term_id', 'id']] }]
        : [
            { from: 'class_run', to: 'klass', on: [['klass_id', 'id']] },
            { from: 'class_run', to: 'term', on: [['term_id', 'id']] },
          ]),
      ...(o.direct ? [{ from: 'class_run', to: 'klass', on: [['klass_id', 'id']] }] : []),
      { from: 'lesson', to: 'tutor', on: [['tutor_id', 'id']] },
      ...(o.standIn ? [{ from: 'lesson', to: 'tutor', on: [['stand_in_id', 'id']] }] : []),
      { from: 'lesson', to: 'pupil', on: [['pupil_id', 'id']] },
      { from: 'report', to: 'tutor', on: [['tutor_id', 'id']] },
      { from: 'report', to: 'pupil', on: [['pupil_id', 'id']] },
      ...(o.copied ? [{ from: 'report', to: 'pupil', on: [['copied_pupil_id', 'id']] }] : []),
    ],
    dimensions: [
      { name: 'class_id', entity: 'klass', sql: '${TABLE}.id', label: 'Class id', type: 'number' },
      { name: 'klass', entity: 'klass', sql: '${TABLE}.title', label: 'Class', index_values: true },
      { name: 'term', entity: 'term', sql: '${TABLE}.label', label: 'Term', index_values: true },
      // "run" names a column of the run table
      { name: 'run_room', entity: 'class_run', sql: '${TABLE}.room', label: 'Run room' },
      { name: 'tutor_id', entity: 'tutor', sql: '${TABLE}.id', label: 'Tutor id', type: 'number' },
      { name: 'tutor', entity: 'tutor', sql: '${TABLE}.name', label: 'Tutor', index_values: true },
      { name: 'instrument', entity: 'tutor', sql: '${TABLE}.instrument', label: 'Instrument', index_values: true },
      { name: 'pupil', entity: 'pupil', sql: '${TABLE}.name', label: 'Pupil', index_values: true },
      // with `taughtStatus`, a stored value that is also a verb's form ("taught")
      { name: 'report_id', entity: 'report', sql: '${TABLE}.id', label: 'Report id', type: 'number' },
      { name: 'report', entity: 'report', sql: '${TABLE}.title', label: 'Report', index_values: true },
      { name: 'pupil_status', entity: 'pupil', sql: '${TABLE}.status', label: 'Pupil status', index_values: true },
    ],
    measures: [
      { name: 'klass_count', entity: 'klass', agg: 'count', label: 'Classes', time_bound: false },
      { name: 'term_count', entity: 'term', agg: 'count', label: 'Terms', time_bound: false },
      { name: 'class_run_count', entity: 'class_run', agg: 'count', label: 'Class runs', time_bound: false },
      { name: 'tutor_count', entity: 'tutor', agg: 'count', label: 'Tutors', time_bound: false },
      { name: 'lesson_count', entity: 'lesson', agg: 'count', label: 'Lessons', time_bound: false },
      { name: 'pupil_count', entity: 'pupil', agg: 'count', label: 'Pupils', time_bound: false },
      { name: 'report_count', entity: 'report', agg: 'count', label: 'Reports', time_bound: false },
      { name: 'max_fee', entity: 'tutor', agg: 'max', sql: '${TABLE}.fee', label: 'Highest fee', time_bound: false },
      {
        name: 'average_fee',
        entity: 'tutor',
        agg: 'avg',
        sql: '${TABLE}.fee',
        label: 'Average fee',
        synonyms: ['fee', 'fees'],
        time_bound: false,
      },
    ],
  });
}
const values = new Map([
  ['klass', ['Harmony', 'Rhythm']],
  ['term', ['Autumn', 'Spring']],
  ['tutor', ['Ada Lark', 'Ben Moss']],
  ['instrument', ['cello', 'flute']],
  ['pupil', ['Cy Reed', 'Di Vale']],
  ['report', ['Autumn review', 'Spring review']],
  ['pupil_status', ['enrolled', 'waiting']],
]);
const ask = (q: string, o: Options = {}) =>
  interpret(q, {
    model: school(o),
    values: o.taughtStatus ? new Map([...values, ['pupil_status', ['enrolled', 'taught']]]) : values,
    asOf: '2024-06-30',
  });

function query(q: string, o: Options = {}) {
  const r = ask(q, o);
  expect(r.kind, `${q}: ${r.kind === 'query' ? '' : r.reason}`).toBe('query');
  if (r.kind !== 'query') throw new Error(q);
  return r.query;
}
function refused(q: string, word: string, o: Options = {}) {
  const r = ask(q, o);
  expect(r.kind, q).toBe('out_of_scope');
  if (r.kind === 'out_of_scope') expect(r.unconsumed ?? [], q).toContain(word);
}

describe('a verb that names the table linking its two sides', () => {
  it('is consumed when that table is the one join between them', () => {
    const r = query('how many classes are run in each term');
    expect(r.metrics).toEqual(['klass_count']);
    expect(r.group_by).toEqual([{ dimension: 'term' }]);
    const s = query('how many classes does each term run');
    expect(s.group_by).toEqual([{ dimension: 'term' }]);
  });
  it('is refused when the two sides are joined without that table', () => {
    refused('how many classes are run in each term', 'run', { direct: true });
  });
});

describe('a verb inside a condition on members', () => {
  it('after a negation: consumed when it links the members and the rows counted', () => {
    const r = query('list the tutors who have never taught any lessons');
    expect(r.entity_conditions).toEqual([{ entity: 'tutor', metric: 'lesson_count', op: 'eq', value: 0 }]);
    const c = query('how many tutors have not taught any lessons');
    expect(c.metrics).toEqual(['tutor_count']);
    expect(c.entity_conditions).toEqual([{ entity: 'tutor', metric: 'lesson_count', op: 'eq', value: 0 }]);
  });
  it('after "have" in a listing: at least one row', () => {
    const r = query('list the tutor ids of tutors who have taught lessons');
    expect(r.group_by).toEqual([{ dimension: 'tutor_id' }]);
    expect(r.entity_conditions).toEqual([{ entity: 'tutor', metric: 'lesson_count', op: 'gt', value: 0 }]);
  });
  it('is refused when the model relates the two in two ways', () => {
    refused('list the tutors who have never taught any lessons', 'taught', { standIn: true });
    refused('list the tutor ids of tutors who have taught lessons', 'taught', { standIn: true });
  });
  it('is refused when it names a value of another thing', () => {
    expect(ask('list the tutors who have never taught any lessons', { taughtStatus: true }).kind).toBe('out_of_scope');
  });
});

describe('participles after the thing listed or counted', () => {
  it('"written by tutors of X" (an -en participle) names the agent, never a breakdown', () => {
    const r = query('how many reports were written by tutors of the flute');
    expect(r.metrics).toEqual(['report_count']);
    expect(r.group_by).toEqual([]);
    expect(r.filters).toEqual([{ dimension: 'instrument', op: 'eq', values: ['flute'] }]);
  });
  it('a thing named right before its value qualifies it in a listing ("by tutor Ada Lark")', () => {
    const r = query('list the reports written by tutor "Ada Lark"');
    expect(r.metrics).toEqual([]);
    expect(r.group_by).toEqual([{ dimension: 'report_id' }, { dimension: 'report' }]);
    expect(r.filters).toEqual([{ dimension: 'tutor', op: 'eq', values: ['Ada Lark'] }]);
  });
  it('two verbs joined by "and" share their subject', () => {
    const r = query('list the reports written by tutor "Ada Lark" and sent to pupil "Cy Reed"');
    expect(r.filters).toEqual([
      { dimension: 'tutor', op: 'eq', values: ['Ada Lark'] },
      { dimension: 'pupil', op: 'eq', values: ['Cy Reed'] },
    ]);
    const c = query('how many reports were written by "Ada Lark" and sent to "Cy Reed"');
    expect(c.metrics).toEqual(['report_count']);
  });
  it('the second verb is refused when its sides are related in two ways', () => {
    refused('list the reports written by tutor "Ada Lark" and sent to pupil "Cy Reed"', 'sent', { copied: true });
  });
});

describe('a pronoun subject', () => {
  it('stands for the thing the breakdown is about', () => {
    const r = query('number of lessons for each tutor, ordered by the number of lessons they have taught, from highest to lowest');
    expect(r.group_by).toEqual([{ dimension: 'tutor' }]);
    expect(r.order).toEqual([{ by: 'lesson_count', direction: 'desc' }]);
  });
  it('is refused when the model relates the two in two ways, or nothing is broken down', () => {
    refused('number of lessons for each tutor, ordered by the number of lessons they have taught', 'taught', { standIn: true });
    refused('number of lessons they have taught', 'taught');
  });
});

describe('what an ordering names', () => {
  it('the key of the thing a breakdown groups by joins the breakdown and orders it', () => {
    for (const q of [
      'number of lessons for each tutor, ordered by the tutor ID',
      "number of lessons for each tutor ordered by tutor id's",
    ]) {
      const r = query(q);
      expect(r.group_by, q).toEqual([{ dimension: 'tutor_id' }, { dimension: 'tutor' }]);
      expect(r.order, q).toEqual([{ by: 'tutor_id', direction: 'asc' }]);
    }
  });
  it('a dimension of the breakdown orders it, never the metric', () => {
    const r = query('number of lessons for each tutor, ordered by tutor in descending order');
    expect(r.order).toEqual([{ by: 'tutor', direction: 'desc' }]);
  });
  it('a thing the breakdown does not hold orders nothing', () => {
    const r = ask('number of lessons for each tutor, ordered by pupil');
    expect(r.kind).toBe('out_of_scope');
  });
  it('a metric still orders by the metric', () => {
    const r = query('number of lessons for each tutor, ordered by the number of lessons in ascending order');
    expect(r.order).toEqual([{ by: 'lesson_count', direction: 'asc' }]);
  });
});

describe("a listing ordered by a figure of the members' own rows", () => {
  it("orders the list and shows the figure, one row per member (in the column's own type: its highest)", () => {
    const r = query('list the tutors ordered by fee from highest to lowest');
    expect(r.metrics).toEqual(['max_fee']);
    expect(r.group_by).toEqual([{ dimension: 'tutor_id' }, { dimension: 'tutor' }]);
    expect(r.order).toEqual([{ by: 'max_fee', direction: 'desc' }]);
    const n = query('list the names of the tutors of the cello ordered by fee');
    expect(n.group_by).toEqual([{ dimension: 'tutor_id' }, { dimension: 'tutor' }]);
    expect(n.order).toEqual([{ by: 'max_fee', direction: 'asc' }]);
  });
  it("a count of other rows is a total, never a listing's order", () => {
    const r = ask('list the tutors ordered by the number of lessons');
    if (r.kind === 'query') expect(r.query.metrics).toContain('lesson_count');
  });
});

describe('direction phrases', () => {
  it('"from highest to lowest" and its kin set the direction of the order', () => {
    expect(query('number of lessons for each tutor, from highest to lowest').order).toEqual([{ by: 'lesson_count', direction: 'desc' }]);
    expect(query('number of lessons for each tutor sorted from lowest to highest').order).toEqual([
      { by: 'lesson_count', direction: 'asc' },
    ]);
    expect(query('number of lessons for each tutor in decreasing order').order).toEqual([{ by: 'lesson_count', direction: 'desc' }]);
  });
  it('"starting from the best X to the lowest" orders by X in the first direction', () => {
    const r = query('list the tutors starting from the best fees to the lowest');
    expect(r.order).toEqual([{ by: 'max_fee', direction: 'desc' }]);
    const g = query('number of lessons for each tutor from the lowest number of lessons to the highest');
    expect(g.order).toEqual([{ by: 'lesson_count', direction: 'asc' }]);
  });
  it('a first end the model reads as a figure of its own ("highest fee") is refused', () => {
    refused('average fee for each instrument from the highest fee to the lowest', 'lowest');
  });
  it('with nothing ordered, they are not understood', () => {
    refused('number of lessons from highest to lowest', 'from highest to lowest');
  });
});

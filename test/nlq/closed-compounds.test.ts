/**
 * A model phrase of two or three words written as one ("shipmode", "zipcode") reads as the phrase;
 * never when the joined form is already a word of the model. Two vocabularies: TPC-H and a clinic.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { SemanticModelSchema } from '../../src/semantic/model.js';
import { q } from './helpers.js';

const clinic = SemanticModelSchema.parse({
  name: 'clinic',
  entities: [{ name: 'visit', table: 'visits', primary_key: 'id', synonyms: ['visits'] }],
  dimensions: [
    { name: 'zip_code', entity: 'visit', sql: '${TABLE}.zip', label: 'Zip code', index_values: true },
    { name: 'waiting_room', entity: 'visit', sql: '${TABLE}.room', label: 'Waiting room', index_values: true },
    { name: 'room', entity: 'visit', sql: '${TABLE}.exam_room', label: 'Exam room', synonyms: ['waitingroom'] },
  ],
  measures: [{ name: 'visit_count', entity: 'visit', agg: 'count', label: 'Visits', synonyms: ['number of visits'] }],
});
const askClinic = (question: string) =>
  interpret(question, {
    model: clinic,
    values: new Map([
      ['zip_code', ['10115']],
      ['waiting_room', ['A']],
    ]),
    asOf: '2024-06-26',
  });

describe('model phrases written as one word', () => {
  it('TPC-H: shipmode, orderpriority', () => {
    expect(q('late delivery rate by shipmode').group_by).toEqual([{ dimension: 'ship_mode' }]);
    expect(q('gross sales per orderpriority in 1995').group_by).toEqual([{ dimension: 'order_priority' }]);
  });

  it('a clinic: zipcode; a joined form the model already uses keeps its own meaning', () => {
    const byZip = askClinic('number of visits by zipcode');
    expect(byZip.kind === 'query' && byZip.query.group_by).toEqual([{ dimension: 'zip_code' }]);
    // "waitingroom" is the exam room's own synonym, not "waiting room" joined
    const byRoom = askClinic('number of visits by waitingroom');
    expect(byRoom.kind === 'query' && byRoom.query.group_by).toEqual([{ dimension: 'room' }]);
  });
});

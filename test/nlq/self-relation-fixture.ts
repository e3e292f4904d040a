/**
 * Two small models of our own where a table relates a thing to itself, its two columns naming the roles
 * (the patent citing and the one cited; the ruling quoting and the one quoted), and the people behind each
 * thing are reached only through a linking table (a patent's inventors, a ruling's judges).
 */
import { SemanticModelSchema } from '../../src/semantic/model.js';

export const patents = SemanticModelSchema.parse({
  name: 'patents',
  entities: [
    { name: 'inventor', table: 'inventor', primary_key: 'id', synonyms: ['inventors'] },
    { name: 'patent', table: 'patent', primary_key: 'id', synonyms: ['patents'] },
    { name: 'patent_inventor', table: 'patent_inventor', primary_key: ['patent_id', 'inventor_id'] },
    { name: 'citation', table: 'citation', primary_key: ['citing_patent_id', 'cited_patent_id'], synonyms: ['citations'] },
    // the second reference to patents is a role of its own, as the draft makes it
    { name: 'cited_patent', table: 'patent', primary_key: 'id' },
  ],
  relationships: [
    { from: 'patent_inventor', to: 'patent', on: [['patent_id', 'id']] },
    { from: 'patent_inventor', to: 'inventor', on: [['inventor_id', 'id']] },
    { from: 'citation', to: 'patent', on: [['citing_patent_id', 'id']] },
    { from: 'citation', to: 'cited_patent', on: [['cited_patent_id', 'id']] },
  ],
  dimensions: [
    { name: 'inventor', entity: 'inventor', sql: '${TABLE}.name', label: 'Inventor', index_values: true },
    { name: 'patent', entity: 'patent', sql: '${TABLE}.title', label: 'Patent', index_values: true },
  ],
  measures: [
    { name: 'inventor_count', entity: 'inventor', agg: 'count', label: 'Inventors', time_bound: false },
    { name: 'patent_count', entity: 'patent', agg: 'count', label: 'Patents', time_bound: false },
    { name: 'citation_count', entity: 'citation', agg: 'count', label: 'Citations', time_bound: false },
  ],
});
export const patentValues = new Map([
  ['inventor', ['Ann Lee', 'Otto Brand']],
  ['patent', ['Folding Ladder', 'Steam Valve']],
]);

export const rulings = SemanticModelSchema.parse({
  name: 'rulings',
  entities: [
    { name: 'judge', table: 'judge', primary_key: 'judge_id', synonyms: ['judges'] },
    { name: 'ruling', table: 'ruling', primary_key: 'ruling_id', synonyms: ['rulings'] },
    { name: 'bench', table: 'bench', primary_key: ['ruling_id', 'judge_id'] },
    { name: 'quote', table: 'quote', primary_key: ['quotingrulingid', 'quotedrulingid'], synonyms: ['quotes', 'quotations'] },
    { name: 'quotedrulingid', table: 'ruling', primary_key: 'ruling_id' },
  ],
  relationships: [
    { from: 'bench', to: 'ruling', on: [['ruling_id', 'ruling_id']] },
    { from: 'bench', to: 'judge', on: [['judge_id', 'judge_id']] },
    { from: 'quote', to: 'ruling', on: [['quotingrulingid', 'ruling_id']] },
    { from: 'quote', to: 'quotedrulingid', on: [['quotedrulingid', 'ruling_id']] },
  ],
  dimensions: [
    { name: 'judge', entity: 'judge', sql: '${TABLE}.full_name', label: 'Judge', index_values: true },
    { name: 'ruling', entity: 'ruling', sql: '${TABLE}.case_name', label: 'Ruling', index_values: true },
  ],
  measures: [
    { name: 'judge_count', entity: 'judge', agg: 'count', label: 'Judges', time_bound: false },
    { name: 'ruling_count', entity: 'ruling', agg: 'count', label: 'Rulings', time_bound: false },
    { name: 'quote_count', entity: 'quote', agg: 'count', label: 'Quotes', time_bound: false, synonyms: ['number of quotes'] },
  ],
});
export const rulingValues = new Map([
  ['judge', ['Rosa Diaz', 'Karl Holm']],
  ['ruling', ['Smith v Jones', 'Doe v Roe']],
]);

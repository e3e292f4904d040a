/**
 * Rows of a table relating a thing to itself, counted in the role the question's voice names: "citations of
 * Ann" are the rows whose cited patent is one of Ann's (the noun of the act is said of what receives it), on
 * two vocabularies of our own (patents citing patents, rulings quoting rulings), with the people reached only
 * through a linking table. A bare noun of the rows ("quotes") names no side and is refused with both readings;
 * a breakdown or a listing is not read this way.
 */
import { describe, expect, it } from 'vitest';
import { interpret } from '../../src/nlq/interpret.js';
import { compile, CompileError } from '../../src/semantic/compiler.js';
import { dialectFor } from '../../src/semantic/dialects/index.js';
import type { SemanticModel } from '../../src/semantic/model.js';
import { patents, patentValues, rulings, rulingValues } from './self-relation-fixture.js';

const vocabularies: Record<string, [SemanticModel, Map<string, string[]>]> = {
  patents: [patents, patentValues],
  rulings: [rulings, rulingValues],
};
const ask = (db: string, q: string) => interpret(q, { model: vocabularies[db]![0], values: vocabularies[db]![1], asOf: '2024-06-30' });
const sqlOf = (db: string, q: string) => {
  const r = ask(db, q);
  expect(r.kind, `${q}: ${r.kind === 'query' ? '' : r.reason}`).toBe('query');
  if (r.kind !== 'query') throw new Error(q);
  return compile(vocabularies[db]![0], r.query, dialectFor('duckdb')).sql.replace(/\s+/g, ' ');
};

describe('the noun of the act counts the rows where the things named receive it', () => {
  it('through a linking table (the inventors of a patent, the judges of a ruling)', () => {
    for (const q of ['How many citations does Ann Lee have?', 'number of citations of Otto Brand']) {
      const sql = sqlOf('patents', q);
      expect(sql, q).toContain('ON t0.cited_patent_id = t1.id WHERE t1.id IN (SELECT t1.id FROM patent_inventor');
      expect(sql, q).not.toContain('citing_patent_id');
    }
    for (const q of ['how many quotations does Rosa Diaz have', 'the number of quotations of Karl Holm']) {
      const sql = sqlOf('rulings', q);
      expect(sql, q).toContain('ON t0.quotedrulingid = t1.ruling_id WHERE t1.ruling_id IN (SELECT t1.ruling_id FROM bench');
      expect(sql, q).not.toContain('quotingrulingid');
    }
  });

  it('of the thing itself, never along the role the model joins first', () => {
    const sql = sqlOf('patents', 'how many citations does the Folding Ladder have');
    expect(sql).toContain(
      "ON t0.cited_patent_id = t1.id WHERE t1.id IN (SELECT t0.id FROM patent AS t0 WHERE (t0.title = 'Folding Ladder'))",
    );
    expect(sqlOf('rulings', 'number of quotations of Doe v Roe')).toContain('t0.quotedrulingid');
  });
});

describe('the verb counts the members on the other side, each once', () => {
  it('the things named before an active verb act: the members they cite are counted', () => {
    for (const q of ['how many patents does Ann Lee cite', 'how many patents has Ann Lee cited']) {
      const sql = sqlOf('patents', q);
      expect(sql, q).toContain('COUNT(DISTINCT t1.id)');
      expect(sql, q).toContain(
        'LEFT JOIN patent AS t1 ON t0.cited_patent_id = t1.id LEFT JOIN patent AS t2 ON t0.citing_patent_id = t2.id WHERE t2.id IN',
      );
    }
    expect(sqlOf('rulings', 'how many rulings does Rosa Diaz quote')).toContain(
      'LEFT JOIN ruling AS t1 ON t0.quotedrulingid = t1.ruling_id LEFT JOIN ruling AS t2 ON t0.quotingrulingid = t2.ruling_id WHERE t2.ruling_id IN',
    );
  });

  it('after it they receive: the members citing them are counted', () => {
    for (const q of ['how many patents cite Ann Lee', 'how many patents cite the Folding Ladder']) {
      const sql = sqlOf('patents', q);
      expect(sql, q).toContain(
        'LEFT JOIN patent AS t1 ON t0.citing_patent_id = t1.id LEFT JOIN patent AS t2 ON t0.cited_patent_id = t2.id WHERE t2.id IN',
      );
    }
    expect(sqlOf('rulings', 'how many rulings quote Karl Holm')).toContain(
      'LEFT JOIN ruling AS t1 ON t0.quotingrulingid = t1.ruling_id LEFT JOIN ruling AS t2 ON t0.quotedrulingid = t2.ruling_id WHERE t2.ruling_id IN',
    );
  });
});

describe('a voice that names no side, or a question that is no count of the rows', () => {
  it('a bare noun of the rows is refused naming both readings', () => {
    for (const [db, q, cols] of [
      ['rulings', 'how many quotes does Rosa Diaz have', ['quotingrulingid', 'quotedrulingid']],
      ['rulings', 'how many quotes does Smith v Jones have', ['quotingrulingid', 'quotedrulingid']],
    ] as const) {
      const r = ask(db, q);
      expect(r.kind, q).toBe('out_of_scope');
      if (r.kind === 'out_of_scope') for (const c of cols) expect(r.reason, q).toContain(c);
    }
  });

  it('a passive with "by" after it (the agent, or who made them?) is refused naming both readings', () => {
    const r = ask('patents', 'how many patents were cited by Ann Lee');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toMatch(/citing_patent_id.*cited_patent_id/);
  });

  it('a breakdown and a listing stay refused', () => {
    for (const q of [
      'how many citations does each inventor have',
      'how many citations does Ann Lee have for each patent',
      'which patents cite Ann Lee',
    ])
      expect(ask('patents', q).kind, q).toBe('out_of_scope');
  });
});

describe('the compiler holds a filter to a role', () => {
  const query = (role?: string) => ({
    metrics: ['citation_count'],
    filters: [{ dimension: 'inventor', op: 'eq' as const, values: ['Ann Lee'] }],
    ...(role ? { filter_roles: [{ dimension: 'inventor', role }] } : {}),
  });
  it('the acting role joins the other column; no role is no reading (two roles tie)', () => {
    const acting = compile(patents, query('patent'), dialectFor('duckdb')).sql.replace(/\s+/g, ' ');
    expect(acting).toContain('ON t0.citing_patent_id = t1.id WHERE t1.id IN (SELECT t1.id FROM patent_inventor');
    expect(() => compile(patents, query(), dialectFor('duckdb'))).toThrow(CompileError);
    expect(() => compile(patents, query('inventor'), dialectFor('duckdb'))).toThrow(CompileError);
  });
});

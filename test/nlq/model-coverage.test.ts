import { describe, expect, it } from 'vitest';
import { compile } from '../../src/semantic/compiler.js';
import { DuckDbDialect } from '../../src/semantic/dialects/duckdb.js';
import { ask, q, tpch } from './helpers.js';

/** Whether a metric can be broken down by year (its rows carry a date). */
function dated(metric: string): boolean {
  try {
    compile(tpch.model, { metrics: [metric], group_by: q('revenue by year').group_by }, new DuckDbDialect());
    return true;
  } catch {
    return false;
  }
}

describe('every metric name, label and synonym of the model maps to its metric', () => {
  const model = tpch.model;
  const all = [...model.measures, ...model.metrics];
  for (const m of all) {
    const phrases = [m.name.replace(/_/g, ' '), ...(m.label ? [m.label] : []), ...m.synonyms];
    for (const phrase of phrases) {
      it(`"${phrase}" -> ${m.name}`, () => {
        for (const question of [phrase, `what is the ${phrase}?`, `show ${phrase} by year`]) {
          const r = ask(question);
          // a yearly breakdown of what has no date is no reading: refused with the reason
          if (question.endsWith('by year') && !dated(m.name)) {
            expect(r.kind, question).toBe('out_of_scope');
            if (r.kind === 'out_of_scope') expect(r.reason, question).toMatch(/not dated/);
            continue;
          }
          expect(r.kind, question).toBe('query');
          if (r.kind === 'query') expect(r.query.metrics, question).toContain(m.name);
        }
      });
    }
  }
});

describe('every dimension name and synonym groups by that dimension', () => {
  for (const d of tpch.model.dimensions) {
    for (const phrase of [d.name.replace(/_/g, ' '), ...d.synonyms]) {
      it(`"revenue by ${phrase}" -> ${d.name}`, () => {
        const r = ask(`revenue by ${phrase}`);
        expect(r.kind).toBe('query');
        if (r.kind === 'query') expect(r.query.group_by.map((g) => g.dimension)).toEqual([d.name]);
      });
    }
  }
});

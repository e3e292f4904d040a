import { describe, expect, it } from 'vitest';
import { ask, tpch } from './helpers.js';

describe('every metric name, label and synonym of the model maps to its metric', () => {
  const model = tpch.model;
  const all = [...model.measures, ...model.metrics];
  for (const m of all) {
    const phrases = [m.name.replace(/_/g, ' '), ...(m.label ? [m.label] : []), ...m.synonyms];
    for (const phrase of phrases) {
      it(`"${phrase}" -> ${m.name}`, () => {
        for (const question of [phrase, `what is the ${phrase}?`, `show ${phrase} by year`]) {
          const r = ask(question);
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

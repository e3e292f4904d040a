import { describe, expect, it } from 'vitest';
import { ask, q } from './helpers.js';

const outOfDomain = [
  'Will it rain in Madrid next week?',
  'Compose a limerick about spreadsheets',
  'Tell me a funny joke',
  'What is the capital of Egypt?',
  'What is the population of Brazil?',
  'Translate "good morning" into French',
  'Who won the 1996 Olympic marathon?',
  'how many moons does jupiter have',
  'good afternoon',
];
const outOfScope = [
  'What was our marketing spend per campaign in 1997?',
  'How many employees do we have in the Tokyo office?',
  'Show staff turnover by department',
  'What is our website traffic by month?',
  'How much inventory is sitting in each warehouse?',
  'What was the advertising budget last year?',
  'revenue per salesperson',
  'sales by store',
  'average salary by team',
  'sales in Chicago',
];

describe('refusals never produce a query', () => {
  for (const s of outOfDomain) {
    it(`out_of_domain: ${s}`, () => {
      const r = ask(s);
      expect(r.kind).toBe('out_of_domain');
      expect('query' in r).toBe(false);
    });
  }
  for (const s of outOfScope) {
    it(`out_of_scope: ${s}`, () => {
      const r = ask(s);
      expect(r.kind).toBe('out_of_scope');
      expect('query' in r).toBe(false);
    });
  }
  it('the out_of_scope reason names what is missing and what is available', () => {
    const r = ask('What was our marketing spend per campaign in 1997?');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') {
      expect(r.reason).toMatch(/marketing/);
      // the catalogue is one field, not repeated in the short reason
      expect(r.reason).not.toMatch(/Available metrics/);
      expect(r.catalogue).toMatch(/Available metrics: .*revenue/);
    }
  });
  it('a nation name alone does not make a data question', () => {
    expect(ask('What language do people speak in Germany?').kind).toBe('out_of_domain');
  });
  it('a business question in the model is answered, not refused', () => {
    expect(q('sales in GERMANY').metrics).toEqual(['revenue']);
  });
  it('a follow-up with no previous question and no meaning is refused', () => {
    expect(ask('why?').kind).not.toBe('query');
  });
});

describe('commands and hostile words', () => {
  it('commands to change data are out_of_domain, never answered', () => {
    for (const s of [
      'delete all customers',
      'drop the orders table',
      'Please update orders set priority to urgent',
      'truncate lineitem',
      'insert into orders values (1)',
    ]) {
      const r = ask(s);
      expect(r.kind, s).toBe('out_of_domain');
      if (r.kind === 'out_of_domain') expect(r.reason, s).toMatch(/change data/);
    }
  });
  it('"drop" as a noun is a question word, not a command', () => {
    expect(ask('drop in revenue by region').kind).not.toBe('out_of_domain');
  });
  it('Object.prototype names are ordinary unknown words', () => {
    for (const w of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']) {
      const r = ask(`revenue for the ${w} segment in 1996`);
      expect(r.kind, w).toBe('out_of_scope');
    }
  });
});

describe('near matches', () => {
  it('a misspelt run-together dimension is named with the model term it is close to', () => {
    // ("shipmode" written whole is read as "ship mode": closed-compounds.test.ts)
    const r = ask('revenue by shipmd');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toMatch(/Did you mean .*"ship mode"\?/);
  });
  it('a different concept is not "corrected" into a model term', () => {
    const r = ask('What was our marketing spend per campaign in 1997?');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).not.toMatch(/market segment/);
  });
});

describe('read but not honoured is refused, not dropped', () => {
  it('a period for a metric that is not dated', () => {
    const r = ask('customer account balance in 1996');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toMatch(/not dated/);
  });
  it('a dating the metric cannot take', () => {
    const r = ask('how many orders shipped in 1996');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toMatch(/cannot date orders/);
    // line items can be dated by their ship date
    expect(ask('how many line items shipped in 1996').kind).toBe('query');
  });
});

describe('nothing named is dropped', () => {
  it('an attribute named but not used is not understood', () => {
    expect(ask('which region and segment had the highest revenue').kind).toBe('out_of_scope');
  });
  it('a ranking within each group is refused with the reason', () => {
    const r = ask('top region by revenue in each year');
    expect(r.kind).toBe('out_of_scope');
    if (r.kind === 'out_of_scope') expect(r.reason).toMatch(/ranking within each year is not supported/);
  });
  it('counting an attribute is not counting its entity', () => {
    expect(ask('how many brands do we sell').kind).toBe('out_of_scope');
  });
});

describe('conditions on single rows', () => {
  it('a condition on an aggregate with no groups asks about rows, which is refused with the reason', () => {
    for (const s of ['revenue where discount is over 5%', 'line items with a discount of at least 0.05']) {
      const r = ask(s);
      expect(r.kind, s).toBe('out_of_scope');
      if (r.kind === 'out_of_scope') expect(r.reason, s).toMatch(/over single rows is not supported/);
    }
  });
});

describe('an adjective is not a ranking metric', () => {
  it('"most profitable" does not rank by the default metric', () => {
    const r = ask('most profitable region in 1996');
    expect(r.kind === 'query' && r.query.order[0]?.by === 'revenue').toBe(false);
  });
});

describe('actions and advice are not questions', () => {
  it('creating, setting or e-mailing is out_of_domain; an e-mail metric is a missing concept', () => {
    for (const s of [
      'add a new customer called acme corp in the building segment',
      "set every supplier's balance to 0 pls",
      'email all suppliers with a negative balance',
      'can u recommend a good book on supply chain mgmt',
    ]) {
      expect(ask(s).kind, s).toBe('out_of_domain');
    }
    expect(ask('email open rate for the spring campaign?').kind).toBe('out_of_scope');
  });
});

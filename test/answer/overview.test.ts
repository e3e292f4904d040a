/** The overview plan: which questions are vague, which metrics head it, which quarters it compares. */
import { describe, expect, it } from 'vitest';
import { headlineMetrics, isVagueQuestion, overviewPlan } from '../../src/answer/overview.js';
import { DEFAULT_MODEL_PATH, loadModel } from '../../src/semantic/loader.js';

describe('overview for vague questions', () => {
  it('general "how is it going" wordings are vague; questions naming something, or long ones, are not', () => {
    for (const q of [
      'How are we doing?',
      "how's business",
      'Give me an overview',
      'what are the key numbers',
      'How is the company performing',
      'big picture please',
      'how are things going this year?',
      'can you summarise how the business is doing right now',
      'quick snapshot please',
    ])
      expect(isVagueQuestion(q), q).toBe(true);
    for (const q of [
      'What is the capital of Peru?',
      'revenue by region',
      'how are you',
      'tell me a joke',
      'how are we doing on the thing that we discussed with the team last week in the meeting room',
      // a general word beside a topic the data does not hold is a question about that topic
      'summarize the french revolution',
      'give me an overview of quantum physics',
      'a snapshot of the weather in Oslo',
      'what are the key numbers of the 1998 world cup',
    ])
      expect(isVagueQuestion(q), q).toBe(false);
  });

  it('headline metrics: the ranking metric, then a count, an average and a distinct count that count every row', async () => {
    const model = loadModel(DEFAULT_MODEL_PATH);
    expect(headlineMetrics(model)).toEqual(['revenue', 'orders', 'average_order_value', 'active_customers']);
  });

  it('compares the latest complete quarter with the one before, across a year boundary too', () => {
    const model = loadModel(DEFAULT_MODEL_PATH);
    const mid = overviewPlan(model, '1998-08-02')!;
    expect(mid.query.time_range).toEqual({ start: '1998-04-01', end: '1998-07-01', label: 'Q2 1998' });
    expect(mid.query.comparison!.previous).toEqual({ start: '1998-01-01', end: '1998-04-01', label: 'Q1 1998' });
    // the last day of a quarter completes it
    expect(overviewPlan(model, '1998-06-30')!.period).toBe('Q2 1998');
    expect(overviewPlan(model, '1998-06-29')!.period).toBe('Q1 1998');
    const early = overviewPlan(model, '1998-02-10')!;
    expect([early.period, early.previous]).toEqual(['Q4 1997', 'Q3 1997']);
    expect(early.query.time_range).toMatchObject({ start: '1997-10-01', end: '1998-01-01' });
    expect(early.metrics[0].drill_in).toMatchObject({
      metrics: ['revenue'],
      group_by: [{ dimension: 'order_date', grain: 'month' }],
      time_range: { start: '1997-07-01', end: '1998-01-01' },
    });
  });
});

/**
 * The acceptance question on the demo data (the warehouse a fresh `npm start` builds, here
 * at a small scale): the research finishes with a final_answer whose every number matches a query
 * in operations.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchOperation } from '../../src/schemas/research.js';
import { unmatchedNumbers } from '../helpers/report-numbers.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('research on the demo data', () => {
  let server: TestServer;
  let logs = '';
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk) => (logs += String(chunk)));
    server = await startTestServer({ overrides: { demoScale: 0.01 }, logStream });
  });
  afterAll(() => server?.close());

  it('"Why did revenue change in 1997 compared with 1996?" ends done; every number in final_answer is in an operation\'s rows', async () => {
    const submitted = await (
      await server.api('/research', { method: 'POST', json: { question: 'Why did revenue change in 1997 compared with 1996?' } })
    ).json();
    expect(submitted.status).toBe('submitted');
    const result = await (await server.api(`/inquiry/${submitted.inquiry_id}/result?timeout=60`)).json();
    expect(result.status.general).toBe('done');
    expect(result.inquiry_type).toBe('research');
    const operations = result.operations as ResearchOperation[];
    const queries = operations.filter((o) => o.kind === 'query');
    expect(queries.length).toBeGreaterThanOrEqual(8);
    expect(queries.filter((q) => q.status === 'done').length).toBe(queries.length);
    expect(operations.map((o) => o.kind)).toEqual(expect.arrayContaining(['plan', 'query', 'reflect', 'write']));
    const report = result.final_answer as string;
    expect(report).toMatch(/^# Revenue: 1997 compared with 1996/);
    expect((report.match(/\$[\d,]+\.\d\d/g) ?? []).length).toBeGreaterThan(20);
    expect(unmatchedNumbers(report, operations)).toEqual([]);
    // HTML-safe: the Markdown carries no markup of its own
    expect(report).not.toMatch(/<[a-z/]/i);
    expect(result.final_answer_html).toMatch(/^<h1>Revenue: 1997 compared with 1996<\/h1>/);
    expect(result.final_answer_html).toContain('<table>');
    // the log has the run, never result rows or the key
    expect(logs).toContain('inquiry finished');
    const region = (queries.find((q) => q.question?.includes('by region'))!.rows![0] as { region: string }).region;
    expect(logs).not.toContain(region);
    expect(logs).not.toContain(String((queries[0].rows![0] as { current_value: number }).current_value));
    expect(logs).not.toContain(server.key);
  });
});

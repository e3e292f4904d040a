/**
 * With QUARRY_VALIDATE_REPLIES (on in every test server) a reply that breaks its route's declared
 * schema answers 500 naming the field, so the whole API suite checks every reply it reads; here the
 * check itself, on a route whose handler breaks its promise, and on real replies (the status route
 * sends cached JSON text, which the serializer never sees).
 */
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerReplyCheck } from '../../src/api/reply-check.js';
import { InquiryStatusResponseSchema } from '../../src/schemas/inquiry.js';
import { scriptedEngine } from '../helpers/scripted-engine.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('replies checked against their declared schemas', () => {
  it('a reply that breaks its schema answers 500 naming the field; one that keeps it passes unchanged', async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    registerReplyCheck(app);
    const schema = { response: { 200: z.object({ session_id: z.string(), count: z.number().int() }) } };
    app.get('/good', { schema }, async () => ({ session_id: 'ses_1', count: 2 }));
    app.get('/bad', { schema }, async () => ({ session_id: 'ses_1', count: 'two' }) as never);
    app.get('/text', { schema }, async (_req, reply) =>
      reply.type('application/json; charset=utf-8').send('{"session_id": 5, "count": 1}' as never),
    );
    const good = await app.inject('/good');
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ session_id: 'ses_1', count: 2 });
    const bad = await app.inject('/bad');
    expect(bad.statusCode).toBe(500);
    expect(bad.json().detail).toMatch(/count: /);
    const text = await app.inject('/text');
    expect(text.statusCode).toBe(500);
    expect(text.json().detail).toMatch(/session_id: /);
    await app.close();
  });

  describe('on a running server', () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ engine: scriptedEngine() });
    });
    afterAll(() => s.close());

    it('the status reply parses with the declared status schema while processing and once done', async () => {
      const session = (await (await s.api('/session/new', { method: 'POST' })).json()).session_id;
      const { inquiry_id } = await (
        await s.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'end done' } })
      ).json();
      const done = await s.api(`/inquiry/${inquiry_id}/result?timeout=10`);
      expect(done.status).toBe(200);
      const body = InquiryStatusResponseSchema.parse(await done.json());
      expect(body.status.general).toBe('done');
      const status = await s.api(`/inquiry/${inquiry_id}/status`);
      expect(status.status).toBe(200);
      InquiryStatusResponseSchema.parse(await status.json());
    });
  });
});

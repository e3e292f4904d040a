/**
 * Request, body and idle timeouts (issue 11, item 3): a client that trickles a request, or holds
 * an idle keep-alive connection, is cut off; a long-poll, whose request has fully arrived, still
 * waits for its answer.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedEngine } from '../helpers/scripted-engine.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ engine: scriptedEngine(), overrides: { requestTimeoutMs: 800, idleTimeoutMs: 500 } });
});
afterAll(() => server.close());

/** Opens a raw connection to the server; resolves with what it received and when it closed (null if still open after `waitMs`). */
function rawConnection(onOpen: (socket: Socket) => void, waitMs: number): Promise<{ closedAfterMs: number | null; received: string }> {
  const { hostname, port } = new URL(server.base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    const started = Date.now();
    const give = setTimeout(() => {
      socket.destroy();
      resolve({ closedAfterMs: null, received });
    }, waitMs);
    socket.on('data', (c) => (received += String(c)));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(give);
      resolve({ closedAfterMs: Date.now() - started, received });
    });
    socket.on('connect', () => onOpen(socket));
  });
}

describe('timeouts', () => {
  it('a body trickled to /mcp without a key is cut off with 408', async () => {
    let timer: NodeJS.Timeout | undefined;
    const r = await rawConnection((socket) => {
      socket.write(
        'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 4000\r\n\r\n{',
      );
      // one byte every 100 ms: the body would take 400 s
      timer = setInterval(() => socket.writable && socket.write(' '), 100);
    }, 6000);
    clearInterval(timer);
    expect(r.closedAfterMs, 'the socket should have been closed').not.toBeNull();
    expect(r.received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('headers that never finish are cut off too', async () => {
    let timer: NodeJS.Timeout | undefined;
    const r = await rawConnection((socket) => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      timer = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100);
    }, 6000);
    clearInterval(timer);
    expect(r.closedAfterMs).not.toBeNull();
  });

  it('an idle keep-alive connection is closed', async () => {
    const r = await rawConnection((socket) => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    }, 6000);
    expect(r.received).toMatch(/^HTTP\/1\.1 200/);
    expect(r.closedAfterMs).not.toBeNull();
  });

  it('a long-poll whose request has arrived waits longer than the request timeout', async () => {
    const session = (await (await server.api('/session/new', { method: 'POST' })).json()).session_id;
    const { inquiry_id } = await (
      await server.api(`/session/${session}/inquiry/agent`, { method: 'POST', json: { query: 'sleep 2000 then done' } })
    ).json();
    const r = await server.api(`/inquiry/${inquiry_id}/result?timeout=10`);
    expect(r.status).toBe(200);
    expect((await r.json()).status.general).toBe('done');
  });
});

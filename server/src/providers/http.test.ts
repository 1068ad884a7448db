import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from './http';
import { memoryRecorder } from './interactions';

describe('provider HTTP: what a failed call leaves for the operator', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((request, response) => {
      const answers: Record<string, [number, unknown]> = {
        // Resurs' published error body; GRENKE's (third-party evidence), also for its account set-up 500.
        '/resurs': [400, { code: '400', message: 'Validation failed', timestamp: '2026-11-27T10:00:00Z', traceId: 'a1b2c3d4e5f6', validationErrors: [] }],
        '/grenke': [500, { Message: 'No condition list found', StatusCode: 500, Details: null, CorrelationId: '0HN8-4711' }],
        '/odd': [503, { traceId: 'not a trace id, with spaces and 18087248794' }],
      };
      const [status, body] = answers[request.url ?? ''] ?? [404, {}];
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("records the provider's own id of a refused or failed call, to quote to its support, and the refusal's code", async () => {
    const recorder = memoryRecorder();
    const http = createHttpClient({ provider: 'resurs-v2', baseUrl: base, timeoutMs: 2000, recorder, refusalOf5xx: (_status, body) => (JSON.stringify(body).includes('condition list') ? 'ACCOUNT_SETUP' : null) });
    expect(await http.request({ operation: 'createPayment', path: '/resurs' })).toEqual({ ok: false, failure: { kind: 'refused', status: 400, code: '400' } });
    expect(await http.request({ operation: 'createRequest', path: '/grenke' })).toEqual({ ok: false, failure: { kind: 'refused', status: 500, code: 'ACCOUNT_SETUP' } });
    expect(await http.request({ operation: 'getRequest', path: '/odd' })).toMatchObject({ ok: false, failure: { kind: 'unavailable', status: 503 } });
    expect(recorder.interactions.map((call) => call.trace)).toEqual(['a1b2c3d4e5f6', '0HN8-4711', undefined]);
  });
});

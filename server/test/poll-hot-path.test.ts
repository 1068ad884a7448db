/**
 * The status poll over real HTTP (ADR 25): the customer's own poll, with the status and the
 * session in memory, is answered before Fastify's routing; it must be the route's answer to the
 * byte, counted against the same limit and in the same metrics, and every other poll must reach
 * the route as before. (Tests that `inject` never reach the hot path; these do.)
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, buildPrivateApplication, clientApiEndpoint, HEALTH, MERCHANT_API } from '@portal/domain';
import { createTestApp, freePort, merchantAuth, nextReference, sessionCookie, startTestServer, type TestApp, XHR } from './helpers';

/** Headers that differ between two answers by nature (when, and how the connection goes on). */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive']);
const headersOf = (headers: Headers | Record<string, unknown>) => {
  const entries: [string, string][] = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers).map(([name, value]) => [name, String(value)]);
  return Object.fromEntries(entries.filter(([name]) => !PER_CONNECTION.has(name)));
};

const POLLS_ALLOWED = 6;

describe('the status poll over HTTP', () => {
  let t: TestApp & { url: string };

  /** A customer logged in with an application of their own (on `on`, this suite's server unless told). */
  const customer = async (nationalId: string, on: TestApp = t) => {
    const merchantPaymentReference = nextReference('poll');
    const created = await on.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload: buildPrivateApplication(nationalId, { merchantPaymentReference }) });
    const { reference } = created.json<{ reference: string }>();
    const login = await on.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference } });
    return { query: `merchantId=demo&merchantPaymentReference=${merchantPaymentReference}`, cookie: sessionCookie(login) };
  };
  const poll = (query: string, cookie?: string) => fetch(`${t.url}${API.paymentStatus.pattern}?${query}`, { headers: cookie ? { cookie } : {} });
  /** Polls over HTTP: its status, and whether the hot path answered it. */
  const polled = async (query: string, cookie?: string) => {
    const before = t.app.hotPaths.answered;
    const response = await poll(query, cookie);
    await response.arrayBuffer();
    return { status: response.status, hot: t.app.hotPaths.answered > before };
  };
  const pollsCounted = async () => {
    const { body } = await t.app.metrics.scrape();
    const line = body.split('\n').find((l) => l.startsWith('portal_http_request_duration_seconds_count{') && l.includes(`route="${API.paymentStatus.pattern}"`) && l.includes('status_class="2xx"'));
    return Number(line?.split(' ').pop() ?? 0);
  };

  beforeAll(async () => {
    t = await startTestServer('pglite', { RATE_LIMITS: `pollPerSession=${POLLS_ALLOWED}` });
  });
  afterAll(() => t.close());

  it("answers the customer's own poll before the router, byte for byte as the route does, and counts it in the metrics", async () => {
    const { query, cookie } = await customer('18087248794');
    // The first poll reads the database (the route), and leaves status and session in memory.
    expect(await polled(query, cookie)).toEqual({ status: 200, hot: false });
    const counted = await pollsCounted();

    const before = t.app.hotPaths.answered;
    const hot = await poll(query, cookie);
    const body = await hot.text();
    expect(t.app.hotPaths.answered).toBe(before + 1);
    expect(await pollsCounted()).toBe(counted + 1);

    const routed = await t.app.inject({ method: 'GET', url: `${API.paymentStatus.pattern}?${query}`, headers: { cookie } });
    expect(hot.status).toBe(routed.statusCode);
    expect(body).toBe(routed.body);
    expect(headersOf(hot.headers)).toEqual(headersOf(routed.headers));
    expect(clientApiEndpoint('GET', API.paymentStatus.pattern)?.response.safeParse(JSON.parse(body)).success).toBe(true);
  });

  it('leaves every other poll to the route, which answers it as before', async () => {
    const mine = await customer('18087248794');
    const other = await customer('27028809552');
    expect(await polled(mine.query, mine.cookie)).toEqual({ status: 200, hot: false });
    expect(await polled(mine.query, mine.cookie)).toEqual({ status: 200, hot: true });

    // No session, someone else's session, an application nobody has, a query the route refuses,
    // a value with spaces (the route trims it; memory knows only checked values).
    expect(await polled(mine.query)).toEqual({ status: 401, hot: false });
    expect(await polled(mine.query, other.cookie)).toEqual({ status: 404, hot: false });
    expect(await polled(`${mine.query}-unknown`, mine.cookie)).toEqual({ status: 404, hot: false });
    expect(await polled(`${mine.query}&merchantPaymentReference=again`, mine.cookie)).toEqual({ status: 400, hot: false });
    expect(await polled(`${mine.query}&note=%00`, mine.cookie)).toEqual({ status: 400, hot: false });
    expect(await polled(mine.query.replace('merchantId=demo', 'merchantId=%20demo'), mine.cookie)).toEqual({ status: 200, hot: false });
  });

  it('counts each poll once against the session’s limit, answered by the hot path or by the route', async () => {
    const { query, cookie } = await customer('18087248794');
    const answers = [];
    for (let i = 0; i <= POLLS_ALLOWED; i += 1) answers.push(await polled(query, cookie));
    expect(answers.map((a) => a.status)).toEqual([...Array<number>(POLLS_ALLOWED).fill(200), 429]);
    expect(answers.filter((a) => a.hot)).toHaveLength(POLLS_ALLOWED - 1);
    const refused = await poll(query, cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  // Why the hot path need not check headers, nor a query without percent escapes (plugins/input-guard.ts).
  it.each([
    ['a header', (query: string, cookie: string) => `GET ${API.paymentStatus.pattern}?${query} HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\nX-Note: a\0b\r\n\r\n`],
    ['the query', (query: string, cookie: string) => `GET ${API.paymentStatus.pattern}?${query}\0 HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n\r\n`],
  ])('never sees U+0000 in %s: Node refuses such a request with 400 before it is one', async (_where, request) => {
    const { query, cookie } = await customer('18087248794');
    const { port } = new URL(t.url);
    const before = t.app.hotPaths.answered;
    const status = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.end(Buffer.from(request(query, cookie), 'latin1')));
      let data = '';
      socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
      socket.on('close', () => resolve(data.split('\r\n')[0] ?? ''));
      socket.on('error', reject);
    });
    expect(status).toBe('HTTP/1.1 400 Bad Request');
    expect(t.app.hotPaths.answered).toBe(before);
  });

  it('leaves polls to Fastify once the server closes, which tells a kept-alive client to go, so closing ends', async () => {
    const server = await startTestServer('pglite');
    let socket: Socket | undefined;
    try {
      const { query, cookie } = await customer('18087248794', server);
      const path = `${API.paymentStatus.pattern}?${query}`;
      for (let i = 0; i < 2; i += 1) await (await fetch(`${server.url}${path}`, { headers: { cookie } })).arrayBuffer();
      const answeredBefore = server.app.hotPaths.answered;
      expect(answeredBefore).toBe(1);

      // A poll under way on an open connection (its last line not sent yet) as the server closes.
      socket = connect(Number(new URL(server.url).port), '127.0.0.1');
      await once(socket, 'connect');
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nCookie: ${cookie}\r\n`);
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      // The server (this process) reads those bytes in its next turns; a connection that has sent
      // nothing yet is closed as the server closes (lib/http-server.ts), one under way is answered.
      await sleep(200);
      const closed = server.app.close();
      await vi.waitFor(() => expect(server.app.hotPaths.closing).toBe(true));
      socket.write('\r\n');
      const outcome = await Promise.race([once(socket, 'close').then(() => 'closed'), sleep(5_000, 'still open', { ref: false })]);
      expect(outcome, `the server could not finish closing; the poll got: ${answer.split('\r\n')[0]}`).toBe('closed');
      await closed;
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
      expect(answer.toLowerCase()).toContain('connection: close');
      expect(server.app.hotPaths.answered).toBe(answeredBefore);
    } finally {
      socket?.destroy();
      await server.close().catch(() => undefined);
    }
  });

  it('leaves a request to the route when a hot path throws, and logs why', async () => {
    const lines: string[] = [];
    const port = await freePort();
    const server = await createTestApp('pglite', { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'error' }, undefined, { write: (line) => void lines.push(line) });
    try {
      await server.app.listen({ port, host: '127.0.0.1' });
      server.app.hotPaths.add(HEALTH.live.pattern, () => {
        throw new Error('hot path broke');
      });
      const answer = await fetch(`http://127.0.0.1:${port}${HEALTH.live.pattern}?probe=1`);
      expect(answer.status).toBe(200);
      expect(server.app.hotPaths.answered).toBe(0);
      expect(lines.some((line) => line.includes('hot path failed') && line.includes('hot path broke'))).toBe(true);
    } finally {
      await server.close();
    }
  });
});

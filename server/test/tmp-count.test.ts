import Fastify from 'fastify';
import { it } from 'vitest';
import { API, buildPrivateApplication, MERCHANT_API } from '@portal/domain';
import { createTestApp, merchantAuth, sessionCookie, XHR } from './helpers';

it('time per request', async () => {
  const bare = Fastify();
  bare.get('/x', async () => ({ paymentStatus: 'X', redirectUrl: 'http://x' }));
  const t = await createTestApp('pglite');
  const created = await t.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload: buildPrivateApplication('18087248794', { merchantPaymentReference: 'count-1' }) });
  const { reference } = created.json<{ reference: string }>();
  const login = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference } });
  const cookie = sessionCookie(login);
  const url = `${API.paymentStatus.url()}?merchantId=demo&merchantPaymentReference=count-1`;
  const time = async (name: string, fn: () => Promise<unknown>) => {
    for (let i = 0; i < 300; i += 1) await fn();
    const started = performance.now();
    for (let i = 0; i < 3000; i += 1) await fn();
    console.log(name, ((performance.now() - started) / 3000 * 1000).toFixed(0), 'µs');
  };
  await time('bare', () => bare.inject({ method: 'GET', url: '/x', headers: { cookie } }));
  await time('healthz', () => t.app.inject({ method: 'GET', url: '/healthz', headers: { cookie } }));
  await time('status', () => t.app.inject({ method: 'GET', url, headers: { cookie } }));
  await time('status-no-cookie(401)', () => t.app.inject({ method: 'GET', url }));
  await t.close();
}, 120000);

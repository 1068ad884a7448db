/**
 * The client API's answers are checked against domain's contract in every integration test
 * (helpers.ts builds the app with checkAnswers): a route that answers something else fails the
 * test that called it. This shows the check refuses a wrong answer, and that the contract's
 * table names exactly the JSON routes the app serves.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, CLIENT_API_ENDPOINTS } from '@portal/domain';
import answerContract from '../src/plugins/answer-contract';
import errorHandler from '../src/plugins/error-handler';
import { createTestApp, type TestApp } from './helpers';

async function appAnswering(path: string, answer: unknown) {
  const app = Fastify();
  await app.register(errorHandler);
  await app.register(answerContract);
  app.get(path, async () => answer);
  await app.ready();
  return app;
}

describe('the client API contract check', () => {
  it('passes an answer that matches the schema', async () => {
    const app = await appAnswering(API.features.pattern, { showDummyLogin: true, resursMerchantApiEnabled: false });
    const response = await app.inject({ url: API.features.pattern });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ showDummyLogin: true, resursMerchantApiEnabled: false });
    await app.close();
  });

  it('turns a deliberately wrong answer into a 500, failing the test that called the route', async () => {
    const app = await appAnswering(API.features.pattern, { showDummyLogin: 'yes' });
    const response = await app.inject({ url: API.features.pattern });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ status: 500, errorCode: 'UNKNOWN' });
    await app.close();
  });

  it('refuses a JSON route of the client API that the contract does not have', async () => {
    const app = await appAnswering('/api/loan-application/not-in-the-contract', { anything: 1 });
    expect((await app.inject({ url: '/api/loan-application/not-in-the-contract' })).statusCode).toBe(500);
    await app.close();
  });
});

describe('the contract table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t.close());

  it('has only routes the app serves (the sandbox has them all)', () => {
    for (const endpoint of CLIENT_API_ENDPOINTS) {
      expect(t.app.hasRoute({ method: endpoint.method, url: endpoint.path }), `${endpoint.method} ${endpoint.path}`).toBe(true);
    }
  });

  it('checks the real app: the features answer keeps the contract', async () => {
    const response = await t.app.inject({ url: API.features.pattern });
    expect(response.statusCode).toBe(200);
  });
});

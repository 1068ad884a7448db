/**
 * The client API's OpenAPI document (ADR 21): made from the contract's table, it passes Redocly
 * CLI lint (redocly.yaml) without an error or a warning, names every operation, and describes
 * every route of the contract with the answer schema the tests check and the web app parses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, CLIENT_API_ENDPOINTS } from '@portal/domain';
import { createTestApp, type TestApp } from './helpers';
import { redoclyLint } from './redocly';

interface Operation {
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
}
interface Document {
  info: { license?: unknown; contact?: unknown };
  paths: Record<string, Record<string, Operation>>;
}

describe('the client API document', () => {
  let t: TestApp;
  let text = '';
  let document: Document;
  beforeAll(async () => {
    // A public address as a deployment has it (the linter warns about localhost servers).
    t = await createTestApp('pglite', { PUBLIC_URL: 'https://financing.shop.test' });
    const response = await t.app.inject({ url: API.openApi.pattern });
    expect(response.statusCode).toBe(200);
    text = response.body;
    document = response.json<Document>();
  });
  afterAll(async () => t.close());

  it('passes Redocly CLI lint without an error or a warning', () => {
    const report = redoclyLint(text, 'client-api.json');
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('names every operation, and has a licence and a contact', () => {
    const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
    expect(operations).toHaveLength(CLIENT_API_ENDPOINTS.length);
    for (const operation of operations) expect(operation.operationId).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(document.info.license).toBeDefined();
    expect(document.info.contact).toBeDefined();
  });

  it("describes each route's answer with the contract's schema", () => {
    const applications = document.paths['/api/loan-application']?.get;
    expect(Object.keys(applications?.responses['200']?.content?.['application/json']?.schema.properties ?? {})).toEqual([
      'person',
      'loanApplications',
      'consents',
      'products',
      'lenderAvailable',
    ]);
    expect(Object.keys(document.paths)).toContain('/api/loan-application/validate/{reference}');
  });
});

/**
 * The merchant API's OpenAPI document: an independent linter (Redocly CLI, configured in
 * redocly.yaml) finds nothing in it, every operation has an operationId, and it documents the
 * webhook contract the delivery job keeps: every event type, the body schema, the signature with
 * examples that verify a real signature, retries, ordering and de-duplication.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmDeliveryRequestSchema, MERCHANT_API, moneyOperationRequestSchema, WEBHOOK_EVENT_TYPES, WEBHOOK_HEADERS } from '@portal/domain';
import { VERIFY_IN_NODE, VERIFY_IN_PYTHON } from '../src/routes/merchant/openapi';
import { signWebhook } from '../src/services/webhooks';
import { createTestApp, type TestApp } from './helpers';
import { redoclyLint } from './redocly';

interface Document {
  info: { license?: unknown; contact?: unknown; description?: string };
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, { headers?: Record<string, unknown> }> }>>;
  webhooks?: Record<string, { post: { operationId?: string; requestBody: unknown } }>;
  tags?: { name: string; description: string }[];
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

describe('the merchant API document', () => {
  let t: TestApp;
  let document: Document;
  let text = '';
  beforeAll(async () => {
    // A public address as a deployment has it (the linter warns about localhost servers).
    t = await createTestApp('pglite', { PUBLIC_URL: 'https://financing.shop.test' });
    const response = await t.app.inject({ url: MERCHANT_API.openApi.pattern });
    text = response.body;
    document = response.json<Document>();
  });
  afterAll(async () => t.close());

  it('passes Redocly CLI lint without an error or a warning', () => {
    const report = redoclyLint(text, 'merchant-api.json');
    expect(report.problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('documents the operations after the sale with the Idempotency-Key header and examples that fit their schemas', () => {
    for (const [pattern, operationId] of [
      [MERCHANT_API.capture.pattern, 'capturePayment'],
      [MERCHANT_API.refund.pattern, 'refundPayment'],
      [MERCHANT_API.confirmDelivery.pattern, 'confirmDelivery'],
      [MERCHANT_API.cancel.pattern, 'cancelApplication'],
    ] as const) {
      const operation = document.paths[pattern.replace(/:(\w+)/g, '{$1}')]?.post as
        | { operationId?: string; parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { examples?: Record<string, { value: unknown }> }> } }
        | undefined;
      expect(operation?.operationId, pattern).toBe(operationId);
      expect(operation?.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'), pattern).toBe(true);
      const examples = Object.values(operation?.requestBody?.content?.['application/json']?.examples ?? {});
      expect(examples.length, pattern).toBeGreaterThan(0);
      const schema = pattern === MERCHANT_API.confirmDelivery.pattern ? confirmDeliveryRequestSchema : moneyOperationRequestSchema;
      for (const example of examples) expect(schema.safeParse(example.value).success, `${pattern} ${JSON.stringify(example.value)}`).toBe(true);
    }
  });

  it('names every operation, and has a licence and a contact', () => {
    const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
    expect(operations.length).toBeGreaterThanOrEqual(3);
    for (const operation of operations) expect(operation.operationId).toMatch(/^[a-z][A-Za-z]+$/);
    expect(document.info.license).toBeDefined();
    expect(document.info.contact).toBeDefined();
  });

  it('documents the rate limit: its headers on every answer to a known key, and 429 with Retry-After', () => {
    const operations = Object.values(document.paths).flatMap((path) => Object.values(path));
    for (const operation of operations) {
      const responses = operation.responses ?? {};
      expect(Object.keys(responses)).toContain('429');
      expect(Object.keys(responses['429']?.headers ?? {})).toEqual(expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']));
      for (const [status, response] of Object.entries(responses)) {
        if (status !== '401') expect(Object.keys(response.headers ?? {})).toEqual(expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']));
      }
    }
    expect(document.info.description).toContain('**Rate limits.** Each API key may make 1200 calls per 60 seconds');
  });

  it('documents each webhook event of the lifecycle table with the body the delivery sends', () => {
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const hook of Object.values(document.webhooks ?? {})) {
      expect(hook.post.operationId).toMatch(/^webhookApplication[A-Z]/);
      expect(JSON.stringify(hook.post.requestBody)).toContain('#/components/schemas/WebhookEvent');
    }
    expect(Object.keys(document.components.schemas.WebhookEvent?.properties ?? {})).toEqual(['id', 'type', 'createdAt', 'sequence', 'data']);
    const contract = document.tags?.find((tag) => tag.name === 'Webhooks')?.description ?? '';
    for (const words of [WEBHOOK_HEADERS.signature, WEBHOOK_HEADERS.eventId, 'sequence', 'De-duplication', 'retries', '| 12 |', 'Node.js', 'Python']) {
      expect(contract).toContain(words);
    }
  });
});

describe('the documented signature checks', () => {
  const secret = 'whsec-test';
  const body = '{"id":"e1","type":"application.submitted","sequence":3}';
  const header = signWebhook(secret, Math.floor(Date.now() / 1000), body);

  it('in Node.js accept the portal signature and refuse a changed body', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verify-'));
    writeFileSync(join(dir, 'verify.mjs'), VERIFY_IN_NODE);
    const { verifyPortalWebhook } = (await import(join(dir, 'verify.mjs'))) as { verifyPortalWebhook: (s: string, h: string, b: string) => boolean };
    expect(verifyPortalWebhook(secret, header, body)).toBe(true);
    expect(verifyPortalWebhook(secret, header, body.replace('3', '4'))).toBe(false);
    expect(verifyPortalWebhook('other', header, body)).toBe(false);
    // During a secret rotation: one v1 per secret, either secret verifies.
    const rotating = signWebhook(['new-secret', secret], Math.floor(Date.now() / 1000), body);
    expect(verifyPortalWebhook(secret, rotating, body)).toBe(true);
    expect(verifyPortalWebhook('new-secret', rotating, body)).toBe(true);
    expect(verifyPortalWebhook('other', rotating, body)).toBe(false);
  });

  const python = spawnSync('python3', ['--version']).status === 0;
  it.skipIf(!python)('in Python accept the portal signature and refuse a changed body', () => {
    const script = `${VERIFY_IN_PYTHON}\n\nimport sys\nprint(verify_portal_webhook(sys.argv[1], sys.argv[2], sys.argv[3].encode()))\n`;
    const check = (s: string, b: string) => execFileSync('python3', ['-c', script, s, header, b], { encoding: 'utf8' }).trim();
    expect(check(secret, body)).toBe('True');
    expect(check(secret, body.replace('3', '4'))).toBe('False');
    const rotating = signWebhook(['new-secret', secret], Math.floor(Date.now() / 1000), body);
    const checkRotating = (s: string) => execFileSync('python3', ['-c', script, s, rotating, body], { encoding: 'utf8' }).trim();
    expect([checkRotating(secret), checkRotating('new-secret'), checkRotating('other')]).toEqual(['True', 'True', 'False']);
  });
});

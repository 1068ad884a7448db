/**
 * Consent evidence that lasts (ADR 13): once the session that gave a consent is gone, its row
 * still says who consented (the application's customer, by the national ID that was identified),
 * to which words, and to which exact documents (version and SHA-256 of each portal PDF, with a
 * copy kept; the URL and the configured version of another party's terms).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, documentPath, leasingTermsUrl } from '@portal/domain';
import { repoRoot } from '../src/config';
import { call, startBusiness, startConsumer } from './flow-helpers';
import { startTestServer, type TestApp } from './helpers';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const servedPdf = (url: string) => readFileSync(join(repoRoot(), 'web', 'public', 'documents', url.split('/').pop() ?? ''));

describe('consent evidence', () => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestServer('pglite', { LEASING_TERMS_VERSION_NO: 'GRENKE NO leasing terms 2025-03' });
  });
  afterAll(async () => t.close());

  const applicationId = async (reference: string) =>
    (await t.db.query<{ id: string }>('SELECT id FROM applications WHERE reference = $1', [reference]))[0]?.id ?? '';

  it('identifies on its own who consented, to which words and to which exact documents', async () => {
    const customer = await startConsumer(t, '18087248794', 2, t.url);
    const submitted = await call(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    // The session is gone (30 minutes later): the evidence does not need it.
    await t.db.query('DELETE FROM sessions');

    const id = await applicationId(customer.reference);
    const consents = await t.app.repos.consents.listForApplication(id);
    const customerRow = await t.db.query<{ id: string }>('SELECT id FROM customers WHERE application_id = $1', [id]);
    expect(consents.map((c) => c.type).sort()).toEqual(['PERSONAL_INFO_CONSENT', 'PRIVACY_CONSENT']);
    for (const consent of consents) {
      expect(consent).toMatchObject({
        customerId: customerRow[0]?.id,
        subjectNationalId: '18087248794',
        identificationMethod: 'dummy',
        identifiedAt: expect.any(Date),
        textSha256: sha256(consent.text),
      });
    }
    const privacy = consents.find((c) => c.type === 'PRIVACY_CONSENT');
    const url = documentPath('PrivacyPolicy', 'NO');
    const pdf = servedPdf(url);
    expect(privacy?.documents).toEqual([
      { url, title: expect.any(String), version: '2026-01-01T00:00:00.000Z', sha256: sha256(pdf), source: 'portal' },
    ]);
    // The very bytes are kept, once per version.
    const kept = await t.app.repos.consents.findDocument(sha256(pdf));
    expect(kept && Buffer.from(kept.contentBase64, 'base64').equals(pdf)).toBe(true);
    const terms = consents.find((c) => c.type === 'PERSONAL_INFO_CONSENT')?.documents?.[0];
    expect(terms).toMatchObject({ url: documentPath('GeneralTerms', 'NO'), sha256: sha256(servedPdf(documentPath('GeneralTerms', 'NO'))) });
  });

  it("records another party's terms by URL and the version the operator configured", async () => {
    const company = await startBusiness(t, '892831270', t.url);
    const submitted = await call(t, company, 'PATCH', API.grenkeSubmit.pattern, company.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const consents = await t.app.repos.consents.listForApplication(await applicationId(company.reference));
    const leasing = consents.find((c) => c.type === 'LEASING_TERMS_CONSENT');
    expect(leasing?.subjectNationalId).toBe('18087248794');
    expect(leasing?.documents).toEqual([
      { url: leasingTermsUrl('NO'), title: expect.any(String), version: 'GRENKE NO leasing terms 2025-03', sha256: null, source: 'external' },
    ]);
  });
});

/**
 * Evidence the lender can show a supervisor (ADR 32): a customer's journey leaves a hash-chained
 * record of what was shown and each act, with nobody's national ID, phone or e-mail in it; support
 * exports it as one file for a stated reason, which `npm run evidence:verify` verifies, and which
 * fails to verify once a byte is changed, an entry removed or entries reordered. The database
 * itself refuses to change or remove entries, and keeps one chain under concurrent appends;
 * retention erases whole chains once their time is up.
 */
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, BACK_OFFICE_API, buildPrivateApplication, findTestOperator, MERCHANT_API, TEST_PEOPLE } from '@portal/domain';
import { main as verifyCli } from '../src/cli/evidence-verify';
import { repoRoot } from '../src/config';
import { evidenceRepository } from '../src/db/repositories/evidence';
import { canonicalBody, type EvidenceBody, entryHash, genesisHash } from '../src/services/evidence-chain';
import { appendEvidence, evidenceOf } from '../src/services/evidence';
import { applyRetention } from '../src/services/retention';
import { OperatorBrowser } from './back-office-helpers';
import { call, type Customer, eventually, press, signAtResursV1, startBusiness, startConsumer, throughKeyFacts } from './flow-helpers';
import { ENGINES, merchantAuth, nextReference, startTestServer, type TestApp, XHR } from './helpers';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
const REASON = { reason: 'The supervisor asked for the evidence of this application' };
const dir = mkdtempSync(join(tmpdir(), 'evidence-'));

/** The real command, as an operator runs it: `npm run evidence:verify FILE`. */
async function runVerify(file: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)('node', ['scripts/evidence-verify.mjs', file], { cwd: repoRoot() });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '' };
  }
}

/** The library the command runs, for the many checks where the bundling would only cost time. */
async function verify(text: string): Promise<{ code: number; out: string }> {
  const file = join(dir, `${randomUUID()}.json`);
  writeFileSync(file, text);
  const lines: string[] = [];
  const code = await verifyCli([file], (line) => lines.push(line));
  return { code, out: lines.join('\n') };
}

describe.each(ENGINES)('evidence chain on %s', (engine) => {
  let t: TestApp & { url: string };
  let support: OperatorBrowser;
  beforeAll(async () => {
    t = await startTestServer(engine);
    support = new OperatorBrowser(t.url);
    const operator = findTestOperator('operator-support');
    if (!operator) throw new Error('no support operator');
    await support.signIn(operator);
  }, 60_000);
  afterAll(async () => t.close());

  const idOf = async (reference: string): Promise<string> => {
    const [row] = await t.db.query<{ id: string }>('SELECT id FROM applications WHERE reference = $1', [reference]);
    if (!row) throw new Error(`no application ${reference}`);
    return row.id;
  };
  const kinds = async (reference: string) => (await evidenceOf(t.db, await idOf(reference))).map((entry) => entry.kind);
  const exportOf = (reference: string, headers: Record<string, string> = { cookie: support.operatorCookie }, payload: object = REASON) =>
    t.app.inject({ method: 'POST', url: BACK_OFFICE_API.exportEvidence.route.url({ reference }), headers: { ...XHR, ...headers }, payload });

  /** Kari applies for a consumer credit (Resurs version 2), signs on Resurs' page and is granted. */
  async function consumerJourney(): Promise<Customer> {
    const customer = await startConsumer(t, '18087248794', 2, t.url);
    const submitted = await call(t, customer, 'PATCH', API.resursV2Submit.pattern, customer.form);
    expect(submitted.statusCode, submitted.body).toBe(200);
    // The key facts come first (the SECCI shown and mailed), then Resurs' signing page.
    const pressed = await press(`${await throughKeyFacts(t, customer)}/approve`);
    expect(pressed.status).toBe(303);
    const back = await t.app.inject({ method: 'GET', url: (pressed.location ?? '').replace(t.url, ''), headers: { cookie: customer.cookie } });
    expect(back.statusCode).toBe(302);
    await eventually(async () => (await kinds(customer.reference)).includes('signature'));
    return customer;
  }

  it("records a consumer's journey: the priced screen shown, each consent, the submit, the signature at the lender", async () => {
    const customer = await consumerJourney();
    const entries = await evidenceOf(t.db, await idOf(customer.reference));
    // In order: the priced screen, her two consents and the submit; then the key facts (shown and mailed); the signature last.
    expect(entries.slice(0, 4).map((entry) => entry.kind)).toEqual(['shown', 'consent', 'consent', 'submit']);
    expect(entries.at(-1)?.kind).toBe('signature');
    const [shown, , , submit] = entries;
    const signature = entries.at(-1);
    expect(shown?.data).toMatchObject({ screen: 'apply', facts: { loanAmount: expect.any(Number), interestRate: expect.any(Number), monthlyPayment: expect.any(Number) } });
    expect(shown?.data.documents).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'secci', source: 'lender' }), expect.objectContaining({ name: 'PRIVACY_CONSENT', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) })]));
    expect(entries.filter((entry) => entry.kind === 'consent').map((entry) => entry.data)).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'PRIVACY_CONSENT', accepted: true, textSha256: sha256(String(entries[1]?.data.type === 'PRIVACY_CONSENT' ? entries[1]?.data.text : entries[2]?.data.text)) })]),
    );
    expect(submit?.data).toMatchObject({ lender: 'RESURS_V2', accepted: ['PERSONAL_INFO_CONSENT', 'PRIVACY_CONSENT'], refused: [] });
    expect(signature?.data).toMatchObject({ by: 'lender', lender: 'RESURS_V2', signedDocument: null });
    // The customer's acts carry her session (hashed); the lender's reading carries none.
    expect(new Set(entries.slice(0, 4).map((entry) => entry.sessionRef)).size).toBe(1);
    expect(entries.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['mail.sent']));
    expect(entries[0]?.sessionRef).toMatch(/^[0-9a-f]{32}$/);
    expect(signature?.sessionRef).toBeNull();
    // Chained: each entry names the one before, from the application's own start.
    expect(entries[0]?.prevHash).toBe(genesisHash(customer.reference));
    entries.slice(1).forEach((entry, index) => expect(entry.prevHash).toBe(entries[index]?.hash));

    // Nobody is in it: not her national ID, phone, e-mail or name, in any of the encodings a row could hold them.
    const person = TEST_PEOPLE.find((p) => p.nationalId === '18087248794');
    const rows = await t.db.query<{ body: string; session_ref: string | null }>('SELECT body, session_ref FROM evidence_entries WHERE application_id = $1', [await idOf(customer.reference)]);
    const stored = JSON.stringify(rows);
    for (const value of ['18087248794', String(customer.form.phone), String(customer.form.email), person?.firstName ?? 'Kari', person?.lastName ?? 'Nordmann']) {
      expect(stored.toLowerCase()).not.toContain(value.toLowerCase());
      expect(stored).not.toContain(sha256(value));
    }
  });

  it("records a signature on Resurs' own page in version 1 (the signed booking) once", async () => {
    const customer = await startConsumer(t, '18087248794', 1, t.url);
    const submitted = await call(t, customer, 'PATCH', API.resursSubmit.pattern, { ...customer.form, creditConsent: true });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const back = await signAtResursV1(t, customer);
    // Back again (a reload): nothing new.
    await t.app.inject({ method: 'GET', url: back, headers: { cookie: customer.cookie } });
    const entries = await evidenceOf(t.db, await idOf(customer.reference));
    expect(entries.slice(0, 5).map((entry) => entry.kind)).toEqual(['shown', 'consent', 'consent', 'consent', 'submit']);
    expect(entries.filter((entry) => entry.kind === 'signature').map((entry) => entry.data)).toEqual([expect.objectContaining({ by: 'lender', lender: 'RESURS_V1', signedDocument: null })]);
  });

  it('records the priced screen once per session and content: a reload adds nothing', async () => {
    const customer = await startConsumer(t, '27028809552', 2, t.url);
    for (let i = 0; i < 3; i += 1) expect((await call(t, customer, 'GET', API.applications.pattern)).statusCode).toBe(200);
    expect(await kinds(customer.reference)).toEqual(['shown']);
    // Another session of the same person sees it too: its own entry.
    const other = await startConsumer(t, '27028809552', 2, t.url);
    const again = await call(t, { ...customer, cookie: other.cookie }, 'GET', API.validate.url({ reference: customer.reference }));
    expect(again.statusCode, again.body).toBe(200);
    expect(await kinds(customer.reference)).toEqual(['shown', 'shown']);
  });

  it("records a company's signature with the signing service and the SHA-256 of the very contract signed", async () => {
    const company = await startBusiness(t, '892831270', t.url);
    expect((await call(t, company, 'PATCH', API.grenkeSubmit.pattern, company.form)).statusCode).toBe(200);
    const merchantStatus = async () =>
      (await t.app.inject({ method: 'GET', url: MERCHANT_API.application.url({ merchantPaymentReference: company.merchantPaymentReference }), headers: merchantAuth })).json<{ status: string }>().status;
    await eventually(async () => (await merchantStatus()) === 'APPROVED', 15_000);
    const sessions = (await call(t, company, 'GET', API.signB2bSessions.pattern)).json<{ sessions: { signingUrl: string }[] }>();
    const signed = await fetch(sessions.sessions[0]?.signingUrl ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=sign&name=Kari+Nordmann',
      redirect: 'manual',
    });
    expect(signed.status).toBe(303);
    const refreshed = (await call(t, company, 'PATCH', API.signB2bSessions.pattern)).json<{ orderId: string; packagingTaskId: string }>();
    // Refreshed again (a second tab): still one signature.
    await call(t, company, 'PATCH', API.signB2bSessions.pattern);
    const document = await call(t, company, 'GET', `${API.signedDocument.pattern}?signingRef=${refreshed.orderId}&packagingTaskId=${refreshed.packagingTaskId}`);
    expect(document.statusCode).toBe(200);

    const entries = await evidenceOf(t.db, await idOf(company.reference));
    expect(entries.map((entry) => entry.kind)).toEqual(['shown', 'consent', 'consent', 'consent', 'submit', 'signature']);
    expect(entries.at(-1)?.data).toEqual({
      by: 'signing-service',
      lender: 'GRENKE',
      reference: refreshed.orderId,
      signedDocument: { name: 'leasing-contract', sha256: sha256(document.rawPayload), bytes: document.rawPayload.length },
      providerStatus: expect.any(String),
    });
  });

  it('exports the evidence as one file that `npm run evidence:verify` verifies, and that fails once changed', async () => {
    const customer = await consumerJourney();
    const exported = await exportOf(customer.reference);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^application\/json/);
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="evidence-${customer.reference}.json"`);
    const text = exported.body;
    const file = join(dir, `evidence-${customer.reference}.json`);
    writeFileSync(file, text);

    const verified = await runVerify(file);
    const chain = await evidenceOf(t.db, await idOf(customer.reference));
    expect(verified).toEqual({ code: 0, out: `verified: ${chain.length} entries, head ${chain.at(-1)?.hash}\napplication ${customer.reference}\n` });

    // One byte changed in an entry (a digit of the third entry's time): named.
    const lines = text.split('\n');
    const third = lines.findIndex((line) => line.includes('"seq":3,'));
    const line = lines[third] ?? '';
    const digit = line.indexOf('Z"') - 1;
    lines[third] = `${line.slice(0, digit)}${line[digit] === '1' ? '2' : '1'}${line.slice(digit + 1)}`;
    const changed = lines.join('\n');
    expect(Buffer.byteLength(changed)).toBe(Buffer.byteLength(text));
    const changedFile = join(dir, 'changed.json');
    writeFileSync(changedFile, changed);
    const broken = await runVerify(changedFile);
    expect(broken.code).toBe(1);
    expect(broken.out).toMatch(/^\s+entry 3 \(seq 3\): hash mismatch/m);

    // An entry removed (the header adjusted to match): the chain breaks where it was.
    const original = text.split('\n');
    const second = original.findIndex((l) => l.includes('"seq":2,'));
    const removed = await verify(original.filter((_, index) => index !== second).join('\n'));
    expect(removed.code).toBe(1);
    expect(removed.out).toMatch(/entry 2 \(seq 3\): (out of order|chain broken)/);

    // Two entries swapped.
    const i = original.findIndex((l) => l.includes('"seq":2,'));
    const j = original.findIndex((l) => l.includes('"seq":3,'));
    const swapped = [...original];
    swapped[i] = (original[j] ?? '').replace(/,$/, '') + ',';
    swapped[j] = (original[i] ?? '').replace(/,$/, '') + ',';
    const reordered = await verify(swapped.join('\n'));
    expect(reordered.code).toBe(1);
    expect(reordered.out).toMatch(/entry 2 \(seq 3\): out of order/);

    expect((await verify('{"not": "evidence"}')).code).toBe(2);
  });

  it('exports only to support with a stated reason, and audits who exported what and why', async () => {
    const customer = await startConsumer(t, '18087248794', 2, t.url);
    expect((await exportOf(customer.reference, {})).statusCode).toBe(401);
    expect((await exportOf(customer.reference, { cookie: customer.cookie })).statusCode).toBe(401);
    expect((await exportOf(customer.reference, { cookie: support.operatorCookie }, {})).statusCode).toBe(400);
    // A state-changing call without X-Requested-With (a cross-site form) is refused.
    const crossSite = await t.app.inject({ method: 'POST', url: BACK_OFFICE_API.exportEvidence.route.url({ reference: customer.reference }), headers: { cookie: support.operatorCookie }, payload: REASON });
    expect(crossSite.statusCode).toBe(403);
    expect((await exportOf('no-such-reference')).statusCode).toBe(404);

    const exported = await exportOf(customer.reference);
    expect(exported.statusCode).toBe(200);
    const [audit] = await t.db.query<{ operator_name: string; reason: string; detail: { entries: number; headHash: string } }>(
      `SELECT operator_name, reason, detail FROM audit_log WHERE action = 'application.evidence_exported' AND target_id = $1`,
      [customer.reference],
    );
    expect(audit).toEqual({ operator_name: findTestOperator('operator-support')?.name, reason: REASON.reason, detail: { entries: 1, headHash: (await evidenceOf(t.db, await idOf(customer.reference)))[0]?.hash } });
  });

  it('refuses to change or remove an entry, or to add one that does not follow the chain', async () => {
    const customer = await startConsumer(t, '18087248794', 2, t.url);
    const id = await idOf(customer.reference);
    await expect(t.db.query(`UPDATE evidence_entries SET kind = 'changed' WHERE application_id = $1`, [id])).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM evidence_entries WHERE application_id = $1', [id])).rejects.toThrow(/append-only/);
    await expect(t.db.query('TRUNCATE evidence_entries')).rejects.toThrow(/append-only/);
    // Not through the application either: its evidence holds it.
    await expect(t.db.query('DELETE FROM applications WHERE id = $1', [id])).rejects.toThrow(/foreign key|evidence_entries/);
    // Even in retention's erasure, part of a chain cannot go.
    await appendEvidence(t.db, id, { kind: 'submit', data: { note: 'second' } });
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`SELECT set_config('portal.evidence_erasure', 'on', true)`);
        await tx.query('DELETE FROM evidence_entries WHERE application_id = $1 AND seq = 2', [id]);
      }),
    ).rejects.toThrow(/whole chains/);
    // A forged entry whose hash is right but which does not follow the last one.
    const body: EvidenceBody = { seq: 3, at: new Date().toISOString(), kind: 'submit', sessionRef: null, data: {}, prevHash: genesisHash(customer.reference) };
    const forged = { applicationId: id, seq: 3, at: new Date(), kind: 'submit', sessionRef: null, body: JSON.stringify(body), prevHash: body.prevHash, hash: sha256(JSON.stringify(body)), onceKey: null };
    await expect(evidenceRepository(t.db).insert(forged)).rejects.toThrow(/does not follow/);
    // A hash that is not the body's.
    await expect(evidenceRepository(t.db).insert({ ...forged, prevHash: (await evidenceOf(t.db, id))[1]?.hash ?? '', hash: entryHash(body) })).rejects.toThrow();
    expect((await evidenceOf(t.db, id)).map((entry) => entry.seq)).toEqual([1, 2]);
  });

  it('keeps one chain when many append at once: no fork, no gap', async () => {
    const customer = await startConsumer(t, '27028809552', 2, t.url);
    const id = await idOf(customer.reference);
    await Promise.all(Array.from({ length: 12 }, (_, n) => appendEvidence(t.db, id, { kind: 'mail.sent', data: { messageId: `<${n}@test>` } })));
    const entries = await evidenceOf(t.db, id);
    expect(entries.map((entry) => entry.seq)).toEqual(Array.from({ length: 13 }, (_, n) => n + 1));
    entries.slice(1).forEach((entry, index) => expect(entry.prevHash).toBe(entries[index]?.hash));
    expect(new Set(entries.map((entry) => entry.data.messageId)).size).toBe(13);
    const exported = await exportOf(customer.reference);
    expect((await verify(exported.body)).code).toBe(0);
  });

  it('erases whole chains after CONSENT_RETENTION_DAYS and keeps the newer ones', async () => {
    /** An application the merchant cancelled, its chain written `daysAgo` in the past (as the appends would have). */
    async function finalWithChain(daysAgo: number, recentTail = false): Promise<string> {
      const merchantPaymentReference = nextReference();
      const created = await t.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload: buildPrivateApplication('18087248794', { merchantPaymentReference, version: 2 }) });
      expect(created.statusCode, created.body).toBe(201);
      const { reference } = created.json<{ reference: string }>();
      expect((await t.app.inject({ method: 'POST', url: MERCHANT_API.cancel.url({ merchantPaymentReference }), headers: merchantAuth })).statusCode).toBeLessThan(300);
      const id = await idOf(reference);
      let prevHash = genesisHash(reference);
      for (let seq = 1; seq <= 3; seq += 1) {
        const at = new Date(Date.now() - daysAgo * 86_400_000 + seq * 1000);
        const body: EvidenceBody = { seq, at: at.toISOString(), kind: 'shown', sessionRef: null, data: { seq }, prevHash };
        const hash = entryHash(body);
        await evidenceRepository(t.db).insert({ applicationId: id, seq, at, kind: 'shown', sessionRef: null, body: canonicalBody(body), prevHash, hash, onceKey: null });
        prevHash = hash;
      }
      if (recentTail) await appendEvidence(t.db, id, { kind: 'mail.sent', data: { messageId: '<late@test>' } });
      await t.db.query(`UPDATE applications SET updated_at = now() - make_interval(days => $2) WHERE id = $1`, [id, daysAgo]);
      return id;
    }
    const old = await finalWithChain(1100);
    const young = await finalWithChain(30);
    const lateMail = await finalWithChain(1100, true);

    const counts = await applyRetention(t.app);
    expect(counts.evidenceChainsErased).toBeGreaterThanOrEqual(1);
    expect(await evidenceOf(t.db, old)).toEqual([]);
    expect(await evidenceOf(t.db, young)).toHaveLength(3);
    expect(await evidenceOf(t.db, lateMail)).toHaveLength(4);
    const [event] = await t.db.query<{ type: string }>(`SELECT type FROM application_events WHERE application_id = $1 AND type = 'evidence-chain.erased'`, [old]);
    expect(event?.type).toBe('evidence-chain.erased');
    // A second run finds nothing more of these.
    await applyRetention(t.app);
    expect(await evidenceOf(t.db, young)).toHaveLength(3);
  });
});

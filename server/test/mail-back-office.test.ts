/**
 * An application's mails in the back office (issue 31): support sees each mail's kind, language,
 * state, attempts, last failure code, Message-ID, digest and attachments, never its recipient;
 * and sends a failed one again with a reason that goes to the audit log. The same message then
 * goes once more, under the same Message-ID. A mail that has not failed is refused with 409. When
 * retention erases the application's personal data, its mails' recipients and words go with it;
 * their Message-IDs and digests stay, and an erased mail is never sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, BACK_OFFICE_API, type BackOfficeMails, FINAL_APPLICATION_STATUSES, findTestOperator } from '@portal/domain';
import { retentionRepository } from '../src/db/repositories/retention';
import { mailStatus, type OutgoingMail, queueMail } from '../src/services/mail';
import { OperatorBrowser } from './back-office-helpers';
import { eventually, startConsumer } from './flow-helpers';
import { startTestServer, type TestApp, XHR } from './helpers';
import { startSmtp, type TestSmtp, UNKNOWN_PREFIX } from './mail-helpers';

type Server = TestApp & { url: string };

describe('support and an application\u2019s mails', { shuffle: false }, () => {
  let smtp: TestSmtp;
  let t: Server;
  let support: OperatorBrowser;
  let admin: OperatorBrowser;
  let reference = '';
  let failedId = '';
  let sentId = '';
  let mailFor: (to: string) => OutgoingMail = () => {
    throw new Error('not set up');
  };
  const refused = `${UNKNOWN_PREFIX}.kari@example.com`;

  const list = (cookie: string | null = support.operatorCookie) =>
    t.app.inject({ method: 'GET', url: BACK_OFFICE_API.mails.route.url({ reference }), headers: cookie ? { cookie } : {} });
  const retry = (mailId: string, payload: object, headers: Record<string, string> = { ...XHR, cookie: support.operatorCookie }) =>
    t.app.inject({ method: 'POST', url: BACK_OFFICE_API.retryMail.route.url({ reference, mailId }), headers, payload });
  const settled = (id: string, state: 'sent' | 'failed') =>
    eventually(async () => {
      const now = await mailStatus(t.app, id);
      return now?.state === state ? now : null;
    }, 30_000);

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestServer('pglite', { SMTP_URL: smtp.url });
    const operators = { support: findTestOperator('operator-support'), admin: findTestOperator('operator-admin') };
    if (!operators.support || !operators.admin) throw new Error('no test operators');
    support = new OperatorBrowser(t.url);
    await support.signIn(operators.support);
    admin = new OperatorBrowser(t.url);
    await admin.signIn(operators.admin);
    const customer = await startConsumer(t, '18087248794', 2, t.url);
    reference = customer.reference;
    const application = await t.app.repos.applications.findByReference(reference);
    if (!application) throw new Error('no application');
    mailFor = (to: string): OutgoingMail => ({
      applicationId: application.id,
      to,
      language: 'sv',
      template: { name: 'precontractual-information', params: { lenderName: 'Resurs Bank', merchantName: 'Demobutiken', resumeUrl: `${t.url}/apply/x` } },
      attachments: [{ filename: 'SEKKI.pdf', contentType: 'application/pdf', content: new TextEncoder().encode('%PDF-1.4 test') }],
    });
    sentId = await t.app.db.transaction((tx) => queueMail(t.app, tx, mailFor('kari.nordmann@example.com')));
    await settled(sentId, 'sent');
    failedId = await t.app.db.transaction((tx) => queueMail(t.app, tx, mailFor(refused)));
    await settled(failedId, 'failed');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('lists the mails with what became of each, and never to whom they went', async () => {
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    const { mails } = response.json<BackOfficeMails>();
    expect(mails.map((m) => [m.id, m.kind, m.language, m.state, m.attempts, m.lastError])).toEqual([
      [sentId, 'precontractual-information', 'sv', 'sent', 1, null],
      [failedId, 'precontractual-information', 'sv', 'failed', 1, '550 5.1.1'],
    ]);
    const sent = mails[0];
    const status = await mailStatus(t.app, sentId);
    expect(sent).toMatchObject({ messageId: status?.messageId, digest: status?.digest, erased: false, failedAt: null });
    expect(sent?.sentAt).not.toBeNull();
    expect(sent?.attachments.map((a) => [a.filename, a.contentType])).toEqual([['SEKKI.pdf', 'application/pdf']]);
    expect(response.body).not.toContain('example.com');
    expect((await list(null)).statusCode).toBe(401);
  });

  it('refuses to send again a mail that did not fail, or without a reason', async () => {
    const notFailed = await retry(sentId, { reason: 'The customer says it never came' });
    expect(notFailed.statusCode, notFailed.body).toBe(409);
    expect((await retry(failedId, {})).statusCode).toBe(400);
    expect((await retry(failedId, { reason: 'x' }, { cookie: support.operatorCookie })).statusCode).toBe(403);
    expect((await mailStatus(t.app, failedId))?.state).toBe('failed');
  });

  it('sends a failed mail again, the same message, once the address works, and audits it with the reason', async () => {
    smtp.refuseUnknown = false;
    const before = await mailStatus(t.app, failedId);
    const response = await retry(failedId, { reason: 'The customer fixed the mailbox on the phone' });
    expect(response.statusCode, response.body).toBe(202);
    const queued = response.json<BackOfficeMails>().mails.find((m) => m.id === failedId);
    expect(queued).toMatchObject({ state: 'queued', lastError: '550 5.1.1' });

    const sent = await settled(failedId, 'sent');
    expect(sent.messageId).toBe(before?.messageId);
    const arrived = smtp.received.filter((r) => r.parsed.messageId === sent.messageId);
    expect(arrived.map((r) => r.sha256)).toEqual([before?.digest]);

    const audit = await t.app.inject({
      method: 'GET',
      url: `${BACK_OFFICE_API.auditLog.route.url()}?action=mail.retried&targetId=${reference}`,
      headers: { cookie: admin.operatorCookie },
    });
    const entries = audit.json<{ items: AuditEntry[] }>().items;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'mail.retried', reason: 'The customer fixed the mailbox on the phone', targetId: reference });
    expect(JSON.stringify(entries)).not.toContain(UNKNOWN_PREFIX);
  });

  it('erases the mails\u2019 recipients and words with the application\u2019s personal data, keeps their evidence, and sends none of them again', async () => {
    smtp.refuseUnknown = true;
    const failedAgain = await t.app.db.transaction((tx) => queueMail(t.app, tx, mailFor(refused)));
    await settled(failedAgain, 'failed');
    const before = (await list()).json<BackOfficeMails>().mails;
    // The application ended long ago (its status set here as the lender's answer would have).
    await t.db.query("UPDATE applications SET status = 'CANCELLED', updated_at = now() - interval '400 days' WHERE reference = $1", [reference]);
    expect(await retentionRepository(t.app.db).eraseFinalApplications(FINAL_APPLICATION_STATUSES, 90, 10)).toHaveLength(1);

    const rows = await t.db.query<{ recipient: string | null; subject: string | null; message: string | null }>(
      'SELECT recipient, subject, message FROM mail_outbox m JOIN applications a ON a.id = m.application_id WHERE a.reference = $1',
      [reference],
    );
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.recipient === null && row.subject === null && row.message === null)).toBe(true);
    const after = (await list()).json<BackOfficeMails>().mails;
    expect(after.map((m) => [m.id, m.messageId, m.digest, m.erased])).toEqual(before.map((m) => [m.id, m.messageId, m.digest, true]));
    const refusedRetry = await retry(failedAgain, { reason: 'The customer asked again' });
    expect(refusedRetry.statusCode, refusedRetry.body).toBe(409);
  });
});

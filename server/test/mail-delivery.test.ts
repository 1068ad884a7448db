/**
 * E-mail as a real part (issue 31): a mail kept with what it is about is sent over real SMTP,
 * once, the very message that was kept (its Message-ID and SHA-256 known before the first
 * attempt), with its attachment and, for an application, its `mail.sent` evidence. A server that
 * refuses the address for good fails it with the reply's code and no address in the logs; one
 * that is down or says "later" defers it, and the job sends it once the server is back. A mail
 * kept by an instance that stops before sending it is sent once by another; a transaction that
 * rolls back sends nothing; a mail that carries the applicant's national ID is refused.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { evidenceOf } from '../src/services/evidence';
import { mailStatus, type OutgoingMail, queueMail } from '../src/services/mail';
import { deliverMail } from '../src/services/mail/deliver-mail';
import { eventually, startConsumer } from './flow-helpers';
import { createTestApp, type Engine, ENGINES, openTestDatabase, type TestApp, testConfig, type TestDatabase } from './helpers';
import { logLines, startSmtp, type TestSmtp, UNKNOWN_PREFIX } from './mail-helpers';

const KARI = '18087248794';
const secci = new TextEncoder().encode('%PDF-1.4\n% SECCI of the test, not a real document\n%%EOF\n');

function mailFor(applicationId: string, to: string): OutgoingMail {
  return {
    applicationId,
    to,
    language: 'nb',
    template: { name: 'precontractual-information', params: { lenderName: 'Resurs Bank', merchantName: 'Demobutikken', resumeUrl: 'http://localhost:3000/apply/x' } },
    attachments: [{ filename: 'SEF.pdf', contentType: 'application/pdf', content: secci }],
  };
}

describe.each(ENGINES)('a mail over SMTP (%s)', (engine: Engine) => {
  let smtp: TestSmtp;
  let t: TestApp;
  const logs = logLines();
  let applicationId = '';

  const queue = (to: string) => t.app.db.transaction((tx) => queueMail(t.app, tx, mailFor(applicationId, to)));

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(engine, { SMTP_URL: smtp.url, LOG_LEVEL: 'info', PROVIDER_TIMEOUT_MS: '2000' }, undefined, logs);
    const customer = await startConsumer(t, KARI, 2, 'http://localhost:3000');
    const application = await t.app.repos.applications.findByReference(customer.reference);
    if (!application) throw new Error('no application');
    applicationId = application.id;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => {
    smtp.mode = 'accept';
  });

  it('arrives once, the very message kept: its Message-ID, its digest, its attachment, and its evidence', async () => {
    const id = await queue('kari.nordmann@example.com');
    const status = await eventually(async () => {
      const now = await mailStatus(t.app, id);
      return now?.state === 'sent' ? now : null;
    });
    // A second attempt (the job's, or a repeat) finds it sent and sends nothing.
    await deliverMail(t.app, id);
    const arrived = smtp.received.filter((r) => r.parsed.messageId === status.messageId);
    expect(arrived).toHaveLength(1);
    const [mail] = arrived;
    if (!mail) throw new Error('not arrived');
    expect(mail.sha256).toBe(status.digest);
    expect(mail.envelopeTo).toEqual(['kari.nordmann@example.com']);
    expect(mail.parsed.subject).toBe('Informasjon om kreditten din før du signerer');
    expect(mail.parsed.headers.get('content-language')).toBe('nb');
    expect(mail.parsed.html).toContain('<html lang="nb"');
    expect(mail.parsed.text).toContain('Fortsett søknaden');
    expect(mail.parsed.attachments.map((a) => [a.filename, a.contentType, Buffer.from(a.content).equals(Buffer.from(secci))])).toEqual([['SEF.pdf', 'application/pdf', true]]);
    expect(status.attempts).toBe(1);

    const evidence = (await evidenceOf(t.app.db, applicationId)).filter((entry) => entry.kind === 'mail.sent');
    expect(evidence.map((entry) => entry.data)).toEqual([
      {
        messageId: status.messageId,
        digest: status.digest,
        template: 'precontractual-information',
        language: 'nb',
        attachments: [{ filename: 'SEF.pdf', sha256: createHash('sha256').update(secci).digest('hex') }],
      },
    ]);
    expect(JSON.stringify(evidence)).not.toContain('kari.nordmann');
  });

  it('is sent once when several attempts start at the same moment (one holds the lease)', async () => {
    const id = await queue('kari.nordmann@example.com');
    // Beside the attempt the commit started: two more, as two instances' jobs would.
    const outcomes = await Promise.all([deliverMail(t.app, id), deliverMail(t.app, id)]);
    expect(outcomes.every((outcome) => outcome !== null)).toBe(true);
    const status = await eventually(async () => {
      const now = await mailStatus(t.app, id);
      return now?.state === 'sent' ? now : null;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.filter((r) => r.parsed.messageId === status.messageId)).toHaveLength(1);
    expect(status.attempts).toBe(1);
  });

  it('fails for good when the server refuses the address (550 5.1.1), and no log line names it', async () => {
    const address = `${UNKNOWN_PREFIX}.kari@example.com`;
    const id = await queue(address);
    const status = await eventually(async () => {
      const now = await mailStatus(t.app, id);
      return now?.state === 'failed' ? now : null;
    });
    expect(status).toMatchObject({ state: 'failed', lastError: '550 5.1.1', attempts: 1, sentAt: null });
    expect(logs.lines.some((line) => line.includes('mail failed') && line.includes(id) && line.includes('550 5.1.1'))).toBe(true);
    expect(logs.lines.filter((line) => line.includes(UNKNOWN_PREFIX))).toEqual([]);
    expect(logs.lines.filter((line) => line.includes('kari.nordmann'))).toEqual([]);
  });

  it('is deferred while the server is unreachable or says "later" (421), and the job sends it once it is back', { timeout: 90_000 }, async () => {
    await smtp.close();
    // Nothing listens on the server's port now.
    const id = await queue('kari.nordmann@example.com');
    const unreachable = await eventually(async () => {
      const now = await mailStatus(t.app, id);
      return now && now.attempts >= 1 && now.lastError ? now : null;
    });
    expect(unreachable.state).toBe('queued');
    expect(unreachable.lastError).toMatch(/^E[A-Z]+$/);

    // Back, but busy: 421 at the greeting.
    smtp = await startSmtp('busy', smtp.port);
    await eventually(async () => ((await mailStatus(t.app, id))?.lastError?.startsWith('421') ? true : null), 60_000);
    expect((await mailStatus(t.app, id))?.state).toBe('queued');

    smtp.mode = 'accept';
    const sent = await eventually(async () => {
      const now = await mailStatus(t.app, id);
      return now?.state === 'sent' ? now : null;
    }, 60_000);
    expect(smtp.received.filter((r) => r.parsed.messageId === sent.messageId)).toHaveLength(1);
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
  });

  it('sends nothing when the transaction that kept it rolls back', async () => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox');
    await expect(
      t.app.db.transaction(async (tx) => {
        await queueMail(t.app, tx, mailFor(applicationId, 'kari.rollback@example.com'));
        throw new Error('what the mail was about did not happen');
      }),
    ).rejects.toThrow('did not happen');
    // Longer than the job's polling interval: nothing was queued to find.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox')).toEqual(before);
    expect(smtp.received.filter((r) => r.envelopeTo.includes('kari.rollback@example.com'))).toEqual([]);
  });

  it('refuses a mail that carries the applicant\u2019s national ID, however it is written, and keeps nothing', async () => {
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox');
    for (const written of [KARI, '180872 48794', '180872-48794']) {
      const mail: OutgoingMail = { applicationId, to: 'kari.nordmann@example.com', language: 'en', kind: 'custom', subject: 'Your application', text: `Your number: ${written}`, html: '<p>Hello</p>' };
      await expect(t.app.db.transaction((tx) => queueMail(t.app, tx, mail))).rejects.toThrow(/national ID/);
    }
    expect(await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox')).toEqual(before);
  });
});

describe.each(ENGINES)('an instance that stops between "mail kept" and "mail sent" (%s)', (engine: Engine) => {
  let database: TestDatabase;
  let hanging: TestSmtp;
  let working: TestSmtp;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    hanging = await startSmtp('hang');
    working = await startSmtp();
  });
  afterAll(async () => {
    await hanging?.close();
    await working?.close();
    await database?.drop();
  });

  it('leaves the mail to the next instance, which sends it exactly once', { timeout: 90_000 }, async () => {
    // The first instance's server takes the connection and never answers: the instance holds the
    // mail's lease when it stops, as one killed mid-attempt does.
    const first = await buildApp({ config: testConfig({ SMTP_URL: hanging.url, PROVIDER_TIMEOUT_MS: '60000' }), db: database.db });
    const customer = await startConsumer({ app: first, db: first.db, close: () => first.close() }, KARI, 2, 'http://localhost:3000');
    const application = await first.repos.applications.findByReference(customer.reference);
    if (!application) throw new Error('no application');
    const id = await first.db.transaction((tx) => queueMail(first, tx, mailFor(application.id, 'kari.nordmann@example.com')));
    await eventually(async () => (hanging.connections > 0 ? true : null));
    await first.close();

    const kept = await database.db.query<{ state: string; leased: boolean }>('SELECT state, lease_until > now() AS leased FROM mail_outbox WHERE id = $1', [id]);
    expect(kept).toEqual([{ state: 'queued', leased: true }]);
    // Its lease runs out (two minutes, shortened here), as it would while the instance is gone.
    await database.db.query("UPDATE mail_outbox SET lease_until = now() - interval '1 second' WHERE id = $1", [id]);

    const second = await buildApp({ config: testConfig({ SMTP_URL: working.url }), db: database.db });
    try {
      const sent = await eventually(async () => {
        const now = await mailStatus(second, id);
        return now?.state === 'sent' ? now : null;
      }, 60_000);
      // Longer than a polling interval and a retry: nothing sends it again.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect(working.received.map((r) => r.parsed.messageId)).toEqual([sent.messageId]);
      expect(working.received[0]?.sha256).toBe(sent.digest);
      expect(hanging.received).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

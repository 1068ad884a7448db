/**
 * The sandbox mailbox (issue 31): in sandbox mode without SMTP_URL, the portal's mail goes over
 * SMTP to the sandbox's own server, and /sandbox/mail/ lists it and shows it as the customer
 * would see it (its HTML in a frame that runs nothing, its text, its attachment to download), in
 * English, Swedish and Norwegian.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailStatus, queueMail } from '../src/services/mail';
import { eventually } from './flow-helpers';
import { createTestApp, type TestApp } from './helpers';

interface ArrivedMail {
  id: string;
  envelopeTo: string[];
  subject: string;
  messageId: string | null;
  sha256: string;
  page: string;
  html: string | null;
  attachments: { filename: string; url: string; sha256: string }[];
}

const secci = new TextEncoder().encode('%PDF-1.4\n% SKKI of the sandbox\n%%EOF\n');

describe('the sandbox mailbox', () => {
  let t: TestApp;
  let arrived: ArrivedMail;
  let digest = '';

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const id = await t.app.db.transaction((tx) =>
      queueMail(t.app, tx, {
        applicationId: null,
        to: 'sven.svensson@example.com',
        language: 'sv',
        template: { name: 'precontractual-information', params: { lenderName: 'Resurs Bank', merchantName: 'Demobutiken', resumeUrl: 'http://localhost:3000/apply/x' } },
        attachments: [{ filename: 'SEKKI.pdf', contentType: 'application/pdf', content: secci }],
      }),
    );
    const status = await eventually(async () => {
      const now = await mailStatus(t.app, id);
      return now?.state === 'sent' ? now : null;
    });
    digest = status.digest;
    const list = await t.app.inject({ method: 'GET', url: '/sandbox/control/mail' });
    const mail = list.json<ArrivedMail[]>().find((m) => m.messageId === status.messageId);
    if (!mail) throw new Error(`not in the mailbox: ${list.body}`);
    arrived = mail;
  }, 60_000);
  afterAll(async () => t?.close());

  it('receives the mail over SMTP, byte for byte as the portal kept it', () => {
    expect(arrived.envelopeTo).toEqual(['sven.svensson@example.com']);
    expect(arrived.sha256).toBe(digest);
  });

  it('lists it, and shows it with its attachment, in Swedish, Norwegian and English', async () => {
    const pages = {
      sv: { list: 'Sandlådans inkorg', attachment: 'Ladda ned SEKKI.pdf', text: 'Textdelen' },
      nb: { list: 'Innboksen i sandkassen', attachment: 'Last ned SEKKI.pdf', text: 'Tekstdelen' },
      en: { list: 'Sandbox mailbox', attachment: 'Download SEKKI.pdf', text: 'The plain-text part' },
    } as const;
    for (const [lang, words] of Object.entries(pages)) {
      const list = await t.app.inject({ method: 'GET', url: `/sandbox/mail/?lang=${lang}` });
      expect(list.statusCode).toBe(200);
      expect(list.body).toContain(`<html lang="${lang}"`);
      expect(list.body).toContain(words.list);
      expect(list.body).toContain('Information om din kredit innan du skriver under');
      expect(list.body).toContain(`href="${arrived.page}?lang=${lang}"`);

      const message = await t.app.inject({ method: 'GET', url: `${arrived.page}?lang=${lang}` });
      expect(message.statusCode).toBe(200);
      expect(message.body).toContain(`<html lang="${lang}"`);
      expect(message.body).toContain(words.attachment);
      expect(message.body).toContain(words.text);
      expect(message.body).toContain('Fortsätt med din ansökan');
      expect(message.body).toMatch(/<iframe[^>]*sandbox="allow-popups allow-popups-to-escape-sandbox"[^>]*>/);
    }
    // Without ?lang, the reader's browser decides.
    const norwegian = await t.app.inject({ method: 'GET', url: '/sandbox/mail/', headers: { 'accept-language': 'nb-NO,nb;q=0.9' } });
    expect(norwegian.body).toContain('<html lang="nb"');
  });

  it('serves the HTML part under a policy that runs and loads nothing (its links open in a new tab), and the attachment as a download', async () => {
    if (!arrived.html) throw new Error('no HTML part');
    const html = await t.app.inject({ method: 'GET', url: arrived.html });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    expect(html.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(html.body).toContain('<html lang="sv"');
    // Its link, back to the application, opens in a new tab: the portal's pages may not be framed.
    expect(html.body).toMatch(/<head><base target="_blank">/);
    expect(html.body).toContain('href="http://localhost:3000/apply/x"');

    const [attachment] = arrived.attachments;
    if (!attachment) throw new Error('no attachment');
    const file = await t.app.inject({ method: 'GET', url: attachment.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment; filename="SEKKI.pdf"');
    expect(Buffer.from(file.rawPayload).equals(Buffer.from(secci))).toBe(true);
  });

  it('says so, in the reader\u2019s language, for a message it does not have', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/sandbox/mail/messages/gone?lang=sv' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Finns inte i inkorgen');
  });
});

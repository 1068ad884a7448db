import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language, withdrawalDeadline } from '@portal/domain';
import { renderLayout } from './render';
import { type MailTemplate, type MailTemplateName, renderTemplate } from './templates';

const MY_APPLICATIONS = 'https://portal.example/my-applications';
const BACK_OFFICE = 'https://portal.example/back-office/after-decision/R-7Q2K';
// Just after midnight on 28 November in Stockholm and Oslo: a day earlier in UTC.
const AT = new Date('2026-11-27T23:30:00Z');

/** One of each template, with everything it can show. */
const SAMPLES: { readonly [N in MailTemplateName]: Extract<MailTemplate, { name: N }> } = {
  'precontractual-information': {
    name: 'precontractual-information',
    params: { lenderName: 'Resurs Bank', merchantName: 'Demobutiken', resumeUrl: 'https://portal.example/apply/x', myApplicationsUrl: MY_APPLICATIONS },
  },
  'review-receipt': {
    name: 'review-receipt',
    params: {
      lenderName: 'Resurs Bank',
      merchantName: 'Demobutiken',
      reference: 'R-7Q2K',
      receivedAt: AT,
      country: 'SE',
      myApplicationsUrl: MY_APPLICATIONS,
      wants: ['explanation', 'view', 'reassessment'],
      view: 'I have a permanent job now.',
      hasAttachment: true,
    },
  },
  'review-answer': {
    name: 'review-answer',
    params: {
      lenderName: 'Resurs Bank',
      reference: 'R-7Q2K',
      outcome: 'upheld',
      factors: ['Payment remarks in the last 12 months', 'Income below the requirement'],
      explanation: 'We looked at the payslip you sent.',
      country: 'SE',
      myApplicationsUrl: MY_APPLICATIONS,
    },
  },
  'review-request-to-lender': {
    name: 'review-request-to-lender',
    params: {
      reference: 'R-7Q2K',
      applicationReference: 'A-3F9X',
      merchantName: 'Demobutiken',
      wants: ['explanation', 'view'],
      view: 'I have a permanent job now.',
      hasAttachment: true,
      receivedAt: AT,
      country: 'SE',
      backOfficeUrl: BACK_OFFICE,
    },
  },
  'withdrawal-acknowledgement': {
    name: 'withdrawal-acknowledgement',
    params: {
      lenderName: 'Resurs Bank',
      merchantName: 'Demobutiken',
      reference: 'W-5M8T',
      receivedAt: AT,
      creditAmount: 12990,
      currency: 'SEK',
      country: 'SE',
      myApplicationsUrl: MY_APPLICATIONS,
    },
  },
  'withdrawal-reminder': {
    name: 'withdrawal-reminder',
    params: { lenderName: 'Resurs Bank', merchantName: 'Demobutiken', deadline: withdrawalDeadline(AT, 'SE'), country: 'SE', myApplicationsUrl: MY_APPLICATIONS },
  },
  'withdrawal-to-lender': {
    name: 'withdrawal-to-lender',
    params: {
      reference: 'W-5M8T',
      applicationReference: 'A-3F9X',
      lenderReference: 'RB-88812',
      merchantName: 'Demobutiken',
      receivedAt: AT,
      country: 'NO',
      backOfficeUrl: BACK_OFFICE,
    },
  },
  'decline-notice': {
    name: 'decline-notice',
    params: { lenderName: 'Resurs Bank', merchantName: 'Demobutiken', automated: true, creditAgency: 'UC', country: 'SE', myApplicationsUrl: MY_APPLICATIONS },
  },
};

const TEMPLATES = Object.values(SAMPLES);
const TO_LENDER: readonly MailTemplateName[] = ['review-request-to-lender', 'withdrawal-to-lender'];
const TO_CUSTOMER = TEMPLATES.filter((template) => !TO_LENDER.includes(template.name));

/** Intl puts no-break and narrow spaces in dates and amounts; a reader sees spaces. */
const plain = (text: string) => text.replace(/\s/g, ' ');
const SCRIPT = '<script>alert("x")</script>';

describe.each(LANGUAGES)('every mail in %s', (language: Language) => {
  it.each(TEMPLATES.map((template) => [template.name, template] as const))('%s has a subject, an HTML part in the language and a text part', (_, template) => {
    const mail = renderTemplate(language, template);
    expect(mail.subject.length).toBeGreaterThan(10);
    expect(mail.html).toContain(`<html lang="${language}"`);
    expect(mail.html).toContain(`<title>${mail.subject}</title>`);
    expect(mail.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(mail.text.split('\n')[0]?.length).toBeGreaterThan(5);
    expect(mail.text).not.toContain('<');
  });

  it.each(TO_CUSTOMER.map((template) => [template.name, template] as const))('%s links to the customer’s own page, in both parts', (_, template) => {
    const mail = renderTemplate(language, template);
    expect(mail.html).toContain(`href="${MY_APPLICATIONS}"`);
    expect(mail.text).toContain(MY_APPLICATIONS);
  });

  it.each(TEMPLATES.filter((template) => TO_LENDER.includes(template.name)).map((template) => [template.name, template] as const))(
    '%s to the lender’s staff links to the back office',
    (_, template) => {
      const mail = renderTemplate(language, template);
      expect(mail.html).toContain(`href="${BACK_OFFICE}"`);
      expect(mail.text).toContain(BACK_OFFICE);
    },
  );

  it('escapes the consumer’s view and the lender’s explanation in the HTML, and keeps them as written in the text', () => {
    const request = renderTemplate(language, { ...SAMPLES['review-request-to-lender'], params: { ...SAMPLES['review-request-to-lender'].params, view: `My view ${SCRIPT}\nsecond line` } });
    const answer = renderTemplate(language, { ...SAMPLES['review-answer'], params: { ...SAMPLES['review-answer'].params, explanation: `Because ${SCRIPT}`, factors: [`<b>${SCRIPT}</b>`] } });
    const receipt = renderTemplate(language, { ...SAMPLES['review-receipt'], params: { ...SAMPLES['review-receipt'].params, view: SCRIPT } });
    for (const mail of [request, answer, receipt]) {
      expect(mail.html).not.toContain('<script');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
      expect(mail.text).toContain(SCRIPT);
    }
    expect(request.html).toMatch(/<blockquote[^>]*><p[^>]*>My view &lt;script&gt;.*<br>\nsecond line<\/p><\/blockquote>/);
    expect(request.text).toContain(`> My view ${SCRIPT}\n> second line`);
  });

  it('never carries an identity-number-like run of digits', () => {
    for (const template of TEMPLATES) {
      const mail = renderTemplate(language, template);
      // Digits with whatever a writer puts between them, as queue-mail.ts looks for a national ID.
      const digits = plain(`${mail.subject}\n${mail.text}\n${mail.html}`).replace(/(\d)[ .+-](?=\d)/g, '$1');
      expect(digits, template.name).not.toMatch(/\d{10,}/);
    }
  });
});

describe('times and amounts', () => {
  it('shows a time in the country’s own time zone and says whose time it is', () => {
    const receipt = (language: Language, country: 'SE' | 'NO') =>
      plain(renderTemplate(language, { ...SAMPLES['review-receipt'], params: { ...SAMPLES['review-receipt'].params, country } }).text);
    expect(receipt('en', 'SE')).toContain('on 28 November 2026 at 00:30 (Swedish time)');
    expect(receipt('sv', 'SE')).toContain('den 28 november 2026 kl. 00:30 (svensk tid)');
    expect(receipt('nb', 'NO')).toContain('den 28. november 2026 kl. 00:30 (norsk tid)');
    expect(receipt('en', 'NO')).toContain('28 November 2026 at 00:30 (Norwegian time)');
  });

  it('shows summer time as the country’s clock shows it', () => {
    const mail = renderTemplate('nb', { ...SAMPLES['withdrawal-to-lender'], params: { ...SAMPLES['withdrawal-to-lender'].params, receivedAt: new Date('2026-06-30T22:15:00Z') } });
    expect(plain(mail.text)).toContain('1. juli 2026 kl. 00:15 (norsk tid)');
  });

  it('gives the last moment of the withdrawal period, 14 days after the day of signing', () => {
    const en = plain(renderTemplate('en', SAMPLES['withdrawal-reminder']).text);
    const sv = plain(renderTemplate('sv', SAMPLES['withdrawal-reminder']).text);
    expect(en).toContain('without giving a reason until 12 December 2026 at 23:59 (Swedish time)');
    expect(sv).toContain('fram till den 12 december 2026 kl. 23:59 (svensk tid)');
  });

  it('writes the credit amount as the language writes money', () => {
    expect(plain(renderTemplate('sv', SAMPLES['withdrawal-acknowledgement']).text)).toContain('Kreditbelopp: 12 990,00 kr.');
    expect(plain(renderTemplate('en', SAMPLES['withdrawal-acknowledgement']).text)).toContain('Credit amount: SEK 12,990.00.');
    const nok = renderTemplate('nb', { ...SAMPLES['withdrawal-acknowledgement'], params: { ...SAMPLES['withdrawal-acknowledgement'].params, currency: 'NOK', country: 'NO' } });
    expect(plain(nok.text)).toContain('Kredittbeløp: 12 990,00 kr.');
  });
});

describe('what each mail says', () => {
  it('the review receipt lists what the customer asked for, when it went to the lender, the reference and where the answer comes', () => {
    const mail = renderTemplate('en', SAMPLES['review-receipt']);
    expect(mail.html).toMatch(/<ul[^>]*>\n<li[^>]*>An explanation of the assessment and the decision<\/li>\n<li[^>]*>To give your view<\/li>\n<li[^>]*>A new assessment by a person<\/li>\n<\/ul>/);
    expect(mail.text).toContain('- To give your view');
    expect(mail.text).toContain('> I have a permanent job now.');
    expect(mail.text).toContain('You also sent a document.');
    expect(mail.text).toContain('Reference: R-7Q2K.');
    expect(mail.text).toContain('Resurs Bank will send the answer by e-mail.');
  });

  it('the review answer says whether the decision stands, lists the factors and points to free debt advice in the country', () => {
    const upheld = renderTemplate('sv', SAMPLES['review-answer']);
    expect(upheld.html).toContain('<h1 style="font-size:22px;line-height:1.3;margin:0 0 16px;font-weight:700">Beslutet står fast</h1>');
    expect(upheld.html).toMatch(/<li[^>]*>Payment remarks in the last 12 months<\/li>\n<li[^>]*>Income below the requirement<\/li>/);
    expect(upheld.text).toContain('- Income below the requirement');
    expect(upheld.text).toContain('budget- och skuldrådgivningen i din kommun');
    expect(upheld.text).toContain('konsumentverket.se');

    const changed = renderTemplate('nb', { ...SAMPLES['review-answer'], params: { ...SAMPLES['review-answer'].params, outcome: 'changed', country: 'NO', factors: [] } });
    expect(changed.subject).toBe('Resurs Bank har svart på forespørselen din om ny vurdering');
    expect(changed.text).toContain('Resurs Bank har endret avgjørelsen');
    // Signing after a changed decision is the lender's to arrange (ADR 38): no way on to a signature here.
    expect(changed.text).toContain('Resurs Bank kontakter deg om avtalen.');
    expect(changed.text).not.toContain('Fortsett fra siden din');
    expect(changed.text).toContain('NAVs økonomi- og gjeldsrådgivning på telefon 55 55 33 39');
    expect(changed.html).not.toContain('<ul');
  });

  it('the request to the lender names no one, and mentions a document only when there is one', () => {
    const withDocument = renderTemplate('en', SAMPLES['review-request-to-lender']);
    expect(withDocument.text).toContain('They attached a document.');
    expect(withDocument.text).toContain('- Request reference: R-7Q2K\n- Application: A-3F9X\n- Shop: Demobutiken');
    const without = renderTemplate('en', { ...SAMPLES['review-request-to-lender'], params: { ...SAMPLES['review-request-to-lender'].params, hasAttachment: false, view: null } });
    expect(without.text).not.toContain('document');
    expect(without.text).not.toContain('Their view');
    expect(without.text).not.toMatch(/@/);
  });

  it('the withdrawal acknowledgement says what happens next and that the purchase is the shop’s', () => {
    const text = plain(renderTemplate('en', SAMPLES['withdrawal-acknowledgement']).text);
    expect(text).toContain('We received your withdrawal from the credit agreement with Resurs Bank on 28 November 2026 at 00:30 (Swedish time).');
    expect(text).toContain('You withdrew from the credit agreement for your purchase from Demobutiken.');
    expect(text).toContain('no later than 30 calendar days after you sent your withdrawal');
    expect(text).toContain('does not by itself cancel your purchase. If you want to return the goods, contact Demobutiken.');
  });

  it('the reminder names the button the customer uses in their language', () => {
    expect(renderTemplate('sv', SAMPLES['withdrawal-reminder']).text).toContain('”Ångra avtalet här”');
    expect(renderTemplate('nb', SAMPLES['withdrawal-reminder']).text).toContain('«Angre avtalen her»');
    expect(renderTemplate('en', SAMPLES['withdrawal-reminder']).text).toContain('“Withdraw from the agreement”');
  });

  it('the lender is given its own reference of the agreement only when there is one', () => {
    expect(renderTemplate('sv', SAMPLES['withdrawal-to-lender']).text).toContain('- Er referens: RB-88812');
    const without = renderTemplate('sv', { ...SAMPLES['withdrawal-to-lender'], params: { ...SAMPLES['withdrawal-to-lender'].params, lenderReference: null } });
    expect(without.text).not.toContain('Er referens');
  });

  it('the decline notice offers a review by a person only after an automated assessment, and names the agency only when one was consulted', () => {
    const automated = renderTemplate('en', SAMPLES['decline-notice']);
    expect(automated.text).toContain('The assessment was made automatically. You can ask for a person at Resurs Bank to review the decision');
    expect(automated.text).toContain('obtained a credit report from UC');
    const manual = renderTemplate('en', { ...SAMPLES['decline-notice'], params: { ...SAMPLES['decline-notice'].params, automated: false, creditAgency: null } });
    expect(manual.text).not.toContain('automatically. You can ask');
    expect(manual.text).not.toContain('credit report');
    expect(manual.text).toContain('the budget and debt advice service');
  });

  it('the pre-contractual mail keeps its words and adds the link to the customer’s page only when given', () => {
    const { myApplicationsUrl: _, ...withoutLink } = SAMPLES['precontractual-information'].params;
    const before = renderTemplate('nb', { name: 'precontractual-information', params: withoutLink });
    const after = renderTemplate('nb', SAMPLES['precontractual-information']);
    expect(before.html).not.toContain(MY_APPLICATIONS);
    expect(after.text).toBe(before.text.replace('\n--\n', `\nSe alle søknadene dine:\n${MY_APPLICATIONS}\n\n--\n`));
  });
});

describe('the layout', () => {
  it('links only to http(s) addresses, in a list of links as in the action', () => {
    expect(() => renderLayout('en', { subject: 's', heading: 'h', intro: [{ link: { label: 'x', url: 'javascript:alert(1)' } }], footer: 'f' })).toThrow();
  });

  it('leaves out an empty list instead of writing an empty <ul>', () => {
    const mail = renderLayout('en', { subject: 's', heading: 'h', intro: ['a', { list: [] }, 'b'], footer: 'f' });
    expect(mail.html).not.toContain('<ul');
    expect(mail.text).toBe('h\n\na\n\nb\n\n--\nf\n');
  });
});

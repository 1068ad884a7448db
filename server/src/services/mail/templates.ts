/**
 * The portal's mails, each in en, sv and nb as natives write them. A template takes only what it
 * shows, by name: never a national ID (queue-mail.ts also refuses a mail that carries the
 * applicant's). A new mail is a new entry here, with its words in the three languages.
 */
import type { Language } from '@portal/domain';
import { type MailContent, type MailLayout, renderLayout } from './render';

interface PrecontractualParams {
  /** The lender, as the customer knows it (e.g. "Resurs Bank"). */
  lenderName: string;
  /** The shop the customer buys from. */
  merchantName: string;
  /** Back to the same step of the application (save and resume). */
  resumeUrl: string;
}

/**
 * The pre-contractual information (SECCI; in Swedish SEKKI, in Norwegian SEF) the customer keeps:
 * sent with the lender's document attached before the signature is possible (CCD2 Art. 10(1),
 * (2); issue 31, item 1).
 */
function precontractualInformation(language: Language, p: PrecontractualParams): MailLayout {
  switch (language) {
    case 'sv':
      return {
        subject: 'Information om din kredit innan du skriver under',
        heading: 'Läs det här innan du skriver under',
        intro: [
          `Du har ansökt om kredit hos ${p.lenderName} för ditt köp hos ${p.merchantName}. Här bifogas Standardiserad europeisk konsumentkreditinformation (SEKKI): kreditens villkor, vad den kostar och vilka rättigheter du har.`,
          'Spara mejlet och den bifogade filen. Läs igenom informationen i lugn och ro innan du skriver under. Du kan jämföra den med andra erbjudanden.',
        ],
        action: { label: 'Fortsätt med din ansökan', url: p.resumeUrl },
        outro: [
          'Länken tar dig tillbaka till samma steg så länge ansökan är öppen.',
          'Du har rätt att ångra kreditavtalet inom 14 dagar efter att du har skrivit under det.',
        ],
        footer: `Det här mejlet skickades automatiskt eftersom du har ansökt om kredit hos ${p.merchantName}. Svar på mejlet läses inte.`,
      };
    case 'nb':
      return {
        subject: 'Informasjon om kreditten din før du signerer',
        heading: 'Les dette før du signerer',
        intro: [
          `Du har søkt om kreditt hos ${p.lenderName} for kjøpet ditt hos ${p.merchantName}. Vedlagt er standardiserte europeiske opplysninger om forbrukerkreditt (SEF): vilkårene for kreditten, hva den koster og hvilke rettigheter du har.`,
          'Ta vare på e-posten og vedlegget. Les gjennom opplysningene i ro og mak før du signerer. Du kan sammenligne dem med andre tilbud.',
        ],
        action: { label: 'Fortsett søknaden', url: p.resumeUrl },
        outro: [
          'Lenken tar deg tilbake til samme steg så lenge søknaden er åpen.',
          'Du har angrerett og kan gå fra kredittavtalen innen 14 dager etter at du har signert den.',
        ],
        footer: `Denne e-posten ble sendt automatisk fordi du har søkt om kreditt hos ${p.merchantName}. Svar på e-posten blir ikke lest.`,
      };
    case 'en':
      return {
        subject: 'Information about your credit before you sign',
        heading: 'Read this before you sign',
        intro: [
          `You have applied for credit from ${p.lenderName} for your purchase from ${p.merchantName}. Attached is the Standard European Consumer Credit Information (SECCI): the terms of the credit, what it costs and your rights.`,
          'Keep this e-mail and the attached file. Take your time to read the information before you sign. You can compare it with other offers.',
        ],
        action: { label: 'Continue your application', url: p.resumeUrl },
        outro: [
          'The link takes you back to the same step for as long as your application is open.',
          'You have the right to withdraw from the credit agreement within 14 days of signing it.',
        ],
        footer: `This e-mail was sent automatically because you applied for credit at ${p.merchantName}. Replies to it are not read.`,
      };
  }
}

export const MAIL_TEMPLATES = {
  'precontractual-information': precontractualInformation,
} as const;

export type MailTemplateName = keyof typeof MAIL_TEMPLATES;
/** A template and what it shows: `{ name: 'precontractual-information', params: {...} }`. */
export type MailTemplate = { [N in MailTemplateName]: { name: N; params: Parameters<(typeof MAIL_TEMPLATES)[N]>[1] } }[MailTemplateName];

export function renderTemplate(language: Language, template: MailTemplate): MailContent {
  return renderLayout(language, MAIL_TEMPLATES[template.name](language, template.params));
}

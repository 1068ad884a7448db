import type { Language } from '@portal/domain';

/** The sandbox mailbox's words. Placeholders in braces are filled by `fill`. */
const en = {
  language: 'Language',
  title: 'Sandbox mailbox',
  notice:
    'Sandbox: every e-mail the portal sends arrives here instead of in a real inbox, whatever the address. Nothing is sent on. The mailbox keeps the latest {n} messages until the server restarts.',
  empty: 'No e-mail has arrived yet.',
  messages: 'Messages, newest first',
  received: 'Received',
  from: 'From',
  to: 'To',
  subject: 'Subject',
  date: 'Date',
  messageId: 'Message-ID',
  mailLanguage: 'Language of the e-mail',
  attachments: 'Attachments',
  attachmentCount: '{n} attached',
  none: 'None',
  noSubject: '(no subject)',
  all: 'All e-mail',
  htmlPart: 'As the customer sees it',
  htmlFrame: 'The e-mail: {subject}',
  noHtml: 'This e-mail has no HTML part.',
  textPart: 'The plain-text part',
  noText: 'This e-mail has no plain-text part.',
  download: 'Download {filename} ({size})',
  notFoundTitle: 'Not in the mailbox',
  notFound: 'This e-mail is not in the mailbox. Newer e-mails may have pushed it out, or the server has restarted.',
};

export type MailboxTexts = typeof en;

const sv: MailboxTexts = {
  language: 'Språk',
  title: 'Sandlådans inkorg',
  notice:
    'Sandlåda: alla mejl som portalen skickar hamnar här i stället för i en riktig inkorg, oavsett adress. Inget skickas vidare. Inkorgen sparar de {n} senaste mejlen tills servern startas om.',
  empty: 'Inga mejl har kommit än.',
  messages: 'Mejl, nyaste först',
  received: 'Mottaget',
  from: 'Från',
  to: 'Till',
  subject: 'Ämne',
  date: 'Datum',
  messageId: 'Message-ID',
  mailLanguage: 'Mejlets språk',
  attachments: 'Bilagor',
  attachmentCount: '{n} bifogade',
  none: 'Inga',
  noSubject: '(inget ämne)',
  all: 'Alla mejl',
  htmlPart: 'Så som kunden ser det',
  htmlFrame: 'Mejlet: {subject}',
  noHtml: 'Mejlet har ingen HTML-del.',
  textPart: 'Textdelen',
  noText: 'Mejlet har ingen textdel.',
  download: 'Ladda ned {filename} ({size})',
  notFoundTitle: 'Finns inte i inkorgen',
  notFound: 'Mejlet finns inte i inkorgen. Nyare mejl kan ha tagit dess plats, eller så har servern startats om.',
};

const nb: MailboxTexts = {
  language: 'Språk',
  title: 'Innboksen i sandkassen',
  notice:
    'Sandkasse: all e-post portalen sender, havner her i stedet for i en ekte innboks, uansett adresse. Ingenting sendes videre. Innboksen tar vare på de {n} siste e-postene til serveren starter på nytt.',
  empty: 'Ingen e-post har kommet ennå.',
  messages: 'E-post, nyeste først',
  received: 'Mottatt',
  from: 'Fra',
  to: 'Til',
  subject: 'Emne',
  date: 'Dato',
  messageId: 'Message-ID',
  mailLanguage: 'Språket i e-posten',
  attachments: 'Vedlegg',
  attachmentCount: '{n} vedlagt',
  none: 'Ingen',
  noSubject: '(uten emne)',
  all: 'All e-post',
  htmlPart: 'Slik kunden ser den',
  htmlFrame: 'E-posten: {subject}',
  noHtml: 'E-posten har ingen HTML-del.',
  textPart: 'Tekstdelen',
  noText: 'E-posten har ingen tekstdel.',
  download: 'Last ned {filename} ({size})',
  notFoundTitle: 'Ikke i innboksen',
  notFound: 'Denne e-posten er ikke i innboksen. Nyere e-post kan ha tatt plassen, eller serveren har startet på nytt.',
};

export const MAILBOX_TEXTS: Readonly<Record<Language, MailboxTexts>> = { en, sv, nb };

export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

/**
 * The portal's mails, each in en, sv and nb as natives write them. A template takes only what it
 * shows, by name: never a national ID (queue-mail.ts also refuses a mail that carries the
 * applicant's). A new mail is a new entry here, with its words in the three languages.
 */
import { type CountryCode, type Currency, type Language, LANGUAGE_LOCALES, moneyFormatOptions, type ReviewOutcome, type ReviewWant, TIME_ZONES } from '@portal/domain';
import { type MailBlock, type MailContent, type MailLayout, renderLayout } from './render';

// The country's own clock: a customer reads a time as it was where they live, and the mail says
// whose time it is, so a time near midnight cannot be read as the day before or after.
const LOCAL_TIME: Readonly<Record<Language, Record<CountryCode, string>>> = {
  en: { SE: 'Swedish time', NO: 'Norwegian time' },
  sv: { SE: 'svensk tid', NO: 'norsk tid' },
  nb: { SE: 'svensk tid', NO: 'norsk tid' },
};

/** "28 November 2026 at 00:30 (Swedish time)", "28 november 2026 kl. 00:30 (svensk tid)", "28. november 2026 kl. 00:30 (norsk tid)". */
export function mailDateTime(at: Date, language: Language, country: CountryCode): string {
  const formatted = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
    timeZone: TIME_ZONES[country],
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return `${formatted} (${LOCAL_TIME[language][country]})`;
}

/** An amount as the customer's language writes it: "12 990,00 kr" (sv, SEK), "SEK 12,990.00" (en). */
function mailMoney(amount: number, currency: Currency, language: Language): string {
  return new Intl.NumberFormat(LANGUAGE_LOCALES[language], { ...moneyFormatOptions(currency, language), minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}

/** Every mail to a customer links to their own page, where all their applications are. */
const MY_APPLICATIONS: Readonly<Record<Language, string>> = {
  en: 'See all your applications',
  sv: 'Se alla dina ansökningar',
  nb: 'Se alle søknadene dine',
};

/** Free debt advice in the customer's country (CCD2 Art. 18(9), 36); domain's DEBT_ADVICE has the addresses. */
const DEBT_ADVICE_TEXT: Readonly<Record<Language, Record<CountryCode, string>>> = {
  en: {
    SE: 'If you would like help with your finances, the budget and debt advice service (budget- och skuldrådgivningen) in your municipality gives free advice. You will find its contact details at konsumentverket.se.',
    NO: 'If you would like help with your finances, NAV gives free financial and debt advice (økonomi- og gjeldsrådgivning), by telephone on 55 55 33 39.',
  },
  sv: {
    SE: 'Om du vill ha hjälp med din ekonomi kan du få kostnadsfri rådgivning av budget- och skuldrådgivningen i din kommun. Kontaktuppgifter finns på konsumentverket.se.',
    NO: 'Om du vill ha hjälp med din ekonomi ger NAV kostnadsfri ekonomi- och skuldrådgivning (økonomi- og gjeldsrådgivning), på telefon 55 55 33 39.',
  },
  nb: {
    SE: 'Trenger du hjelp med økonomien, kan du få gratis råd fra budsjett- og gjeldsrådgivningen i kommunen din (budget- och skuldrådgivningen). Kontaktinformasjon finner du på konsumentverket.se.',
    NO: 'Trenger du hjelp med økonomien, kan du få gratis råd fra NAVs økonomi- og gjeldsrådgivning på telefon 55 55 33 39.',
  },
};

/** What a declined customer asked for (CCD2 Art. 18(8) (a)–(c)), as the customer reads it (`you`) and as the lender's staff do (`they`). */
const WANTS_TEXT: Readonly<Record<Language, Record<'you' | 'they', Record<ReviewWant, string>>>> = {
  en: {
    you: { explanation: 'An explanation of the assessment and the decision', view: 'To give your view', reassessment: 'A new assessment by a person' },
    they: { explanation: 'An explanation of the assessment and the decision', view: 'To give their view', reassessment: 'A new assessment of the application by a person' },
  },
  sv: {
    you: { explanation: 'En förklaring av bedömningen och beslutet', view: 'Att få framföra din synpunkt', reassessment: 'En ny bedömning gjord av en person' },
    they: { explanation: 'En förklaring av bedömningen och beslutet', view: 'Att få framföra sin synpunkt', reassessment: 'En ny bedömning av ansökan gjord av en person' },
  },
  nb: {
    you: { explanation: 'En forklaring på vurderingen og avgjørelsen', view: 'Å få legge fram ditt syn', reassessment: 'En ny vurdering gjort av en person' },
    they: { explanation: 'En forklaring på vurderingen og avgjørelsen', view: 'Å få legge fram sitt syn', reassessment: 'En ny vurdering av søknaden gjort av en person' },
  },
};

const wantsList = (language: Language, who: 'you' | 'they', wants: readonly ReviewWant[]): MailBlock => ({ list: wants.map((want) => WANTS_TEXT[language][who][want]) });

/** Someone's own words, quoted as they wrote them, when there are any. */
const quoted = (intro: string, text: string | null | undefined): MailBlock[] => (text?.trim() ? [intro, { quote: text }] : []);

interface PrecontractualParams {
  /** The lender, as the customer knows it (e.g. "Resurs Bank"). */
  lenderName: string;
  /** The shop the customer buys from. */
  merchantName: string;
  /** Back to the same step of the application (save and resume). */
  resumeUrl: string;
  /** The customer's own page with all their applications. */
  myApplicationsUrl?: string;
}

/**
 * The pre-contractual information (SECCI; in Swedish SEKKI, in Norwegian SEF) the customer keeps:
 * sent with the lender's document attached before the signature is possible (CCD2 Art. 10(1),
 * (2); issue 31, item 1).
 */
function precontractualInformation(language: Language, p: PrecontractualParams): MailLayout {
  const layout = precontractualWords(language, p);
  if (!p.myApplicationsUrl) return layout;
  return { ...layout, outro: [...(layout.outro ?? []), { link: { label: MY_APPLICATIONS[language], url: p.myApplicationsUrl } }] };
}

function precontractualWords(language: Language, p: PrecontractualParams): MailLayout {
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

interface ReviewReceiptParams {
  lenderName: string;
  merchantName: string;
  /** The review request's reference, which the customer quotes. */
  reference: string;
  /** When the portal received the request and sent it on to the lender. */
  receivedAt: Date;
  country: CountryCode;
  myApplicationsUrl: string;
  /** What they asked for; the receipt lists it when given. */
  wants?: readonly ReviewWant[];
  /** Their own words, quoted back to them when given. */
  view?: string | null;
  /** Whether they added a document. */
  hasAttachment?: boolean;
}

/**
 * The customer's receipt, on a durable medium, for their request that a person review the decline
 * of their application (CCD2 Art. 18(8)): what they asked, when it went to the lender, the
 * reference, and where the answer comes.
 */
function reviewReceipt(language: Language, p: ReviewReceiptParams): MailLayout {
  const sentAt = mailDateTime(p.receivedAt, language, p.country);
  const wants = p.wants?.length ? p.wants : null;
  const action = { label: MY_APPLICATIONS[language], url: p.myApplicationsUrl };
  switch (language) {
    case 'sv':
      return {
        subject: 'Vi har tagit emot din begäran om omprövning',
        heading: 'Din begäran om omprövning har tagits emot',
        intro: [
          `Du har bett att en person hos ${p.lenderName} går igenom beslutet om din kreditansökan för ditt köp hos ${p.merchantName}.`,
          ...(wants ? ['Du bad om:', wantsList(language, 'you', wants)] : []),
          ...quoted('Din synpunkt, så som du skrev den:', p.view),
          ...(p.hasAttachment ? ['Du skickade också med ett dokument.'] : []),
          `Vi skickade din begäran till ${p.lenderName} den ${sentAt}.`,
          `Referens: ${p.reference}. Ange den om du kontaktar ${p.lenderName} om din begäran.`,
          `${p.lenderName} skickar svaret via mejl. Du hittar det också på din sida, där alla dina ansökningar finns.`,
        ],
        action,
        outro: ['Till dess att långivaren har svarat gäller beslutet om din ansökan.'],
        footer: `Spara mejlet – det är ditt kvitto på begäran. Det skickades automatiskt eftersom du har begärt omprövning av din ansökan hos ${p.merchantName}. Svar på mejlet läses inte.`,
      };
    case 'nb':
      return {
        subject: 'Vi har mottatt forespørselen din om ny vurdering',
        heading: 'Forespørselen din om ny vurdering er mottatt',
        intro: [
          `Du har bedt om at en person hos ${p.lenderName} ser på avgjørelsen om kredittsøknaden din for kjøpet ditt hos ${p.merchantName}.`,
          ...(wants ? ['Du ba om:', wantsList(language, 'you', wants)] : []),
          ...quoted('Ditt syn, slik du skrev det:', p.view),
          ...(p.hasAttachment ? ['Du sendte også med et dokument.'] : []),
          `Vi sendte forespørselen din til ${p.lenderName} den ${sentAt}.`,
          `Referanse: ${p.reference}. Oppgi den hvis du kontakter ${p.lenderName} om forespørselen.`,
          `${p.lenderName} sender svaret på e-post. Du finner det også på siden din, der alle søknadene dine er samlet.`,
        ],
        action,
        outro: ['Fram til långiveren har svart, gjelder avgjørelsen om søknaden din.'],
        footer: `Ta vare på e-posten – den er kvitteringen din for forespørselen. Den ble sendt automatisk fordi du har bedt om ny vurdering av søknaden din hos ${p.merchantName}. Svar på e-posten blir ikke lest.`,
      };
    case 'en':
      return {
        subject: 'We have received your request for a review',
        heading: 'Your request for a review has been received',
        intro: [
          `You have asked for a person at ${p.lenderName} to look again at the decision on your credit application for your purchase from ${p.merchantName}.`,
          ...(wants ? ['You asked for:', wantsList(language, 'you', wants)] : []),
          ...quoted('Your view, as you wrote it:', p.view),
          ...(p.hasAttachment ? ['You also sent a document.'] : []),
          `We sent your request to ${p.lenderName} on ${sentAt}.`,
          `Reference: ${p.reference}. Please quote it if you contact ${p.lenderName} about your request.`,
          `${p.lenderName} will send the answer by e-mail. You will also find it on your page, where all your applications are.`,
        ],
        action,
        outro: ['Until the lender has answered, the decision on your application stands.'],
        footer: `Keep this e-mail: it is your receipt for the request. It was sent automatically because you asked for a review of your application at ${p.merchantName}. Replies to it are not read.`,
      };
  }
}

interface ReviewAnswerParams {
  lenderName: string;
  reference: string;
  /** The decline stands, or a person changed it and the lender now approves. */
  outcome: ReviewOutcome;
  /** The main factors of the assessment, as the lender gave them. */
  factors: readonly string[];
  /** The lender's explanation, as the lender wrote it. */
  explanation: string;
  country: CountryCode;
  myApplicationsUrl: string;
}

/** The lender's answer to a review request: the decision stands or is changed, why, and where to get free debt advice. */
function reviewAnswer(language: Language, p: ReviewAnswerParams): MailLayout {
  const upheld = p.outcome === 'upheld';
  const factors: MailBlock[] = p.factors.length > 0 ? [{ list: p.factors }] : [];
  const debtAdvice = DEBT_ADVICE_TEXT[language][p.country];
  switch (language) {
    case 'sv':
      return {
        subject: `${p.lenderName} har svarat på din begäran om omprövning`,
        heading: upheld ? 'Beslutet står fast' : `${p.lenderName} har ändrat sitt beslut`,
        intro: [
          upheld
            ? `En person hos ${p.lenderName} har gått igenom din ansökan igen, som du bad om (referens ${p.reference}). Beslutet står fast: ${p.lenderName} kan inte bevilja ansökan.`
            : `En person hos ${p.lenderName} har gått igenom din ansökan igen, som du bad om (referens ${p.reference}). ${p.lenderName} har ändrat sitt beslut och kan nu bevilja din ansökan. ${p.lenderName} kontaktar dig om avtalet.`,
          ...(factors.length ? ['Det här vägde tyngst i bedömningen:', ...factors] : []),
          ...quoted(`Förklaring från ${p.lenderName}:`, p.explanation),
        ],
        action: { label: MY_APPLICATIONS.sv, url: p.myApplicationsUrl },
        outro: [
          upheld
            ? `Har du frågor om svaret kan du kontakta ${p.lenderName} och ange referensen ${p.reference}.`
            : 'Inget avtal har ingåtts ännu. Du bestämmer själv om du vill gå vidare, och avtalet gäller först när du har skrivit under det.',
          debtAdvice,
        ],
        footer: 'Det här mejlet skickades automatiskt eftersom du har begärt omprövning av din kreditansökan. Svar på mejlet läses inte.',
      };
    case 'nb':
      return {
        subject: `${p.lenderName} har svart på forespørselen din om ny vurdering`,
        heading: upheld ? 'Avgjørelsen står ved lag' : `${p.lenderName} har endret avgjørelsen`,
        intro: [
          upheld
            ? `En person hos ${p.lenderName} har sett på søknaden din på nytt, slik du ba om (referanse ${p.reference}). Avgjørelsen står ved lag: ${p.lenderName} kan ikke innvilge søknaden.`
            : `En person hos ${p.lenderName} har sett på søknaden din på nytt, slik du ba om (referanse ${p.reference}). ${p.lenderName} har endret avgjørelsen og kan nå innvilge søknaden din. ${p.lenderName} kontakter deg om avtalen.`,
          ...(factors.length ? ['Dette var det viktigste i vurderingen:', ...factors] : []),
          ...quoted(`Forklaring fra ${p.lenderName}:`, p.explanation),
        ],
        action: { label: MY_APPLICATIONS.nb, url: p.myApplicationsUrl },
        outro: [
          upheld
            ? `Har du spørsmål om svaret, kan du kontakte ${p.lenderName} og oppgi referansen ${p.reference}.`
            : 'Ingen avtale er inngått ennå. Du bestemmer selv om du vil gå videre, og avtalen gjelder først når du har signert den.',
          debtAdvice,
        ],
        footer: 'Denne e-posten ble sendt automatisk fordi du har bedt om ny vurdering av kredittsøknaden din. Svar på e-posten blir ikke lest.',
      };
    case 'en':
      return {
        subject: `${p.lenderName} has answered your request for a review`,
        heading: upheld ? 'The decision stands' : `${p.lenderName} has changed its decision`,
        intro: [
          upheld
            ? `A person at ${p.lenderName} has looked at your application again, as you asked (reference ${p.reference}). The decision stands: ${p.lenderName} cannot approve the application.`
            : `A person at ${p.lenderName} has looked at your application again, as you asked (reference ${p.reference}). ${p.lenderName} has changed its decision and can now approve your application. ${p.lenderName} will contact you about the agreement.`,
          ...(factors.length ? ['The main factors in the assessment:', ...factors] : []),
          ...quoted(`The explanation from ${p.lenderName}:`, p.explanation),
        ],
        action: { label: MY_APPLICATIONS.en, url: p.myApplicationsUrl },
        outro: [
          upheld
            ? `If you have questions about the answer, contact ${p.lenderName} and quote the reference ${p.reference}.`
            : 'Nothing has been agreed yet. You decide whether to go ahead, and the agreement only applies once you have signed it.',
          debtAdvice,
        ],
        footer: 'This e-mail was sent automatically because you asked for a review of your credit application. Replies to it are not read.',
      };
  }
}

interface ReviewRequestToLenderParams {
  reference: string;
  applicationReference: string;
  merchantName: string;
  wants: readonly ReviewWant[];
  /** The consumer's own words, quoted as they wrote them. */
  view: string | null;
  hasAttachment: boolean;
  receivedAt: Date;
  country: CountryCode;
  /** Where the lender's staff open the request and record the answer. */
  backOfficeUrl: string;
}

/**
 * To the lender's review address (its staff): a consumer asks for a review by a person. Only the
 * references, what they asked and their own words: their name, address and identity number are
 * in the back office, behind its login.
 */
function reviewRequestToLender(language: Language, p: ReviewRequestToLenderParams): MailLayout {
  const receivedAt = mailDateTime(p.receivedAt, language, p.country);
  switch (language) {
    case 'sv':
      return {
        subject: `Begäran om omprövning: ${p.reference}`,
        heading: 'En kund begär omprövning av en avslagen ansökan',
        intro: [
          `En konsument vars ansökan fick avslag begär att en person prövar beslutet (artikel 18.8 i konsumentkreditdirektivet). Begäran kom in till portalen den ${receivedAt}.`,
          { list: [`Ärendereferens: ${p.reference}`, `Ansökan: ${p.applicationReference}`, `Butik: ${p.merchantName}`] },
          'Kunden ber om:',
          wantsList(language, 'they', p.wants),
          ...quoted('Kundens synpunkt, ordagrant:', p.view),
          ...(p.hasAttachment ? ['Kunden har bifogat ett dokument. Du hittar det i back office.'] : []),
          'Registrera ert svar i back office: om beslutet står fast eller ändras, de viktigaste faktorerna i bedömningen och er förklaring. Portalen skickar svaret till kunden.',
        ],
        action: { label: 'Öppna begäran i back office', url: p.backOfficeUrl },
        outro: ['Av hänsyn till kundens integritet står varken namn, kontaktuppgifter eller personnummer i mejlet. Du hittar dem i back office.'],
        footer: 'Skickat automatiskt av ansökningsportalen till er adress för omprövningar. Svar på mejlet läses inte.',
      };
    case 'nb':
      return {
        subject: `Forespørsel om ny vurdering: ${p.reference}`,
        heading: 'En kunde ber om ny vurdering av en avslått søknad',
        intro: [
          `En forbruker som har fått avslag på søknaden sin, ber om at en person vurderer avgjørelsen (artikkel 18 nr. 8 i forbrukerkredittdirektivet). Forespørselen kom inn til portalen den ${receivedAt}.`,
          { list: [`Saksreferanse: ${p.reference}`, `Søknad: ${p.applicationReference}`, `Butikk: ${p.merchantName}`] },
          'Kunden ber om:',
          wantsList(language, 'they', p.wants),
          ...quoted('Kundens syn, ordrett:', p.view),
          ...(p.hasAttachment ? ['Kunden har lagt ved et dokument. Du finner det i back office.'] : []),
          'Registrer svaret i back office: om avgjørelsen står ved lag eller endres, de viktigste faktorene i vurderingen og forklaringen deres. Portalen sender svaret til kunden.',
        ],
        action: { label: 'Åpne forespørselen i back office', url: p.backOfficeUrl },
        outro: ['Av hensyn til kundens personvern står verken navn, kontaktinformasjon eller fødselsnummer i e-posten. Du finner dem i back office.'],
        footer: 'Sendt automatisk fra søknadsportalen til adressen deres for nye vurderinger. Svar på e-posten blir ikke lest.',
      };
    case 'en':
      return {
        subject: `Request for a review: ${p.reference}`,
        heading: 'A customer asks for a review of a declined application',
        intro: [
          `A consumer whose application was declined asks for a person to review the decision (CCD2 Art. 18(8)). The request reached the portal on ${receivedAt}.`,
          { list: [`Request reference: ${p.reference}`, `Application: ${p.applicationReference}`, `Shop: ${p.merchantName}`] },
          'They ask for:',
          wantsList(language, 'they', p.wants),
          ...quoted('Their view, as they wrote it:', p.view),
          ...(p.hasAttachment ? ['They attached a document. You will find it in the back office.'] : []),
          'Record your answer in the back office: whether the decision stands or is changed, the main factors of the assessment and your explanation. The portal sends the answer to the customer.',
        ],
        action: { label: 'Open the request in the back office', url: p.backOfficeUrl },
        outro: ["For the customer's privacy, this e-mail shows neither their name, their contact details nor their identity number. You will find them in the back office."],
        footer: 'Sent automatically by the application portal to your address for reviews. Replies to it are not read.',
      };
  }
}

interface WithdrawalAcknowledgementParams {
  lenderName: string;
  merchantName: string;
  /** The withdrawal's reference, which the customer quotes. */
  reference: string;
  /** When the portal received the withdrawal: the moment that counts for the 14 days. */
  receivedAt: Date;
  creditAmount: number;
  currency: Currency;
  country: CountryCode;
  myApplicationsUrl: string;
}

/**
 * The acknowledgement of a withdrawal on a durable medium (Directive 2023/2673, Art. 11a of the
 * Consumer Rights Directive; CCD2 Art. 26): when it was received, what it was, and what happens
 * next, including that the purchase itself is a matter for the shop.
 */
function withdrawalAcknowledgement(language: Language, p: WithdrawalAcknowledgementParams): MailLayout {
  const receivedAt = mailDateTime(p.receivedAt, language, p.country);
  const amount = mailMoney(p.creditAmount, p.currency, language);
  const action = { label: MY_APPLICATIONS[language], url: p.myApplicationsUrl };
  switch (language) {
    case 'sv':
      return {
        subject: `Bekräftelse: du har ångrat kreditavtalet med ${p.lenderName}`,
        heading: 'Du har ångrat kreditavtalet',
        intro: [
          `Vi tog emot ditt meddelande om att du ångrar kreditavtalet med ${p.lenderName} den ${receivedAt}.`,
          `Du har ångrat kreditavtalet för ditt köp hos ${p.merchantName}. Kreditbelopp: ${amount}.`,
          `Referens: ${p.reference}.`,
          'Så här går det till nu:',
          {
            list: [
              `Du betalar tillbaka kreditbeloppet, ${amount}, och räntan från den dag krediten betalades ut till den dag du betalar tillbaka.`,
              'Det ska du göra senast 30 kalenderdagar efter att du skickade ditt meddelande om att du ångrar avtalet.',
              `${p.lenderName} meddelar dig hur du betalar och exakt vilket belopp det gäller.`,
            ],
          },
          `Att du ångrar krediten innebär inte i sig att köpet hävs. Vill du lämna tillbaka varan kontaktar du ${p.merchantName}.`,
        ],
        action,
        footer: `Spara mejlet – det bekräftar att du har ångrat avtalet. Det skickades automatiskt eftersom du har ångrat kreditavtalet för ett köp hos ${p.merchantName}. Svar på mejlet läses inte.`,
      };
    case 'nb':
      return {
        subject: `Bekreftelse: du har angret kredittavtalen med ${p.lenderName}`,
        heading: 'Du har angret kredittavtalen',
        intro: [
          `Vi mottok angremeldingen din for kredittavtalen med ${p.lenderName} den ${receivedAt}.`,
          `Du har angret kredittavtalen for kjøpet ditt hos ${p.merchantName}. Kredittbeløp: ${amount}.`,
          `Referanse: ${p.reference}.`,
          'Dette skjer nå:',
          {
            list: [
              `Du betaler tilbake kredittbeløpet, ${amount}, og renter fra dagen kreditten ble utbetalt til dagen du betaler tilbake.`,
              'Det må du gjøre senest 30 kalenderdager etter at du sendte angremeldingen.',
              `${p.lenderName} gir deg beskjed om hvordan du betaler og nøyaktig hvilket beløp det gjelder.`,
            ],
          },
          `Å angre kreditten betyr ikke i seg selv at kjøpet blir hevet. Vil du returnere varen, kontakter du ${p.merchantName}.`,
        ],
        action,
        footer: `Ta vare på e-posten – den bekrefter at du har angret avtalen. Den ble sendt automatisk fordi du har angret kredittavtalen for et kjøp hos ${p.merchantName}. Svar på e-posten blir ikke lest.`,
      };
    case 'en':
      return {
        subject: `Confirmation: you have withdrawn from the credit agreement with ${p.lenderName}`,
        heading: 'You have withdrawn from the credit agreement',
        intro: [
          `We received your withdrawal from the credit agreement with ${p.lenderName} on ${receivedAt}.`,
          `You withdrew from the credit agreement for your purchase from ${p.merchantName}. Credit amount: ${amount}.`,
          `Reference: ${p.reference}.`,
          'What happens next:',
          {
            list: [
              `You repay the credit amount, ${amount}, and the interest from the day the credit was paid out until the day you repay it.`,
              'You do this no later than 30 calendar days after you sent your withdrawal.',
              `${p.lenderName} will tell you how to pay and the exact amount.`,
            ],
          },
          `Withdrawing from the credit does not by itself cancel your purchase. If you want to return the goods, contact ${p.merchantName}.`,
        ],
        action,
        footer: `Keep this e-mail: it confirms your withdrawal. It was sent automatically because you withdrew from the credit agreement for a purchase at ${p.merchantName}. Replies to it are not read.`,
      };
  }
}

interface WithdrawalReminderParams {
  lenderName: string;
  merchantName: string;
  /** The last moment a withdrawal is in time (domain's withdrawalDeadline). */
  deadline: Date;
  country: CountryCode;
  myApplicationsUrl: string;
}

/**
 * A reminder of the right of withdrawal, sent once some days after the signature when the
 * customer had the pre-contractual information only shortly before it (CCD2 Art. 10(1)). It says
 * what the right is and how to use it, and leaves the choice to the customer.
 */
function withdrawalReminder(language: Language, p: WithdrawalReminderParams): MailLayout {
  const deadline = mailDateTime(p.deadline, language, p.country);
  const action = { label: MY_APPLICATIONS[language], url: p.myApplicationsUrl };
  switch (language) {
    case 'sv':
      return {
        subject: 'Din ångerrätt för kreditavtalet',
        heading: 'Du har ångerrätt',
        intro: [
          `Du har skrivit under ett kreditavtal med ${p.lenderName} för ditt köp hos ${p.merchantName}. Vi vill påminna dig om att du har rätt att ångra avtalet.`,
          `Du kan ångra kreditavtalet utan att ange något skäl fram till den ${deadline}.`,
          'Om du vill ångra avtalet går du till din sida och väljer ”Ångra avtalet här” vid köpet. Du får en bekräftelse via mejl.',
          'Ångrar du avtalet betalar du tillbaka kreditbeloppet och räntan för de dagar du har haft krediten, senast 30 kalenderdagar efter att du har meddelat att du ångrar dig.',
          'Vill du behålla avtalet behöver du inte göra någonting.',
        ],
        action,
        footer: `Det här mejlet skickades automatiskt eftersom du har skrivit under ett kreditavtal för ett köp hos ${p.merchantName}. Svar på mejlet läses inte.`,
      };
    case 'nb':
      return {
        subject: 'Angreretten din for kredittavtalen',
        heading: 'Du har angrerett',
        intro: [
          `Du har signert en kredittavtale med ${p.lenderName} for kjøpet ditt hos ${p.merchantName}. Vi minner deg om at du har rett til å angre avtalen.`,
          `Du kan angre kredittavtalen uten å oppgi noen grunn fram til ${deadline}.`,
          'Vil du angre, går du til siden din og velger «Angre avtalen her» ved kjøpet. Du får en bekreftelse på e-post.',
          'Angrer du, betaler du tilbake kredittbeløpet og renter for dagene du har hatt kreditten, senest 30 kalenderdager etter at du sendte angremeldingen.',
          'Vil du beholde avtalen, trenger du ikke gjøre noe.',
        ],
        action,
        footer: `Denne e-posten ble sendt automatisk fordi du har signert en kredittavtale for et kjøp hos ${p.merchantName}. Svar på e-posten blir ikke lest.`,
      };
    case 'en':
      return {
        subject: 'Your right to withdraw from the credit agreement',
        heading: 'You have a right of withdrawal',
        intro: [
          `You have signed a credit agreement with ${p.lenderName} for your purchase from ${p.merchantName}. This is a reminder that you have the right to withdraw from it.`,
          `You can withdraw from the credit agreement without giving a reason until ${deadline}.`,
          'To withdraw, go to your page and choose “Withdraw from the agreement” next to the purchase. You will get a confirmation by e-mail.',
          'If you withdraw, you repay the credit amount and the interest for the days you have had the credit, no later than 30 calendar days after you sent your withdrawal.',
          'If you want to keep the agreement, you do not need to do anything.',
        ],
        action,
        footer: `This e-mail was sent automatically because you signed a credit agreement for a purchase at ${p.merchantName}. Replies to it are not read.`,
      };
  }
}

interface WithdrawalToLenderParams {
  reference: string;
  applicationReference: string;
  /** The lender's own reference of the agreement, when it gave one. */
  lenderReference: string | null;
  merchantName: string;
  receivedAt: Date;
  country: CountryCode;
  backOfficeUrl: string;
}

/** To the lender's staff: a consumer withdrew from a credit agreement; the repayment is theirs to handle. */
function withdrawalToLender(language: Language, p: WithdrawalToLenderParams): MailLayout {
  const receivedAt = mailDateTime(p.receivedAt, language, p.country);
  switch (language) {
    case 'sv':
      return {
        subject: `Ångrat kreditavtal: ${p.reference}`,
        heading: 'En konsument har ångrat ett kreditavtal',
        intro: [
          `En konsument ångrade sitt kreditavtal via portalen den ${receivedAt} (artikel 26 i konsumentkreditdirektivet).`,
          {
            list: [
              `Ärendereferens: ${p.reference}`,
              `Ansökan: ${p.applicationReference}`,
              ...(p.lenderReference ? [`Er referens: ${p.lenderReference}`] : []),
              `Butik: ${p.merchantName}`,
            ],
          },
          'Hantera återbetalningen: meddela konsumenten hur kreditbeloppet och räntan från utbetalningsdagen ska betalas tillbaka. Konsumenten ska betala senast 30 kalenderdagar efter att meddelandet om ångrandet skickades.',
        ],
        action: { label: 'Öppna ärendet i back office', url: p.backOfficeUrl },
        outro: ['Av hänsyn till kundens integritet står varken namn, kontaktuppgifter eller personnummer i mejlet. Du hittar dem i back office.'],
        footer: 'Skickat automatiskt av ansökningsportalen. Svar på mejlet läses inte.',
      };
    case 'nb':
      return {
        subject: `Angret kredittavtale: ${p.reference}`,
        heading: 'En forbruker har angret en kredittavtale',
        intro: [
          `En forbruker angret kredittavtalen sin via portalen den ${receivedAt} (artikkel 26 i forbrukerkredittdirektivet).`,
          {
            list: [
              `Saksreferanse: ${p.reference}`,
              `Søknad: ${p.applicationReference}`,
              ...(p.lenderReference ? [`Deres referanse: ${p.lenderReference}`] : []),
              `Butikk: ${p.merchantName}`,
            ],
          },
          'Håndter tilbakebetalingen: gi forbrukeren beskjed om hvordan kredittbeløpet og rentene fra utbetalingsdagen skal betales tilbake. Forbrukeren skal betale senest 30 kalenderdager etter at angremeldingen ble sendt.',
        ],
        action: { label: 'Åpne saken i back office', url: p.backOfficeUrl },
        outro: ['Av hensyn til kundens personvern står verken navn, kontaktinformasjon eller fødselsnummer i e-posten. Du finner dem i back office.'],
        footer: 'Sendt automatisk fra søknadsportalen. Svar på e-posten blir ikke lest.',
      };
    case 'en':
      return {
        subject: `Withdrawal from a credit agreement: ${p.reference}`,
        heading: 'A consumer has withdrawn from a credit agreement',
        intro: [
          `A consumer withdrew from their credit agreement through the portal on ${receivedAt} (CCD2 Art. 26).`,
          {
            list: [
              `Withdrawal reference: ${p.reference}`,
              `Application: ${p.applicationReference}`,
              ...(p.lenderReference ? [`Your reference: ${p.lenderReference}`] : []),
              `Shop: ${p.merchantName}`,
            ],
          },
          'Please handle the repayment: tell the consumer how to repay the credit amount and the interest from the day it was paid out. They must repay within 30 calendar days of sending the withdrawal.',
        ],
        action: { label: 'Open the withdrawal in the back office', url: p.backOfficeUrl },
        outro: ["For the customer's privacy, this e-mail shows neither their name, their contact details nor their identity number. You will find them in the back office."],
        footer: 'Sent automatically by the application portal. Replies to it are not read.',
      };
  }
}

interface DeclineNoticeParams {
  lenderName: string;
  merchantName: string;
  /** Whether the assessment was made without a person: the customer may then ask for one (CCD2 Art. 18(8)). */
  automated: boolean;
  /** The credit reference agency the lender consulted, if any. */
  creditAgency: string | null;
  country: CountryCode;
  myApplicationsUrl: string;
}

/** The e-mail copy of a decline (CCD2 Art. 18(9)): what it means, the right to a review by a person, the agency consulted, free debt advice. */
function declineNotice(language: Language, p: DeclineNoticeParams): MailLayout {
  const action = { label: MY_APPLICATIONS[language], url: p.myApplicationsUrl };
  const outro = [DEBT_ADVICE_TEXT[language][p.country]];
  switch (language) {
    case 'sv':
      return {
        subject: 'Din kreditansökan har inte beviljats',
        heading: 'Din ansökan beviljades inte',
        intro: [
          `${p.lenderName} har prövat din kreditansökan för ditt köp hos ${p.merchantName} och kan inte bevilja den den här gången. Inget avtal har ingåtts och ingenting har betalats.`,
          ...(p.automated
            ? [`Bedömningen gjordes automatiskt. Du kan be att en person hos ${p.lenderName} går igenom beslutet: du kan be om en förklaring, framföra din synpunkt och begära en ny bedömning. Det gör du från din sida.`]
            : []),
          ...(p.creditAgency ? [`Vid bedömningen hämtade ${p.lenderName} en kreditupplysning från ${p.creditAgency}. Du kan fråga ${p.creditAgency} vilka uppgifter de har om dig.`] : []),
        ],
        action,
        outro,
        footer: `Det här mejlet skickades automatiskt eftersom du har ansökt om kredit hos ${p.merchantName}. Svar på mejlet läses inte.`,
      };
    case 'nb':
      return {
        subject: 'Kredittsøknaden din ble ikke innvilget',
        heading: 'Søknaden din ble ikke innvilget',
        intro: [
          `${p.lenderName} har vurdert kredittsøknaden din for kjøpet ditt hos ${p.merchantName} og kan ikke innvilge den denne gangen. Ingen avtale er inngått, og ingenting er betalt.`,
          ...(p.automated
            ? [`Vurderingen ble gjort automatisk. Du kan be om at en person hos ${p.lenderName} ser på avgjørelsen: du kan be om en forklaring, legge fram ditt syn og be om en ny vurdering. Det gjør du fra siden din.`]
            : []),
          ...(p.creditAgency ? [`I vurderingen innhentet ${p.lenderName} en kredittopplysning fra ${p.creditAgency}. Du kan spørre ${p.creditAgency} hvilke opplysninger de har om deg.`] : []),
        ],
        action,
        outro,
        footer: `Denne e-posten ble sendt automatisk fordi du har søkt om kreditt hos ${p.merchantName}. Svar på e-posten blir ikke lest.`,
      };
    case 'en':
      return {
        subject: 'Your credit application was not approved',
        heading: 'Your application was not approved',
        intro: [
          `${p.lenderName} has assessed your credit application for your purchase from ${p.merchantName} and cannot approve it this time. No agreement has been made and nothing has been paid.`,
          ...(p.automated
            ? [`The assessment was made automatically. You can ask for a person at ${p.lenderName} to review the decision: you can ask for an explanation, give your view and ask for a new assessment. You do this from your page.`]
            : []),
          ...(p.creditAgency ? [`For the assessment, ${p.lenderName} obtained a credit report from ${p.creditAgency}. You can ask ${p.creditAgency} what information it holds about you.`] : []),
        ],
        action,
        outro,
        footer: `This e-mail was sent automatically because you applied for credit at ${p.merchantName}. Replies to it are not read.`,
      };
  }
}

/** Each template's name and what it shows. */
interface TemplateParams {
  'precontractual-information': PrecontractualParams;
  'review-receipt': ReviewReceiptParams;
  'review-answer': ReviewAnswerParams;
  'review-request-to-lender': ReviewRequestToLenderParams;
  'withdrawal-acknowledgement': WithdrawalAcknowledgementParams;
  'withdrawal-reminder': WithdrawalReminderParams;
  'withdrawal-to-lender': WithdrawalToLenderParams;
  'decline-notice': DeclineNoticeParams;
}

export const MAIL_TEMPLATES: { readonly [N in keyof TemplateParams]: (language: Language, params: TemplateParams[N]) => MailLayout } = {
  'precontractual-information': precontractualInformation,
  'review-receipt': reviewReceipt,
  'review-answer': reviewAnswer,
  'review-request-to-lender': reviewRequestToLender,
  'withdrawal-acknowledgement': withdrawalAcknowledgement,
  'withdrawal-reminder': withdrawalReminder,
  'withdrawal-to-lender': withdrawalToLender,
  'decline-notice': declineNotice,
};

export type MailTemplateName = keyof TemplateParams;
/** A template and what it shows: `{ name: 'precontractual-information', params: {...} }`. */
export type MailTemplate = { [N in MailTemplateName]: { name: N; params: TemplateParams[N] } }[MailTemplateName];

// Generic over the name, so the compiler sees that the params belong to the template named.
function layoutOf<N extends MailTemplateName>(language: Language, template: { name: N; params: TemplateParams[N] }): MailLayout {
  return MAIL_TEMPLATES[template.name](language, template.params);
}

export function renderTemplate(language: Language, template: MailTemplate): MailContent {
  return renderLayout(language, layoutOf(language, template));
}

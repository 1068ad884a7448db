import type { CountryCode, Language } from '@portal/domain';

type PerCountry = Readonly<Record<CountryCode, string>>;

/** The simulated BankID page's own words; it speaks the country's language unless told otherwise. */
export interface BankIdTexts {
  htmlTitle: string;
  /** Under the BankID wordmark: whose BankID this is. */
  brand: PerCountry;
  sandbox: string;
  language: string;
  title: string;
  intro: PerCountry;
  peopleTitle: string;
  typeTitle: PerCountry;
  nationalIdLabel: PerCountry;
  nationalIdHint: PerCountry;
  invalidNationalId: PerCountry;
  givenName: string;
  familyName: string;
  namesHint: string;
  continue: string;
  cancel: string;
  confirmTitle: string;
  confirmIntro: string;
  nameLabel: string;
  nationalIdShort: PerCountry;
  approve: string;
  expiredTitle: string;
  expiredText: string;
  errorTitle: string;
  errorText: string;
  /** The test people's descriptions (English in the domain), by their English text. */
  descriptions: Readonly<Record<string, string>>;
}

const en: BankIdTexts = {
  htmlTitle: 'BankID (test)',
  brand: { NO: 'Norway', SE: 'Sweden' },
  sandbox: 'Test environment. This is not the real BankID, and nobody is really identified.',
  language: 'Language',
  title: 'Identify yourself',
  intro: {
    NO: 'A service is asking you to identify yourself with BankID. Choose a test person, or type a national identity number.',
    SE: 'A service is asking you to identify yourself with BankID. Choose a test person, or type a personal identity number.',
  },
  peopleTitle: 'Test people',
  typeTitle: { NO: 'Another national identity number', SE: 'Another personal identity number' },
  nationalIdLabel: { NO: 'National identity number (11 digits)', SE: 'Personal identity number (12 digits)' },
  nationalIdHint: {
    NO: 'A Norwegian fødselsnummer or D number, for example 18087248794.',
    SE: 'A Swedish personnummer or samordningsnummer, for example 19830514-7715.',
  },
  invalidNationalId: {
    NO: 'This is not a valid Norwegian national identity number. Check that all 11 digits are right.',
    SE: 'This is not a valid Swedish personal identity number. Check that all 12 digits are right.',
  },
  givenName: 'First name (optional)',
  familyName: 'Last name (optional)',
  namesHint: "Leave the names empty to use the test person's name, or a made-up one.",
  continue: 'Continue',
  cancel: 'Cancel',
  confirmTitle: 'Approve the identification',
  confirmIntro: 'Check that these details are yours, then approve. The service will receive them.',
  nameLabel: 'Name',
  nationalIdShort: { NO: 'National identity number', SE: 'Personal identity number' },
  approve: 'Approve',
  expiredTitle: 'This identification has expired',
  expiredText: 'Go back to the service and start again.',
  errorTitle: 'Something went wrong',
  errorText: 'The identification could not be completed. Go back to the service and try again.',
  descriptions: {},
};

const sv: BankIdTexts = {
  htmlTitle: 'BankID (test)',
  brand: { NO: 'Norge', SE: 'Sverige' },
  sandbox: 'Testmiljö. Det här är inte det riktiga BankID, och ingen legitimeras på riktigt.',
  language: 'Språk',
  title: 'Legitimera dig',
  intro: {
    NO: 'En tjänst ber dig legitimera dig med BankID. Välj en testperson eller skriv in ett norskt personnummer.',
    SE: 'En tjänst ber dig legitimera dig med BankID. Välj en testperson eller skriv in ett personnummer.',
  },
  peopleTitle: 'Testpersoner',
  typeTitle: { NO: 'Annat norskt personnummer', SE: 'Annat personnummer' },
  nationalIdLabel: { NO: 'Norskt personnummer (11 siffror)', SE: 'Personnummer (12 siffror)' },
  nationalIdHint: {
    NO: 'Ett fødselsnummer eller D-nummer, till exempel 18087248794.',
    SE: 'Ett personnummer eller samordningsnummer, till exempel 19830514-7715.',
  },
  invalidNationalId: {
    NO: 'Det här är inte ett giltigt norskt personnummer. Kontrollera att alla 11 siffror stämmer.',
    SE: 'Det här är inte ett giltigt personnummer. Kontrollera att alla 12 siffror stämmer.',
  },
  givenName: 'Förnamn (valfritt)',
  familyName: 'Efternamn (valfritt)',
  namesHint: 'Lämna namnen tomma för att använda testpersonens namn eller ett påhittat.',
  continue: 'Fortsätt',
  cancel: 'Avbryt',
  confirmTitle: 'Godkänn legitimeringen',
  confirmIntro: 'Kontrollera att uppgifterna är dina och godkänn sedan. Tjänsten får ta del av dem.',
  nameLabel: 'Namn',
  nationalIdShort: { NO: 'Norskt personnummer', SE: 'Personnummer' },
  approve: 'Godkänn',
  expiredTitle: 'Legitimeringen har gått ut',
  expiredText: 'Gå tillbaka till tjänsten och börja om.',
  errorTitle: 'Något gick fel',
  errorText: 'Legitimeringen kunde inte slutföras. Gå tillbaka till tjänsten och försök igen.',
  descriptions: {
    'Accepted, signing succeeds': 'Beviljas, signeringen lyckas',
    Accepted: 'Beviljas',
    Rejected: 'Får avslag',
    'Frozen: manual review, stays pending': 'Pausas för manuell granskning och blir kvar som väntande',
    'Frozen, accepted after 5 seconds': 'Pausas och beviljas efter 5 sekunder',
    'Inspection, accepted after 10 seconds': 'Kontrolleras och beviljas efter 10 sekunder',
    'Other accounts need a closer look (contact Resurs)': 'Andra konton behöver granskas närmare (kontakta Resurs)',
    'Identification not accepted': 'Legitimeringen godtas inte',
    'Resurs answers without the payment': 'Resurs svarar utan betalningen',
    'Accepted and debited at once: final, cannot be cancelled': 'Beviljas och debiteras direkt: slutgiltig, kan inte makuleras',
  },
};

const nb: BankIdTexts = {
  htmlTitle: 'BankID (test)',
  brand: { NO: 'Norge', SE: 'Sverige' },
  sandbox: 'Testmiljø. Dette er ikke ekte BankID, og ingen blir identifisert på ordentlig.',
  language: 'Språk',
  title: 'Identifiser deg',
  intro: {
    NO: 'En tjeneste ber deg identifisere deg med BankID. Velg en testperson, eller skriv inn et fødselsnummer.',
    SE: 'En tjeneste ber deg identifisere deg med BankID. Velg en testperson, eller skriv inn et svensk personnummer.',
  },
  peopleTitle: 'Testpersoner',
  typeTitle: { NO: 'Et annet fødselsnummer', SE: 'Et annet svensk personnummer' },
  nationalIdLabel: { NO: 'Fødselsnummer (11 siffer)', SE: 'Svensk personnummer (12 siffer)' },
  nationalIdHint: {
    NO: 'Et fødselsnummer eller D-nummer, for eksempel 18087248794.',
    SE: 'Et personnummer eller samordningsnummer, for eksempel 19830514-7715.',
  },
  invalidNationalId: {
    NO: 'Dette er ikke et gyldig fødselsnummer. Sjekk at alle de 11 sifrene er riktige.',
    SE: 'Dette er ikke et gyldig svensk personnummer. Sjekk at alle de 12 sifrene er riktige.',
  },
  givenName: 'Fornavn (valgfritt)',
  familyName: 'Etternavn (valgfritt)',
  namesHint: 'La navnene stå tomme for å bruke testpersonens navn eller et oppdiktet navn.',
  continue: 'Fortsett',
  cancel: 'Avbryt',
  confirmTitle: 'Godkjenn identifiseringen',
  confirmIntro: 'Sjekk at opplysningene er dine, og godkjenn. Tjenesten får se dem.',
  nameLabel: 'Navn',
  nationalIdShort: { NO: 'Fødselsnummer', SE: 'Svensk personnummer' },
  approve: 'Godkjenn',
  expiredTitle: 'Identifiseringen er utløpt',
  expiredText: 'Gå tilbake til tjenesten og start på nytt.',
  errorTitle: 'Noe gikk galt',
  errorText: 'Identifiseringen kunne ikke fullføres. Gå tilbake til tjenesten og prøv igjen.',
  descriptions: {
    'Accepted, signing succeeds': 'Innvilges, signeringen lykkes',
    Accepted: 'Innvilges',
    Rejected: 'Får avslag',
    'Frozen: manual review, stays pending': 'Settes på vent for manuell vurdering og blir stående som ventende',
    'Frozen, accepted after 5 seconds': 'Settes på vent og innvilges etter 5 sekunder',
    'Inspection, accepted after 10 seconds': 'Kontrolleres og innvilges etter 10 sekunder',
    'Other accounts need a closer look (contact Resurs)': 'Andre kontoer må vurderes nærmere (kontakt Resurs)',
    'Identification not accepted': 'Identifiseringen godtas ikke',
    'Resurs answers without the payment': 'Resurs svarer uten betalingen',
    'Accepted and debited at once: final, cannot be cancelled': 'Innvilges og belastes med én gang: endelig, kan ikke annulleres',
  },
};

export const BANKID_TEXTS: Readonly<Record<Language, BankIdTexts>> = { en, sv, nb };

export const translatedDescription = (t: BankIdTexts, description: string): string => t.descriptions[description] ?? description;

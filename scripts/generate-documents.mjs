// Writes the static documents the portal links to (web/public/documents, served under
// /loan-subscription/documents/): general terms and privacy policy for Norway (bokmål) and Sweden
// (Swedish). They are SAMPLES, marked as such on every page: the operator replaces them with
// their own, reviewed by their lawyers, before going live. They are tagged PDFs meant to meet
// PDF/UA-1 (pdfkit): a structure tree of headings and paragraphs in reading order, the
// document's language and title, embedded fonts, page furniture marked as artifacts, so screen
// readers read them as they read the portal. The output is reproducible (fixed dates).
//   node scripts/generate-documents.mjs     (needs Liberation Sans: apt-get install fonts-liberation,
//                                            or PDF_FONT_DIR=<folder with LiberationSans-*.ttf>)
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const OUT = fileURLToPath(new URL('../web/public/documents/', import.meta.url));
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');
const FONT_DIRS = [process.env.PDF_FONT_DIR, '/usr/share/fonts/truetype/liberation', '/usr/share/fonts/liberation'].filter(Boolean);

const MARGIN = 56;
const BODY_SIZE = 10.5;
const INK = '#1a1a1a';
const BRAND = '#0f3d3d';
const WARN_BG = '#fff2cc';
const WARN_INK = '#734000';

/** Each document: language, title, the sample notice, footer words and sections of paragraphs. */
const DOCUMENTS = {
  'GeneralTermsNO.pdf': {
    lang: 'nb-NO',
    title: 'Generelle vilkår for søknadsportalen',
    subtitle: 'Finansiering og leasing ved kjøp i nettbutikk – Norge',
    sample:
      'EKSEMPELDOKUMENT. Dette er et eksempel på generelle vilkår og har ingen juridisk virkning. Operatøren av portalen må erstatte det med sine egne vilkår før portalen tas i bruk.',
    footer: 'Eksempel – skal erstattes av operatøren',
    page: 'side',
    of: 'av',
    sections: [
      ['1. Om tjenesten', [
        'Søknadsportalen lar deg søke om finansiering eller en leasingavtale for varer du kjøper i en nettbutikk som samarbeider med oss. Portalen sender søknaden videre til långiveren (for privatpersoner) eller leasingselskapet (for bedrifter). Selve kreditt- eller leasingavtalen inngås mellom deg og långiveren eller leasingselskapet, på deres vilkår, som du får se før du signerer.',
      ]],
      ['2. Identifisering', [
        'Du identifiserer deg med BankID. Du kan bare søke på egne vegne, eller på vegne av en bedrift der du har rett til å signere. Søknader for andre personer er ikke tillatt.',
      ]],
      ['3. Opplysningene dine', [
        'Du er ansvarlig for at opplysningene du gir, er riktige og fullstendige. Uriktige opplysninger kan føre til at søknaden blir avslått, eller at en inngått avtale blir sagt opp.',
      ]],
      ['4. Kredittvurdering', [
        'Långiveren eller leasingselskapet vurderer søknaden, og kan hente kredittopplysninger om deg eller bedriften. Du får gjenpart av kredittopplysningene fra kredittopplysningsforetaket. Svaret kommer vanligvis i løpet av noen minutter, men kan ta opptil 20 minutter.',
      ]],
      ['5. Signering og angrerett', [
        'Avtalen signeres elektronisk med BankID. Som forbruker kan du gå fra en kredittavtale innen 14 dager etter at den er inngått, etter reglene i finansavtaleloven. Angreretten gjelder ikke for avtaler som inngås av en bedrift.',
      ]],
      ['6. Tilgjengelighet', [
        'Vi arbeider for at portalen skal være tilgjengelig hele døgnet, men kan ikke love at den alltid er det. Vi kan stenge portalen for vedlikehold. Hvis portalen eller långiverens tjenester ikke svarer, kan du prøve igjen senere uten at søknaden går tapt.',
      ]],
      ['7. Ansvar', [
        'Vi er ansvarlige for at portalen formidler søknaden din slik du har sendt den. Vi er ikke ansvarlige for långiverens eller leasingselskapets avgjørelse, eller for varen du kjøper. Spørsmål om varen rettes til nettbutikken.',
      ]],
      ['8. Endringer', [
        'Vi kan endre disse vilkårene. Endringer gjelder for søknader som sendes etter at de nye vilkårene er publisert i portalen.',
      ]],
      ['9. Lovvalg og klager', [
        'Norsk rett gjelder. Forbrukere kan klage på finansielle tjenester til Finansklagenemnda. Tvister som ikke løses i minnelighet, avgjøres av de alminnelige domstolene.',
      ]],
      ['10. Kontakt', [
        '[Operatørens navn], [adresse], organisasjonsnummer [000 000 000], e-post [kundeservice@eksempel.no].',
      ]],
    ],
  },
  'GeneralTermsSE.pdf': {
    lang: 'sv-SE',
    title: 'Allmänna villkor för ansökningsportalen',
    subtitle: 'Finansiering och leasing vid köp i webbutik – Sverige',
    sample:
      'EXEMPELDOKUMENT. Detta är ett exempel på allmänna villkor och har ingen rättslig verkan. Den som driver portalen måste ersätta det med sina egna villkor innan portalen tas i bruk.',
    footer: 'Exempel – ska ersättas av den som driver portalen',
    page: 'sida',
    of: 'av',
    sections: [
      ['1. Om tjänsten', [
        'I ansökningsportalen kan du ansöka om finansiering eller ett leasingavtal för varor som du köper i en webbutik som samarbetar med oss. Portalen skickar ansökan vidare till kreditgivaren (för privatpersoner) eller leasingbolaget (för företag). Själva kredit- eller leasingavtalet ingås mellan dig och kreditgivaren eller leasingbolaget, på deras villkor, som du får ta del av innan du signerar.',
      ]],
      ['2. Legitimering', [
        'Du legitimerar dig med BankID. Du får bara ansöka för egen räkning, eller för ett företag där du har rätt att teckna firman. Ansökningar för andra personer är inte tillåtna.',
      ]],
      ['3. Dina uppgifter', [
        'Du ansvarar för att uppgifterna du lämnar är korrekta och fullständiga. Felaktiga uppgifter kan leda till att ansökan avslås eller att ett ingått avtal sägs upp.',
      ]],
      ['4. Kreditprövning', [
        'Kreditgivaren eller leasingbolaget prövar ansökan och kan ta en kreditupplysning på dig eller företaget. Du får en kopia av kreditupplysningen från kreditupplysningsföretaget. Svaret kommer oftast inom några minuter, men det kan ta upp till 20 minuter.',
      ]],
      ['5. Signering och ångerrätt', [
        'Avtalet signeras elektroniskt med BankID. Som konsument har du rätt att frånträda ett kreditavtal inom 14 dagar enligt konsumentkreditlagen. Ångerrätten gäller inte avtal som ingås av ett företag.',
      ]],
      ['6. Tillgänglighet', [
        'Vi arbetar för att portalen ska vara tillgänglig dygnet runt, men kan inte lova att den alltid är det. Vi kan stänga portalen för underhåll. Om portalen eller kreditgivarens tjänster inte svarar kan du försöka igen senare utan att ansökan går förlorad.',
      ]],
      ['7. Ansvar', [
        'Vi ansvarar för att portalen förmedlar din ansökan så som du har skickat den. Vi ansvarar inte för kreditgivarens eller leasingbolagets beslut, eller för varan du köper. Frågor om varan ställs till webbutiken.',
      ]],
      ['8. Ändringar', [
        'Vi kan ändra dessa villkor. Ändringar gäller för ansökningar som skickas efter att de nya villkoren har publicerats i portalen.',
      ]],
      ['9. Tillämplig lag och klagomål', [
        'Svensk lag gäller. Konsumenter kan vända sig till Allmänna reklamationsnämnden (ARN). Tvister som inte kan lösas i samförstånd prövas av allmän domstol.',
      ]],
      ['10. Kontakt', [
        '[Företagets namn], [adress], organisationsnummer [000000-0000], e-post [kundtjanst@exempel.se].',
      ]],
    ],
  },
  'PrivacyPolicyNO.pdf': {
    lang: 'nb-NO',
    title: 'Personvernerklæring',
    subtitle: 'Søknadsportalen for finansiering og leasing – Norge',
    sample:
      'EKSEMPELDOKUMENT. Dette er et eksempel på en personvernerklæring. Operatøren av portalen må erstatte det med sin egen erklæring, som beskriver den faktiske behandlingen, før portalen tas i bruk.',
    footer: 'Eksempel – skal erstattes av operatøren',
    page: 'side',
    of: 'av',
    sections: [
      ['1. Behandlingsansvarlig', [
        '[Operatørens navn], [adresse], organisasjonsnummer [000 000 000], er behandlingsansvarlig for personopplysningene som behandles i portalen. Personvernspørsmål kan sendes til [personvern@eksempel.no].',
      ]],
      ['2. Hvilke opplysninger vi behandler', [
        'Navn, fødselsnummer, telefonnummer, e-postadresse og adresse; for bedrifter også firmanavn og organisasjonsnummer. Opplysninger om kjøpet og søknaden, hvilke samtykker du har gitt og når, og svar fra långiveren eller leasingselskapet. Tekniske logger, uten fødselsnummer og kontaktopplysninger.',
      ]],
      ['3. Formål og rettslig grunnlag', [
        'Vi behandler opplysningene for å ta imot og formidle søknaden din og gjennomføre avtalen (personvernforordningen artikkel 6 nr. 1 bokstav b), for å oppfylle plikter etter blant annet hvitvaskingsloven og bokføringsloven (bokstav c), og for å sikre tjenesten mot misbruk (berettiget interesse, bokstav f).',
      ]],
      ['4. Hvem vi deler opplysninger med', [
        'Långiveren eller leasingselskapet som behandler søknaden, leverandøren av BankID og signeringstjenesten. Nettbutikken får vite status og utfall av søknaden, men ikke kredittvurderingen. Leverandører som drifter tjenesten for oss, behandler opplysningene på våre vegne etter databehandleravtale. Opplysningene overføres ikke ut av EU/EØS uten et lovlig overføringsgrunnlag.',
      ]],
      ['5. Hvor lenge vi lagrer', [
        'Opplysningene lagres så lenge søknaden er under behandling, og deretter så lenge loven krever det, vanligvis fem år etter bokføringsloven og hvitvaskingsloven. Innloggingen avsluttes etter 30 minutter uten aktivitet.',
      ]],
      ['6. Dine rettigheter', [
        'Du har rett til innsyn, retting og sletting, til å begrense behandlingen, til dataportabilitet og til å protestere mot behandling som bygger på berettiget interesse. Du kan klage til Datatilsynet (datatilsynet.no).',
      ]],
      ['7. Informasjonskapsler', [
        'Portalen bruker bare én nødvendig informasjonskapsel, som holder deg innlogget mens du søker. Vi bruker ingen informasjonskapsler til analyse eller markedsføring.',
      ]],
      ['8. Endringer', [
        'Vi oppdaterer denne erklæringen når behandlingen endres. Den gjeldende versjonen finnes alltid i portalen.',
      ]],
    ],
  },
  'PrivacyPolicySE.pdf': {
    lang: 'sv-SE',
    title: 'Integritetspolicy',
    subtitle: 'Ansökningsportalen för finansiering och leasing – Sverige',
    sample:
      'EXEMPELDOKUMENT. Detta är ett exempel på en integritetspolicy. Den som driver portalen måste ersätta det med sin egen policy, som beskriver den faktiska behandlingen, innan portalen tas i bruk.',
    footer: 'Exempel – ska ersättas av den som driver portalen',
    page: 'sida',
    of: 'av',
    sections: [
      ['1. Personuppgiftsansvarig', [
        '[Företagets namn], [adress], organisationsnummer [000000-0000], är personuppgiftsansvarig för de personuppgifter som behandlas i portalen. Frågor om dataskydd skickas till [dataskydd@exempel.se].',
      ]],
      ['2. Vilka uppgifter vi behandlar', [
        'Namn, personnummer, telefonnummer, e-postadress och adress; för företag även företagsnamn och organisationsnummer. Uppgifter om köpet och ansökan, vilka samtycken du har lämnat och när, samt svar från kreditgivaren eller leasingbolaget. Tekniska loggar, utan personnummer och kontaktuppgifter.',
      ]],
      ['3. Ändamål och rättslig grund', [
        'Vi behandlar uppgifterna för att ta emot och förmedla din ansökan och fullgöra avtalet (dataskyddsförordningen artikel 6.1 b), för att uppfylla skyldigheter enligt bland annat penningtvättslagen och bokföringslagen (artikel 6.1 c) och för att skydda tjänsten mot missbruk (berättigat intresse, artikel 6.1 f).',
      ]],
      ['4. Vilka vi delar uppgifter med', [
        'Kreditgivaren eller leasingbolaget som prövar ansökan, leverantören av BankID och signeringstjänsten. Webbutiken får veta status och utfall för ansökan, men inte kreditprövningen. Leverantörer som driver tjänsten åt oss behandlar uppgifterna för vår räkning enligt personuppgiftsbiträdesavtal. Uppgifterna överförs inte utanför EU/EES utan en laglig grund för överföringen.',
      ]],
      ['5. Hur länge vi sparar', [
        'Uppgifterna sparas så länge ansökan behandlas och därefter så länge lagen kräver, i regel fem år enligt penningtvättslagen och sju år för räkenskapsinformation enligt bokföringslagen. Inloggningen avslutas efter 30 minuter utan aktivitet.',
      ]],
      ['6. Dina rättigheter', [
        'Du har rätt till tillgång, rättelse och radering, till begränsning av behandlingen, till dataportabilitet och att invända mot behandling som grundar sig på berättigat intresse. Du kan klaga hos Integritetsskyddsmyndigheten (imy.se).',
      ]],
      ['7. Kakor', [
        'Portalen använder bara en nödvändig kaka, som håller dig inloggad medan du ansöker. Vi använder inga kakor för analys eller marknadsföring.',
      ]],
      ['8. Ändringar', [
        'Vi uppdaterar policyn när behandlingen ändras. Den gällande versionen finns alltid i portalen.',
      ]],
    ],
  },
};

function fontFile(name) {
  for (const dir of FONT_DIRS) {
    const path = join(dir, name);
    if (existsSync(path)) return path;
  }
  throw new Error(`${name} not found in ${FONT_DIRS.join(', ')}: apt-get install fonts-liberation, or set PDF_FONT_DIR`);
}

function render(doc, path) {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 10, left: MARGIN, right: MARGIN },
    pdfVersion: '1.7',
    subset: 'PDF/UA',
    tagged: true,
    lang: doc.lang,
    displayTitle: true,
    bufferPages: true,
    info: {
      Title: doc.title,
      Subject: doc.subtitle,
      Author: 'Sample / Eksempel / Exempel',
      Keywords: 'sample, replace',
      Producer: 'scripts/generate-documents.mjs',
      Creator: 'scripts/generate-documents.mjs',
      CreationDate: FIXED_DATE,
      ModDate: FIXED_DATE,
    },
  });
  pdf.registerFont('regular', fontFile('LiberationSans-Regular.ttf'));
  pdf.registerFont('bold', fontFile('LiberationSans-Bold.ttf'));
  const written = new Promise((resolve, reject) => {
    const out = createWriteStream(path);
    out.on('finish', resolve);
    out.on('error', reject);
    pdf.pipe(out);
  });

  const width = pdf.page.width - 2 * MARGIN;
  const document = pdf.struct('Document');
  pdf.addStructure(document);
  const text = (type, font, size, color, body) =>
    document.add(
      pdf.struct(type, () => {
        pdf.font(font).fontSize(size).fillColor(color).text(body, { width, lineGap: 3 });
      }),
    );

  text('H1', 'bold', 20, BRAND, doc.title);
  pdf.moveDown(0.2);
  text('P', 'regular', 11.5, INK, doc.subtitle);
  pdf.moveDown(1);

  // The sample notice, in a box: the box is decoration, the words are the first paragraph.
  pdf.font('bold').fontSize(10);
  const noticeHeight = pdf.heightOfString(doc.sample, { width: width - 24, lineGap: 3 }) + 20;
  const top = pdf.y;
  pdf.markContent('Artifact', { type: 'Layout' });
  pdf.rect(MARGIN, top, width, noticeHeight).fillAndStroke(WARN_BG, WARN_INK);
  pdf.endMarkedContent();
  document.add(
    pdf.struct('P', () => {
      pdf.font('bold').fontSize(10).fillColor(WARN_INK).text(doc.sample, MARGIN + 12, top + 10, { width: width - 24, lineGap: 3 });
    }),
  );
  pdf.x = MARGIN;
  pdf.y = top + noticeHeight + 16;

  for (const [heading, paragraphs] of doc.sections) {
    const section = pdf.struct('Sect');
    document.add(section);
    // A heading is not left alone at the foot of a page.
    if (pdf.y > pdf.page.height - pdf.page.margins.bottom - 60) pdf.addPage();
    section.add(
      pdf.struct('H2', () => {
        pdf.font('bold').fontSize(12.5).fillColor(BRAND).text(heading, { width, lineGap: 2 });
      }),
    );
    pdf.moveDown(0.3);
    for (const body of paragraphs) {
      section.add(
        pdf.struct('P', () => {
          pdf.font('regular').fontSize(BODY_SIZE).fillColor(INK).text(body, { width, lineGap: 3 });
        }),
      );
      pdf.moveDown(0.6);
    }
    section.end();
  }
  document.end();

  // The sample mark at the top and the page numbers at the foot of every page: page furniture,
  // which screen readers skip (the notice above says it once, in the text).
  const { start, count } = pdf.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    pdf.switchToPage(index);
    const margins = pdf.page.margins;
    pdf.page.margins = { ...margins, top: 0, bottom: 0 };
    pdf.markContent('Artifact', { type: 'Pagination' });
    pdf.font('bold').fontSize(8).fillColor(WARN_INK).text(doc.footer.toUpperCase(), MARGIN, 28, { width, lineBreak: false });
    pdf.font('regular').fontSize(8).fillColor(INK).text(`${doc.footer} · ${doc.page} ${index + 1} ${doc.of} ${count}`, MARGIN, pdf.page.height - 38, { width, lineBreak: false });
    pdf.endMarkedContent();
    pdf.page.margins = margins;
  }
  pdf.end();
  return written;
}

mkdirSync(OUT, { recursive: true });
for (const [name, doc] of Object.entries(DOCUMENTS)) {
  await render(doc, `${OUT}${name}`);
  console.log(name);
}

/**
 * The lease contract GRENKE hands out for signing, as a real PDF, in the lessee's country
 * language and clearly marked as a sandbox sample.
 */
import { COUNTRIES, type Language } from '@portal/domain';
import { CONTRACT_TEXTS } from './contract-texts';
import { PdfWriter } from './pdf-writer';
import { type GrenkeRequestRecord, instalments } from './requests';

export async function contractPdf(request: GrenkeRequestRecord): Promise<Uint8Array> {
  const country = COUNTRIES[request.country];
  const language: Language = country.language;
  const t = CONTRACT_TEXTS[language];
  const money = (amount: number) =>
    new Intl.NumberFormat(country.locale, { style: 'currency', currency: request.Currency, minimumFractionDigits: 2 }).format(amount);
  const date = new Intl.DateTimeFormat(country.locale, { dateStyle: 'long' }).format(new Date(request.createdAt));
  const { serviceFee } = instalments(request.FinancingAmount, request.Period);
  const lessee = request.Lessee;
  const main = lessee.Addresses.find((a) => a.Type === 'Main');
  const address = [main?.Line1, [main?.PostCode, main?.City].filter(Boolean).join(' ')].filter(Boolean).join(', ');

  const pdf = await PdfWriter.open();
  pdf.doc.setTitle(`${t.title} ${request.FinancingId}`);
  pdf.doc.setSubject(t.sandbox);
  pdf.doc.setAuthor(t.lessorName);
  pdf.doc.setLanguage(`${language}-${request.country}`);
  pdf.doc.setCreationDate(new Date(request.createdAt));
  pdf.doc.setProducer('Loan and leasing portal sandbox');

  pdf.heading(t.title, 20).gap(4).banner(t.sandbox);
  pdf.pairs([
    [t.agreementNumber, request.FinancingId],
    [t.reference, request.RequestId],
    [t.date, date],
  ]);

  pdf.heading(t.lessor, 12).pairs([[t.companyName, t.lessorName]]);
  pdf.heading(t.lessee, 12).pairs([
    [t.companyName, lessee.CompanyName],
    [t.organisationNumber, lessee.ExternalId],
    ...(address ? ([[t.address, address]] as [string, string][]) : []),
    ...(lessee.Email ? ([[t.email, lessee.Email]] as [string, string][]) : []),
  ]);

  pdf.heading(t.objects, 12).gap(2);
  pdf.table(
    [
      { title: t.quantity, width: 0.1, align: 'right' },
      { title: t.description, width: 0.45 },
      { title: t.serialNumber, width: 0.2 },
      { title: t.unitPrice, width: 0.25, align: 'right' },
    ],
    request.FinancingObjects.map((o) => [String(o.Quantity), o.Details ?? o.Name ?? '', o.SerialNumber ?? '', money(o.NetPricePerObject)]),
  );

  pdf.heading(t.terms, 12).pairs([
    [t.financedAmount, money(request.FinancingAmount)],
    [t.period, t.months.replace('{n}', String(request.Period))],
    [t.monthlyInstalment, `${money(request.MonthlyTotalInstalment)} (${t.serviceFeeIncluded.replace('{fee}', money(serviceFee))})`],
    [t.paymentMethod, t.paymentMethodValue],
  ]);

  pdf.gap(12).text(t.clause).gap(8).text(t.signature, { muted: true });
  return pdf.save();
}

/**
 * The packaging task's result: the signed documents followed by a signature page that lists
 * each signer's name, e-ID and signing time. A real service would embed PAdES signatures; the
 * sandbox says plainly that it does not. National IDs appear masked, never in full.
 */
import { PDFDocument } from 'pdf-lib';
import { COUNTRIES } from '@portal/domain';
import { PdfWriter } from '../grenke/pdf-writer';
import { languageOf, lookOf, maskNationalId, type PackagingTaskRecord, type SigningOrderRecord } from './orders';
import { SIGNING_TEXTS } from './texts';

export async function signedPdf(
  order: SigningOrderRecord,
  packaging: PackagingTaskRecord,
  documents: ReadonlyMap<string, Uint8Array>,
): Promise<Uint8Array> {
  const tasks = packaging.documents.flatMap((ref) => order.tasks.filter((t) => t.id === ref.taskId));
  const first = tasks[0];
  if (!first) throw new Error('packaging task without signing tasks');

  // Every document the packaging task names, once, in order (usually one contract signed by all).
  const refs = [
    ...new Set(
      packaging.documents.flatMap((ref) => {
        const task = order.tasks.find((t) => t.id === ref.taskId);
        return (task?.documents ?? []).filter((d) => ref.documentIds.includes(d.id)).map((d) => d.documentRef);
      }),
    ),
  ];
  const result = await PDFDocument.create();
  for (const ref of refs) {
    const bytes = documents.get(ref);
    if (!bytes) throw new Error('a signed document is missing');
    const source = await PDFDocument.load(bytes);
    const pages = await result.copyPages(source, source.getPageIndices());
    for (const page of pages) result.addPage(page);
    if (ref === refs[0]) result.setTitle(source.getTitle() ?? first.documents[0]?.description ?? order.id);
  }

  const language = languageOf(first);
  const t = SIGNING_TEXTS[language];
  const look = lookOf(first);
  result.setLanguage(language === 'en' ? 'en' : `${language}-${look}`);
  const locale = language === 'en' ? 'en-GB' : COUNTRIES[look].locale;
  const timeZone = look === 'SE' ? 'Europe/Stockholm' : 'Europe/Oslo';
  const format = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
  const when = (iso: string) => format.format(new Date(iso));

  const pdf = await PdfWriter.open(result);
  pdf.heading(t.signaturesTitle, 18).gap(4).banner(t.signaturesSandbox);
  pdf.pairs([
    [t.documentTitle, first.documents[0]?.description ?? ''],
    [t.signingOrder, order.id],
  ]);
  pdf.gap(10).text(t.signaturesIntro).gap(4);
  pdf.table(
    [
      { title: t.signer, width: 0.3 },
      { title: t.identityNumber, width: 0.2 },
      { title: t.method, width: 0.2 },
      { title: t.signedAt, width: 0.3 },
    ],
    tasks.map((task) => [
      task.signature?.name ?? '',
      task.subject.nationalId ? maskNationalId(task.subject.nationalId) : '',
      lookOf(task) === 'SE' ? t.bankIdCountrySe : t.bankIdCountryNo,
      task.signature ? when(task.signature.signedAt) : '',
    ]),
  );
  pdf.gap(12).text(t.packaging, { muted: true });
  result.setModificationDate(new Date(packaging.completedAt ?? Date.now()));
  return pdf.save();
}

/**
 * The SECCI the customer keeps, as a PDF (CCD2 Art. 10(2): "on paper or on another durable
 * medium"). The lender produces the SECCI; when it serves a PDF, that PDF is sent as it is. Resurs
 * serves its SECCI as a web page (the legal link with the amount appended), and a link is not a
 * durable medium (CJEU C-49/11), so the portal writes the page's words into a PDF: the lender's
 * headings, paragraphs and table rows in their order, under a note that says whose document it is,
 * where and when it was read, and the SHA-256 of the page as the lender served it. Nothing is
 * added to the lender's words and nothing left out but markup. The PDF is tagged (headings and
 * paragraphs in reading order, the document's language and title), as the portal's own documents
 * are (scripts/generate-documents.mjs).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import PDFDocument from 'pdfkit';
import type { Language } from '@portal/domain';
import type { SecciSection } from '../../db/repositories/precontractual';

/** A heading or a paragraph of the lender's words (kept as such with the PDF: db/repositories/precontractual.ts). */
export type SecciBlock = SecciSection;

const SKIPPED = new Set(['script', 'style', 'head', 'nav', 'noscript', 'template', 'svg', 'button', 'form', 'footer']);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const BLOCKS = new Set(['p', 'li', 'dt', 'dd', 'caption', 'address', 'blockquote', 'figcaption', 'summary']);

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

function textOf(node: ChildNode): string {
  if (isText(node)) return node.data;
  if (!isTag(node) || SKIPPED.has(node.name)) return '';
  if (node.name === 'br') return ' ';
  return node.children.map(textOf).join(node.name === 'td' || node.name === 'th' ? ' ' : '');
}

/**
 * The words of a lender's HTML document as blocks in reading order: headings, paragraphs, and
 * each table row as one line (its cells joined by ": " when there are two, " | " otherwise).
 */
export function secciBlocks(html: string): SecciBlock[] {
  const blocks: SecciBlock[] = [];
  const push = (kind: SecciBlock['kind'], text: string) => {
    const squeezed = squeeze(text);
    if (squeezed) blocks.push({ kind, text: squeezed });
  };
  const walk = (nodes: readonly ChildNode[]) => {
    let loose = '';
    const flush = () => {
      push('paragraph', loose);
      loose = '';
    };
    for (const node of nodes) {
      if (isText(node)) {
        loose += node.data;
        continue;
      }
      if (!isTag(node)) continue;
      const element: Element = node;
      if (SKIPPED.has(element.name)) continue;
      if (element.name === 'title') continue;
      if (HEADINGS.has(element.name)) {
        flush();
        push('heading', textOf(element));
      } else if (BLOCKS.has(element.name)) {
        flush();
        push('paragraph', textOf(element));
      } else if (element.name === 'tr') {
        flush();
        const cells = element.children.filter((c): c is Element => isTag(c) && (c.name === 'td' || c.name === 'th')).map((c) => squeeze(textOf(c))).filter(Boolean);
        push('paragraph', cells.length === 2 ? `${cells[0]}: ${cells[1]}` : cells.join(' | '));
      } else if (['a', 'span', 'strong', 'b', 'em', 'i', 'small', 'abbr', 'time', 'data', 'sup', 'sub', 'br'].includes(element.name)) {
        loose += textOf(element);
      } else {
        flush();
        walk(element.children);
      }
    }
    flush();
  };
  walk(parseDocument(html).children);
  return blocks;
}

/** The note above the lender's words, in the document's language. */
const NOTE: Record<Language, (p: { lender: string; url: string; at: string; sha256: string }) => string> = {
  sv: (p) => `Detta är ${p.lender}s standardiserade europeiska konsumentkreditinformation (SEKKI) för din kredit, med kreditgivarens egna ord, så som den publicerades på ${p.url} den ${p.at}. SHA-256 för kreditgivarens dokument: ${p.sha256}.`,
  nb: (p) => `Dette er ${p.lender}s standardiserte europeiske opplysninger om forbrukerkreditt (SEF) for kreditten din, med långiverens egne ord, slik de ble publisert på ${p.url} ${p.at}. SHA-256 for långiverens dokument: ${p.sha256}.`,
  en: (p) => `This is ${p.lender}'s Standard European Consumer Credit Information (SECCI) for your credit, in the lender's own words, as published at ${p.url} on ${p.at}. SHA-256 of the lender's document: ${p.sha256}.`,
};

const LOCALES: Record<Language, string> = { sv: 'sv-SE', nb: 'nb-NO', en: 'en-GB' };
const FONT_DIRS = ['/usr/share/fonts/truetype/liberation', '/usr/share/fonts/liberation'];

/** Liberation Sans when the machine has it (embedded: PDF/UA), else the PDF's standard Helvetica. */
function fonts(fontDir: string | null): { regular: string; bold: string; embedded: boolean } {
  for (const dir of fontDir ? [fontDir, ...FONT_DIRS] : FONT_DIRS) {
    const regular = join(dir, 'LiberationSans-Regular.ttf');
    const bold = join(dir, 'LiberationSans-Bold.ttf');
    if (existsSync(regular) && existsSync(bold)) return { regular, bold, embedded: true };
  }
  return { regular: 'Helvetica', bold: 'Helvetica-Bold', embedded: false };
}

export interface SecciPdfInput {
  title: string;
  lender: string;
  /** The lender's document's language (its country's). */
  language: Language;
  url: string;
  fetchedAt: Date;
  lenderSha256: string;
  blocks: readonly SecciBlock[];
  /** PDF_FONT_DIR: where Liberation Sans is looked for first. */
  fontDir?: string | null;
}

const MARGIN = 56;

/** The PDF of a lender's SECCI page. */
export function secciPdf(input: SecciPdfInput): Promise<Buffer> {
  const font = fonts(input.fontDir ?? null);
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    pdfVersion: '1.7',
    // PDF/UA needs embedded fonts; the types know only PDF/A's subsets.
    ...(font.embedded ? { subset: 'PDF/UA' as unknown as PDFKit.Mixins.PDFSubsets } : {}),
    tagged: true,
    lang: LOCALES[input.language],
    displayTitle: true,
    info: { Title: input.title, Author: input.lender, CreationDate: input.fetchedAt, ModDate: input.fetchedAt },
  });
  pdf.registerFont('regular', font.regular);
  pdf.registerFont('bold', font.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const width = pdf.page.width - 2 * MARGIN;
  const document = pdf.struct('Document');
  pdf.addStructure(document);
  const text = (type: string, fontName: string, size: number, body: string, gap = 0.5) => {
    document.add(pdf.struct(type, {}, () => pdf.font(fontName).fontSize(size).fillColor('#1a1a1a').text(body, { width, lineGap: 2 })));
    pdf.moveDown(gap);
  };
  text('H1', 'bold', 17, input.title, 0.4);
  const at = input.fetchedAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
  text('P', 'regular', 9, NOTE[input.language]({ lender: input.lender, url: input.url, at, sha256: input.lenderSha256 }), 1);
  for (const block of input.blocks) {
    if (block.kind === 'heading') {
      if (pdf.y > pdf.page.height - pdf.page.margins.bottom - 60) pdf.addPage();
      text('H2', 'bold', 12.5, block.text, 0.3);
    } else {
      text('P', 'regular', 10.5, block.text);
    }
  }
  document.end();
  pdf.end();
  return done;
}

/**
 * A small top-to-bottom text layout on pdf-lib for the sandbox's documents: the GRENKE lease
 * contract and the signing service's signature page (which imports it from here). The standard
 * Helvetica fonts are used so that no font file ships; they cover Western European text
 * (æ, ø, å, ä, ö) but not every character a company name may hold, so text is made safe first.
 */
import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

const MARGIN = 56;
const INK = rgb(0.12, 0.14, 0.16);
const MUTED = rgb(0.35, 0.38, 0.42);
const WARNING = rgb(0.7, 0.08, 0.08);

export interface Column {
  title: string;
  /** Share of the text width, 0..1. */
  width: number;
  align?: 'left' | 'right';
}

export class PdfWriter {
  private page: PDFPage;
  private y: number;
  private readonly supported: Set<number>;

  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.supported = new Set(regular.getCharacterSet());
    this.page = doc.addPage(PageSizes.A4);
    this.y = this.page.getHeight() - MARGIN;
  }

  /** Starts writing on a new page at the end of `doc` (a new document when none is given). */
  static async open(doc?: PDFDocument): Promise<PdfWriter> {
    const target = doc ?? (await PDFDocument.create());
    const [regular, bold] = await Promise.all([target.embedFont(StandardFonts.Helvetica), target.embedFont(StandardFonts.HelveticaBold)]);
    return new PdfWriter(target, regular, bold);
  }

  private get width(): number {
    return this.page.getWidth() - 2 * MARGIN;
  }

  /** Replaces what the standard fonts cannot draw: locale spaces and minus signs, then anything else. */
  safe(text: string): string {
    const normalised = text.replace(/[\u00a0\u2007\u202f\u2009]/g, ' ').replace(/\u2212/g, '-');
    return Array.from(normalised, (ch) => {
      const code = ch.codePointAt(0) ?? 0x3f;
      return this.supported.has(code) ? ch : '?';
    }).join('');
  }

  private ensureRoom(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage(PageSizes.A4);
    this.y = this.page.getHeight() - MARGIN;
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of this.safe(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line ? `${line} ${word}` : word;
        if (line && font.widthOfTextAtSize(candidate, size) > width) {
          lines.push(line);
          line = word;
        } else {
          line = candidate;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  text(text: string, options: { size?: number; bold?: boolean; muted?: boolean; warning?: boolean } = {}): this {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const color = options.warning ? WARNING : options.muted ? MUTED : INK;
    for (const line of this.wrap(text, font, size, this.width)) {
      this.ensureRoom(size * 1.4);
      this.y -= size * 1.4;
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color });
    }
    return this;
  }

  heading(text: string, size = 16): this {
    this.gap(size * 0.4);
    return this.text(text, { size, bold: true });
  }

  gap(height = 8): this {
    this.y -= height;
    return this;
  }

  /** A framed warning across the page, e.g. the sandbox mark. */
  banner(text: string): this {
    const size = 11;
    const lines = this.wrap(text, this.bold, size, this.width - 16);
    const height = lines.length * size * 1.4 + 12;
    this.ensureRoom(height + 4);
    this.page.drawRectangle({
      x: MARGIN,
      y: this.y - height,
      width: this.width,
      height,
      borderColor: WARNING,
      borderWidth: 1.5,
      color: rgb(1, 0.95, 0.95),
    });
    let y = this.y - 6;
    for (const line of lines) {
      y -= size * 1.4;
      this.page.drawText(line, { x: MARGIN + 8, y: y + 3, size, font: this.bold, color: WARNING });
    }
    this.y -= height + 8;
    return this;
  }

  /** Label and value pairs in two columns. */
  pairs(rows: [string, string][]): this {
    const size = 10;
    const labelWidth = this.width * 0.34;
    for (const [label, value] of rows) {
      const valueLines = this.wrap(value, this.regular, size, this.width - labelWidth);
      this.ensureRoom(valueLines.length * size * 1.4);
      this.y -= size * 1.4;
      this.page.drawText(this.safe(label), { x: MARGIN, y: this.y, size, font: this.bold, color: MUTED });
      valueLines.forEach((line, i) => {
        if (i > 0) this.y -= size * 1.4;
        this.page.drawText(line, { x: MARGIN + labelWidth, y: this.y, size, font: this.regular, color: INK });
      });
    }
    return this;
  }

  table(columns: Column[], rows: string[][]): this {
    const size = 9;
    const drawRow = (cells: string[], font: PDFFont) => {
      const wrapped = columns.map((column, i) => this.wrap(cells[i] ?? '', font, size, column.width * this.width - 6));
      const height = Math.max(...wrapped.map((lines) => lines.length)) * size * 1.4;
      this.ensureRoom(height + 4);
      let x = MARGIN;
      columns.forEach((column, i) => {
        const cellWidth = column.width * this.width;
        (wrapped[i] ?? []).forEach((line, n) => {
          const lineWidth = font.widthOfTextAtSize(line, size);
          const left = column.align === 'right' ? x + cellWidth - 6 - lineWidth : x;
          this.page.drawText(line, { x: left, y: this.y - (n + 1) * size * 1.4, size, font, color: INK });
        });
        x += cellWidth;
      });
      this.y -= height + 4;
      this.page.drawLine({ start: { x: MARGIN, y: this.y + 1 }, end: { x: MARGIN + this.width, y: this.y + 1 }, thickness: 0.5, color: MUTED });
    };
    drawRow(
      columns.map((c) => c.title),
      this.bold,
    );
    for (const row of rows) drawRow(row, this.regular);
    return this;
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}

import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { secciBlocks, secciPdf } from './secci-pdf';

describe("the SECCI PDF from the lender's web page", () => {
  const html = `<!doctype html><html lang="sv"><head><title>SEKKI</title><style>p{color:red}</style><script>alert(1)</script></head>
    <body><nav><a href="/">Hem</a></nav>
    <h1>Standardiserad europeisk konsumentkreditinformation</h1>
    <h2>1. Kreditgivare</h2><p>Resurs Bank AB, <strong>Ekslingan 9</strong>, Helsingborg</p>
    <table><tr><th>Kreditbelopp</th><td>8 990 kr</td></tr><tr><td>Löptid</td><td>36 månader</td></tr><tr><td>a</td><td>b</td><td>c</td></tr></table>
    <ul><li>Ångerrätt: 14 dagar</li></ul><div>Fritext utan stycke</div></body></html>`;

  it("keeps the lender's headings, paragraphs and table rows in order, and nothing of its markup or scripts", () => {
    expect(secciBlocks(html)).toEqual([
      { kind: 'heading', text: 'Standardiserad europeisk konsumentkreditinformation' },
      { kind: 'heading', text: '1. Kreditgivare' },
      { kind: 'paragraph', text: 'Resurs Bank AB, Ekslingan 9, Helsingborg' },
      { kind: 'paragraph', text: 'Kreditbelopp: 8 990 kr' },
      { kind: 'paragraph', text: 'Löptid: 36 månader' },
      { kind: 'paragraph', text: 'a | b | c' },
      { kind: 'paragraph', text: 'Ångerrätt: 14 dagar' },
      { kind: 'paragraph', text: 'Fritext utan stycke' },
    ]);
  });

  it('writes a PDF with the title, the lender and the language', async () => {
    const bytes = await secciPdf({
      title: 'Standardiserad europeisk konsumentkreditinformation (SEKKI)',
      lender: 'Resurs Bank',
      language: 'sv',
      url: 'https://resurs.example/secci?amount=8990',
      fetchedAt: new Date('2026-11-28T10:00:00Z'),
      lenderSha256: 'ab'.repeat(32),
      blocks: secciBlocks(html),
    });
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(pdf.getTitle()).toBe('Standardiserad europeisk konsumentkreditinformation (SEKKI)');
    expect(pdf.getAuthor()).toBe('Resurs Bank');
    expect(bytes.toString('latin1')).toMatch(/\/Lang \(sv-SE\)/);
    expect(bytes.toString('latin1')).toMatch(/\/StructTreeRoot/);
  });
});

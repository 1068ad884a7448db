import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { termsHtmlToReact } from './terms-html';

const show = (html: string) =>
  render(<div data-testid="terms">{termsHtmlToReact(html, { parentHeadingLevel: 2, tableLabel: 'Table' })}</div>).getByTestId('terms');

describe('termsHtmlToReact', () => {
  it('keeps the text elements of the terms, with headings placed under the page heading', () => {
    const terms = show(
      '<article class="secci"><section><h2>Creditor</h2><dl><dt>Creditor</dt><dd>Resurs Bank AB</dd></dl></section>' +
        '<section><h2>Costs</h2><h3>Rates</h3><ul><li>14,90 %</li></ul><p><strong>Note</strong> text</p></section></article>',
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Creditor', 'Costs']);
    expect(screen.getByRole('heading', { level: 4 })).toHaveTextContent('Rates');
    expect(screen.getByRole('listitem')).toHaveTextContent('14,90 %');
    expect(terms.querySelector('dd')).toHaveTextContent('Resurs Bank AB');
    expect(terms.querySelector('strong')).toHaveTextContent('Note');
    // The provider's classes are not carried over.
    expect(terms.querySelector('.secci')).toBeNull();
  });

  it('drops scripts, styles, handlers, forms and media, and never renders raw markup', () => {
    const terms = show(
      '<p onclick="alert(1)" style="color:red">Text</p><script>alert(1)</script><style>p{}</style>' +
        '<img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe><form><input name="a"><button>Go</button></form>' +
        '<p>&lt;b&gt;literal&lt;/b&gt;</p>',
    );
    expect(terms.querySelector('script, style, img, iframe, form, input, button')).toBeNull();
    const paragraph = terms.querySelector('p');
    expect(paragraph?.getAttribute('onclick')).toBeNull();
    expect(paragraph?.getAttribute('style')).toBeNull();
    expect(terms).toHaveTextContent('<b>literal</b>');
    expect(terms.querySelector('b')).toBeNull();
  });

  it('keeps links with safe schemes only, opening beside the terms', () => {
    show('<p><a href="https://www.resursbank.no/vilkar">Terms</a> <a href="javascript:alert(1)">Bad</a> <a href="mailto:kundeservice@example.com">Mail</a></p>');
    const terms = screen.getByRole('link', { name: 'Terms' });
    expect(terms).toHaveAttribute('href', 'https://www.resursbank.no/vilkar');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(terms).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'Bad' })).toBeNull();
    expect(screen.getByText(/Bad/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mail' })).toHaveAttribute('href', 'mailto:kundeservice@example.com');
  });

  it('puts a table in a named, focusable scroll region and keeps its header cells', () => {
    show('<table class="priceTable"><tr><th scope="row" class="header">Amount</th><td colspan="2">15 000</td></tr></table>');
    const region = screen.getByRole('region', { name: 'Table' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('rowheader', { name: 'Amount' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '15 000' })).toHaveAttribute('colspan', '2');
  });

  it('keeps the text of elements it does not know', () => {
    const terms = show('<custom-box><p>Inside</p></custom-box><center>Centred</center>');
    expect(terms.querySelector('custom-box, center')).toBeNull();
    expect(terms).toHaveTextContent('InsideCentred');
  });
});

import { describe, expect, it } from 'vitest';
import { sanitizeHtmlText } from './sanitize';

describe('sanitising HTML texts', () => {
  it('keeps links with the allowed schemes and relative links', () => {
    for (const href of ['https://example.com/a', 'http://example.com', 'ftp://files.example.com/x', 'mailto:kundeservice@example.com', 'tel:+4722334455', '/loan-subscription/documents/PrivacyPolicyNO.pdf']) {
      expect(sanitizeHtmlText(`<a href="${href}">x</a>`)).toBe(`<a href="${href}" target="_blank" rel="noopener noreferrer">x</a>`);
    }
  });

  it('removes other schemes, scripts, handlers and styles', () => {
    expect(sanitizeHtmlText('<a href="javascript:alert(1)">x</a>')).toBe('<a target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeHtmlText('<a href="data:text/html,hi">x</a>')).not.toContain('data:');
    expect(sanitizeHtmlText('<a href="sms:123">x</a>')).not.toContain('sms:');
    expect(sanitizeHtmlText('ok<script>alert(1)</script>')).toBe('ok');
    expect(sanitizeHtmlText('<b onclick="x()" style="color:red">bold</b>')).toBe('<b>bold</b>');
    expect(sanitizeHtmlText('<img src=x onerror=alert(1)>text')).toBe('text');
    expect(sanitizeHtmlText('<a href="//evil.example.com">x</a>')).not.toContain('evil');
  });
});

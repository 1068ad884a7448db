/** Pieces the shop's pages share: its header, moments, amounts and codes as the reader writes them. */
import { type Currency, type Language, LANGUAGES } from '@portal/domain';
import type { ShopTexts } from './texts';

export function Header({ t, lang, path, query }: { t: ShopTexts; lang: Language; path: string; query?: string }) {
  return (
    <header>
      <h1>{t.title}</h1>
      <p>{t.tagline}</p>
      <nav aria-label={t.language}>
        <ul className="langs">
          {LANGUAGES.map((code) => (
            <li key={code}>
              <a href={`${path}?${query ? `${query}&` : ''}lang=${code}`} lang={code} aria-current={code === lang ? 'true' : undefined}>
                {{ en: 'English', sv: 'Svenska', nb: 'Norsk' }[code]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

const LOCALES: Readonly<Record<Language, string>> = { en: 'en-GB', sv: 'sv-SE', nb: 'nb-NO' };

/**
 * A moment as the shop's reader writes it, to the second (webhooks arrive within seconds): the
 * date and the time each kept on one line, so a narrow column breaks between them, not inside a
 * number.
 */
export function Moment({ lang, iso }: { lang: Language; iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(LOCALES[lang], { ...options, timeZone: 'Europe/Oslo' }).format(date);
  return (
    <time dateTime={date.toISOString()}>
      <span className="nowrap">{format({ dateStyle: 'short' })}</span> <span className="nowrap">{format({ timeStyle: 'medium' })}</span>
    </time>
  );
}

/** An amount in the reader's way of writing it, as text (for sentences). */
export const amountText = (lang: Language, currency: Currency, amount: number): string =>
  new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency }).format(amount);

/**
 * An amount: the reader's format joins its parts with no-break spaces, so a line breaks around it;
 * only a column too narrow for it (a phone with large text) breaks it rather than scroll sideways.
 */
export const Amount = ({ lang, currency, amount }: { lang: Language; currency: Currency; amount: number }) => (
  <span className="amount">{amountText(lang, currency, amount)}</span>
);

/** A code for developers, in small print beside the words it stands for. */
export const Code = ({ children, testId }: { children: string; testId?: string }) => (
  <small className="code">
    <code data-testid={testId}>{children}</code>
  </small>
);

/** Today where the shop is, as a date field writes it (YYYY-MM-DD). */
export const today = (): string => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Oslo' }).format(new Date());

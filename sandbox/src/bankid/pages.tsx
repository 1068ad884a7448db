/**
 * The pages of the simulated BankID: server-rendered, no script, one form per action so the
 * whole flow works with the keyboard and without JavaScript.
 */
import type { ReactNode } from 'react';
import { type CountryCode, type Language, LANGUAGES, TEST_PEOPLE } from '@portal/domain';
import { renderPage } from '../lib/html';
import { BANKID_TEXTS, type BankIdTexts, translatedDescription } from './texts';

export const STYLESHEET_PATH = '/bankid.css';

/** What the person chose: a test person, or a number they typed with optional names. */
export interface ChosenIdentity {
  nationalId: string;
  givenName: string;
  familyName: string;
}

export interface TypedInput {
  nationalId: string;
  givenName: string;
  familyName: string;
}

interface PageContext {
  /** The broker's path prefix, e.g. /sandbox/bankid. */
  mount: string;
  uid: string;
  country: CountryCode;
  lang: Language;
}

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sv: 'Svenska', nb: 'Norsk' };

/** 18087248794 → 180872 48794; 198305147715 → 19830514-7715: how each country writes them. */
export function formatNationalId(country: CountryCode, id: string): string {
  return country === 'NO' ? `${id.slice(0, 6)} ${id.slice(6)}` : `${id.slice(0, 8)}-${id.slice(8)}`;
}

const actionUrl = (c: PageContext, action: string) => `${c.mount}/interaction/${c.uid}/${action}?lang=${c.lang}`;

function Frame({ c, t, title, children, languages }: {
  c: { mount: string; country: CountryCode; lang: Language; uid?: string };
  t: BankIdTexts;
  title: string;
  children: ReactNode;
  languages: boolean;
}) {
  return (
    <>
      <header>
        <div className="top">
          <div className="top-inner">
            <p className="wordmark">
              BankID<span>{t.brand[c.country]}</span>
            </p>
            {languages && c.uid ? (
              <nav aria-label={t.language}>
                <ul className="langs">
                  {LANGUAGES.map((code) => (
                    <li key={code}>
                      <a
                        href={`${c.mount}/interaction/${c.uid}?lang=${code}`}
                        lang={code}
                        aria-current={code === c.lang ? 'true' : undefined}
                      >
                        {LANGUAGE_NAMES[code]}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
          </div>
        </div>
        <p className="sandbox">{t.sandbox}</p>
      </header>
      <main>
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}

function CancelForm({ c, t }: { c: PageContext; t: BankIdTexts }) {
  return (
    <form method="post" action={actionUrl(c, 'cancel')}>
      <button type="submit" className="secondary">
        {t.cancel}
      </button>
    </form>
  );
}

const page = (c: { country: CountryCode; lang: Language; mount: string }, title: string, body: ReactNode) =>
  renderPage({
    title: `${title}: ${BANKID_TEXTS[c.lang].htmlTitle}`,
    lang: c.lang,
    stylesheet: `${c.mount}${STYLESHEET_PATH}`,
    bodyClass: c.country === 'NO' ? 'no' : 'se',
    body,
  });

/** Pick a test person of the country, or type a national ID (with the error when it was invalid). */
export function chooserPage(c: PageContext, typed?: TypedInput, invalid = false): string {
  const t = BANKID_TEXTS[c.lang];
  const people = TEST_PEOPLE.filter((p) => p.country === c.country);
  const describedBy = invalid ? 'national-id-error national-id-hint' : 'national-id-hint';
  return page(
    c,
    t.title,
    <Frame c={c} t={t} title={t.title} languages>
      <p>{t.intro[c.country]}</p>

      <h2 id="people-title">{t.peopleTitle}</h2>
      <ul className="people" aria-labelledby="people-title">
        {people.map((person) => (
          <li key={person.nationalId}>
            <form method="post" action={actionUrl(c, 'select')}>
              <input type="hidden" name="person" value={person.nationalId} />
              <button type="submit" className="person" data-person={person.nationalId}>
                <span className="name">{`${person.firstName} ${person.lastName}`}</span>
                <span className="detail">{translatedDescription(t, person.description)}</span>
                <span className="detail">{formatNationalId(c.country, person.nationalId)}</span>
              </button>
            </form>
          </li>
        ))}
      </ul>

      <h2 id="typed-title">{t.typeTitle[c.country]}</h2>
      <form method="post" action={actionUrl(c, 'select')} className="card" aria-labelledby="typed-title" noValidate>
        <label htmlFor="national-id">{t.nationalIdLabel[c.country]}</label>
        <input
          type="text"
          id="national-id"
          name="nationalId"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={20}
          defaultValue={typed?.nationalId ?? ''}
          aria-invalid={invalid ? 'true' : undefined}
          aria-describedby={describedBy}
        />
        {invalid ? (
          <p id="national-id-error" className="error" role="alert">
            {t.invalidNationalId[c.country]}
          </p>
        ) : null}
        <p id="national-id-hint" className="hint">
          {t.nationalIdHint[c.country]}
        </p>
        <label htmlFor="given-name">{t.givenName}</label>
        <input type="text" id="given-name" name="givenName" autoComplete="off" maxLength={100} defaultValue={typed?.givenName ?? ''} aria-describedby="names-hint" />
        <label htmlFor="family-name">{t.familyName}</label>
        <input type="text" id="family-name" name="familyName" autoComplete="off" maxLength={100} defaultValue={typed?.familyName ?? ''} aria-describedby="names-hint" />
        <p id="names-hint" className="hint">
          {t.namesHint}
        </p>
        <button type="submit" className="primary">
          {t.continue}
        </button>
      </form>

      <CancelForm c={c} t={t} />
    </Frame>,
  );
}

/** The step the BankID app asks for: these are my details, approve. */
export function confirmPage(c: PageContext, identity: ChosenIdentity): string {
  const t = BANKID_TEXTS[c.lang];
  return page(
    c,
    t.confirmTitle,
    <Frame c={c} t={t} title={t.confirmTitle} languages={false}>
      <p>{t.confirmIntro}</p>
      <dl>
        <dt>{t.nameLabel}</dt>
        <dd>{`${identity.givenName} ${identity.familyName}`}</dd>
        <dt>{t.nationalIdShort[c.country]}</dt>
        <dd>{formatNationalId(c.country, identity.nationalId)}</dd>
      </dl>
      <div className="actions">
        <form method="post" action={actionUrl(c, 'approve')}>
          <input type="hidden" name="nationalId" value={identity.nationalId} />
          <input type="hidden" name="givenName" value={identity.givenName} />
          <input type="hidden" name="familyName" value={identity.familyName} />
          <button type="submit" className="primary">
            {t.approve}
          </button>
        </form>
        <CancelForm c={c} t={t} />
      </div>
    </Frame>,
  );
}

/** An expired or unknown identification, or a broker error: nothing to continue, go back. */
export function messagePage(
  c: { mount: string; country: CountryCode; lang: Language },
  kind: 'expired' | 'error',
): string {
  const t = BANKID_TEXTS[c.lang];
  const title = kind === 'expired' ? t.expiredTitle : t.errorTitle;
  return page(
    c,
    title,
    <Frame c={c} t={t} title={title} languages={false}>
      <p role="alert">{kind === 'expired' ? t.expiredText : t.errorText}</p>
    </Frame>,
  );
}

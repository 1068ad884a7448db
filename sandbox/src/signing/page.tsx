/**
 * The signing service's hosted page, server-rendered (ADR 5): the document to read, a BankID
 * step in the Norwegian or Swedish look, and sign / decline / later as plain form posts.
 */
import { type Language, LANGUAGES } from '@portal/domain';
import { renderPage } from '../lib/html';
import type { Look, TaskStatus } from './orders';
import { SIGNING_TEXTS, type SigningTexts } from './texts';

const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', sv: 'Svenska', nb: 'Norsk' };

function Header({ t, lang, path }: { t: SigningTexts; lang: Language; path: string }) {
  return (
    <header className="service">
      <p>
        {t.serviceName}
        <span className="badge">{t.sandboxBadge}</span>
      </p>
      <nav aria-label={t.language}>
        <ul className="langs">
          {LANGUAGES.map((code) => (
            <li key={code}>
              <a href={`${path}?lang=${code}`} lang={code} hrefLang={code} aria-current={code === lang ? 'true' : undefined}>
                {LANGUAGE_NAMES[code]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

export interface SigningPageModel {
  lang: Language;
  stylesheet: string;
  path: string;
  documentUrl: string;
  documentTitle: string;
  look: Look;
  maskedNationalId: string | null;
  name: string;
  nameError: boolean;
  /** The BankID used belongs to someone other than the person the task is bound to. */
  otherPerson: boolean;
}

export function signingPage(model: SigningPageModel): string {
  const t = SIGNING_TEXTS[model.lang];
  const country = model.look === 'SE' ? t.bankIdCountrySe : t.bankIdCountryNo;
  return renderPage({
    title: `${t.pageTitle}: ${t.serviceName}`,
    lang: model.lang,
    stylesheet: model.stylesheet,
    body: (
      <>
        <Header t={t} lang={model.lang} path={model.path} />
        <main>
          <p className="notice">{t.sandboxNotice}</p>
          <h1>{t.pageTitle}</h1>
          <p>{t.intro}</p>
          <section className="card" aria-labelledby="document-heading">
            <h2 id="document-heading">{t.document}</h2>
            <p className="doc-title" data-testid="document-title">
              {model.documentTitle}
            </p>
            <a href={model.documentUrl} type="application/pdf">
              {t.viewDocument}
            </a>
          </section>
          <form method="post" action={model.path} className={`bankid look-${model.look.toLowerCase()}`} noValidate>
            <input type="hidden" name="lang" value={model.lang} />
            <div className="bankid-bar" aria-hidden="true">
              <span className="bankid-mark">BankID</span>
              <span className="bankid-country">{country}</span>
            </div>
            <fieldset>
              <legend>
                <h2>{t.bankIdHeading}</h2>
              </legend>
              {model.otherPerson ? (
                <p className="error" role="alert" data-testid="other-person">
                  {t.otherPerson}
                </p>
              ) : null}
              {model.maskedNationalId ? (
                <dl>
                  <dt>{t.nationalId}</dt>
                  <dd data-testid="national-id">{model.maskedNationalId}</dd>
                </dl>
              ) : null}
              <label htmlFor="signer-national-id">{t.identifiedAs}</label>
              <input
                type="text"
                id="signer-national-id"
                name="nationalId"
                inputMode="numeric"
                maxLength={20}
                autoComplete="off"
                aria-describedby="signer-national-id-hint"
                aria-invalid={model.otherPerson ? 'true' : undefined}
              />
              <p className="hint" id="signer-national-id-hint">
                {t.identifiedAsHint}
              </p>
              <label htmlFor="signer-name">{t.name}</label>
              <input
                type="text"
                id="signer-name"
                name="name"
                defaultValue={model.name}
                maxLength={100}
                autoComplete="name"
                aria-describedby={model.nameError ? 'signer-name-error signer-name-hint' : 'signer-name-hint'}
                aria-invalid={model.nameError ? 'true' : undefined}
              />
              {model.nameError ? (
                <p className="error" id="signer-name-error" role="alert">
                  {t.nameRequired}
                </p>
              ) : null}
              <p className="hint" id="signer-name-hint">
                {t.nameHint}
              </p>
              <p className="hint">{t.bankIdHint}</p>
            </fieldset>
            <div className="actions">
              <button type="submit" name="action" value="sign" className="primary">
                {t.sign}
              </button>
              <button type="submit" name="action" value="reject">
                {t.reject}
              </button>
              <button type="submit" name="action" value="postpone">
                {t.later}
              </button>
            </div>
          </form>
        </main>
      </>
    ),
  });
}

const STATUS_TEXT: Readonly<Record<Exclude<TaskStatus, 'Created'> | 'NotFound', keyof SigningTexts>> = {
  Completed: 'completed',
  Rejected: 'rejected',
  Expired: 'expired',
  Deleted: 'deleted',
  NotFound: 'notFound',
};

/** A task that can no longer be signed: what happened, and the way back to the portal. */
export function statusPage(options: {
  lang: Language;
  stylesheet: string;
  path: string;
  status: Exclude<TaskStatus, 'Created'> | 'NotFound';
  continueUrl: string | null;
}): string {
  const t = SIGNING_TEXTS[options.lang];
  return renderPage({
    title: `${t.pageTitle}: ${t.serviceName}`,
    lang: options.lang,
    stylesheet: options.stylesheet,
    body: (
      <>
        <Header t={t} lang={options.lang} path={options.path} />
        <main>
          <p className="notice">{t.sandboxNotice}</p>
          <h1>{t.pageTitle}</h1>
          <p className="status" role="status" data-testid="task-status">
            {t[STATUS_TEXT[options.status]]}
          </p>
          {options.continueUrl ? <a href={options.continueUrl}>{t.continue}</a> : null}
        </main>
      </>
    ),
  });
}

/**
 * The broker's staff login, for the back office's own client: the lender's operators sign in
 * here (a real broker would send them to the lender's workforce identity provider) and the ID
 * token carries their roles in the `roles` claim. In the sandbox the page lists the test
 * operators of `domain/src/sandbox/test-operators.ts`.
 */
import type { AccountClaims } from 'oidc-provider';
import { findTestOperator, type Language, LANGUAGES, type OperatorRole, TEST_OPERATORS, type TestOperator } from '@portal/domain';
import { renderPage } from '../lib/html';
import { STYLESHEET_PATH } from './pages';

const SUBJECT_PREFIX = 'operator:';
export const operatorSubject = (operator: TestOperator): string => `${SUBJECT_PREFIX}${operator.id}`;

/** The claims released about an operator: who, and the roles, in the claim the portal reads. */
export function operatorClaims(sub: string): AccountClaims | null {
  if (!sub.startsWith(SUBJECT_PREFIX)) return null;
  const operator = findTestOperator(sub.slice(SUBJECT_PREFIX.length));
  if (!operator) return null;
  return { sub, name: operator.name, email: operator.email, roles: [...operator.roles] };
}

interface OperatorTexts {
  htmlTitle: string;
  wordmark: string;
  sandbox: string;
  language: string;
  title: string;
  intro: string;
  operatorsTitle: string;
  roles: Record<OperatorRole, string>;
  noRole: string;
  cancel: string;
}

const en: OperatorTexts = {
  htmlTitle: 'Staff sign-in (test)',
  wordmark: 'Staff sign-in',
  sandbox: 'Test environment. Nobody is really signed in.',
  language: 'Language',
  title: 'Sign in to the back office',
  intro: 'Choose the test operator to sign in as. Their roles decide what the back office lets them do.',
  operatorsTitle: 'Test operators',
  roles: { support: 'Support', admin: 'Administrator' },
  noRole: 'No role',
  cancel: 'Cancel',
};

const sv: OperatorTexts = {
  htmlTitle: 'Inloggning för personal (test)',
  wordmark: 'Personalinloggning',
  sandbox: 'Testmiljö. Ingen loggas in på riktigt.',
  language: 'Språk',
  title: 'Logga in i back office',
  intro: 'Välj vilken testhandläggare du vill logga in som. Rollerna avgör vad back office låter hen göra.',
  operatorsTitle: 'Testhandläggare',
  roles: { support: 'Kundtjänst', admin: 'Administratör' },
  noRole: 'Ingen roll',
  cancel: 'Avbryt',
};

const nb: OperatorTexts = {
  htmlTitle: 'Innlogging for ansatte (test)',
  wordmark: 'Ansattinnlogging',
  sandbox: 'Testmiljø. Ingen blir logget inn på ordentlig.',
  language: 'Språk',
  title: 'Logg inn i back office',
  intro: 'Velg hvilken testsaksbehandler du vil logge inn som. Rollene avgjør hva back office lar dem gjøre.',
  operatorsTitle: 'Testsaksbehandlere',
  roles: { support: 'Kundeservice', admin: 'Administrator' },
  noRole: 'Ingen rolle',
  cancel: 'Avbryt',
};

export const OPERATOR_TEXTS: Readonly<Record<Language, OperatorTexts>> = { en, sv, nb };

const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', sv: 'Svenska', nb: 'Norsk' };

/** Pick a test operator; one form per operator, so it works without script and by keyboard. */
export function operatorChooserPage(c: { mount: string; uid: string; lang: Language }): string {
  const t = OPERATOR_TEXTS[c.lang];
  const action = (name: string) => `${c.mount}/interaction/${c.uid}/${name}?lang=${c.lang}`;
  return renderPage({
    title: `${t.title}: ${t.htmlTitle}`,
    lang: c.lang,
    stylesheet: `${c.mount}${STYLESHEET_PATH}`,
    bodyClass: 'no',
    body: (
      <>
        <header>
          <div className="top">
            <div className="top-inner">
              <p className="wordmark">{t.wordmark}</p>
              <nav aria-label={t.language}>
                <ul className="langs">
                  {LANGUAGES.map((code) => (
                    <li key={code}>
                      <a href={`${c.mount}/interaction/${c.uid}?lang=${code}`} lang={code} aria-current={code === c.lang ? 'true' : undefined}>
                        {LANGUAGE_NAMES[code]}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            </div>
          </div>
          <p className="sandbox">{t.sandbox}</p>
        </header>
        <main>
          <h1>{t.title}</h1>
          <p>{t.intro}</p>
          <h2 id="operators-title">{t.operatorsTitle}</h2>
          <ul className="people" aria-labelledby="operators-title">
            {TEST_OPERATORS.map((operator) => (
              <li key={operator.id}>
                <form method="post" action={action('operator')}>
                  <input type="hidden" name="operator" value={operator.id} />
                  <button type="submit" className="person" data-operator={operator.id}>
                    <span className="name">{operator.name}</span>
                    <span className="detail">{operator.roles.length > 0 ? operator.roles.map((role) => t.roles[role]).join(', ') : t.noRole}</span>
                    <span className="detail">{operator.email}</span>
                  </button>
                </form>
              </li>
            ))}
          </ul>
          <form method="post" action={action('cancel')}>
            <button type="submit" className="secondary">
              {t.cancel}
            </button>
          </form>
        </main>
      </>
    ),
  });
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BackOfficeApp } from './app';
import { initialLanguage, loadLanguage } from './i18n';
// The customer app's stylesheet (design tokens, utilities), with this folder as its source here.
import '../styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

let ready = true;
try {
  await loadLanguage(initialLanguage());
} catch {
  ready = false;
}
createRoot(root).render(
  <StrictMode>
    {ready ? (
      <BackOfficeApp />
    ) : (
      <main className="mx-auto max-w-xl p-6">
        <p>
          <span lang="en">The back office could not load. Reload the page.</span> <span lang="sv">Back office kunde inte laddas. Ladda om sidan.</span>{' '}
          <span lang="nb">Back office kunne ikke lastes. Last inn siden på nytt.</span>
        </p>
      </main>
    )}
  </StrictMode>,
);

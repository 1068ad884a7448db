import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { activateLanguage, chosenLanguage, loadRenderedTexts, pickLanguage } from '@/lib/i18n';
import { readPageData } from '@/lib/page-data';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

/**
 * Shown only when not even the texts could be downloaded (the connection dropped while the app
 * loaded): no catalogue is available, so it speaks all three languages at once.
 */
function CouldNotStart() {
  return (
    <main className="mx-auto max-w-xl space-y-4 p-6">
      <h1 className="text-h2">
        <span lang="en">The page could not load.</span> <span lang="nb">Siden kunne ikke lastes.</span>{' '}
        <span lang="sv">Sidan kunde inte laddas.</span>
      </h1>
      <p>
        <span lang="en">Check your connection and try again.</span> <span lang="nb">Sjekk forbindelsen og prøv igjen.</span>{' '}
        <span lang="sv">Kontrollera anslutningen och försök igen.</span>
      </p>
      <button type="button" className="min-h-11 rounded-md bg-brand-700 px-4 font-semibold text-white" onClick={() => window.location.reload()}>
        Try again · Prøv igjen · Försök igen
      </button>
    </main>
  );
}

/**
 * A page the server rendered (ADR 26) is taken over as it is, in the language it was rendered in,
 * unless the person chose another in this tab: the app then renders afresh, asking for its data
 * in that language.
 */
const rendered = readPageData();
const chosen = chosenLanguage();
const pageData = rendered && (chosen === null || chosen === rendered.language) ? rendered : null;

let ready = true;
try {
  await activateLanguage(pageData?.language ?? pickLanguage(window.location.search));
  if (pageData) await loadRenderedTexts(pageData.texts);
} catch {
  ready = false;
}
if (ready && pageData && root.hasChildNodes()) {
  // In a transition, React takes the page over in slices of a few milliseconds and lets the browser
  // paint and take input between them, instead of holding the main thread until it is done.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App pageData={pageData} />
      </StrictMode>,
    );
  });
} else {
  root.replaceChildren();
  createRoot(root).render(<StrictMode>{ready ? <App /> : <CouldNotStart />}</StrictMode>);
}

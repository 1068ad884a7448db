import { useLingui } from '@lingui/react';
import { LANGUAGES } from '@portal/domain';
import { cn } from '@/lib/cn';
import { chooseLanguage, useT } from '@/lib/i18n';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * The three languages as buttons, each named in its own language (`lang` on each, so a screen
 * reader pronounces it right); the current one is pressed. They wrap on a narrow screen.
 */
export function LanguageMenu() {
  const t = useT();
  const { i18n } = useLingui();
  // Until the app has taken a rendered page over, a press would do nothing.
  const hydrated = useHydrated();
  return (
    <nav aria-label={t('app.language')}>
      <ul className="flex flex-wrap gap-1">
        {LANGUAGES.map((language) => {
          const current = i18n.locale === language;
          return (
            <li key={language}>
              <button
                type="button"
                lang={language}
                aria-pressed={current}
                disabled={!hydrated}
                onClick={() => void chooseLanguage(language, { renderedPages: true })}
                className={cn(
                  'min-h-11 min-w-11 rounded px-2 text-sm underline-offset-4 hover:underline',
                  current ? 'font-bold text-white underline decoration-2' : 'text-brand-100',
                )}
              >
                {t(`app.languages.${language}`)}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

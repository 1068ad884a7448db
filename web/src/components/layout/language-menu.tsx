import { useLingui } from '@lingui/react';
import { LANGUAGES } from '@portal/domain';
import { cn } from '@/lib/cn';
import { chooseLanguage, useT } from '@/lib/i18n';

export function LanguageMenu() {
  const t = useT();
  const { i18n } = useLingui();
  return (
    <nav aria-label={t('app.language')}>
      <ul className="flex gap-1">
        {LANGUAGES.map((language) => {
          const current = i18n.locale === language;
          return (
            <li key={language}>
              <button
                type="button"
                lang={language}
                aria-pressed={current}
                onClick={() => void chooseLanguage(language)}
                className={cn(
                  'min-h-11 rounded px-2 text-sm underline-offset-2 hover:underline',
                  current ? 'font-bold text-white underline' : 'text-brand-100',
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

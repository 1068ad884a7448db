import { useLocale } from '../i18n';

/** Dates and amounts in the console's language; times to the second (timelines need them). */
export function useFormatting() {
  const locale = useLocale();
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' });
  return {
    dateTime: (iso: string | null) => (iso ? dateTime.format(new Date(iso)) : '–'),
    amount: (value: number, currency: string) => new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(value),
    /** To the øre/öre: captures and refunds need not be whole kroner. */
    money: (value: number, currency: string) => new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value),
  };
}

import { useLingui } from '@lingui/react';
import { isLanguage, FALLBACK_LANGUAGE, type Currency, type Language } from '@portal/domain';
import { formatDate, formatDateTime, formatInterest, formatMoney, formatNumber } from './format';

/** The formatters of format.ts in the active UI language; re-renders when it changes. */
export function useFormat() {
  const { i18n } = useLingui();
  const language: Language = isLanguage(i18n.locale) ? i18n.locale : FALLBACK_LANGUAGE;
  return {
    language,
    money: (amount: number, currency: Currency) => formatMoney(amount, currency, language),
    interest: (percent: number) => formatInterest(percent, language),
    number: (value: number, fractionDigits?: number) => formatNumber(value, language, fractionDigits),
    date: (value: Date | string, style?: 'short' | 'long') => formatDate(value, language, style),
    dateTime: (value: Date | string) => formatDateTime(value, language),
  };
}

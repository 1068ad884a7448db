import { useT } from '@/lib/i18n';

/** The shop's name for texts ("Back to Demo shop"), or "the shop" when it is not known yet. */
export function useMerchantName(merchant: string | null | undefined): string {
  const t = useT();
  return merchant ?? t('app.theShop');
}

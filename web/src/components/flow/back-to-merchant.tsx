import { Button, type ButtonVariant } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import { errorText } from '@/lib/route-errors';
import { useLeaveForMerchant } from '@/lib/flow/use-leave-for-merchant';
import { useMerchantName } from '@/lib/flow/use-merchant-name';

export interface BackToMerchantProps {
  /** The shop's name; "the shop" when it is not known. */
  merchant: string | null;
  /** A return address already known, used when the server cannot be asked. */
  fallbackUrl?: string | null;
  variant?: ButtonVariant;
}

/** "Back to <shop>": records the outcome on the server, then leaves for the shop's return page. */
export function BackToMerchant({ merchant, fallbackUrl, variant = 'secondary' }: BackToMerchantProps) {
  const t = useT();
  const name = useMerchantName(merchant);
  const { leave, leaving, error } = useLeaveForMerchant(fallbackUrl);
  return (
    <>
      <Button variant={variant} loading={leaving} onClick={() => void leave()}>
        {t('app.backToMerchant', { merchant: name })}
      </Button>
      {error ? (
        <p role="alert" className="basis-full text-red-800">
          {errorText(error, t)}
        </p>
      ) : null}
    </>
  );
}


import { MessagePanel } from '@/components/layout/message-panel';
import { buttonVariants } from '@/components/ui/button';
import { useT } from '@/lib/i18n';
import type { ClosedReason } from '@/lib/flow/closed-reason';
import { useMerchantName } from '@/lib/flow/use-merchant-name';
import { BackToMerchant } from '@/components/flow/back-to-merchant';

export interface ApplicationClosedProps {
  reason: ClosedReason;
  merchant: string | null;
  /**
   * The shop's return address when it is already known (from the status call): a plain link.
   * Otherwise the way back goes through the server, which names it (`POST /leave`).
   */
  redirectUrl?: string | null;
}

const TONE = { cancelled: 'warning', declined: 'info', failed: 'warning', approved: 'info', closed: 'info' } as const;

/**
 * Takes the place of a screen whose application is final (declined, cancelled by the shop,
 * closed): what happened, what it means, and the way back to the shop; nothing can be sent
 * again. Focus moves to its heading, since the screen the customer was on is gone.
 */
export function ApplicationClosed({ reason, merchant, redirectUrl }: ApplicationClosedProps) {
  const t = useT();
  const name = useMerchantName(merchant);
  return (
    <MessagePanel
      tone={TONE[reason]}
      focusTitle
      title={t(`closed.${reason}.title`, { merchant: name })}
      actions={
        redirectUrl ? (
          <a href={redirectUrl} className={buttonVariants()}>
            {t('app.backToMerchant', { merchant: name })}
          </a>
        ) : (
          <BackToMerchant merchant={merchant} variant="primary" />
        )
      }
    >
      <p>{t(`closed.${reason}.text`, { merchant: name })}</p>
      <p>{t(`closed.${reason}.next`, { merchant: name })}</p>
    </MessagePanel>
  );
}

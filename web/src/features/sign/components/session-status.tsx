import type { SigningSessionStatus } from '@portal/domain';
import { CheckIcon, ErrorIcon, InfoIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';

const LOOK: Readonly<Record<SigningSessionStatus, { Icon: typeof CheckIcon; colour: string }>> = {
  CREATED: { Icon: InfoIcon, colour: 'border-amber-300 bg-amber-50 text-amber-950' },
  COMPLETED: { Icon: CheckIcon, colour: 'border-green-300 bg-green-50 text-green-950' },
  REJECTED: { Icon: ErrorIcon, colour: 'border-red-300 bg-red-50 text-red-950' },
  EXPIRED: { Icon: ErrorIcon, colour: 'border-red-300 bg-red-50 text-red-950' },
  DELETED: { Icon: ErrorIcon, colour: 'border-red-300 bg-red-50 text-red-950' },
};

/** A signing session's status in words (never by colour alone), with "Status:" for screen readers. */
export function SessionStatus({ status }: { status: SigningSessionStatus }) {
  const t = useT();
  const { Icon, colour } = LOOK[status];
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-sm font-semibold', colour)}>
      <Icon className="size-4 shrink-0" />
      <span className="sr-only">{t('sign.grenke.statusLabel')}: </span>
      {t(`sign.grenke.status.${status}`)}
    </span>
  );
}

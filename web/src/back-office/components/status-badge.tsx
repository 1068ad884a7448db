import { type ApplicationStatus, isFinalStatus } from '@portal/domain';
import { cn } from '@/lib/cn';

/** The portal's status code, as the merchant API documents it; final ones stand out. */
export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span
      data-testid="status"
      className={cn(
        'rounded-full px-2 py-0.5 font-mono text-xs font-semibold',
        status === 'COMPLETED' ? 'bg-green-100 text-green-900' : isFinalStatus(status) ? 'bg-neutral-200 text-neutral-900' : 'bg-sky-100 text-sky-950',
      )}
    >
      {status}
    </span>
  );
}

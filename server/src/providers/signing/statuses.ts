/**
 * The one place that reads the signing service's status words. Signicat's SDK names them in
 * upper case (CREATED, COMPLETED …: signicat-net TaskStatus, PackagingTaskStatus) but reads them
 * without regard to case, as a production client does too ([S] README), so they are read here
 * in any case.
 */
import type { SigningSessionStatus } from '@portal/domain';
import type { PackagingStatus } from './types';

const TASK_STATUSES: Readonly<Record<string, SigningSessionStatus>> = {
  created: 'CREATED',
  completed: 'COMPLETED',
  rejected: 'REJECTED',
  expired: 'EXPIRED',
  deleted: 'DELETED',
};

const PACKAGING_STATUSES: Readonly<Record<string, PackagingStatus>> = {
  created: 'CREATED',
  completed: 'COMPLETED',
  failed: 'FAILED',
};

export function taskStatusOf(value: string): SigningSessionStatus | null {
  return TASK_STATUSES[value.toLowerCase()] ?? null;
}

export function packagingStatusOf(value: string): PackagingStatus | null {
  return PACKAGING_STATUSES[value.toLowerCase()] ?? null;
}

/** Only CREATED can still change (the signer signs, rejects, or lets it expire). */
export function isFinalTaskStatus(status: SigningSessionStatus): boolean {
  return status !== 'CREATED';
}

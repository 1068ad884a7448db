/**
 * The one place that reads the signing service's status words. Signicat writes them capitalised
 * in its documentation (Created, Completed …) and lower case on the wire in integrations seen in
 * the wild ([S]), so they are read without regard to case.
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

import { describe, expect, it } from 'vitest';
import type { ApplicationStatus, LoanApplicationView } from '@portal/domain';
import { belongsOnSignPage, flowStepPage } from './flow-step';

type Kind = 'resursV1' | 'resursV2' | 'grenke';
const application = (kind: Kind, status: ApplicationStatus): Parameters<typeof flowStepPage>[0] => ({
  reference: 'ref123',
  status,
  version: kind === 'resursV1' ? 1 : 2,
  merchantId: 'demo',
  merchantPaymentReference: 'order 1',
  loanProduct: { provider: (kind === 'grenke' ? 'GRENKE' : 'RESURS') satisfies LoanApplicationView['loanProduct']['provider'] },
});
const LOADING = '/form/payment/loading/demo/order%201';

describe('flowStepPage: where a returning customer continues', () => {
  it.each<[Kind, ApplicationStatus, string]>([
    ['resursV1', 'CREATED', '/ref123'],
    ['resursV1', 'APPROVED', '/form/sign'],
    ['resursV1', 'SIGNING', '/form/sign'],
    ['resursV1', 'PENDING', LOADING],
    ['resursV1', 'COMPLETED', LOADING],
    ['resursV1', 'DECLINED', LOADING],
    ['resursV2', 'CREATED', '/ref123'],
    ['resursV2', 'SUBMITTED', '/ref123'],
    ['resursV2', 'PENDING', LOADING],
    ['resursV2', 'FAILED', LOADING],
    ['grenke', 'CREATED', '/ref123'],
    ['grenke', 'SUBMITTED', '/form/sign'],
    ['grenke', 'APPROVED', '/form/sign'],
    ['grenke', 'SIGNING', '/form/sign'],
    ['grenke', 'PENDING', LOADING],
    ['grenke', 'COMPLETED', LOADING],
    ['grenke', 'DECLINED', LOADING],
    ['grenke', 'CANCELLED', LOADING],
  ])('%s %s → %s', (kind, status, page) => {
    expect(flowStepPage(application(kind, status))).toBe(page);
  });

  it('keeps the sign page for a signed business contract (its document stays downloadable), never for version 2', () => {
    expect(belongsOnSignPage(application('grenke', 'COMPLETED'))).toBe(true);
    expect(belongsOnSignPage(application('resursV2', 'APPROVED'))).toBe(false);
    expect(belongsOnSignPage(application('resursV1', 'COMPLETED'))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, type ApplicationStatus, type LoanApplicationView } from '@portal/domain';
import { belongsOnSignPage, canStillSign, flowStepPage } from '@/lib/flow/flow-step';

type Kind = 'resursV1' | 'resursV2' | 'grenke';
const application = (kind: Kind, status: ApplicationStatus): Parameters<typeof flowStepPage>[0] => ({
  reference: 'ref123',
  status,
  version: kind === 'resursV1' ? 1 : 2,
  merchantId: 'demo',
  merchantPaymentReference: 'order 1',
  loanProduct: { provider: (kind === 'grenke' ? 'GRENKE' : 'RESURS') satisfies LoanApplicationView['loanProduct']['provider'] },
});
const APPLY = '/ref123';
const SIGN = '/form/sign';
/** A consumer's credit: the key facts and the SECCI's mail before the signature (issue 31). */
const KEY_FACTS = '/form/key-facts';
const LOADING = '/form/payment/loading/demo/order%201';

/** Every kind × every status, so a status added to the lifecycle cannot go unplaced. */
const EXPECTED: Record<Kind, Record<ApplicationStatus, string>> = {
  resursV1: {
    CREATED: APPLY,
    SUBMITTED: LOADING,
    PENDING: LOADING,
    APPROVED: KEY_FACTS,
    SIGNING: KEY_FACTS,
    SIGNED: LOADING,
    COMPLETED: LOADING,
    DECLINED: LOADING,
    CANCELLED: LOADING,
    FAILED: LOADING,
    WITHDRAWN: LOADING,
  },
  resursV2: {
    CREATED: APPLY,
    SUBMITTED: APPLY,
    PENDING: LOADING,
    APPROVED: APPLY,
    SIGNING: KEY_FACTS,
    SIGNED: LOADING,
    COMPLETED: LOADING,
    DECLINED: LOADING,
    CANCELLED: LOADING,
    FAILED: LOADING,
    WITHDRAWN: LOADING,
  },
  grenke: {
    CREATED: APPLY,
    SUBMITTED: SIGN,
    PENDING: LOADING,
    APPROVED: SIGN,
    SIGNING: SIGN,
    SIGNED: SIGN,
    COMPLETED: SIGN,
    DECLINED: LOADING,
    CANCELLED: LOADING,
    FAILED: LOADING,
    WITHDRAWN: LOADING,
  },
};

describe('flowStepPage: where a returning customer continues', () => {
  const cases = (Object.keys(EXPECTED) as Kind[]).flatMap((kind) => APPLICATION_STATUSES.map((status) => [kind, status, EXPECTED[kind][status]] as const));
  it.each(cases)('%s %s → %s', (kind, status, page) => {
    expect(flowStepPage(application(kind, status))).toBe(page);
  });

  it('keeps the sign page for a signed business contract (its document stays downloadable), never for version 2', () => {
    expect(belongsOnSignPage(application('grenke', 'COMPLETED'))).toBe(true);
    expect(belongsOnSignPage(application('grenke', 'SIGNED'))).toBe(true);
    expect(belongsOnSignPage(application('resursV2', 'SIGNING'))).toBe(false);
    expect(belongsOnSignPage(application('resursV1', 'COMPLETED'))).toBe(false);
  });
});

describe('canStillSign: whether a failure page offers to try again', () => {
  it.each<[Kind, ApplicationStatus, boolean]>([
    ['resursV1', 'SIGNING', true],
    ['resursV2', 'SIGNING', true],
    ['grenke', 'APPROVED', true],
    ['resursV1', 'CREATED', true],
    ['resursV1', 'PENDING', false],
    ['grenke', 'SIGNED', false],
    ['resursV1', 'COMPLETED', false],
    ['resursV2', 'DECLINED', false],
    ['grenke', 'CANCELLED', false],
    ['resursV1', 'FAILED', false],
  ])('%s %s → %s', (kind, status, expected) => {
    expect(canStillSign(application(kind, status))).toBe(expected);
  });
});

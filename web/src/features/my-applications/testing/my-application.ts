/** Test data builders for the customer's own pages: a valid answer to start from, changed where a test cares. */
import { API, DEBT_ADVICE, type MyApplication, type MyApplicationsAnswer } from '@portal/domain';

/** An answer of the fake API (`serve` in features/payment/testing/flow-page.tsx). */
type Answer = { status?: number; body: unknown };

export const MY_APPLICATIONS = `GET ${API.myApplications.url()}`;

/** A concluded consumer credit in Norway, with its withdrawal still open. */
export function myApplication(overrides: Partial<MyApplication> = {}): MyApplication {
  return {
    reference: 'REF-123',
    merchantName: 'Demo shop',
    lender: 'Resurs Bank',
    provider: 'RESURS',
    customerType: 'PRIVATE',
    countryCode: 'NO',
    amount: 15000,
    currency: 'NOK',
    createdAt: '2026-11-20T10:00:00.000Z',
    status: 'completed',
    concludedAt: '2026-11-20T10:30:00.000Z',
    documents: [],
    continueUrl: null,
    withdrawal: { available: true, deadline: '2026-12-04T22:59:59.999Z', withdrawnAt: null, reference: null },
    ...overrides,
  };
}

/** A consumer's application the lender declined automatically; a review can be asked for. */
export function declinedApplication(overrides: Partial<MyApplication> = {}): MyApplication {
  const country = overrides.countryCode ?? 'NO';
  return myApplication({
    status: 'declined',
    concludedAt: null,
    withdrawal: { available: false, deadline: null, unavailableBecause: 'not_concluded', withdrawnAt: null, reference: null },
    decline: {
      automated: true,
      creditAgency: country === 'SE' ? 'UC AB' : 'Experian AS',
      dataCategories: ['credit-report', 'income', 'debt-register'],
      debtAdviceUrl: DEBT_ADVICE[country].url,
      reviewAvailable: true,
    },
    ...overrides,
  });
}

export const myApplicationsAnswer = (...applications: MyApplication[]): Answer => ({
  body: { person: { firstName: 'Kari', lastName: 'Nordmann' }, applications } satisfies MyApplicationsAnswer,
});

/** Nobody identified in the session. */
export const UNIDENTIFIED: Answer = { status: 401, body: { status: 401, errorCode: 'UNKNOWN', message: 'Not identified' } };

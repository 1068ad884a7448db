import {
  API,
  identificationStartAnswer,
  type IdentificationStart,
  type Language,
  myApplicationsAnswer,
  type MyApplicationsAnswer,
  type ReviewRequestBody,
  reviewViewAnswer,
  type ReviewView,
  type WithdrawalView,
  withdrawalViewAnswer,
} from '@portal/domain';
import { api } from '@/lib/api-client';

export type { MyApplication, MyApplicationsAnswer, ReviewView, WithdrawalView } from '@portal/domain';

export const MY_APPLICATIONS_KEY = API.myApplications.url();

/** Every application of the identified person, newest first; 401 while nobody is identified. */
export const getMyApplications = (): Promise<MyApplicationsAnswer> => api.get(MY_APPLICATIONS_KEY, myApplicationsAnswer);

/** A review by a person of a declined application (CCD2 Art. 18(8)); answers it with its reference. */
export const requestReview = (reference: string, body: ReviewRequestBody): Promise<ReviewView> =>
  api.post(API.myReview.url({ reference }), reviewViewAnswer, body);

/** The second, confirmed step of a withdrawal; answers when it was received and its reference. */
export const withdraw = (reference: string): Promise<WithdrawalView> => api.post(API.myWithdrawal.url({ reference }), withdrawalViewAnswer, { confirm: true });

/**
 * Starts a BankID identification that leads back to the customer's own page instead of to an
 * application (`then`); the server keeps the login's state in the session and answers the
 * broker's address.
 */
export const startIdentificationForMyApplications = (country: 'SE' | 'NO', language: Language | null): Promise<IdentificationStart> =>
  api.post(API.bankIdStart.url({ country: country.toLowerCase() }), identificationStartAnswer, {
    then: 'my-applications',
    ...(language ? { lang: language } : {}),
  });

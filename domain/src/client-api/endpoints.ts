/**
 * Every JSON route of the client API (spec section 7) in one table: method, path, the schemas
 * of what it takes and of its 2xx answer, and its name and summary for the OpenAPI document.
 * The server's tests check every answer of a route in this table against its schema; the
 * OpenAPI document of the client API is made from it. The web app imports the answer schemas
 * one by one (answers.ts), never this table.
 */
import type * as z from 'zod/mini';
import { API } from '../routes';
import * as answers from './answers';
import * as requests from './requests';

export type ClientApiTag = 'Session' | 'Applications' | 'Apply' | 'Signing' | 'Payment' | 'After the decision' | 'Sandbox';

export interface ClientApiEndpoint {
  method: 'GET' | 'POST' | 'PATCH';
  /** The route pattern, `:param` style (routes.ts). */
  path: string;
  operationId: string;
  summary: string;
  tag: ClientApiTag;
  params?: z.ZodMiniType;
  querystring?: z.ZodMiniType;
  /** The body's schema; `applyForm` for the apply form, whose schema depends on the application. */
  body?: z.ZodMiniType | 'applyForm';
  /** The 2xx answer (JSON). */
  response: z.ZodMiniType;
  /** Only in the sandbox (test environments). */
  sandboxOnly?: boolean;
}

const endpoint = (e: ClientApiEndpoint) => e;

export const CLIENT_API_ENDPOINTS: readonly ClientApiEndpoint[] = [
  endpoint({
    method: 'GET', path: API.features.pattern, operationId: 'getFeatures', tag: 'Session',
    summary: 'Which optional parts of the app are on (the sandbox login, the Resurs merchant API)',
    response: answers.featuresSchema,
  }),
  endpoint({
    method: 'POST', path: API.dummyLogin.pattern, operationId: 'dummyLogin', tag: 'Sandbox', sandboxOnly: true,
    summary: 'Log in without BankID as a test person (sandbox only)',
    body: requests.dummyLoginBodySchema, response: answers.dummyLoginAnswerSchema,
  }),
  endpoint({
    method: 'POST', path: API.bankIdStart.pattern, operationId: 'startIdentification', tag: 'Session',
    summary: "Start a BankID identification: answers the broker's address to send the browser to",
    params: requests.bankIdStartParamsSchema, body: requests.bankIdStartSchema, response: answers.identificationStartSchema,
  }),
  endpoint({
    method: 'POST', path: API.logout.pattern, operationId: 'logout', tag: 'Session',
    summary: "End the session; answers the merchant's address to return to, if any",
    response: answers.logoutAnswerSchema,
  }),
  endpoint({
    method: 'GET', path: API.applications.pattern, operationId: 'getApplications', tag: 'Applications',
    summary: "The identified person's applications, the active one first, with consents and renewable products",
    response: answers.loanApplicationsResponseSchema,
  }),
  endpoint({
    method: 'GET', path: API.validate.pattern, operationId: 'validateReference', tag: 'Applications',
    summary: "Check a reference for this person and make it the session's active application",
    params: requests.referenceParamsSchema, response: answers.loanApplicationsResponseSchema,
  }),
  endpoint({
    method: 'PATCH', path: API.resursSubmit.pattern, operationId: 'submitResursV1', tag: 'Apply',
    summary: 'Submit the apply form to Resurs (version 1)',
    body: 'applyForm', response: answers.resursV1SubmitAnswerSchema,
  }),
  endpoint({
    method: 'PATCH', path: API.resursV2Submit.pattern, operationId: 'submitResursV2', tag: 'Apply',
    summary: 'Submit the apply form to Resurs (version 2); answers where the browser goes next',
    body: 'applyForm', response: answers.resursV2SubmitAnswerSchema,
  }),
  endpoint({
    method: 'PATCH', path: API.grenkeSubmit.pattern, operationId: 'submitGrenke', tag: 'Apply',
    summary: 'Submit the apply form to GRENKE (business leasing)',
    body: 'applyForm', response: answers.grenkeSubmitAnswerSchema,
  }),
  endpoint({
    method: 'POST', path: API.renewalInit.pattern, operationId: 'initRenewal', tag: 'Apply',
    summary: "Renew products of the customer's own subscriptions with this application",
    body: requests.renewalInitBodySchema, response: answers.renewalInitAnswerSchema,
  }),
  endpoint({
    method: 'POST', path: API.leave.pattern, operationId: 'leaveForMerchant', tag: 'Apply',
    summary: "Leave the flow for the merchant: records the outcome and answers the merchant's address",
    response: answers.leaveAnswerSchema,
  }),
  endpoint({
    method: 'GET', path: API.resursIndividualizedTerms.pattern, operationId: 'getIndividualizedTerms', tag: 'Signing',
    summary: "Resurs' individualised terms for the active application (version 1)",
    querystring: requests.individualizedTermsQuerySchema, response: answers.individualizedTermsSchema,
  }),
  endpoint({
    method: 'GET', path: API.precontractual.pattern, operationId: 'getPrecontractualInformation', tag: 'Signing',
    summary: 'The key facts of the credit, the SECCI as mailed and the state of the mail (consumer credit, before the signature)',
    response: answers.precontractualAnswerSchema,
  }),
  endpoint({
    method: 'POST', path: API.precontractual.pattern, operationId: 'providePrecontractualInformation', tag: 'Signing',
    summary: "Provide the pre-contractual information: the lender's SECCI for this credit is mailed to the customer (once; again after a failed mail)",
    response: answers.precontractualAnswerSchema,
  }),
  endpoint({
    method: 'POST', path: API.precontractualContinue.pattern, operationId: 'continueToSignature', tag: 'Signing',
    summary: 'Go on to the signature once the SECCI was mailed: answers where the browser goes (409 PRECONTRACTUAL_INFORMATION_PENDING before)',
    response: answers.precontractualContinueSchema,
  }),
  endpoint({
    method: 'POST', path: API.resursCreateSigningSession.pattern, operationId: 'createSigningSession', tag: 'Signing',
    summary: "Start Resurs' signing (version 1): answers the signing page",
    body: requests.signingStartBodySchema, response: answers.signingStartSchema,
  }),
  endpoint({
    method: 'GET', path: API.signB2bSessions.pattern, operationId: 'getSigningSessions', tag: 'Signing',
    summary: "The business contract's signing sessions, as last stored",
    response: answers.signingSessionsSchema,
  }),
  endpoint({
    method: 'PATCH', path: API.signB2bSessions.pattern, operationId: 'refreshSigningSessions', tag: 'Signing',
    summary: "The business contract's signing sessions, asked anew from the signing service (the first call starts the signing)",
    response: answers.signingSessionsSchema,
  }),
  endpoint({
    method: 'GET', path: API.paymentStatus.pattern, operationId: 'getPaymentStatus', tag: 'Payment',
    summary: 'The payment status the waiting screen polls, and where to go when it is final',
    querystring: requests.paymentStatusQuerySchema, response: answers.paymentStatusAnswerSchema,
  }),
  endpoint({
    method: 'GET', path: API.myApplications.pattern, operationId: 'getMyApplications', tag: 'After the decision',
    summary: "Every application made with the identified person's national ID, newest first: documents, a decline's reasons, a review, the withdrawal",
    response: answers.myApplicationsAnswerSchema,
  }),
  endpoint({
    method: 'POST', path: API.myReview.pattern, operationId: 'requestReview', tag: 'After the decision',
    summary: 'Ask for a review by a person of a declined application (CCD2 Art. 18(8)): answers the request with its reference; a receipt is mailed',
    params: requests.myApplicationParamsSchema, body: requests.reviewRequestBodySchema, response: answers.reviewViewSchema,
  }),
  endpoint({
    method: 'POST', path: API.myWithdrawal.pattern, operationId: 'withdraw', tag: 'After the decision',
    summary: 'Withdraw from a concluded credit agreement within the withdrawal period (second step, confirmed): the acknowledgement is mailed, the lender and the shop are told',
    params: requests.myApplicationParamsSchema, body: requests.withdrawalBodySchema, response: answers.withdrawalViewSchema,
  }),
  endpoint({
    method: 'POST', path: API.grenkeMock.pattern, operationId: 'mockGrenkeDecision', tag: 'Sandbox', sandboxOnly: true,
    summary: 'Make the simulated GRENKE decide after a delay (sandbox only)',
    params: requests.grenkeMockParamsSchema, querystring: requests.grenkeMockQuerySchema, response: answers.grenkeMockAnswerSchema,
  }),
];

/** The endpoint of a method and a route pattern (Fastify's `routeOptions.url`), if the table has it. */
export function clientApiEndpoint(method: string, path: string): ClientApiEndpoint | undefined {
  return CLIENT_API_ENDPOINTS.find((e) => e.method === method && e.path === path);
}

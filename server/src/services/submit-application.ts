/**
 * The customer applies: the form is checked with the shared schema and stored (contact details,
 * consents, renewal orders) before the lender is called, then the application goes to its lender
 * once, and what the lender answered moves it through the lifecycle table in the same
 * transaction as the answer is stored. A second submit of the same application (double click,
 * second tab) answers what the first got, and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import {
  type ApplyForm,
  applyFormSchema,
  checkInput,
  CONSENT_FIELDS,
  type ConsentType,
  fieldMessagesOf,
  flexYoungRefusal,
  isFinalStatus,
  type Language,
  validationKey,
} from '@portal/domain';
import { repositories } from '../db/repositories';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { CustomerRecord } from '../db/repositories/customers';
import type { ProviderApplication, ProviderKind } from '../db/repositories/provider-applications';
import type { SubmitInput } from '../lenders/types';
import { ApiError } from '../lib/errors';
import type { SessionIdentity } from '../types';
import { applyEvents } from './apply-event';
import { authorisedApplication } from './applications';
import { storeConsents } from './consents';
import { recordSubmit } from './evidence';
import { apiErrorFor } from './provider-errors';
import { schedulePoll } from './refresh-status';
import { storeRenewalOrders } from './renewal';
import { submitOnce, SubmissionFailed } from './submission';

export interface SubmitRequest {
  identity: SessionIdentity;
  reference: string | undefined;
  /** The lender flow the route serves: an application for another one is refused. */
  lender: ProviderKind;
  body: unknown;
  /** Resurs version 1 asks for the credit check in its own words. */
  creditConsent?: boolean;
  language: Language;
  sessionId: string;
  device: SubmitInput['device'];
}

export interface Submitted {
  application: ApplicationRecord;
  provider: ProviderApplication;
}

/** Checks the form with the shared schema of this application's country and customer type. */
function parseForm(application: ApplicationRecord, body: unknown, creditConsent: boolean): ApplyForm {
  const schema = applyFormSchema(application.countryCode, application.customerType, { creditConsent });
  const result = checkInput(schema, body);
  if (!result.success) throw ApiError.badRequest(fieldMessagesOf(result.error));
  const form = result.data;
  if (form.accountKey === 'student' && flexYoungRefusal(application.countryCode, application.loanAmount, application.loanPeriod)) {
    throw ApiError.badRequest({ accountKey: { key: validationKey('invalidOption') } });
  }
  return form;
}

/** Contact details, consents and renewal orders are stored before the lender is called. */
async function storeForm(app: FastifyInstance, request: SubmitRequest, application: ApplicationRecord, customer: CustomerRecord, form: ApplyForm): Promise<void> {
  await app.db.transaction(async (tx) => {
    const repos = repositories(tx);
    await repos.customers.updateContact(application.id, {
      email: form.email,
      phone: form.phone,
      address: form.address,
      postalCode: form.postalCode,
      city: form.city,
    });
    await storeConsents(app, tx, application, form, { language: request.language, sessionId: request.sessionId, identity: request.identity });
    if (form.orders.length > 0) await storeRenewalOrders(tx, application, customer, form.orders);
    // The act that sends it to the lender, in the evidence chain after the consents it carried (ADR 32).
    const given = (value: boolean) => (Object.keys(CONSENT_FIELDS) as ConsentType[]).filter((type) => form[CONSENT_FIELDS[type]] === value);
    await recordSubmit(tx, application.id, { lender: request.lender, language: request.language, accepted: given(true), refused: given(false) }, request.sessionId);
  });
}

export async function submitApplication(app: FastifyInstance, request: SubmitRequest): Promise<Submitted> {
  if (!request.reference) throw ApiError.notFound();
  const { app: application, customer } = await authorisedApplication(app.db, request.identity, request.reference, { registry: app.providers.registry, log: app.log });
  const atLender = await app.repos.providerApplications.find(application.id);
  const lender = app.lenders.for(application, atLender);
  if (lender.kind !== request.lender) throw ApiError.badRequest();
  if (isFinalStatus(application.status)) throw new ApiError(409, 'APPLICATION_ALREADY_COMPLETE');
  // Already with the lender: the same answer again, nothing stored twice, nothing sent twice.
  if (atLender?.submissionState === 'SUBMITTED') return { application, provider: atLender };

  const form = parseForm(application, request.body, request.creditConsent ?? false);
  await storeForm(app, request, application, customer, form);
  return sendToLender(app, request, application, customer, form);
}

async function sendToLender(
  app: FastifyInstance,
  request: SubmitRequest,
  application: ApplicationRecord,
  customer: CustomerRecord,
  form: ApplyForm,
): Promise<Submitted> {
  const lender = app.lenders[request.lender];
  try {
    const provider = await submitOnce(
      app,
      application.id,
      lender.kind,
      await app.lenders.accounts.choose(lender.kind, application),
      (account) => lender.submit({ application, customer, form, device: request.device, account }),
      async (tx, answer) => {
        const reading = lender.readSubmission(answer);
        await applyEvents(app, application.id, ['submitted', ...reading.events], {
          tx,
          detail: { lender: lender.kind, providerStatus: answer.providerStatus, flexYoung: form.accountKey === 'student', renewalOrders: form.orders.length },
        });
        if (reading.keepPolling) await schedulePoll(app, application.id, 0, tx);
      },
    );
    const current = (await app.repos.applications.findById(application.id)) ?? application;
    return { application: current, provider };
  } catch (error) {
    if (error instanceof SubmissionFailed) throw apiErrorFor(error.failure);
    throw error;
  }
}

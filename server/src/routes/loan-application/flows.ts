/**
 * The application flow of spec section 7: submission to the provider (Resurs v1, Resurs v2,
 * GRENKE), signing, renewal orders and the payment status the waiting screen polls.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  applyFormSchema,
  CALLBACKS,
  type ApplyForm,
  fieldMessagesOf,
  flexYoungRefusal,
  INDIVIDUALIZED_TERMS_TYPES,
  isFinalStatus,
  languageFromAcceptLanguage,
  type LeasingState,
  MOCK_DELAY_SECONDS,
  pagePath,
  PAGES,
  renewalOrderSchema,
  requiredText,
  validationKey,
  z,
} from '@portal/domain';
import { repositories } from '../../db/repositories';
import type { ApplicationRecord } from '../../db/repositories/applications';
import type { CustomerRecord } from '../../db/repositories/customers';
import { ApiError } from '../../lib/errors';
import { decideGrenkeSandboxRequest, GRENKE_MOCK_ACTIONS } from '../../providers/grenke/sandbox-control';
import { isGrenkeState, leasingStateOf } from '../../providers/grenke/states';
import { authorisedApplication } from '../../services/applications';
import { storeConsents } from '../../services/consents';
import {
  applyStep,
  grenkeStep,
  leaveApplication,
  resursV1BookedStep,
  resursV1SignedStep,
  resursV2Step,
  schedulePoll,
} from '../../services/lifecycle';
import { merchantReturnUrl, outcomeOnLeaving } from '../../services/merchant-return';
import { apiErrorFor } from '../../services/provider-errors';
import { storeRenewalOrders } from '../../services/renewal';
import { findProviderApplication, type ProviderApplication, submitOnce, SubmissionFailed, updateProviderStatus } from '../../services/submission';
import { requireIdentity } from './session';

type Active = { app: ApplicationRecord; customer: CustomerRecord };

/** The consumer as a credit provider gets them: the identified person, with the contact details of the form. */
function consumerOf(customer: CustomerRecord, form: ApplyForm) {
  return {
    governmentId: customer.nationalId ?? '',
    firstName: customer.firstName ?? '',
    lastName: customer.lastName ?? '',
    email: form.email,
    phone: form.phone,
    address: form.address,
    postalCode: form.postalCode,
    city: form.city,
  };
}

/** Merchant prices include VAT (25 % in both countries); providers that want the net price get it. */
const VAT_RATE = 0.25;
const netOfVat = (gross: number): number => Math.round((gross / (1 + VAT_RATE)) * 100) / 100;

export default async function flowRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { publicUrl } = app.config;

  /** The session's active application, checked against the session's person. */
  async function activeApplication(request: FastifyRequest): Promise<Active> {
    const identity = requireIdentity(request);
    const reference = request.session.activeReference;
    if (!reference) throw ApiError.notFound();
    return authorisedApplication(app.db, identity, reference);
  }

  function requireOpen(application: ApplicationRecord): void {
    if (isFinalStatus(application.status)) throw new ApiError(409, 'APPLICATION_ALREADY_COMPLETE');
  }

  /** Checks the form with the shared schema of this application's country and customer type. */
  function parseForm(application: ApplicationRecord, body: unknown, creditConsent = false): ApplyForm {
    const schema = applyFormSchema(application.countryCode, application.customerType, { creditConsent });
    const result = schema.safeParse(body);
    if (!result.success) throw ApiError.badRequest(fieldMessagesOf(result.error));
    const form = result.data;
    if (form.accountKey === 'student' && flexYoungRefusal(application.countryCode, application.loanAmount, application.loanPeriod)) {
      throw ApiError.badRequest({ accountKey: { key: validationKey('invalidOption') } });
    }
    return form;
  }

  /** Contact details, consents and renewal orders are stored before the provider is called. */
  async function storeForm(request: FastifyRequest, active: Active, form: ApplyForm): Promise<void> {
    const language = languageFromAcceptLanguage(request.headers['accept-language']);
    const identity = requireIdentity(request);
    await app.db.transaction(async (tx) => {
      const repos = repositories(tx);
      await repos.customers.updateContact(active.app.id, {
        email: form.email,
        phone: form.phone,
        address: form.address,
        postalCode: form.postalCode,
        city: form.city,
      });
      await storeConsents(tx, active.app, form, language, request.session.sessionId);
      if (form.orders.length > 0 && !(await storeRenewalOrders(tx, active.app, identity.nationalId, form.orders))) {
        throw ApiError.badRequest({ orders: { key: validationKey('invalidOption') } });
      }
      await repos.events.append(active.app.id, { type: 'application.submitted', detail: { flexYoung: form.accountKey === 'student', renewalOrders: form.orders.length } });
    });
  }

  /**
   * What every submit does first: the session's active application, which must be one this
   * route serves and still open; the form checked and stored before any provider is called.
   */
  async function acceptForm(request: FastifyRequest, servedHere: (application: ApplicationRecord) => boolean, creditConsent = false) {
    const active = await activeApplication(request);
    if (!servedHere(active.app)) throw ApiError.badRequest();
    requireOpen(active.app);
    const form = parseForm(active.app, request.body, creditConsent);
    await storeForm(request, active, form);
    return { application: active.app, customer: active.customer, form };
  }

  const submissionError = (error: unknown): never => {
    if (error instanceof SubmissionFailed) throw apiErrorFor(error.failure);
    throw error;
  };

  const paymentLoadingUrl = (application: ApplicationRecord) =>
    `${publicUrl}${pagePath(PAGES.paymentLoadingFor.url({ merchantId: application.merchantId, merchantPaymentReference: application.merchantPaymentReference }))}`;

  // -------------------------------------------------------------------------------------------
  // Resurs Merchant API 2.0 (consumer, version 2)

  api.patch(API.resursV2Submit.pattern, async (request) => {
    const { application, customer, form } = await acceptForm(
      request,
      (a) => a.provider === 'RESURS' && a.version === 2 && app.config.features.resursMerchantApiEnabled,
    );

    const stored = await submitOnce(
      app,
      application.id,
      'RESURS_V2',
      async () => {
        const result = await app.providers.resursV2.createPayment(
          {
            orderReference: application.reference,
            countryCode: application.countryCode,
            amount: application.loanAmount,
            period: application.loanPeriod,
            items: application.items.map((item) => ({
              reference: item.sku,
              description: item.name,
              quantity: item.quantity,
              unitAmountIncludingVat: item.unitPrice,
            })),
            customer: (({ phone, ...rest }) => ({ ...rest, mobilePhone: phone }))(consumerOf(customer, form)),
            successUrl: paymentLoadingUrl(application),
            failUrl: `${publicUrl}${pagePath(PAGES.paymentFail.url())}`,
            authorizationCallbackUrl: `${publicUrl}${CALLBACKS.resursV2Authorization.url()}`,
            accountKey: form.accountKey ?? null,
            customerIp: request.ip,
            ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
          },
          { applicationId: application.id },
        );
        if (!result.ok) return result;
        return { ok: true, value: { externalId: result.value.id, providerStatus: result.value.status, customerUrl: result.value.customerUrl } };
      },
      async (tx, provider) => {
        const step = resursV2Step({ status: provider.providerStatus as never, rejectedReason: null }, false);
        await applyStep(app, application, step, 'provider.submitted', { provider: 'RESURS_V2', providerStatus: provider.providerStatus }, tx);
        await schedulePoll(app, application.id, 0, tx);
      },
    ).catch(submissionError);

    const decision = stored.providerStatus;
    const current = (await app.repos.applications.findById(application.id)) ?? application;
    return {
      decision,
      callBackUrl:
        decision === 'TASK_REDIRECTION_REQUIRED' && stored.customerUrl
          ? stored.customerUrl
          : decision === 'REJECTED'
            ? merchantReturnUrl(current, outcomeOnLeaving(current))
            : paymentLoadingUrl(application),
    };
  });

  // -------------------------------------------------------------------------------------------
  // Resurs version 1 (consumer, Simplified Shop Flow)

  const signSuccessUrl = (application: ApplicationRecord) => `${publicUrl}${API.signSuccess.url()}?ref=${encodeURIComponent(application.reference)}`;
  const signFailPath = pagePath(PAGES.formSignFail.url());

  api.patch(API.resursSubmit.pattern, async (request) => {
    const { application, customer, form } = await acceptForm(request, (a) => a.provider === 'RESURS' && a.version === 1, true);

    const stored = await submitOnce(
      app,
      application.id,
      'RESURS_V1',
      async () => {
        const result = await app.providers.resursV1.bookPayment(
          {
            preferredId: application.reference,
            countryCode: application.countryCode,
            amount: application.loanAmount,
            period: application.loanPeriod,
            items: application.items.map((item) => ({
              artNo: item.sku,
              description: item.name,
              quantity: item.quantity,
              unitAmountWithoutVat: netOfVat(item.unitPrice),
              vatPct: VAT_RATE * 100,
            })),
            customer: consumerOf(customer, form),
            accountKey: form.accountKey ?? null,
            signing: { successUrl: signSuccessUrl(application), failUrl: `${publicUrl}${signFailPath}` },
            customerIpAddress: request.ip,
          },
          { applicationId: application.id },
        );
        if (!result.ok) return result;
        return { ok: true, value: { externalId: result.value.paymentId, providerStatus: result.value.status, customerUrl: result.value.signingUrl } };
      },
      async (tx, provider) => {
        const step = resursV1BookedStep(provider.providerStatus as never);
        await applyStep(app, application, step, 'provider.submitted', { provider: 'RESURS_V1', providerStatus: provider.providerStatus }, tx);
      },
    ).catch(submissionError);

    if (stored.providerStatus === 'DENIED') throw new ApiError(400, 'APPLICATION_NOT_APPROVED');
    return { applicationResult: { status: stored.providerStatus, paymentId: stored.externalId } };
  });

  api.get(
    API.resursIndividualizedTerms.pattern,
    { schema: { querystring: z.object({ termsType: z.enum(INDIVIDUALIZED_TERMS_TYPES) }) } },
    async (request) => {
      const { app: application } = await activeApplication(request);
      if (application.provider !== 'RESURS' || application.version !== 1) throw ApiError.badRequest();
      const provider = await findProviderApplication(app.db, application.id);
      const result = await app.providers.resursV1.getIndividualizedTerms(
        {
          termsType: request.query.termsType,
          countryCode: application.countryCode,
          amount: application.loanAmount,
          period: application.loanPeriod,
          paymentId: provider?.externalId ?? null,
        },
        { applicationId: application.id },
      );
      if (!result.ok) throw apiErrorFor(result.failure);
      return result.value;
    },
  );

  api.post(
    API.resursCreateSigningSession.pattern,
    { schema: { body: z.strictObject({ successUrl: requiredText(2000), failUrl: requiredText(2000) }) } },
    async (request) => {
      const { app: application } = await activeApplication(request);
      // Only the portal's own return addresses (spec section 7); anything else is refused.
      const origins = new Set([publicUrl, request.headers.origin].filter((o): o is string => Boolean(o)));
      const successOk = [...origins].some((origin) => request.body.successUrl === `${origin}${API.signSuccess.url()}`);
      if (!successOk || request.body.failUrl !== signFailPath) {
        throw ApiError.badRequest({ successUrl: { key: validationKey('originNotAllowed') } });
      }
      const provider = await findProviderApplication(app.db, application.id);
      if (!provider || provider.provider !== 'RESURS_V1' || application.status === 'DECLINED') throw new ApiError(400, 'APPLICATION_NOT_APPROVED');
      if (application.status === 'COMPLETED') throw new ApiError(409, 'APPLICATION_ALREADY_COMPLETE');
      if (provider.providerStatus !== 'SIGNING' || !provider.customerUrl) throw new ApiError(400, 'APPLICATION_NOT_APPROVED');
      return { signingUrl: provider.customerUrl, paymentId: provider.externalId };
    },
  );

  /** Resurs sends the customer here after signing (version 1): finish the booking, then wait for the decision. */
  api.get(API.signSuccess.pattern, { schema: { querystring: z.object({ ref: z.optional(requiredText(100)) }) } }, async (request, reply) => {
    const identity = request.session.identity;
    const reference = request.query.ref ?? request.session.activeReference;
    if (!identity || !reference) {
      const index = new URLSearchParams(reference ? { reference } : {});
      return reply.redirect(`${pagePath(PAGES.index.url())}?${index.toString()}`, 302);
    }
    const { app: application } = await authorisedApplication(app.db, identity, reference);
    request.session.activeReference = application.reference;
    const provider = await findProviderApplication(app.db, application.id);
    const fail = (code: number) => reply.redirect(`${signFailPath}?code=${code}`, 302);
    if (!provider?.externalId || provider.provider !== 'RESURS_V1') return fail(10001);
    if (provider.data.signed === true || isFinalStatus(application.status)) return reply.redirect(paymentLoadingUrl(application), 302);

    const result = await app.providers.resursV1.bookSignedPayment(provider.externalId, { applicationId: application.id });
    if (!result.ok) return fail(result.failure.kind === 'refused' ? 10002 : 10003);
    const booking = result.value;
    await app.db.transaction(async (tx) => {
      await updateProviderStatus(app, tx, application.id, booking.status, null, { signed: true });
      await applyStep(app, application, resursV1SignedStep(booking.status), 'customer.signed', { provider: 'RESURS_V1', providerStatus: booking.status }, tx);
      if (booking.status === 'FROZEN') await schedulePoll(app, application.id, 0, tx);
    });
    return reply.redirect(paymentLoadingUrl(application), 302);
  });

  // -------------------------------------------------------------------------------------------
  // GRENKE (business leasing)

  const leasingResult = (provider: ProviderApplication) => {
    const state: LeasingState = isGrenkeState(provider.providerStatus) ? leasingStateOf(provider.providerStatus) : 'PENDING';
    return { applicationResults: [{ state, financingId: provider.externalId }] };
  };

  api.patch(API.grenkeSubmit.pattern, async (request) => {
    const { application, customer, form } = await acceptForm(request, (a) => a.provider === 'GRENKE');

    const stored = await submitOnce(
      app,
      application.id,
      'GRENKE',
      async () => {
        const result = await app.providers.grenke.createRequest(
          {
            externalReference: application.reference,
            amount: application.loanAmount,
            period: application.loanPeriod,
            currency: application.currency,
            lessee: {
              companyName: customer.companyName ?? '',
              organisationNumber: customer.organisationNumber ?? '',
              email: form.email,
              phone: form.phone,
              address: form.address,
              postalCode: form.postalCode,
              city: form.city,
              countryCode: application.countryCode,
            },
            objects: application.items.map((item) => ({
              name: item.name,
              quantity: item.quantity,
              netPricePerObject: netOfVat(item.unitPrice),
              serialNumber: item.serialNumber,
            })),
          },
          { applicationId: application.id },
        );
        if (!result.ok) return result;
        return { ok: true, value: { externalId: result.value.financingId, providerStatus: result.value.state, customerUrl: null } };
      },
      async (tx, provider) => {
        if (isGrenkeState(provider.providerStatus)) {
          await applyStep(app, application, grenkeStep(leasingStateOf(provider.providerStatus), false), 'provider.submitted', { provider: 'GRENKE', providerStatus: provider.providerStatus }, tx);
        }
        await schedulePoll(app, application.id, 0, tx);
      },
    ).catch(submissionError);
    return leasingResult(stored);
  });

  /** Sandbox only: the business screen's mock panel makes the simulated GRENKE decide after a delay. */
  api.post(
    API.grenkeMock.pattern,
    {
      schema: {
        params: z.object({ action: z.enum(GRENKE_MOCK_ACTIONS), merchantPaymentReference: requiredText(100) }),
        querystring: z.object({ delay: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(MOCK_DELAY_SECONDS.max * 1000)), MOCK_DELAY_SECONDS.default * 1000) }),
      },
    },
    async (request) => {
      if (!app.config.sandbox) throw new ApiError(404, 'REQUEST_ERROR');
      const { app: application } = await activeApplication(request);
      if (application.merchantPaymentReference !== request.params.merchantPaymentReference || application.provider !== 'GRENKE') {
        throw ApiError.notFound();
      }
      const result = await decideGrenkeSandboxRequest(
        { baseUrl: app.config.providers.grenke.baseUrl, timeoutMs: app.config.providerTimeoutMs, recorder: { record: async () => undefined } },
        { externalReference: application.reference, action: request.params.action, delayMs: request.query.delay },
        { applicationId: application.id },
      );
      if (!result.ok) throw apiErrorFor(result.failure);
      await app.repos.events.append(application.id, { type: 'sandbox.mock-decision', detail: { action: request.params.action, delayMs: request.query.delay } });
      if (await findProviderApplication(app.db, application.id)) await schedulePoll(app, application.id, 0);
      return { action: request.params.action, delay: request.query.delay };
    },
  );

  // -------------------------------------------------------------------------------------------
  // Renewal and payment status

  api.post(
    API.renewalInit.pattern,
    {
      schema: {
        body: z.strictObject({
          consents: z.strictObject({ fairownRenewalAssessmentConsent: z.literal(true), fairownRenewalConsent: z.literal(true) }),
          orders: z.array(renewalOrderSchema).check(z.minLength(1), z.maxLength(20)),
        }),
      },
    },
    async (request) => {
      const { app: application } = await activeApplication(request);
      const identity = requireIdentity(request);
      const stored = await app.db.transaction(async (tx) => {
        const ok = await storeRenewalOrders(tx, application, identity.nationalId, request.body.orders);
        if (ok) await repositories(tx).events.append(application.id, { type: 'renewal.initiated', detail: { orders: request.body.orders.length } });
        return ok;
      });
      if (!stored) throw ApiError.badRequest({ orders: { key: validationKey('invalidOption') } });
      return { orders: request.body.orders.length };
    },
  );

  /** The customer leaves for the merchant from a step of the flow (e.g. the signing failure page). */
  api.post(API.leave.pattern, async (request) => {
    const { app: application } = await activeApplication(request);
    const current = await leaveApplication(app, application);
    return { redirectUrl: merchantReturnUrl(current, outcomeOnLeaving(current)) };
  });

}

/**
 * Resurs version 1 (consumer, Simplified Shop Flow): submit (the credit check), the terms to read
 * before signing (the SECCI and the general terms, from Resurs' legal links and cost of
 * purchase), a signing session on Resurs' page, and the return from it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, individualizedTermsQuerySchema, pagePath, PAGES, requiredText, signingStartBodySchema, validationKey, z } from '@portal/domain';
import { ApiError } from '../../lib/errors';
import { authorisedApplication } from '../../services/applications';
import { apiErrorFor } from '../../services/provider-errors';
import { requirePrecontractualSent } from '../../services/precontractual';
import { signedReturn } from '../../services/sign-resurs-v1';
import { submitApplication } from '../../services/submit-application';
import { activeReference, requireIdentity, signingLimits, submitLimits, submitRequestOf, uiLanguage } from './session';

export default async function resursV1Routes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { publicUrl } = app.config;
  const signFailPath = pagePath(PAGES.formSignFail.url());

  api.patch(API.resursSubmit.pattern, { preHandler: app.limits.guard(submitLimits) }, async (request) => {
    const { application, provider } = await submitApplication(app, submitRequestOf(request, 'RESURS_V1', true));
    if (application.status === 'DECLINED') throw new ApiError(400, 'APPLICATION_NOT_APPROVED');
    return { applicationResult: { status: provider.providerStatus, paymentId: provider.externalId } };
  });

  api.get(
    API.resursIndividualizedTerms.pattern,
    { schema: { querystring: individualizedTermsQuerySchema } },
    async (request) => {
      const { app: application } = await authorisedApplication(app.db, requireIdentity(request), activeReference(request), { registry: app.providers.registry, log: app.log });
      if (application.provider !== 'RESURS' || app.lenders.kindFor(application) !== 'RESURS_V1') throw ApiError.badRequest();
      const provider = await app.repos.providerApplications.find(application.id);
      const client = await app.lenders.accounts.resursV1(application, provider?.account ?? (await app.lenders.accounts.choose('RESURS_V1', application)));
      if (!client.ok) throw apiErrorFor(client.failure);
      const result = await client.value.getTermsDocument(
        { termsType: request.query.termsType, countryCode: application.countryCode, amount: application.loanAmount },
        { applicationId: application.id },
      );
      if (!result.ok) throw apiErrorFor(result.failure);
      return result.value;
    },
  );

  api.post(
    API.resursCreateSigningSession.pattern,
    { schema: { body: signingStartBodySchema }, preHandler: app.limits.guard(signingLimits) },
    async (request) => {
      const { app: application } = await authorisedApplication(app.db, requireIdentity(request), activeReference(request), { registry: app.providers.registry, log: app.log });
      // Only the portal's own return addresses (spec section 7); anything else is refused.
      const origins = new Set([publicUrl, request.headers.origin].filter((o): o is string => Boolean(o)));
      const successOk = [...origins].some((origin) => request.body.successUrl === `${origin}${API.signSuccess.url()}`);
      if (!successOk || request.body.failUrl !== signFailPath) {
        throw ApiError.badRequest({ successUrl: { key: validationKey('originNotAllowed') } });
      }
      if (application.status === 'COMPLETED') throw new ApiError(409, 'APPLICATION_ALREADY_COMPLETE');
      const provider = await app.repos.providerApplications.find(application.id);
      const start = provider?.provider === 'RESURS_V1' && application.status === 'SIGNING' ? app.lenders.RESURS_V1.startSigning(application, provider, uiLanguage(request)) : null;
      if (!provider || start?.kind !== 'redirect') throw new ApiError(400, 'APPLICATION_NOT_APPROVED');
      // The SECCI first, mailed, then the signature (CCD2 Art. 10(1); ADR 35).
      await requirePrecontractualSent(app, application);
      return { signingUrl: start.url, paymentId: provider.externalId };
    },
  );

  /** Resurs sends the customer here after signing (version 1): book the signed payment, then wait for the decision. */
  api.get(API.signSuccess.pattern, { schema: { querystring: z.object({ ref: z.optional(requiredText(100)) }) } }, async (request, reply) => {
    const identity = request.session.identity;
    const reference = request.query.ref ?? request.session.activeReference;
    if (!identity || !reference) {
      const index = new URLSearchParams(reference ? { reference } : {});
      return reply.redirect(`${pagePath(PAGES.index.url())}?${index.toString()}`, 302);
    }
    const page = await signedReturn(app, identity, reference);
    request.session.activeReference = reference;
    return reply.redirect(page, 302);
  });
}

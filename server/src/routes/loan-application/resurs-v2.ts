/**
 * Resurs Merchant API 2.0 (consumer, version 2): submit, then Resurs' task page, then back
 * through the portal, which reads the payment before any page shows.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, pagePath, PAGES, requiredText, z } from '@portal/domain';
import { ApiError } from '../../lib/errors';
import { ownedApplication } from '../../services/applications';
import { merchantReturnUrl, outcomeOnLeaving } from '../../services/merchant-return';
import { refreshFromLender } from '../../services/refresh-status';
import { submitApplication } from '../../services/submit-application';
import { submitLimits, submitRequestOf, uiLanguage } from './session';

export default async function resursV2Routes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const paymentLoadingUrl = (application: { merchantId: string; merchantPaymentReference: string }) =>
    `${app.config.publicUrl}${pagePath(PAGES.paymentLoadingFor.url({ merchantId: application.merchantId, merchantPaymentReference: application.merchantPaymentReference }))}`;

  // The submit also starts the signing (Resurs' task page): one count, as a submit.
  api.patch(API.resursV2Submit.pattern, { preHandler: app.limits.guard(submitLimits) }, async (request) => {
    const { application, provider } = await submitApplication(app, submitRequestOf(request, 'RESURS_V2'));
    const decision = provider.providerStatus;
    const start = app.lenders.RESURS_V2.startSigning(application, provider, uiLanguage(request));
    return {
      decision,
      // Resurs' signing page comes after the key facts step, where the SECCI is mailed (ADR 35).
      callBackUrl:
        start.kind === 'redirect' && application.status === 'SIGNING'
          ? `${app.config.publicUrl}${pagePath(PAGES.formKeyFacts.url())}`
          : decision === 'REJECTED'
            ? merchantReturnUrl(application, outcomeOnLeaving(application))
            : paymentLoadingUrl(application),
    };
  });

  /**
   * Resurs sends the customer here from its task page; the payment is read once, then the page
   * shows. Only for the application's own customer: without a session the browser goes to
   * identification for the reference, and an unknown reference or someone else's gets the
   * failure page alike, with nothing read from the lender.
   */
  api.get(
    API.resursV2Return.pattern,
    { schema: { params: z.object({ result: z.enum(['success', 'fail']) }), querystring: z.object({ ref: requiredText(100) }) } },
    async (request, reply) => {
      const identity = request.session.identity;
      if (!identity) {
        return reply.redirect(`${pagePath(PAGES.index.url())}?${new URLSearchParams({ reference: request.query.ref }).toString()}`, 302);
      }
      const application = await ownedApplication(app.db, identity, request.query.ref).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      });
      if (application) await refreshFromLender(app, application.id);
      const page = request.params.result === 'success' && application ? paymentLoadingUrl(application) : `${app.config.publicUrl}${pagePath(PAGES.paymentFail.url())}`;
      return reply.redirect(page, 302);
    },
  );
}

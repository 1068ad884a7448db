import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, languageFromAcceptLanguage, type LoanApplicationsResponse, referenceParamsSchema } from '@portal/domain';
import type { ApplicationRecord } from '../../db/repositories/applications';
import type { CustomerRecord } from '../../db/repositories/customers';
import { ApiError } from '../../lib/errors';
import { authorisedApplication, loanApplicationView } from '../../services/applications';
import { consentTypesFor, consentView } from '../../services/consents';
import { recordApplyScreen } from '../../services/evidence';
import { creditAgencies, creditAgencyFor } from '../../services/credit-agencies';
import { lenderAvailable } from '../../services/lender-availability';
import { loanViewOf, type Priced, pricingFor, storedPricing } from '../../services/pricing';
import { renewalProducts } from '../../services/renewal';
import type { SessionIdentity } from '../../types';
import { requireIdentity } from './session';

const referenceParams = referenceParamsSchema;

export default async function applicationsRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function respond(
    active: { app: ApplicationRecord; customer: CustomerRecord } | null,
    identity: SessionIdentity,
    acceptLanguage: string | undefined,
    sessionId: string,
  ): Promise<LoanApplicationsResponse> {
    const others = (await app.repos.applications.listForNationalId(identity.nationalId)).filter(
      (a) => a.id !== active?.app.id,
    );
    const customers = new Map(
      (await app.repos.customers.findByApplicationIds(others.map((a) => a.id))).map((c) => [c.applicationId, c]),
    );
    // Each as its lender flow serves it (version 2 goes through version 1 while the Merchant API is off).
    const pairs = [
      ...(active ? [active] : []),
      ...others.flatMap((a) => {
        const customer = customers.get(a.id);
        return customer ? [{ app: a, customer }] : [];
      }),
    ].map((pair) => ({ ...pair, app: app.lenders.asServed(pair.app) }));
    const served = pairs[0] && active && pairs[0].app.id === active.app.id ? pairs[0].app : null;
    const merchants = new Map<string, { name: string }>();
    for (const { app: a } of pairs) {
      if (!merchants.has(a.merchantId)) {
        const merchant = await app.repos.merchants.findById(a.merchantId);
        merchants.set(a.merchantId, { name: merchant?.name ?? a.merchantId });
      }
    }
    // The active application is priced by its provider (once); the others show what is stored.
    const pricing = new Map<string, Priced>(
      await Promise.all(
        pairs.map(async ({ app: a }) => [a.id, a.id === active?.app.id ? await pricingFor(app, a) : { pricing: await storedPricing(app, a.id), unanswered: false }] as const),
      ),
    );
    // The customer's own subscriptions: a person's on their private application, the company's
    // leases on its business application, whoever is logged in to sign.
    const products = active && served ? await renewalProducts(app.db, served, active.customer) : [];
    const language = languageFromAcceptLanguage(acceptLanguage);
    const agencies = creditAgencies(app.config);
    const answer: LoanApplicationsResponse = {
      person: { firstName: identity.firstName, lastName: identity.lastName },
      loanApplications: pairs.map(({ app: a, customer }) => ({
        ...loanApplicationView(a, customer, merchants.get(a.merchantId) ?? { name: a.merchantId }),
        loan: loanViewOf(a, pricing.get(a.id)?.pricing ?? null),
        isRenewal: a.id === active?.app.id && products.length > 0,
        creditAgency: creditAgencyFor(agencies, a),
      })),
      consents: served
        ? consentTypesFor(served, products.length > 0).map((type) => consentView(type, served, language))
        : [],
      products,
      lenderAvailable: served ? lenderAvailable(app, served, pricing.get(served.id) ?? { pricing: null, unanswered: false }) : true,
    };
    // Evidence (ADR 32): the priced summary shown before the submit, once per session and content.
    const shown = served?.status === 'CREATED' && pricing.get(served.id)?.pricing ? answer.loanApplications[0] : undefined;
    if (served && shown) await recordApplyScreen(app, served, { loan: shown.loan, consents: answer.consents, creditAgency: shown.creditAgency, language }, sessionId);
    return answer;
  }

  /** Checks the reference for this session's person and makes it the active application. */
  api.get(API.validate.pattern, { schema: { params: referenceParams } }, async (request) => {
    const identity = requireIdentity(request);
    const active = await authorisedApplication(app.db, identity, request.params.reference, { registry: app.providers.registry, log: request.log });
    request.session.activeReference = active.app.reference;
    return respond(active, identity, request.headers['accept-language'], request.session.sessionId);
  });

  /** The session's applications; the active one first. */
  api.get(API.applications.pattern, async (request) => {
    const identity = requireIdentity(request);
    const reference = request.session.activeReference;
    let active: { app: ApplicationRecord; customer: CustomerRecord } | null = null;
    if (reference) {
      try {
        active = await authorisedApplication(app.db, identity, reference, { registry: app.providers.registry, log: request.log });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
      }
    }
    return respond(active, identity, request.headers['accept-language'], request.session.sessionId);
  });
}

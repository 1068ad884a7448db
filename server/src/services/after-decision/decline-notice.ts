/**
 * The e-mail copy of a consumer's decline (CCD2 Art. 18(9): "without delay"): the lender could not
 * approve, whether the assessment was automated and that a person can review it, the agency
 * consulted, free debt advice, and the link to the customer's page where the review is asked for.
 * Queued in the transaction that declines the application (services/apply-event.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import { repositories } from '../../db/repositories';
import type { ApplicationRecord } from '../../db/repositories/applications';
import { creditAgencies, creditAgencyFor } from '../credit-agencies';
import { queueMail } from '../mail';
import { isConsumerCredit, languageOf, lenderNameOf, myApplicationsUrl } from './common';

export async function queueDeclineNotice(app: FastifyInstance, q: Queryable, application: ApplicationRecord): Promise<void> {
  if (!isConsumerCredit(application)) return;
  const repos = repositories(q);
  const customer = await repos.customers.findByApplicationId(application.id);
  if (!customer?.email) return;
  const merchant = await repos.merchants.findById(application.merchantId);
  await queueMail(app, q, {
    applicationId: application.id,
    to: customer.email,
    language: languageOf(application),
    template: {
      name: 'decline-notice',
      params: {
        lenderName: lenderNameOf(application),
        merchantName: merchant?.name ?? application.merchantId,
        automated: app.config.lenderDesk.RESURS.decisionsAutomated,
        creditAgency: creditAgencyFor(creditAgencies(app.config), application),
        country: application.countryCode,
        myApplicationsUrl: myApplicationsUrl(app),
      },
    },
  });
}

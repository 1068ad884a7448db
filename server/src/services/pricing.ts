/**
 * The loan terms shown to the customer come from the provider's pricing, never from the
 * merchant (PRODUCT section 4). Priced once per application and kept; when the provider gives
 * no price (unreachable, or an answer we cannot read) there are no terms, the apply screen says the lender is unavailable
 * (services/lender-availability.ts), and pricing is tried again on the next load.
 */
import type { FastifyInstance } from 'fastify';
import { configured } from '../providers/index';
import { type LoanView, renewalPeriodMonths } from '@portal/domain';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { LoanPricing } from '../providers/types';

export function loanViewOf(app: Pick<ApplicationRecord, 'loanAmount' | 'loanPeriod' | 'currency'>, pricing: LoanPricing | null): LoanView {
  return {
    loanAmount: app.loanAmount,
    loanPeriod: app.loanPeriod,
    // Every subscription, a consumer credit or a company lease, can be renewed (domain rule).
    renewalPeriod: renewalPeriodMonths(app.loanPeriod),
    currency: app.currency,
    cost: pricing?.cost ?? null,
    totalAmount: pricing ? Math.round((app.loanAmount + pricing.cost) * 100) / 100 : null,
    interestRate: pricing?.interestRate ?? null,
    // Pricing stored before the effective rate was kept has none: not shown rather than guessed.
    effectiveInterestRate: pricing?.effectiveInterestRate ?? null,
    totalMonthlyPayment: pricing?.totalMonthlyPayment ?? null,
    secciLinks: pricing?.secciLinks ?? [],
    generalTermsLinks: pricing?.generalTermsLinks ?? [],
  };
}

export async function storedPricing(app: FastifyInstance, applicationId: string): Promise<LoanPricing | null> {
  return app.repos.applications.findPricing<LoanPricing>(applicationId);
}

export interface Priced {
  pricing: LoanPricing | null;
  /**
   * The provider was asked just now and gave no price: unreachable, timed out, 5xx, circuit
   * open, an answer we cannot read, or a refusal. The screen then says the lender is unavailable
   * rather than show a price summary with empty figures.
   */
  unanswered: boolean;
}

/** The application's pricing, asking the provider the first time. */
export async function pricingFor(app: FastifyInstance, application: ApplicationRecord): Promise<Priced> {
  const stored = await storedPricing(app, application.id);
  if (stored) return { pricing: stored, unanswered: false };
  const input = { countryCode: application.countryCode, amount: application.loanAmount, period: application.loanPeriod };
  const context = { applicationId: application.id };
  let pricing: LoanPricing | null = null;
  let unanswered: boolean;
  if (application.provider === 'GRENKE') {
    const grenke = configured(app.providers.grenke);
    const result = grenke.ok ? await grenke.value.calculate({ country: application.countryCode, amount: input.amount, period: input.period, currency: application.currency }, context) : grenke;
    unanswered = !result.ok;
    if (result.ok) {
      const monthly = result.value.monthlyTotalInstalment;
      pricing = {
        currency: application.currency,
        loanAmount: input.amount,
        loanPeriod: input.period,
        cost: Math.round((monthly * input.period - input.amount) * 100) / 100,
        interestRate: 0,
        effectiveInterestRate: 0,
        totalMonthlyPayment: monthly,
        secciLinks: [],
        generalTermsLinks: [],
      };
    }
  } else {
    // The lender the application goes to prices it (version 2 goes through version 1 when the
    // Merchant API is off), through the account the application will go through (ADR 22).
    const kind = app.lenders.kindFor(application);
    const account = await app.lenders.accounts.choose(kind, application);
    const client = kind === 'RESURS_V2' ? await app.lenders.accounts.resursV2(application, account) : await app.lenders.accounts.resursV1(application, account);
    const result = client.ok ? await client.value.getPricing(input, context) : client;
    unanswered = !result.ok;
    if (result.ok) pricing = result.value;
  }
  if (pricing) {
    await app.repos.applications.savePricing(application.id, pricing);
  }
  return { pricing, unanswered };
}

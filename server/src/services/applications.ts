import {
  COUNTRIES,
  type CreateApplicationRequest,
  DEMO_SHOP,
  type FieldMessages,
  type CreateApplicationResponse,
  type LoanApplicationView,
  type MerchantApplicationView,
  normaliseNationalId,
  normaliseOrganisationNumber,
  merchantStatusOf,
  pagePath,
  PAGES,
  validationKey,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/db';
import { isUniqueViolation } from '../db/db';
import { repositories } from '../db/repositories';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { CustomerRecord } from '../db/repositories/customers';
import type { EventDetail, EventRecord } from '../db/repositories/events';
import type { Merchant } from '../db/repositories/merchants';
import { canonicalJson, randomToken, sha256Hex } from '../lib/crypto';
import { ApiError } from '../lib/errors';
import type { CompanyRegistryClient } from '../providers/registry/types';
import type { SessionIdentity } from '../types';
import { awaitsLender, companyAccess, registryUnavailable, SIGNING_RIGHT_AWAITING_LENDER, signatoryNotConfirmed, unsettledText } from './company-access';
import { loanViewOf } from './pricing';
import { moneyView, operationView } from './money-operations';
import type { ApplicationMoney, MoneyOperationRecord } from '../db/repositories/money';

export function applyUrl(publicUrl: string, app: Pick<ApplicationRecord, 'reference' | 'countryCode'>): string {
  return `${publicUrl}${pagePath(PAGES.apply.url({ reference: app.reference }))}?countryCode=${app.countryCode}`;
}

function parsedUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The portal's own origins: its public URL's, and on a loopback address that port under every loopback name. */
function portalOrigins(publicUrl: string): Set<string> {
  const own = new URL(publicUrl);
  const origins = new Set([own.origin]);
  if (LOOPBACK_HOSTS.includes(own.hostname)) {
    for (const host of LOOPBACK_HOSTS) origins.add(`${own.protocol}//${host}${own.port ? `:${own.port}` : ''}`);
  }
  return origins;
}

/**
 * callbackUrl and webhookUrl may only point at the merchant's allow-listed origins, and never at
 * the portal itself: on the portal's own origin (where the sandbox's demo shop lives, so the demo
 * merchant's allow-list holds it) only the demo shop's paths are a merchant's, never the client
 * API, the merchant API, the SPA or the simulators. Otherwise a webhook or a customer's return
 * would be a request the portal sends or redirects to itself.
 */
export function checkAllowedOrigins(merchant: Merchant, request: CreateApplicationRequest, publicUrl: string): void {
  const fieldErrors: FieldMessages = {};
  const allowed = new Set(merchant.allowedOrigins);
  const own = portalOrigins(publicUrl);
  for (const field of ['callbackUrl', 'webhookUrl'] as const) {
    const url = request[field] ? parsedUrl(request[field]) : null;
    if (!request[field]) continue;
    const refused =
      !url || !allowed.has(url.origin) || (own.has(url.origin) && !url.pathname.startsWith(DEMO_SHOP.home.pattern));
    if (refused) fieldErrors[field] = { key: validationKey('originNotAllowed') };
  }
  if (Object.keys(fieldErrors).length > 0) throw ApiError.badRequest(fieldErrors);
}

export interface CreateResult {
  created: boolean;
  response: CreateApplicationResponse;
}

/**
 * Creates an application once per merchant reference. The same request again answers the same
 * application (200); a different request with a used reference is a conflict (409). Two
 * simultaneous first requests resolve through the unique constraint.
 */
export async function createApplication(
  db: Db,
  publicUrl: string,
  merchant: Merchant,
  request: CreateApplicationRequest,
  /** Whether this portal offers the product in the country (lenders.offered); only a new application is asked. */
  offered: (routed: Pick<ApplicationRecord, 'provider' | 'version' | 'countryCode'>) => boolean = () => true,
): Promise<CreateResult> {
  // The merchant's default webhook URL (set in the back office) passes the same rules as one sent here.
  checkAllowedOrigins(merchant, { ...request, webhookUrl: request.webhookUrl ?? merchant.webhookUrl ?? undefined }, publicUrl);
  const requestHash = sha256Hex(canonicalJson(request));
  const answer = (app: ApplicationRecord): CreateApplicationResponse => ({
    reference: app.reference,
    applyUrl: applyUrl(publicUrl, app),
    status: merchantStatusOf(app.status),
  });
  const existingAnswer = (app: ApplicationRecord): CreateResult => {
    if (app.requestHash !== requestHash) throw ApiError.conflict();
    return { created: false, response: answer(app) };
  };

  const repos = repositories(db);
  const existing = await repos.applications.findByMerchantReference(merchant.id, request.merchantPaymentReference);
  if (existing) return existingAnswer(existing);

  const { countryCode: country, customer } = request;
  const provider = customer.type === 'LEGAL' ? 'GRENKE' : 'RESURS';
  if (!offered({ provider, version: request.version, countryCode: country })) {
    // Said plainly to the merchant's developer: which product, which country, and that it is this portal's setup.
    const product = provider === 'GRENKE' ? 'Business leasing (customer.type LEGAL)' : 'Consumer credit (customer.type PRIVATE)';
    throw ApiError.badRequest({ 'customer.type': { key: validationKey('productNotOffered') } }, `${product} is not offered in ${country} by this portal: its lender is not configured there`);
  }
  try {
    const created = await db.transaction(async (tx) => {
      const r = repositories(tx);
      const app = await r.applications.insert({
        reference: randomToken(18),
        merchantId: merchant.id,
        merchantPaymentReference: request.merchantPaymentReference,
        requestHash,
        countryCode: country,
        customerType: customer.type,
        provider,
        version: request.version,
        loanAmount: request.loan.loanAmount,
        loanPeriod: request.loan.loanPeriod,
        currency: COUNTRIES[country].currency,
        items: request.items.map((item) => ({ ...item, serialNumber: item.serialNumber ?? null })),
        callbackUrl: request.callbackUrl,
        webhookUrl: request.webhookUrl ?? merchant.webhookUrl ?? null,
        status: 'CREATED',
        isRenewal: false,
      });
      await r.customers.insert({
        applicationId: app.id,
        type: customer.type,
        nationalId: customer.nationalId ? normaliseNationalId(country, customer.nationalId) : null,
        firstName: customer.firstName ?? null,
        lastName: customer.lastName ?? null,
        companyName: customer.companyName ?? null,
        organisationNumber: customer.organisationNumber
          ? normaliseOrganisationNumber(country, customer.organisationNumber)
          : null,
        email: customer.email ?? null,
        phone: customer.phone ?? null,
        address: customer.address ?? null,
        postalCode: customer.postalCode ?? null,
        city: customer.city ?? null,
      });
      await r.events.append(app.id, {
        type: 'application.created',
        status: 'CREATED',
        detail: { version: app.version, provider: app.provider, countryCode: country },
      });
      return app;
    });
    return { created: true, response: answer(created) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await repos.applications.findByMerchantReference(merchant.id, request.merchantPaymentReference);
    if (!winner) throw error;
    return existingAnswer(winner);
  }
}

/** An application as the merchant API shows it: its status and timeline, and its money after the sale. */
export function merchantView(
  publicUrl: string,
  app: ApplicationRecord,
  events: readonly EventRecord[],
  money: ApplicationMoney = { money: null, deliveryConfirmedAt: null },
  operations: readonly MoneyOperationRecord[] = [],
): MerchantApplicationView {
  return {
    merchantPaymentReference: app.merchantPaymentReference,
    reference: app.reference,
    applyUrl: applyUrl(publicUrl, app),
    countryCode: app.countryCode,
    customerType: app.customerType,
    version: app.version,
    status: merchantStatusOf(app.status),
    outcome: app.outcome,
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
    timeline: events.map((event) => ({
      type: event.type,
      at: event.createdAt.toISOString(),
      status: event.status && merchantStatusOf(event.status),
      outcome: event.outcome,
      detail: event.detail,
    })),
    money: moneyView(app, money.money),
    deliveryConfirmedAt: money.deliveryConfirmedAt?.toISOString() ?? null,
    operations: operations.map(operationView),
  };
}

/** The merchant API's view of an application, read in one go. */
export async function loadMerchantView(db: Queryable, publicUrl: string, app: ApplicationRecord): Promise<MerchantApplicationView> {
  const repos = repositories(db);
  const [events, money, operations] = await Promise.all([repos.events.listForApplication(app.id), repos.money.ofApplication(app.id), repos.money.listForApplication(app.id)]);
  return merchantView(publicUrl, app, events, money, operations);
}

// ---------------------------------------------------------------------------------------------
// Who may act on an application (PRODUCT section 2.4)

const normaliseName = (name: string | null | undefined): string =>
  (name ?? '').normalize('NFC').trim().toLocaleLowerCase('nb').replace(/\s+/g, ' ');

/**
 * The merchant's prefilled name matches the e-ID name: same last name, and the merchant's first
 * given name is one of the e-ID's given names (BankID often carries middle names).
 */
export function namesMatch(customer: Pick<CustomerRecord, 'firstName' | 'lastName'>, identity: SessionIdentity): boolean {
  const given = normaliseName(identity.firstName).split(' ');
  const first = normaliseName(customer.firstName).split(' ')[0] ?? '';
  return normaliseName(customer.lastName) === normaliseName(identity.lastName) && first !== '' && given.includes(first);
}

export type Access = 'allowed' | 'claim' | 'forbidden' | 'company';

export function accessFor(app: ApplicationRecord, customer: CustomerRecord, identity: SessionIdentity): Access {
  // A company is for its signatory: the one the merchant named, or one the registry confirms.
  if (app.customerType === 'LEGAL') return 'company';
  if (identity.country !== app.countryCode) return 'forbidden';
  if (customer.nationalId) return customer.nationalId === identity.nationalId ? 'allowed' : 'forbidden';
  // No national ID from the merchant: the first identification claims the application when the
  // name matches the e-ID's.
  if (!namesMatch(customer, identity)) return 'forbidden';
  return 'claim';
}

/** What the company rule needs: the registry, and a log for refusals (by reference, never by person). */
export interface CompanyAccessContext {
  registry: CompanyRegistryClient;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * The one answer for an application this person may not see (PRODUCT section 2.4): the answer
 * for a reference that does not exist, 404 APPLICATION_NOT_FOUND, so that no answer tells
 * whether another person's (or company's) application exists.
 */
export function applicationNotFound(): ApiError {
  return ApiError.notFound();
}

/** An application id that no application has (ids are random UUIDs, version 4). */
const NO_APPLICATION_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The application and its customer by reference. The customer is read for an unknown reference
 * too, by an id no application has: an unknown reference and someone else's do the same database
 * work before either is refused, so the time of the answer does not tell them apart.
 */
async function applicationWithCustomer(db: Db, reference: string): Promise<{ app: ApplicationRecord; customer: CustomerRecord } | null> {
  const repos = repositories(db);
  const app = await repos.applications.findByReference(reference);
  const customer = await repos.customers.findByApplicationId(app?.id ?? NO_APPLICATION_ID);
  // An application whose personal data was erased (ADR 18) is no one's any more.
  return app && customer && !app.personalDataErasedAt ? { app, customer } : null;
}

/**
 * Loads an application for the session's person, claiming it when the rule allows. An unknown
 * reference and someone else's application, a company's this person may not sign for included,
 * answer alike (`applicationNotFound`), after the same lookups. Only an unclaimed company
 * application asks the company registry before it answers, and answers 503 when the registry
 * cannot be asked (ADR 16). A refusal changes nothing. Without `company`, an application that
 * only the registry can give away is not given away (503). A company's application the registry
 * could not settle for this person is taken by them but held, 409 SIGNATORY_NOT_CONFIRMED, until
 * the lender confirms them (ADR 28).
 */
export async function authorisedApplication(
  db: Db,
  identity: SessionIdentity,
  reference: string,
  company?: CompanyAccessContext,
): Promise<{ app: ApplicationRecord; customer: CustomerRecord }> {
  const found = await applicationWithCustomer(db, reference);
  if (!found) throw applicationNotFound();
  const { app, customer } = found;
  const access = accessFor(app, customer, identity);
  if (access === 'forbidden') throw applicationNotFound();
  if (access === 'allowed') return { app, customer };

  let detail: EventDetail = { method: identity.method };
  let held = false;
  if (access === 'company') {
    const decision = await companyAccess(company?.registry ?? null, app, customer, identity);
    if (decision.kind === 'allowed') {
      if (awaitsLender(await repositories(db).events.listForApplication(app.id))) throw signatoryNotConfirmed();
      return { app, customer };
    }
    if (decision.kind === 'refused') {
      company?.log?.info({ reference: app.reference, reason: decision.reason }, 'cannot sign for this company');
      throw applicationNotFound();
    }
    if (decision.kind === 'unavailable') {
      company?.log?.warn({ reference: app.reference, failure: decision.failure?.kind ?? null }, 'company registry did not answer');
      throw registryUnavailable(decision.failure);
    }
    if (decision.kind === 'review') {
      // Taken by this person, held until the lender has checked them: nothing goes to the lender before.
      held = true;
      company?.log?.warn({ reference: app.reference, register: decision.register, unsettled: unsettledText(decision.unsettled) }, 'company signing right needs the lender’s check');
      detail = { ...detail, signingRightConfirmedBy: null, signingRight: SIGNING_RIGHT_AWAITING_LENDER, register: decision.register, unsettled: unsettledText(decision.unsettled) };
    } else {
      detail = { ...detail, signingRightConfirmedBy: decision.register, signingRight: decision.basis };
    }
  }

  const claimed = await db.transaction(async (tx) => {
    const r = repositories(tx);
    if (!(await r.customers.claimNationalId(app.id, identity.nationalId))) return false;
    await r.events.append(app.id, { type: 'customer.identified', detail });
    return true;
  });
  if (!claimed) {
    // Someone identified for it a moment earlier: it is theirs unless that was this person.
    const now = await repositories(db).customers.findByApplicationId(app.id);
    if (now?.nationalId !== identity.nationalId) throw applicationNotFound();
  }
  if (held) throw signatoryNotConfirmed();
  return { app, customer: { ...customer, nationalId: identity.nationalId } };
}

export function loanApplicationView(
  app: ApplicationRecord,
  customer: CustomerRecord,
  merchant: Pick<Merchant, 'name'>,
): LoanApplicationView {
  return {
    reference: app.reference,
    merchantId: app.merchantId,
    merchantName: merchant.name,
    merchantPaymentReference: app.merchantPaymentReference,
    callbackUrl: app.callbackUrl,
    status: app.status,
    version: app.version,
    isRenewal: app.isRenewal,
    customer: {
      firstName: customer.firstName,
      lastName: customer.lastName,
      type: customer.type,
      countryCode: app.countryCode,
      companyName: customer.companyName,
      externalId: customer.organisationNumber,
      phone: customer.phone,
      email: customer.email,
      address: customer.address,
      postalCode: customer.postalCode,
      city: customer.city,
    },
    // Unpriced here: the caller adds the provider's pricing where it has it.
    loan: loanViewOf(app, null),
    loanProduct: { provider: app.provider },
    // From configuration: the caller names the agency (services/credit-agencies.ts).
    creditAgency: null,
    items: app.items,
  };
}

/**
 * The application only if it is already this person's (never claims it): for ending an
 * application, which only its owner may do. Anyone else gets the answer an unknown reference gets.
 */
export async function ownedApplication(db: Db, identity: SessionIdentity, reference: string): Promise<ApplicationRecord> {
  const found = await applicationWithCustomer(db, reference);
  if (!found || found.app.countryCode !== identity.country || found.customer.nationalId !== identity.nationalId) throw applicationNotFound();
  return found.app;
}

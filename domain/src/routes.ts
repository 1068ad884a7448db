/**
 * Every path the web app and the server share: one definition, a pattern for the router and a
 * builder for callers. Patterns use `:param` as both Fastify and React Router read them.
 */

import type { CountryCode } from './countries';

type ParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

export type RouteParams<Path extends string> = { [K in ParamNames<Path>]: string };

export interface RouteDef<Path extends string> {
  readonly pattern: Path;
  url(...args: ParamNames<Path> extends never ? [] : [RouteParams<Path>]): string;
}

export function route<const Path extends string>(pattern: Path): RouteDef<Path> {
  return {
    pattern,
    url: (...args: unknown[]) => {
      const params = (args[0] ?? {}) as Record<string, string>;
      return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
        const value = params[name];
        if (value === undefined) throw new Error(`Missing route parameter ${name} for ${pattern}`);
        return encodeURIComponent(value);
      });
    },
  };
}

export const SPA_BASE = '/loan-subscription';
/** The site's icon (the SPA's), which the server-rendered pages link to as well. */
export const FAVICON_PATH = `${SPA_BASE}/favicon.svg`;

/** Client API of spec section 7 (all under /api/loan-application). */
export const API = {
  applications: route('/api/loan-application'),
  features: route('/api/loan-application/features'),
  validate: route('/api/loan-application/validate/:reference'),
  dummyLogin: route('/api/loan-application/dummy-login'),
  logout: route('/api/loan-application/logout'),
  signB2bSessions: route('/api/loan-application/sign/b2b/sessions'),
  signedDocument: route('/api/loan-application/sign/signed-document'),
  signSuccess: route('/api/loan-application/sign/success'),
  renewalInit: route('/api/loan-application/renewal/init'),
  paymentStatus: route('/api/loan-application/payment/status'),
  resursSubmit: route('/api/loan-application/resurs/submit'),
  resursIndividualizedTerms: route('/api/loan-application/resurs/get-individualized-terms'),
  resursCreateSigningSession: route('/api/loan-application/resurs/create-signing-session'),
  resursV2Submit: route('/api/loan-application/resurs/v2/submit'),
  /**
   * The pre-contractual information step (issue 31): GET reads it, POST provides it (the key
   * facts shown, the SECCI mailed), and `continue` moves on to the signature once the mail went.
   */
  precontractual: route('/api/loan-application/precontractual'),
  precontractualContinue: route('/api/loan-application/precontractual/continue'),
  /** The SECCI exactly as it was mailed (PDF). */
  precontractualDocument: route('/api/loan-application/precontractual/secci.pdf'),
  grenkeSubmit: route('/api/loan-application/grenke/submit'),
  grenkeMock: route('/api/loan-application/grenke/mock/:action/:merchantPaymentReference'),
  bankIdStart: route('/api/loan-application/auth/bankid/:country'),
  bankIdCallback: route('/api/loan-application/auth/callback'),
  /** The customer leaves for the merchant from a step of the flow: answers where to go. */
  leave: route('/api/loan-application/leave'),
  /** Where Resurs (version 2) sends the customer back: the payment is read again before the page shows. */
  resursV2Return: route('/api/loan-application/resurs/v2/return/:result'),
  /**
   * The customer's own page (issue 32): every application of the identified person, a review by
   * a person of a decline, the withdrawal from a concluded agreement, the documents they were given.
   */
  myApplications: route('/api/loan-application/my-applications'),
  myReview: route('/api/loan-application/my-applications/:reference/review'),
  myWithdrawal: route('/api/loan-application/my-applications/:reference/withdrawal'),
  myDocument: route('/api/loan-application/my-applications/:reference/documents/:kind'),
  /** The client API's OpenAPI document (ADR 21). */
  openApi: route('/api/loan-application/openapi.json'),
} as const;

/** Server-to-server callbacks from providers. */
export const CALLBACKS = {
  resursV2Authorization: route('/api/callbacks/resurs-v2/authorization'),
} as const;

export const MERCHANT_API = {
  applications: route('/api/merchant/v1/applications'),
  application: route('/api/merchant/v1/applications/:merchantPaymentReference'),
  cancel: route('/api/merchant/v1/applications/:merchantPaymentReference/cancel'),
  capture: route('/api/merchant/v1/applications/:merchantPaymentReference/capture'),
  refund: route('/api/merchant/v1/applications/:merchantPaymentReference/refund'),
  confirmDelivery: route('/api/merchant/v1/applications/:merchantPaymentReference/confirm-delivery'),
  openApi: route('/api/merchant/v1/openapi.json'),
  docs: route('/api/docs'),
} as const;

/**
 * Operating the portal: liveness (the process answers), readiness (database reachable,
 * migrations applied, job worker running) and the Prometheus metrics.
 */
export const HEALTH = {
  live: route('/health/live'),
  ready: route('/health/ready'),
  /** The first paths of the two checks, still answered for deployments that probe them. */
  legacyLive: route('/healthz'),
  legacyReady: route('/readyz'),
} as const;

export const METRICS = route('/metrics');

/** Sandbox only: an agreement concluded `daysAgo` days ago, as a moved clock would have it (issue 32). */
export const SANDBOX_CONCLUDED_CONTROL = route('/sandbox/control/applications/:reference/concluded');

export const DEMO_SHOP = {
  home: route('/demo-shop/'),
  checkout: route('/demo-shop/checkout'),
  return: route('/demo-shop/return'),
  webhook: route('/demo-shop/webhook'),
} as const;

/** Routes of the SPA, relative to SPA_BASE (spec section 2). */
export const PAGES = {
  index: route('/'),
  apply: route('/:reference'),
  formApply: route('/form/apply'),
  /** The key facts and the SECCI, before the step that binds a consumer (issue 31). */
  formKeyFacts: route('/form/key-facts'),
  formSign: route('/form/sign'),
  formSignFail: route('/form/sign/fail'),
  paymentLoadingFor: route('/form/payment/loading/:merchantId/:merchantPaymentReference'),
  paymentLoading: route('/form/payment/loading'),
  payment: route('/form/payment'),
  paymentFail: route('/form/payment/fail'),
  /** A consumer's declined application: why, free debt advice, a review by a person, another way to pay (issue 32). */
  declined: route('/form/declined'),
  /** The customer's own page (issue 32), after a BankID identification of its own. */
  myApplications: route('/my-applications'),
  myReview: route('/my-applications/:reference/review'),
  myWithdrawal: route('/my-applications/:reference/withdraw'),
  logout: route('/logout'),
  badRequest: route('/400'),
  unauthorized: route('/401'),
  forbidden: route('/403'),
  notFound: route('/404'),
  serverError: route('/500'),
  designSystem: route('/design-system'),
} as const;

/** An absolute path of an SPA page, for links from the server (redirects, e-mails). */
export function pagePath(relative: string): string {
  return relative === '/' ? `${SPA_BASE}/` : `${SPA_BASE}${relative}`;
}

/** Static documents of the SPA (spec section 2), in the country's language. */
export function documentPath(kind: 'GeneralTerms' | 'PrivacyPolicy', country: 'NO' | 'SE'): string {
  return `${SPA_BASE}/documents/${kind}${country}.pdf`;
}

/**
 * Pages of other parties the portal links to. GRENKE's leasing terms follow the application's
 * country: GRENKE Norway and GRENKE Sweden are separate companies with their own terms. Each
 * points at that country's GRENKE site: a public address of the terms page itself could not be
 * confirmed, so the operator puts the terms page of their own GRENKE agreement here.
 */
export const EXTERNAL_LINKS = {
  leasingTerms: { NO: 'https://www.grenke.no/', SE: 'https://www.grenke.se/' },
} as const satisfies { leasingTerms: Readonly<Record<CountryCode, string>> };

/** GRENKE's leasing terms for an application's country. */
export const leasingTermsUrl = (country: CountryCode): string => EXTERNAL_LINKS.leasingTerms[country];

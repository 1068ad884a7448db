/**
 * The lender flows, built from the configured vendor clients, and the rule that picks one for an
 * application: GRENKE for companies; for consumers Resurs version 2 when the application asks for
 * version 2 and the Resurs Merchant API is switched on, otherwise version 1 (spec section 7). An
 * application already at a lender stays with that lender's flow.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { ProviderApplication, ProviderKind } from '../db/repositories/provider-applications';
import { type LenderAccounts, lenderAccounts } from './accounts';
import { grenkeFlow } from './grenke/flow';
import { resursV1Flow, type ResursV1Flow } from './resurs-v1/flow';
import { resursV2Flow } from './resurs-v2/flow';
import type { LenderFlow } from './types';
import { unofferedFlow } from './unoffered';

export interface Lenders {
  RESURS_V1: ResursV1Flow;
  RESURS_V2: LenderFlow;
  GRENKE: LenderFlow;
  /** The flow for an application: the lender it is at, or the one it goes to. */
  for(application: Routed, atLender?: Pick<ProviderApplication, 'provider'> | null): LenderFlow;
  kindFor(application: Routed): ProviderKind;
  /**
   * Whether this portal offers an application's product in its country: a lender for it is
   * configured there (config.offers). A merchant's application for anything else is refused.
   */
  offered(application: Routed): boolean;
  /** Which Resurs account an application goes through, and the vendor client of an account (ADR 22). */
  accounts: LenderAccounts;
  /**
   * The application as its lender flow serves it: a version 2 application goes through version 1
   * while the Resurs Merchant API is off, so the customer gets the version 1 screen and signing.
   */
  asServed<T extends Routed>(application: T): T;
}

/** What picks an application's lender: company or consumer, the Resurs API version asked for, the country. */
type Routed = Pick<ApplicationRecord, 'provider' | 'version' | 'countryCode'>;

declare module 'fastify' {
  interface FastifyInstance {
    lenders: Lenders;
  }
}

export default fp(async function lenders(app: FastifyInstance) {
  const { publicUrl, features, offers } = app.config;
  const accounts = lenderAccounts({ merchants: () => app.repos.merchants, resursV2: app.providers.resursV2, resursV1: app.providers.resursV1 });
  const flows = {
    RESURS_V1: resursV1Flow({ clients: accounts.resursV1, publicUrl }),
    RESURS_V2: resursV2Flow({ clients: accounts.resursV2, publicUrl }),
    GRENKE: app.providers.grenke ? grenkeFlow({ client: app.providers.grenke }) : unofferedFlow('GRENKE'),
  };
  /**
   * Consumers go to the Resurs API version asked for where it is offered, else to the other one
   * where that is (one Resurs product, two APIs); version 2 goes through version 1 while the
   * Merchant API is switched off.
   */
  const kindFor = (application: Routed): ProviderKind => {
    if (application.provider === 'GRENKE') return 'GRENKE';
    const v2 = features.resursMerchantApiEnabled && offers.resursV2.includes(application.countryCode);
    const v1 = offers.resursV1.includes(application.countryCode);
    if (application.version === 2) return v2 || !v1 ? 'RESURS_V2' : 'RESURS_V1';
    return v1 || !v2 ? 'RESURS_V1' : 'RESURS_V2';
  };
  const offered = (application: Routed): boolean => {
    const kind = kindFor(application);
    const where = kind === 'GRENKE' ? offers.business : kind === 'RESURS_V2' ? offers.resursV2 : offers.resursV1;
    return where.includes(application.countryCode) && (kind !== 'RESURS_V2' || features.resursMerchantApiEnabled);
  };
  app.decorate('lenders', {
    ...flows,
    kindFor,
    offered,
    accounts,
    for: (application, atLender) => flows[atLender?.provider ?? kindFor(application)],
    asServed: (application) => {
      const kind = kindFor(application);
      return kind === 'GRENKE' ? application : { ...application, version: kind === 'RESURS_V2' ? 2 : 1 };
    },
  } satisfies Lenders);
});

/**
 * Which Resurs account an application goes through (ADR 22). Resurs issues Norway and Sweden
 * separately: the portal has its own account per country (the configuration), and a merchant may
 * have its own Merchant API account per country (the back office's provider settings). A version 2
 * application of a merchant with an account in the application's country goes through that
 * account; every other Resurs application through the portal's. A merchant's store ID is the
 * store its version 2 applications are made in, through either account (a client may have
 * several stores); without one, the account's own store. The account is kept on the provider
 * row at submission, and every later call (status, signing, cancel) speaks through that same
 * account, whatever the settings say by then.
 */
import type { CountryCode } from '@portal/domain';
import type { ResursV2Account } from '../config';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { MerchantsRepository } from '../db/repositories/merchants';
import type { LenderAccount, ProviderKind } from '../db/repositories/provider-applications';
import type { ResursV1Clients, ResursV2Clients } from '../providers/resurs-accounts';
import type { ResursV1Client } from '../providers/resurs-v1/types';
import type { ResursV2Client } from '../providers/resurs-v2/types';
import { fail, ok, type ProviderResult } from '../providers/types';

/** The vendor client of an application, through the account kept (or, before submission, the one it will use). */
export type ClientFor<Client> = (application: Pick<ApplicationRecord, 'merchantId' | 'countryCode'>, account: LenderAccount | null) => Promise<ProviderResult<Client>>;

export interface LenderAccounts {
  /** The account a new submission of `application` to `kind` goes through (null: the lender has no accounts, GRENKE). */
  choose(kind: ProviderKind, application: Pick<ApplicationRecord, 'merchantId' | 'countryCode'>): Promise<LenderAccount | null>;
  resursV2: ClientFor<ResursV2Client>;
  resursV1: ClientFor<ResursV1Client>;
}

/**
 * The kept account is no longer configured (the merchant's account was replaced or removed, or
 * the portal's changed its id): the lender would not know the payment under another account.
 */
const accountGone = () => fail({ kind: 'refused', status: 401, code: 'LENDER_ACCOUNT_GONE' });

/** The portal has no account with the lender in the country: its products are not offered there (config.offers). */
const notConfigured = () => fail({ kind: 'unavailable', reason: 'not-configured' });

export function lenderAccounts({ merchants, resursV2, resursV1 }: { merchants: () => MerchantsRepository; resursV2: ResursV2Clients | null; resursV1: ResursV1Clients | null }): LenderAccounts {
  /**
   * The merchant's Merchant API accounts in a country: its own (or null), and the portal's (or
   * null when the portal has none there), each in the merchant's store.
   */
  async function v2Accounts(merchantId: string, country: CountryCode): Promise<Record<LenderAccount['source'], ResursV2Account | null>> {
    const portal = resursV2?.portal[country] ?? null;
    if (!resursV2) return { portal: null, merchant: null };
    const resurs = (await merchants().findDetails(merchantId))?.providerSettings.resurs;
    const storeId = resurs?.storeId ?? null;
    const credentials = resurs?.credentials?.[country];
    const defaultStore = storeId ?? portal?.storeId ?? null;
    return {
      portal: portal && { ...portal, storeId: storeId ?? portal.storeId },
      merchant: credentials && defaultStore ? { clientId: credentials.clientId, clientSecret: credentials.clientSecret, storeId: defaultStore } : null,
    };
  }

  return {
    async choose(kind, application) {
      const country = application.countryCode;
      if (kind === 'RESURS_V2') {
        const { merchant, portal } = await v2Accounts(application.merchantId, country);
        if (merchant) return { source: 'merchant', country, id: merchant.clientId };
        return portal ? { source: 'portal', country, id: portal.clientId } : null;
      }
      if (kind === 'RESURS_V1') {
        const portal = resursV1?.portal[country];
        return portal ? { source: 'portal', country, id: portal.username } : null;
      }
      return null;
    },

    async resursV2(application, account) {
      if (!resursV2) return notConfigured();
      if (!account) {
        const client = resursV2.portalClient(application.countryCode);
        return client ? ok(client) : notConfigured();
      }
      const found = (await v2Accounts(application.merchantId, account.country))[account.source];
      return found?.clientId === account.id ? ok(resursV2.of(found)) : accountGone();
    },

    async resursV1(application, account) {
      if (!resursV1) return notConfigured();
      if (!account) {
        const client = resursV1.portalClient(application.countryCode);
        return client ? ok(client) : notConfigured();
      }
      const found = account.source === 'portal' ? resursV1.portal[account.country] : null;
      return found?.username === account.id ? ok(resursV1.of(found)) : accountGone();
    },
  };
}

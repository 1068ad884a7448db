/**
 * Resurs issues an account per country, and a merchant may have accounts of its own (ADR 22): a
 * vendor client per account, built on first use and kept, so each account keeps its token (in the
 * one token cache), its stores and its payment methods. A client is rebuilt when the secret of its
 * account changes.
 */
import { createHash } from 'node:crypto';
import type { CountryCode } from '@portal/domain';
import type { ResursV1Account, ResursV2Account } from '../config';
import type { ResursV1Client } from './resurs-v1/types';
import type { ResursV2Client } from './resurs-v2/types';

export interface AccountClients<Account, Client> {
  /** The portal's own account in a country (the configured default); null: none there. */
  readonly portal: Readonly<Record<CountryCode, Account | null>>;
  /** The client of an account. */
  of(account: Account): Client;
  /** The client of the portal's account in a country; null: the portal has none there. */
  portalClient(country: CountryCode): Client | null;
}

export type ResursV2Clients = AccountClients<ResursV2Account, ResursV2Client>;
export type ResursV1Clients = AccountClients<ResursV1Account, ResursV1Client>;

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

export function accountClients<Account, Client>(
  portal: Readonly<Record<CountryCode, Account | null>>,
  identify: (account: Account) => { key: string; secret: string },
  create: (account: Account) => Client,
): AccountClients<Account, Client> {
  const clients = new Map<string, { secret: string; client: Client }>();
  const of = (account: Account): Client => {
    const { key, secret } = identify(account);
    const hash = digest(secret);
    const kept = clients.get(key);
    if (kept && kept.secret === hash) return kept.client;
    const client = create(account);
    clients.set(key, { secret: hash, client });
    return client;
  };
  return {
    portal,
    of,
    portalClient: (country) => {
      const account = portal[country];
      return account ? of(account) : null;
    },
  };
}

export const resursV2Identity = (account: ResursV2Account) => ({ key: `${account.clientId}\n${account.storeId}`, secret: account.clientSecret });
export const resursV1Identity = (account: ResursV1Account) => ({ key: account.username, secret: account.password });

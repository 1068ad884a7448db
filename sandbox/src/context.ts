/**
 * What every simulator is given by the sandbox plugin: its store, the address it is reached at,
 * and the clients registered with it (the credentials its callers were issued). Nothing here
 * comes from the portal's code: the host passes plain values (sandbox/src/index.ts).
 */
import type { BrokerProfile } from '@portal/contracts/oidc/schemas';
import type { CountryCode } from '@portal/domain';
import type { SandboxRecords } from './records';

/** A relying party of the BankID broker. */
export type BrokerClient = { clientId: string; clientSecret: string; redirectUri: string };

/** The credentials each simulated party issued to its callers, as a real one would at onboarding. */
export type SandboxClients = {
  /** Resurs issues an account per country: it sees that country's stores, methods and payments only. */
  resursV2: { accounts: readonly { country: CountryCode; clientId: string; clientSecret: string }[] };
  resursV1: { accounts: readonly { country: CountryCode; username: string; password: string }[] };
  signing: { clientId: string; clientSecret: string };
  /** The Swedish company registry (Bolagsverket through the provider); Brønnøysund's needs none. */
  registry: { clientId: string; clientSecret: string };
  bankId: {
    /** The service whose customers identify with BankID. */
    customers: BrokerClient;
    /** A client whose users are staff (a lender's operators): they pick a test operator, not a BankID. */
    staff: BrokerClient | null;
    /** Whose conventions the broker follows (the portal's OIDC_PROFILE): Idura's or Signicat's. */
    profile: BrokerProfile;
  };
};

export type SandboxContext = {
  records: SandboxRecords;
  /** The origin the simulators are reached at from outside, without a trailing slash. */
  publicUrl: string;
  clients: SandboxClients;
  /** Trust X-Forwarded-* (behind a load balancer): the BankID broker then sees the outside protocol. */
  trustProxy: boolean;
};

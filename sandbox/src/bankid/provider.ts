/**
 * The simulated broker itself: a real OpenID Provider (oidc-provider) configured the way the
 * broker it plays behaves for the portal (context.clients.bankId.profile): authorization code
 * flow with PKCE required, one confidential client, BankID chosen by `acr_values` as that broker
 * names it, its scopes and no other broker's, and the person's claims where that broker puts
 * them (Idura: the ID token; Signicat: the national ID from UserInfo only).
 */
import { createHmac, generateKeyPair } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Configuration, errors, JWK, KoaContextWithOIDC } from 'oidc-provider';
import { BROKER_SCOPES, type BrokerProfile } from '@portal/contracts/oidc/schemas';
import { COUNTRIES, isLanguage } from '@portal/domain';
import type { BrokerClient, SandboxContext } from '../context';
import { randomToken } from '../lib/tokens';
import { type BankIdAccount, accountClaims, accountStore, SCOPE_CLAIMS } from './accounts';
import { sandboxAdapterFactory } from './adapter';
import { acrValuesOf, methodFor } from './methods';
import { operatorClaims } from './operators';
import { messagePage } from './pages';

const generateRsaKeyPair = promisify(generateKeyPair);

/** Short lives: a BankID login is minutes, and nothing here is used after the code exchange. */
const TTL_SECONDS = {
  AccessToken: 10 * 60,
  AuthorizationCode: 60,
  IdToken: 10 * 60,
  Interaction: 15 * 60,
  Session: 15 * 60,
  Grant: 15 * 60,
} as const;

/**
 * The signing key, made once and kept in the sandbox's store, so tokens stay verifiable across
 * restarts and instances. When two instances race to make it, the row lock lets the first one
 * win and both use what was stored.
 */
async function signingKey(context: SandboxContext): Promise<JWK> {
  const store = context.records.store<{ jwk: JWK }>('bankid-keys');
  const existing = await store.get('signing');
  if (existing) return existing.jwk;
  const { privateKey } = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  const jwk: JWK = { ...privateKey.export({ format: 'jwk' }), kid: randomToken(12), alg: 'RS256', use: 'sig' };
  const stored = await store.update('signing', (current) => current ?? { jwk });
  return stored.jwk;
}

export interface Broker {
  provider: Provider;
  /** The broker it plays. */
  profile: BrokerProfile;
  /** The staff client's id at this broker, when operators sign in here. */
  operatorClientId: string | null;
  accounts: ReturnType<typeof accountStore>;
  SessionNotFound: typeof errors.SessionNotFound;
}

const clientOf = (client: BrokerClient, name: string, scopes?: readonly string[]) => ({
  client_id: client.clientId,
  client_secret: client.clientSecret,
  client_name: name,
  // The scopes allowed for the client (Signicat's "Allowed scopes"): another one is refused with invalid_scope.
  ...(scopes ? { scope: scopes.join(' ') } : {}),
  redirect_uris: [client.redirectUri],
  grant_types: ['authorization_code'],
  response_types: ['code' as const],
  token_endpoint_auth_method: 'client_secret_basic' as const,
});

export async function createBroker(app: FastifyInstance, context: SandboxContext, issuer: string, mount: string): Promise<Broker> {
  // Cookie and subject keys follow the broker's own secret, made once in the sandbox's store:
  // stable across restarts, equal on every instance, and nothing of the portal's.
  const secret = await context.records.secret('bankid');
  const derive = (purpose: string) => createHmac('sha256', secret).update(`sandbox-bankid:${purpose}`).digest('base64url');
  const accounts = accountStore(context.records, derive('subject'));
  const { customers, staff, profile } = context.clients.bankId;

  const configuration: Configuration = {
    adapter: sandboxAdapterFactory(context.records),
    clients: [clientOf(customers, 'Loan and leasing portal', BROKER_SCOPES[profile]), ...(staff ? [clientOf(staff, 'Back office')] : [])],
    jwks: { keys: [await signingKey(context)] },
    cookies: {
      keys: [derive('cookies')],
      names: { session: 'bankid_session', interaction: 'bankid_interaction', resume: 'bankid_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    pkce: { required: () => true },
    acrValues: acrValuesOf(profile),
    // Both brokers' scopes are known, so that the other broker's are refused (by the client's
    // allowed scopes) rather than passed over.
    scopes: [...new Set([...BROKER_SCOPES.idura, ...BROKER_SCOPES.signicat])],
    claims: { acr: null, auth_time: null, iss: null, sid: null, ...Object.fromEntries(Object.entries(SCOPE_CLAIMS[profile]).map(([scope, names]) => [scope, [...names]])) },
    // The ID token carries the claims of every granted scope; which of them a broker keeps for
    // UserInfo only is the account's business (accounts.ts).
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    ttl: TTL_SECONDS,
    clientBasedCORS: () => false,
    interactions: { url: (_ctx, interaction) => `${mount}/interaction/${interaction.uid}` },
    // A broker asks for no consent: the portal is its own customer. Each authorization gets a
    // grant of the scopes it asked for (with their claims) for the person who just identified.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope([...ctx.oidc.requestParamOIDCScopes].join(' '));
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, sub) {
      const operator = operatorClaims(sub);
      if (operator) return { accountId: sub, claims: () => operator };
      const account: BankIdAccount | null = await accounts.find(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: (use: string) => accountClaims(profile, use, sub, account) };
    },
    async renderError(ctx, out, error) {
      // Names the error only: descriptions may quote request parameters.
      app.log.warn({ error: out.error, status: ctx.status, kind: error.name }, 'sandbox bankid: error page');
      const country = methodFor(profile, ctx.oidc?.params?.acr_values)?.country ?? 'NO';
      const lang = ctx.query.lang;
      ctx.type = 'html';
      ctx.body = messagePage({ mount, country, lang: isLanguage(lang) ? lang : COUNTRIES[country].language }, 'error');
    },
  };

  // Loaded only when the sandbox broker is first used: production never loads the library.
  const oidcProvider = await import('oidc-provider');
  const provider = new oidcProvider.default(issuer, configuration);
  provider.proxy = context.trustProxy;
  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) => {
    app.log.error({ err: error }, 'sandbox bankid: server error');
  });
  // Koa writes unhandled errors to the console unless someone listens; the log is the place.
  const koa: EventEmitter = provider;
  koa.on('error', (error: Error) => {
    app.log.error({ err: error }, 'sandbox bankid: unhandled error');
  });
  return { provider, profile, accounts, operatorClientId: staff?.clientId ?? null, SessionNotFound: oidcProvider.errors.SessionNotFound };
}

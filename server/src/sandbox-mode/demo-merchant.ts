/**
 * The portal's own sandbox data: the demo merchant (PRODUCT section 4), whose key and webhook
 * secret the demo shop is given, and the earlier subscriptions that renewal lists. The shop
 * seeds nothing: a merchant is onboarded by the portal, and its customers' history is the
 * portal's.
 */
import type { FastifyInstance } from 'fastify';
import { sha256Hex } from '../lib/crypto';
import { seedSubscriptions } from './seed-subscriptions';

/** The sandbox merchant. Its key is public: it only works in sandbox mode. */
export const DEMO_MERCHANT = {
  id: 'demo',
  name: 'Demo shop',
  apiKey: 'sandbox-demo-merchant-key',
  /** A Standard Webhooks secret, as the portal issues them: base64 of "sandbox-demo-webhook-secret". */
  webhookSecret: 'whsec_c2FuZGJveC1kZW1vLXdlYmhvb2stc2VjcmV0',
} as const;

/**
 * Resurs Merchant API accounts the simulated Resurs issued to a shop, one per country, as a real
 * one issues them at onboarding: what an operator enters in a merchant's provider settings to try
 * a merchant's own account (ADR 22). Public: they only work against the sandbox.
 */
export const SANDBOX_SHOP_RESURS_ACCOUNTS = {
  NO: { clientId: 'sandbox-shop-client-no', clientSecret: 'sandbox-shop-secret-no' },
  SE: { clientId: 'sandbox-shop-client-se', clientSecret: 'sandbox-shop-secret-se' },
} as const;

/**
 * Creates or refreshes the demo merchant; its allowed origins follow the port in use. The demo
 * shop lives on the portal's own origin, so that origin is on the list: the merchant API accepts
 * only the demo shop's paths there, never the portal's API, app or simulators (services/applications.ts).
 */
export async function seedSandboxData(app: FastifyInstance): Promise<void> {
  const origins = new Set([new URL(app.config.publicUrl).origin]);
  for (const port of new Set([app.config.port, 3000])) {
    origins.add(`http://localhost:${port}`);
    origins.add(`http://127.0.0.1:${port}`);
  }
  await app.repos.merchants.upsert({
    id: DEMO_MERCHANT.id,
    name: DEMO_MERCHANT.name,
    allowedOrigins: (await app.repos.merchants.findById(DEMO_MERCHANT.id))?.allowedOrigins ?? [],
    webhookSecret: DEMO_MERCHANT.webhookSecret,
  });
  // Every instance (and every port a sandbox ran on) adds its own origins; none removes another's.
  await app.repos.merchants.addAllowedOrigins(DEMO_MERCHANT.id, [...origins]);
  await app.repos.merchants.addApiKey(DEMO_MERCHANT.id, sha256Hex(DEMO_MERCHANT.apiKey), 'sandbox demo key');
  await seedSubscriptions(app, DEMO_MERCHANT.id);
}

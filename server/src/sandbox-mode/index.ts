/**
 * Sandbox mode (PRODUCT section 1): the portal seeds its own sandbox data, and mounts the
 * simulated outside world (@portal/sandbox) and the demo shop (@portal/demo-shop) beside itself.
 * Both are other parties: they import nothing of the portal, get what they need here as plain
 * values (their address, a database handle they keep their own tables in, the credentials the
 * portal's configuration says it was issued), and the portal reaches them only over HTTP.
 */
import type { FastifyInstance } from 'fastify';
import { API, BACK_OFFICE_AUTH, COUNTRY_CODES, DEMO_SHOP } from '@portal/domain';
import demoShop from '@portal/demo-shop';
import sandbox from '@portal/sandbox';
import { registerSandboxClock } from './clock';
import { DEMO_MERCHANT, SANDBOX_SHOP_RESURS_ACCOUNTS, seedSandboxData } from './demo-merchant';

/** Where the simulators live on this server; config.ts points every provider's base URL there. */
const SANDBOX_BASE = '/sandbox';

export default async function sandboxMode(app: FastifyInstance) {
  const { config } = app;
  // In sandbox mode every provider is simulated (config.ts), so each is there.
  const { resursV2, resursV1, signing, registry } = config.providers;
  if (!resursV2 || !resursV1 || !signing || !registry.sweden) throw new Error('sandbox mode needs every simulated provider in the configuration');
  const sweden = registry.sweden;
  await seedSandboxData(app);

  const brokerIssuer = `${config.publicUrl}${SANDBOX_BASE}/bankid`;
  const staff = config.backOffice.oidc;
  await app.register(sandbox, {
    publicUrl: config.publicUrl,
    storage: app.db,
    trustProxy: config.trustProxy,
    // A provider in the slow fault mode answers after the portal's adapters have given up.
    slowAnswerMs: config.providerTimeoutMs + 1500,
    // Without an SMTP_URL of its own, the portal's mail goes to the sandbox's mailbox (/sandbox/mail/).
    onMailServer: (smtpUrl) => app.mailer.useSmtpUrl(smtpUrl),
    clients: {
      // Resurs issued the portal an account per country, and shops accounts of their own.
      resursV2: {
        accounts: [
          ...COUNTRY_CODES.flatMap((country) => {
            const account = resursV2.accounts[country];
            return account ? [{ country, ...account }] : [];
          }),
          ...COUNTRY_CODES.map((country) => ({ country, ...SANDBOX_SHOP_RESURS_ACCOUNTS[country] })),
        ],
      },
      resursV1: {
        accounts: COUNTRY_CODES.flatMap((country) => {
          const account = resursV1.accounts[country];
          return account ? [{ country, ...account }] : [];
        }),
      },
      signing,
      registry: sweden,
      bankId: {
        customers: { ...config.providers.oidc, redirectUri: `${config.publicUrl}${API.bankIdCallback.pattern}` },
        // The back office signs its operators in at the sandbox broker when that is its issuer.
        staff: staff && staff.issuer === brokerIssuer ? { ...staff, redirectUri: `${config.publicUrl}${BACK_OFFICE_AUTH.callback.pattern}` } : null,
        // The simulated broker plays the broker the portal is configured for.
        profile: config.providers.oidc.profile,
      },
    },
  });
  await app.register(demoShop, {
    shopUrl: config.publicUrl,
    portalUrl: config.publicUrl,
    apiKey: DEMO_MERCHANT.apiKey,
    webhookSecret: DEMO_MERCHANT.webhookSecret,
    storage: app.db,
  });
  registerSandboxClock(app);
  app.get('/', (_request, reply) => reply.redirect(DEMO_SHOP.home.pattern, 302));
}

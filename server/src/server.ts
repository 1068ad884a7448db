import { setFlagsFromString } from 'node:v8';
import closeWithGrace from 'close-with-grace';
import { DEMO_SHOP, MERCHANT_API, SPA_BASE } from '@portal/domain';
import { buildApp } from './app';
import { ConfigError, describeOffers, loadConfig } from './config';

/** The V8 flag the server is meant to run with (ADR 27). */
const MEMORY_FLAG = '--optimize-for-size';

async function main(): Promise<void> {
  // V8 grows the heap far ahead of what is live; sized for memory it collects sooner and holds its
  // size, for no measurable cost on the payment status poll (ADR 27). The flag belongs on Node's
  // command line (`npm start` puts it there): V8 sizes its young generation as it starts, so set
  // here it only partly applies.
  const sizedAtStart = process.execArgv.includes(MEMORY_FLAG);
  if (!sizedAtStart) setFlagsFromString(MEMORY_FLAG);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }

  const app = await buildApp({ config });
  if (!sizedAtStart) {
    app.log.warn(`node was started without ${MEMORY_FLAG}: the server holds more memory than it needs (start it with \`node ${MEMORY_FLAG} server/dist/server.js\`; ADR 27)`);
  }

  // SIGINT, SIGTERM or a crash: stop taking requests, finish the ones under way, close the
  // database, then exit. A second signal or 10 seconds force the exit.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  // Which products this portal offers, where: each provider is configured on its own.
  app.log.info({ offers: config.offers }, `products: ${describeOffers(config.offers).join('; ')}`);
  const base = config.publicUrl;
  const lines = [
    '',
    'Loan and leasing subscription portal is running',
    ...(config.sandbox ? [`  Demo shop:  ${base}${DEMO_SHOP.home.pattern}`] : []),
    `  Portal:     ${base}${SPA_BASE}/`,
    `  API docs:   ${base}${MERCHANT_API.docs.pattern}`,
    `  Database:   ${app.db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    // The sandbox runs only when every provider is simulated (config.ts refuses a mix): say which.
    `  Mode:       ${
      config.sandbox
        ? 'sandbox: every provider and BankID simulated; dummy login, demo shop and /sandbox on'
        : 'live providers: no sandbox, no dummy login, no demo shop'
    }`,
    ...describeOffers(config.offers).map((line, index) => `  ${index === 0 ? 'Products:' : '         '}   ${line}`),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

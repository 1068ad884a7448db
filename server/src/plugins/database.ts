import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, openDatabase } from '../db/db';
import { migrate } from '../db/migrate';
import { protectPersonalData } from '../db/personal-data';
import { repositories } from '../db/repositories';

export interface DatabasePluginOptions {
  /** An already open database (tests); the app then leaves closing it to the caller. */
  db?: Db | undefined;
}

/** Opens the database (embedded or server), migrates it and decorates `db` and `repos`. */
export default fp(async function database(app: FastifyInstance, options: DatabasePluginOptions) {
  const { config } = app;
  const owned = !options.db;
  const opened =
    options.db ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const applied = await migrate(opened);
  // Personal data is sealed on the way in and opened on the way out (ADR 12); rows an earlier
  // version stored in plain text are sealed now, before anything reads them.
  const { db, sealedRows } = await protectPersonalData(opened, config);
  app.log.info({ engine: db.kind, migrationsApplied: applied, sealedRows }, 'database ready');
  app.decorate('db', db);
  app.decorate('repos', repositories(db));
  if (owned) app.addHook('onClose', async () => opened.close());
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, openDatabase } from '../db/db';
import { migrate } from '../db/migrate';
import { repositories } from '../db/repositories';

export interface DatabasePluginOptions {
  /** An already open database (tests); the app then leaves closing it to the caller. */
  db?: Db | undefined;
}

/** Opens the database (embedded or server), migrates it and decorates `db` and `repos`. */
export default fp(async function database(app: FastifyInstance, options: DatabasePluginOptions) {
  const { config } = app;
  const owned = !options.db;
  const db =
    options.db ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const applied = await migrate(db);
  app.log.info({ engine: db.kind, migrationsApplied: applied }, 'database ready');
  app.decorate('db', db);
  app.decorate('repos', repositories(db));
  if (owned) app.addHook('onClose', async () => db.close());
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, openDatabase } from '../db/db';
import { type KeyRotationOptions, type KeyRotationRunner, type KeyRotationStatus, keyRotationStatus, startKeyRotation } from '../db/key-rotation';
import { migrate } from '../db/migrate';
import { protectPersonalData } from '../db/personal-data';
import { repositories } from '../db/repositories';

export interface DatabasePluginOptions {
  /** An already open database (tests); the app then leaves closing it to the caller. */
  db?: Db | undefined;
  /** Batches of a key rotation (tests: small ones, with pauses). */
  keyRotation?: KeyRotationOptions | undefined;
}

/** A key rotation as this instance sees it (ADR 37). */
export interface KeyRotation {
  /** The latest rotation (under way, or else the last finished); null when keys never rotated. */
  status(): Promise<KeyRotationStatus | null>;
  /** Resolves when the rotation this instance started with is finished, or the instance stops. */
  settled(): Promise<void>;
  /** This instance's runner, once ready; null when there was nothing to rotate. */
  runner(): KeyRotationRunner | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    keyRotation: KeyRotation;
  }
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
  // version stored in plain text are sealed now, before anything reads them. Rows sealed with a
  // key rotated out of first place are re-sealed in the background once the app is ready (ADR 37).
  const { db, sealedRows, rotation } = await protectPersonalData(opened, config, options.keyRotation);
  app.log.info({ engine: db.kind, migrationsApplied: applied, sealedRows, keyRotation: rotation ? 'in the background' : 'none' }, 'database ready');
  app.decorate('db', db);
  app.decorate('repos', repositories(db));

  let runner: KeyRotationRunner | null = null;
  let ready: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    ready = resolve;
  });
  app.decorate('keyRotation', {
    status: () => keyRotationStatus(db),
    settled: async () => {
      if (!rotation) return;
      await started;
      await runner?.settled;
    },
    runner: () => runner,
  } satisfies KeyRotation);
  if (rotation) {
    app.addHook('onReady', async () => {
      runner = startKeyRotation(db, rotation, app.log, options.keyRotation);
      ready();
    });
    // Before the database closes: the batch under way commits, and the lease is given up.
    app.addHook('preClose', async () => {
      ready();
      await runner?.stop();
    });
  }
  if (owned) app.addHook('onClose', async () => opened.close());
});

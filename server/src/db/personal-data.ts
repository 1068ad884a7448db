/**
 * Personal data at rest (ADR 12), on the database side: which keys seal it, the connection that
 * carries them to every repository, and sealing what an earlier version stored in plain text (or
 * sealed with a key that has since been rotated out of first place: db/key-rotation.ts).
 */
import type { Config } from '../config';
import { formatDataKey, generateDataKeys, type PersonalData, parseDataKeys, personalData, type PersonalDataKeys } from '../lib/personal-data';
import type { Db, Queryable } from './db';
import { type KeyRotationOptions, planKeyRotation, rotateUntilDone } from './key-rotation';
import { settingsRepository } from './repositories/settings';

const GENERATED_ENCRYPTION_KEY = 'data_encryption_key';
const GENERATED_LOOKUP_KEY = 'data_lookup_key';

/**
 * The configured keys (production must configure them), or else a pair generated once and kept
 * in the settings table, as the session secret is: a development database then opens on every
 * instance that shares it. A key generated earlier still opens what it sealed after keys are
 * configured, so moving to configured keys re-seals instead of losing data.
 */
export async function personalDataKeys(config: Pick<Config, 'dataKeys'>, db: Queryable): Promise<PersonalDataKeys> {
  const settings = settingsRepository(db);
  if (config.dataKeys) {
    const earlier = await settings.find(GENERATED_ENCRYPTION_KEY);
    const generated = earlier ? parseDataKeys(earlier).keys.filter((k) => !config.dataKeys?.encryption.some((c) => c.id === k.id)) : [];
    return { encryption: [...config.dataKeys.encryption, ...generated], lookup: config.dataKeys.lookup, earlierLookup: config.dataKeys.earlierLookup };
  }
  const fresh = generateDataKeys();
  const stored = parseDataKeys(await settings.getOrInsert(GENERATED_ENCRYPTION_KEY, formatDataKey(fresh.encryption)));
  const lookup = Buffer.from(await settings.getOrInsert(GENERATED_LOOKUP_KEY, fresh.lookup.toString('base64')), 'base64');
  if (stored.problems.length > 0) throw new Error(`setting ${GENERATED_ENCRYPTION_KEY}: ${stored.problems.join('; ')}`);
  return { encryption: stored.keys, lookup };
}

/** The database with the sealer on it and on every transaction and locked connection it opens. */
export function withPersonalData(db: Db, sealer: PersonalData): Db {
  const carry = <Q extends Queryable>(q: Q): Q => ({ ...q, personalData: sealer });
  return {
    ...db,
    personalData: sealer,
    transaction: (fn) => db.transaction((tx) => fn(carry(tx))),
    withExclusiveLock: (lockId, fn) => db.withExclusiveLock(lockId, (conn) => fn(carry(conn))),
  };
}

/**
 * Opens the database's personal data with the configured (or generated) keys. Rows an earlier
 * version kept in plain text are sealed now, before anything reads them; rows sealed or hashed
 * with keys rotated out of first place are answered as a rotation to run in the background
 * (db/key-rotation.ts, ADR 37): every listed key opens them meanwhile.
 */
export async function protectPersonalData(
  db: Db,
  config: Pick<Config, 'dataKeys'>,
  options: KeyRotationOptions = {},
): Promise<{ db: Db; sealedRows: number; rotation: string | null }> {
  const keys = await personalDataKeys(config, db);
  const protectedDb = withPersonalData(db, personalData(keys));
  const plan = await planKeyRotation(protectedDb);
  if (!plan.pending) return { db: protectedDb, sealedRows: 0, rotation: null };
  if (plan.firstSealing) return { db: protectedDb, sealedRows: await rotateUntilDone(protectedDb, plan.target, options), rotation: null };
  return { db: protectedDb, sealedRows: 0, rotation: plan.target };
}

/**
 * Personal data at rest (ADR 12), on the database side: which keys seal it, the connection that
 * carries them to every repository, and sealing what an earlier version stored in plain text (or
 * sealed with a key that has since been rotated out of first place).
 */
import type { Config } from '../config';
import {
  type DataKey,
  formatDataKey,
  generateDataKeys,
  type PersonalData,
  parseDataKeys,
  personalData,
  SEALED_PREFIX,
} from '../lib/personal-data';
import type { Db, Queryable } from './db';
import { SEALED_CUSTOMER_COLUMNS } from './repositories/customers';
import { SEALED_MAIL_COLUMNS } from './repositories/mail-outbox';
import { mapProviderSecrets, merchantsRepository, SEALED_MERCHANT_COLUMNS, WEBHOOK_SECRET_PURPOSE } from './repositories/merchants';
import { personalDataRepository, type SealedTable } from './repositories/personal-data';
import { settingsRepository } from './repositories/settings';

const GENERATED_ENCRYPTION_KEY = 'data_encryption_key';
const GENERATED_LOOKUP_KEY = 'data_lookup_key';
/**
 * `<current key id>/<lookup fingerprint>/<what is sealed>` once every row is sealed and hashed with
 * those keys. The last part names the latest kind of data brought under sealing (merchants'
 * webhook and lender secrets, ADR 22): a database whose last pass predates it gets one more pass.
 */
const SEALED_STATE = 'personal_data_sealed_with';
const SEALED_SCOPE = 'merchant-secrets';
const SEAL_LOCK_ID = 7_310_002;
const BATCH = 500;

/**
 * The configured keys (production must configure them), or else a pair generated once and kept
 * in the settings table, as the session secret is: a development database then opens on every
 * instance that shares it. A key generated earlier still opens what it sealed after keys are
 * configured, so moving to configured keys re-seals instead of losing data.
 */
export async function personalDataKeys(config: Pick<Config, 'dataKeys'>, db: Queryable): Promise<{ encryption: DataKey[]; lookup: Buffer }> {
  const settings = settingsRepository(db);
  if (config.dataKeys) {
    const earlier = await settings.find(GENERATED_ENCRYPTION_KEY);
    const generated = earlier ? parseDataKeys(earlier).keys.filter((k) => !config.dataKeys?.encryption.some((c) => c.id === k.id)) : [];
    return { encryption: [...config.dataKeys.encryption, ...generated], lookup: config.dataKeys.lookup };
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

const SEALED_TABLES: readonly SealedTable[] = [
  { table: 'customers', columns: SEALED_CUSTOMER_COLUMNS, hashed: { column: 'national_id', hash: 'national_id_hash' } },
  { table: 'subscriptions', columns: ['national_id'], hashed: { column: 'national_id', hash: 'national_id_hash' } },
  { table: 'consents', columns: ['subject_national_id'] },
  { table: 'merchants', columns: SEALED_MERCHANT_COLUMNS, purpose: WEBHOOK_SECRET_PURPOSE },
  { table: 'mail_outbox', columns: SEALED_MAIL_COLUMNS },
];

/** What a value reads as, whether sealed (by any configured key) or still plain. */
const plainOf = (sealer: PersonalData, purpose: string, value: string): string =>
  value.startsWith(SEALED_PREFIX) ? sealer.open(purpose, value) : value;

/**
 * Seals every value still in plain text, re-seals those sealed by an older key, and remakes the
 * lookup hashes when the lookup key changed. Once per key pair: a start with the same keys as the
 * last complete pass reads one setting and is done. One instance at a time (advisory lock).
 */
export async function sealStoredPersonalData(db: Db): Promise<{ rows: number }> {
  const sealer = db.personalData;
  if (!sealer) throw new Error('sealStoredPersonalData needs a database with keys (withPersonalData)');
  const state = `${sealer.currentKeyId}/${sealer.lookupFingerprint}/${SEALED_SCOPE}`;
  return db.withExclusiveLock(SEAL_LOCK_ID, async (conn) => {
    const settings = settingsRepository(conn);
    const previous = await settings.find(SEALED_STATE);
    if (previous === state) return { rows: 0 };
    const lookupChanged = previous?.split('/')[1] !== sealer.lookupFingerprint;
    const repo = personalDataRepository(conn);
    const prefix = `${SEALED_PREFIX}${sealer.currentKeyId}.`;
    let rows = 0;

    for (const spec of SEALED_TABLES) {
      for (let after = ''; ; ) {
        const batch = await repo.rowsToSeal(spec, prefix, lookupChanged, after, BATCH);
        for (const row of batch) {
          const values: Record<string, string | null> = {};
          for (const column of spec.columns) {
            const value = row.values[column] ?? null;
            const purpose = spec.purpose ?? `${spec.table}.${column}`;
            const plain = value === null ? null : plainOf(sealer, purpose, value);
            values[column] = plain === null ? null : sealer.seal(purpose, plain);
            if (spec.hashed?.column === column) values[spec.hashed.hash] = plain === null ? null : sealer.nationalIdHash(plain);
          }
          await repo.updateRow(spec, row.id, values);
        }
        rows += batch.length;
        const last = batch.at(-1);
        if (!last || batch.length < BATCH) break;
        after = last.id;
      }
    }

    for (;;) {
      const batch = await repo.consentsWithoutSubject(BATCH);
      for (const consent of batch) {
        const nationalId = sealer.open('customers.national_id', consent.customerNationalId);
        await repo.updateRow(SEALED_TABLES[2] as SealedTable, consent.id, { subject_national_id: sealer.seal('consents.subject_national_id', nationalId) });
      }
      rows += batch.length;
      if (batch.length < BATCH) break;
    }

    for (let after = ''; ; ) {
      const batch = await repo.sessionsToSeal(prefix, after, BATCH);
      for (const session of batch) {
        const sealed = session.data.sealed;
        const data = typeof sealed === 'string' ? sealer.openJson<Record<string, unknown>>('sessions.data', sealed) : session.data;
        await repo.replaceSessionData(session.idHash, { sealed: sealer.sealJson('sessions.data', data) });
      }
      rows += batch.length;
      const last = batch.at(-1);
      if (!last || batch.length < BATCH) break;
      after = last.idHash;
    }

    // Merchants' lender secrets (ADR 22), inside their settings: few rows, one pass.
    const merchants = merchantsRepository(conn);
    for (const { id, settings: stored } of await merchants.storedProviderSettings()) {
      let stale = false;
      const resealed = mapProviderSecrets(id, stored, (purpose, secret) => {
        if (sealer.isCurrent(secret)) return secret;
        stale = true;
        return sealer.seal(purpose, plainOf(sealer, purpose, secret));
      });
      if (stale) {
        await merchants.replaceProviderSettings(id, resealed);
        rows += 1;
      }
    }

    await settings.put(SEALED_STATE, state);
    return { rows };
  });
}

/** Opens the database's personal data with the configured (or generated) keys and seals what is not yet. */
export async function protectPersonalData(db: Db, config: Pick<Config, 'dataKeys'>): Promise<{ db: Db; sealedRows: number }> {
  const keys = await personalDataKeys(config, db);
  const protectedDb = withPersonalData(db, personalData(keys));
  const { rows } = await sealStoredPersonalData(protectedDb);
  return { db: protectedDb, sealedRows: rows };
}

/**
 * Key rotation of personal data in the background (ADR 37, amending ADR 12): when a new key comes
 * first in DATA_ENCRYPTION_KEYS, or DATA_LOOKUP_KEY changes, the rows sealed (or hashed) with the
 * old ones are brought to the new ones while the portal serves. Every listed key opens, so a row
 * not yet re-sealed reads as before; a new row is sealed with the new key.
 *
 * One batch is one transaction: the rotation's row in `key_rotation` is locked, the next rows of
 * the current table after the last key done are read (`WHERE id > $1 ORDER BY id LIMIT n`, keys
 * compared as uuids) and locked, re-sealed in one UPDATE, and the row moves on. A restart resumes
 * after the last batch committed; no row is done twice. One instance runs it: the one holding the
 * lease, which it renews with every batch and gives up when it stops (another takes over a lease
 * that ran out). The others wait, and read what they need with any listed key meanwhile.
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PersonalData } from '../lib/personal-data';
import { SEALED_PREFIX } from '../lib/personal-data';
import type { Db, Queryable } from './db';
import { SEALED_REVIEW_COLUMNS } from './repositories/after-decision';
import { SEALED_CUSTOMER_COLUMNS } from './repositories/customers';
import { SEALED_MAIL_COLUMNS } from './repositories/mail-outbox';
import { mapProviderSecrets, merchantsRepository, SEALED_MERCHANT_COLUMNS, WEBHOOK_SECRET_PURPOSE } from './repositories/merchants';
import { personalDataOf, personalDataRepository, type SealedTable } from './repositories/personal-data';
import { settingsRepository } from './repositories/settings';

/**
 * `<current key id>/<lookup fingerprint>/<what is sealed>` once every row is sealed and hashed with
 * those keys. The last part names the latest kind of data brought under sealing (merchants'
 * webhook and lender secrets, ADR 22): a database whose last pass predates it gets one more pass.
 */
export const SEALED_STATE = 'personal_data_sealed_with';
const SEALED_SCOPE = 'merchant-secrets';

const TABLES = {
  customers: { table: 'customers', key: 'uuid', columns: SEALED_CUSTOMER_COLUMNS, hashed: { column: 'national_id', hash: 'national_id_hash' } },
  subscriptions: { table: 'subscriptions', key: 'uuid', columns: ['national_id'], hashed: { column: 'national_id', hash: 'national_id_hash' } },
  consents: { table: 'consents', key: 'uuid', columns: ['subject_national_id'] },
  merchants: { table: 'merchants', key: 'text', columns: SEALED_MERCHANT_COLUMNS, purpose: WEBHOOK_SECRET_PURPOSE },
  mail_outbox: { table: 'mail_outbox', key: 'uuid', columns: SEALED_MAIL_COLUMNS },
  review_requests: { table: 'review_requests', key: 'uuid', columns: SEALED_REVIEW_COLUMNS },
} as const satisfies Record<string, SealedTable>;

/**
 * What a rotation goes through, in order. `consent-subjects` (consents given before the evidence
 * record, ADR 32) only when rows of an earlier version are sealed for the first time.
 */
type Stage = keyof typeof TABLES | 'consent-subjects' | 'sessions' | 'provider-secrets';
const ROTATION_STAGES: readonly Stage[] = ['customers', 'subscriptions', 'consents', 'merchants', 'mail_outbox', 'review_requests', 'sessions', 'provider-secrets'];
const FIRST_SEALING_STAGES: readonly Stage[] = ['customers', 'consent-subjects', 'subscriptions', 'consents', 'merchants', 'mail_outbox', 'review_requests', 'sessions', 'provider-secrets'];

export const DEFAULT_BATCH_SIZE = 1000;
const LEASE_SECONDS = 60;

export interface KeyRotationOptions {
  /** Rows per batch (one transaction, one UPDATE). */
  batchSize?: number;
  /** A pause between batches, leaving the database to the requests (0: none). */
  pauseMs?: number;
  /** How often an instance that does not hold the rotation looks whether it is its turn or done. */
  idleMs?: number;
}

export interface KeyRotationStatus {
  /** The key id values are brought to. */
  keyId: string;
  /** Whether lookup hashes are made again (a new lookup key). */
  rehash: boolean;
  /** The table being gone through; null when finished. */
  stage: string | null;
  rowsDone: number;
  /** Rows of the tables gone through when it began (an estimate of the work); null until counted. */
  rowsTotal: number | null;
  /** The instance running it; null when none does. */
  holder: string | null;
  startedAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
}

export const rotationTarget = (sealer: PersonalData): string => `${sealer.currentKeyId}/${sealer.lookupFingerprint}/${SEALED_SCOPE}`;

/** What a value reads as, whether sealed (by any configured key) or still plain. */
const plainOf = (sealer: PersonalData, purpose: string, value: string): string =>
  value.startsWith(SEALED_PREFIX) ? sealer.open(purpose, value) : value;

/**
 * Whether the stored rows are all sealed and hashed with the current keys; if not, makes sure a
 * rotation to them is recorded (resuming one that is under way). `firstSealing`: rows an earlier
 * version kept in plain text may exist, which cannot be read until sealed (the caller waits).
 */
export async function planKeyRotation(db: Queryable): Promise<{ pending: boolean; firstSealing: boolean; target: string }> {
  const sealer = personalDataOf(db);
  const target = rotationTarget(sealer);
  const previous = await settingsRepository(db).find(SEALED_STATE);
  if (previous === target) return { pending: false, firstSealing: false, target };
  const [, fingerprint, scope] = previous?.split('/') ?? [];
  const firstSealing = scope !== SEALED_SCOPE;
  const rehash = fingerprint !== sealer.lookupFingerprint;
  // A rotation back to a target reached before begins again; one under way goes on where it is.
  await db.query(
    `INSERT INTO key_rotation (target, rehash, stages) VALUES ($1, $2, $3::text[])
     ON CONFLICT (target) DO UPDATE SET
       rehash = CASE WHEN key_rotation.finished_at IS NULL THEN key_rotation.rehash OR EXCLUDED.rehash ELSE EXCLUDED.rehash END,
       stages = CASE WHEN key_rotation.finished_at IS NULL THEN key_rotation.stages ELSE EXCLUDED.stages END,
       stage = CASE WHEN key_rotation.finished_at IS NULL THEN key_rotation.stage ELSE 0 END,
       after_key = CASE WHEN key_rotation.finished_at IS NULL THEN key_rotation.after_key END,
       rows_done = CASE WHEN key_rotation.finished_at IS NULL THEN key_rotation.rows_done ELSE 0 END,
       rows_total = CASE WHEN key_rotation.finished_at IS NULL THEN key_rotation.rows_total END,
       batches = CASE WHEN key_rotation.finished_at IS NULL THEN key_rotation.batches ELSE 0 END,
       started_at = CASE WHEN key_rotation.finished_at IS NULL THEN key_rotation.started_at ELSE now() END,
       finished_at = NULL`,
    [target, rehash, firstSealing ? FIRST_SEALING_STAGES : ROTATION_STAGES],
  );
  return { pending: true, firstSealing, target };
}

interface RotationRow {
  rehash: boolean;
  stages: string[];
  stage: number;
  after_key: string | null;
  rows_total: string | null;
  finished: boolean;
  held_by_other: boolean;
  holder: string | null;
}

export type BatchOutcome = { kind: 'done' } | { kind: 'held'; by: string } | { kind: 'worked'; rows: number; finished: boolean };

/** One batch of the rotation to `target`, as `holder`, in one transaction. */
export async function rotateBatch(db: Db, target: string, holder: string, batchSize = DEFAULT_BATCH_SIZE): Promise<BatchOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<RotationRow>(
      `SELECT rehash, stages, stage, after_key, rows_total::text, finished_at IS NOT NULL AS finished, holder,
              (holder IS NOT NULL AND holder <> $2 AND lease_until > now()) AS held_by_other
         FROM key_rotation WHERE target = $1 FOR UPDATE`,
      [target, holder],
    );
    if (!row || row.finished) return { kind: 'done' };
    if (row.held_by_other) return { kind: 'held', by: row.holder ?? '' };
    const rowsTotal = row.rows_total === null ? await countRows(tx) : Number(row.rows_total);
    const stage = row.stages[row.stage] as Stage | undefined;
    const step = stage ? await runStage(tx, stage, row.rehash, row.after_key, batchSize) : { rows: 0, next: null, stageDone: true };
    const nextStage = step.stageDone ? row.stage + 1 : row.stage;
    const finished = nextStage >= row.stages.length;
    if (finished) await settingsRepository(tx).put(SEALED_STATE, target);
    await tx.query(
      `UPDATE key_rotation SET stage = $3, after_key = $4, rows_done = rows_done + $5, rows_total = $6, batches = batches + 1,
              holder = CASE WHEN $7 THEN NULL ELSE $2 END, lease_until = CASE WHEN $7 THEN NULL ELSE now() + make_interval(secs => $8) END,
              updated_at = now(), finished_at = CASE WHEN $7 THEN now() END
        WHERE target = $1`,
      [target, holder, nextStage, step.stageDone ? null : step.next, step.rows, rowsTotal, finished, LEASE_SECONDS],
    );
    return { kind: 'worked', rows: step.rows, finished };
  });
}

async function countRows(db: Queryable): Promise<number> {
  const tables = [...Object.values(TABLES).map((t) => t.table), 'sessions'];
  const [row] = await db.query<{ n: string }>(`SELECT (${tables.map((t) => `(SELECT count(*) FROM ${t})`).join(' + ')})::text AS n`);
  return Number(row?.n ?? 0);
}

interface StageStep {
  rows: number;
  next: string | null;
  stageDone: boolean;
}

async function runStage(db: Queryable, stage: Stage, rehash: boolean, after: string | null, limit: number): Promise<StageStep> {
  const sealer = personalDataOf(db);
  const repo = personalDataRepository(db);
  const prefix = `${SEALED_PREFIX}${sealer.currentKeyId}.`;

  if (stage === 'consent-subjects') {
    const batch = await repo.consentsWithoutSubject(limit);
    const sealed = batch.map((c) => sealer.seal('consents.subject_national_id', plainOf(sealer, 'customers.national_id', c.customerNationalId)));
    const rows = await repo.updateRows(TABLES.consents, batch.map((c) => c.id), { subject_national_id: sealed });
    return { rows, next: null, stageDone: batch.length < limit };
  }

  if (stage === 'sessions') {
    const batch = await repo.sessionsToSeal(prefix, after, limit);
    const sealed = batch.map((session) => {
      const stored = session.data.sealed;
      const data = typeof stored === 'string' ? sealer.openJson<Record<string, unknown>>('sessions.data', stored) : session.data;
      return sealer.sealJson('sessions.data', data);
    });
    await repo.replaceSessionsData(batch.map((s) => s.idHash), sealed);
    return { rows: batch.length, next: batch.at(-1)?.idHash ?? after, stageDone: batch.length < limit };
  }

  if (stage === 'provider-secrets') {
    // Merchants' lender secrets (ADR 22), inside their settings: few rows, one batch.
    const merchants = merchantsRepository(db);
    let rows = 0;
    for (const { id, settings } of await merchants.storedProviderSettings()) {
      let stale = false;
      const resealed = mapProviderSecrets(id, settings, (purpose, secret) => {
        if (sealer.isCurrent(secret)) return secret;
        stale = true;
        return sealer.seal(purpose, plainOf(sealer, purpose, secret));
      });
      if (stale) {
        await merchants.replaceProviderSettings(id, resealed);
        rows += 1;
      }
    }
    return { rows, next: null, stageDone: true };
  }

  const spec: SealedTable = TABLES[stage];
  const batch = await repo.rowsToSeal(spec, prefix, rehash, after, limit);
  const values: Record<string, (string | null)[]> = Object.fromEntries([...spec.columns, ...(spec.hashed ? [spec.hashed.hash] : [])].map((c) => [c, []]));
  for (const row of batch) {
    for (const column of spec.columns) {
      const value = row.values[column] ?? null;
      const purpose = spec.purpose ?? `${spec.table}.${column}`;
      const plain = value === null ? null : plainOf(sealer, purpose, value);
      values[column]?.push(value !== null && sealer.isCurrent(value) ? value : plain === null ? null : sealer.seal(purpose, plain));
      if (spec.hashed?.column === column) values[spec.hashed.hash]?.push(plain === null ? null : sealer.nationalIdHash(plain));
    }
  }
  const rows = await repo.updateRows(spec, batch.map((r) => r.id), values);
  return { rows, next: batch.at(-1)?.id ?? after, stageDone: batch.length < limit };
}

/** The latest rotation: the one under way, or else the last finished; null when keys never rotated. */
export async function keyRotationStatus(db: Queryable): Promise<KeyRotationStatus | null> {
  const [row] = await db.query<{
    target: string;
    rehash: boolean;
    stages: string[];
    stage: number;
    rows_done: string;
    rows_total: string | null;
    holder: string | null;
    started_at: Date | string;
    updated_at: Date | string;
    finished_at: Date | string | null;
  }>(
    `SELECT target, rehash, stages, stage, rows_done::text, rows_total::text, CASE WHEN lease_until > now() THEN holder END AS holder,
            started_at, updated_at, finished_at
       FROM key_rotation ORDER BY finished_at IS NULL DESC, started_at DESC LIMIT 1`,
  );
  if (!row) return null;
  return {
    keyId: row.target.split('/')[0] ?? '',
    rehash: row.rehash,
    stage: row.finished_at === null ? (row.stages[row.stage] ?? null) : null,
    rowsDone: Number(row.rows_done),
    rowsTotal: row.rows_total === null ? null : Number(row.rows_total),
    holder: row.holder,
    startedAt: new Date(row.started_at),
    updatedAt: new Date(row.updated_at),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
  };
}

export interface KeyRotationRunner {
  /** This instance's name as a holder of the rotation. */
  readonly instance: string;
  /** Resolves when the rotation is finished (by this instance or another) or this runner stopped. */
  readonly settled: Promise<void>;
  /** Batches this instance ran. */
  batches(): number;
  /** Rows this instance re-sealed. */
  rows(): number;
  /** Stops after the batch under way commits, and gives up the lease so another instance goes on at once. */
  stop(): Promise<void>;
}

/**
 * Runs the rotation to `target` in the background until it is finished: batch after batch while
 * this instance holds it, else looking now and then whether the holder finished or went away.
 */
export function startKeyRotation(db: Db, target: string, log: FastifyBaseLogger, options: KeyRotationOptions = {}): KeyRotationRunner {
  const instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const pauseMs = options.pauseMs ?? 0;
  const idleMs = options.idleMs ?? 5_000;
  let stopped = false;
  let wake: (() => void) | null = null;
  let batches = 0;
  let rows = 0;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  const run = async () => {
    const began = Date.now();
    let lastLog = began;
    let waitingLogged = false;
    while (!stopped) {
      let outcome: BatchOutcome;
      try {
        outcome = await rotateBatch(db, target, instance, batchSize);
      } catch (error) {
        log.error({ err: error, instance }, 'key rotation: a batch failed; trying again');
        await sleep(idleMs);
        continue;
      }
      if (outcome.kind === 'done') return;
      if (outcome.kind === 'held') {
        if (!waitingLogged) log.info({ holder: outcome.by }, 'key rotation: another instance runs it');
        waitingLogged = true;
        await sleep(idleMs);
        continue;
      }
      if (batches === 0) log.info({ instance, keyId: target.split('/')[0] }, 'key rotation: re-sealing in the background');
      batches += 1;
      rows += outcome.rows;
      if (outcome.finished) {
        const status = await keyRotationStatus(db);
        log.info({ rowsDone: status?.rowsDone, rowsHere: rows, seconds: Math.round((Date.now() - began) / 1000) }, 'key rotation finished: the old keys may go');
        return;
      }
      if (Date.now() - lastLog >= 10_000) {
        lastLog = Date.now();
        const status = await keyRotationStatus(db);
        log.info(
          { stage: status?.stage, rowsDone: status?.rowsDone, rowsTotal: status?.rowsTotal, rowsPerSecond: Math.round(rows / ((Date.now() - began) / 1000)) },
          'key rotation: progress',
        );
      }
      if (pauseMs > 0) await sleep(pauseMs);
      else await new Promise((resolve) => setImmediate(resolve));
    }
  };

  const settled = run();
  return {
    instance,
    settled,
    batches: () => batches,
    rows: () => rows,
    async stop() {
      stopped = true;
      (wake as (() => void) | null)?.();
      await settled;
      await db
        .query('UPDATE key_rotation SET holder = NULL, lease_until = NULL WHERE holder = $1 AND finished_at IS NULL', [instance])
        .catch((error: unknown) => log.warn({ err: error }, 'key rotation: the lease could not be given up; it runs out'));
    },
  };
}

/** Runs a rotation to its end now (rows in plain text cannot be read before): waits while another instance runs it. */
export async function rotateUntilDone(db: Db, target: string, options: KeyRotationOptions = {}): Promise<number> {
  const instance = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let rows = 0;
  for (;;) {
    const outcome = await rotateBatch(db, target, instance, options.batchSize ?? DEFAULT_BATCH_SIZE);
    if (outcome.kind === 'done') return rows;
    if (outcome.kind === 'held') await new Promise((resolve) => setTimeout(resolve, options.idleMs ?? 1_000));
    else {
      rows += outcome.rows;
      if (outcome.finished) return rows;
    }
  }
}

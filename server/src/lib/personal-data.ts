/**
 * Personal data at rest (ADR 12): national IDs, phone numbers and e-mail addresses are sealed
 * with AES-256-GCM before they reach the database, and people are looked up by a keyed hash
 * (HMAC-SHA256 with a key of its own) instead of their national ID. A sealed value names the key
 * that sealed it, so keys can rotate: the first key seals, every listed key opens.
 *
 *   pd1.<key id>.<iv, base64url>.<ciphertext and tag, base64url>
 *
 * The purpose (e.g. `customers.email`) is bound in as associated data: a value copied into
 * another column does not open there.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

export interface DataKey {
  /** Short and stable: it is written into every value the key seals. */
  id: string;
  /** 32 bytes. */
  key: Buffer;
}

export interface PersonalDataKeys {
  /** The first seals; all open. */
  encryption: readonly DataKey[];
  /** The HMAC key of lookup hashes (at least 32 bytes). */
  lookup: Buffer;
  /**
   * Lookup keys replaced by `lookup` whose hashes may still be stored while the rotation remakes
   * them (ADR 37): a person is found by any of them meanwhile.
   */
  earlierLookup?: readonly Buffer[];
}

export const SEALED_PREFIX = 'pd1.';
export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that does not open: wrong key, unknown key id, or changed in the database. */
export class SealedValueError extends Error {
  constructor(purpose: string, reason: string) {
    super(`personal data (${purpose}) does not open: ${reason}`);
    this.name = 'SealedValueError';
  }
}

export const isSealed = (value: string): boolean => value.startsWith(SEALED_PREFIX);

/** The id of the key that sealed a value, or null when it is not sealed. */
export function sealedKeyId(value: string): string | null {
  if (!isSealed(value)) return null;
  const end = value.indexOf('.', SEALED_PREFIX.length);
  return end === -1 ? null : value.slice(SEALED_PREFIX.length, end);
}

/**
 * Parses `DATA_ENCRYPTION_KEYS`: `id:base64,id:base64,…`, each key 32 bytes, ids unique. Answers
 * the keys or the problems found (never the keys themselves in a message).
 */
export function parseDataKeys(text: string): { keys: DataKey[]; problems: string[] } {
  const keys: DataKey[] = [];
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const [index, entry] of text.split(',').map((part) => part.trim()).filter(Boolean).entries()) {
    const colon = entry.indexOf(':');
    const id = colon === -1 ? '' : entry.slice(0, colon);
    const key = Buffer.from(colon === -1 ? '' : entry.slice(colon + 1), 'base64');
    const found: string[] = [];
    if (!KEY_ID_PATTERN.test(id)) found.push(`key ${index + 1}: needs an id of letters, digits, - or _ (at most 32) before a colon`);
    else if (ids.has(id)) found.push(`key ${index + 1}: id ${id} is used twice`);
    if (key.length !== 32) found.push(`key ${index + 1}: must be 32 bytes, base64 encoded (openssl rand -base64 32)`);
    ids.add(id);
    problems.push(...found);
    if (found.length === 0) keys.push({ id, key });
  }
  if (keys.length === 0 && problems.length === 0) problems.push('no key given');
  return { keys, problems };
}

/** A new key pair for a development database (production configures its own). */
export function generateDataKeys(): { encryption: DataKey; lookup: Buffer } {
  return { encryption: { id: `local-${randomBytes(4).toString('hex')}`, key: randomBytes(32) }, lookup: randomBytes(32) };
}

export const formatDataKey = (key: DataKey): string => `${key.id}:${key.key.toString('base64')}`;

export interface PersonalData {
  /** The id of the key new values are sealed with. */
  readonly currentKeyId: string;
  /** Identifies the lookup key without revealing it: stored hashes are remade when it changes. */
  readonly lookupFingerprint: string;
  seal(purpose: string, value: string): string;
  sealNullable(purpose: string, value: string | null): string | null;
  open(purpose: string, sealed: string): string;
  openNullable(purpose: string, sealed: string | null): string | null;
  sealJson(purpose: string, value: unknown): string;
  openJson<T>(purpose: string, sealed: string): T;
  /** Sealed with the current key (nothing to rotate). */
  isCurrent(sealed: string): boolean;
  /** The keyed hash a person is looked up by: the same national ID gives the same hash. */
  nationalIdHash(nationalId: string): string;
  /**
   * Every hash a stored row of this person may carry: the current key's first, then the earlier
   * lookup keys' (rows not yet re-hashed by a rotation). Look people up by these, never by one.
   */
  nationalIdHashes(nationalId: string): string[];
}

export function personalData(keys: PersonalDataKeys): PersonalData {
  const [current] = keys.encryption;
  if (!current) throw new Error('personal data: no encryption key');
  if (keys.lookup.length < 32) throw new Error('personal data: the lookup key must have at least 32 bytes');
  const byId = new Map(keys.encryption.map((k) => [k.id, k.key]));
  const currentPrefix = `${SEALED_PREFIX}${current.id}.`;
  const aad = (keyId: string, purpose: string) => Buffer.from(`${SEALED_PREFIX}${keyId}.${purpose}`);
  const hmacWith = (lookupKey: Buffer, domain: string, value: string) => createHmac('sha256', lookupKey).update(`${domain}\u0000${value}`).digest('base64url');
  const hmac = (domain: string, value: string) => hmacWith(keys.lookup, domain, value);
  const lookupKeys = [keys.lookup, ...(keys.earlierLookup ?? []).filter((k) => !k.equals(keys.lookup))];

  const seal = (purpose: string, value: string): string => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', current.key, iv);
    cipher.setAAD(aad(current.id, purpose));
    const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${currentPrefix}${iv.toString('base64url')}.${body.toString('base64url')}`;
  };

  const open = (purpose: string, sealed: string): string => {
    const [prefix, keyId, ivText, bodyText, ...rest] = sealed.split('.');
    if (`${prefix}.` !== SEALED_PREFIX || !keyId || !ivText || !bodyText || rest.length > 0) {
      throw new SealedValueError(purpose, 'not a sealed value');
    }
    const key = byId.get(keyId);
    if (!key) throw new SealedValueError(purpose, `key ${keyId} is not configured`);
    const iv = Buffer.from(ivText, 'base64url');
    const body = Buffer.from(bodyText, 'base64url');
    if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new SealedValueError(purpose, 'malformed');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(aad(keyId, purpose));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SealedValueError(purpose, 'authentication failed');
    }
  };

  return {
    currentKeyId: current.id,
    lookupFingerprint: hmac('fingerprint', 'lookup-key').slice(0, 16),
    seal,
    sealNullable: (purpose, value) => (value === null ? null : seal(purpose, value)),
    open,
    openNullable: (purpose, sealed) => (sealed === null ? null : open(purpose, sealed)),
    sealJson: (purpose, value) => seal(purpose, JSON.stringify(value)),
    openJson: <T>(purpose: string, sealed: string) => JSON.parse(open(purpose, sealed)) as T,
    isCurrent: (sealed) => sealed.startsWith(currentPrefix),
    nationalIdHash: (nationalId) => hmac('national-id', nationalId),
    nationalIdHashes: (nationalId) => lookupKeys.map((k) => hmacWith(k, 'national-id', nationalId)),
  };
}

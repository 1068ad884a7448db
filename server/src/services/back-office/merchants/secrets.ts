/** New merchant secrets: webhook signing secrets and API keys, random and shown once. */
import { randomBytes } from 'node:crypto';
import { randomToken, sha256Hex } from '../../../lib/crypto';

/** Keys start with this, so a leaked one is recognisable (secret scanners look for such prefixes). */
export const API_KEY_PREFIX = 'lsp_';
/** How much of a key is kept in clear to tell keys apart: the marker and eight random characters. */
export const API_KEY_VISIBLE_CHARS = API_KEY_PREFIX.length + 8;

/**
 * `whsec_` and 32 random bytes in base64: the form Standard Webhooks gives secrets, which its
 * libraries take as is (`new Webhook(secret)`); the portal's own signature uses the whole text
 * as its key (services/webhooks.ts). Secrets issued before were base64url: the same bytes.
 */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  return { key, hash: sha256Hex(key), prefix: key.slice(0, API_KEY_VISIBLE_CHARS) };
}

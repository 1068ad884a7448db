/**
 * The admin CLI (`npm run admin -- …`): merchant administration without the console, e.g. the
 * first merchant of a fresh install. It opens the configured database directly (DATABASE_URL,
 * or the embedded one in DATA_DIR: stop the server first, the embedded database is one process's)
 * and runs the same use cases as the back-office API, audited as the CLI's user.
 */
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BACK_OFFICE_LIMITS, createMerchantSchema, type z } from '@portal/domain';
import { loadStorageConfig, repoRoot } from '../config';
import { type Db, openDatabase } from '../db/db';
import { migrate } from '../db/migrate';
import { protectPersonalData } from '../db/personal-data';
import { repositories } from '../db/repositories';
import { ApiError } from '../lib/errors';
import type { Actor } from '../services/back-office/actor';
import { issueApiKey, listApiKeys, revokeApiKey } from '../services/back-office/merchants/api-keys';
import { createMerchant } from '../services/back-office/merchants/create-merchant';
import { rotateWebhookSecret } from '../services/back-office/merchants/rotate-webhook-secret';
import { setMerchantActive, updateMerchant } from '../services/back-office/merchants/update-merchant';

const USAGE = `Usage: npm run admin -- <command> [options]

  merchant list
  merchant create --id <id> --name <name> [--origin <https://shop.example>]… [--webhook-url <url>]
  merchant origins --id <id> --origin <origin>…          (replaces the allow-list)
  merchant deactivate --id <id> [--reason <text>]
  merchant activate --id <id>
  key issue --merchant <id> --label <label>             (prints the key once)
  key list --merchant <id>
  key revoke --merchant <id> --key <key id> [--reason <text>]
  secret rotate --merchant <id> [--grace-hours <n>]     (prints the new webhook secret once)
`;

const options = {
  id: { type: 'string' },
  name: { type: 'string' },
  origin: { type: 'string', multiple: true },
  'webhook-url': { type: 'string' },
  merchant: { type: 'string' },
  label: { type: 'string' },
  key: { type: 'string' },
  reason: { type: 'string' },
  'grace-hours': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

class UsageError extends Error {}

function required(value: string | undefined, name: string): string {
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

function parsed<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new UsageError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
  return result.data;
}

const toStdout = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/** The configured database: DATABASE_URL, or the embedded one in DATA_DIR (no provider setting is read). */
async function openConfigured(): Promise<Db> {
  const config = loadStorageConfig();
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

export async function main(argv: string[], print: (line: string) => void = toStdout, open: () => Promise<Db> = openConfigured): Promise<number> {
  const { positionals, values } = parseArgs({ args: argv, options, allowPositionals: true });
  const [noun, verb] = positionals;
  if (values.help || !noun || !verb) {
    print(USAGE);
    return values.help ? 0 : 2;
  }

  let db = await open();
  const user = userInfo().username;
  const actor: Actor = { subject: `cli:${user}`, name: `Admin CLI (${user})` };
  try {
    await migrate(db, join(repoRoot(), 'server', 'src', 'db', 'migrations'));
    // Merchants' lender secrets are sealed with the keys of personal data (ADR 22).
    if (!db.personalData) db = (await protectPersonalData(db, loadStorageConfig())).db;
    const command = `${noun} ${verb}`;
    switch (command) {
      case 'merchant list': {
        for (const m of await repositories(db).merchants.list()) {
          print(`${m.id}\t${m.active ? 'active' : 'inactive'}\t${m.name}\t${m.allowedOrigins.join(' ')}`);
        }
        return 0;
      }
      case 'merchant create': {
        const input = parsed(createMerchantSchema, {
          id: values.id,
          name: values.name,
          allowedOrigins: values.origin ?? [],
          webhookUrl: values['webhook-url'],
        });
        const { merchant, webhookSecret } = await createMerchant(db, actor, input);
        print(`Created merchant ${merchant.id} (${merchant.name}).`);
        print(`Webhook signing secret (shown once): ${webhookSecret}`);
        print(`Next: npm run admin -- key issue --merchant ${merchant.id} --label "…"`);
        return 0;
      }
      case 'merchant origins': {
        const merchant = await updateMerchant(db, actor, required(values.id, 'id'), { allowedOrigins: values.origin ?? [] });
        print(`Allowed origins of ${merchant.id}: ${merchant.allowedOrigins.join(' ') || '(none)'}`);
        return 0;
      }
      case 'merchant deactivate':
      case 'merchant activate': {
        const merchant = await setMerchantActive(db, actor, required(values.id, 'id'), verb === 'activate', values.reason);
        print(`${merchant.id} is ${merchant.active ? 'active' : 'deactivated'}.`);
        return 0;
      }
      case 'key issue': {
        const { key, apiKey } = await issueApiKey(db, actor, required(values.merchant, 'merchant'), required(values.label, 'label'));
        print(`API key ${apiKey.id} (${apiKey.prefix}…) for ${values.merchant}. Shown once, store it now:`);
        print(key);
        return 0;
      }
      case 'key list': {
        for (const key of await listApiKeys(db, required(values.merchant, 'merchant'))) {
          print(`${key.id}\t${key.prefix || '-'}\t${key.label}\tlast used ${key.lastUsedAt ?? 'never'}${key.revokedAt ? `\trevoked ${key.revokedAt}` : ''}`);
        }
        return 0;
      }
      case 'key revoke': {
        await revokeApiKey(db, actor, required(values.merchant, 'merchant'), required(values.key, 'key'), values.reason);
        print('Revoked.');
        return 0;
      }
      case 'secret rotate': {
        const grace = values['grace-hours'] === undefined ? BACK_OFFICE_LIMITS.secretGraceHoursDefault : Number(values['grace-hours']);
        if (!Number.isInteger(grace) || grace < 0 || grace > BACK_OFFICE_LIMITS.secretGraceHoursMax) throw new UsageError('--grace-hours must be a whole number of hours');
        const rotated = await rotateWebhookSecret(db, actor, required(values.merchant, 'merchant'), grace);
        print(`New webhook signing secret (shown once): ${rotated.webhookSecret}`);
        print(rotated.previousSecretValidUntil ? `The previous secret also signs until ${rotated.previousSecretValidUntil}.` : 'The previous secret no longer signs.');
        return 0;
      }
      default:
        throw new UsageError(`Unknown command: ${command}`);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      print(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ApiError) {
      const fields = error.fieldErrors ? ` ${Object.entries(error.fieldErrors).map(([field, m]) => `${field}: ${m.key}`).join(', ')}` : '';
      const why = error.status === 409 ? ' it exists already' : error.status === 404 ? ' no such merchant or key' : '';
      print(`Refused (${error.status} ${error.errorCode}):${fields || why}`);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

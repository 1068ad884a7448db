/** The admin CLI on a database of its own: a first merchant and its key without the console. */
import { describe, expect, it } from 'vitest';
import { main } from '../src/cli/admin';
import { protectPersonalData } from '../src/db/personal-data';
import { repositories } from '../src/db/repositories';
import { sha256Hex } from '../src/lib/crypto';
import { openTestDatabase } from './helpers';

describe('npm run admin', () => {
  it('creates a merchant, issues a key that authenticates, lists and revokes it, and audits each step as the CLI', async () => {
    // The database with the keys the CLI finds there (generated once, outside production).
    const { db } = await protectPersonalData((await openTestDatabase('pglite')).db, { dataKeys: undefined });
    // Each command opens and closes the database, as each run of the CLI does; the test's stays open.
    const session = async () => ({ ...db, close: async () => undefined });
    const run = async (...argv: string[]) => {
      const lines: string[] = [];
      const code = await main(argv, (line) => lines.push(line), session);
      return { code, text: lines.join('\n') };
    };

    const created = await run('merchant', 'create', '--id', 'nordic-bikes', '--name', 'Nordic Bikes AS', '--origin', 'https://shop.example.com', '--webhook-url', 'https://shop.example.com/hooks');
    expect(created.code).toBe(0);
    expect(created.text).toMatch(/Webhook signing secret \(shown once\): whsec_/);
    expect((await run('merchant', 'create', '--id', 'nordic-bikes', '--name', 'Again')).code).toBe(1);
    expect((await run('merchant', 'create', '--id', 'Bad Id', '--name', 'X')).code).toBe(2);

    const issued = await run('key', 'issue', '--merchant', 'nordic-bikes', '--label', 'web shop');
    expect(issued.code).toBe(0);
    const key = issued.text.split('\n').at(-1) ?? '';
    expect(key).toMatch(/^lsp_/);
    expect((await repositories(db).merchants.findByApiKeyHash(sha256Hex(key)))?.id).toBe('nordic-bikes');

    const listed = await run('key', 'list', '--merchant', 'nordic-bikes');
    const keyId = listed.text.split('\t')[0] ?? '';
    expect(listed.text).toContain('web shop');
    expect(listed.text).not.toContain(key);
    expect((await run('key', 'revoke', '--merchant', 'nordic-bikes', '--key', keyId)).code).toBe(0);
    expect(await repositories(db).merchants.findByApiKeyHash(sha256Hex(key))).toBeNull();

    const audit = await repositories(db).auditLog.list({ targetId: 'nordic-bikes', limit: 10 });
    expect(audit.map((entry) => entry.action).sort()).toEqual(['api_key.issued', 'api_key.revoked', 'merchant.created']);
    expect(audit.every((entry) => entry.operatorSubject.startsWith('cli:'))).toBe(true);
    await db.close();
  });
});

/**
 * The back office logs an operator's view of an application once per few minutes (the console
 * refreshes it every few seconds): the check finds this operator's view of this very record,
 * and nothing else (its query reads by the record's type and id, for the index: ADR 36).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogRepository } from '../src/db/repositories/audit-log';
import { ENGINES, openTestDatabase, type TestDatabase } from './helpers';

describe.each(ENGINES)('an operator’s recent view on %s', (engine) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(engine);
    await auditLogRepository(test.db).append({
      operatorSubject: 'op-1', operatorName: 'Operator One', action: 'application.viewed', targetType: 'application', targetId: 'REF-1',
    });
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('is found for the same operator, action and record within the minutes asked', async () => {
    const log = auditLogRepository(test.db);
    expect(await log.hasRecent('op-1', 'application.viewed', { type: 'application', id: 'REF-1' }, 10)).toBe(true);
  });

  it('is not found for another record, another kind of record, another operator or another action', async () => {
    const log = auditLogRepository(test.db);
    expect(await log.hasRecent('op-1', 'application.viewed', { type: 'application', id: 'REF-2' }, 10)).toBe(false);
    expect(await log.hasRecent('op-1', 'application.viewed', { type: 'merchant', id: 'REF-1' }, 10)).toBe(false);
    expect(await log.hasRecent('op-2', 'application.viewed', { type: 'application', id: 'REF-1' }, 10)).toBe(false);
    expect(await log.hasRecent('op-1', 'application.cancelled', { type: 'application', id: 'REF-1' }, 10)).toBe(false);
  });

  it('is not found once the minutes asked have passed', async () => {
    // The log refuses updates (append-only), so the window is made to end now instead.
    const log = auditLogRepository(test.db);
    expect(await log.hasRecent('op-1', 'application.viewed', { type: 'application', id: 'REF-1' }, 0)).toBe(false);
  });
});

/**
 * Every periodic job and back-office page costs the same at a million rows as at a thousand:
 * PostgreSQL's plan for each of their queries on the two tables that grow without end
 * (applications, and the audit log, kept for ever) reads an index, never the whole table.
 * The queries are the repositories' own, with the arguments their callers pass, explained
 * instead of run; the tables hold tens of thousands of rows in a lender's proportions, analysed.
 *
 * PostgreSQL only: the embedded database serves one shop's few thousand rows, where its plans
 * do not matter; a lender's portal runs on PostgreSQL (ADR 36).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACK_OFFICE_LIMITS, EXPIRING_STATUSES, FINAL_APPLICATION_STATUSES, UNFINISHED_APPLICATION_EXPIRY_DAYS,
} from '@portal/domain';
import type { Db, Queryable, SqlParam } from '../src/db/db';
import { type ApplicationSearchCriteria, applicationsRepository } from '../src/db/repositories/applications';
import { auditLogRepository } from '../src/db/repositories/audit-log';
import { personalDataRepository, type SealedTable } from '../src/db/repositories/personal-data';
import { retentionRepository } from '../src/db/repositories/retention';
import { openTestDatabase, type TestDatabase } from './helpers';
import { TEST_DATABASE_URL } from './env';

const APPLICATIONS = 40_000;
const AUDIT_ENTRIES = 60_000;
const LARGE_TABLES = ['applications', 'audit_log'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

/**
 * A stand-in database whose every query is explained and answers no rows to its caller. Run
 * (`analyze`), a query's plan also says how many 8 kB pages it read, which must stay a few: a
 * scan of a whole index is no sequential scan and still costs as much as the table grows.
 * Only SELECTs are run: the callers below stop when they find nothing to do.
 */
function explaining(db: Db, analyze = false): { queryable: Queryable; db: Db; plans: PlanNode[] } {
  const plans: PlanNode[] = [];
  const options = analyze ? 'ANALYZE, BUFFERS, FORMAT JSON' : 'FORMAT JSON';
  const queryable: Queryable = {
    async query<Row>(sql: string, params?: readonly SqlParam[]): Promise<Row[]> {
      if (analyze && !/^\s*SELECT\b/i.test(sql)) throw new Error(`only a SELECT is run to be explained: ${sql}`);
      const [row] = await db.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (${options}) ${sql}`, params);
      const plan = row?.['QUERY PLAN'][0]?.Plan;
      if (!plan) throw new Error(`no plan for ${sql}`);
      plans.push(plan);
      return [];
    },
    afterCommit: (fn) => fn(),
  };
  return { queryable, db: { ...db, ...queryable, transaction: (fn) => fn(queryable) }, plans };
}

/** The large tables a plan reads from end to end. */
const seqScans = (plans: PlanNode[]): string[] =>
  plans.flatMap(nodes).filter((node) => node['Node Type'] === 'Seq Scan' && LARGE_TABLES.includes(node['Relation Name'] ?? '')).map((node) => node['Relation Name'] ?? '');

/** Pages read by the queries (a top node counts its children's). */
const pagesRead = (plans: PlanNode[]): number =>
  plans.reduce((sum, plan) => sum + (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0), 0);

/** A page of results, scattered over the table, and the index pages that lead to it. */
const FEW_PAGES = 60;

describe.skipIf(!TEST_DATABASE_URL)('query plans at a lender’s volume (PostgreSQL only, with TEST_DATABASE_URL: the embedded database’s plans do not matter)', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await openTestDatabase('postgres');
    const { db } = test;
    // One large merchant, nine small ones; an application's status in the proportions of a
    // portal that has run for a while (a minute apart, four weeks): nearly all final, a rare one,
    // a few open, all of them from the last week but three (housekeeping expires them after 14 days).
    await db.query(`INSERT INTO merchants (id, name, webhook_secret)
      SELECT 'plan-m' || n, 'Shop ' || n, 'secret' FROM generate_series(0, 9) AS n`);
    await db.query(
      `INSERT INTO applications (reference, merchant_id, merchant_payment_reference, request_hash, country_code, customer_type,
         provider, version, loan_amount, loan_period, currency, callback_url, status, created_at, updated_at)
       SELECT 'ref-' || n, 'plan-m' || CASE WHEN n % 20 = 0 THEN n % 9 + 1 ELSE 0 END, 'order-' || n, 'hash', 'SE', 'PRIVATE',
         'RESURS', 2, 10000, 24, 'SEK', 'https://shop.example/back',
         CASE WHEN n % 500 = 0 THEN 'FAILED'
              WHEN n % 50 = 0 AND (n > $1 - 10000 OR n < 200) THEN (ARRAY['CREATED', 'APPROVED', 'SIGNING'])[n % 3 + 1]
              WHEN n % 3 = 0 THEN 'DECLINED' ELSE 'COMPLETED' END,
         now() - make_interval(mins => $1 - n), now() - make_interval(mins => $1 - n)
         FROM generate_series(1, $1) AS n`,
      [APPLICATIONS],
    );
    // Views, searches and changes by twenty operators, over every application.
    await db.query(
      `INSERT INTO audit_log (at, operator_subject, operator_name, action, target_type, target_id, detail)
       SELECT now() - make_interval(mins => $1 - n), 'operator-' || (n % 20), 'Operator ' || (n % 20),
         CASE WHEN n % 4 = 0 THEN 'applications.searched' ELSE 'application.viewed' END,
         CASE WHEN n % 4 = 0 THEN NULL ELSE 'application' END,
         CASE WHEN n % 4 = 0 THEN NULL ELSE 'ref-' || (n % $2 + 1) END,
         NULL
         FROM generate_series(1, $1) AS n`,
      [AUDIT_ENTRIES, APPLICATIONS],
    );
    await db.query('ANALYZE merchants, applications, audit_log');
  }, 120_000);

  afterAll(async () => {
    await test?.drop();
  });

  it('housekeeping’s expiry of unfinished applications reads only the open ones', async () => {
    const { queryable, plans } = explaining(test.db, true);
    // As expire-applications.ts asks.
    await applicationsRepository(queryable).listUnchangedSince(EXPIRING_STATUSES, UNFINISHED_APPLICATION_EXPIRY_DAYS, 200);
    expect(seqScans(plans)).toEqual([]);
    expect(pagesRead(plans)).toBeLessThan(FEW_PAGES);
  });

  it('the application view’s “viewed recently?” check reads this application’s entries only', async () => {
    const { queryable, plans } = explaining(test.db, true);
    // As application-detail.ts asks.
    await auditLogRepository(queryable).hasRecent('operator-3', 'application.viewed', { type: 'application', id: 'ref-1234' }, 10);
    expect(seqScans(plans)).toEqual([]);
    expect(pagesRead(plans)).toBeLessThan(FEW_PAGES);
  });

  const limit = BACK_OFFICE_LIMITS.searchPageSize + 1;
  // Whether the case reads a page, not the whole merchant or status. Not so, and bound otherwise:
  // a small merchant's history is read whole and sorted when no status narrows it (its own few
  // hundred rows however large the table); an open status may be found through housekeeping's
  // index of the open applications, which holds two weeks' worth at most.
  const searches: [string, Omit<ApplicationSearchCriteria, 'limit'>, { aPage: boolean }][] = [
    ['a small merchant and a rare status', { merchantId: 'plan-m4', status: 'FAILED' }, { aPage: true }],
    ['a small merchant and a rare status, the next page', {
      merchantId: 'plan-m4', status: 'FAILED', after: { createdAt: new Date(Date.now() - 20_000 * 60_000), id: '00000000-0000-4000-8000-000000000000' },
    }, { aPage: true }],
    ['a small merchant and a common status', { merchantId: 'plan-m4', status: 'COMPLETED' }, { aPage: true }],
    ['the large merchant and an open status', { merchantId: 'plan-m0', status: 'SIGNING' }, { aPage: false }],
    ['a small merchant', { merchantId: 'plan-m4' }, { aPage: false }],
    ['the large merchant', { merchantId: 'plan-m0' }, { aPage: true }],
    ['a rare status', { status: 'FAILED' }, { aPage: true }],
    ['a reference', { reference: 'ref-777' }, { aPage: true }],
    ['a shop’s order reference', { merchantPaymentReference: 'order-777' }, { aPage: true }],
    ['a creation date', { from: new Date(Date.now() - 2 * 86_400_000), until: new Date(Date.now() - 86_400_000) }, { aPage: true }],
    ['nothing: the newest first', {}, { aPage: true }],
  ];
  it.each(searches)('the back office’s search by %s reads an index', async (_, criteria, { aPage }) => {
    const { queryable, plans } = explaining(test.db, true);
    await applicationsRepository(queryable).search({ ...criteria, limit });
    expect(seqScans(plans)).toEqual([]);
    if (aPage) expect(pagesRead(plans)).toBeLessThan(FEW_PAGES);
  });

  it('retention’s search for final applications due for erasure reads an index', async () => {
    const { db, plans } = explaining(test.db);
    await retentionRepository(db).eraseFinalApplications(FINAL_APPLICATION_STATUSES, 30, 100);
    expect(plans.length).toBeGreaterThan(0);
    expect(seqScans(plans)).toEqual([]);
  });

  it('a key rotation’s batch reads the next rows by the primary key, never sorting the whole table', async () => {
    const { queryable, plans } = explaining(test.db);
    // As the rotation asks of a sealed table, here the applications' (every row to do).
    const spec = { table: 'applications', key: 'uuid', columns: ['callback_url'] } as unknown as SealedTable;
    await personalDataRepository(queryable).rowsToSeal(spec, 'v9:', false, '00000000-0000-4000-8000-000000000000', 1000);
    expect(seqScans(plans)).toEqual([]);
    expect(plans.flatMap(nodes).map((node) => node['Node Type'])).not.toContain('Sort');
  });
});

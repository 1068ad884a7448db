/**
 * Support's search: by reference, the shop's order reference, merchant, status and creation
 * date, newest first, a page at a time. Customers are read through their repository (which owns
 * how national IDs are stored), and shown masked.
 */
import { type ApplicationSearch, BACK_OFFICE_LIMITS, type SearchResult } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/errors';
import type { Actor } from './actor';
import { summaryOf } from './application-views';

const DAY_MS = 24 * 3600_000;

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime())) throw ApiError.badRequest({ cursor: { key: 'validation.wrongFormat' } });
  return { createdAt, id };
}

const day = (value: string | undefined, field: string): Date | undefined => {
  if (!value) return undefined;
  const parsed = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) throw ApiError.badRequest({ [field]: { key: 'validation.wrongFormat' } });
  return parsed;
};

export async function searchApplications(app: FastifyInstance, actor: Actor, search: ApplicationSearch): Promise<SearchResult> {
  const limit = BACK_OFFICE_LIMITS.searchPageSize;
  const to = day(search.to, 'to');
  const rows = await app.repos.applications.search({
    reference: search.reference,
    merchantPaymentReference: search.merchantPaymentReference,
    merchantId: search.merchantId,
    status: search.status,
    from: day(search.from, 'from'),
    until: to ? new Date(to.getTime() + DAY_MS) : undefined,
    after: search.cursor ? decodeCursor(search.cursor) : undefined,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const customers = new Map((await app.repos.customers.findByApplicationIds(page.map((row) => row.id))).map((c) => [c.applicationId, c]));
  const merchants = new Map((await app.repos.merchants.list()).map((m) => [m.id, m.name]));
  const last = page.at(-1);

  // What was looked for, never who: the criteria hold references, not personal data.
  await app.repos.auditLog.append({
    operatorSubject: actor.subject,
    operatorName: actor.name,
    action: 'applications.searched',
    detail: {
      reference: search.reference ?? null,
      merchantPaymentReference: search.merchantPaymentReference ?? null,
      merchantId: search.merchantId ?? null,
      status: search.status ?? null,
      from: search.from ?? null,
      to: search.to ?? null,
      results: page.length,
    },
  });
  return {
    items: page.map((row) => summaryOf(row, customers.get(row.id) ?? null, merchants.get(row.merchantId) ?? row.merchantId)),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

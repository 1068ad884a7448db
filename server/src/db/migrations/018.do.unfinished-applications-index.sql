-- portal:no-transaction
-- Housekeeping's expiry of unfinished applications (repositories/applications.ts,
-- listUnchangedSince with EXPIRING_STATUSES) read the whole applications table every 15 minutes:
-- 338 ms at a million rows. This index holds only the applications still open, oldest change
-- first, so a sweep reads the few it expires. Its WHERE is the query's status list, the
-- lifecycle's EXPIRING_STATUSES (domain/src/lifecycle.ts); a status added there needs a new index
-- (server/test/query-plans.test.ts fails until then).
-- Built concurrently so writers are never locked out of a large table; a build stopped halfway
-- leaves an invalid index, which the next run drops first (ADR 36).
DROP INDEX CONCURRENTLY IF EXISTS applications_unfinished_idx;
CREATE INDEX CONCURRENTLY applications_unfinished_idx ON applications (updated_at)
  WHERE status IN ('CREATED', 'APPROVED', 'SIGNING');

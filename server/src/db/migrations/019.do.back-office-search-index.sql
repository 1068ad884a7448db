-- portal:no-transaction
-- The back office's search by merchant and status, or by status alone (repositories/
-- applications.ts, search), newest first: a small merchant's rare status read its way backwards
-- through every application (27–148 ms at a million), a rare status alone the whole table. In
-- the search's own order (created_at DESC, id DESC, the cursor's pair), a page is the first rows
-- of one of these indexes. Built concurrently, like every index on a large table; each statement
-- may run again after a build stopped halfway (ADR 36).
DROP INDEX CONCURRENTLY IF EXISTS applications_merchant_status_idx;
CREATE INDEX CONCURRENTLY applications_merchant_status_idx
  ON applications (merchant_id, status, created_at DESC, id DESC);
DROP INDEX CONCURRENTLY IF EXISTS applications_status_idx;
CREATE INDEX CONCURRENTLY applications_status_idx ON applications (status, created_at DESC, id DESC);

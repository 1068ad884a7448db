-- Rate limits shared by every instance (ADR 15): one row per limit and key, in the shape
-- rate-limiter-flexible's PostgreSQL store reads and writes (key, points, expire), so its atomic
-- upsert counts across instances. `key` is the limit's name and a SHA-256 of what it counts
-- (an address, a session, an application, an API key), never the value itself; `expire` is the
-- end of the key's window in epoch milliseconds. Housekeeping deletes ended windows.
CREATE TABLE rate_limits (
  key    text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire ON rate_limits (expire);

-- Key rotation in the background (issue 33, ADR 37): when a new key of personal data comes first
-- (DATA_ENCRYPTION_KEYS) or the lookup key changes (DATA_LOOKUP_KEY), the rows sealed or hashed
-- with the old ones are brought to the new ones in batches by primary key while the portal serves.
-- One row per rotation: where it has got to (a restart resumes there), who runs it (one instance,
-- under a lease it renews with every batch) and how far it is (the logs, metrics and back office).
CREATE TABLE key_rotation (
  -- `<current key id>/<lookup fingerprint>/<what is sealed>`: the state every row is brought to.
  target        text PRIMARY KEY,
  -- The lookup key changed: every national ID's hash is made again, not only values of old keys.
  rehash        boolean NOT NULL,
  -- What is gone through, in order (tables, then merchants' lender secrets), and which one now.
  stages        text[] NOT NULL,
  stage         integer NOT NULL DEFAULT 0,
  -- The last primary key done in the current stage (text of a uuid, or a text key); null: none yet.
  after_key     text,
  rows_done     bigint NOT NULL DEFAULT 0,
  -- Rows of the tables gone through, counted when the rotation begins (an estimate of the work).
  rows_total    bigint,
  batches       integer NOT NULL DEFAULT 0,
  -- The instance running it, until its lease runs out (an instance that stops gives it up).
  holder        text,
  lease_until   timestamptz,
  started_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz
);

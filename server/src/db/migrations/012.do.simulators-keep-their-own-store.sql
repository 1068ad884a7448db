-- The simulated outside parties no longer keep their state in the portal's tables: in sandbox
-- mode the sandbox (sandbox/src/records.ts) creates tables of its own, sealed with its own key,
-- and the demo shop likewise (ADR 19). What an earlier version kept here was sealed with the
-- portal's keys, which the simulators no longer hold: it goes. Sandbox flows in progress when
-- this runs start again.
DROP TABLE IF EXISTS sandbox_records;

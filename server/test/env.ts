/** The test run's own settings, read once here. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/**
 * The fuzz run's settings (fuzz.test.ts; `node bench/fuzz.mjs` sets them): requests per endpoint,
 * a file for the report, a seed to replay, the shard `i/n` of the endpoints this run takes (every
 * n-th from the i-th), and only these endpoints (names, `|`-separated), for a closer look at one.
 */
export const FUZZ = {
  runs: Number(process.env.FUZZ_RUNS ?? 60),
  report: process.env.FUZZ_REPORT,
  seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined,
  shard: (process.env.FUZZ_SHARD ?? '0/1').split('/').map(Number) as [number, number],
  only: process.env.FUZZ_ONLY?.split('|'),
};

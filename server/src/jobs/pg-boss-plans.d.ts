/** The SQL of two of pg-boss's own statements (jobs/index.ts recognises them); pg-boss ships no types for it. */
declare module 'pg-boss/src/plans.js' {
  export function completeJobs(schema: string): string;
  export function failJobsById(schema: string): string;
}

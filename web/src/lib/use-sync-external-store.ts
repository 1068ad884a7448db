/**
 * wouter and SWR import `use-sync-external-store/shim`, the fallback for React before 18; React 19 has
 * the hook itself, so the build points the shim here (vite.config.ts) and carries no fallback.
 */
export { useSyncExternalStore } from 'react';

import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiRequestError } from '@/lib/api-client';
import { refreshSigningSessions, type SigningSessions } from '../api/signing-sessions';

/** How often the page asks again while GRENKE is still deciding (it usually takes seconds). */
export const SIGNING_WAIT_RETRY_MS = 3000;
/** About two minutes of asking; then the page stops and offers to check again. */
export const SIGNING_WAIT_MAX_ATTEMPTS = 40;

export type SessionsState =
  | { kind: 'loading' }
  /** GRENKE has not approved yet (no order to sign): asking again by itself until `stopped`. */
  | { kind: 'waiting'; attempts: number; stopped: boolean }
  /** `afterWait`: the sessions came after the page had waited (the page then says so to screen readers). */
  | { kind: 'ready'; sessions: SigningSessions; refreshing: boolean; refreshedAt: Date | null; refreshError: unknown; afterWait: boolean }
  | { kind: 'failed'; error: unknown };

type Action =
  | { type: 'loaded'; sessions: SigningSessions; at: Date | null }
  | { type: 'waiting'; attempts: number; stopped: boolean }
  | { type: 'failed'; error: unknown }
  | { type: 'refreshing' }
  | { type: 'refreshFailed'; error: unknown }
  | { type: 'restart' };

function reducer(state: SessionsState, action: Action): SessionsState {
  switch (action.type) {
    case 'loaded':
      return {
        kind: 'ready',
        sessions: action.sessions,
        refreshing: false,
        refreshedAt: action.at,
        refreshError: null,
        afterWait: state.kind === 'waiting' || (state.kind === 'ready' && state.afterWait),
      };
    case 'waiting':
      return { kind: 'waiting', attempts: action.attempts, stopped: action.stopped };
    case 'failed':
      return { kind: 'failed', error: action.error };
    case 'refreshing':
      return state.kind === 'ready' ? { ...state, refreshing: true, refreshError: null } : state;
    case 'refreshFailed':
      return state.kind === 'ready' ? { ...state, refreshing: false, refreshError: action.error } : { kind: 'failed', error: action.error };
    case 'restart':
      return state.kind === 'waiting' ? { kind: 'waiting', attempts: 0, stopped: false } : { kind: 'loading' };
  }
}

export const isStillDeciding = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.body.errorCode === 'APPLICATION_NOT_APPROVED';

/**
 * GRENKE is still deciding (the server answers the application's status and no order yet), or
 * the application moved on without one (declined): the page waits, and checks where it stands.
 */
export const nothingToSignYet = (sessions: SigningSessions): boolean => sessions.sessions.length === 0 && !sessions.signedDocumentAvailable;

export interface SigningSessionsOptions {
  /** Called on each answer that GRENKE is still deciding: the page checks whether it declined. */
  onStillDeciding?: () => void;
  retryMs?: number;
  maxAttempts?: number;
  /** The refresh call; keep it stable (a module function). */
  refresh?: () => Promise<SigningSessions>;
}

/**
 * The signing sessions of the business contract, refreshed from the signing service when the
 * page loads (a signatory may just have come back from signing) and on request. While GRENKE is
 * still deciding, the page waits and asks again by itself.
 */
export function useSigningSessions({
  onStillDeciding,
  retryMs = SIGNING_WAIT_RETRY_MS,
  maxAttempts = SIGNING_WAIT_MAX_ATTEMPTS,
  refresh = refreshSigningSessions,
}: SigningSessionsOptions = {}) {
  const [state, dispatch] = useReducer(reducer, { kind: 'loading' });
  const [round, setRound] = useState(0);
  // The latest callback, without restarting the loop when the page passes a new one.
  const stillDeciding = useRef(onStillDeciding);
  useEffect(() => {
    stillDeciding.current = onStillDeciding;
  });

  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    const load = async () => {
      try {
        const sessions = await refresh();
        if (!active) return;
        if (!nothingToSignYet(sessions)) {
          dispatch({ type: 'loaded', sessions, at: null });
          return;
        }
      } catch (error) {
        if (!active) return;
        if (!isStillDeciding(error)) {
          dispatch({ type: 'failed', error });
          return;
        }
      }
      attempts += 1;
      const stopped = attempts >= maxAttempts;
      dispatch({ type: 'waiting', attempts, stopped });
      stillDeciding.current?.();
      if (!stopped) timer = setTimeout(() => void load(), retryMs);
    };
    void load();
    return () => {
      active = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [round, retryMs, maxAttempts, refresh]);

  /** "Update status": asks the signing service again, keeping the list shown meanwhile. */
  const refreshNow = useCallback(async () => {
    dispatch({ type: 'refreshing' });
    try {
      dispatch({ type: 'loaded', sessions: await refresh(), at: new Date() });
    } catch (error) {
      dispatch({ type: 'refreshFailed', error });
    }
  }, [refresh]);

  /** Starts over: after the wait stopped, or after loading failed. */
  const startOver = useCallback(() => {
    dispatch({ type: 'restart' });
    setRound((value) => value + 1);
  }, []);

  return { state, refreshNow, startOver };
}

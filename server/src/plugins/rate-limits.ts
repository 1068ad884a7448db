/**
 * Rate limits on everything a stranger can make the portal spend on (PRODUCT section 8; ADR 15).
 * The numbers are domain's RATE_LIMITS (with RATE_LIMITS overrides from the configuration); the
 * counters are rows of the database, written by rate-limiter-flexible's PostgreSQL store through
 * our `Db`, so every instance counts against the same limit on PGlite and on PostgreSQL alike.
 *
 * - `check` counts one request against one or more limits (an address and an application, say)
 *   with one atomic upsert each; over any of them it answers 429 TOO_MANY_REQUESTS with
 *   Retry-After. A key that went over is then refused from memory (by this instance) until its
 *   window ends, before any counter is touched, so a flood costs no database work after the limit.
 * - `local` is for the payment status poll, a hot path answered from memory: it counts in memory
 *   and adds to the shared counter only every tenth of the limit (ADR 15 weighs the trade-off).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { RATE_LIMIT_NAMES, type RateLimit, type RateLimitName } from '@portal/domain';
import { RATE_LIMITS_TABLE } from '../db/repositories/rate-limits';
import { sha256Hex } from '../lib/crypto';
import { ApiError } from '../lib/errors';

/** One limit to count a request against, and what it counts by; no key: not counted. */
export interface LimitKey {
  limit: RateLimitName;
  key: string | null | undefined;
}

/** Where a counted request stands against one limit. */
export interface LimitState {
  limit: RateLimit;
  remaining: number;
  /** Seconds until the window ends (and the count starts again). */
  resetSeconds: number;
}

/** The answer over a limit: 429 with the catalogue's TOO_MANY_REQUESTS and when to try again. */
export class TooManyRequests extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'TOO_MANY_REQUESTS');
  }
}

/**
 * A stored key never holds what it counts: an address, a session id or an API key id become a
 * SHA-256 (its first 128 bits, which keep keys apart as well as the whole would).
 */
const storedKey = (value: string): string => sha256Hex(value).slice(0, 32);

const secondsUntil = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/**
 * The key of a client address: IPv4 as it is; IPv6 by its /64, the block one subscriber (a
 * phone, a household) gets, so a client cannot step around its limit through its own addresses.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0]?.toLowerCase() ?? '';
  if (!address.includes(':')) return address;
  // An IPv4 client of a dual-stack socket (Node writes it ::ffff:a.b.c.d) is an IPv4 client.
  const v4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address)?.[1];
  if (v4) return v4;
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const groups = [...before, ...Array<string>(Math.max(0, 8 - before.length - after.length)).fill('0'), ...after];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/**
 * A limit counted in memory first, for a path that must not wait for the database. Each
 * instance keeps its own count per key and adds it to the shared counter in batches of a tenth
 * of the limit, learning the total of every instance as it does: a client that spreads its
 * requests over n instances gets at most n batches more than the limit; a customer who polls a
 * few dozen times never causes a write.
 */
export class LocalFirstLimit {
  readonly #entries = new Map<string, { unsent: number; known: number; endsAt: number }>();
  readonly #batch: number;

  constructor(
    readonly limit: RateLimit,
    private readonly shared: RateLimiterPostgres,
    private readonly onError: (error: unknown) => void,
    private readonly maxKeys = 100_000,
  ) {
    this.#batch = Math.max(1, Math.floor(limit.points / 10));
  }

  /** Counts one request; answers the seconds to wait when it is over the limit, else 0. */
  hit(key: string, now = Date.now()): number {
    let entry = this.#entries.get(key);
    if (!entry || entry.endsAt <= now) {
      if (this.#entries.size >= this.maxKeys) this.#sweep(now);
      entry = { unsent: 0, known: 0, endsAt: now + this.limit.windowSeconds * 1000 };
      this.#entries.set(key, entry);
    }
    entry.unsent += 1;
    if (entry.unsent >= this.#batch) this.#send(key, entry);
    return entry.known + entry.unsent > this.limit.points ? secondsUntil(entry.endsAt - now) : 0;
  }

  /** Whether one more request of `key` would be within the limit; counts nothing. */
  allows(key: string, now = Date.now()): boolean {
    const entry = this.#entries.get(key);
    const counted = !entry || entry.endsAt <= now ? 0 : entry.known + entry.unsent;
    return counted + 1 <= this.limit.points;
  }

  #send(key: string, entry: { unsent: number; known: number; endsAt: number }): void {
    const points = entry.unsent;
    entry.unsent = 0;
    entry.known += points;
    const learn = (result: RateLimiterRes) => {
      // The shared total includes this batch; requests counted meanwhile stay in `unsent`.
      entry.known = Math.max(entry.known, result.consumedPoints);
      if (result.msBeforeNext > 0) entry.endsAt = Date.now() + result.msBeforeNext;
    };
    this.shared.consume(storedKey(key), points).then(learn, (rejection: unknown) => {
      if (rejection instanceof RateLimiterRes) learn(rejection);
      else this.onError(rejection);
    });
  }

  /** Drops ended windows; when every key is live, all of them (the limit then starts afresh). */
  #sweep(now: number): void {
    for (const [key, entry] of this.#entries) if (entry.endsAt <= now) this.#entries.delete(key);
    if (this.#entries.size >= this.maxKeys) this.#entries.clear();
  }
}

/**
 * The limit's headers a caller that reads them gets (the merchant API): IETF's RateLimit header
 * fields as most APIs send them (draft-ietf-httpapi-ratelimit-headers, its separate fields).
 */
export const RATE_LIMIT_HEADERS = {
  limit: 'RateLimit-Limit',
  remaining: 'RateLimit-Remaining',
  reset: 'RateLimit-Reset',
  retryAfter: 'Retry-After',
} as const;

export interface RateLimits {
  /**
   * Counts the request against each limit with a key; throws TooManyRequests over any. With
   * `headers`, the answer carries the RateLimit-* fields of the tightest limit.
   */
  check(reply: FastifyReply, keys: readonly LimitKey[], options?: { headers?: boolean }): Promise<LimitState[]>;
  /** A preHandler that checks the limits whose keys `keysOf` finds in the request. */
  guard(keysOf: (request: FastifyRequest) => readonly LimitKey[]): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The memory-first counter of one limit (the payment status poll). */
  local(limit: RateLimitName): LocalFirstLimit;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: RateLimits;
  }
}

export default fp(async function rateLimits(app: FastifyInstance) {
  const limiters = new Map<RateLimitName, RateLimiterPostgres>();
  for (const name of RATE_LIMIT_NAMES) {
    const { points, windowSeconds } = app.config.rateLimits[name];
    limiters.set(
      name,
      new RateLimiterPostgres({
        storeClient: app.repos.rateLimits.storeClient,
        storeType: 'pool',
        tableName: RATE_LIMITS_TABLE,
        // Migration 009 made the table; housekeeping deletes ended windows (no timer of its own).
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: name,
        points,
        duration: windowSeconds,
      }),
    );
  }
  const limiterOf = (name: RateLimitName): RateLimiterPostgres => {
    const limiter = limiters.get(name);
    if (!limiter) throw new Error(`no rate limiter ${name}`);
    return limiter;
  };

  // Keys this instance found over a limit, until when: refused from memory, without a database round trip.
  const refusedUntil = new Map<string, number>();
  const remember = (name: RateLimitName, key: string, ms: number) => {
    if (refusedUntil.size >= 10_000) {
      const now = Date.now();
      for (const [k, until] of refusedUntil) if (until <= now) refusedUntil.delete(k);
      if (refusedUntil.size >= 10_000) refusedUntil.clear();
    }
    refusedUntil.set(`${name}:${key}`, Date.now() + ms);
  };

  const writeHeaders = (reply: FastifyReply, state: LimitState) => {
    reply.header(RATE_LIMIT_HEADERS.limit, String(state.limit.points));
    reply.header(RATE_LIMIT_HEADERS.remaining, String(state.remaining));
    reply.header(RATE_LIMIT_HEADERS.reset, String(state.resetSeconds));
  };
  const refuse = (reply: FastifyReply, ms: number): never => {
    const seconds = secondsUntil(ms);
    reply.header(RATE_LIMIT_HEADERS.retryAfter, String(seconds));
    throw new TooManyRequests(seconds);
  };

  const check: RateLimits['check'] = async (reply, keys, options = {}) => {
    const counted = keys.filter((k): k is LimitKey & { key: string } => typeof k.key === 'string' && k.key !== '');

    // A key this instance already found over is refused before any counter is touched: a flood
    // past one limit (an address) writes nothing for the others (one row per made-up reference).
    const now = Date.now();
    const known = counted
      .map(({ limit, key }) => ({ limit, ms: (refusedUntil.get(`${limit}:${key}`) ?? 0) - now }))
      .filter(({ ms }) => ms > 0);
    const longest = known.reduce<{ limit: RateLimitName; ms: number } | undefined>((max, k) => (!max || k.ms > max.ms ? k : max), undefined);
    if (longest) {
      if (options.headers) writeHeaders(reply, { limit: app.config.rateLimits[longest.limit], remaining: 0, resetSeconds: secondsUntil(longest.ms) });
      refuse(reply, longest.ms);
    }

    const results = await Promise.all(
      counted.map(async ({ limit, key }) => {
        try {
          return { limit, key, result: await limiterOf(limit).consume(storedKey(key)), over: false };
        } catch (rejection) {
          // Over the limit the store rejects with the count; anything else is a real failure.
          if (rejection instanceof RateLimiterRes) return { limit, key, result: rejection, over: true };
          throw rejection;
        }
      }),
    );
    let retryAfterMs = 0;
    const states = results.map(({ limit, key, result, over }): LimitState => {
      if (over) {
        retryAfterMs = Math.max(retryAfterMs, result.msBeforeNext, 1);
        remember(limit, key, result.msBeforeNext);
      }
      return { limit: app.config.rateLimits[limit], remaining: over ? 0 : result.remainingPoints, resetSeconds: secondsUntil(result.msBeforeNext) };
    });
    const tightest = states.reduce<LimitState | undefined>((min, state) => (!min || state.remaining < min.remaining ? state : min), undefined);
    if (options.headers && tightest) writeHeaders(reply, tightest);
    if (retryAfterMs > 0) {
      // Once per key and instance: later refusals come from memory, unlogged.
      reply.request.log.warn({ limits: results.filter((r) => r.over).map((r) => r.limit), retryAfterSeconds: secondsUntil(retryAfterMs) }, 'rate limit reached');
      refuse(reply, retryAfterMs);
    }
    return states;
  };

  const locals = new Map<RateLimitName, LocalFirstLimit>();
  app.decorate('limits', {
    check,
    guard: (keysOf) => async (request, reply) => {
      await check(reply, keysOf(request));
    },
    local(name) {
      let local = locals.get(name);
      if (!local) {
        local = new LocalFirstLimit(app.config.rateLimits[name], limiterOf(name), (error) =>
          app.log.warn({ err: error, limit: name }, 'could not add to a shared rate limit'),
        );
        locals.set(name, local);
      }
      return local;
    },
  } satisfies RateLimits);
});

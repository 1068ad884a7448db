import type { CountryCode } from '@portal/domain';
import type { Config } from './config';
import type { Db } from './db/db';
import type { Repositories } from './db/repositories';
import type { HotPaths } from './lib/hot-paths';

/** The person a session is bound to after identification. */
export interface SessionIdentity {
  nationalId: string;
  country: CountryCode;
  firstName: string;
  lastName: string;
  method: 'dummy' | 'bankid-no' | 'bankid-se';
  authenticatedAt: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    repos: Repositories;
    /** Requests answered before Fastify's routing, from memory (lib/hot-paths.ts). */
    hotPaths: HotPaths;
  }

  interface Session {
    identity?: SessionIdentity;
    /** The application the customer is working on: listed first. */
    activeReference?: string;
    /**
     * BankID identifications started and not yet returned: their state, nonce and PKCE verifier
     * stay on the server, bound to the session cookie, never only in the browser.
     */
    oidc?: {
      pending: {
        state: string;
        nonce: string;
        codeVerifier: string;
        country: CountryCode;
        reference?: string;
        /** Where to go once identified without an application: the customer's own page. */
        then?: 'my-applications';
        /** Epoch milliseconds. */
        startedAt: number;
      }[];
    };
  }
}

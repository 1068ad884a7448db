/**
 * One provider application per portal application, whatever the browser does (double click,
 * retry after a timeout, two tabs, two server instances): the first caller takes a lease on the
 * application's provider row and calls the lender; later callers wait until it is done (woken by
 * the change feed, at the latest when the lease runs out) and get the same answer. A caller that
 * dies leaves an expired lease; the next caller takes over and repeats the call, which the
 * lenders make idempotent with the application reference.
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db';
import { repositories } from '../db/repositories';
import type { LenderAccount, ProviderAnswer, ProviderApplication, ProviderKind } from '../db/repositories/provider-applications';
import type { ProviderFailure, ProviderResult } from '../providers/types';

export class SubmissionFailed extends Error {
  constructor(readonly failure: ProviderFailure) {
    super(`provider call failed: ${failure.kind}`);
  }
}

type Claim = { kind: 'mine'; account: LenderAccount | null } | { kind: 'wait'; until: Date } | { kind: 'done'; answer: ProviderApplication };

/**
 * Submits once, through `account` (kept on the row from the start; a caller that takes over an
 * expired lease calls through the account kept, where the first call may have made the payment).
 * `call` talks to the lender; `afterSubmit` runs in the transaction that stores
 * the answer (the lifecycle events), so the answer and its consequences commit together.
 */
export async function submitOnce(
  app: FastifyInstance,
  applicationId: string,
  provider: ProviderKind,
  account: LenderAccount | null,
  call: (account: LenderAccount | null) => Promise<ProviderResult<ProviderAnswer>>,
  afterSubmit: (tx: Queryable, answer: ProviderApplication) => Promise<void>,
): Promise<ProviderApplication> {
  const leaseMs = app.config.providerTimeoutMs * 3 + 2000;
  const changeKey = `app:${applicationId}`;

  for (;;) {
    const claim = await app.db.transaction(async (tx): Promise<Claim> => {
      const rows = repositories(tx).providerApplications;
      // Two first callers at once: the insert lets exactly one of them in, the other then waits
      // on the row lock below like any later caller.
      if (await rows.insertSubmitting(applicationId, provider, leaseMs, account)) return { kind: 'mine', account };
      const row = await rows.lock(applicationId);
      if (!row) throw new Error('provider application vanished');
      if (row.submissionState === 'SUBMITTED') return { kind: 'done', answer: row };
      if (row.leaseUntil && row.leaseUntil.getTime() > Date.now()) return { kind: 'wait', until: row.leaseUntil };
      // The previous caller's lease ran out: take over.
      await rows.renewLease(applicationId, leaseMs, account);
      return { kind: 'mine', account: row.account ?? account };
    });

    if (claim.kind === 'done') return claim.answer;
    if (claim.kind === 'wait') {
      await app.changes.next(changeKey, claim.until);
      continue;
    }

    const result = await call(claim.account);
    if (!result.ok) {
      await app.db.transaction(async (tx) => {
        await repositories(tx).providerApplications.releaseLease(applicationId);
        // Waiting callers wake and try themselves.
        app.changes.publish(tx, changeKey);
      });
      throw new SubmissionFailed(result.failure);
    }
    return app.db.transaction(async (tx) => {
      const stored = await repositories(tx).providerApplications.markSubmitted(applicationId, result.value);
      app.changes.publish(tx, changeKey);
      await afterSubmit(tx, stored);
      return stored;
    });
  }
}

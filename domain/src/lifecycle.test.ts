import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUSES,
  isAllowed,
  LIFECYCLE_EVENTS,
  LIFECYCLE_TABLE,
  MERCHANT_STATUSES,
  nextState,
  STATUS_INFO,
  WEBHOOK_EVENT_TYPES,
} from './lifecycle';
import { lifecycleDocument } from './lifecycle-doc';
import { OUTCOMES } from './outcomes';

const DOC = new URL('../../docs/lifecycle.md', import.meta.url);

describe('the lifecycle table', () => {
  it('has at most one row per (status, event) pair', () => {
    const pairs = LIFECYCLE_TABLE.map((row) => `${row.from} ${row.event}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  // Walks every pair of the whole table, allowed or not.
  it.each(APPLICATION_STATUSES.flatMap((status) => LIFECYCLE_EVENTS.map((event) => [status, event] as const)))(
    '%s + %s answers its row, or refuses',
    (status, event) => {
      const row = LIFECYCLE_TABLE.find((r) => r.from === status && r.event === event);
      const next = nextState(status, 'apply_continue', event);
      if (!row) {
        expect(next).toBeNull();
        expect(isAllowed(status, event)).toBe(false);
        return;
      }
      expect(next).not.toBeNull();
      expect(next?.to).toBe(row.to);
      expect(next?.merchantStatus).toBe(STATUS_INFO[row.to].merchant);
      expect(MERCHANT_STATUSES).toContain(next?.merchantStatus);
      if (row.webhook === null) {
        // Changes nothing: same status, same outcome, no webhook.
        expect(row.to).toBe(status);
        expect(next?.outcome).toBe('apply_continue');
        expect(next?.changed).toBe(false);
      } else if (row.always) {
        // After the sale: the status and the outcome stay, and each such event is a change of its own.
        expect(WEBHOOK_EVENT_TYPES).toContain(row.webhook);
        expect(row.to).toBe(status);
        expect(next?.outcome).toBe('apply_continue');
        expect(next?.changed).toBe(true);
      } else if (row.outcome === null) {
        // A change of status that keeps the outcome the customer left with (a withdrawal).
        expect(WEBHOOK_EVENT_TYPES).toContain(row.webhook);
        expect(next?.outcome).toBe('apply_continue');
        expect(next?.changed).toBe(row.to !== status);
      } else {
        expect(WEBHOOK_EVENT_TYPES).toContain(row.webhook);
        expect(OUTCOMES).toContain(row.outcome);
        expect(next?.outcome).toBe(row.outcome);
      }
    },
  );

  it("never leaves a final status but by a consumer's withdrawal or a lender's new decision after a review; only the money after the sale moves on in COMPLETED", () => {
    const ways = LIFECYCLE_TABLE.filter((row) => STATUS_INFO[row.from].final && row.to !== row.from).map((row) => `${row.from} ${row.event} ${row.to}`);
    expect(ways.sort()).toEqual(['COMPLETED customer.withdrew WITHDRAWN', 'DECLINED review.changed APPROVED']);
    for (const row of LIFECYCLE_TABLE) {
      if (STATUS_INFO[row.from].final && row.to === row.from) {
        expect(row.to, `${row.from} + ${row.event}`).toBe(row.from);
        if (row.webhook !== null) {
          expect(['COMPLETED', 'WITHDRAWN'], row.event).toContain(row.from);
          expect(row.always, row.event).toBe(true);
          expect(row.event, row.event).toMatch(/^(payment|lease)\./);
        }
      }
    }
  });

  it('records every capture, refund and cancel after the sale, each with its webhook, keeping the outcome', () => {
    for (const event of ['payment.captured', 'payment.refunded', 'payment.cancelled'] as const) {
      expect(nextState('COMPLETED', 'client_sign_success_approved', event)).toMatchObject({ to: 'COMPLETED', outcome: 'client_sign_success_approved', webhook: event, changed: true });
      // Nothing to capture before the lender has granted it.
      expect(nextState('APPROVED', 'apply_approved', event)).toBeNull();
    }
    expect(nextState('SIGNED', 'apply_continue', 'lease.delivery_confirmed')).toMatchObject({ to: 'SIGNED', webhook: 'lease.delivery_confirmed', changed: true });
  });

  it('withdraws a concluded agreement once, for good, and reopens a decline only through a review', () => {
    expect(nextState('COMPLETED', 'client_sign_success_approved', 'customer.withdrew')).toMatchObject({ to: 'WITHDRAWN', outcome: 'client_sign_success_approved', webhook: 'application.withdrawn', changed: true });
    expect(nextState('WITHDRAWN', 'client_sign_success_approved', 'customer.withdrew')).toMatchObject({ to: 'WITHDRAWN', changed: false });
    for (const status of ['CREATED', 'APPROVED', 'SIGNING', 'DECLINED'] as const) expect(isAllowed(status, 'customer.withdrew'), status).toBe(false);
    expect(nextState('DECLINED', 'apply_denied', 'review.changed')).toMatchObject({ to: 'APPROVED', outcome: 'apply_approved', webhook: 'application.approved' });
    expect(isAllowed('DECLINED', 'decision.approved')).toBe(false);
    expect(isAllowed('WITHDRAWN', 'payment.captured')).toBe(false);
  });

  it('reaches every status from CREATED', () => {
    const reached = new Set(['CREATED']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const row of LIFECYCLE_TABLE) {
        if (reached.has(row.from) && !reached.has(row.to)) {
          reached.add(row.to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...APPLICATION_STATUSES].sort());
  });

  it('lets every non-final status end: the customer, the merchant or time can always close it', () => {
    for (const status of APPLICATION_STATUSES.filter((s) => !STATUS_INFO[s].final)) {
      const closers = LIFECYCLE_TABLE.filter((row) => row.from === status && STATUS_INFO[row.to].final);
      expect(closers.length, status).toBeGreaterThan(0);
      expect(isAllowed(status, 'merchant.cancelled'), status).toBe(true);
    }
  });

  it('tells the same outcome everywhere a status is the same after signing', () => {
    // Outcomes after a signature are client_sign_*; before it apply_*.
    for (const row of LIFECYCLE_TABLE.filter((r) => r.webhook !== null && r.to === 'COMPLETED' && !r.always)) {
      const signed = row.from === 'SIGNING' || row.from === 'SIGNED';
      expect(row.outcome, `${row.from} + ${row.event}`).toBe(signed ? 'client_sign_success_approved' : 'apply_approved');
    }
  });

  it('makes a repeated report a no-op: nothing changes, no webhook', () => {
    expect(nextState('SUBMITTED', 'apply_continue', 'submitted')?.changed).toBe(false);
    expect(nextState('SIGNING', 'client_sign_failed', 'signing.declined')?.changed).toBe(false);
    expect(nextState('SIGNING', 'apply_continue', 'signing.declined')).toMatchObject({ changed: true, outcome: 'client_sign_failed', to: 'SIGNING' });
  });

  it('keeps a frozen application pending until the lender decides, before and after signing', () => {
    expect(nextState('SUBMITTED', 'apply_continue', 'decision.pending')).toMatchObject({ to: 'PENDING', merchantStatus: 'PENDING', outcome: 'apply_continue' });
    expect(nextState('SIGNING', 'apply_continue', 'decision.pending')).toMatchObject({ to: 'SIGNED', merchantStatus: 'PENDING', outcome: 'apply_continue' });
    expect(STATUS_INFO.SIGNING.merchant).not.toBe('APPROVED');
  });

  it('closes an application the customer leaves before applying', () => {
    expect(nextState('CREATED', null, 'customer.left')).toMatchObject({ to: 'CANCELLED', outcome: 'apply_cancelled', webhook: 'application.cancelled', changed: true });
  });

  it('refuses what makes no sense, such as a merchant cancelling a completed application', () => {
    expect(nextState('COMPLETED', 'client_sign_success_approved', 'merchant.cancelled')).toBeNull();
    expect(nextState('DECLINED', 'apply_denied', 'decision.approved')).toBeNull();
    expect(nextState('CREATED', null, 'decision.granted')).toBeNull();
  });
});

describe('docs/lifecycle.md', () => {
  it('is the document generated from the table', () => {
    const generated = lifecycleDocument();
    if (process.env.UPDATE_LIFECYCLE_DOC) writeFileSync(DOC, generated);
    expect(readFileSync(DOC, 'utf8'), 'run `npm run docs:lifecycle`').toBe(generated);
  });
});

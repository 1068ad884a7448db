/**
 * Authorization callbacks of the simulated Resurs Bank: POST {paymentId, status, created} to the
 * URL given at creation, once per status, whenever a payment reaches AUTHORIZED, FROZEN or
 * REJECTED. Best effort, like the real ones: a short timeout, no retry, and a failure is logged
 * (payment id and status only) and otherwise ignored. Which statuses were sent is stored with
 * the payment, so instances and restarts never send one twice.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxStore } from '../records';
import { type AuthorizationStatus, authorizationStatusOf, stateOf, type StoredPayment } from './model';

const CALLBACK_TIMEOUT_MS = 3000;
/** Delayed decisions further away than this are left to the next read of the payment. */
const LONGEST_TIMER_MS = 60 * 60 * 1000;

export interface CallbackNotifier {
  /** Sends what is due for this payment now and plans the next flip; never throws. */
  notify(paymentId: string): Promise<void>;
  /** For reads: notify only when the payment as read has a callback due. */
  notifyIfDue(payment: StoredPayment): void;
}

export function callbackNotifier(app: FastifyInstance, payments: SandboxStore<StoredPayment>): CallbackNotifier {
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  });

  const due = (payment: StoredPayment): AuthorizationStatus | null => {
    // [?] A merchant's own cancel is told by management callbacks (not simulated), not by this one.
    if (payment.cancelledAt) return null;
    const status = authorizationStatusOf(stateOf(payment).status);
    return status && payment.options.authorizationCallbackUrl && !payment.callbacksSent.includes(status) ? status : null;
  };

  async function post(url: string, paymentId: string, status: AuthorizationStatus): Promise<void> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ paymentId, status, created: new Date().toISOString() }),
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
        redirect: 'manual',
      });
      await response.body?.cancel();
      app.log.info({ paymentId, status, httpStatus: response.status }, 'resurs-v2 sandbox: authorization callback sent');
    } catch (error) {
      app.log.warn(
        { paymentId, status, reason: error instanceof Error ? error.name : 'unknown' },
        'resurs-v2 sandbox: authorization callback failed',
      );
    }
  }

  function schedule(paymentId: string, changesAt: number | null): void {
    if (closed || changesAt === null || timers.has(paymentId)) return;
    const delay = changesAt - Date.now();
    if (delay > LONGEST_TIMER_MS) return;
    const timer = setTimeout(
      () => {
        timers.delete(paymentId);
        void notify(paymentId);
      },
      Math.max(0, delay) + 50,
    );
    timer.unref();
    timers.set(paymentId, timer);
  }

  async function notify(paymentId: string): Promise<void> {
    if (closed) return;
    try {
      const current = await payments.get(paymentId);
      if (!current) return;
      const outbox: { url: string; status: AuthorizationStatus }[] = [];
      if (due(current)) {
        // Claim the callback under the row lock, so that of several readers one sends it.
        const updated = await payments.update(paymentId, (payment) => {
          if (!payment) throw new Error('payment disappeared');
          const status = due(payment);
          const url = payment.options.authorizationCallbackUrl;
          if (!status || !url) return payment;
          outbox.push({ url, status });
          return { ...payment, callbacksSent: [...payment.callbacksSent, status] };
        });
        schedule(paymentId, stateOf(updated).changesAt);
      } else {
        schedule(paymentId, stateOf(current).changesAt);
      }
      for (const message of outbox) await post(message.url, paymentId, message.status);
    } catch (error) {
      if (!closed) app.log.warn({ paymentId, reason: error instanceof Error ? error.name : 'unknown' }, 'resurs-v2 sandbox: callback check failed');
    }
  }

  return {
    notify,
    notifyIfDue(payment) {
      if (due(payment)) void notify(payment.id);
    },
  };
}

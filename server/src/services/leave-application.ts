/**
 * The customer goes back to the shop (the header's link, log out, a page's back link). Only the
 * session that owns the application may end it: leaving before applying cancels it, leaving an
 * approved application unsigned fails it (and withdraws it at the lender); leaving while the
 * lender decides changes nothing. The shop is told the same outcome the browser carries back.
 */
import type { FastifyInstance } from 'fastify';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { SessionIdentity } from '../types';
import { applyEvent } from './apply-event';
import { ownedApplication } from './applications';
import { withdrawAtLender } from './cancel-application';
import { merchantReturnUrl, outcomeOnLeaving } from './merchant-return';

export async function leaveApplication(app: FastifyInstance, identity: SessionIdentity, reference: string): Promise<{ application: ApplicationRecord; redirectUrl: string }> {
  const owned = await ownedApplication(app.db, identity, reference);
  const before = owned.status;
  const { application, changed } = await applyEvent(app, owned.id, 'customer.left');
  // An approval the customer walked away from is withdrawn at the lender too.
  if (changed && (before === 'APPROVED' || before === 'SIGNING')) await withdrawAtLender(app, application);
  return { application, redirectUrl: merchantReturnUrl(application, outcomeOnLeaving(application)) };
}

/**
 * The whole national ID of one application's customer, for one operator, for a stated reason:
 * the reason is in the audit log before the number leaves the server.
 */
import type { FastifyInstance } from 'fastify';
import type { Actor } from './actor';
import { findApplication } from './application-detail';

export async function revealNationalId(app: FastifyInstance, actor: Actor, reference: string, reason: string): Promise<string | null> {
  const application = await findApplication(app, reference);
  const customer = await app.repos.customers.findByApplicationId(application.id);
  await app.repos.auditLog.append({
    operatorSubject: actor.subject,
    operatorName: actor.name,
    action: 'application.national_id_revealed',
    targetType: 'application',
    targetId: application.reference,
    reason,
  });
  return customer?.nationalId ?? null;
}

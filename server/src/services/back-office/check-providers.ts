/**
 * The providers' preflight from the back office: the same harmless calls `npm run providers:check`
 * makes, run by an operator, audited (it calls every lender with the portal's credentials).
 */
import type { FastifyInstance } from 'fastify';
import type { PreflightReport } from '@portal/domain';
import { runProvidersCheck } from '../providers-check';
import type { Actor } from './actor';

export async function checkProvidersAsOperator(app: FastifyInstance, actor: Actor): Promise<PreflightReport> {
  const report = await runProvidersCheck(app.config, app.log);
  const failed = report.checks.filter((check) => check.outcome === 'failed').map((check) => `${check.provider}${check.country ? `:${check.country}` : ''}`);
  await app.repos.auditLog.append({
    operatorSubject: actor.subject,
    operatorName: actor.name,
    action: 'providers.checked',
    targetType: 'providers',
    targetId: 'all',
    reason: null,
    detail: { failed: failed.join(' ') || null },
  });
  return report;
}

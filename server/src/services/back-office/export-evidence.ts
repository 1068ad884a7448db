/**
 * One application's evidence (ADR 32) as one file, for one operator, for a stated reason: what
 * the customer was shown and sent and each act, hash-chained, as `npm run evidence:verify` and
 * a supervisor's own tools check it. The audit entry (with the number of entries and the last
 * hash handed out) is written before the file leaves the server.
 */
import type { FastifyInstance } from 'fastify';
import { evidenceFileText } from '../evidence-chain';
import { evidenceOf } from '../evidence';
import type { Actor } from './actor';
import { findApplication } from './application-detail';

export interface EvidenceFile {
  filename: string;
  text: string;
}

export async function exportEvidence(app: FastifyInstance, actor: Actor, reference: string, reason: string): Promise<EvidenceFile> {
  const application = await findApplication(app, reference);
  const entries = await evidenceOf(app.db, application.id);
  const provider = await app.repos.providerApplications.find(application.id);
  const text = evidenceFileText(
    {
      application: application.reference,
      merchantId: application.merchantId,
      merchantPaymentReference: application.merchantPaymentReference,
      lender: provider?.provider ?? application.provider,
      exportedAt: new Date().toISOString(),
    },
    entries,
  );
  await app.repos.auditLog.append({
    operatorSubject: actor.subject,
    operatorName: actor.name,
    action: 'application.evidence_exported',
    targetType: 'application',
    targetId: application.reference,
    reason,
    detail: { entries: entries.length, headHash: entries.at(-1)?.hash ?? null },
  });
  return { filename: `evidence-${application.reference}.json`, text };
}

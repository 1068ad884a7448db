/**
 * An operator signed in at the broker: the roles come from the ID token's role claim (a list, or
 * a space- or comma-separated string); without a back-office role there is no session. The
 * session's token goes to the cookie, its hash to the database.
 */
import { BACK_OFFICE_LIMITS, isOperatorRole, type OperatorRole } from '@portal/domain';
import type { Db } from '../../db/db';
import { repositories } from '../../db/repositories';
import type { OperatorSession } from '../../db/repositories/operator-sessions';
import { randomToken, sha256Hex } from '../../lib/crypto';

export function rolesFromClaim(value: unknown): OperatorRole[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  return [...new Set(raw.filter(isOperatorRole))];
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export type SignInResult = { ok: true; token: string; session: OperatorSession } | { ok: false; problem: 'no-role' | 'claims' };

export async function signInOperator(db: Db, claims: Record<string, unknown>, roleClaim: string): Promise<SignInResult> {
  const subject = text(claims.sub);
  const name = text(claims.name) ?? text(claims.preferred_username) ?? subject;
  if (!subject || !name) return { ok: false, problem: 'claims' };
  const roles = rolesFromClaim(claims[roleClaim]);
  if (roles.length === 0) return { ok: false, problem: 'no-role' };

  const token = randomToken(32);
  const session = await db.transaction(async (tx) => {
    const repos = repositories(tx);
    const created = await repos.operatorSessions.create({
      tokenHash: sha256Hex(token),
      subject,
      name,
      email: text(claims.email),
      roles,
      expiresAt: new Date(Date.now() + BACK_OFFICE_LIMITS.sessionMaxHours * 3600_000),
    });
    await repos.auditLog.append({
      operatorSubject: subject,
      operatorName: name,
      action: 'operator.signed_in',
      targetType: 'operator_session',
      targetId: created.id,
      detail: { roles: roles.join(' ') },
    });
    return created;
  });
  return { ok: true, token, session };
}

/** Signing out ends the session at once (the cookie alone would live on in the browser). */
export async function signOutOperator(db: Db, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const repos = repositories(tx);
    const ended = await repos.operatorSessions.revokeByToken(sha256Hex(token));
    if (ended) {
      await repos.auditLog.append({
        operatorSubject: ended.operatorSubject,
        operatorName: ended.operatorName,
        action: 'operator.signed_out',
        targetType: 'operator_session',
        targetId: ended.id,
      });
    }
  });
}

/** An admin ends another operator's session (a lost laptop, someone who left). */
export async function revokeOperatorSession(db: Db, actor: { subject: string; name: string }, sessionId: string, reason: string | undefined): Promise<boolean> {
  return db.transaction(async (tx) => {
    const repos = repositories(tx);
    const ended = await repos.operatorSessions.revoke(sessionId);
    if (!ended) return false;
    await repos.auditLog.append({
      operatorSubject: actor.subject,
      operatorName: actor.name,
      action: 'operator.session_revoked',
      targetType: 'operator_session',
      targetId: sessionId,
      reason: reason ?? null,
      detail: { operator: ended.operatorSubject },
    });
    return true;
  });
}

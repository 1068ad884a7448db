/** A back-office route's method, path, role and operationId, all from BACK_OFFICE_API in domain/. */
import { BACK_OFFICE_API, type BackOfficeOperation } from '@portal/domain';
import type { OperatorSession } from '../../db/repositories/operator-sessions';
import { ApiError } from '../../lib/errors';
import type { Actor } from '../../services/back-office/actor';

export function requireOperator(request: { operator: OperatorSession | null }): OperatorSession {
  if (!request.operator) throw ApiError.unauthorized();
  return request.operator;
}

/** The operator as the use cases name who acted. */
export function actorOf(request: { operator: OperatorSession | null }): Actor {
  const operator = requireOperator(request);
  return { subject: operator.operatorSubject, name: operator.operatorName };
}

export function backOfficeRoute<K extends BackOfficeOperation>(operation: K) {
  const def = BACK_OFFICE_API[operation];
  return {
    method: def.method,
    url: def.route.pattern as (typeof BACK_OFFICE_API)[K]['route']['pattern'],
    config: { operatorRole: def.role },
    operationId: operation,
    tags: [def.role === 'admin' ? 'admin' : 'support'],
  };
}

import type { Queryable } from '../db';
import { applicationsRepository } from './applications';
import { consentsRepository } from './consents';
import { customersRepository } from './customers';
import { eventsRepository } from './events';
import { merchantsRepository } from './merchants';
import { providerApplicationsRepository } from './provider-applications';
import { providerInteractionsRepository } from './provider-interactions';
import { sessionsRepository } from './sessions';
import { settingsRepository } from './settings';
import { signingOrdersRepository } from './signing-orders';
import { webhookEventsRepository } from './webhook-events';
import { subscriptionsRepository } from './subscriptions';
import { auditLogRepository } from './audit-log';
import { operatorSessionsRepository } from './operator-sessions';
import { webhookAttemptsRepository } from './webhook-attempts';
import { rateLimitsRepository } from './rate-limits';
import { moneyRepository } from './money';
import { mailOutboxRepository } from './mail-outbox';
import { precontractualRepository } from './precontractual';
import { afterDecisionRepository } from './after-decision';

/** Every repository bound to one connection or transaction. */
export function repositories(db: Queryable) {
  return {
    merchants: merchantsRepository(db),
    applications: applicationsRepository(db),
    customers: customersRepository(db),
    consents: consentsRepository(db),
    events: eventsRepository(db),
    sessions: sessionsRepository(db),
    providerApplications: providerApplicationsRepository(db),
    signingOrders: signingOrdersRepository(db),
    webhookEvents: webhookEventsRepository(db),
    providerInteractions: providerInteractionsRepository(db),
    settings: settingsRepository(db),
    subscriptions: subscriptionsRepository(db),
    auditLog: auditLogRepository(db),
    operatorSessions: operatorSessionsRepository(db),
    webhookAttempts: webhookAttemptsRepository(db),
    rateLimits: rateLimitsRepository(db),
    money: moneyRepository(db),
    mailOutbox: mailOutboxRepository(db),
    precontractual: precontractualRepository(db),
    afterDecision: afterDecisionRepository(db),
  };
}
export type Repositories = ReturnType<typeof repositories>;

import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/db';
import { providerInteractionsRepository } from '../db/repositories/provider-interactions';
import type { Interaction, InteractionRecorder } from './types';

/**
 * Records every provider call against its application (kind, status, duration, outcome) and
 * logs it by application id. Recording never fails the call it records.
 */
export function databaseRecorder(db: Queryable, log: FastifyBaseLogger): InteractionRecorder {
  return {
    async record(interaction: Interaction) {
      const { provider, operation, applicationId, httpStatus, outcome, durationMs, field, trace } = interaction;
      if (outcome === 'unreadable') {
        // The provider's fault, said loudly: which provider, which call, which field (a path, never a value).
        log.error({ provider, operation, applicationId, httpStatus, outcome, field, durationMs }, `provider answer unreadable: ${provider} ${operation}, field ${field ?? '?'}`);
      } else {
        log.info({ provider, operation, applicationId, httpStatus, outcome, durationMs, ...(trace ? { providerTrace: trace } : {}) }, 'provider call');
      }
      try {
        await providerInteractionsRepository(db).insert({
          applicationId: interaction.applicationId ?? null,
          provider: interaction.provider,
          operation: interaction.operation,
          httpStatus: interaction.httpStatus ?? null,
          outcome: interaction.outcome,
          durationMs: interaction.durationMs,
        });
      } catch (error) {
        log.warn({ err: error }, 'could not record a provider interaction');
      }
    },
  };
}

/** For adapter tests that look at calls without a database. */
export function memoryRecorder(): InteractionRecorder & { interactions: Interaction[] } {
  const interactions: Interaction[] = [];
  return {
    interactions,
    async record(interaction) {
      interactions.push(interaction);
    },
  };
}

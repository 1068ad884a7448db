/**
 * Bolagsverket's signatories, reached through a data provider: Bolagsverket has no free open API
 * with signatories, so the lender's provider answers (Signicat Data Verification style). The
 * answer's shape is our choice [?], written down in `sandbox/src/registry/README.md`:
 * the people the registration names, and every combination of them that may sign.
 */
import { z } from 'zod';
import { normaliseNationalId } from '@portal/domain';
import type { CompanySignatory, RegistryPerson } from './types';

export const signatoriesAnswer = z.object({
  organizationNumber: z.string(),
  /** COMPLETE, PARTIAL or NONE: how much of the registered signing rule the provider could read. */
  coverage: z.string().optional(),
  persons: z.array(
    z.object({
      id: z.string().min(1),
      nationalId: z.string().nullish(),
      firstName: z.string().min(1),
      lastName: z.string().min(1),
      birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullish(),
    }),
  ),
  signingCombinations: z.array(z.object({ personIds: z.array(z.string()).min(1) })),
});

/**
 * A person may sign alone when a combination names them alone, and jointly when they appear only
 * in combinations of several. People in no combination (board alternates, auditors) have no right
 * to sign. With PARTIAL or NONE coverage some combinations may be missing: those people are not
 * confirmed, which refuses them rather than letting anyone in on a guess.
 */
export function signatoriesOfCombinations(answer: z.infer<typeof signatoriesAnswer>): CompanySignatory[] {
  const signatories: CompanySignatory[] = [];
  for (const person of answer.persons) {
    const combinations = answer.signingCombinations.filter((c) => c.personIds.includes(person.id));
    if (combinations.length === 0) continue;
    const nationalId = person.nationalId ? normaliseNationalId('SE', person.nationalId) : null;
    const name = { given: person.firstName, family: person.lastName };
    let who: RegistryPerson;
    if (nationalId) who = { nationalId, name, birthDate: person.birthDate ?? undefined };
    else if (person.birthDate) who = { name, birthDate: person.birthDate };
    else continue;
    signatories.push({ person: who, basis: 'signature', alone: combinations.some((c) => c.personIds.length === 1) });
  }
  return signatories;
}

/**
 * Brønnøysundregistrene, Enhetsregisteret's open data: `GET enheter/{organisasjonsnummer}/roller`
 * ([V] endpoint, [S] answer shape; see `sandbox/src/registry/README.md` and `contracts/src/brreg/`).
 * Roles come in groups (DAGL, STYR, SIGN, PROK …) and name people by name and birth date only:
 * the open API carries no national IDs.
 */
import { z } from 'zod';
import type { CompanySignatory, SigningBasis } from './types';

/**
 * The role types that carry a right to sign, and whether alone. Signatur (SIGN) and signatur hver
 * for seg (SIHV) let each holder sign alone, signatur i fellesskap (SIFE) only together; prokura
 * likewise (PROK, POHV alone; POFE jointly). Every other role (daglig leder, styrets leder,
 * styremedlem …) gives no right to sign by itself: where the company's rule names positions
 * rather than people, the open roles do not say who signs, and nobody is confirmed.
 */
export const SIGNING_ROLE_TYPES: Readonly<Record<string, { basis: SigningBasis; alone: boolean }>> = {
  SIGN: { basis: 'signature', alone: true },
  SIHV: { basis: 'signature', alone: true },
  SIFE: { basis: 'signature', alone: false },
  PROK: { basis: 'procuration', alone: true },
  POHV: { basis: 'procuration', alone: true },
  POFE: { basis: 'procuration', alone: false },
};

const code = z.object({ kode: z.string() });

/**
 * A role as Brønnøysund answers it [S python-brreg `_responses.py:314-336`]. Whether it has ended
 * is `avregistrert` in the current answer and `fratraadt` in the one before June 2026: either
 * counts, and a role that has neither cannot be read, since nobody could tell whether it still
 * holds. A role held by another unit (`enhet`) has no `person`.
 */
const role = z
  .object({
    type: code,
    person: z
      .object({
        fodselsdato: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        navn: z.object({ fornavn: z.string(), mellomnavn: z.string().nullish(), etternavn: z.string() }),
        erDoed: z.boolean().optional(),
      })
      .nullish(),
    avregistrert: z.boolean().optional(),
    fratraadt: z.boolean().optional(),
  })
  .refine((r) => r.avregistrert !== undefined || r.fratraadt !== undefined, { path: ['avregistrert'], message: 'whether the role has ended is missing' });

/** `GET enheter/{orgnr}/roller`: an answer without this shape is unreadable, said loudly (providers/http.ts). */
export const rolesAnswer = z.object({
  rollegrupper: z.array(z.object({ type: code, roller: z.array(role) })),
});

/** A role that has ended (either flag) gives no right any more. */
const hasEnded = (r: z.infer<typeof role>) => r.avregistrert === true || r.fratraadt === true;

/**
 * The people with a right to sign. Roles held by another company (`enhet`), by a person who has
 * died (`erDoed`), or that have ended (`avregistrert`, or `fratraadt` in the older answer) are
 * left out: leaving someone out can only refuse them, never let the wrong person in.
 */
export function signatoriesOfRoles(answer: z.infer<typeof rolesAnswer>): CompanySignatory[] {
  const signatories: CompanySignatory[] = [];
  for (const group of answer.rollegrupper) {
    for (const held of group.roller) {
      const right = SIGNING_ROLE_TYPES[held.type.kode];
      const { person } = held;
      if (!right || !person || person.erDoed === true || hasEnded(held)) continue;
      signatories.push({
        person: {
          name: { given: person.navn.fornavn, middle: person.navn.mellomnavn ?? undefined, family: person.navn.etternavn },
          birthDate: person.fodselsdato,
        },
        basis: right.basis,
        alone: right.alone,
      });
    }
  }
  return signatories;
}

/**
 * Brønnøysundregistrene, Enhetsregisteret's open data: `GET enheter/{organisasjonsnummer}/roller`
 * ([V] endpoint, [S] answer shape; see `sandbox/src/registry/README.md`). Roles come in
 * groups (DAGL, STYR, SIGN, PROK …) and name people by name and birth date only: the open API
 * carries no national IDs.
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

const role = z.object({
  type: code,
  person: z
    .object({
      fodselsdato: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      navn: z.object({ fornavn: z.string().min(1), mellomnavn: z.string().nullish(), etternavn: z.string().min(1) }),
      erDoed: z.boolean().optional(),
    })
    .optional(),
  fratraadt: z.boolean().optional(),
});

export const rolesAnswer = z.object({
  rollegrupper: z.array(z.object({ type: code, roller: z.array(z.unknown()) })),
});

/**
 * The people with a right to sign. Roles held by another company (`enhet`), by a person who has
 * died (`erDoed`) or who has stepped down (`fratraadt`) are left out, and so is a role we cannot
 * read: leaving someone out can only refuse them, never let the wrong person in.
 */
export function signatoriesOfRoles(answer: z.infer<typeof rolesAnswer>): CompanySignatory[] {
  const signatories: CompanySignatory[] = [];
  for (const group of answer.rollegrupper) {
    for (const raw of group.roller) {
      const parsed = role.safeParse(raw);
      if (!parsed.success) continue;
      const { type, person, fratraadt } = parsed.data;
      const right = SIGNING_ROLE_TYPES[type.kode];
      if (!right || !person || person.erDoed === true || fratraadt === true) continue;
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

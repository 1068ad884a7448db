/**
 * Bolagsverket's signing rules, through Signicat's Information API:
 * `GET info/lookup/countries/se/organizations/{id}/authorization?source=se-bolagsverket`
 * ([O] Signicat's .NET SDK `Services/Information/InformationService.cs:60-97` and the model
 * `Entities/Organization/Authorization.cs`; see `sandbox/src/registry/README.md` and
 * `contracts/src/signicat-info/`).
 *
 * The answer has two parts, `signature` (firmateckning: all matters) and `powerOfProcuration`
 * (prokura: some), each a list of combinations of people who may sign together, with a status
 * saying whether the list is whole. People are named with a birth date, never a national ID, so
 * the identified person is matched by name and birth date (`person-match.ts`), as in Norway.
 */
import { z } from 'zod';
import type { CompanySignatory, RegistryName, SigningBasis, UnsettledPart } from './types';

const text = z.string().nullish();

/** [O] Name.cs: `full` always; `first`, `last` and `middle` when the source keeps them apart (`status: all`). */
const name = z.object({ full: text, first: text, last: text, middle: text });

const signer = z.object({ name: name.nullish(), dateOfBirth: text });

/**
 * [O] Authorization.cs:31-48 and 134-153. `status`: `complete` (every combination is listed),
 * `incomplete` (there may be more), `none` (there are none), `error` (none could be made),
 * `unknown`. A status we do not know makes the answer unreadable.
 */
const part = z.object({
  status: z.enum(['unknown', 'error', 'none', 'incomplete', 'complete']),
  combinations: z.array(z.object({ signers: z.array(signer).nullish() })).nullish(),
});

/** [O] Authorization.cs:7-14. An answer with neither part says nothing about signing: unreadable. */
export const authorizationAnswer = z
  .object({ signature: part.nullish(), powerOfProcuration: part.nullish() })
  .refine((answer) => Boolean(answer.signature ?? answer.powerOfProcuration), { path: ['signature'], message: 'no signature and no powerOfProcuration' });

type Part = z.infer<typeof part>;
type Signer = z.infer<typeof signer>;

/**
 * The birth date as `YYYY-MM-DD`. Signicat's model types it as a string without a published form;
 * `YYYY-MM-DD` (Signicat's form for dates of birth elsewhere) and `YYYYMMDD` are read, with any
 * time after it. Anything else cannot be matched to the identified person.
 */
function birthDateOf(value: string | null | undefined): string | null {
  const found = value ? /^(\d{4})-?(\d{2})-?(\d{2})(?:$|T)/.exec(value.trim()) : null;
  return found ? `${found[1]}-${found[2]}-${found[3]}` : null;
}

/** The name's parts where the source keeps them apart, otherwise its full form (`status: partial`). */
function nameOf(signerName: z.infer<typeof name>): RegistryName | null {
  const given = signerName.first?.trim() ?? '';
  const family = signerName.last?.trim() ?? '';
  if (given !== '' || family !== '') return { given, middle: signerName.middle ?? undefined, family };
  const full = signerName.full?.trim() ?? '';
  return full === '' ? null : { given: full, family: '' };
}

function signatoryOf(who: Signer, basis: SigningBasis, alone: boolean): CompanySignatory | null {
  const personName = who.name ? nameOf(who.name) : null;
  const birthDate = birthDateOf(who.dateOfBirth);
  return personName && birthDate ? { person: { name: personName, birthDate }, basis, alone } : null;
}

const PARTS = [
  ['signature', 'signature'],
  ['powerOfProcuration', 'procuration'],
] as const satisfies readonly (readonly [keyof z.infer<typeof authorizationAnswer>, SigningBasis])[];

/**
 * The people with a right to sign, from the parts Signicat says are complete: a combination of
 * exactly one signer lets that person sign alone, a combination of several only together. Parts
 * that are `incomplete`, `unknown` or `error` confirm nobody (a sole signer there is not enough):
 * they are returned as unsettled, for the lender to check. `none`: nobody, for that basis.
 */
export function signatoriesOfAuthorization(answer: z.infer<typeof authorizationAnswer>): { signatories: CompanySignatory[]; unsettled: UnsettledPart[] } {
  const signatories: CompanySignatory[] = [];
  const unsettled: UnsettledPart[] = [];
  for (const [key, basis] of PARTS) {
    const found: Part | null | undefined = answer[key];
    if (!found || found.status === 'none') continue;
    if (found.status !== 'complete') {
      unsettled.push({ basis, status: found.status });
      continue;
    }
    for (const combination of found.combinations ?? []) {
      const signers = combination.signers ?? [];
      for (const who of signers) {
        const signatory = signatoryOf(who, basis, signers.length === 1);
        if (signatory) signatories.push(signatory);
      }
    }
  }
  return { signatories, unsettled };
}

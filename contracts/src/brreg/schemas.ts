/**
 * Brønnøysundregistrene, Enhetsregisteret's open data: the one call the portal makes,
 * `GET /enheter/{orgnr}/roller` ("Hent alle roller for en spesifikk enhet"), as published.
 *
 * Sources:
 * - [V] https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html (read 2026-11-27):
 *   the endpoint under `https://data.brreg.no/enhetsregisteret/api`, open, no credentials; the
 *   national IDs only in `/autorisert-api/enheter/{orgnr}/roller`; 404 for an unknown and 410 for a
 *   deleted unit (documented for `/enheter/{orgnr}`).
 * - [S] crdbrd/python-brreg, a client read against the live API, whose models follow the answers:
 *   `src/brreg/enhetsregisteret/_responses.py:262-366` at d909019 (2026-08-14), the roles answer;
 *   commit 7026184 (2026-06-16) "Remove `Rolle` fields no longer in Brreg API: `Rolle.fratraadt`"
 *   and commit c053e80 (2026-06-16) "Add new `Rolle.avregistrert` field"; the client
 *   (`_client.py:121-141`) reads 404 and 410 of `/roller` as "no roles"; fixtures of live answers
 *   `tests/data/enheter-roller-person-response.json` and `enheter-roller-enhet-response.json`.
 *
 * A role that has ended is flagged `avregistrert: true` in the current answer; the answer before
 * June 2026 had `fratraadt` instead (python-brreg 7026184^ `_responses.py:347`). A role of
 * either age has a published shape; the current example has `avregistrert` only, so a simulator
 * that still writes `fratraadt` differs from it (`shapeDiff`).
 *
 * Answers are loose (`z.object`): Brønnøysund adds fields (`_links`, `valgtAv`, new flags).
 */
import { z } from 'zod';

/** `RolleType` and `RolleGruppeType` (`_responses.py:262-269, 339-346`): a code and its description. */
export const code = z.object({ kode: z.string().min(1), beskrivelse: z.string() });

/** `RollePersonNavn` (`_responses.py:272-282`). */
const personName = z.object({
  fornavn: z.string(),
  mellomnavn: z.string().nullish(),
  etternavn: z.string(),
});

/** `RollePerson` (`_responses.py:285-295`): a birth date, never a national ID in the open API. */
const person = z.object({
  fodselsdato: z.iso.date(),
  navn: personName,
  erDoed: z.boolean(),
});

/** `RolleEnhet` (`_responses.py:298-312`): a role held by another unit. */
const unit = z.object({
  organisasjonsnummer: z.string().regex(/^\d{9}$/),
  organisasjonsform: code,
  navn: z.array(z.string()).optional(),
  erSlettet: z.boolean(),
});

const roleFields = {
  type: code,
  person: person.nullish(),
  enhet: unit.nullish(),
  ansvarsandel: z.string().nullish(),
  valgtAv: code.nullish(),
  rekkefolge: z.number().int().nullish(),
};

/**
 * `Rolle` (`_responses.py:314-336`): held by a person or a unit. `avregistrert` (required there):
 * whether the role has been deregistered, i.e. has ended (python-brreg c053e80).
 */
export const role = z.object({ ...roleFields, avregistrert: z.boolean() });

/** The same role in the answer before June 2026: `fratraadt` (required) instead (7026184^ `_responses.py:328-353`, line 347). */
export const roleBefore2026 = z.object({ ...roleFields, fratraadt: z.boolean() });

/** `RolleGruppe` (`_responses.py:349-359`). */
export const roleGroup = z.object({
  type: code,
  sistEndret: z.iso.date(),
  roller: z.array(z.union([role, roleBefore2026])),
});

/** `RollerResponse` (`_responses.py:362-366`): the answer of `GET /enheter/{orgnr}/roller`. */
export const rolesAnswer = z.object({
  rollegrupper: z.array(roleGroup),
});

/** The path of the call: a nine-digit organisation number. */
export const rolesPath = /^\/enheter\/(\d{9})\/roller$/;

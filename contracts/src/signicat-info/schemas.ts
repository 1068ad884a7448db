/**
 * Signicat's Data Verification (Information) API: who may sign for a Swedish company, from
 * Bolagsverket, as Signicat publishes it. The portal makes two calls: a token, and
 * `GET /info/lookup/countries/se/organizations/{id}/authorization?source=se-bolagsverket`.
 *
 * Sources:
 * - [O] signicat/signicat-net@4fb2310 (Release 1.15.0), Signicat's official .NET SDK, under
 *   `src/Signicat.SDK/`:
 *   - the call, `Services/Information/InformationService.cs:60-97`: `{Urls.Information}/countries/
 *     {country}/organizations/{id}/authorization` with the query parameters `idType`, `source` and
 *     `rawJson`, each left out when unset (`Infrastructure/APIHelper.cs:48-73`; a bool is written
 *     only when true); `Urls.Information` is `{BaseUrl}/info/lookup` (`Infrastructure/Urls.cs:15`);
 *   - the answer, `Services/Information/Entities/Organization/Authorization.cs` (the classes
 *     `Authorization`, `SignatureBase`, `SignerCombinations`, `CombinationBasis`, `BasisSigner`,
 *     `Signer`, `SignerRole`, `AuthorizationStatus`, `SignatureMetadata`), `…/AuthorizaztionRole.cs`
 *     (the role codes), `Services/Information/Entities/Name.cs`, `…/Metadata.cs`;
 *   - the wire names, `Infrastructure/Mapper.cs:16-21`: properties camelCase, enums by their
 *     `EnumMember` values, read without regard to case;
 *   - the token, `Infrastructure/AuthManager.cs:22-30` and `Infrastructure/Urls.cs:5-11` (the same
 *     endpoint as the signing API's: `contracts/src/signicat-sign/`); errors,
 *     `Entities/SignicatError.cs` (problem details, and OAuth's `error`).
 * - [V] https://developer.signicat.com/docs/data-verification/data-sources/organisations/bolagsverket-sweden/
 *   (read 2026-11-27): Bolagsverket is the source `se-bolagsverket` and supports "Authorisation and
 *   signatory rights"; the company is `id`, the country `se`; requests go to `https://api.signicat.com/info/lookup/…`.
 *
 * Not published: an example answer (the fixtures are the SDK's model with values filled in), the
 * form of `dateOfBirth` (a string in the model; the fixtures write YYYY-MM-DD, the form the SDK
 * documents for dates of birth elsewhere, `Signicat.SDK.Fluent/AuthenticationCreateOptionsBuilder.cs:124`),
 * and the status of an unknown company (404 assumed, as for every REST resource of Signicat's).
 *
 * The answer carries no national IDs: signers are named, with a birth date.
 *
 * Requests are strict; answers loose (`z.object`). Reference-type properties of the C# model
 * may be null; value types (the enums) are always there.
 */
import { z } from 'zod';

const text = z.string();

// ---------------------------------------------------------------------------------------------
// Token: Signicat's, shared by its APIs (../signicat/token.ts)
// ---------------------------------------------------------------------------------------------

export { oauthError, tokenAnswer, tokenRequest } from '../signicat/token';

// ---------------------------------------------------------------------------------------------
// GET /info/lookup/countries/{country}/organizations/{id}/authorization
// ---------------------------------------------------------------------------------------------

/** The path; `country` is an ISO 3166-1 alpha-2 code, `id` the organisation number. */
export const authorizationPath = /^\/info\/lookup\/countries\/([a-z]{2})\/organizations\/([^/]+)\/authorization$/;

/**
 * The query ([O] InformationService.cs:61-97, APIHelper.cs:48-73): `idType` and `source` are
 * strings, `rawJson` is sent only as `true`. For Bolagsverket `source` is `se-bolagsverket` [V].
 */
export const authorizationQuery = z.strictObject({
  idType: text.min(1).optional(),
  source: text.min(1).optional(),
  rawJson: z.literal('true').optional(),
});

/** [O] Authorization.cs:142-153: what the combinations of one part of the answer cover. */
export const AUTHORIZATION_STATUSES = [
  /** an unknown value */
  'unknown',
  /** no combinations could be generated */
  'error',
  /** no combinations available */
  'none',
  /** the answer holds combinations, but there may be more */
  'incomplete',
  /** the answer holds all possible combinations */
  'complete',
] as const;
export const authorizationStatus = z.enum(AUTHORIZATION_STATUSES);

/** [O] AuthorizaztionRole.cs:8-49. */
export const AUTHORIZATION_ROLES = ['unknown', 'ceo', 'boardLeader', 'boardMember', 'signature', 'procuration', 'bookkeeper', 'accountant'] as const;

/** [O] Name.cs:8-49: `status` `partial` when only `full` is set, `all` when every part is. */
export const name = z.object({
  status: z.enum(['partial', 'all']),
  full: text.nullish(),
  first: text.nullish(),
  last: text.nullish(),
  middle: text.nullish(),
});

/** [O] Authorization.cs:121-136. */
export const signerRole = z.object({ code: z.enum(AUTHORIZATION_ROLES), description: text.nullish() });

/** [O] Authorization.cs:100-116. */
export const signer = z.object({ name: name.nullish(), dateOfBirth: text.nullish(), role: signerRole.nullish() });

/** [O] Authorization.cs:53-64: the people who may sign together; one alone when it names one. */
export const signerCombination = z.object({ signers: z.array(signer).nullish(), description: text.nullish() });

/** [O] Authorization.cs:69-95: the people the combinations were formed from. */
export const combinationBasis = z.object({
  people: z.array(z.object({ ...signer.shape, roles: z.array(signerRole).nullish() })).nullish(),
});

/** [O] Authorization.cs:158-179. */
export const signatureMetadata = z.object({
  sources: z.array(text).nullish(),
  urls: z.array(text).nullish(),
  lastChanged: text.nullish(),
  rawJson: text.nullish(),
});

/** [O] Authorization.cs:31-48: `Signature` (act and sign in all matters) and `PowerOfProcuration` (in some). */
export const signatureBase = z.object({
  status: authorizationStatus,
  description: text.nullish(),
  combinations: z.array(signerCombination).nullish(),
  basis: combinationBasis.nullish(),
  metadata: signatureMetadata.nullish(),
});

/** [O] Metadata.cs:9-49 (`OrganizationMetadata`). */
export const organizationMetadata = z.object({
  sources: z.array(text).nullish(),
  urls: z.array(text).nullish(),
  lastChanged: text.nullish(),
  rawJson: text.nullish(),
  isCache: z.boolean().optional(),
  accountingYear: z.number().int().nullish(),
});

/** [O] Authorization.cs:7-14: the answer. */
export const authorizationAnswer = z.object({
  signature: signatureBase.nullish(),
  powerOfProcuration: signatureBase.nullish(),
  metadata: organizationMetadata.nullish(),
});

/** A refusal, as problem details ([O] SignicatError.cs:61-97). */
export const problem = z.object({
  title: text.nullish(),
  code: text.nullish(),
  detail: text.nullish(),
  type: text.nullish(),
  traceId: text.nullish(),
  invalidParams: z.array(z.object({ name: text, reason: text.nullish() })).nullish(),
});

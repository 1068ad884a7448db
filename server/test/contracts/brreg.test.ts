/**
 * The Norwegian registry adapter against a stand-in for Brønnøysund's Enhetsregisteret built only
 * from published material (contracts/src/brreg): the call it makes is the published one, and every
 * published answer is read as it should be; above all, a signing role that has ended
 * (`avregistrert: true`, or `fratraadt: true` in the older answer) gives no right to sign. Then the
 * sandbox's simulator held to the same shapes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shapeDiff, violations } from '@portal/contracts';
import * as published from '@portal/contracts/brreg/schemas';
import { fixture } from '@portal/contracts/fixtures';
import { standIn, type StandIn, type StandInAnswer } from '@portal/contracts/stand-in';
import { TEST_COMPANIES } from '@portal/domain';
import { memoryRecorder } from '../../src/providers/interactions';
import { createRegistryClient } from '../../src/providers/registry/client';
import { companyAccess } from '../../src/services/company-access';
import type { SessionIdentity } from '../../src/types';
import { startTestServer, type TestApp } from '../helpers';

const example = (name: string): StandInAnswer => {
  const f = fixture('brreg', name);
  return { status: f.status ?? 200, body: f.answer ?? undefined };
};

/**
 * The people of the published examples, identified with synthetic (Tenor) national IDs that carry
 * their birth dates: Ove Olsen, 1981-01-01, whose signature has ended in `roles-signature-ended`;
 * Sara Marie Dahl, 1990-03-15, who signs alone there.
 */
const identity = (nationalId: string, firstName: string, lastName: string): SessionIdentity => ({
  nationalId,
  country: 'NO',
  firstName,
  lastName,
  method: 'bankid-no',
  authenticatedAt: new Date().toISOString(),
});
const OVE = identity('01818112358', 'Ove', 'Olsen');
const SARA = identity('15839012362', 'Sara Marie', 'Dahl');
const ORGNR = '810004622';

describe("Brønnøysund's roles: the adapter against a stand-in built only from the published material", () => {
  let server: StandIn;
  let answer: StandInAnswer;
  const recorder = memoryRecorder();
  const client = () => createRegistryClient({ norway: { baseUrl: `${server.url}/enhetsregisteret/api` }, sweden: null, timeoutMs: 5000, recorder });
  const lookup = () => client().signatories('NO', ORGNR, { applicationId: undefined });
  const access = (who: SessionIdentity) => companyAccess(client(), { id: 'application-1', countryCode: 'NO' }, { nationalId: null, organisationNumber: ORGNR }, who);

  beforeAll(async () => {
    server = await standIn([{ method: 'GET', path: /^\/enhetsregisteret\/api\/enheter\/\d{9}\/roller$/, answer: () => answer }]);
  });
  beforeEach(() => {
    answer = example('roles');
  });
  afterAll(async () => server.close());

  it('asks for the published path, without credentials', async () => {
    expect((await lookup()).ok).toBe(true);
    const request = server.received.at(-1);
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe(`/enhetsregisteret/api/enheter/${ORGNR}/roller`);
    expect(request?.path.replace('/enhetsregisteret/api', '')).toMatch(published.rolesPath);
    expect(request?.headers.authorization).toBeUndefined();
    expect(server.violations).toEqual([]);
  });

  it('reads the published answer: a board leader is a position, no right to sign', async () => {
    expect(await lookup()).toEqual({ ok: true, value: { found: true, register: 'brreg-enhetsregisteret', signatories: [], unsettled: [] } });
  });

  it('refuses a person whose signing role has ended (avregistrert) and accepts one whose role holds', async () => {
    answer = example('roles-signature-ended');
    expect(await lookup()).toEqual({
      ok: true,
      value: {
        found: true,
        register: 'brreg-enhetsregisteret',
        signatories: [{ person: { name: { given: 'Sara', middle: 'Marie', family: 'Dahl' }, birthDate: '1990-03-15' }, basis: 'signature', alone: true }],
        unsettled: [],
      },
    });
    expect(await access(OVE)).toEqual({ kind: 'refused', reason: 'not-a-signatory' });
    expect(await access(SARA)).toEqual({ kind: 'confirmed', register: 'brreg-enhetsregisteret', basis: 'signature' });
  });

  it('refuses a person who stepped down in the answer before June 2026 (fratraadt)', async () => {
    answer = example('roles-before-2026');
    expect(await access(OVE)).toEqual({ kind: 'refused', reason: 'not-a-signatory' });
  });

  it('gives no one a right through a role another unit holds', async () => {
    answer = example('roles-unit');
    expect(await lookup()).toMatchObject({ ok: true, value: { found: true, signatories: [] } });
  });

  it.each(['roles-not-found', 'roles-deleted'])('reads %s as a company nobody can sign for', async (name) => {
    answer = example(name);
    expect(await lookup()).toEqual({ ok: true, value: { found: false, register: 'brreg-enhetsregisteret' } });
    expect(await access(SARA)).toEqual({ kind: 'refused', reason: 'company-not-in-registry' });
  });

  it.each([
    ['a role that does not say whether it has ended', { rollegrupper: [{ type: { kode: 'SIGN' }, roller: [{ type: { kode: 'SIGN' }, person: { fodselsdato: '1990-03-15', navn: { fornavn: 'Sara', etternavn: 'Dahl' } } }] }] }, 'rollegrupper[0].roller[0].avregistrert'],
    ['roles under another name', { roles: [] }, 'rollegrupper'],
  ])('fails %s as unreadable, naming the field, and lets nobody in', async (_what, body, field) => {
    answer = { status: 200, body };
    expect(await lookup()).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200, field } });
    expect(recorder.interactions.at(-1)).toMatchObject({ provider: 'registry', operation: 'getRoles', outcome: 'unreadable', field });
    expect(await access(SARA)).toMatchObject({ kind: 'unavailable', failure: { kind: 'unreadable' } });
  });
});

describe("Brønnøysund's roles: the sandbox simulator held to the published shapes", () => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(async () => t?.close());

  const roles = async (orgnr: string) => {
    const response = await fetch(`${t.url}/sandbox/registry/no/enheter/${orgnr}/roller`);
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it.each(TEST_COMPANIES.filter((c) => c.country === 'NO').map((c) => [c.companyName, c.organisationNumber]))(
    'answers %s in the published shape, with the current flag only',
    async (_name, orgnr) => {
      const { status, body } = await roles(orgnr);
      expect(status).toBe(200);
      expect(violations(published.rolesAnswer, body)).toEqual([]);
      // Against the published examples: a role as the current answer writes it (`avregistrert`, never `fratraadt`).
      expect(shapeDiff(fixture('brreg', 'roles-signature-ended').answer, body)).toEqual([]);
      expect(shapeDiff(fixture('brreg', 'roles').answer, { ...(body as object), rollegrupper: [] })).toEqual([]);
    },
  );

  it('flags the ended signature of its test company as avregistrert', async () => {
    const { body } = await roles('914573025');
    const signing = published.rolesAnswer.parse(body).rollegrupper.find((g) => g.type.kode === 'SIGN');
    expect(signing?.roller.map((r) => ({ name: r.person?.navn.fornavn, ended: 'avregistrert' in r ? r.avregistrert : null }))).toEqual([
      { name: 'Kari', ended: true },
      { name: 'Lars', ended: false },
    ]);
  });

  it('answers an unknown company 404, as Brønnøysund does', async () => {
    expect((await roles('123456785')).status).toBe(404);
  });
});

/**
 * The Swedish registry adapter against a stand-in for Signicat's Information API built only from
 * Signicat's published material (contracts/src/signicat-info): the token and the authorization
 * lookup it sends have the published shape, and every published answer, every status included,
 * is read as it should be: a person signs alone only in a combination of one in a complete part;
 * an `incomplete`, `unknown` or `error` part confirms nobody and leaves the person to the lender's
 * check. Then the sandbox's simulator held to the same shapes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shapeDiff, violations } from '@portal/contracts';
import { fixture } from '@portal/contracts/fixtures';
import * as published from '@portal/contracts/signicat-info/schemas';
import { standIn, type StandIn, type StandInAnswer } from '@portal/contracts/stand-in';
import { TEST_COMPANIES } from '@portal/domain';
import { memoryRecorder } from '../../src/providers/interactions';
import { createRegistryClient } from '../../src/providers/registry/client';
import { companyAccess } from '../../src/services/company-access';
import type { SessionIdentity } from '../../src/types';
import { simulated, startTestServer, type TestApp } from '../helpers';

const example = (name: string): StandInAnswer => {
  const f = fixture('signicat-info', name);
  return { status: f.status ?? 200, body: f.answer ?? undefined };
};

/** The people of the published examples, with valid personnummer that carry their birth dates. */
const identity = (nationalId: string, firstName: string, lastName: string): SessionIdentity => ({
  nationalId,
  country: 'SE',
  firstName,
  lastName,
  method: 'bankid-se',
  authenticatedAt: new Date().toISOString(),
});
const ASTRID = identity('197804122393', 'Astrid', 'Lind'); // alone in `authorization-complete`
const BENGT = identity('196509302391', 'Bengt', 'Ek'); // only together with Cecilia Holm
const DAVID = identity('197206012390', 'David', 'Sjöberg'); // prokura alone in `authorization-procuration`
const STRANGER = identity('198802212483', 'Eva', 'Berg');
const ORGNR = '5567615561';

describe("Signicat's Information API (Bolagsverket): the adapter against a stand-in built only from the published material", () => {
  let server: StandIn;
  let answers: { token: StandInAnswer; authorization: StandInAnswer };
  const recorder = memoryRecorder();
  const client = () =>
    createRegistryClient({
      norway: { baseUrl: 'http://127.0.0.1:9' },
      sweden: { baseUrl: server.url, clientId: 'sandbox-round-apple-123', clientSecret: 'a-client-secret' },
      timeoutMs: 5000,
      recorder,
    });
  const lookup = () => client().signatories('SE', ORGNR);
  const access = (who: SessionIdentity) => companyAccess(client(), { id: 'application-1', countryCode: 'SE' }, { nationalId: null, organisationNumber: ORGNR }, who);

  beforeAll(async () => {
    server = await standIn([
      { method: 'POST', path: '/auth/open/connect/token', request: published.tokenRequest, answer: () => answers.token },
      { method: 'GET', path: published.authorizationPath, query: published.authorizationQuery, answer: () => answers.authorization },
    ]);
  });
  beforeEach(() => {
    answers = { token: example('token'), authorization: example('authorization-complete') };
  });
  afterAll(async () => server.close());

  it('gets a token and asks for the authorization with the published path and query', async () => {
    expect((await lookup()).ok).toBe(true);
    const [token, lookupRequest] = server.received.slice(-2);
    expect(token?.body).toEqual({ grant_type: 'client_credentials', scope: 'signicat-api' });
    expect(token?.headers.authorization).toBe(`Basic ${Buffer.from('sandbox-round-apple-123:a-client-secret').toString('base64')}`);
    expect(lookupRequest?.path).toBe(`/info/lookup/countries/se/organizations/${ORGNR}/authorization`);
    expect(Object.fromEntries(lookupRequest?.query ?? [])).toEqual({ source: 'se-bolagsverket' });
    expect(lookupRequest?.headers.authorization).toBe('Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2lnbmF0dXJl');
    expect(server.violations).toEqual([]);
  });

  it('reads a complete answer: alone in a combination of one, jointly in one of several', async () => {
    expect(await lookup()).toEqual({
      ok: true,
      value: {
        found: true,
        register: 'bolagsverket',
        signatories: [
          { person: { name: { given: 'Astrid', family: 'Lind' }, birthDate: '1978-04-12' }, basis: 'signature', alone: true },
          { person: { name: { given: 'Bengt', family: 'Ek' }, birthDate: '1965-09-30' }, basis: 'signature', alone: false },
          { person: { name: { given: 'Cecilia', family: 'Holm' }, birthDate: '1988-02-21' }, basis: 'signature', alone: false },
        ],
        unsettled: [],
      },
    });
    expect(await access(ASTRID)).toEqual({ kind: 'confirmed', register: 'bolagsverket', basis: 'signature' });
    expect(await access(BENGT)).toEqual({ kind: 'refused', reason: 'signs-only-jointly' });
    expect(await access(STRANGER)).toEqual({ kind: 'refused', reason: 'not-a-signatory' });
    // The same name with another birth date is someone else.
    expect(await access({ ...ASTRID, nationalId: '197804132392' })).toEqual({ kind: 'refused', reason: 'not-a-signatory' });
  });

  it('lets a prokurist sign alone from a procuration-only answer', async () => {
    answers.authorization = example('authorization-procuration');
    expect(await access(DAVID)).toEqual({ kind: 'confirmed', register: 'bolagsverket', basis: 'procuration' });
    expect(await access(ASTRID)).toEqual({ kind: 'refused', reason: 'not-a-signatory' });
  });

  it.each([
    ['authorization-incomplete', 'incomplete'],
    ['authorization-unknown', 'unknown'],
    ['authorization-error', 'error'],
  ])('never confirms anyone from %s: the lender checks', async (name, status) => {
    answers.authorization = example(name);
    const review = { kind: 'review', register: 'bolagsverket', unsettled: expect.arrayContaining([{ basis: 'signature', status }]) };
    // Astrid is listed alone in the incomplete answer, and still not confirmed.
    expect(await access(ASTRID)).toEqual(review);
    expect(await access(STRANGER)).toEqual(review);
  });

  it('reads an unknown company (404) as one nobody can sign for', async () => {
    answers.authorization = example('authorization-not-found');
    expect(await lookup()).toEqual({ ok: true, value: { found: false, register: 'bolagsverket' } });
  });

  it('fails as refused when Signicat refuses the client, and lets nobody in', async () => {
    answers.token = example('token-invalid-client');
    expect(await lookup()).toEqual({ ok: false, failure: { kind: 'refused', status: 401 } });
    expect(await access(ASTRID)).toMatchObject({ kind: 'unavailable' });
  });

  it.each([
    ['a status Signicat does not list', { signature: { status: 'partial', combinations: [] } }, 'signature.status'],
    ['neither part', { metadata: null }, 'signature'],
    ['the invented shape of before', { organizationNumber: ORGNR, persons: [], signingCombinations: [] }, 'signature'],
  ])('fails an answer with %s as unreadable, naming the field', async (_what, body, field) => {
    answers.authorization = { status: 200, body };
    expect(await lookup()).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200, field } });
    expect(recorder.interactions.at(-1)).toMatchObject({ provider: 'registry', operation: 'getSignatories', outcome: 'unreadable', field });
  });
});

describe("Signicat's Information API (Bolagsverket): the sandbox simulator held to the published shapes", () => {
  let t: TestApp & { url: string };
  let base: string;
  let token: string;
  let account: { clientId: string; clientSecret: string };
  beforeAll(async () => {
    t = await startTestServer('pglite');
    base = `${t.url}/sandbox/registry/se`;
    const sweden = simulated(t.app.config).registry.sweden;
    account = { clientId: sweden.clientId, clientSecret: sweden.clientSecret };
    const response = await fetch(`${base}/auth/open/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${account.clientId}:${account.clientSecret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'signicat-api' }),
    });
    const answer: unknown = await response.json();
    expect(response.status).toBe(200);
    expect(violations(published.tokenAnswer, answer)).toEqual([]);
    expect(shapeDiff(fixture('signicat-info', 'token').answer, answer)).toEqual([]);
    token = published.tokenAnswer.parse(answer).access_token;
  });
  afterAll(async () => t?.close());

  const authorization = async (orgnr: string, query = 'source=se-bolagsverket') => {
    const response = await fetch(`${base}/info/lookup/countries/se/organizations/${orgnr}/authorization?${query}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  /** The published example each test company's answer is held to. */
  const referenceOf = (orgnr: string) => {
    const company = TEST_COMPANIES.find((c) => c.organisationNumber === orgnr);
    if (company?.registryCoverage) return `authorization-${company.registryCoverage}`;
    return company?.registry?.some((role) => role.signing?.by === 'procuration') ? 'authorization-procuration' : 'authorization-complete';
  };

  it.each(TEST_COMPANIES.filter((c) => c.country === 'SE').map((c) => [c.companyName, c.organisationNumber]))(
    'answers %s in the published shape, without national IDs',
    async (_name, orgnr) => {
      const { status, body } = await authorization(orgnr);
      expect(status).toBe(200);
      expect(violations(published.authorizationAnswer, body)).toEqual([]);
      expect(shapeDiff(fixture('signicat-info', referenceOf(orgnr)).answer, body)).toEqual([]);
      expect(JSON.stringify(body)).not.toMatch(/\d{10,12}/);
    },
  );

  it('has a complete, an incomplete and a procuration-only test company', async () => {
    const statuses = async (orgnr: string) => {
      const answer = published.authorizationAnswer.parse((await authorization(orgnr)).body);
      return [answer.signature?.status, answer.powerOfProcuration?.status];
    };
    expect(await statuses('6997368573')).toEqual(['complete', 'none']);
    expect(await statuses('5569246803')).toEqual(['incomplete', 'none']);
    expect(await statuses('5590135793')).toEqual(['none', 'complete']);
  });

  it('answers an unknown company 404 with problem details in the published shape', async () => {
    const { status, body } = await authorization('5599999991');
    expect(status).toBe(404);
    expect(violations(published.problem, body)).toEqual([]);
    expect(shapeDiff(fixture('signicat-info', 'authorization-not-found').answer, body)).toEqual([]);
  });

  it('refuses what Signicat would: a query parameter it does not publish, a token of another scope', async () => {
    const { status, body } = await authorization('6997368573', 'source=se-bolagsverket&organizationNumber=6997368573');
    expect(status).toBe(400);
    expect(violations(published.problem, body)).toEqual([]);
    const refused = await fetch(`${base}/auth/open/connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'merchant-api', client_id: account.clientId, client_secret: account.clientSecret }),
    });
    expect(refused.status).toBe(400);
    expect(violations(published.oauthError, await refused.json())).toEqual([]);
  });
});

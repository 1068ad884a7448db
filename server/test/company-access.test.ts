/**
 * Only the right person acts for a company (PRODUCT section 2.4): the signatory the merchant named,
 * or, when the merchant named nobody, a person the company registry lets sign alone. The portal
 * listens on a real port, so the registry adapter asks the simulated Brønnøysund and Bolagsverket
 * (through Signicat) over HTTP, as it would ask the real ones. A signing role that has ended gives
 * no right; where the registry cannot settle it, the lender checks by hand (ADR 28).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  BACK_OFFICE_API,
  buildBusinessApplication,
  buildPrivateApplication,
  type CreateApplicationRequestInput,
  findTestOperator,
  MERCHANT_API,
  TEST_PEOPLE,
} from '@portal/domain';
import { OperatorBrowser } from './back-office-helpers';
import { ENGINES, merchantAuth, nextReference, sessionCookie, startTestServer, type TestApp, XHR } from './helpers';

const person = (firstName: string) => {
  const found = TEST_PEOPLE.find((p) => p.firstName === firstName);
  if (!found) throw new Error(`no test person ${firstName}`);
  return found;
};
const KARI = person('Kari');
const OLA = person('Ola');
const NILS = person('Nils');
const INGRID = person('Ingrid');
const LARS = person('Lars');
const ANNA = person('Anna');
const ERIK = person('Erik');
const MARIA = person('Maria');
const JOHAN = person('Johan');

/** Test companies (domain/src/sandbox/test-people.ts) and what the simulated registry lists for them. */
const NORDLYS = '892831270'; // Kari signs alone, Ola is a board member
const HAVBRIS = '926815342'; // Lars signs alone, Nils holds prokura alone, Ingrid is daglig leder without a right to sign
const TINDELOFT = '931702653'; // Ola and Ingrid sign only jointly
const SOLGLANTAN = '6997368573'; // Anna signs alone, Maria is a board member
const EKBACKEN = '5592714686'; // Johan and Maria sign only jointly, Erik is a board member
const SKJAERGARD = '914573025'; // Kari's signature has ended (avregistrert), Lars signs alone
const LINDHAGA = '5569246803'; // Signicat: signature incomplete (Maria listed alone), the lender checks
const NORRSKEN = '5590135793'; // Signicat: no signature combinations, Johan holds prokura alone

describe.each(ENGINES)('who may act for a company on %s', (engine) => {
  let t: TestApp & { url: string };
  beforeAll(async () => {
    t = await startTestServer(engine, { PROVIDER_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => t.close());

  async function create(body: CreateApplicationRequestInput): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: MERCHANT_API.applications.pattern, headers: merchantAuth, payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ reference: string }>().reference;
  }

  /** A business application; `signatory: null` when the merchant names nobody. */
  const company = (organisationNumber: string, signatory?: string | null) =>
    create(
      buildBusinessApplication(organisationNumber, {
        merchantPaymentReference: nextReference(),
        ...(signatory === undefined ? {} : { customer: { nationalId: signatory ?? undefined } }),
      }),
    );

  /** A session of this test person: the sandbox's dummy login through an application of their own. */
  async function loginAs(nationalId: string): Promise<string> {
    const own = await create(buildPrivateApplication(nationalId, { merchantPaymentReference: nextReference() }));
    const response = await t.app.inject({ method: 'POST', url: API.dummyLogin.pattern, headers: XHR, payload: { reference: own } });
    expect(response.statusCode).toBe(200);
    return sessionCookie(response);
  }

  const validate = async (reference: string, nationalId: string) =>
    t.app.inject({
      method: 'GET',
      url: API.validate.url({ reference }),
      headers: { cookie: await loginAs(nationalId), 'accept-language': 'en' },
    });

  /** What a refusal must leave untouched: the signatory, the timeline and the status. */
  async function stateOf(reference: string) {
    const [row] = await t.db.query<{ id: string; status: string; events: string[] }>(
      `SELECT a.id, a.status,
              ARRAY(SELECT e.type FROM application_events e WHERE e.application_id = a.id ORDER BY e.id) AS events
         FROM applications a WHERE a.reference = $1`,
      [reference],
    );
    if (!row) return undefined;
    // The national ID is sealed in the row: read it as the portal does.
    const customer = await t.app.repos.customers.findByApplicationId(row.id);
    return { national_id: customer?.nationalId ?? null, status: row.status, events: row.events };
  }

  async function identifiedEvent(reference: string) {
    const [row] = await t.db.query<{ detail: Record<string, unknown> }>(
      `SELECT e.detail FROM application_events e JOIN applications a ON a.id = e.application_id
        WHERE a.reference = $1 AND e.type = 'customer.identified'`,
      [reference],
    );
    return row?.detail;
  }

  /** Refused as a reference that does not exist is: nothing tells that the company's application exists. */
  const expectCannotSign = (response: Awaited<ReturnType<typeof validate>>) => {
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual({ status: 404, errorCode: 'APPLICATION_NOT_FOUND', message: 'We could not find the application.' });
  };

  const setRegistry = (mode: string) =>
    fetch(`${t.url}/sandbox/control/faults/registry`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) });

  it('lets the signatory the merchant named act, and nobody else, without asking the registry', async () => {
    const reference = await company(NORDLYS, KARI.nationalId);

    // Ola is on Nordlys' board, but the merchant named Kari.
    expectCannotSign(await validate(reference, OLA.nationalId));
    expectCannotSign(await validate(reference, ANNA.nationalId));
    expect(await stateOf(reference)).toEqual({ national_id: KARI.nationalId, status: 'CREATED', events: ['application.created'] });

    expect((await validate(reference, KARI.nationalId)).statusCode).toBe(200);
    const [asked] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM provider_interactions i JOIN applications a ON a.id = i.application_id
        WHERE a.reference = $1 AND i.provider = 'registry'`,
      [reference],
    );
    expect(asked?.n).toBe(0);
  });

  it.each([
    ['Lars (signatur alone)', HAVBRIS, LARS, 'brreg-enhetsregisteret', 'signature'],
    ['Nils (prokura alone)', HAVBRIS, NILS, 'brreg-enhetsregisteret', 'procuration'],
    ['Anna (firmatecknare alone)', SOLGLANTAN, ANNA, 'bolagsverket', 'signature'],
    ['Lars (signatur alone, beside a signature that has ended)', SKJAERGARD, LARS, 'brreg-enhetsregisteret', 'signature'],
    ['Johan (prokura alone, SE)', NORRSKEN, JOHAN, 'bolagsverket', 'procuration'],
  ])('lets %s take a company the merchant named no signatory for', async (_who, organisationNumber, signatory, register, basis) => {
    const reference = await company(organisationNumber, null);
    const response = await validate(reference, signatory.nationalId);
    expect(response.statusCode, response.body).toBe(200);

    expect(await stateOf(reference)).toMatchObject({ national_id: signatory.nationalId, events: ['application.created', 'customer.identified'] });
    // The timeline says the registry confirmed it, and carries nobody's national ID.
    const detail = await identifiedEvent(reference);
    expect(detail).toEqual({ method: 'dummy', signingRightConfirmedBy: register, signingRight: basis });
    expect(JSON.stringify(detail)).not.toMatch(/\d{11}/);
    const [asked] = await t.db.query<{ provider: string; outcome: string }>(
      `SELECT i.provider, i.outcome FROM provider_interactions i JOIN applications a ON a.id = i.application_id
        WHERE a.reference = $1 AND i.operation IN ('getRoles', 'getSignatories') ORDER BY i.id DESC`,
      [reference],
    );
    expect(asked).toEqual({ provider: 'registry', outcome: 'ok' });

    // Taken: from now on it is theirs alone, even for another sole signatory.
    expect((await validate(reference, signatory.nationalId)).statusCode).toBe(200);
    if (organisationNumber === HAVBRIS) expectCannotSign(await validate(reference, (signatory === LARS ? NILS : LARS).nationalId));
    if (organisationNumber === SKJAERGARD) expectCannotSign(await validate(reference, KARI.nationalId));
  });

  it.each([
    ['the daglig leder without a right to sign', HAVBRIS, INGRID, LARS],
    ['a person the registry does not list', HAVBRIS, KARI, LARS],
    ['a person whose signing role has ended (avregistrert)', SKJAERGARD, KARI, LARS],
    ['a managing director without a right to sign, beside a prokurist (SE)', NORRSKEN, ANNA, JOHAN],
    ['a person from the other country', HAVBRIS, ANNA, LARS],
    ['a signatory who may sign only jointly', TINDELOFT, OLA, null],
    ['a board member without a right to sign (SE)', EKBACKEN, ERIK, null],
    ['a firmatecknare who may sign only jointly (SE)', EKBACKEN, JOHAN, null],
    ['a board member without a right to sign, beside a sole signatory (SE)', SOLGLANTAN, MARIA, ANNA],
  ])('refuses %s and changes nothing', async (_who, organisationNumber, someone, rightPerson) => {
    const reference = await company(organisationNumber, null);

    expectCannotSign(await validate(reference, someone.nationalId));
    expectCannotSign(await validate(reference, someone.nationalId));
    expect(await stateOf(reference)).toEqual({ national_id: null, status: 'CREATED', events: ['application.created'] });

    // Still open to the person who may sign for the company.
    if (rightPerson) expect((await validate(reference, rightPerson.nationalId)).statusCode).toBe(200);
  });

  it.each([
    ['down', 503, 'WEB_SERVICE_DOWN'],
    ['unreachable', 503, 'WEB_SERVICE_DOWN'],
    ['rate-limited', 429, 'TOO_MANY_REQUESTS'],
  ])('claims nothing while the registry is %s (%i %s)', async (mode, status, errorCode) => {
    const reference = await company(HAVBRIS, null);
    await setRegistry(mode);
    try {
      const response = await validate(reference, LARS.nationalId);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({ errorCode });
    } finally {
      await setRegistry('normal');
    }
    expect(await stateOf(reference)).toEqual({ national_id: null, status: 'CREATED', events: ['application.created'] });
    const [failed] = await t.db.query<{ outcome: string }>(
      `SELECT i.outcome FROM provider_interactions i JOIN applications a ON a.id = i.application_id WHERE a.reference = $1 AND i.provider = 'registry'`,
      [reference],
    );
    expect(failed?.outcome).toBe(mode === 'rate-limited' ? 'rate-limited' : 'unavailable');

    expect((await validate(reference, LARS.nationalId)).statusCode).toBe(200);
  });

  describe('a company the registry cannot settle: held for the lender’s check', () => {
    let support: OperatorBrowser;
    beforeAll(async () => {
      const operator = findTestOperator('operator-support');
      if (!operator) throw new Error('no support operator');
      support = new OperatorBrowser(t.url);
      await support.signIn(operator);
    }, 60_000);
    const asSupport = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { ...XHR, cookie: support.operatorCookie }, ...(payload ? { payload } : {}) });
    const held = { status: 409, errorCode: 'SIGNATORY_NOT_CONFIRMED' };

    it('takes it for the person, holds it (never to the lender) until an operator confirms them, then lets them on', async () => {
      const reference = await company(LINDHAGA, null);

      // Maria is listed alone, but Signicat says the list is incomplete: not a confirmation.
      const first = await validate(reference, MARIA.nationalId);
      expect(first.statusCode, first.body).toBe(409);
      expect(first.json()).toMatchObject(held);
      expect(first.json<{ message: string }>().message).toMatch(/lender will check who may sign/);
      expect(await stateOf(reference)).toEqual({ national_id: MARIA.nationalId, status: 'CREATED', events: ['application.created', 'customer.identified'] });
      expect(await identifiedEvent(reference)).toEqual({
        method: 'dummy',
        signingRightConfirmedBy: null,
        signingRight: 'awaiting-lender',
        register: 'bolagsverket',
        unsettled: 'signature incomplete',
      });

      // Held every time (the session never gets it as its application, so nothing can be
      // submitted), and nobody else may take it meanwhile; the lender is never called.
      expect((await validate(reference, MARIA.nationalId)).json()).toMatchObject(held);
      expectCannotSign(await validate(reference, ERIK.nationalId));
      const [lender] = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM provider_interactions i JOIN applications a ON a.id = i.application_id WHERE a.reference = $1 AND i.provider <> 'registry'`,
        [reference],
      );
      expect(lender?.n).toBe(0);

      // The back office shows what to check; the operator confirms, audited.
      const detail = await asSupport('GET', BACK_OFFICE_API.application.route.url({ reference }));
      expect(detail.json()).toMatchObject({ signatoryCheck: { register: 'bolagsverket', unsettled: 'signature incomplete' } });
      const confirmed = await asSupport('POST', BACK_OFFICE_API.confirmSignatory.route.url({ reference }), { reason: 'Registreringsbevis checked: Maria Karlsson signs alone' });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ signatoryCheck: null });
      const [audit] = await t.db.query<{ action: string; reason: string }>(`SELECT action, reason FROM audit_log WHERE target_id = $1 AND action = 'application.signatory_confirmed'`, [reference]);
      expect(audit).toEqual({ action: 'application.signatory_confirmed', reason: 'Registreringsbevis checked: Maria Karlsson signs alone' });

      expect((await validate(reference, MARIA.nationalId)).statusCode).toBe(200);
      expectCannotSign(await validate(reference, ERIK.nationalId));
      // Nothing left to confirm.
      expect((await asSupport('POST', BACK_OFFICE_API.confirmSignatory.route.url({ reference }), { reason: 'Checked twice' })).statusCode).toBe(409);
    });

    it('confirms nobody on an application nobody waits for', async () => {
      const reference = await company(HAVBRIS, null);
      expect((await asSupport('POST', BACK_OFFICE_API.confirmSignatory.route.url({ reference }), { reason: 'Nobody is waiting here' })).statusCode).toBe(409);
      expect((await validate(reference, LARS.nationalId)).statusCode).toBe(200);
      expect((await asSupport('POST', BACK_OFFICE_API.confirmSignatory.route.url({ reference }), { reason: 'Lars was confirmed by the registry' })).statusCode).toBe(409);
    });

    it('says so in the customer’s language', async () => {
      const reference = await company(LINDHAGA, null);
      const cookie = await loginAs(MARIA.nationalId);
      const texts = await Promise.all(
        ['en', 'sv', 'nb'].map(async (language) => {
          const response = await t.app.inject({ method: 'GET', url: API.validate.url({ reference }), headers: { cookie, 'accept-language': language } });
          expect(response.json()).toMatchObject(held);
          return response.json<{ message: string }>().message;
        }),
      );
      expect(new Set(texts).size).toBe(3);
      expect(texts[1]).toMatch(/teckna firman/);
    });
  });

  it('answers every refusal in the caller’s language', async () => {
    const reference = await company(TINDELOFT, null);
    const cookie = await loginAs(INGRID.nationalId);
    const texts = await Promise.all(
      ['en', 'sv', 'nb'].map(async (language) => {
        const response = await t.app.inject({ method: 'GET', url: API.validate.url({ reference }), headers: { cookie, 'accept-language': language } });
        expect(response.statusCode).toBe(404);
        return response.json<{ message: string }>().message;
      }),
    );
    expect(new Set(texts).size).toBe(3);
    expect(texts[2]).toBe('Vi fant ikke søknaden.');
  });
});

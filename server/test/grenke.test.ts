import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LeasingState, TEST_COMPANIES, type TestCompany } from '@portal/domain';
import { createGrenkeClient } from '../src/providers/grenke/client';
import { decideGrenkeSandboxRequest, GRENKE_MOCK_ACTIONS } from '../src/providers/grenke/sandbox-control';
import { isFinal, leasingStateOf } from '../src/providers/grenke/states';
import { GRENKE_STATES, type GrenkeClient, type GrenkeCreateRequest, type GrenkeState } from '../src/providers/grenke/types';
import { memoryRecorder } from '../src/providers/interactions';
import type { ProviderResult } from '../src/providers/types';
import { grenkeStoresOf } from '@portal/sandbox/testing';
import { apiErrorFor } from '../src/services/provider-errors';
import { nextReference, startTestServer, type TestApp, simulated } from './helpers';

const approved = TEST_COMPANIES.filter((c) => c.grenke.kind === 'approved');
const declined = TEST_COMPANIES.filter((c) => c.grenke.kind === 'declined');
const norwegian = approved.find((c) => c.country === 'NO') ?? approved[0];

function value<T>(result: ProviderResult<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.failure)}`);
  return result.value;
}

/** The contract as the signing service hands it back: its own pages, then a page of signatures. */
async function withSignaturePage(contract: Uint8Array): Promise<PDFDocument> {
  const signed = await PDFDocument.load(contract);
  signed.addPage();
  return signed;
}

function requestFor(company: TestCompany | undefined, overrides: Partial<GrenkeCreateRequest> = {}): GrenkeCreateRequest {
  if (!company) throw new Error('no test company');
  return {
    externalReference: nextReference('grenke'),
    amount: 24000,
    period: 36,
    currency: company.country === 'NO' ? 'NOK' : 'SEK',
    lessee: {
      companyName: company.companyName,
      organisationNumber: company.organisationNumber,
      email: company.email,
      phone: company.phone,
      address: company.address,
      postalCode: company.postalCode,
      city: company.city,
      countryCode: company.country,
    },
    objects: [
      { name: 'Laptop 14"', quantity: 2, netPricePerObject: 9600, serialNumber: 'SN-0001' },
      { name: 'Docking station', quantity: 1, netPricePerObject: 4800, serialNumber: null },
    ],
    ...overrides,
  };
}

describe('GRENKE adapter against the sandbox simulator', () => {
  let t: TestApp & { url: string };
  /** The adapter as the app builds it (its timeout is the app's 400 ms): for the fault modes. */
  let strict: GrenkeClient;
  /** The same with room for a busy test machine: a cold PDF render must not read as a timeout. */
  let grenke: GrenkeClient;
  const recorder = memoryRecorder();
  const stores = () => grenkeStoresOf(t.app.db);

  /** Makes time pass for a request by moving its creation back (no sleeping). */
  const age = async (financingId: string, ms: number) => {
    await stores().requests.update(financingId, (r) => {
      if (!r) throw new Error(`no request ${financingId}`);
      return { ...r, createdAt: new Date(Date.parse(r.createdAt) - ms).toISOString() };
    });
  };
  const expectState = async (financingId: string, state: GrenkeState) => {
    const read = await grenke.getRequest(financingId);
    expect(read).toMatchObject({ ok: true, value: { financingId, state } });
  };
  const created = async (input: GrenkeCreateRequest) => {
    const result = await grenke.createRequest(input);
    if (!result.ok) throw new Error(`createRequest failed: ${JSON.stringify(result.failure)}`);
    return result.value;
  };
  const setFault = (mode: string) =>
    fetch(`${t.url}/sandbox/control/faults/grenke`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) });

  beforeAll(async () => {
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '400' });
    strict = createGrenkeClient({ ...simulated(t.app.config).grenke, timeoutMs: t.app.config.providerTimeoutMs, recorder });
    grenke = createGrenkeClient({ ...simulated(t.app.config).grenke, timeoutMs: 10_000, recorder });
  });
  afterAll(async () => t.close());

  it('calculates the monthly instalment of the requested period', async () => {
    const result = await grenke.calculate({ amount: 24000, period: 36, currency: 'NOK' });
    expect(result).toMatchObject({ ok: true, value: { period: 36, currency: 'NOK' } });
    const shorter = await grenke.calculate({ amount: 24000, period: 12, currency: 'NOK' });
    if (!result.ok || !shorter.ok) throw new Error('calculate failed');
    // An annuity with interest: more than the amount spread evenly, and more per month when shorter.
    expect(result.value.monthlyTotalInstalment).toBeGreaterThan(24000 / 36);
    expect(shorter.value.monthlyTotalInstalment).toBeGreaterThan(result.value.monthlyTotalInstalment);
    expect(recorder.interactions.at(-1)).toMatchObject({ provider: 'grenke', operation: 'calculate', outcome: 'ok', httpStatus: 200 });
  });

  it('refuses a lease period GRENKE does not offer', async () => {
    expect(await grenke.calculate({ amount: 24000, period: 6, currency: 'NOK' })).toEqual({ ok: false, failure: { kind: 'refused', status: 400, code: 'ValidationFailed' } });
  });

  it.each(approved.map((c) => [c.country, c.organisationNumber, c] as const))(
    'approves test company %s %s: RequestToGrenke, ApplicationReceived, then ReadyToSign',
    async (_country, _org, company) => {
      const input = requestFor(company);
      const request = await created(input);
      expect(request).toMatchObject({ externalReference: input.externalReference, state: 'RequestToGrenke' });
      expect(leasingStateOf(request.state)).toBe('PENDING');
      const calculation = await grenke.calculate({ amount: input.amount, period: input.period, currency: input.currency });
      expect(calculation.ok && request.monthlyInstalment).toBe(calculation.ok ? calculation.value.monthlyTotalInstalment : null);

      await age(request.financingId, 1100);
      await expectState(request.financingId, 'ApplicationReceived');
      await age(request.financingId, 1000);
      await expectState(request.financingId, 'ReadyToSign');
      expect(leasingStateOf('ReadyToSign')).toBe('APPROVED');
    },
  );

  it.each(declined.map((c) => [c.country, c.organisationNumber, c] as const))('declines test company %s %s at once', async (_country, _org, company) => {
    const request = await created(requestFor(company));
    expect(request.state).toBe('Declined');
    expect(leasingStateOf(request.state)).toBe('DECLINED');
    await age(request.financingId, 60_000);
    await expectState(request.financingId, 'Declined');
  });

  it('approves an organisation number it does not know', async () => {
    const input = requestFor(norwegian);
    input.lessee = { ...input.lessee, organisationNumber: '974760673', companyName: 'Ukjent Bedrift AS' };
    const request = await created(input);
    await age(request.financingId, 2100);
    await expectState(request.financingId, 'ReadyToSign');
  });

  it('answers the same external reference with the request already made, also when it arrives many times at once', async () => {
    const input = requestFor(norwegian);
    const results = await Promise.all(Array.from({ length: 5 }, () => grenke.createRequest(input)));
    const ids = new Set(results.map((r) => (r.ok ? r.value.financingId : 'failed')));
    expect([...ids]).toHaveLength(1);
    expect(ids.has('failed')).toBe(false);

    // Even with other terms: the reference decides, and the answer says it is not new (200).
    const again = await grenke.createRequest({ ...input, amount: 99999 });
    expect(again).toMatchObject({ ok: true, value: { financingId: [...ids][0] } });
    expect(recorder.interactions.at(-1)).toMatchObject({ operation: 'createRequest', httpStatus: 200 });
  });

  it('hands out the contract once ready to sign: a real PDF in the lessee country language, marked as a sandbox sample', async () => {
    for (const company of approved) {
      const request = await created(requestFor(company));
      expect(await grenke.getContractDocument(request.financingId)).toEqual({ ok: false, failure: { kind: 'refused', status: 409, code: 'NotReadyToSign' } });

      await age(request.financingId, 2100);
      const contract = await grenke.getContractDocument(request.financingId);
      if (!contract.ok) throw new Error(`no contract: ${JSON.stringify(contract.failure)}`);
      const pdf = await PDFDocument.load(contract.value);
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
      expect(pdf.getTitle()).toBe(`${company.country === 'NO' ? 'Leieavtale' : 'Leasingavtal'} ${request.financingId}`);
      expect(pdf.getSubject()).toMatch(company.country === 'NO' ? /^EKSEMPEL FRA SANDKASSEN/ : /^EXEMPEL FRÅN SANDLÅDAN/);
    }
    expect(await grenke.getContractDocument('00000000-0000-4000-a000-000000000000')).toEqual({ ok: false, failure: { kind: 'refused', status: 404, code: 'NotFound' } });
  });

  it('takes the signed contract back, after which the request is Contracted for good', async () => {
    const request = await created(requestFor(norwegian));
    const notYet = await grenke.uploadSignedContract(request.financingId, new TextEncoder().encode('%PDF-1.7 signed'));
    expect(notYet).toEqual({ ok: false, failure: { kind: 'refused', status: 409, code: 'NotReadyToSign' } });

    await age(request.financingId, 2100);
    const contract = await grenke.getContractDocument(request.financingId);
    if (!contract.ok) throw new Error('no contract');
    // A signed contract is larger than the portal's 64 KB JSON limit: the upload must still pass.
    const signedContract = await withSignaturePage(contract.value);
    signedContract.setKeywords([randomBytes(150_000).toString('base64')]);
    const contracted = await grenke.uploadSignedContract(request.financingId, await signedContract.save());
    expect(contracted).toMatchObject({ ok: true, value: { state: 'Contracted' } });
    expect(leasingStateOf('Contracted')).toBe('CONTRACTED');

    const mock = await decideGrenkeSandboxRequest(
      { baseUrl: simulated(t.app.config).grenke.baseUrl, timeoutMs: 10_000, recorder },
      { externalReference: request.externalReference, action: 'cancelled', delayMs: 0 },
    );
    expect(mock).toEqual({ ok: false, failure: { kind: 'refused', status: 409, code: 'AlreadyContracted' } });
    await expectState(request.financingId, 'Contracted');
  });

  /** The request made and aged until GRENKE approved it. */
  const readyToSign = async () => {
    const request = await created(requestFor(norwegian));
    await age(request.financingId, 2100);
    await expectState(request.financingId, 'ReadyToSign');
    return request;
  };
  /** The failure, and what the portal answers for it: HTTP status and errorCode. */
  const refusalOf = async (result: Promise<ProviderResult<unknown>>) => {
    const answer = await result;
    if (answer.ok) throw new Error('expected a failure');
    const error = apiErrorFor(answer.failure);
    return { failure: answer.failure, http: { status: error.status, errorCode: error.errorCode } };
  };

  describe('answers that carry a catalogue code', () => {
    it('answers ALL_CONTRACTS_MUST_BE_SIGNED for a contract that comes back without its signatures', async () => {
      const request = await readyToSign();
      const contract = await grenke.getContractDocument(request.financingId);
      if (!contract.ok) throw new Error('no contract');
      expect(await refusalOf(grenke.uploadSignedContract(request.financingId, contract.value))).toEqual({
        failure: { kind: 'refused', status: 422, code: 'SignatureMissing', catalogue: 'ALL_CONTRACTS_MUST_BE_SIGNED' },
        http: { status: 409, errorCode: 'ALL_CONTRACTS_MUST_BE_SIGNED' },
      });
      await expectState(request.financingId, 'ReadyToSign');
      // Signed, it goes through.
      const signed = await withSignaturePage(contract.value);
      expect(await grenke.uploadSignedContract(request.financingId, await signed.save())).toMatchObject({ ok: true, value: { state: 'Contracted' } });
    });

    it('answers PAYMENT_STATUS_FINAL for a contract sent to a request that is declined or cancelled', async () => {
      const request = await readyToSign();
      const contract = await grenke.getContractDocument(request.financingId);
      if (!contract.ok) throw new Error('no contract');
      const signed = await (await withSignaturePage(contract.value)).save();
      value(await grenke.cancelRequest(request.financingId));
      expect(await refusalOf(grenke.uploadSignedContract(request.financingId, signed))).toEqual({
        failure: { kind: 'refused', status: 409, code: 'RequestClosed', catalogue: 'PAYMENT_STATUS_FINAL' },
        http: { status: 409, errorCode: 'PAYMENT_STATUS_FINAL' },
      });
      await expectState(request.financingId, 'Cancelled');
    });

    it('answers PAYMENT_STATUS_FINAL when asked to cancel a contracted request', async () => {
      const request = await readyToSign();
      const contract = await grenke.getContractDocument(request.financingId);
      if (!contract.ok) throw new Error('no contract');
      value(await grenke.uploadSignedContract(request.financingId, await (await withSignaturePage(contract.value)).save()));
      expect(await refusalOf(grenke.cancelRequest(request.financingId))).toEqual({
        failure: { kind: 'refused', status: 409, code: 'AlreadyContracted', catalogue: 'PAYMENT_STATUS_FINAL' },
        http: { status: 409, errorCode: 'PAYMENT_STATUS_FINAL' },
      });
      await expectState(request.financingId, 'Contracted');
    });

    it('answers PAYMENT_RESPONSE_MISSING when GRENKE answers without the request', async () => {
      const answers: Record<string, { status: number; body: string }> = {
        '/basic/v1/requests': { status: 201, body: JSON.stringify({ State: 'RequestToGrenke' }) },
        '/basic/v1/requests/not-json': { status: 200, body: '<html>oops</html>' },
        '/basic/v1/requests/new-state': { status: 200, body: JSON.stringify({ FinancingId: 'new-state', State: 'SomethingNew' }) },
      };
      const fake = createHttpServer((incoming, response) => {
        incoming.resume();
        const answer = answers[(incoming.url ?? '').split('?')[0] ?? ''] ?? { status: 404, body: JSON.stringify({ Code: 'NotFound' }) };
        response.statusCode = answer.status;
        response.setHeader('content-type', 'application/json');
        response.end(answer.body);
      });
      await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
      try {
        const address = fake.address();
        const port = typeof address === 'object' && address ? address.port : 0;
        const odd = createGrenkeClient({ baseUrl: `http://127.0.0.1:${port}`, clientCertFile: undefined, clientKeyFile: undefined, timeoutMs: 2000, recorder });
        const missing = (status: number) => ({
          failure: { kind: 'refused', status, code: 'NO_REQUEST_IN_ANSWER', catalogue: 'PAYMENT_RESPONSE_MISSING' },
          http: { status: 502, errorCode: 'PAYMENT_RESPONSE_MISSING' },
        });
        expect(await refusalOf(odd.createRequest(requestFor(norwegian)))).toEqual(missing(201));
        expect(await refusalOf(odd.getRequest('not-json'))).toEqual(missing(200));
        // A request in a state the portal does not know is there all the same: not missing.
        expect(await odd.getRequest('new-state')).toEqual({ ok: false, failure: { kind: 'refused', status: 200, code: 'UNKNOWN_STATE' } });
      } finally {
        await new Promise((resolve) => fake.close(resolve));
      }
    });
  });

  describe('cancelRequest', () => {
    it('cancels a request GRENKE is still deciding, for good: a later decision changes nothing', async () => {
      const request = await created(requestFor(norwegian));
      expect(await grenke.cancelRequest(request.financingId)).toEqual({ ok: true, value: undefined });
      await expectState(request.financingId, 'Cancelled');
      expect(leasingStateOf('Cancelled')).toBe('CANCELLED');
      // Past the company's own timeline, and against a mock decision: still cancelled.
      await age(request.financingId, 60_000);
      await expectState(request.financingId, 'Cancelled');
      const mock = await decideGrenkeSandboxRequest(
        { baseUrl: simulated(t.app.config).grenke.baseUrl, timeoutMs: 10_000, recorder },
        { externalReference: request.externalReference, action: 'approved', delayMs: 0 },
      );
      expect(mock).toEqual({ ok: false, failure: { kind: 'refused', status: 409, code: 'RequestClosed' } });
      await expectState(request.financingId, 'Cancelled');
      // Cancelling again is done.
      expect(await grenke.cancelRequest(request.financingId)).toEqual({ ok: true, value: undefined });
    });

    it('cancels an approved request: its contract can no longer be signed', async () => {
      const request = await readyToSign();
      expect(await grenke.cancelRequest(request.financingId)).toEqual({ ok: true, value: undefined });
      await expectState(request.financingId, 'Cancelled');
      expect(await grenke.getContractDocument(request.financingId)).toEqual({ ok: false, failure: { kind: 'refused', status: 409, code: 'NotReadyToSign' } });
    });

    it('leaves a declined request as it is, and refuses one it does not know', async () => {
      const request = await created(requestFor(declined[0]));
      expect(await grenke.cancelRequest(request.financingId)).toEqual({ ok: true, value: undefined });
      await expectState(request.financingId, 'Declined');
      expect(await grenke.cancelRequest('00000000-0000-4000-a000-000000000000')).toEqual({ ok: false, failure: { kind: 'refused', status: 404, code: 'NotFound' } });
    });
  });

  it('maps every GRENKE state to the portal leasing state in one place', () => {
    const expected: Record<GrenkeState, LeasingState> = {
      None: 'PENDING',
      RequestToGrenke: 'PENDING',
      ApplicationReceived: 'PENDING',
      GuaranteeRequired: 'PENDING',
      MissingInfo: 'MISSING_INFO',
      ReadyToSign: 'APPROVED',
      Contracted: 'CONTRACTED',
      Declined: 'DECLINED',
      Cancelled: 'CANCELLED',
    };
    for (const state of GRENKE_STATES) expect([state, leasingStateOf(state)]).toEqual([state, expected[state]]);
    expect(GRENKE_STATES.filter(isFinal)).toEqual(['Contracted', 'Declined', 'Cancelled']);
  });

  it('reads every GRENKE state the simulator can be put in', async () => {
    const request = await created(requestFor(norwegian));
    // Contracted last: after it no decision is taken any more.
    const states = [...GRENKE_STATES.filter((s) => s !== 'Contracted'), 'Contracted' as const];
    for (const state of states) {
      const response = await fetch(`${simulated(t.app.config).grenke.baseUrl}/control/decide`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ externalReference: request.externalReference, state }),
      });
      expect(response.status).toBe(200);
      await expectState(request.financingId, state);
    }
  });

  describe('mock decisions of the business screen', () => {
    const control = () => ({ baseUrl: simulated(t.app.config).grenke.baseUrl, timeoutMs: 10_000, recorder });
    const target: Record<(typeof GRENKE_MOCK_ACTIONS)[number], GrenkeState> = {
      continue: 'ApplicationReceived',
      denied: 'Declined',
      cancelled: 'Cancelled',
      approved: 'ReadyToSign',
    };

    it.each(GRENKE_MOCK_ACTIONS.map((a) => [a, target[a]] as const))('%s: the request becomes %s once the delay has passed', async (action, state) => {
      // A declined company, so that "approved" can be seen overriding GRENKE's own decision.
      const request = await created(requestFor(action === 'approved' ? declined[0] : norwegian));
      const decided = await decideGrenkeSandboxRequest(control(), { externalReference: request.externalReference, action, delayMs: 60_000 });
      expect(decided).toEqual({ ok: true, value: undefined });

      // Held while the delay runs, even past the approved company's own timeline.
      await age(request.financingId, 5000);
      const held = await grenke.getRequest(request.financingId);
      expect(held.ok && held.value.state).toBe(action === 'approved' ? 'ApplicationReceived' : 'RequestToGrenke');

      await stores().decisions.update(request.externalReference, (d) => {
        if (!d) throw new Error('no decision stored');
        return { ...d, effectiveAt: new Date(Date.now() - 1).toISOString() };
      });
      await expectState(request.financingId, state);
    });

    it('applies a decision without delay at once, also one made before the request exists', async () => {
      const input = requestFor(norwegian);
      expect(await decideGrenkeSandboxRequest(control(), { externalReference: input.externalReference, action: 'denied', delayMs: 0 })).toEqual({ ok: true, value: undefined });
      const request = await created(input);
      expect(request.state).toBe('Declined');
    });

    it('refuses a delay outside 0 to 300 seconds without calling the simulator', async () => {
      const calls = recorder.interactions.length;
      for (const delayMs of [-1, 300_001, 1.5]) {
        expect(await decideGrenkeSandboxRequest(control(), { externalReference: 'x', action: 'continue', delayMs })).toEqual({
          ok: false,
          failure: { kind: 'refused', status: 400, code: 'INVALID_DELAY' },
        });
      }
      expect(recorder.interactions.length).toBe(calls);
    });
  });

  describe('fault modes', () => {
    afterAll(async () => {
      await setFault('normal');
    });

    it.each([
      ['down', { kind: 'unavailable', reason: 'server-error', status: 503 }],
      ['unreachable', { kind: 'unavailable', reason: 'network' }],
      ['slow', { kind: 'unavailable', reason: 'timeout' }],
      ['rate-limited', { kind: 'rate-limited', retryAfterSeconds: 900 }],
    ] as const)('%s is a failure the portal can map', async (mode, failure) => {
      expect((await setFault(mode)).status).toBe(200);
      // Only "slow" needs the app's short timeout; the other modes answer at once.
      const client = mode === 'slow' ? strict : grenke;
      expect(await client.calculate({ amount: 24000, period: 36, currency: 'NOK' })).toEqual({ ok: false, failure });
      expect(await client.createRequest(requestFor(norwegian))).toEqual({ ok: false, failure });
      await setFault('normal');
      expect((await grenke.calculate({ amount: 24000, period: 36, currency: 'NOK' })).ok).toBe(true);
    });
  });
});

const opensslAvailable = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!opensslAvailable)('GRENKE client certificate (mutual TLS)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'grenke-mtls-'));
  const file = (name: string) => join(dir, name);
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
    const key = (name: string) => openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', file(name));
    key('ca.key');
    openssl('req', '-x509', '-new', '-key', file('ca.key'), '-out', file('ca.crt'), '-days', '1', '-subj', '/CN=Test CA');
    for (const [name, subject] of [['server', '/CN=127.0.0.1'], ['client', '/CN=portal']] as const) {
      key(`${name}.key`);
      openssl('req', '-new', '-key', file(`${name}.key`), '-out', file(`${name}.csr`), '-subj', subject);
      const extensions = file(`${name}.ext`);
      execFileSync('sh', ['-c', `printf '%s' "$1" > "$2"`, 'sh', name === 'server' ? 'subjectAltName=IP:127.0.0.1' : 'extendedKeyUsage=clientAuth', extensions]);
      openssl('x509', '-req', '-in', file(`${name}.csr`), '-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file(`${name}.crt`), '-days', '1', '-extfile', extensions);
    }
    // A GRENKE stand-in that, like GRENKE, talks only to callers with a certificate it trusts.
    server = createServer(
      { key: readFileSync(file('server.key')), cert: readFileSync(file('server.crt')), ca: readFileSync(file('ca.crt')), requestCert: true, rejectUnauthorized: true },
      (request, response) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ FinancingId: 'F-1', State: 'ReadyToSign', ExternalReference: request.url?.split('/').pop() }));
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    baseUrl = `https://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('presents the configured certificate, and without one the host refuses the connection', async () => {
    const recorder = memoryRecorder();
    const withCertificate = createGrenkeClient({
      baseUrl,
      clientCertFile: file('client.crt'),
      clientKeyFile: file('client.key'),
      caFile: file('ca.crt'),
      timeoutMs: 10_000,
      recorder,
    });
    expect(await withCertificate.getRequest('F-1')).toMatchObject({ ok: true, value: { financingId: 'F-1', state: 'ReadyToSign' } });

    // Trusts the host, but has no certificate of its own to show.
    const withoutCertificate = createGrenkeClient({ baseUrl, clientCertFile: undefined, clientKeyFile: undefined, caFile: file('ca.crt'), timeoutMs: 10_000, recorder });
    expect(await withoutCertificate.getRequest('F-1')).toEqual({ ok: false, failure: { kind: 'unavailable', reason: 'network' } });

    const reported: string[] = [];
    const log = { error: (details: object) => reported.push(JSON.stringify(details)) };
    const missingFile = createGrenkeClient({ baseUrl, clientCertFile: file('nothing.crt'), clientKeyFile: file('client.key'), timeoutMs: 10_000, recorder, log });
    expect(await missingFile.getRequest('F-1')).toEqual({ ok: false, failure: { kind: 'unavailable', reason: 'network' } });
    expect(reported).toEqual([expect.stringContaining('GRENKE_CLIENT_CERT_FILE: cannot read')]);
  });
});

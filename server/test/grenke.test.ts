import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LeasingState, TEST_COMPANIES, type TestCompany } from '@portal/domain';
import { readingOfState } from '../src/lenders/grenke/flow';
import { createGrenkeClient, type GrenkeClientOptions } from '../src/providers/grenke/client';
import { decideGrenkeSandboxRequest, GRENKE_MOCK_ACTIONS } from '../src/providers/grenke/sandbox-control';
import { isFinal, leasingStateOf } from '../src/providers/grenke/states';
import { deliveryConfirmationPdf } from '../src/providers/grenke/delivery-confirmation';
import { GRENKE_STATES, type GrenkeClient, type GrenkeCreateRequest, type GrenkeDeliveryConfirmation, type GrenkeState } from '../src/providers/grenke/types';
import { memoryRecorder } from '../src/providers/interactions';
import type { ProviderResult } from '../src/providers/types';
import { grenkeStoresOf } from '@portal/sandbox/testing';
import { apiErrorFor } from '../src/services/provider-errors';
import { nextReference, startTestServer, type TestApp, simulated } from './helpers';

const approved = TEST_COMPANIES.filter((c) => c.grenke.kind === 'approved');
const declined = TEST_COMPANIES.filter((c) => c.grenke.kind === 'declined');
const norwegian = approved.find((c) => c.country === 'NO') ?? approved[0];
const NO_CERTIFICATE = { certFile: undefined, keyFile: undefined };

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
    country: company.country,
    reference: nextReference('grenke'),
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
    },
    objects: [
      { description: 'Laptop 14"', quantity: 2, netPricePerObject: 9600, serialNumber: 'SN-0001' },
      { description: 'Docking station', quantity: 1, netPricePerObject: 4800, serialNumber: null },
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
  const logged: { details: object; message: string }[] = [];
  const stores = () => grenkeStoresOf(t.app.db);
  const clientOf = (options: Partial<GrenkeClientOptions> = {}) =>
    createGrenkeClient({
      baseUrl: simulated(t.app.config).grenke.baseUrl,
      countries: { NO: NO_CERTIFICATE, SE: NO_CERTIFICATE },
      timeoutMs: 10_000,
      recorder,
      log: { error: (details, message) => logged.push({ details, message }) },
      sandbox: true,
      ...options,
    });

  /** Makes time pass for a request by moving its creation back (no sleeping). */
  const age = async (financingId: string, ms: number) => {
    await stores().requests.update(financingId, (r) => {
      if (!r) throw new Error(`no request ${financingId}`);
      return { ...r, createdAt: new Date(Date.parse(r.createdAt) - ms).toISOString() };
    });
  };
  const expectState = async (financingId: string, state: GrenkeState, country: 'NO' | 'SE' = 'NO') => {
    const read = await grenke.getRequest(country, financingId);
    expect(read).toMatchObject({ ok: true, value: { financingId, state } });
  };
  const created = async (input: GrenkeCreateRequest) => {
    const result = await grenke.createRequest(input);
    if (!result.ok) throw new Error(`createRequest failed: ${JSON.stringify(result.failure)}`);
    return { ...result.value, reference: input.reference };
  };
  const setFault = (mode: string) =>
    fetch(`${t.url}/sandbox/control/faults/grenke`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) });

  beforeAll(async () => {
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '400' });
    strict = clientOf({ timeoutMs: t.app.config.providerTimeoutMs });
    grenke = clientOf();
  });
  afterAll(async () => t.close());

  it('calculates the monthly instalment of the requested period', async () => {
    const result = await grenke.calculate({ country: 'NO', amount: 24000, period: 36, currency: 'NOK' });
    expect(result).toMatchObject({ ok: true, value: { period: 36, currency: 'NOK' } });
    const shorter = await grenke.calculate({ country: 'NO', amount: 24000, period: 12, currency: 'NOK' });
    if (!result.ok || !shorter.ok) throw new Error('calculate failed');
    // An annuity with interest: more than the amount spread evenly, and more per month when shorter.
    expect(result.value.monthlyTotalInstalment).toBeGreaterThan(24000 / 36);
    expect(shorter.value.monthlyTotalInstalment).toBeGreaterThan(result.value.monthlyTotalInstalment);
    expect(recorder.interactions.at(-1)).toMatchObject({ provider: 'grenke', operation: 'calculate', outcome: 'ok', httpStatus: 200 });
  });

  it('refuses a lease period GRENKE does not offer', async () => {
    expect(await grenke.calculate({ country: 'NO', amount: 24000, period: 6, currency: 'NOK' })).toEqual({ ok: false, failure: { kind: 'refused', status: 400 } });
  });

  it('refuses a product type the account has no conditions for as a refusal the operator is told of, not an outage', async () => {
    const rent = clientOf({ terms: { productType: 'Rent' } });
    logged.length = 0;
    expect(await rent.calculate({ country: 'SE', amount: 24000, period: 36, currency: 'SEK' })).toEqual({ ok: false, failure: { kind: 'refused', status: 500, code: 'ACCOUNT_SETUP' } });
    expect(logged).toEqual([{ details: expect.objectContaining({ provider: 'grenke', country: 'SE', correlationId: expect.stringMatching(/^GRENKE-LeasingAPI-/) }), message: expect.stringContaining('Rent') }]);
    // The portal's circuit sees an answer: GRENKE is there.
    expect(await rent.probe('SE')).toEqual({ ok: false, failure: { kind: 'refused', status: 500, code: 'ACCOUNT_SETUP' } });
  });

  it.each(approved.map((c) => [c.country, c.organisationNumber, c] as const))(
    'approves test company %s %s: RequestToGrenke, ApplicationReceived, then ReadyToSign',
    async (country, _org, company) => {
      const request = await created(requestFor(company));
      expect(request.state).toBe('RequestToGrenke');
      expect(leasingStateOf(request.state)).toBe('PENDING');
      await age(request.financingId, 1100);
      await expectState(request.financingId, 'ApplicationReceived', country);
      await age(request.financingId, 1000);
      await expectState(request.financingId, 'ReadyToSign', country);
      expect(leasingStateOf('ReadyToSign')).toBe('APPROVED');
      // GRENKE's human number, once it has one.
      expect(value(await grenke.getRequest(country, request.financingId)).requestNumber).toMatch(/^180-\d{5}$/);
    },
  );

  it.each(declined.map((c) => [c.country, c.organisationNumber, c] as const))('declines test company %s %s at once', async (country, _org, company) => {
    const request = await created(requestFor(company));
    expect(request.state).toBe('Declined');
    expect(leasingStateOf(request.state)).toBe('DECLINED');
    await age(request.financingId, 60_000);
    await expectState(request.financingId, 'Declined', country);
  });

  it('approves an organisation number it does not know', async () => {
    const input = requestFor(norwegian);
    input.lessee = { ...input.lessee, organisationNumber: '974760673', companyName: 'Ukjent Bedrift AS' };
    const request = await created(input);
    await age(request.financingId, 2100);
    await expectState(request.financingId, 'ReadyToSign');
  });

  it('generates the contract once ready to sign and hands it out: a real PDF in the lessee country language, marked as a sandbox sample', async () => {
    for (const company of approved) {
      const request = await created(requestFor(company));
      expect(await grenke.getContractDocument(company.country, request.financingId)).toEqual({ ok: false, failure: { kind: 'refused', status: 400 } });

      await age(request.financingId, 2100);
      const contract = await grenke.getContractDocument(company.country, request.financingId);
      if (!contract.ok) throw new Error(`no contract: ${JSON.stringify(contract.failure)}`);
      const pdf = await PDFDocument.load(contract.value);
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
      expect(pdf.getTitle()).toBe(`${company.country === 'NO' ? 'Leieavtale' : 'Leasingavtal'} ${request.financingId}`);
      expect(pdf.getSubject()).toMatch(company.country === 'NO' ? /^EKSEMPEL FRA SANDKASSEN/ : /^EXEMPEL FRÅN SANDLÅDAN/);
      // Asked again: generated already (GRENKE's 409), fetched all the same.
      expect((await grenke.getContractDocument(company.country, request.financingId)).ok).toBe(true);
    }
    expect(await grenke.getContractDocument('NO', '00000000-0000-4000-a000-000000000000')).toEqual({ ok: false, failure: { kind: 'refused', status: 404 } });
  });

  /** The request made and aged until GRENKE approved it, with its contract generated and fetched. */
  const readyToSign = async () => {
    const request = await created(requestFor(norwegian));
    await age(request.financingId, 2100);
    await expectState(request.financingId, 'ReadyToSign');
    const contract = value(await grenke.getContractDocument('NO', request.financingId));
    return { request, contract };
  };
  /** The failure, and what the portal answers for it: HTTP status and errorCode. */
  const refusalOf = async (result: Promise<ProviderResult<unknown>>) => {
    const answer = await result;
    if (answer.ok) throw new Error('expected a failure');
    const error = apiErrorFor(answer.failure);
    return { failure: answer.failure, http: { status: error.status, errorCode: error.errorCode } };
  };

  describe('the signed contract', () => {
    it('goes to GRENKE as a document of the request, after which the request is Contracted for good', async () => {
      const { request, contract } = await readyToSign();
      // A signed contract is larger than the portal's 64 KB JSON limit: the upload must still pass.
      const signedContract = await withSignaturePage(contract);
      signedContract.setKeywords([randomBytes(150_000).toString('base64')]);
      expect(await grenke.deliverSignedContract('NO', request.financingId, await signedContract.save())).toMatchObject({ ok: true, value: { state: 'Contracted' } });
      expect(leasingStateOf('Contracted')).toBe('CONTRACTED');
      const documents = await stores().documents.get(request.financingId);
      expect(documents?.documents.map((d) => d.category)).toEqual([300]);

      const mock = await decideGrenkeSandboxRequest(
        { baseUrl: simulated(t.app.config).grenke.baseUrl, timeoutMs: 10_000, recorder },
        { externalReference: request.reference, action: 'cancelled', delayMs: 0 },
      );
      expect(mock).toEqual({ ok: false, failure: { kind: 'refused', status: 409 } });
      await expectState(request.financingId, 'Contracted');
      // Handed over again: contracted already, nothing more is sent.
      const uploads = recorder.interactions.filter((i) => i.operation === 'uploadSignedContract').length;
      expect(await grenke.deliverSignedContract('NO', request.financingId, await signedContract.save())).toMatchObject({ ok: true, value: { state: 'Contracted' } });
      expect(recorder.interactions.filter((i) => i.operation === 'uploadSignedContract').length).toBe(uploads);
    });

    it('without its signatures contracts nothing: the request stays approved', async () => {
      const { request, contract } = await readyToSign();
      expect(await grenke.deliverSignedContract('NO', request.financingId, contract)).toMatchObject({ ok: true, value: { state: 'ReadyToSign' } });
      expect(await grenke.deliverSignedContract('NO', request.financingId, await (await withSignaturePage(contract)).save())).toMatchObject({ ok: true, value: { state: 'Contracted' } });
    });

    it('answers PAYMENT_STATUS_FINAL, sending nothing, for a request GRENKE declined or that was cancelled', async () => {
      const { request, contract } = await readyToSign();
      const signed = await (await withSignaturePage(contract)).save();
      await fetch(`${simulated(t.app.config).grenke.baseUrl}/control/decide`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ financingId: request.financingId, state: 'Cancelled' }),
      });
      expect(await refusalOf(grenke.deliverSignedContract('NO', request.financingId, signed))).toEqual({
        failure: { kind: 'refused', status: 409, code: 'Cancelled', catalogue: 'PAYMENT_STATUS_FINAL' },
        http: { status: 409, errorCode: 'PAYMENT_STATUS_FINAL' },
      });
      await expectState(request.financingId, 'Cancelled');
    });
  });

  describe('the delivery confirmation', () => {
    const simulator = () => simulated(t.app.config).grenke.baseUrl;
    const control = (path: string, body: object) =>
      fetch(`${simulator()}/control/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    /** What requestFor leases: two laptops and a docking station. */
    const delivered = (overrides: Partial<GrenkeDeliveryConfirmation> = {}): GrenkeDeliveryConfirmation => ({
      operationId: 'op-1',
      deliveredOn: new Date().toISOString().slice(0, 10),
      objects: [
        { reference: 'LAP-14', description: 'Laptop 14"', quantity: 2 },
        { reference: 'DOCK', description: 'Docking station', quantity: 1 },
      ],
      serialNumbers: [
        { reference: 'LAP-14', serialNumber: 'SN-0001' },
        { reference: 'LAP-14', serialNumber: 'SN-0002' },
        { reference: 'DOCK', serialNumber: 'DK-1' },
      ],
      ...overrides,
    });
    const uploadsOf = (operation: string) => recorder.interactions.filter((i) => i.operation === operation).length;
    /** Ready to sign, the lease set to need its delivery confirmed (as GRENKE's own flow does), the signed contract handed over. */
    const signedAwaitingDelivery = async () => {
      const { request, contract } = await readyToSign();
      expect((await control('delivery-confirmation', { externalReference: request.reference, required: true })).status).toBe(204);
      expect(await grenke.deliverSignedContract('NO', request.financingId, await (await withSignaturePage(contract)).save())).toMatchObject({
        ok: true,
        value: { state: 'AwaitingDeliveryConfirmation' },
      });
      return request;
    };

    it('waits for it after the signed contract; the confirmation contracts the lease, and a retry sends nothing', async () => {
      const request = await signedAwaitingDelivery();
      expect(leasingStateOf('AwaitingDeliveryConfirmation')).toBe('APPROVED');
      expect(await grenke.findDeliveryConfirmation('NO', request.financingId)).toMatchObject({ ok: true, value: { delivery: 'awaited', request: { state: 'AwaitingDeliveryConfirmation' } } });

      expect(await grenke.confirmDelivery('NO', request.financingId, delivered())).toMatchObject({ ok: true, value: { financingId: request.financingId, state: 'Contracted' } });
      expect(await grenke.findDeliveryConfirmation('NO', request.financingId)).toMatchObject({ ok: true, value: { delivery: 'confirmed' } });
      const documents = await stores().documents.get(request.financingId);
      expect(documents?.documents.map((d) => [d.name, d.category])).toEqual([
        ['leasing-contract-' + request.financingId + '-signed.pdf', 300],
        [`delivery-confirmation-${request.financingId}.pdf`, 300],
      ]);

      // A retry after a crash: GRENKE has contracted the lease, nothing more is sent.
      const sent = uploadsOf('uploadDeliveryConfirmation');
      expect(await grenke.confirmDelivery('NO', request.financingId, delivered({ operationId: 'op-1' }))).toMatchObject({ ok: true, value: { state: 'Contracted' } });
      expect(uploadsOf('uploadDeliveryConfirmation')).toBe(sent);
    });

    it('is refused before the contract is signed (DELIVERY_NOT_AWAITED), sending nothing; a lease that needs none is contracted at once', async () => {
      const { request, contract } = await readyToSign();
      const sent = uploadsOf('uploadDeliveryConfirmation');
      expect(await grenke.confirmDelivery('NO', request.financingId, delivered())).toEqual({ ok: false, failure: { kind: 'refused', status: 409, code: 'DELIVERY_NOT_AWAITED' } });
      expect(await grenke.findDeliveryConfirmation('NO', request.financingId)).toMatchObject({ ok: true, value: { delivery: 'not-awaited' } });
      // The sandbox's default: the signed contract contracts the lease, and a confirmation then sends nothing.
      await grenke.deliverSignedContract('NO', request.financingId, await (await withSignaturePage(contract)).save());
      expect(await grenke.confirmDelivery('NO', request.financingId, delivered())).toMatchObject({ ok: true, value: { state: 'Contracted' } });
      expect(uploadsOf('uploadDeliveryConfirmation')).toBe(sent);
    });

    it('answers PAYMENT_STATUS_FINAL for a lease cancelled while it waited, sending nothing', async () => {
      const request = await signedAwaitingDelivery();
      expect((await control('decide', { financingId: request.financingId, state: 'Cancelled' })).status).toBe(200);
      expect(await refusalOf(grenke.confirmDelivery('NO', request.financingId, delivered()))).toEqual({
        failure: { kind: 'refused', status: 409, code: 'Cancelled', catalogue: 'PAYMENT_STATUS_FINAL' },
        http: { status: 409, errorCode: 'PAYMENT_STATUS_FINAL' },
      });
      expect(await grenke.findDeliveryConfirmation('NO', request.financingId)).toMatchObject({ ok: true, value: { delivery: 'closed' } });
    });

    it('refuses a missing serial number before asking GRENKE, and the simulator refuses a report without it in GRENKE\'s error body', async () => {
      const request = await signedAwaitingDelivery();
      const short = delivered({ serialNumbers: delivered().serialNumbers.slice(1) });
      const calls = recorder.interactions.length;
      expect(await grenke.confirmDelivery('NO', request.financingId, short)).toEqual({ ok: false, failure: { kind: 'refused', status: 422, code: 'SERIAL_NUMBER_MISSING' } });
      expect(recorder.interactions.length).toBe(calls);

      // The same report sent anyway: GRENKE's 400, naming what is missing.
      const pdf = await deliveryConfirmationPdf('NO', request.financingId, null, short);
      const response = await fetch(`${simulator()}/basic/v1/calculationSets/${request.financingId}/documents/base64`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ DocumentName: 'delivery.pdf', DocumentContent: Buffer.from(pdf).toString('base64'), DocumentCategory: 300 }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ StatusCode: 400, Errors: { DocumentContent: [expect.stringMatching(/^Object 1 \(Laptop 14"\): 2 delivered, 1 serial numbers given/)] } });
      await expectState(request.financingId, 'AwaitingDeliveryConfirmation');
      expect((await grenke.confirmDelivery('NO', request.financingId, delivered())).ok).toBe(true);
    });

    it('is refused by the simulator in a state that does not wait for it, in GRENKE\'s error body', async () => {
      const { request } = await readyToSign();
      const pdf = await deliveryConfirmationPdf('NO', request.financingId, null, delivered());
      const response = await fetch(`${simulator()}/basic/v1/calculationSets/${request.financingId}/documents/base64`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ DocumentName: 'delivery.pdf', DocumentContent: Buffer.from(pdf).toString('base64'), DocumentCategory: 300 }),
      });
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ StatusCode: 409, Message: 'The request is not awaiting a delivery confirmation; it is ReadyToSign.' });
      await expectState(request.financingId, 'ReadyToSign');
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
      ContractPrinted: 'APPROVED',
      ContractPrintedBeforeStatement: 'APPROVED',
      StartingESignature: 'APPROVED',
      AwaitingCustomerSignature: 'APPROVED',
      AwaitingPartnerSignature: 'APPROVED',
      AwaitingSigningAppSignature: 'APPROVED',
      CancellingESignature: 'APPROVED',
      AwaitingDeliveryConfirmation: 'APPROVED',
      Contracted: 'CONTRACTED',
      Declined: 'DECLINED',
      Cancelled: 'CANCELLED',
    };
    expect(GRENKE_STATES).toHaveLength(17);
    for (const state of GRENKE_STATES) expect([state, leasingStateOf(state)]).toEqual([state, expected[state]]);
    expect(GRENKE_STATES.filter(isFinal)).toEqual(['Contracted', 'Declined', 'Cancelled']);
  });

  it('reads Cancelled after the signed contract reached GRENKE as uncertain, not as a cancellation: often it became a contract', () => {
    expect(leasingStateOf('Cancelled', true)).toBe('PENDING');
    expect(readingOfState('Cancelled', true)).toEqual({ providerStatus: 'Cancelled', customerUrl: null, events: [], keepPolling: false, data: { cancelledAfterSignedContract: true } });
    // Before the contract is signed, a cancellation is one.
    expect(readingOfState('Cancelled', false)).toMatchObject({ events: ['decision.cancelled'], keepPolling: false });
    // An approval waits for the customer's signature; once GRENKE has the signed contract, the portal polls until it contracts.
    expect(readingOfState('ReadyToSign', false)).toMatchObject({ events: ['decision.approved'], keepPolling: false });
    expect(readingOfState('AwaitingDeliveryConfirmation', true)).toMatchObject({ events: ['decision.approved'], keepPolling: true });
  });

  it('reads every GRENKE state the simulator can be put in', async () => {
    const request = await created(requestFor(norwegian));
    // Contracted last: after it no decision is taken any more.
    const states = [...GRENKE_STATES.filter((s) => s !== 'Contracted'), 'Contracted' as const];
    for (const state of states) {
      const response = await fetch(`${simulated(t.app.config).grenke.baseUrl}/control/decide`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ externalReference: request.reference, state }),
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
      const country = action === 'approved' ? (declined[0]?.country ?? 'NO') : 'NO';
      const decided = await decideGrenkeSandboxRequest(control(), { externalReference: request.reference, action, delayMs: 60_000 });
      expect(decided).toEqual({ ok: true, value: undefined });

      // Held while the delay runs, even past the approved company's own timeline.
      await age(request.financingId, 5000);
      const held = await grenke.getRequest(country, request.financingId);
      expect(held.ok && held.value.state).toBe(action === 'approved' ? 'ApplicationReceived' : 'RequestToGrenke');

      await stores().decisions.update(request.reference, (d) => {
        if (!d) throw new Error('no decision stored');
        return { ...d, effectiveAt: new Date(Date.now() - 1).toISOString() };
      });
      await expectState(request.financingId, state, country);
    });

    it('applies a decision without delay at once, also one made before the request exists', async () => {
      const input = requestFor(norwegian);
      expect(await decideGrenkeSandboxRequest(control(), { externalReference: input.reference, action: 'denied', delayMs: 0 })).toEqual({ ok: true, value: undefined });
      const request = await created(input);
      await expectState(request.financingId, 'Declined');
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
      expect(await client.calculate({ country: 'NO', amount: 24000, period: 36, currency: 'NOK' })).toEqual({ ok: false, failure });
      expect(await client.createRequest(requestFor(norwegian))).toEqual({ ok: false, failure });
      await setFault('normal');
      expect((await grenke.calculate({ country: 'NO', amount: 24000, period: 36, currency: 'NOK' })).ok).toBe(true);
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

describe.skipIf(!opensslAvailable)('GRENKE client certificates (mutual TLS), one per country', () => {
  const dir = mkdtempSync(join(tmpdir(), 'grenke-mtls-'));
  const file = (name: string) => join(dir, name);
  let server: Server;
  let baseUrl: string;
  /** The certificate each call presented (its subject's CN), by path. */
  const presented: { path: string; cn: string }[] = [];

  beforeAll(async () => {
    const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
    const key = (name: string) => openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', file(name));
    key('ca.key');
    openssl('req', '-x509', '-new', '-key', file('ca.key'), '-out', file('ca.crt'), '-days', '1', '-subj', '/CN=Test CA');
    for (const [name, subject] of [['server', '/CN=127.0.0.1'], ['client-no', '/CN=portal-no'], ['client-se', '/CN=portal-se']] as const) {
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
        const cn = (request.socket as TLSSocket).getPeerCertificate().subject.CN;
        presented.push({ path: request.url ?? '', cn: Array.isArray(cn) ? cn.join(',') : (cn ?? '') });
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ FinancingId: request.url?.split('/').pop(), RequestId: '180-10001', State: 'ReadyToSign' }));
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

  it("presents each country's own certificate, and without one the host refuses the connection", async () => {
    const recorder = memoryRecorder();
    const withCertificates = createGrenkeClient({
      baseUrl,
      countries: {
        NO: { certFile: file('client-no.crt'), keyFile: file('client-no.key') },
        SE: { certFile: file('client-se.crt'), keyFile: file('client-se.key') },
      },
      caFile: file('ca.crt'),
      timeoutMs: 10_000,
      recorder,
    });
    expect(await withCertificates.getRequest('NO', 'F-NO')).toMatchObject({ ok: true, value: { financingId: 'F-NO', state: 'ReadyToSign' } });
    expect(await withCertificates.getRequest('SE', 'F-SE')).toMatchObject({ ok: true, value: { financingId: 'F-SE', state: 'ReadyToSign' } });
    expect(await withCertificates.getRequest('NO', 'F-NO-2')).toMatchObject({ ok: true });
    expect(presented).toEqual([
      { path: '/basic/v1/requests/F-NO', cn: 'portal-no' },
      { path: '/basic/v1/requests/F-SE', cn: 'portal-se' },
      { path: '/basic/v1/requests/F-NO-2', cn: 'portal-no' },
    ]);

    // Trusts the host, but has no certificate of its own to show.
    const withoutCertificate = createGrenkeClient({ baseUrl, countries: { NO: NO_CERTIFICATE, SE: null }, caFile: file('ca.crt'), timeoutMs: 10_000, recorder });
    expect(await withoutCertificate.getRequest('NO', 'F-1')).toEqual({ ok: false, failure: { kind: 'unavailable', reason: 'network' } });

    // An unreadable file is named by its country's setting; the other country is not affected.
    const reported: string[] = [];
    const log = { error: (details: object) => reported.push(JSON.stringify(details)) };
    const missingFile = createGrenkeClient({
      baseUrl,
      countries: { NO: { certFile: file('nothing.crt'), keyFile: file('client-no.key') }, SE: { certFile: file('client-se.crt'), keyFile: file('client-se.key') } },
      caFile: file('ca.crt'),
      timeoutMs: 10_000,
      recorder,
      log,
    });
    expect(await missingFile.getRequest('NO', 'F-1')).toEqual({ ok: false, failure: { kind: 'unavailable', reason: 'network' } });
    expect(reported).toEqual([expect.stringContaining('GRENKE_CLIENT_CERT_FILE_NO: cannot read')]);
    expect(await missingFile.getRequest('SE', 'F-2')).toMatchObject({ ok: true });
  });
});

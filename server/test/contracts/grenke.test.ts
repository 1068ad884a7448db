/**
 * GRENKE held to what is known of its API (contracts/src/grenke: a reseller's notes made from
 * GRENKE's swagger and live calls; GRENKE publishes nothing). The adapter against a stand-in built
 * only from that material: every call it makes has the published request shape, and every
 * published answer (each of the 17 states, the errors, the account set-up 500) is read as it
 * should be. Then the sandbox simulator: its answers have the published shapes, and it refuses
 * what the published shapes refuse, with GRENKE's error body.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shapeDiff, violations } from '@portal/contracts';
import { fixture } from '@portal/contracts/fixtures';
import * as published from '@portal/contracts/grenke/schemas';
import { standIn, type StandIn, type StandInAnswer, type StandInRequest } from '@portal/contracts/stand-in';
import { TEST_COMPANIES } from '@portal/domain';
import { readingOfState } from '../../src/lenders/grenke/flow';
import { createGrenkeClient, type GrenkeClientOptions } from '../../src/providers/grenke/client';
import { deliveryConfirmationPdf, deliveryKeywords } from '../../src/providers/grenke/delivery-confirmation';
import { GRENKE_STATES, type GrenkeCreateRequest, type GrenkeDeliveryConfirmation, type GrenkeDeliveryStatus, type GrenkeState } from '../../src/providers/grenke/types';
import { createProviderHealth } from '../../src/providers/health';
import { memoryRecorder } from '../../src/providers/interactions';
import { nextReference, startTestServer, type TestApp } from '../helpers';

const example = (name: string, overrides: Partial<StandInAnswer> = {}): StandInAnswer => {
  const f = fixture('grenke', name);
  return { status: f.status ?? 200, ...(f.answer === undefined ? {} : { body: f.answer }), ...overrides };
};

/** A Norwegian and a Swedish account's lists, in the published shapes (the names are not published: ours). */
const LEGAL_FORMS = [
  { Id: 11, Name: 'Aksjeselskap (AS)' },
  { Id: 12, Name: 'Allmennaksjeselskap (ASA)' },
  { Id: 21, Name: 'Aktiebolag' },
];
const OBJECT_TYPES = { Items: [{ Id: 1, Name: 'Notebook' }, { Id: 7, Name: 'Docking station' }, { Id: 9, Name: 'Office equipment' }] };

const company = (org: string) => {
  const found = TEST_COMPANIES.find((c) => c.organisationNumber === org);
  if (!found) throw new Error(`no test company ${org}`);
  return found;
};

function requestFor(org: string, overrides: Partial<GrenkeCreateRequest> = {}): GrenkeCreateRequest {
  const c = company(org);
  return {
    country: c.country,
    reference: nextReference('grenke'),
    period: 36,
    currency: c.country === 'NO' ? 'NOK' : 'SEK',
    lessee: { companyName: c.companyName, organisationNumber: c.organisationNumber, email: c.email, phone: c.phone, address: c.address, postalCode: c.postalCode, city: c.city },
    objects: [
      { description: 'Notebook 14" with a long description of its memory and its disk', quantity: 2, netPricePerObject: 9600.004, serialNumber: 'SN-0001' },
      { description: 'Docking station', quantity: 1, netPricePerObject: 4800, serialNumber: null },
    ],
    ...overrides,
  };
}

type Call = 'calculate' | 'legalForms' | 'objectTypes' | 'create' | 'get' | 'generate' | 'contract' | 'upload';

describe("GRENKE: the adapter against a stand-in built only from the published (third-party) material", () => {
  let server: StandIn;
  let pdf: Uint8Array;
  let answers: Record<Call, StandInAnswer | ((request: StandInRequest) => StandInAnswer)>;
  const recorder = memoryRecorder();
  const logged: { details: object; message: string }[] = [];
  const log = { error: (details: object, message: string) => logged.push({ details, message }) };
  const client = (options: Partial<GrenkeClientOptions> = {}) =>
    createGrenkeClient({
      baseUrl: server.url,
      countries: { NO: { certFile: undefined, keyFile: undefined }, SE: { certFile: undefined, keyFile: undefined } },
      timeoutMs: 5000,
      recorder,
      log,
      ...options,
    });
  const requests = (method: string, path: string | RegExp) =>
    server.received.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  const withState = (state: string): StandInAnswer => ({ status: 200, body: { ...(fixture('grenke', 'get-request').answer as object), State: state } });

  beforeAll(async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    pdf = await doc.save();
    const answer = (call: Call) => (request: StandInRequest) => {
      const a = answers[call];
      return typeof a === 'function' ? a(request) : a;
    };
    server = await standIn([
      { method: 'POST', path: published.PATHS.calculate, request: published.calculateRequest, answer: answer('calculate') },
      { method: 'GET', path: published.PATHS.legalForms, answer: answer('legalForms') },
      { method: 'GET', path: published.PATHS.objectTypes, answer: answer('objectTypes') },
      { method: 'POST', path: published.PATHS.requests, request: published.createRequest, answer: answer('create') },
      { method: 'GET', path: published.PATHS.request, answer: answer('get') },
      { method: 'POST', path: published.PATHS.contractDocument, request: published.generateContractRequest, answer: answer('generate') },
      { method: 'GET', path: published.PATHS.contractDocument, answer: answer('contract') },
      { method: 'POST', path: published.PATHS.documents, request: published.uploadDocumentRequest, answer: answer('upload') },
    ]);
  });
  beforeEach(() => {
    logged.length = 0;
    answers = {
      calculate: example('calculate'),
      legalForms: { status: 200, body: LEGAL_FORMS },
      objectTypes: { status: 200, body: OBJECT_TYPES },
      create: example('create-request'),
      get: example('get-request'),
      generate: { status: 200 },
      contract: { status: 200, raw: pdf, headers: { 'content-type': 'application/pdf' } },
      upload: { status: 200 },
    };
  });
  afterAll(async () => server.close());

  it('holds its own test lists to the published shapes', () => {
    expect(violations(published.legalFormsAnswer, LEGAL_FORMS)).toEqual([]);
    expect(violations(published.objectTypesAnswer, OBJECT_TYPES)).toEqual([]);
  });

  it('sends every call in the published shape', async () => {
    const grenke = client();
    expect((await grenke.calculate({ country: 'NO', amount: 15000, period: 36, currency: 'NOK' })).ok).toBe(true);
    expect(await grenke.createRequest(requestFor('892831270'))).toEqual({ ok: true, value: { financingId: '3f2b8c1e-6a4d-4e2f-9b7a-1c0d5e8f2a61', requestNumber: null, state: 'RequestToGrenke' } });
    expect(await grenke.getRequest('NO', '3f2b8c1e-6a4d-4e2f-9b7a-1c0d5e8f2a61')).toEqual({ ok: true, value: { financingId: '3f2b8c1e-6a4d-4e2f-9b7a-1c0d5e8f2a61', requestNumber: '180-33037', state: 'ReadyToSign' } });
    expect((await grenke.getContractDocument('NO', '3f2b8c1e-6a4d-4e2f-9b7a-1c0d5e8f2a61')).ok).toBe(true);
    expect((await grenke.deliverSignedContract('NO', '3f2b8c1e-6a4d-4e2f-9b7a-1c0d5e8f2a61', pdf)).ok).toBe(true);
    expect(server.violations).toEqual([]);
    // No call outside the published ones (the stand-in answers any other with 404).
    expect(server.received.filter((r) => r.path.endsWith('/cancel'))).toEqual([]);
  });

  it('asks for a product type and frequency GRENKE has, never "Leasing"', async () => {
    await client().calculate({ country: 'NO', amount: 15000, period: 36, currency: 'NOK' });
    expect(requests('POST', published.PATHS.calculate).at(-1)?.body).toEqual({
      FinancingAmount: 15000,
      Period: 36,
      Currency: 'NOK',
      ProductType: 'ClassicLease',
      PaymentFrequency: 'Monthly',
      PaymentMethod: 'DirectDebit',
    });
    // The account's own terms, where the lender sets them.
    await client({ terms: { productType: 'Rent', paymentFrequency: 'Quarterly' } }).calculate({ country: 'NO', amount: 15000, period: 36, currency: 'NOK' });
    expect(requests('POST', published.PATHS.calculate).at(-1)?.body).toMatchObject({ ProductType: 'Rent', PaymentFrequency: 'Quarterly' });
    expect(server.violations).toEqual([]);
  });

  it('builds the lessee and the objects as GRENKE documents them: Line1/PostCode, a typed phone, the legal form and object type from its lists', async () => {
    await client().createRequest(requestFor('892831270'));
    const body = requests('POST', published.PATHS.requests).at(-1)?.body;
    expect(violations(published.createRequest, body)).toEqual([]);
    expect(body).toEqual({
      FinancingAmount: 24000,
      Period: 36,
      Currency: 'NOK',
      ProductType: 'ClassicLease',
      PaymentFrequency: 'Monthly',
      PaymentMethod: 'DirectDebit',
      Lessee: {
        CompanyName: 'Nordlys Kontor AS',
        ExternalId: '892831270',
        LegalFormId: 11,
        Email: 'post@nordlys-kontor.example.com',
        Telephones: [{ Number: '+4722334455', Type: 'Phone' }],
        Addresses: [{ Line1: 'Karl Johans gate 7', PostCode: '0154', City: 'Oslo', Country: 'NO', Type: 'Main' }],
      },
      FinancingObjects: [
        // Name is an object type's name in GRENKE's API: the product goes in Details, at most 50 characters.
        { Quantity: 2, ObjectTypeId: 1, Manufacturer: 'Other', NetPricePerObject: 9600, SerialNumber: 'SN-0001', Details: 'Notebook 14" with a long description of its memor…' },
        { Quantity: 1, ObjectTypeId: 7, Manufacturer: 'Other', NetPricePerObject: 4800, Details: 'Docking station' },
      ],
    });
    // The request carries no reference of the portal's: GRENKE's documented body has none.
    expect(JSON.stringify(body)).not.toContain('ExternalReference');
  });

  it('finds a Swedish company\'s legal form by its name in words, and uses the object type the lender set', async () => {
    const grenke = client({ objectType: 'office equipment' });
    expect((await grenke.createRequest(requestFor('6997368573'))).ok).toBe(true);
    const body = requests('POST', published.PATHS.requests).at(-1)?.body as { Lessee: { LegalFormId: number; Telephones: unknown }; FinancingObjects: { ObjectTypeId: number }[] };
    expect(body.Lessee.LegalFormId).toBe(21);
    expect(body.Lessee.Telephones).toEqual([{ Number: '+46812345678', Type: 'Phone' }]);
    expect(body.FinancingObjects.map((o) => o.ObjectTypeId)).toEqual([9, 9]);
    expect(server.violations).toEqual([]);
  });

  it('keeps each country\'s lists a while, and asks each country for its own', async () => {
    const grenke = client();
    const before = requests('GET', published.PATHS.legalForms).length;
    await grenke.createRequest(requestFor('892831270'));
    await grenke.createRequest(requestFor('892831270'));
    expect(requests('GET', published.PATHS.legalForms).length - before).toBe(1);
    await grenke.createRequest(requestFor('6997368573'));
    expect(requests('GET', published.PATHS.legalForms).length - before).toBe(2);
  });

  it('sends nothing, and names the problem for the operator, when a list has no legal form or object type that fits', async () => {
    const grenke = client();
    const before = requests('POST', published.PATHS.requests).length;
    answers.legalForms = { status: 200, body: [{ Id: 12, Name: 'Allmennaksjeselskap (ASA)' }] };
    expect(await grenke.createRequest(requestFor('892831270'))).toEqual({ ok: false, failure: { kind: 'refused', status: 422, code: 'LEGAL_FORM_UNKNOWN' } });
    answers.legalForms = { status: 200, body: LEGAL_FORMS };
    expect(await client().createRequest(requestFor('892831270', { objects: [{ description: 'Coffee machine', quantity: 1, netPricePerObject: 100, serialNumber: null }] }))).toEqual({
      ok: false,
      failure: { kind: 'refused', status: 422, code: 'OBJECT_TYPE_UNKNOWN' },
    });
    expect(requests('POST', published.PATHS.requests).length).toBe(before);
    expect(logged.map((l) => l.message)).toEqual([expect.stringContaining('no legal form'), expect.stringContaining('GRENKE_OBJECT_TYPE')]);
    // Never the company's data in the log.
    expect(JSON.stringify(logged)).not.toMatch(/Nordlys|892831270|post@|22334455/);
  });

  it('reads the published calculation: the item of the period asked for', async () => {
    expect(await client().calculate({ country: 'NO', amount: 15000, period: 36, currency: 'NOK' })).toEqual({ ok: true, value: { period: 36, monthlyTotalInstalment: 472.5, currency: 'NOK' } });
    expect(await client().calculate({ country: 'NO', amount: 15000, period: 30, currency: 'NOK' })).toEqual({ ok: false, failure: { kind: 'refused', status: 200, code: 'PERIOD_NOT_OFFERED' } });
  });

  it.each(GRENKE_STATES)('reads the state %s, and polling goes on without failing', async (state) => {
    answers.get = withState(state);
    const read = await client().getRequest('NO', '3f2b8c1e-6a4d-4e2f-9b7a-1c0d5e8f2a61');
    expect(read).toMatchObject({ ok: true, value: { state } });
    const reading = readingOfState(state);
    expect(reading.providerStatus).toBe(state);
    expect(reading.events.length).toBeLessThanOrEqual(1);
  });

  it('takes an answer without the published shape as GRENKE\'s fault: unreadable, naming the field', async () => {
    answers.get = withState('SomethingNew');
    expect(await client().getRequest('NO', 'x')).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200, field: 'State' } });
    answers.create = { status: 200, body: { State: 'RequestToGrenke' } };
    expect(await client().createRequest(requestFor('892831270'))).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200, field: 'FinancingId' } });
    answers.calculate = { status: 200, body: { Items: [{ Period: 36 }] } };
    expect(await client().calculate({ country: 'NO', amount: 15000, period: 36, currency: 'NOK' })).toEqual({ ok: false, failure: { kind: 'unreadable', status: 200, field: 'Items[0].MonthlyTotalInstalment' } });
    expect(recorder.interactions.at(-1)).toMatchObject({ provider: 'grenke', operation: 'calculate', outcome: 'unreadable' });
  });

  it('reads the account set-up 500 as a refusal the operator sees, with GRENKE\'s CorrelationId, and opens no circuit', async () => {
    const health = createProviderHealth({ probeIntervalMs: 60_000, log: { warn: () => undefined, info: () => undefined } });
    answers.calculate = example('calculate-no-condition-list');
    const grenke = client({ guard: health.guard('grenke') });
    for (let i = 0; i < 5; i++) {
      expect(await grenke.calculate({ country: 'SE', amount: 2525, period: 36, currency: 'SEK' })).toEqual({ ok: false, failure: { kind: 'refused', status: 500, code: 'ACCOUNT_SETUP' } });
    }
    expect(health.circuitState('grenke')).toBe('closed');
    expect(recorder.interactions.at(-1)).toMatchObject({ operation: 'calculate', outcome: 'refused', httpStatus: 500 });
    expect(logged.at(-1)).toMatchObject({ details: { provider: 'grenke', country: 'SE', correlationId: 'GRENKE-LeasingAPI-...+e36b5063-8ba7-412f-a197-2c0e65e3f664' } });
    expect(logged.at(-1)?.message).toMatch(/condition list/);
    // Any other 500 is an outage.
    answers.calculate = { status: 500, body: { Message: 'Unfortunately we are not able to process your request.', StatusCode: 500 } };
    expect(await grenke.calculate({ country: 'SE', amount: 2525, period: 36, currency: 'SEK' })).toEqual({ ok: false, failure: { kind: 'unavailable', reason: 'server-error', status: 500 } });
    health.stop();
  });

  it('reads a refused request (400) as a refusal', async () => {
    answers.create = example('error-validation');
    expect(await client().createRequest(requestFor('892831270'))).toEqual({ ok: false, failure: { kind: 'refused', status: 400 } });
  });

  it('generates the contract, then fetches it: raw or as base64, and a contract there already (409) is fine', async () => {
    const grenke = client();
    const generatedBefore = requests('POST', published.PATHS.contractDocument).length;
    expect(await grenke.getContractDocument('NO', 'F-1')).toEqual({ ok: true, value: new Uint8Array(pdf) });
    expect(requests('POST', published.PATHS.contractDocument).length).toBe(generatedBefore + 1);
    answers.generate = example('generate-contract-exists');
    answers.contract = { status: 200, body: Buffer.from(pdf).toString('base64') };
    expect(await grenke.getContractDocument('NO', 'F-1')).toEqual({ ok: true, value: new Uint8Array(pdf) });
    answers.contract = { status: 200, raw: `data:application/pdf;base64,${Buffer.from(pdf).toString('base64')}` };
    expect(await grenke.getContractDocument('NO', 'F-1')).toEqual({ ok: true, value: new Uint8Array(pdf) });
    answers.contract = { status: 200, raw: '<html>maintenance</html>', headers: { 'content-type': 'text/html' } };
    expect(await grenke.getContractDocument('NO', 'F-1')).toMatchObject({ ok: false, failure: { kind: 'unreadable', status: 200 } });
    answers.generate = { status: 400, body: { Message: 'The request is not approved.', StatusCode: 400, Details: null, CorrelationId: 'c' } };
    expect(await grenke.getContractDocument('NO', 'F-1')).toEqual({ ok: false, failure: { kind: 'refused', status: 400 } });
    expect(server.violations).toEqual([]);
  });

  it('hands the signed contract over as a document of the request, then reads what GRENKE made of it', async () => {
    const grenke = client();
    const before = requests('POST', published.PATHS.documents).length;
    answers.get = (request) => withState(requests('POST', published.PATHS.documents).length > before && request.method === 'GET' ? 'Contracted' : 'ReadyToSign');
    expect(await grenke.deliverSignedContract('NO', 'F-1', pdf)).toMatchObject({ ok: true, value: { state: 'Contracted' } });
    const [upload] = requests('POST', published.PATHS.documents).slice(before);
    expect(upload?.path).toBe('/basic/v1/calculationSets/F-1/documents/base64');
    expect(upload?.body).toEqual({ DocumentName: 'leasing-contract-F-1-signed.pdf', DocumentContent: Buffer.from(pdf).toString('base64'), DocumentCategory: 300 });
    expect(server.violations).toEqual([]);
  });

  it('sends nothing for a request that is contracted already, and refuses one declined or cancelled as final', async () => {
    const grenke = client();
    const before = requests('POST', published.PATHS.documents).length;
    answers.get = withState('Contracted');
    expect(await grenke.deliverSignedContract('NO', 'F-1', pdf)).toMatchObject({ ok: true, value: { state: 'Contracted' } });
    for (const state of ['Declined', 'Cancelled']) {
      answers.get = withState(state);
      expect(await grenke.deliverSignedContract('NO', 'F-1', pdf)).toEqual({ ok: false, failure: { kind: 'refused', status: 409, code: state, catalogue: 'PAYMENT_STATUS_FINAL' } });
    }
    expect(requests('POST', published.PATHS.documents).length).toBe(before);
  });

  describe('the delivery confirmation (ADR 29, update of 27 November: no call of GRENKE\'s is known; a document of the request)', () => {
    const delivered = (overrides: Partial<GrenkeDeliveryConfirmation> = {}): GrenkeDeliveryConfirmation => ({
      operationId: 'op-7f3a',
      deliveredOn: '2026-11-27',
      objects: [
        { reference: 'NB-14', description: 'Notebook 14"', quantity: 2 },
        { reference: 'DOCK-1', description: 'Docking station', quantity: 1 },
      ],
      serialNumbers: [
        { reference: 'NB-14', serialNumber: 'SN-0001' },
        { reference: 'DOCK-1', serialNumber: 'DK 77/1' },
        { reference: 'NB-14', serialNumber: 'SN-0002' },
      ],
      ...overrides,
    });
    const uploads = () => requests('POST', published.PATHS.documents);

    it('sends the delivery report in the published shape while GRENKE waits for it, then reads the lease contracted', async () => {
      const before = uploads().length;
      answers.get = () => example(uploads().length > before ? 'get-request-contracted' : 'get-request-awaiting-delivery');
      expect(await client().confirmDelivery('NO', 'F-1', delivered())).toEqual({ ok: true, value: { financingId: '3f2b8c1e-6a4d-4e2f-9b7a-1c0d5e8f2a61', requestNumber: '180-33037', state: 'Contracted' } });
      const [upload] = uploads().slice(before);
      expect(upload?.path).toBe('/basic/v1/calculationSets/F-1/documents/base64');
      expect(violations(published.uploadDocumentRequest, upload?.body)).toEqual([]);
      expect(shapeDiff(fixture('grenke', 'upload-delivery-confirmation').request, upload?.body)).toEqual([]);
      const body = upload?.body as { DocumentName: string; DocumentContent: string; DocumentCategory: number };
      expect(body.DocumentName).toBe('delivery-confirmation-F-1.pdf');
      expect(body.DocumentCategory).toBe(published.GENERIC_DOCUMENT_CATEGORY);
      // A PDF in the lessee's language that gives every unit's serial number, and says the same to a machine.
      const pdf = await PDFDocument.load(Buffer.from(body.DocumentContent, 'base64'));
      expect(pdf.getTitle()).toBe('Leveringsbekreftelse F-1');
      expect(pdf.getKeywords()).toBe('grenke-delivery-confirmation financing-id=F-1 delivered-on=2026-11-27 operation=op-7f3a object-1=SN-0001,SN-0002 object-2=DK%2077%2F1');
      expect(server.violations).toEqual([]);
    });

    it('reads a lease GRENKE has not contracted yet after the report as still awaiting it (the poller follows it)', async () => {
      answers.get = example('get-request-awaiting-delivery');
      expect(await client().confirmDelivery('SE', 'F-1', delivered())).toMatchObject({ ok: true, value: { state: 'AwaitingDeliveryConfirmation' } });
      // In Swedish for a Swedish lessee.
      const pdf = await PDFDocument.load(Buffer.from((uploads().at(-1)?.body as { DocumentContent: string }).DocumentContent, 'base64'));
      expect(pdf.getTitle()).toBe('Leveransbekräftelse F-1');
    });

    it.each([
      ['Contracted', { ok: true, value: { financingId: '3f2b8c1e-6a4d-4e2f-9b7a-1c0d5e8f2a61', requestNumber: '180-33037', state: 'Contracted' } }],
      ['Declined', { ok: false, failure: { kind: 'refused', status: 409, code: 'Declined', catalogue: 'PAYMENT_STATUS_FINAL' } }],
      ['Cancelled', { ok: false, failure: { kind: 'refused', status: 409, code: 'Cancelled', catalogue: 'PAYMENT_STATUS_FINAL' } }],
      ['ReadyToSign', { ok: false, failure: { kind: 'refused', status: 409, code: 'DELIVERY_NOT_AWAITED' } }],
      ['AwaitingCustomerSignature', { ok: false, failure: { kind: 'refused', status: 409, code: 'DELIVERY_NOT_AWAITED' } }],
      ['ApplicationReceived', { ok: false, failure: { kind: 'refused', status: 409, code: 'DELIVERY_NOT_AWAITED' } }],
    ] as const)('sends nothing for a request that is %s', async (state, expected) => {
      const before = uploads().length;
      answers.get = withState(state);
      expect(await client().confirmDelivery('NO', 'F-1', delivered())).toEqual(expected);
      expect(uploads().length).toBe(before);
    });

    it.each<[string, Partial<GrenkeDeliveryConfirmation>, string]>([
      ['a unit without its serial number', { serialNumbers: [{ reference: 'NB-14', serialNumber: 'SN-0001' }, { reference: 'DOCK-1', serialNumber: 'DK-1' }] }, 'SERIAL_NUMBER_MISSING'],
      ['an empty serial number', { serialNumbers: [{ reference: 'NB-14', serialNumber: 'SN-0001' }, { reference: 'NB-14', serialNumber: ' ' }, { reference: 'DOCK-1', serialNumber: 'DK-1' }] }, 'SERIAL_NUMBER_MISSING'],
      ['no serial numbers at all', { serialNumbers: [] }, 'SERIAL_NUMBER_MISSING'],
      ['a serial number of no object of the lease', { serialNumbers: [...delivered().serialNumbers, { reference: 'MOUSE', serialNumber: 'M-1' }] }, 'SERIAL_NUMBER_UNKNOWN_OBJECT'],
      ['more serial numbers than units', { serialNumbers: [...delivered().serialNumbers, { reference: 'DOCK-1', serialNumber: 'DK-2' }] }, 'SERIAL_NUMBERS_EXCEED_QUANTITY'],
      ['one serial number twice', { serialNumbers: [{ reference: 'NB-14', serialNumber: 'SN-0001' }, { reference: 'NB-14', serialNumber: 'SN-0001' }, { reference: 'DOCK-1', serialNumber: 'DK-1' }] }, 'SERIAL_NUMBER_DUPLICATE'],
      ['a delivery date in the future', { deliveredOn: '2999-01-01' }, 'DELIVERY_DATE_INVALID'],
      ['a delivery date that does not exist', { deliveredOn: '2026-02-30' }, 'DELIVERY_DATE_INVALID'],
      ['no objects', { objects: [], serialNumbers: [] }, 'NO_OBJECTS'],
    ])('refuses %s without asking GRENKE anything', async (_what, overrides, code) => {
      const before = server.received.length;
      answers.get = example('get-request-awaiting-delivery');
      expect(await client().confirmDelivery('NO', 'F-1', delivered(overrides))).toEqual({ ok: false, failure: { kind: 'refused', status: 422, code } });
      expect(server.received.length).toBe(before);
    });

    it('reads a refusal of the report (400) as a refusal', async () => {
      answers.get = example('get-request-awaiting-delivery');
      answers.upload = example('error-validation');
      expect(await client().confirmDelivery('NO', 'F-1', delivered())).toEqual({ ok: false, failure: { kind: 'refused', status: 400 } });
    });

    it.each(GRENKE_STATES)('tells after a crash whether the delivery was confirmed: %s', async (state) => {
      const expected: Record<GrenkeState, GrenkeDeliveryStatus> = Object.fromEntries(GRENKE_STATES.map((s) => [s, 'not-awaited'])) as Record<GrenkeState, GrenkeDeliveryStatus>;
      Object.assign(expected, { AwaitingDeliveryConfirmation: 'awaited', Contracted: 'confirmed', Declined: 'closed', Cancelled: 'closed' });
      answers.get = withState(state);
      expect(await client().findDeliveryConfirmation('NO', 'F-1')).toMatchObject({ ok: true, value: { request: { state }, delivery: expected[state] } });
    });

    it('reads the published answers of the delivery states', async () => {
      answers.get = example('get-request-awaiting-delivery');
      expect(await client().findDeliveryConfirmation('NO', 'F-1')).toMatchObject({ ok: true, value: { delivery: 'awaited' } });
      answers.get = example('get-request-contracted');
      expect(await client().findDeliveryConfirmation('NO', 'F-1')).toMatchObject({ ok: true, value: { delivery: 'confirmed' } });
      // Once GRENKE has the signed contract, a request awaiting its delivery keeps the poller asking.
      expect(readingOfState('AwaitingDeliveryConfirmation', true)).toMatchObject({ keepPolling: true });
    });

    it("never calls GRENKE's own e-signature: the lessee signs with BankID (ADR 29)", () => {
      expect(server.received.filter((r) => published.PATHS.eSignature.test(r.path))).toEqual([]);
      // What GRENKE's own delivery confirmation would ask for is on record, with its signees.
      expect(violations(published.eSignatureRequest, fixture('grenke', 'start-e-signature').request)).toEqual([]);
      expect(deliveryKeywords('F-1', delivered())[0]).toBe('grenke-delivery-confirmation');
    });
  });

  it('calls a country GRENKE is not set up for not at all', async () => {
    const grenke = client({ countries: { NO: { certFile: undefined, keyFile: undefined }, SE: null } });
    const before = server.received.length;
    expect(await grenke.calculate({ country: 'SE', amount: 15000, period: 36, currency: 'SEK' })).toEqual({ ok: false, failure: { kind: 'unavailable', reason: 'not-configured' } });
    expect(server.received.length).toBe(before);
    expect(await grenke.probe()).toEqual({ ok: true, value: undefined });
  });
});

describe('GRENKE: the sandbox simulator held to the published shapes', () => {
  let t: TestApp & { url: string };
  let base: string;
  const post = (path: string, body: unknown) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const get = (path: string) => fetch(`${base}${path}`);
  const publishedExample = (name: string) => fixture('grenke', name);
  /** The published request, in the sandbox account's currency, legal form and object type. */
  const norwegianRequest = () => {
    const request = structuredClone(publishedExample('create-request').request) as {
      Currency: string;
      PaymentMethod: string;
      PaymentFrequency: string;
      Lessee: { LegalFormId: number; Addresses: { Country: string }[] };
      FinancingObjects: { ObjectTypeId: number }[];
    };
    request.Currency = 'NOK';
    request.PaymentFrequency = 'Monthly';
    request.Lessee.LegalFormId = 101;
    request.Lessee.Addresses.forEach((a) => (a.Country = 'NO'));
    request.FinancingObjects.forEach((o) => (o.ObjectTypeId = 1));
    return request;
  };
  const expectError = async (response: Response, status: number) => {
    expect(response.status).toBe(status);
    const body: unknown = await response.json();
    expect(violations(published.errorAnswer, body)).toEqual([]);
    // `Errors` is keyed by field: its keys are not a shape, its values are.
    const { Errors, ...rest } = body as { Errors?: Record<string, unknown> };
    const reference = publishedExample(status === 500 ? 'calculate-no-condition-list' : 'error-validation').answer as { Errors?: Record<string, unknown> };
    expect(shapeDiff(reference, rest)).toEqual([]);
    for (const messages of Object.values(Errors ?? {})) expect(shapeDiff(Object.values(reference.Errors ?? {})[0], messages)).toEqual([]);
    return { Errors: Errors as Record<string, string[]> | undefined };
  };

  beforeAll(async () => {
    t = await startTestServer('pglite');
    base = `${t.url}/sandbox/grenke`;
  });
  afterAll(async () => t.close());

  it('calculates in the published shape', async () => {
    const request = { ...(publishedExample('calculate').request as object), Currency: 'NOK', ProductType: 'ClassicLease', PaymentFrequency: 'Monthly' };
    expect(violations(published.calculateRequest, request)).toEqual([]);
    const response = await post('/basic/v1/calculate', request);
    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    expect(violations(published.calculateAnswer, body)).toEqual([]);
    expect(shapeDiff(publishedExample('calculate').answer, body)).toEqual([]);
  });

  it('answers a product type the account has no conditions for as GRENKE does: the account set-up 500', async () => {
    const request = publishedExample('calculate').request as object;
    await expectError(await post('/basic/v1/calculate', { ...request, Currency: 'NOK' }), 500);
  });

  it('serves its legal forms and object types in the published shapes', async () => {
    const forms: unknown = await (await get('/basic/v1/legalforms')).json();
    expect(violations(published.legalFormsAnswer, forms)).toEqual([]);
    expect(shapeDiff(publishedExample('legalforms').answer, forms)).toEqual([]);
    const types: unknown = await (await get('/basic/v1/objecttypes')).json();
    expect(violations(published.objectTypesAnswer, types)).toEqual([]);
    expect(shapeDiff(publishedExample('objecttypes').answer, types)).toEqual([]);
  });

  it('takes the published request, answers and reads it back in the published shapes, generates the contract once and takes the signed one as a document', async () => {
    const request = norwegianRequest();
    expect(violations(published.createRequest, request)).toEqual([]);
    const created = await post('/basic/v1/requests', request);
    expect(created.status).toBe(200);
    const answer = (await created.json()) as { FinancingId: string };
    expect(violations(published.requestAnswer, answer)).toEqual([]);
    expect(shapeDiff(publishedExample('create-request').answer, answer)).toEqual([]);

    const read: unknown = await (await get(`/basic/v1/requests/${answer.FinancingId}`)).json();
    expect(violations(published.requestAnswer, read)).toEqual([]);
    expect(shapeDiff(publishedExample('get-request').answer, read)).toEqual([]);

    // Approved (as an unknown company is, a moment later).
    await post('/control/decide', { financingId: answer.FinancingId, action: 'approved' });
    const generated = await post(`/basic/v1/requests/${answer.FinancingId}/contractdocument`, publishedExample('generate-contract').request);
    expect(generated.status).toBe(200);
    await expectError(await post(`/basic/v1/requests/${answer.FinancingId}/contractdocument`, {}), 409);
    const contract = await get(`/basic/v1/requests/${answer.FinancingId}/contractdocument`);
    expect(contract.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await contract.arrayBuffer());
    expect(published.isPdf(bytes)).toBe(true);

    const signed = await PDFDocument.load(bytes);
    signed.addPage();
    const upload = { ...(publishedExample('upload-document').request as object), DocumentContent: Buffer.from(await signed.save()).toString('base64') };
    expect(violations(published.uploadDocumentRequest, upload)).toEqual([]);
    expect((await post(`/basic/v1/calculationSets/${answer.FinancingId}/documents/base64`, upload)).status).toBe(200);
    expect(await (await get(`/basic/v1/requests/${answer.FinancingId}`)).json()).toMatchObject({ State: 'Contracted' });
  });

  it.each([
    ['ProductType "Leasing"', (r: Record<string, unknown>) => ({ ...r, ProductType: 'Leasing' }), 'ProductType'],
    ['no LegalFormId', (r: Record<string, unknown>) => ({ ...r, Lessee: { ...(r.Lessee as object), LegalFormId: undefined } }), 'Lessee.LegalFormId'],
    [
      'Street and PostalCode',
      (r: Record<string, unknown>) => ({ ...r, Lessee: { ...(r.Lessee as object), Addresses: [{ Type: 'Main', Street: 'Storgata 1', PostalCode: '0155', City: 'Oslo', Country: 'NO' }] } }),
      'Lessee.Addresses[0]',
    ],
    ['a phone of Type "Main"', (r: Record<string, unknown>) => ({ ...r, Lessee: { ...(r.Lessee as object), Telephones: [{ Type: 'Main', Number: '+4722334455' }] } }), 'Lessee.Telephones[0].Type'],
    ['no Manufacturer', (r: Record<string, unknown>) => ({ ...r, FinancingObjects: [{ Quantity: 10, ObjectTypeId: 1, NetPricePerObject: 3700 }] }), 'FinancingObjects[0].Manufacturer'],
    ['a FinancingAmount other than the objects\' sum', (r: Record<string, unknown>) => ({ ...r, FinancingAmount: 36999 }), 'FinancingAmount'],
    ['a reference of its own', (r: Record<string, unknown>) => ({ ...r, ExternalReference: 'order-1' }), '$'],
    ['a legal form not in its list', (r: Record<string, unknown>) => ({ ...r, Lessee: { ...(r.Lessee as object), LegalFormId: 999 } }), 'Lessee.LegalFormId'],
  ])('refuses a request with %s, with GRENKE\'s error body naming the field', async (_what, change, field) => {
    const request = change(norwegianRequest() as unknown as Record<string, unknown>);
    const body = await expectError(await post('/basic/v1/requests', request), 400);
    expect(Object.keys(body.Errors ?? {})).toContain(field);
  });

  describe('the delivery confirmation', () => {
    /** A request approved, its contract generated and come back signed, GRENKE waiting for the delivery. */
    const awaitingDelivery = async () => {
      const request = norwegianRequest();
      const { FinancingId } = (await (await post('/basic/v1/requests', request)).json()) as { FinancingId: string };
      expect((await post('/control/delivery-confirmation', { financingId: FinancingId, required: true })).status).toBe(204);
      await post('/control/decide', { financingId: FinancingId, action: 'approved' });
      await post(`/basic/v1/requests/${FinancingId}/contractdocument`, {});
      const signed = await PDFDocument.load(new Uint8Array(await (await get(`/basic/v1/requests/${FinancingId}/contractdocument`)).arrayBuffer()));
      signed.addPage();
      const upload = { ...(publishedExample('upload-document').request as object), DocumentContent: Buffer.from(await signed.save()).toString('base64') };
      expect((await post(`/basic/v1/calculationSets/${FinancingId}/documents/base64`, upload)).status).toBe(200);
      return { FinancingId, quantity: request.FinancingObjects.map((o) => (o as unknown as { Quantity: number }).Quantity) };
    };
    const report = async (financingId: string, serialNumbers: string[][], deliveredOn = '2026-11-27') => {
      const objects = serialNumbers.map((_, index) => ({ reference: `R${index + 1}`, description: `Object ${index + 1}`, quantity: serialNumbers[index]?.length ?? 0 }));
      const pdf = await deliveryConfirmationPdf('NO', financingId, null, {
        operationId: 'op-1',
        deliveredOn,
        objects: objects.map((o) => ({ ...o, quantity: Math.max(o.quantity, 1) })),
        serialNumbers: serialNumbers.flatMap((numbers, index) => numbers.map((serialNumber) => ({ reference: `R${index + 1}`, serialNumber }))),
      });
      const body = { ...(publishedExample('upload-delivery-confirmation').request as object), DocumentContent: Buffer.from(pdf).toString('base64') };
      expect(violations(published.uploadDocumentRequest, body)).toEqual([]);
      return post(`/basic/v1/calculationSets/${financingId}/documents/base64`, body);
    };
    const units = (quantity: number[]) => quantity.map((n, object) => Array.from({ length: n }, (_, unit) => `SN-${object + 1}-${unit + 1}`));

    it('waits for the delivery after the signed contract, and contracts the lease on a whole report, in the published shapes', async () => {
      const { FinancingId, quantity } = await awaitingDelivery();
      const waiting: unknown = await (await get(`/basic/v1/requests/${FinancingId}`)).json();
      expect(waiting).toMatchObject({ State: 'AwaitingDeliveryConfirmation' });
      expect(violations(published.requestAnswer, waiting)).toEqual([]);
      expect(shapeDiff(publishedExample('get-request-awaiting-delivery').answer, waiting)).toEqual([]);

      expect((await report(FinancingId, units(quantity))).status).toBe(200);
      const contracted: unknown = await (await get(`/basic/v1/requests/${FinancingId}`)).json();
      expect(contracted).toMatchObject({ State: 'Contracted' });
      expect(shapeDiff(publishedExample('get-request-contracted').answer, contracted)).toEqual([]);
    });

    it('refuses a report without every unit\'s serial number, or dated in the future, with GRENKE\'s error body', async () => {
      const { FinancingId, quantity } = await awaitingDelivery();
      const short = units(quantity).map((numbers) => numbers.slice(1));
      const missing = await expectError(await report(FinancingId, short), 400);
      expect(Object.keys(missing.Errors ?? {})).toEqual(['DocumentContent']);
      expect(missing.Errors?.DocumentContent?.[0]).toMatch(/serial number per unit/);
      await expectError(await report(FinancingId, units(quantity), '2999-01-01'), 400);
      expect(await (await get(`/basic/v1/requests/${FinancingId}`)).json()).toMatchObject({ State: 'AwaitingDeliveryConfirmation' });
    });

    it('refuses a report while GRENKE does not wait for one (409)', async () => {
      const { FinancingId } = (await (await post('/basic/v1/requests', norwegianRequest())).json()) as { FinancingId: string };
      await post('/control/decide', { financingId: FinancingId, action: 'approved' });
      await expectError(await report(FinancingId, units([10])), 409);
      expect(await (await get(`/basic/v1/requests/${FinancingId}`)).json()).toMatchObject({ State: 'ReadyToSign' });
    });
  });

  it('has no cancel call: GRENKE publishes none', async () => {
    const created = (await (await post('/basic/v1/requests', norwegianRequest())).json()) as { FinancingId: string };
    expect((await post(`/basic/v1/requests/${created.FinancingId}/cancel`, {})).status).toBe(404);
  });

  it('refuses a document of another category, as GRENKE refused the reseller\'s', async () => {
    const created = (await (await post('/basic/v1/requests', norwegianRequest())).json()) as { FinancingId: string };
    const upload = { ...(publishedExample('upload-document').request as object), DocumentCategory: 100 };
    await expectError(await post(`/basic/v1/calculationSets/${created.FinancingId}/documents/base64`, upload), 400);
  });

  it('knows all 17 states', async () => {
    const created = (await (await post('/basic/v1/requests', norwegianRequest())).json()) as { FinancingId: string };
    for (const state of published.STATES.filter((s) => s !== 'Contracted')) {
      expect((await post('/control/decide', { financingId: created.FinancingId, state })).status).toBe(200);
      expect(await (await get(`/basic/v1/requests/${created.FinancingId}`)).json()).toMatchObject({ State: state });
    }
  });
});

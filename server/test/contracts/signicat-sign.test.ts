/**
 * The signing adapter against a stand-in for Signicat Enterprise Sign built only from Signicat's
 * published material (contracts/src/signicat-sign): every request it sends has the published
 * shape, and every published answer (each task and packaging status, the errors) is read as it
 * should be. An answer without the published shape is Signicat's fault: `unreadable`, naming the field.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture } from '@portal/contracts/fixtures';
import * as published from '@portal/contracts/signicat-sign/schemas';
import { standIn, type StandIn, type StandInAnswer, type StandInRequest } from '@portal/contracts/stand-in';
import type { SigningSessionStatus } from '@portal/domain';
import { memoryRecorder } from '../../src/providers/interactions';
import { createSigningClient, type SigningClientOptions } from '../../src/providers/signing/client';
import type { CreateSigningOrder, PackagingStatus } from '../../src/providers/signing/types';

const KARI = { ref: 'signatory-1', nationalId: '18087248794', name: 'Kari Nordmann', language: 'nb' as const, country: 'NO' as const };
const ANNA = { ref: 'signatory-2', nationalId: '19830514-7715', name: 'Anna Andersson', language: 'sv' as const };

const example = (name: string): StandInAnswer => {
  const f = fixture('signicat-sign', name);
  return { status: f.status ?? 200, body: f.answer };
};

/** Which published answer each call gives; a test changes one and `beforeEach` puts them back. */
type Call = 'token' | 'upload' | 'order' | 'taskStatus' | 'packagingStatus' | 'result' | 'delete';
const defaults = (pdf: Uint8Array): Record<Call, StandInAnswer> => ({
  token: example('token'),
  upload: example('upload-document'),
  order: example('create-order-bound-signer'),
  taskStatus: example('task-status-created'),
  packagingStatus: example('packaging-status-created'),
  result: { status: 200, raw: pdf, headers: { 'content-type': 'application/pdf' } },
  delete: { status: 204 },
});

describe('signing adapter against a stand-in built from Signicat\'s published material', () => {
  let server: StandIn;
  let pdf: Uint8Array;
  let answers: Record<Call, StandInAnswer>;
  const recorder = memoryRecorder();
  const client = (options: Partial<SigningClientOptions> = {}) =>
    createSigningClient({ baseUrl: server.url, clientId: 'sandbox-round-apple-123', clientSecret: 'a-client-secret', timeoutMs: 5000, recorder, ...options });
  const input = (): CreateSigningOrder => ({
    clientReference: 'application-1',
    documentTitle: 'Leasing order-10001',
    document: pdf,
    signers: [KARI, ANNA],
    redirects: { complete: 'https://portal.example/sign', reject: 'https://portal.example/sign/fail', postpone: 'https://portal.example/sign?later=1' },
  });
  const requests = (method: string, path: string | RegExp) =>
    server.received.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  const lastOrderBody = () => requests('POST', published.PATHS.orders).at(-1)?.body as { tasks: { subject: unknown; signatureMethods: unknown }[] };

  beforeAll(async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    pdf = await doc.save();
    const answer = (call: Call) => () => answers[call];
    server = await standIn([
      { method: 'POST', path: published.PATHS.token, request: published.tokenRequest, answer: answer('token') },
      {
        method: 'POST',
        path: published.PATHS.documents,
        // The body is the PDF itself: there is no JSON shape to hold it to, only its type.
        answer: (request: StandInRequest) =>
          request.headers['content-type'] === 'application/pdf' && request.text.startsWith('%PDF') ? answers.upload : { status: 400, body: { title: 'not a PDF' } },
      },
      { method: 'POST', path: published.PATHS.orders, request: published.createOrderRequest, answer: answer('order') },
      { method: 'GET', path: published.PATHS.order, answer: answer('order') },
      { method: 'DELETE', path: published.PATHS.order, answer: answer('delete') },
      { method: 'GET', path: published.PATHS.taskStatus, answer: answer('taskStatus') },
      { method: 'GET', path: published.PATHS.packagingStatus, answer: answer('packagingStatus') },
      { method: 'GET', path: published.PATHS.packagingResult, answer: answer('result') },
    ]);
  });
  beforeEach(() => {
    answers = defaults(pdf);
  });
  afterAll(async () => server.close());

  it('sends every call in the published shape: the order binds each signer by a national-id attribute and types its signature method', async () => {
    const signing = client();
    const created = await signing.createOrder(input());
    expect(created).toMatchObject({ ok: true, value: { orderId: 'f0e1d2c3-b4a5-4697-8899-aabbccddee01', tasks: [{ id: 'signTask1', signerRef: '1', status: 'CREATED' }] } });
    expect((await signing.getOrder('f0e1d2c3-b4a5-4697-8899-aabbccddee01')).ok).toBe(true);
    expect((await signing.getSignedDocument('f0e1d2c3-b4a5-4697-8899-aabbccddee01', 'packageTask1')).ok).toBe(true);
    expect(await signing.deleteOrder('f0e1d2c3-b4a5-4697-8899-aabbccddee01')).toEqual({ ok: true, value: undefined });
    expect(server.violations).toEqual([]);

    const { tasks } = lastOrderBody();
    expect(tasks.map((task) => task.subject)).toEqual([
      { id: 'signatory-1', attributes: [{ name: 'national-id', value: '18087248794', methods: ['nbid'] }] },
      { id: 'signatory-2', attributes: [{ name: 'national-id', value: '198305147715', methods: ['sbid'] }] },
    ]);
    expect(tasks.map((task) => task.signatureMethods)).toEqual([[{ name: 'nbid', type: 'AUTHENTICATION_BASED' }], [{ name: 'sbid', type: 'AUTHENTICATION_BASED' }]]);
    // Each call went where Signicat's SDK sends it.
    for (const [method, path] of [
      ['POST', published.PATHS.documents],
      ['GET', published.PATHS.order],
      ['GET', published.PATHS.taskStatus],
      ['GET', published.PATHS.packagingStatus],
      ['GET', published.PATHS.packagingResult],
      ['DELETE', published.PATHS.order],
    ] as const) {
      expect(requests(method, path).length, `${method} ${String(path)}`).toBeGreaterThan(0);
    }
    expect(requests('POST', published.PATHS.documents)[0]?.headers['content-type']).toBe('application/pdf');
  });

  it('asks for its token as Signicat\'s SDK does: client id and secret in the form', async () => {
    const before = requests('POST', published.PATHS.token).length;
    expect((await client().getOrder('f0e1d2c3-b4a5-4697-8899-aabbccddee01')).ok).toBe(true);
    const [token] = requests('POST', published.PATHS.token).slice(before);
    expect(token?.body).toEqual({ grant_type: 'client_credentials', scope: 'signicat-api', client_id: 'sandbox-round-apple-123', client_secret: 'a-client-secret' });
    expect(token?.headers.authorization).toBeUndefined();
    expect(server.violations).toEqual([]);
  });

  it('uses the signature method names of the lender\'s account where they are set', async () => {
    expect((await client({ signatureMethods: { NO: 'nbid-sign' } }).createOrder(input())).ok).toBe(true);
    const { tasks } = lastOrderBody();
    expect(tasks.map((task) => task.signatureMethods)).toEqual([[{ name: 'nbid-sign', type: 'AUTHENTICATION_BASED' }], [{ name: 'sbid', type: 'AUTHENTICATION_BASED' }]]);
    expect(tasks[0]?.subject).toMatchObject({ attributes: [{ methods: ['nbid-sign'] }] });
  });

  it.each<[string, SigningSessionStatus]>([
    ['task-status-created', 'CREATED'],
    ['task-status-completed', 'COMPLETED'],
    ['task-status-rejected', 'REJECTED'],
    ['task-status-expired', 'EXPIRED'],
    ['task-status-deleted', 'DELETED'],
  ])('reads the published task status %s', async (name, status) => {
    answers.taskStatus = example(name);
    expect(await client().getOrder('f0e1d2c3-b4a5-4697-8899-aabbccddee01')).toMatchObject({ ok: true, value: { tasks: [{ status }] } });
  });

  it.each<[string, PackagingStatus]>([
    ['packaging-status-created', 'CREATED'],
    ['packaging-status-completed', 'COMPLETED'],
    ['packaging-status-failed', 'FAILED'],
  ])('reads the published packaging status %s', async (name, status) => {
    answers.packagingStatus = example(name);
    expect(await client().getOrder('f0e1d2c3-b4a5-4697-8899-aabbccddee01')).toMatchObject({
      ok: true,
      value: { packagingTask: { id: 'packageTask1', status } },
    });
  });

  it('reads the packaged PDF', async () => {
    const signed = await client().getSignedDocument('f0e1d2c3-b4a5-4697-8899-aabbccddee01', 'packageTask1');
    expect(signed.ok && Buffer.from(signed.value).equals(Buffer.from(pdf))).toBe(true);
  });

  it('reads Signicat\'s errors as refusals: an invalid order, an unknown order, a wrong client secret', async () => {
    answers.order = example('create-order-attribute-without-value');
    expect(await client().createOrder(input())).toEqual({ ok: false, failure: { kind: 'refused', status: 400 } });
    answers.order = example('not-found');
    expect(await client().getOrder('unknown')).toEqual({ ok: false, failure: { kind: 'refused', status: 404 } });
    answers.token = example('token-invalid-client');
    expect(await client().getOrder('f0e1d2c3-b4a5-4697-8899-aabbccddee01')).toEqual({ ok: false, failure: { kind: 'refused', status: 401 } });
  });

  it.each<[string, Call, StandInAnswer, string, 'createOrder' | 'getOrder' | 'getSignedDocument']>([
    ['an upload answer without documentId', 'upload', { status: 201, body: { id: 'x' } }, 'documentId', 'createOrder'],
    ['an order without tasks', 'order', { body: { id: 'order-1', packagingTasks: [{ id: 'p' }] } }, 'tasks', 'getOrder'],
    ['an order without its packaging task', 'order', { body: { id: 'order-1', tasks: [] } }, 'packagingTasks', 'getOrder'],
    ['a task status Signicat does not list', 'taskStatus', { body: { taskStatus: 'SIGNED' } }, 'taskStatus', 'getOrder'],
    ['a packaging status answer without its status', 'packagingStatus', { body: { packagingTaskId: 'p' } }, 'packagingTaskStatus', 'getOrder'],
    ['a result that is not a PDF', 'result', { raw: '<html>maintenance</html>', headers: { 'content-type': 'text/html' } }, '(the whole answer)', 'getSignedDocument'],
  ])('fails %s as unreadable, naming the field', async (_case, call, answer, field, operation) => {
    answers[call] = answer;
    const signing = client();
    const result =
      operation === 'createOrder'
        ? await signing.createOrder(input())
        : operation === 'getOrder'
          ? await signing.getOrder('f0e1d2c3-b4a5-4697-8899-aabbccddee01')
          : await signing.getSignedDocument('f0e1d2c3-b4a5-4697-8899-aabbccddee01', 'packageTask1');
    expect(result).toEqual({ ok: false, failure: { kind: 'unreadable', status: answer.status ?? 200, field } });
    expect(recorder.interactions.at(-1)).toMatchObject({ provider: 'signing', outcome: 'unreadable', field });
  });
});

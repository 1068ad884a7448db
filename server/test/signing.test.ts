import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeDiff, violations } from '@portal/contracts';
import { fixture } from '@portal/contracts/fixtures';
import * as published from '@portal/contracts/signicat-sign/schemas';
import { SIGNING_SESSION_STATUSES } from '@portal/domain';
import { memoryRecorder } from '../src/providers/interactions';
import { createSigningClient } from '../src/providers/signing/client';
import { isFinalTaskStatus, packagingStatusOf, taskStatusOf } from '../src/providers/signing/statuses';
import type { CreateSigningOrder, SigningClient, SigningTask } from '../src/providers/signing/types';
import type { ProviderFailure } from '../src/providers/types';
import { SIGNING_NAMESPACES, signingStoresOf } from '@portal/sandbox/testing';
import { apiErrorFor, type SigningFailure, signingCodeFor } from '../src/services/provider-errors';
import { nextReference, startTestServer, type TestApp, simulated } from './helpers';

const KARI = { ref: 'signatory-1', nationalId: '18087248794', name: 'Kari Nordmann', language: 'nb' as const };
const ANNA = { ref: 'signatory-2', nationalId: '198305147715', name: 'Anna Andersson', language: 'sv' as const };

/**
 * The text a PDF draws: its content streams inflated, the hex strings of Tj operators decoded.
 * A compressed stream whose last byte is a carriage return reads, to the pattern, as one that
 * ends in CR LF: if it does not inflate without that byte, it is inflated with it (the signature
 * page carries the time of signing, so its compressed bytes differ from run to run).
 */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const parts: string[] = [];
  const inflated = (data: string) => {
    try {
      return inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
    } catch {
      return null;
    }
  };
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)(\r?)\nendstream/g)) {
    const data = match[1] ?? '';
    const content = inflated(data) ?? inflated(data + (match[2] ?? '')) ?? data;
    for (const text of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) parts.push(Buffer.from(text[1] ?? '', 'hex').toString('latin1'));
  }
  return parts.join('\n');
}

async function samplePdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.setTitle('Leieavtale test');
  for (let i = 0; i < pages; i += 1) doc.addPage().drawText(`Side ${i + 1}`, { x: 50, y: 700, size: 14, font });
  return doc.save();
}

describe('signing adapter against the sandbox simulator', () => {
  let t: TestApp & { url: string };
  /** The adapter as the app builds it (the app's 400 ms timeout): for the fault modes. */
  let strict: SigningClient;
  /** The same with room for a busy test machine. */
  let signing: SigningClient;
  let contract: Uint8Array;
  const recorder = memoryRecorder();
  const stores = () => signingStoresOf(t.app.db);

  const orderFor = (overrides: Partial<CreateSigningOrder> = {}): CreateSigningOrder => ({
    clientReference: nextReference('sign'),
    documentTitle: 'Leasing order-10001',
    document: contract,
    signers: [KARI, ANNA],
    redirects: {
      complete: `${t.url}/loan-subscription/form/sign`,
      reject: `${t.url}/loan-subscription/form/sign/fail?code=10002`,
      postpone: `${t.url}/loan-subscription/form/sign?later=1`,
    },
    ...overrides,
  });
  const create = async (input: CreateSigningOrder, client = signing) => {
    const result = await client.createOrder(input);
    if (!result.ok) throw new Error(`createOrder failed: ${JSON.stringify(result.failure)}`);
    return result.value;
  };
  const read = async (orderId: string) => {
    const result = await signing.getOrder(orderId);
    if (!result.ok) throw new Error(`getOrder failed: ${JSON.stringify(result.failure)}`);
    return result.value;
  };
  const statuses = async (orderId: string) => (await read(orderId)).tasks.map((task) => task.status);
  /**
   * What the signer's browser does on the page: a plain form post. `nationalId` is what the
   * signer's BankID gives (left out: the person the task is for).
   */
  const press = (task: SigningTask, action: 'sign' | 'reject' | 'postpone', name?: string, nationalId?: string) =>
    fetch(task.signingUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action, ...(name === undefined ? {} : { name }), ...(nationalId === undefined ? {} : { nationalId }) }),
    });
  const taskOf = (order: { tasks: SigningTask[] }, i: number): SigningTask => {
    const task = order.tasks[i];
    if (!task) throw new Error(`no task ${i}`);
    return task;
  };
  const setFault = (mode: string) =>
    fetch(`${t.url}/sandbox/control/faults/signing`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) });

  /** The adapter with room for a busy test machine, and a token cache of its own. */
  const roomyClient = () => createSigningClient({ ...simulated(t.app.config).signing, recorder, timeoutMs: 10_000 });

  beforeAll(async () => {
    t = await startTestServer('pglite', { PROVIDER_TIMEOUT_MS: '400' });
    strict = createSigningClient({ ...simulated(t.app.config).signing, recorder, timeoutMs: t.app.config.providerTimeoutMs });
    signing = roomyClient();
    contract = await samplePdf(2);
  });
  afterAll(async () => t.close());

  it('creates an order with one task per signer, each with its own signing page, on one cached token', async () => {
    // A client of its own, so that its token is fetched here whichever test ran before.
    const client = roomyClient();
    const tokensBefore = recorder.interactions.filter((i) => i.operation === 'getToken').length;
    const order = await create(orderFor(), client);
    expect(order.tasks).toMatchObject([
      { id: 'task-1', signerRef: 'signatory-1', status: 'CREATED' },
      { id: 'task-2', signerRef: 'signatory-2', status: 'CREATED' },
    ]);
    expect(order.packagingTask.status).toBe('CREATED');
    for (const task of order.tasks) expect(task.signingUrl.startsWith(`${t.url}/sandbox/signing/sign/${order.orderId}/`)).toBe(true);
    expect((await client.getOrder(order.orderId)).ok).toBe(true);
    expect(recorder.interactions.filter((i) => i.operation === 'getToken').length - tokensBefore).toBe(1);

    // The Norwegian signer sees a Norwegian BankID page, the Swedish one a Swedish page.
    const norwegian = await fetch(taskOf(order, 0).signingUrl);
    expect(norwegian.status).toBe(200);
    expect(norwegian.headers.get('content-security-policy')).toContain("form-action 'self'");
    const page = await norwegian.text();
    expect(page).toContain('<html lang="nb"');
    expect(page).toContain('look-no');
    expect(page).toContain('Leasing order-10001');
    expect(page).toContain('Signer med BankID');
    expect(page).toContain('*******8794');
    expect(page).not.toContain(KARI.nationalId);
    const swedish = await (await fetch(taskOf(order, 1).signingUrl)).text();
    expect(swedish).toContain('<html lang="sv"');
    expect(swedish).toContain('look-se');
    expect(swedish).toContain('Signera med BankID');
    expect(await (await fetch(`${taskOf(order, 1).signingUrl}?lang=en`)).text()).toContain('Sign with BankID');

    const document = await fetch(`${taskOf(order, 0).signingUrl}/document`);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect((await PDFDocument.load(await document.arrayBuffer())).getPageCount()).toBe(2);
  });

  it('completes both tasks through the signing page and packages a signed PDF with a signature page', async () => {
    const input = orderFor();
    const order = await create(input);

    const first = await press(taskOf(order, 0), 'sign', 'Kari Nordmann');
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(input.redirects.complete);
    expect(await read(order.orderId)).toMatchObject({ tasks: [{ status: 'COMPLETED' }, { status: 'CREATED' }], packagingTask: { status: 'CREATED' } });
    // Asked for while Anna has not signed: the document cannot carry every signature.
    const early = await signing.getSignedDocument(order.orderId, order.packagingTask.id);
    expect(early).toEqual({ ok: false, failure: { kind: 'refused', status: 409, catalogue: 'ALL_CONTRACTS_MUST_BE_SIGNED' } });
    if (!early.ok) {
      expect(apiErrorFor(early.failure)).toMatchObject({ status: 409, errorCode: 'ALL_CONTRACTS_MUST_BE_SIGNED' });
      expect(signingCodeFor(early.failure)).toBe(10002);
    }

    // A second press on a signed task lands where the first did.
    expect((await press(taskOf(order, 0), 'sign', 'Kari Nordmann')).headers.get('location')).toBe(input.redirects.complete);
    expect(await (await fetch(taskOf(order, 0).signingUrl)).text()).toContain('Du har signert dokumentet.');

    expect((await press(taskOf(order, 1), 'sign', 'Anna Andersson')).status).toBe(303);
    expect(await read(order.orderId)).toMatchObject({ tasks: [{ status: 'COMPLETED' }, { status: 'COMPLETED' }], packagingTask: { status: 'COMPLETED' } });

    const signed = await signing.getSignedDocument(order.orderId, order.packagingTask.id);
    if (!signed.ok) throw new Error('no signed document');
    const pdf = await PDFDocument.load(signed.value);
    expect(pdf.getPageCount()).toBe((await PDFDocument.load(contract)).getPageCount() + 1);
    const text = pdfText(signed.value);
    expect(text).toContain('Side 1');
    expect(text).toContain('Signaturer');
    expect(text).toContain('Kari Nordmann');
    expect(text).toContain('Anna Andersson');
    expect(text).toContain('*******8794');
    expect(text).toContain('********7715');
    expect(text).not.toContain(KARI.nationalId);
    expect(text).not.toContain(ANNA.nationalId);
  });

  it('records a rejection and sends the signer to the reject address', async () => {
    const input = orderFor();
    const order = await create(input);
    const response = await press(taskOf(order, 0), 'reject');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(input.redirects.reject);
    expect(await statuses(order.orderId)).toEqual(['REJECTED', 'CREATED']);
    expect(await (await fetch(taskOf(order, 0).signingUrl)).text()).toContain('Du har avslått å signere dokumentet.');
    // Rejected stays rejected: signing afterwards changes nothing.
    expect((await press(taskOf(order, 0), 'sign', 'Kari Nordmann')).headers.get('location')).toBe(input.redirects.reject);
    expect(await statuses(order.orderId)).toEqual(['REJECTED', 'CREATED']);
  });

  it('keeps the task open when the signer chooses to sign later', async () => {
    const input = orderFor();
    const order = await create(input);
    const response = await press(taskOf(order, 1), 'postpone');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(input.redirects.postpone);
    expect(await statuses(order.orderId)).toEqual(['CREATED', 'CREATED']);
  });

  it('binds each task to its signer: only the person whose BankID gives the bound national ID can sign or decline', async () => {
    const input = orderFor();
    const order = await create(input);
    // The order Signicat got names the person (the simulator keeps what the national-id attribute said).
    const stored = await stores().orders.get(order.orderId);
    expect(stored?.tasks.map((task) => task.subject.nationalId)).toEqual([KARI.nationalId, ANNA.nationalId]);

    // Someone else holding Kari's link, with their own BankID (Anna's national ID), cannot sign it.
    const intruder = await press(taskOf(order, 0), 'sign', 'Anna Andersson', ANNA.nationalId);
    expect(intruder.status).toBe(403);
    const page = await intruder.text();
    expect(page).toContain('data-testid="other-person"');
    expect(page).toContain('Dokumentet er til en annen person.');
    expect(page).not.toContain(KARI.nationalId);
    expect((await press(taskOf(order, 0), 'reject', undefined, '03056912345')).status).toBe(403);
    expect(await statuses(order.orderId)).toEqual(['CREATED', 'CREATED']);

    // Kari's own BankID (written with a space, as a person might) signs.
    const kari = await press(taskOf(order, 0), 'sign', 'Kari Nordmann', '180872 48794');
    expect(kari.status).toBe(303);
    expect(kari.headers.get('location')).toBe(input.redirects.complete);
    expect(await statuses(order.orderId)).toEqual(['COMPLETED', 'CREATED']);
  });

  it('asks for the name BankID would give before a signature counts', async () => {
    const order = await create(orderFor({ signers: [{ ...KARI, nationalId: '03056912345' }] }));
    const page = await (await fetch(taskOf(order, 0).signingUrl)).text();
    expect(page).toContain('value=""');
    const response = await press(taskOf(order, 0), 'sign', '  ');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('role="alert"');
    expect(await statuses(order.orderId)).toEqual(['CREATED']);
  });

  it('expires tasks that were not signed within their days to live', async () => {
    const shortLived = createSigningClient({ ...simulated(t.app.config).signing, timeoutMs: 10_000, recorder, daysToLive: 2 });
    const order = await create(orderFor(), shortLived);
    await stores().orders.update(order.orderId, (o) => {
      if (!o) throw new Error('no order');
      return { ...o, createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000 + 60_000).toISOString() };
    });
    expect(await statuses(order.orderId)).toEqual(['CREATED', 'CREATED']);
    await stores().orders.update(order.orderId, (o) => {
      if (!o) throw new Error('no order');
      return { ...o, createdAt: new Date(Date.parse(o.createdAt) - 120_000).toISOString() };
    });
    expect(await statuses(order.orderId)).toEqual(['EXPIRED', 'EXPIRED']);
    const page = await fetch(taskOf(order, 0).signingUrl);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('Signeringsforespørselen har utløpt.');
    expect((await press(taskOf(order, 0), 'sign', 'Kari Nordmann')).status).toBe(410);
    expect(await statuses(order.orderId)).toEqual(['EXPIRED', 'EXPIRED']);
  });

  it('deletes an order: its tasks become DELETED and its pages close', async () => {
    const order = await create(orderFor());
    expect(await signing.deleteOrder(order.orderId)).toEqual({ ok: true, value: undefined });
    expect(await statuses(order.orderId)).toEqual(['DELETED', 'DELETED']);
    expect((await fetch(taskOf(order, 1).signingUrl)).status).toBe(410);
    expect((await fetch(`${taskOf(order, 1).signingUrl}/document`)).status).toBe(404);
    expect(await signing.deleteOrder('00000000-0000-4000-a000-000000000000')).toEqual({ ok: false, failure: { kind: 'refused', status: 404 } });
  });

  it('answers the same client reference with the order already made, also when it arrives many times at once', async () => {
    const input = orderFor();
    const results = await Promise.all(Array.from({ length: 4 }, () => signing.createOrder(input)));
    const ids = new Set(results.map((r) => (r.ok ? r.value.orderId : 'failed')));
    expect(ids.size).toBe(1);
    expect(ids.has('failed')).toBe(false);
    const first = results[0];
    if (!first?.ok) throw new Error('no order');
    expect((await press(taskOf(first.value, 0), 'sign', 'Kari Nordmann')).status).toBe(303);
    // Asking again later answers the order as it is now, not a new one.
    expect(await create(input)).toMatchObject({ orderId: first.value.orderId, tasks: [{ status: 'COMPLETED' }, { status: 'CREATED' }] });
    expect(recorder.interactions.filter((i) => i.operation === 'createOrder').at(-1)).toMatchObject({ httpStatus: 200 });
  });

  it('takes documents far larger than the portal JSON body limit', async () => {
    const doc = await PDFDocument.load(contract);
    // Random text does not compress: the upload is well over 64 KB.
    doc.setKeywords([randomBytes(150_000).toString('base64')]);
    const large = await doc.save();
    expect(large.length).toBeGreaterThan(150_000);
    const order = await create(orderFor({ document: large, signers: [ANNA] }));
    expect((await press(taskOf(order, 0), 'sign', 'Anna Andersson')).status).toBe(303);
    const signed = await signing.getSignedDocument(order.orderId, order.packagingTask.id);
    expect(signed.ok && (await PDFDocument.load(signed.value)).getPageCount()).toBe(3);
  });

  it('fails the packaging task when the document cannot be read', async () => {
    const order = await create(orderFor({ document: new TextEncoder().encode('%PDF-1.7 this is not really a PDF'), signers: [KARI] }));
    expect((await press(taskOf(order, 0), 'sign', 'Kari Nordmann')).status).toBe(303);
    expect(await read(order.orderId)).toMatchObject({ tasks: [{ status: 'COMPLETED' }], packagingTask: { status: 'FAILED' } });
    // Everyone signed: the refusal is the packaging's, not a missing signature.
    expect(await signing.getSignedDocument(order.orderId, order.packagingTask.id)).toEqual({ ok: false, failure: { kind: 'refused', status: 409 } });
  });

  it('renews a token the service no longer accepts, and refuses wrong credentials', async () => {
    const order = await create(orderFor());
    await t.db.query('DELETE FROM sandbox_store WHERE namespace = $1', [SIGNING_NAMESPACES.tokens]);
    const before = recorder.interactions.filter((i) => i.operation === 'getToken').length;
    expect((await signing.getOrder(order.orderId)).ok).toBe(true);
    expect(recorder.interactions.filter((i) => i.operation === 'getToken').length).toBe(before + 1);

    const wrong = createSigningClient({ ...simulated(t.app.config).signing, clientSecret: 'not-the-secret', timeoutMs: 10_000, recorder });
    expect(await wrong.getOrder(order.orderId)).toEqual({ ok: false, failure: { kind: 'refused', status: 401 } });
  });

  it('reads every task and packaging status word, whatever its case', () => {
    for (const status of SIGNING_SESSION_STATUSES) {
      const word = status.charAt(0) + status.slice(1).toLowerCase();
      expect([word, taskStatusOf(word), taskStatusOf(status.toLowerCase())]).toEqual([word, status, status]);
    }
    expect(taskStatusOf('Signed')).toBeNull();
    expect(['Created', 'Completed', 'Failed', 'other'].map(packagingStatusOf)).toEqual(['CREATED', 'COMPLETED', 'FAILED', null]);
    expect(SIGNING_SESSION_STATUSES.filter(isFinalTaskStatus)).toEqual(['COMPLETED', 'REJECTED', 'EXPIRED', 'DELETED']);
  });

  describe('held to Signicat\'s published contract', () => {
    const base = () => t.app.config.providers.signing?.baseUrl ?? '';
    const token = async () => {
      const { clientId, clientSecret } = t.app.config.providers.signing ?? { clientId: '', clientSecret: '' };
      const response = await fetch(`${base()}/auth/open/connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'signicat-api', client_id: clientId, client_secret: clientSecret }),
      });
      const body: unknown = await response.json();
      expect(response.status).toBe(200);
      expect(violations(published.tokenAnswer, body)).toEqual([]);
      expect(shapeDiff(fixture('signicat-sign', 'token').answer, body)).toEqual([]);
      return (body as { access_token: string }).access_token;
    };
    const api = async (method: string, path: string, init: { json?: unknown; pdf?: Uint8Array } = {}) => {
      const response = await fetch(`${base()}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await token()}`,
          ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(init.pdf ? { 'content-type': 'application/pdf' } : {}),
        },
        body: init.json !== undefined ? JSON.stringify(init.json) : init.pdf && Buffer.from(init.pdf),
      });
      const text = await response.text();
      return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
    };
    /** An answer of the simulator against the schema and the published example of the same call. */
    const holds = (answer: unknown, schema: Parameters<typeof violations>[0], example: string) => {
      expect(violations(schema, answer)).toEqual([]);
      expect(shapeDiff(fixture('signicat-sign', example).answer, answer)).toEqual([]);
    };
    /** The published bound-signer order, with a document the simulator holds. */
    const boundOrder = async () => {
      const uploaded = await api('POST', '/enterprise/sign/documents', { pdf: contract });
      holds(uploaded.body, published.uploadDocumentAnswer, 'upload-document');
      const documentRef = (uploaded.body as { documentId: string }).documentId;
      const example = fixture('signicat-sign', 'create-order-bound-signer').request as { tasks: { documents: object[] }[] } & Record<string, unknown>;
      return {
        ...example,
        clientReference: nextReference('contract'),
        tasks: example.tasks.map((task) => ({ ...task, documents: task.documents.map((d) => ({ ...d, documentRef })) })),
      };
    };
    type Task = { subject?: unknown; signatureMethods?: unknown };
    const withTask = (order: { tasks: object[] }, change: (task: Task) => Task) => ({ ...order, tasks: order.tasks.map((task) => change(task)) });

    it('answers every call in the published shapes, and each status word as Signicat writes it', async () => {
      const order = await boundOrder();
      const created = await api('POST', '/enterprise/sign/orders', { json: order });
      expect(created.status).toBe(201);
      holds(created.body, published.orderAnswer, 'create-order-bound-signer');
      const { id, tasks, packagingTasks } = published.orderAnswer.parse(created.body);
      const [task] = tasks;
      const [packaging] = packagingTasks ?? [];
      if (!task || !packaging) throw new Error('no task');
      holds((await api('GET', `/enterprise/sign/orders/${id}`)).body, published.orderAnswer, 'get-order');

      const taskStatus = async () => (await api('GET', `/enterprise/sign/orders/${id}/tasks/${task.id}/status`)).body;
      const packagingStatus = async () => (await api('GET', `/enterprise/sign/orders/${id}/packaging-tasks/${packaging.id}/status`)).body;
      holds(await taskStatus(), published.taskStatusAnswer, 'task-status-created');
      expect(await taskStatus()).toMatchObject({ orderId: id, taskId: task.id, taskStatus: 'CREATED' });
      holds(await packagingStatus(), published.packagingStatusAnswer, 'packaging-status-created');

      const signed = await fetch(task.signingUrl ?? '', {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'sign', name: 'Kari Nordmann', nationalId: '17029012345' }),
      });
      expect(signed.status).toBe(303);
      holds(await taskStatus(), published.taskStatusAnswer, 'task-status-completed');
      expect(await taskStatus()).toMatchObject({ taskStatus: 'COMPLETED' });
      holds(await packagingStatus(), published.packagingStatusAnswer, 'packaging-status-completed');
      expect(await packagingStatus()).toMatchObject({ packagingTaskStatus: 'COMPLETED' });

      const missing = await api('GET', '/enterprise/sign/orders/00000000-0000-4000-a000-000000000000');
      expect(missing.status).toBe(404);
      holds(missing.body, published.problem, 'not-found');
      expect((await api('DELETE', `/enterprise/sign/orders/${id}`)).status).toBe(204);
      holds(await taskStatus(), published.taskStatusAnswer, 'task-status-deleted');
    });

    it.each<[string, (task: Task) => Task, string]>([
      ['a subject with `nationalId`, a field Signicat\'s Subject does not have', (task) => ({ ...task, subject: { id: '1', nationalId: KARI.nationalId } }), 'tasks[0].subject'],
      ['a task bound to no one (no subject)', ({ subject: _dropped, ...task }) => task, 'tasks[0].subject.attributes'],
      ['a subject without the national-id attribute', (task) => ({ ...task, subject: { id: '1', attributes: [] } }), 'tasks[0].subject.attributes'],
      ['an attribute without a value', (task) => ({ ...task, subject: { id: '1', attributes: [{ name: 'national-id' }] } }), 'tasks[0].subject.attributes[0].value'],
      ['a signature method type Signicat does not list', (task) => ({ ...task, signatureMethods: [{ name: 'nbid', type: 'BANKID' }] }), 'tasks[0].signatureMethods[0].type'],
    ])('refuses an order with %s, in Signicat\'s error shape', async (_case, change, property) => {
      const refused = await api('POST', '/enterprise/sign/orders', { json: withTask(await boundOrder(), change) });
      expect(refused.status).toBe(400);
      holds(refused.body, published.problem, 'create-order-attribute-without-value');
      expect(published.problem.parse(refused.body).violations?.map((v) => v.propertyPath)).toContain(property);
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
      const order = await create(orderFor());
      expect((await setFault(mode)).status).toBe(200);
      const client = mode === 'slow' ? strict : signing;
      expect(await client.getOrder(order.orderId)).toEqual({ ok: false, failure });
      expect(await client.createOrder(orderFor())).toEqual({ ok: false, failure });
      await setFault('normal');
      expect((await signing.getOrder(order.orderId)).ok).toBe(true);
    });
  });
});

describe('the signing code shown on /form/sign/fail', () => {
  const refused = (extra: Partial<Extract<ProviderFailure, { kind: 'refused' }>> = {}): ProviderFailure => ({ kind: 'refused', status: 409, ...extra });

  it.each<[string, SigningFailure, number]>([
    ['nothing approved to sign', { kind: 'not-approved' }, 10001],
    ['a refusal that says there is nothing approved to sign', refused({ signing: 'NOT_APPROVED' }), 10001],
    ['a signing session that expired or was withdrawn', { kind: 'invalid-signature-status' }, 10002],
    ['a lender that holds no signature (Resurs SIGNING_REQUIRED)', refused({ status: 500, code: 'SIGNING_REQUIRED', signing: 'INVALID_SIGNATURE_STATUS' }), 10002],
    ['a document not every signer has signed', refused({ catalogue: 'ALL_CONTRACTS_MUST_BE_SIGNED' }), 10002],
    ['a provider that cannot be reached', { kind: 'unavailable', reason: 'network' }, 10003],
    ['a provider that timed out', { kind: 'unavailable', reason: 'timeout' }, 10003],
    ['a provider that answered 5xx', { kind: 'unavailable', reason: 'server-error', status: 503 }, 10003],
    ['a provider that asks us to wait', { kind: 'rate-limited', retryAfterSeconds: 900 }, 10003],
    ['a plain refusal', refused({ status: 400 }), 10000],
    ['a refusal with a code no rule names', refused({ code: 'SOMETHING_NEW' }), 10000],
    ['a payment that is already final', refused({ catalogue: 'PAYMENT_STATUS_FINAL' }), 10000],
    ['an answer without its payment', refused({ status: 200, catalogue: 'PAYMENT_RESPONSE_MISSING' }), 10000],
  ])('is the right code for %s', (_name, failure, code) => {
    expect(signingCodeFor(failure)).toBe(code);
  });
});

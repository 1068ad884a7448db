/**
 * The signing service adapter, Signicat Enterprise Sign API v1 (contracts/src/signicat-sign): an
 * OAuth2 client-credentials token, the PDF uploaded to session storage, then an order with one
 * task per signer, each task bound to its signer's national identity number, and a PAdES
 * packaging task that yields the signed PDF. An order carries no statuses: each task's and the
 * packaging task's are read from their own endpoints. The same code talks to the sandbox
 * simulator. Every answer is read by its published shape; one that does not have it fails as
 * `unreadable`, naming the field. Nothing is thrown.
 */
import { z } from 'zod';
import type { CountryCode } from '@portal/domain';
import { createHttpClient } from '../http';
import { accessTokens, type TokenCache, withBearer } from '../oauth-tokens';
import { fail, ok, type CallContext, type InteractionRecorder, type ProviderRefusal, type ProviderResult } from '../types';
import { packagingStatusOf, taskStatusOf } from './statuses';
import type { CreateSigningOrder, SigningClient, SigningOrder, SigningTask } from './types';

export type SigningClientOptions = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
  recorder: InteractionRecorder;
  /** The process's one token cache (oauth-tokens.ts); a cache of its own when left out. */
  tokens?: TokenCache | undefined;
  /** Days a signer has before the task expires ([?] no documented default; 30 is Signicat's upper bound for deletion). */
  daysToLive?: number | undefined;
  /**
   * The signature method names on the lender's Signicat account, by country. Signicat sets them
   * up per account, so `nbid` and `sbid` are a guess to confirm with Signicat (README).
   */
  signatureMethods?: Partial<Record<CountryCode, string>> | undefined;
};

export const DEFAULT_DAYS_TO_LIVE = 14;
export const DEFAULT_SIGNATURE_METHODS: Readonly<Record<CountryCode, string>> = { NO: 'nbid', SE: 'sbid' };

/**
 * Signicat's token endpoint on the API host and the one scope every API uses. Client id and
 * secret go in the form, as Signicat's SDK sends them (signicat-net AuthManager.cs:22-30).
 */
const TOKEN_PATH = 'auth/open/connect/token';
const TOKEN_SCOPE = 'signicat-api';

/**
 * The subject attribute that binds a task to one person: Signicat lets only the person whose
 * e-ID gives this national identity number sign the task. The name is a production client's
 * ([S] README); Signicat's SDK gives the model, not the names.
 */
export const NATIONAL_ID_ATTRIBUTE = 'national-id';
/** A signature made by identifying with the e-ID (Signicat's SignatureMethodType). */
const AUTHENTICATION_BASED = 'AUTHENTICATION_BASED';

const DOCUMENT_ID = 'contract';
const PACKAGING_TASK_ID = 'signed-contract';

const PATHS = {
  documents: 'enterprise/sign/documents',
  orders: 'enterprise/sign/orders',
  order: (id: string) => `enterprise/sign/orders/${encodeURIComponent(id)}`,
  taskStatus: (id: string, taskId: string) => `enterprise/sign/orders/${encodeURIComponent(id)}/tasks/${encodeURIComponent(taskId)}/status`,
  packagingStatus: (id: string, packagingId: string) =>
    `enterprise/sign/orders/${encodeURIComponent(id)}/packaging-tasks/${encodeURIComponent(packagingId)}/status`,
  packagingResult: (id: string, packagingId: string) =>
    `enterprise/sign/orders/${encodeURIComponent(id)}/packaging-tasks/${encodeURIComponent(packagingId)}/result`,
};

/** The answers as the adapter reads them (fields it does not use are left out, unknown ones allowed). */
const documentAnswer = z.object({ documentId: z.string().min(1) });
const orderAnswer = z.object({
  id: z.string().min(1),
  clientReference: z.string().nullish(),
  tasks: z.array(z.object({ id: z.string().min(1), signingUrl: z.string().min(1), subject: z.object({ id: z.string().nullish() }).nullish() })),
  // The portal always asks for one packaging task: an order without it cannot give the signed PDF.
  packagingTasks: z.array(z.object({ id: z.string().min(1) })).min(1),
});
/** Signicat's SDK writes the status words in upper case; they are read in any case. */
const taskStatusAnswer = z.object({ taskStatus: z.string().refine((word) => taskStatusOf(word) !== null, 'not a task status') });
const packagingStatusAnswer = z.object({ packagingTaskStatus: z.string().refine((word) => packagingStatusOf(word) !== null, 'not a packaging status') });
const isPdf = (bytes: Uint8Array) =>
  bytes.length > 4 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46; // %PDF
const pdfAnswer = z.instanceof(Uint8Array).refine(isPdf, 'not a PDF');

type Signer = CreateSigningOrder['signers'][number];

/** Norwegian or Swedish: the signer's country, else the national ID's form (12 digits Swedish). */
const digitsOf = (nationalId: string) => nationalId.replace(/\D/g, '');
const countryOf = (signer: Signer): CountryCode => signer.country ?? (digitsOf(signer.nationalId).length === 12 ? 'SE' : 'NO');

function orderBody(input: CreateSigningOrder, documentId: string, daysToLive: number, methods: Readonly<Record<CountryCode, string>>) {
  const tasks = input.signers.map((signer, i) => {
    const method = methods[countryOf(signer)];
    return {
      id: `task-${i + 1}`,
      language: signer.language,
      daysToLive,
      documents: [{ id: DOCUMENT_ID, description: input.documentTitle, action: 'SIGN', source: 'SESSION', documentRef: documentId }],
      signatureMethods: [{ name: method, type: AUTHENTICATION_BASED }],
      // Only this person may sign: Signicat compares the e-ID's national ID with the attribute.
      subject: { id: signer.ref, attributes: [{ name: NATIONAL_ID_ATTRIBUTE, value: digitsOf(signer.nationalId), methods: [method] }] },
      onTaskComplete: input.redirects.complete,
      onTaskReject: input.redirects.reject,
      onTaskPostpone: input.redirects.postpone,
    };
  });
  return {
    clientReference: input.clientReference,
    tasks,
    packagingTasks: [{ id: PACKAGING_TASK_ID, method: 'pades', documents: tasks.map((t) => ({ taskId: t.id, documentIds: [DOCUMENT_ID] })) }],
  };
}

export function createSigningClient(options: SigningClientOptions): SigningClient {
  const http = createHttpClient({ provider: 'signing', baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, recorder: options.recorder });
  const daysToLive = options.daysToLive ?? DEFAULT_DAYS_TO_LIVE;
  const methods = { ...DEFAULT_SIGNATURE_METHODS, ...options.signatureMethods };
  const tokens = accessTokens(http, { clientId: options.clientId, clientSecret: options.clientSecret, path: TOKEN_PATH, scope: TOKEN_SCOPE, authentication: 'form' }, options.tokens);
  const call = withBearer(http, tokens);

  /** An order with each task's status and the packaging task's, each read from its own endpoint. */
  const readOrder = async (order: z.infer<typeof orderAnswer>, context?: CallContext): Promise<ProviderResult<SigningOrder>> => {
    const tasks: SigningTask[] = [];
    for (const task of order.tasks) {
      const status = await call({ operation: 'getTaskStatus', path: PATHS.taskStatus(order.id, task.id), answer: taskStatusAnswer, context });
      if (!status.ok) return status;
      const word = taskStatusOf(status.value.body.taskStatus);
      if (!word) return fail({ kind: 'unreadable', status: status.value.status, field: 'taskStatus' });
      tasks.push({ id: task.id, signerRef: task.subject?.id ?? task.id, status: word, signingUrl: task.signingUrl });
    }
    const [packaging] = order.packagingTasks;
    if (!packaging) return fail({ kind: 'unreadable', status: 200, field: 'packagingTasks' });
    const status = await call({ operation: 'getPackagingStatus', path: PATHS.packagingStatus(order.id, packaging.id), answer: packagingStatusAnswer, context });
    if (!status.ok) return status;
    const packagingStatus = packagingStatusOf(status.value.body.packagingTaskStatus);
    if (!packagingStatus) return fail({ kind: 'unreadable', status: status.value.status, field: 'packagingTaskStatus' });
    return ok({ orderId: order.id, clientReference: order.clientReference ?? '', tasks, packagingTask: { id: packaging.id, status: packagingStatus } });
  };

  const getOrder = async (orderId: string, context?: CallContext): Promise<ProviderResult<SigningOrder>> => {
    const response = await call({ operation: 'getOrder', path: PATHS.order(orderId), answer: orderAnswer, context });
    return response.ok ? readOrder(response.value.body, context) : response;
  };

  /**
   * The signed document is not there yet (409): the order tells why. A signer who has not signed
   * means the document cannot be complete (ALL_CONTRACTS_MUST_BE_SIGNED); otherwise packaging is
   * still running or failed, and the refusal stays as it came.
   */
  const whyNotPackaged = async (orderId: string, failure: ProviderRefusal, context?: CallContext): Promise<ProviderResult<Uint8Array>> => {
    const order = await getOrder(orderId, context);
    if (!order.ok || order.value.tasks.every((task) => task.status === 'COMPLETED')) return fail(failure);
    return fail({ ...failure, catalogue: 'ALL_CONTRACTS_MUST_BE_SIGNED' });
  };

  return {
    async probe() {
      // A token: the service knows the portal's credentials. Past the cache only when none is held
      // (the preflight builds its clients afresh, so it always asks).
      const token = await tokens.get();
      return token.ok ? ok(undefined) : token;
    },

    async createOrder(input: CreateSigningOrder, context?: CallContext): Promise<ProviderResult<SigningOrder>> {
      if (input.signers.length === 0) return fail({ kind: 'refused', status: 400, code: 'NO_SIGNERS' });
      const uploaded = await call({
        operation: 'uploadDocument',
        method: 'POST',
        path: PATHS.documents,
        headers: { 'Content-Type': 'application/pdf' },
        body: input.document,
        answer: documentAnswer,
        context,
      });
      if (!uploaded.ok) return uploaded;

      const created = await call({
        operation: 'createOrder',
        method: 'POST',
        path: PATHS.orders,
        json: orderBody(input, uploaded.value.body.documentId, daysToLive, methods),
        answer: orderAnswer,
        context,
      });
      if (!created.ok) return created;
      const order = await readOrder(created.value.body, context);
      if (!order.ok) return order;
      return ok({ ...order.value, clientReference: order.value.clientReference || input.clientReference });
    },

    getOrder,

    async getSignedDocument(orderId: string, packagingTaskId: string, context?: CallContext): Promise<ProviderResult<Uint8Array>> {
      const response = await call({
        operation: 'getSignedDocument',
        path: PATHS.packagingResult(orderId, packagingTaskId),
        headers: { Accept: 'application/pdf' },
        responseType: 'bytes',
        answer: pdfAnswer,
        context,
      });
      if (!response.ok) return response.failure.kind === 'refused' && response.failure.status === 409 ? whyNotPackaged(orderId, response.failure, context) : response;
      return ok(response.value.body);
    },

    async deleteOrder(orderId: string, context?: CallContext): Promise<ProviderResult<void>> {
      const response = await call({ operation: 'deleteOrder', method: 'DELETE', path: PATHS.order(orderId), responseType: 'none', context });
      return response.ok ? ok(undefined) : response;
    },
  };
}

/**
 * The signing service adapter, Signicat Enterprise Sign style (PROVIDERS.md, [S]): an OAuth2
 * client-credentials token, the PDF uploaded to session storage, then an order with one task per
 * signer and a PAdES packaging task that yields the signed PDF. The same code talks to the
 * sandbox simulator. Answers are checked before they are trusted; nothing is thrown.
 */
import { type CountryCode, z } from '@portal/domain';
import { createHttpClient, type HttpResponse } from '../http';
import { accessTokens, type TokenCache, withBearer } from '../oauth-tokens';
import { fail, ok, type CallContext, type InteractionRecorder, type ProviderRefusal, type ProviderResult } from '../types';
import { packagingStatusOf, taskStatusOf } from './statuses';
import type { CreateSigningOrder, PackagingStatus, SigningClient, SigningOrder, SigningTask } from './types';

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
};

export const DEFAULT_DAYS_TO_LIVE = 14;

/** Signicat's token endpoint on the API host and the one scope every API uses ([V] scope, [S] path). */
const TOKEN_PATH = 'auth/open/connect/token';
const TOKEN_SCOPE = 'signicat-api';

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

const documentAnswer = z.object({ documentId: z.string().check(z.minLength(1)) });
const orderAnswer = z.object({
  id: z.string().check(z.minLength(1)),
  clientReference: z.optional(z.nullable(z.string())),
  tasks: z.array(
    z.object({
      id: z.string(),
      signingUrl: z.string(),
      status: z.optional(z.string()),
      subject: z.optional(z.nullable(z.object({ id: z.optional(z.nullable(z.string())) }))),
    }),
  ),
  packagingTasks: z.optional(z.array(z.object({ id: z.string(), status: z.optional(z.string()) }))),
});
const taskStatusAnswer = z.object({ taskStatus: z.string() });
const packagingStatusAnswer = z.object({ packagingTaskStatus: z.string() });

const unexpected = (status: number, code = 'UNEXPECTED_ANSWER') => fail({ kind: 'refused', status, code });

/** The e-ID a signer signs with: Norwegian or Swedish BankID ([?] method names, see README). */
function signatureMethodFor(signer: CreateSigningOrder['signers'][number]): string {
  const country: CountryCode = signer.country ?? (signer.nationalId.replace(/\D/g, '').length === 12 ? 'SE' : 'NO');
  return country === 'SE' ? 'sbid' : 'nbid';
}

function orderBody(input: CreateSigningOrder, documentId: string, daysToLive: number) {
  const tasks = input.signers.map((signer, i) => ({
    id: `task-${i + 1}`,
    language: signer.language,
    daysToLive,
    documents: [{ id: DOCUMENT_ID, description: input.documentTitle, action: 'SIGN', source: 'SESSION', documentRef: documentId }],
    signatureMethods: [{ name: signatureMethodFor(signer) }],
    subject: { id: signer.ref, nationalId: signer.nationalId },
    onTaskComplete: input.redirects.complete,
    onTaskReject: input.redirects.reject,
    onTaskPostpone: input.redirects.postpone,
  }));
  return {
    clientReference: input.clientReference,
    tasks,
    packagingTasks: [{ id: PACKAGING_TASK_ID, method: 'pades', documents: tasks.map((t) => ({ taskId: t.id, documentIds: [DOCUMENT_ID] })) }],
  };
}

const isPdf = (bytes: Uint8Array) =>
  bytes.length > 4 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46; // %PDF

export function createSigningClient(options: SigningClientOptions): SigningClient {
  const http = createHttpClient({ provider: 'signing', baseUrl: options.baseUrl, timeoutMs: options.timeoutMs, recorder: options.recorder });
  const daysToLive = options.daysToLive ?? DEFAULT_DAYS_TO_LIVE;
  const call = withBearer(http, accessTokens(http, { clientId: options.clientId, clientSecret: options.clientSecret, path: TOKEN_PATH, scope: TOKEN_SCOPE, authentication: 'basic' }, options.tokens));

  /** Reads an order; statuses the order does not carry are asked for one by one. */
  const readOrder = async (response: HttpResponse<unknown>, context?: CallContext): Promise<ProviderResult<SigningOrder>> => {
    const parsed = orderAnswer.safeParse(response.body);
    if (!parsed.success) return unexpected(response.status);
    const order = parsed.data;
    const packaging = order.packagingTasks?.[0];
    if (!packaging) return unexpected(response.status, 'NO_PACKAGING_TASK');

    const tasks: SigningTask[] = [];
    for (const task of order.tasks) {
      let word = task.status;
      if (word === undefined) {
        const status = await call<unknown>({ operation: 'getTaskStatus', path: PATHS.taskStatus(order.id, task.id), context });
        if (!status.ok) return status;
        const read = taskStatusAnswer.safeParse(status.value.body);
        if (!read.success) return unexpected(status.value.status);
        word = read.data.taskStatus;
      }
      const status = taskStatusOf(word);
      if (!status) return unexpected(response.status, 'UNKNOWN_STATUS');
      tasks.push({ id: task.id, signerRef: task.subject?.id ?? task.id, status, signingUrl: task.signingUrl });
    }

    let packagingWord = packaging.status;
    if (packagingWord === undefined) {
      const status = await call<unknown>({ operation: 'getPackagingStatus', path: PATHS.packagingStatus(order.id, packaging.id), context });
      if (!status.ok) return status;
      const read = packagingStatusAnswer.safeParse(status.value.body);
      if (!read.success) return unexpected(status.value.status);
      packagingWord = read.data.packagingTaskStatus;
    }
    const packagingStatus: PackagingStatus | null = packagingStatusOf(packagingWord);
    if (!packagingStatus) return unexpected(response.status, 'UNKNOWN_STATUS');

    return ok({ orderId: order.id, clientReference: order.clientReference ?? '', tasks, packagingTask: { id: packaging.id, status: packagingStatus } });
  };

  /**
   * The signed document is not there yet (409): the order tells why. A signer who has not signed
   * means the document cannot be complete (ALL_CONTRACTS_MUST_BE_SIGNED); otherwise packaging is
   * still running or failed, and the refusal stays as it came.
   */
  const whyNotPackaged = async (orderId: string, failure: ProviderRefusal, context?: CallContext): Promise<ProviderResult<Uint8Array>> => {
    const response = await call<unknown>({ operation: 'getOrder', path: PATHS.order(orderId), context });
    if (!response.ok) return fail(failure);
    const order = await readOrder(response.value, context);
    if (!order.ok || order.value.tasks.every((task) => task.status === 'COMPLETED')) return fail(failure);
    return fail({ ...failure, catalogue: 'ALL_CONTRACTS_MUST_BE_SIGNED' });
  };

  return {
    async createOrder(input: CreateSigningOrder, context?: CallContext): Promise<ProviderResult<SigningOrder>> {
      if (input.signers.length === 0) return fail({ kind: 'refused', status: 400, code: 'NO_SIGNERS' });
      const uploaded = await call<unknown>({
        operation: 'uploadDocument',
        method: 'POST',
        path: PATHS.documents,
        headers: { 'Content-Type': 'application/pdf' },
        body: input.document,
        context,
      });
      if (!uploaded.ok) return uploaded;
      const document = documentAnswer.safeParse(uploaded.value.body);
      if (!document.success) return unexpected(uploaded.value.status);

      const created = await call<unknown>({
        operation: 'createOrder',
        method: 'POST',
        path: PATHS.orders,
        json: orderBody(input, document.data.documentId, daysToLive),
        context,
      });
      if (!created.ok) return created;
      const order = await readOrder(created.value, context);
      if (!order.ok) return order;
      return ok({ ...order.value, clientReference: order.value.clientReference || input.clientReference });
    },

    async getOrder(orderId: string, context?: CallContext): Promise<ProviderResult<SigningOrder>> {
      const response = await call<unknown>({ operation: 'getOrder', path: PATHS.order(orderId), context });
      if (!response.ok) return response;
      return readOrder(response.value, context);
    },

    async getSignedDocument(orderId: string, packagingTaskId: string, context?: CallContext): Promise<ProviderResult<Uint8Array>> {
      const response = await call<Uint8Array>({
        operation: 'getSignedDocument',
        path: PATHS.packagingResult(orderId, packagingTaskId),
        headers: { Accept: 'application/pdf' },
        responseType: 'bytes',
        context,
      });
      if (!response.ok) return response.failure.kind === 'refused' && response.failure.status === 409 ? whyNotPackaged(orderId, response.failure, context) : response;
      if (!isPdf(response.value.body)) return unexpected(response.value.status, 'NOT_A_PDF');
      return ok(response.value.body);
    },

    async deleteOrder(orderId: string, context?: CallContext): Promise<ProviderResult<void>> {
      const response = await call({ operation: 'deleteOrder', method: 'DELETE', path: PATHS.order(orderId), responseType: 'none', context });
      return response.ok ? ok(undefined) : response;
    },
  };
}

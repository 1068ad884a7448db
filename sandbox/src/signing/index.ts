import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createOrderRequest, propertyPath } from '@portal/contracts/signicat-sign/schemas';
import { isLanguage, type Language, z } from '@portal/domain';
import { randomToken, safeEqual, sha256Hex } from '../lib/tokens';
import {
  isBoundSigner,
  knownName,
  languageOf,
  lookOf,
  maskNationalId,
  orderIdFor,
  type PackagingTaskRecord,
  resultId,
  type SigningOrderRecord,
  type SigningTaskRecord,
  signingStores,
  taskStatusOf,
  wireStatus,
} from './orders';
import type { SandboxContext } from '../context';
import { signingPage, statusPage } from './page';
import { signedPdf } from './signed-pdf';
import { SIGNING_CSS } from './styles';

/** Uploaded documents may be large; the portal's JSON limit is far lower. */
const PDF_BODY_LIMIT = 10 * 1024 * 1024;
/** Access tokens live ten minutes ([?] Signicat's lifetime is configurable per client). */
const TOKEN_LIFETIME_SECONDS = 600;
const MAX_DAYS_TO_LIVE = 90;
/** The subject attribute that binds a task to one person ([S] contracts/src/signicat-sign). */
const NATIONAL_ID = 'national-id';
/** When a task does not say how long it lives ([?] no documented default). */
const DEFAULT_DAYS_TO_LIVE = 30;

/**
 * The rules of this simulator beyond Signicat's published shape (which `createOrderRequest` from
 * the contract holds): the hosted page needs the three return addresses, packages as PAdES only,
 * and gives a task at most 90 days [?].
 */
const httpUrl = z.url({ protocol: /^https?$/ });
const simulatorTask = z.object({
  daysToLive: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(MAX_DAYS_TO_LIVE)))),
  onTaskComplete: httpUrl,
  onTaskReject: httpUrl,
  onTaskPostpone: httpUrl,
});
const simulatorOrder = z.object({
  tasks: z.array(simulatorTask),
  packagingTasks: z.optional(z.nullable(z.array(z.object({ method: z.enum(['pades']) })))),
});

type OrderRequest = ReturnType<typeof createOrderRequest.parse>;
type Violation = { propertyPath: string; message: string };

/**
 * Every task must name the one person who may sign it (a `national-id` subject attribute with a
 * value). Signicat itself would take an unbound task, which anyone with its link could sign; the
 * portal must never send one, so the sandbox refuses it [?] (README).
 */
function unboundTasks(body: OrderRequest): Violation[] {
  return body.tasks.flatMap((task, i) =>
    task.subject?.attributes?.some((attribute) => attribute.name === NATIONAL_ID && attribute.value.trim() !== '')
      ? []
      : [{ propertyPath: `tasks[${i}].subject.attributes`, message: `A ${NATIONAL_ID} attribute binding the task to its signer is required` }],
  );
}

/**
 * The page's form. `nationalId` stands for what the signer's BankID would give: left empty, the
 * signer is the person the task is for; another number is someone else's BankID.
 */
const pageForm = z.object({
  action: z.enum(['sign', 'reject', 'postpone']),
  name: z.optional(z.string()),
  nationalId: z.optional(z.string().check(z.maxLength(20))),
  lang: z.optional(z.string()),
});

/**
 * Problem details, as Signicat answers errors ({status, type, title, detail}), with the rules a
 * request broke as `violations: [{propertyPath, message}]` (contracts/src/signicat-sign).
 */
const problem = (reply: FastifyReply, status: number, title: string, detail?: string, violations?: Violation[]) =>
  reply
    .status(status)
    .type('application/problem+json')
    .send({ status, type: 'about:blank', title, ...(detail ? { detail } : {}), ...(violations?.length ? { violations } : {}) });

const invalid = (reply: FastifyReply, violations: Violation[]) => problem(reply, 400, 'Bad Request', 'The request is not valid.', violations);

const isPdf = (body: Buffer) => body.subarray(0, 5).toString('latin1') === '%PDF-';

const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);

/**
 * The signing service simulator (PROVIDERS.md, README.md beside this file): OAuth2 tokens,
 * documents, orders with one task per signer, the hosted signing page, and the packaging task's
 * signed PDF.
 */
export default async function simulator(app: FastifyInstance, context: SandboxContext) {
  const stores = signingStores(context.records);
  const base = app.prefix;
  const stylesheet = `${base}/assets/signing.css`;
  const signPath = (orderId: string, taskId: string) => `${base}/sign/${encodeURIComponent(orderId)}/${encodeURIComponent(taskId)}`;
  const signingUrl = (orderId: string, taskId: string) => `${context.publicUrl}${signPath(orderId, taskId)}`;

  await app.register(formBody, { bodyLimit: 4096 });

  /** Runs the packaging tasks whose signers have all signed; safe to call again (lazy repair). */
  async function ensurePackaged(order: SigningOrderRecord): Promise<SigningOrderRecord> {
    let current = order;
    for (const packaging of order.packagingTasks) {
      if (packaging.status !== 'Created') continue;
      const tasks = packaging.documents.map((d) => order.tasks.find((t) => t.id === d.taskId));
      if (!tasks.every((t) => t && taskStatusOf(order, t) === 'Completed')) continue;

      const completedAt = new Date().toISOString();
      let status: PackagingTaskRecord['status'] = 'Completed';
      try {
        const documents = new Map<string, Uint8Array>();
        for (const task of order.tasks) {
          for (const document of task.documents) {
            if (documents.has(document.documentRef)) continue;
            const stored = await stores.documents.get(document.documentRef);
            if (stored) documents.set(document.documentRef, Buffer.from(stored.pdfBase64, 'base64'));
          }
        }
        const pdf = await signedPdf(order, { ...packaging, completedAt }, documents);
        await stores.results.put(resultId(order.id, packaging.id), { pdfBase64: Buffer.from(pdf).toString('base64'), uploadedAt: completedAt });
      } catch (error) {
        // A document that cannot be read cannot be packaged: the packaging task fails, as it would.
        app.log.warn({ orderId: order.id, packagingTaskId: packaging.id, err: error }, 'signing sandbox packaging failed');
        status = 'Failed';
      }
      current = await stores.orders.update(order.id, (stored) => {
        const base = stored ?? current;
        return {
          ...base,
          packagingTasks: base.packagingTasks.map((p) => (p.id === packaging.id && p.status === 'Created' ? { ...p, status, completedAt } : p)),
        };
      });
    }
    return current;
  }

  const loadOrder = async (orderId: string) => {
    const order = await stores.orders.get(orderId);
    return order ? ensurePackaged(order) : null;
  };

  function orderView(order: SigningOrderRecord) {
    return {
      id: order.id,
      clientReference: order.clientReference,
      daysUntilDeletion: order.daysUntilDeletion,
      tasks: order.tasks.map((task) => ({
        id: task.id,
        language: task.language,
        daysToLive: task.daysToLive,
        documents: task.documents,
        signatureMethods: task.signatureMethods,
        // The subject as sent, as Signicat echoes it; older records kept only the national ID.
        subject: {
          id: task.subject.id,
          attributes: task.subject.attributes ?? (task.subject.nationalId ? [{ name: NATIONAL_ID, value: task.subject.nationalId, methods: null }] : null),
        },
        onTaskComplete: task.onTaskComplete,
        onTaskReject: task.onTaskReject,
        onTaskPostpone: task.onTaskPostpone,
        signingUrl: signingUrl(order.id, task.id),
      })),
      // No statuses here: Signicat's order has none; they have endpoints of their own.
      packagingTasks: order.packagingTasks.map((p) => ({ id: p.id, method: p.method, documents: p.documents })),
    };
  }

  app.get(stylesheet.slice(base.length), (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(SIGNING_CSS),
  );

  // OAuth2 client credentials: id and secret in the form, as Signicat's SDK sends them, or as HTTP Basic.
  app.post('/auth/open/connect/token', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    let clientId = form.client_id;
    let clientSecret = form.client_secret;
    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Basic ')) {
      const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon > 0) {
        try {
          clientId = decodeURIComponent(decoded.slice(0, colon));
          clientSecret = decodeURIComponent(decoded.slice(colon + 1));
        } catch {
          clientId = undefined;
        }
      }
    }
    if (form.grant_type !== 'client_credentials') return reply.status(400).send({ error: 'unsupported_grant_type' });
    const expected = context.clients.signing;
    if (!clientId || !clientSecret || !safeEqual(clientId, expected.clientId) || !safeEqual(clientSecret, expected.clientSecret)) {
      return reply.status(401).send({ error: 'invalid_client' });
    }
    const token = randomToken(32);
    await stores.tokens.put(sha256Hex(token), { clientId }, TOKEN_LIFETIME_SECONDS);
    return { access_token: token, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_SECONDS };
  });

  // The API proper: every call needs a valid bearer token.
  await app.register(async (api) => {
    api.addContentTypeParser(['application/pdf', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: PDF_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    api.addHook('onRequest', async (request, reply) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
      if (!token || !(await stores.tokens.get(sha256Hex(token)))) {
        return reply.status(401).header('WWW-Authenticate', 'Bearer error="invalid_token"').send({ error: 'invalid_token' });
      }
    });

    api.post('/enterprise/sign/documents', { bodyLimit: PDF_BODY_LIMIT }, async (request, reply) => {
      if (!Buffer.isBuffer(request.body) || !isPdf(request.body)) return problem(reply, 400, 'Bad Request', 'The body must be a PDF document.');
      const documentId = `${Date.now().toString(36)}${randomToken(24)}`;
      await stores.documents.put(documentId, { pdfBase64: request.body.toString('base64'), uploadedAt: new Date().toISOString() });
      return reply.status(201).send({ documentId });
    });

    api.get<{ Params: { id: string } }>('/enterprise/sign/documents/:id', async (request, reply) => {
      const document = await stores.documents.get(request.params.id);
      if (!document) return problem(reply, 404, 'Not Found');
      return reply.type('application/pdf').send(Buffer.from(document.pdfBase64, 'base64'));
    });

    api.post('/enterprise/sign/orders', async (request, reply) => {
      // Signicat's published shape first (a field it does not know, a missing value), then this simulator's rules.
      const parsed = createOrderRequest.safeParse(request.body);
      if (!parsed.success) return invalid(reply, parsed.error.issues.map((i) => ({ propertyPath: propertyPath(i.path), message: i.message })));
      const body = parsed.data;
      const ours = simulatorOrder.safeParse(body);
      if (!ours.success) return invalid(reply, ours.error.issues.map((i) => ({ propertyPath: propertyPath(i.path), message: i.message })));
      const unbound = unboundTasks(body);
      if (unbound.length > 0) return invalid(reply, unbound);
      const ids = body.tasks.map((t) => t.id);
      if (new Set(ids).size !== ids.length) return problem(reply, 400, 'Bad Request', 'Task ids must be unique.');
      for (const task of body.tasks) {
        for (const document of task.documents) {
          if (!document.documentRef || !(await stores.documents.get(document.documentRef))) return problem(reply, 400, 'Bad Request', `Unknown documentRef in task ${task.id}.`);
        }
      }
      for (const packaging of body.packagingTasks ?? []) {
        for (const ref of packaging.documents ?? []) {
          const task = body.tasks.find((t) => t.id === ref.taskId);
          if (!task || !ref.documentIds.every((id) => task.documents.some((d) => d.id === id))) {
            return problem(reply, 400, 'Bad Request', `Packaging task ${packaging.id} names an unknown task or document.`);
          }
        }
      }

      // A creation without a reference has one of its own [?]: the same order is then never answered twice.
      const clientReference = body.clientReference ?? randomToken(16);
      const orderId = orderIdFor(clientReference);
      const fresh: SigningOrderRecord = {
        id: orderId,
        clientReference,
        createdAt: new Date().toISOString(),
        daysUntilDeletion: body.daysUntilDeletion ?? null,
        tasks: body.tasks.map(
          (task): SigningTaskRecord => ({
            id: task.id,
            language: task.language ?? 'en',
            daysToLive: task.daysToLive ?? DEFAULT_DAYS_TO_LIVE,
            documents: task.documents.map((d) => ({
              id: d.id,
              description: d.description ?? null,
              action: d.action ?? 'SIGN',
              source: d.source ?? 'SESSION',
              documentRef: d.documentRef ?? '',
            })),
            signatureMethods: (task.signatureMethods ?? []).map((m) => ({ name: m.name ?? null, type: m.type ?? null })),
            subject: {
              id: task.subject?.id ?? null,
              nationalId: task.subject?.attributes?.find((a) => a.name === NATIONAL_ID)?.value ?? null,
              attributes: (task.subject?.attributes ?? []).map((a) => ({ name: a.name, value: a.value, methods: a.methods ?? null })),
            },
            // Checked by `simulatorOrder` above.
            onTaskComplete: task.onTaskComplete ?? '',
            onTaskReject: task.onTaskReject ?? '',
            onTaskPostpone: task.onTaskPostpone ?? '',
            status: 'Created',
          }),
        ),
        packagingTasks: (body.packagingTasks ?? []).map((p) => ({ id: p.id, method: p.method ?? 'pades', documents: p.documents ?? [], status: 'Created' })),
      };
      // The same client reference answers the order already made (idempotent creation).
      const stored = await stores.orders.update(orderId, (current) => current ?? fresh);
      request.log.info({ orderId, tasks: stored.tasks.length }, 'signing sandbox order');
      return reply.status(stored.createdAt === fresh.createdAt ? 201 : 200).send(orderView(await ensurePackaged(stored)));
    });

    api.get<{ Params: { id: string } }>('/enterprise/sign/orders/:id', async (request, reply) => {
      const order = await loadOrder(request.params.id);
      if (!order) return problem(reply, 404, 'Not Found');
      return orderView(order);
    });

    api.delete<{ Params: { id: string } }>('/enterprise/sign/orders/:id', async (request, reply) => {
      if (!(await stores.orders.get(request.params.id))) return problem(reply, 404, 'Not Found');
      const deletedAt = new Date().toISOString();
      await stores.orders.update(request.params.id, (current) => {
        if (!current) throw new Error('order vanished');
        return { ...current, deletedAt: current.deletedAt ?? deletedAt, tasks: current.tasks.map((t) => ({ ...t, status: 'Deleted' as const })) };
      });
      return reply.status(204).send();
    });

    api.get<{ Params: { id: string; taskId: string } }>('/enterprise/sign/orders/:id/tasks/:taskId/status', async (request, reply) => {
      const order = await loadOrder(request.params.id);
      const task = order?.tasks.find((t) => t.id === request.params.taskId);
      if (!order || !task) return problem(reply, 404, 'Not Found');
      return { orderId: order.id, taskId: task.id, taskStatus: wireStatus(taskStatusOf(order, task)) };
    });

    api.get<{ Params: { id: string; packagingId: string } }>('/enterprise/sign/orders/:id/packaging-tasks/:packagingId/status', async (request, reply) => {
      const order = await loadOrder(request.params.id);
      const packaging = order?.packagingTasks.find((p) => p.id === request.params.packagingId);
      if (!order || !packaging) return problem(reply, 404, 'Not Found');
      return {
        orderId: order.id,
        packagingTaskId: packaging.id,
        packagingTaskStatus: wireStatus(packaging.status),
        ...(packaging.status === 'Completed' ? { packagingTaskResultUri: `${context.publicUrl}${base}/enterprise/sign/orders/${encodeURIComponent(order.id)}/packaging-tasks/${encodeURIComponent(packaging.id)}/result` } : {}),
      };
    });

    api.get<{ Params: { id: string; packagingId: string } }>('/enterprise/sign/orders/:id/packaging-tasks/:packagingId/result', async (request, reply) => {
      const order = await loadOrder(request.params.id);
      const packaging = order?.packagingTasks.find((p) => p.id === request.params.packagingId);
      if (!packaging) return problem(reply, 404, 'Not Found');
      if (packaging.status !== 'Completed') return problem(reply, 409, 'Conflict', `The packaging task is ${packaging.status}.`);
      const result = await stores.results.get(resultId(request.params.id, packaging.id));
      if (!result) return problem(reply, 404, 'Not Found');
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="signed-${request.params.id}.pdf"`)
        .send(Buffer.from(result.pdfBase64, 'base64'));
    });
  });

  // The hosted signing page: whoever holds the link (sent to the signer) may open it, as with
  // the real service; the BankID step is what proves who signs.
  type PageParams = { Params: { orderId: string; taskId: string }; Querystring: { lang?: string } };

  const pageLanguage = (request: FastifyRequest<PageParams>, task: SigningTaskRecord | undefined, chosen?: string): Language => {
    const wanted = chosen ?? request.query.lang;
    if (isLanguage(wanted)) return wanted;
    return task ? languageOf(task) : 'en';
  };

  const findTask = async (orderId: string, taskId: string) => {
    const order = await loadOrder(orderId);
    const task = order?.tasks.find((t) => t.id === taskId);
    return order && task ? { order, task } : null;
  };

  /** The page; `problem` is what was wrong with the last press: no name, or someone else's BankID. */
  const renderTask = (
    reply: FastifyReply,
    order: SigningOrderRecord,
    task: SigningTaskRecord,
    lang: Language,
    problem: { nameError?: boolean; name?: string; otherPerson?: boolean } = {},
  ) => {
    const { nameError = false, name, otherPerson = false } = problem;
    const path = signPath(order.id, task.id);
    const status = taskStatusOf(order, task);
    if (status !== 'Created') {
      const continueUrl = status === 'Completed' ? task.onTaskComplete : status === 'Rejected' ? task.onTaskReject : null;
      return sendHtml(reply, statusPage({ lang, stylesheet, path, status, continueUrl }), status === 'Completed' || status === 'Rejected' ? 200 : 410);
    }
    return sendHtml(
      reply,
      signingPage({
        lang,
        stylesheet,
        path,
        documentUrl: `${path}/document`,
        documentTitle: task.documents[0]?.description ?? '',
        look: lookOf(task),
        maskedNationalId: task.subject.nationalId ? maskNationalId(task.subject.nationalId) : null,
        name: name ?? knownName(task),
        nameError,
        otherPerson,
      }),
      otherPerson ? 403 : nameError ? 400 : 200,
    );
  };

  app.get<PageParams>('/sign/:orderId/:taskId', async (request, reply) => {
    const found = await findTask(request.params.orderId, request.params.taskId);
    const lang = pageLanguage(request, found?.task);
    if (!found) {
      return sendHtml(reply, statusPage({ lang, stylesheet, path: request.url.split('?')[0] ?? '', status: 'NotFound', continueUrl: null }), 404);
    }
    return renderTask(reply, found.order, found.task, lang);
  });

  app.get<PageParams>('/sign/:orderId/:taskId/document', async (request, reply) => {
    const found = await findTask(request.params.orderId, request.params.taskId);
    const ref = found?.task.documents[0]?.documentRef;
    const document = ref ? await stores.documents.get(ref) : null;
    if (!found || !document || taskStatusOf(found.order, found.task) === 'Deleted') return reply.status(404).type('text/plain').send('Not found');
    return reply
      .type('application/pdf')
      .header('Content-Disposition', 'inline; filename="document.pdf"')
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(document.pdfBase64, 'base64'));
  });

  app.post<PageParams>('/sign/:orderId/:taskId', async (request, reply) => {
    const found = await findTask(request.params.orderId, request.params.taskId);
    const parsed = pageForm.safeParse(request.body);
    const lang = pageLanguage(request, found?.task, parsed.success ? parsed.data.lang : undefined);
    if (!found) {
      return sendHtml(reply, statusPage({ lang, stylesheet, path: request.url, status: 'NotFound', continueUrl: null }), 404);
    }
    const { order, task } = found;
    if (!parsed.success) return renderTask(reply, order, task, lang);
    const { action } = parsed.data;
    const status = taskStatusOf(order, task);

    // A second press after the first went through lands where the first did.
    if (status === 'Completed') return reply.redirect(task.onTaskComplete, 303);
    if (status === 'Rejected') return reply.redirect(task.onTaskReject, 303);
    if (status !== 'Created') return renderTask(reply, order, task, lang);

    if (action === 'postpone') {
      request.log.info({ orderId: order.id, taskId: task.id, action }, 'signing sandbox task');
      return reply.redirect(task.onTaskPostpone, 303);
    }
    // The BankID step: only the person the task is bound to may sign or decline it. Left empty,
    // the sandbox's BankID is that person's; Signicat compares the e-ID's national ID with the
    // task's national-id attribute the same way [?] (README).
    const identified = (parsed.data.nationalId ?? '').trim();
    if (identified !== '' && !isBoundSigner(task, identified)) {
      request.log.info({ orderId: order.id, taskId: task.id, action }, 'signing sandbox refused another person');
      return renderTask(reply, order, task, lang, { otherPerson: true });
    }
    const name = (parsed.data.name ?? '').trim();
    if (action === 'sign' && (name.length === 0 || name.length > 100)) return renderTask(reply, order, task, lang, { nameError: true, name });

    const now = new Date().toISOString();
    const updated = await stores.orders.update(order.id, (current) => {
      const base = current ?? order;
      return {
        ...base,
        tasks: base.tasks.map((t) => {
          // Only a task still open changes; a parallel press or an expiry in between wins.
          if (t.id !== task.id || taskStatusOf(base, t) !== 'Created') return t;
          return action === 'sign' ? { ...t, status: 'Completed' as const, signature: { name, signedAt: now } } : { ...t, status: 'Rejected' as const, rejectedAt: now };
        }),
      };
    });
    request.log.info({ orderId: order.id, taskId: task.id, action }, 'signing sandbox task');
    const after = await ensurePackaged(updated);
    const finalTask = after.tasks.find((t) => t.id === task.id) ?? task;
    const finalStatus = taskStatusOf(after, finalTask);
    if (finalStatus === 'Completed') return reply.redirect(task.onTaskComplete, 303);
    if (finalStatus === 'Rejected') return reply.redirect(task.onTaskReject, 303);
    return renderTask(reply, after, finalTask, lang);
  });
}

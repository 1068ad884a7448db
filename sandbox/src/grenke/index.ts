/**
 * The GRENKE simulator (README.md beside this file): the calls of GRENKE's leasing API the
 * portal makes, held to the published contract as far as it is known (@portal/contracts/grenke,
 * third-party evidence only): requests that break it are refused with GRENKE's error body, the
 * answers have its shapes. Leasing requests are decided by test company, the contract is
 * generated and served as a PDF, a signed contract comes back as a document attached to the
 * request, a delivery confirmation too where the request waits for one, and control endpoints
 * serve the business screen's mock panel and tests. No webhooks: GRENKE has none.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { z } from 'zod';
import {
  calculateRequest,
  createRequest,
  GENERIC_DOCUMENT_CATEGORY,
  generateContractRequest,
  isPdf,
  uploadDocumentRequest,
} from '@portal/contracts/grenke/schemas';
import { GRENKE_MOCK_ACTIONS, type GrenkeMockAction, MOCK_DELAY_SECONDS } from '@portal/domain';
import type { SandboxContext } from '../context';
import { contractPdf } from './contract-pdf';
import { deliveryConfirmationProblems, readDeliveryConfirmation } from './delivery';
import {
  behaviourOf,
  CONDITION_LIST,
  countryOf,
  decisionKeyOf,
  DELIVERY_CONFIRMATION_BY_DEFAULT,
  type GrenkeDecisionRecord,
  type GrenkeRequestRecord,
  GRENKE_STATES,
  type GrenkeState,
  grenkeStores,
  instalments,
  isFinalState,
  LEGAL_FORMS,
  newFinancingId,
  OBJECT_TYPES,
  PERIOD_RANGE,
  requestNumberOf,
  STANDARD_PERIODS,
  stateOf,
} from './requests';

/** A document of up to 20 MB as base64 in JSON ([S] the reseller's limit); the portal's JSON limit is far lower. */
const DOCUMENT_BODY_LIMIT = 28 * 1024 * 1024;
/** The currencies of the branches the sandbox stands in for ([?]). */
const CURRENCIES = ['NOK', 'SEK'];

const decideBody = z.strictObject({
  externalReference: z.string().min(1).max(100).optional(),
  financingId: z.string().min(1).max(100).optional(),
  action: z.enum(GRENKE_MOCK_ACTIONS).optional(),
  /** Any GRENKE state, for tests and demos of states the mock panel does not offer. */
  state: z.enum(GRENKE_STATES).optional(),
  delayMs: z
    .number()
    .int()
    .min(0)
    .max(MOCK_DELAY_SECONDS.max * 1000)
    .optional(),
});

const linkBody = z.strictObject({ externalReference: z.string().min(1).max(100), financingId: z.string().min(1).max(100) });

const deliveryBody = z.strictObject({
  externalReference: z.string().min(1).max(100).optional(),
  financingId: z.string().min(1).max(100).optional(),
  required: z.boolean(),
});

const MOCK_TARGET: Readonly<Record<GrenkeMockAction, GrenkeState>> = {
  continue: 'ApplicationReceived',
  denied: 'Declined',
  cancelled: 'Cancelled',
  approved: 'ReadyToSign',
};

/** The states of an approved request, up to its contract: the contract can be generated and signed. */
const APPROVED_STATES: ReadonlySet<GrenkeState> = new Set<GrenkeState>([
  'ReadyToSign',
  'ContractPrinted',
  'ContractPrintedBeforeStatement',
  'StartingESignature',
  'AwaitingCustomerSignature',
  'AwaitingPartnerSignature',
  'AwaitingSigningAppSignature',
  'CancellingESignature',
  'AwaitingDeliveryConfirmation',
]);

/**
 * [?] The states in which a signed contract that comes as a document contracts the request, or
 * makes it wait for its delivery to be confirmed: the contract is out for signature. While
 * GRENKE's own e-signature runs, or the delivery is to be confirmed, GRENKE's back office has its
 * own step under way: the document is kept, the state stays (a delivery confirmation, or the mock
 * panel's control, moves it on).
 */
const AWAITING_SIGNATURE: ReadonlySet<GrenkeState> = new Set<GrenkeState>(['ReadyToSign', 'ContractPrinted', 'ContractPrintedBeforeStatement']);

/** GRENKE's error body, `{Message, StatusCode, Details, CorrelationId}` ([S] STATE.md@b9d5884:236-241), `Errors` on a refused request ([S] index.ts:1451-1463). */
function error(reply: FastifyReply, status: number, Message: string, Details: string | null = null, Errors?: Record<string, string[]>) {
  return reply.status(status).send({ Message, StatusCode: status, Details, CorrelationId: `GRENKE-LeasingAPI-sandbox+${randomUUID()}`, ...(Errors ? { Errors } : {}) });
}

/** A refused request: every problem under its field's path, as GRENKE's `Errors`. */
function invalid(reply: FastifyReply, problems: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const problem of problems) {
    const path = problem.path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('') || '$';
    (errors[path] ??= []).push(problem.message);
  }
  return error(reply, 400, 'The request is invalid.', null, errors);
}

/** The account set-up problem, as GRENKE answers it ([S] STATE.md@b9d5884:236-241). */
const accountSetupProblem = (reply: FastifyReply) =>
  error(reply, 500, 'There is a problem with this User Account. Please contact your GRENKE representative.', 'No condition list found for the submitted parameters');

/** What the account's condition list says of the terms: null when they are offered. */
function conditionProblem(reply: FastifyReply, terms: { ProductType: keyof typeof CONDITION_LIST; PaymentFrequency: 'Monthly' | 'Quarterly'; Currency?: string | undefined; Period?: number | undefined }) {
  const frequencies = CONDITION_LIST[terms.ProductType];
  if (!frequencies) return accountSetupProblem(reply);
  if (!frequencies.includes(terms.PaymentFrequency)) {
    return invalid(reply, [{ path: ['PaymentFrequency'], message: `PaymentFrequency '${terms.PaymentFrequency}' is not available. Should be one of [${frequencies.join(', ')}]` }]);
  }
  if (terms.Currency !== undefined && !CURRENCIES.includes(terms.Currency)) {
    return invalid(reply, [{ path: ['Currency'], message: `Currency '${terms.Currency}' is not available. Should be one of [${CURRENCIES.join(', ')}]` }]);
  }
  if (terms.Period !== undefined && (terms.Period < PERIOD_RANGE.min || terms.Period > PERIOD_RANGE.max)) {
    return invalid(reply, [{ path: ['Period'], message: `Period must be between ${PERIOD_RANGE.min} and ${PERIOD_RANGE.max}` }]);
  }
  return null;
}

/** A request as GRENKE answers it when read ([S] the fields the reseller reads). */
function view(request: GrenkeRequestRecord, decision: GrenkeDecisionRecord | null) {
  return {
    FinancingId: request.FinancingId,
    RequestId: request.RequestId,
    State: stateOf(request, decision),
    FinancingAmount: request.FinancingAmount,
    Period: request.Period,
    MonthlyTotalInstalment: request.MonthlyTotalInstalment,
    Lessee: { CompanyName: request.Lessee.CompanyName },
  };
}

/**
 * [?] Whether a document is the contract, signed. The signing service adds a page of signatures
 * after the contract's own pages (sandbox/signing/signed-pdf.ts stands in for PAdES signatures,
 * which GRENKE would check): a document no longer than the contract GRENKE issued carries none.
 */
async function carriesSignatures(document: Uint8Array, request: GrenkeRequestRecord): Promise<boolean> {
  try {
    const pages = (await PDFDocument.load(document, { updateMetadata: false })).getPageCount();
    const issued = await PDFDocument.load(await contractPdf(request), { updateMetadata: false });
    return pages > issued.getPageCount();
  } catch {
    return false;
  }
}

export default async function simulator(app: FastifyInstance, context: SandboxContext) {
  const stores = grenkeStores(context.records);

  // Whatever goes wrong, the answer has GRENKE's error body (a body that is not JSON, too large…).
  app.setErrorHandler((failure: { statusCode?: number; message: string }, _request, reply) => {
    const status = failure.statusCode && failure.statusCode >= 400 && failure.statusCode < 500 ? failure.statusCode : 500;
    return error(reply, status, status === 500 ? 'Unfortunately we are not able to process your request.' : 'The request is invalid.', status === 500 ? null : failure.message);
  });

  const load = async (financingId: string) => {
    const request = await stores.requests.get(financingId);
    if (!request) return null;
    return { request, decision: await stores.decisions.get(decisionKeyOf(request)) };
  };
  const notFound = (reply: FastifyReply) => error(reply, 404, 'No financing request with this id.');

  app.post('/basic/v1/calculate', async (request, reply) => {
    const parsed = calculateRequest.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    const problem = conditionProblem(reply, parsed.data);
    if (problem) return problem;
    const { FinancingAmount, Period, Currency = 'NOK' } = parsed.data;
    // A period asked for answers that period; none answers every period the account has.
    const periods = Period === undefined ? STANDARD_PERIODS : [Period];
    return { Items: periods.map((p) => ({ Period: p, MonthlyTotalInstalment: instalments(FinancingAmount, p).total, FinancingAmount, Currency })) };
  });

  app.get('/basic/v1/legalforms', async () => LEGAL_FORMS);
  app.get('/basic/v1/objecttypes', async () => ({ Items: OBJECT_TYPES }));

  app.post('/basic/v1/requests', async (request, reply) => {
    const parsed = createRequest.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    const body = parsed.data;
    const problem = conditionProblem(reply, body);
    if (problem) return problem;
    const references = [
      ...(LEGAL_FORMS.some((f) => f.Id === body.Lessee.LegalFormId) ? [] : [{ path: ['Lessee', 'LegalFormId'], message: `No legal form with id '${body.Lessee.LegalFormId}' is available` }]),
      ...body.FinancingObjects.flatMap((o, index) =>
        OBJECT_TYPES.some((t) => (o.ObjectTypeId === undefined ? t.Name === o.Name : t.Id === o.ObjectTypeId))
          ? []
          : [{ path: ['FinancingObjects', index, 'ObjectTypeId'], message: `No Financing Object with Name '${o.Name ?? ''}' and ObjectType '${o.ObjectTypeId ?? ''}' is available` }],
      ),
    ];
    if (references.length > 0) return invalid(reply, references);
    const financingId = newFinancingId();
    const currency = body.Currency === 'SEK' ? 'SEK' : 'NOK';
    const record: GrenkeRequestRecord = {
      FinancingId: financingId,
      RequestId: requestNumberOf(financingId),
      createdAt: new Date().toISOString(),
      behaviour: behaviourOf(body.Lessee.ExternalId),
      country: countryOf(body.Lessee, currency),
      FinancingAmount: body.FinancingAmount,
      Period: body.Period,
      Currency: currency,
      MonthlyTotalInstalment: instalments(body.FinancingAmount, body.Period).total,
      Lessee: body.Lessee,
      FinancingObjects: body.FinancingObjects,
    };
    await stores.requests.put(financingId, record);
    const state = stateOf(record, null);
    request.log.info({ financingId, state }, 'grenke sandbox request');
    // GRENKE often has no human number yet right after creation ([S]).
    return { FinancingId: financingId, RequestId: '', State: state };
  });

  app.get<{ Params: { id: string } }>('/basic/v1/requests/:id', async (request, reply) => {
    const found = await load(request.params.id);
    if (!found) return notFound(reply);
    return view(found.request, found.decision);
  });

  // Generates the contract of an approved request, once ([S] 409 when it exists).
  app.post<{ Params: { id: string } }>('/basic/v1/requests/:id/contractdocument', async (request, reply) => {
    const parsed = generateContractRequest.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    const found = await load(request.params.id);
    if (!found) return notFound(reply);
    const state = stateOf(found.request, found.decision);
    if (found.request.contractGeneratedAt) return error(reply, 409, 'The contract document already exists.');
    if (!APPROVED_STATES.has(state)) return error(reply, 400, `The contract can be generated once the request is ReadyToSign; it is ${state}.`);
    await stores.requests.update(found.request.FinancingId, (current) => ({ ...(current ?? found.request), contractGeneratedAt: current?.contractGeneratedAt ?? new Date().toISOString() }));
    return reply.status(200).send();
  });

  app.get<{ Params: { id: string } }>('/basic/v1/requests/:id/contractdocument', async (request, reply) => {
    const found = await load(request.params.id);
    if (!found) return notFound(reply);
    if (!found.request.contractGeneratedAt) return error(reply, 404, 'No contract document has been generated for this request.');
    const pdf = await contractPdf(found.request);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="contract-${found.request.FinancingId}.pdf"`)
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(pdf));
  });

  /**
   * A document attached to the request. [?] The sandbox's GRENKE takes the contract it generated,
   * come back signed, as the signed contract: the request is Contracted (ADR 29; the lender
   * confirms with GRENKE how its back office treats it). Other documents are kept, nothing more.
   */
  app.post<{ Params: { id: string } }>('/basic/v1/calculationSets/:id/documents/base64', { bodyLimit: DOCUMENT_BODY_LIMIT }, async (request, reply) => {
    const parsed = uploadDocumentRequest.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    const { DocumentName, DocumentContent, DocumentCategory } = parsed.data;
    if (DocumentCategory !== GENERIC_DOCUMENT_CATEGORY) {
      return invalid(reply, [{ path: ['DocumentCategory'], message: `DocumentCategory '${DocumentCategory}' is not available` }]);
    }
    const found = await load(request.params.id);
    if (!found) return notFound(reply);
    const content = new Uint8Array(Buffer.from(DocumentContent, 'base64'));
    if (!isPdf(content)) return invalid(reply, [{ path: ['DocumentContent'], message: 'The document must be a PDF' }]);
    const state = stateOf(found.request, found.decision);
    if (state === 'Declined' || state === 'Cancelled') return error(reply, 409, `The request is ${state}: it takes no documents any more.`);
    const delivery = await readDeliveryConfirmation(content);
    if (delivery) {
      // [?] A delivery report is taken only while GRENKE waits for one, and only whole.
      if (state !== 'AwaitingDeliveryConfirmation') return error(reply, 409, `The request is not awaiting a delivery confirmation; it is ${state}.`);
      const problems = deliveryConfirmationProblems(found.request, delivery);
      if (problems.length > 0) return error(reply, 400, 'The request is invalid.', null, { DocumentContent: problems });
    }
    const receivedAt = new Date().toISOString();
    await stores.documents.update(found.request.FinancingId, (current) => ({
      documents: [...(current?.documents ?? []), { name: DocumentName, category: DocumentCategory, receivedAt, pdfBase64: DocumentContent }],
    }));
    const contract = async (field: 'contractedAt' | 'awaitingDeliverySince') =>
      stores.requests.update(found.request.FinancingId, (current) => ({ ...(current ?? found.request), [field]: current?.[field] ?? receivedAt }));
    if (delivery) {
      await contract('contractedAt');
      request.log.info({ financingId: found.request.FinancingId }, 'grenke sandbox delivery confirmed, request contracted');
    } else if (AWAITING_SIGNATURE.has(state) && found.request.contractGeneratedAt && (await carriesSignatures(content, found.request))) {
      const setting = await stores.delivery.get(decisionKeyOf(found.request));
      const awaitsDelivery = setting?.required ?? DELIVERY_CONFIRMATION_BY_DEFAULT;
      await contract(awaitsDelivery ? 'awaitingDeliverySince' : 'contractedAt');
      request.log.info({ financingId: found.request.FinancingId, awaitsDelivery }, 'grenke sandbox contract signed');
    }
    return reply.status(200).send();
  });

  /**
   * Sandbox control (not GRENKE's): the portal says which application a request it just made is
   * for, so that a mock decision taken before the request existed finds it.
   */
  app.post('/control/link', async (request, reply) => {
    const parsed = linkBody.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    const { externalReference, financingId } = parsed.data;
    const existing = await stores.requests.get(financingId);
    if (!existing) return notFound(reply);
    if (existing.portalReference && existing.portalReference !== externalReference) return error(reply, 409, 'The request belongs to another application.');
    await stores.requests.update(financingId, (current) => ({ ...(current ?? existing), portalReference: externalReference }));
    await stores.links.put(externalReference, { financingId });
    return reply.status(204).send();
  });

  /**
   * Sandbox control (not GRENKE's): whether the request of this application (or with this id)
   * waits for its delivery to be confirmed once its signed contract comes, instead of being
   * contracted at once. It may be set before the request exists (by the application's reference).
   */
  app.post('/control/delivery-confirmation', async (request, reply) => {
    const parsed = deliveryBody.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    const { externalReference, financingId, required } = parsed.data;
    if (!externalReference && !financingId) return error(reply, 400, 'Give a request (externalReference or financingId).');
    const existing = financingId ? await stores.requests.get(financingId) : null;
    if (financingId && !existing) return notFound(reply);
    await stores.delivery.put(existing ? decisionKeyOf(existing) : (externalReference ?? ''), { required });
    return reply.status(204).send();
  });

  /**
   * Sandbox control (not GRENKE's): the request of this application (or with this id) takes the
   * decided state once delayMs has passed, and holds the state it had until then. A decision may
   * come before the request exists; a contracted request cannot be decided again.
   */
  app.post('/control/decide', async (request, reply) => {
    const parsed = decideBody.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    const { externalReference, financingId, action, state, delayMs = 0 } = parsed.data;
    const target = state ?? (action ? MOCK_TARGET[action] : undefined);
    if (!target || (action && state) || (!externalReference && !financingId)) {
      return error(reply, 400, 'Give a request (externalReference or financingId) and either an action or a state.');
    }
    const linked = externalReference ? (await stores.links.get(externalReference))?.financingId : undefined;
    const id = financingId ?? linked;
    const existing = id ? await stores.requests.get(id) : null;
    if (financingId && !existing) return notFound(reply);
    const key = existing ? decisionKeyOf(existing) : (externalReference ?? '');
    const previous = await stores.decisions.get(key);
    const current = existing ? stateOf(existing, previous) : null;
    if (current === 'Contracted') return error(reply, 409, 'The contract has been signed; the decision cannot change.');
    const now = Date.now();
    const decision: GrenkeDecisionRecord = {
      key,
      target,
      // Until the delay has passed the request waits where it is. A request that was already
      // decided (approved or final) and is decided again goes back to being examined.
      heldState: !current ? 'RequestToGrenke' : !isFinalState(current) && !APPROVED_STATES.has(current) ? current : 'ApplicationReceived',
      decidedAt: new Date(now).toISOString(),
      effectiveAt: new Date(now + delayMs).toISOString(),
    };
    await stores.decisions.put(key, decision);
    request.log.info({ financingId: existing?.FinancingId, target, delayMs }, 'grenke sandbox decision');
    return {
      FinancingId: existing?.FinancingId ?? null,
      State: existing ? stateOf(existing, decision) : null,
      Target: target,
      EffectiveAt: decision.effectiveAt,
    };
  });
}

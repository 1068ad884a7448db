import type { FastifyInstance, FastifyReply } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { CURRENCIES, GRENKE_MOCK_ACTIONS, type GrenkeMockAction, MOCK_DELAY_SECONDS, z } from '@portal/domain';
import type { SandboxContext } from '../context';
import { contractPdf } from './contract-pdf';
import {
  behaviourOf,
  countryOf,
  financingIdFor,
  type GrenkeDecisionRecord,
  type GrenkeRequestRecord,
  GRENKE_STATES,
  type GrenkeState,
  grenkeStores,
  instalments,
  isFinalState,
  PERIOD_RANGE,
  STANDARD_PERIODS,
  stateOf,
} from './requests';

/** A signed contract is a few hundred kilobytes at most; the portal's JSON limit is far lower. */
const PDF_BODY_LIMIT = 10 * 1024 * 1024;

const text = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));

const terms = {
  FinancingAmount: z.number().check(z.positive(), z.lte(10_000_000)),
  Period: z.int().check(z.gte(PERIOD_RANGE.min), z.lte(PERIOD_RANGE.max)),
  Currency: z.enum(CURRENCIES),
  PaymentFrequency: z.optional(z.string()),
  PaymentMethod: z.optional(z.string()),
  ProductType: z.optional(z.string()),
};

const calculateBody = z.object(terms);

const createBody = z.object({
  ...terms,
  ExternalReference: text(100),
  Lessee: z.object({
    CompanyName: text(200),
    ExternalId: text(20),
    Email: optionalText(254),
    Telephones: z.optional(z.array(z.object({ Type: z.optional(z.string()), Number: text(30) }))),
    Addresses: z
      .array(
        z.object({
          Type: text(20),
          Street: optionalText(200),
          PostalCode: optionalText(10),
          City: optionalText(100),
          Country: optionalText(2),
        }),
      )
      .check(z.refine((addresses) => addresses.filter((a) => a.Type === 'Main').length === 1, 'exactly one address of Type Main')),
  }),
  FinancingObjects: z
    .array(
      z.object({
        Quantity: z.int().check(z.positive()),
        Name: text(300),
        SerialNumber: optionalText(100),
        NetPricePerObject: z.number().check(z.gte(0)),
      }),
    )
    .check(z.minLength(1)),
});

const decideBody = z.object({
  externalReference: text(100),
  action: z.optional(z.enum(GRENKE_MOCK_ACTIONS)),
  /** Any GRENKE state, for tests and demos of states the mock panel does not offer. */
  state: z.optional(z.enum(GRENKE_STATES)),
  delayMs: z.optional(z.int().check(z.gte(0), z.lte(MOCK_DELAY_SECONDS.max * 1000))),
});

const MOCK_TARGET: Readonly<Record<GrenkeMockAction, GrenkeState>> = {
  continue: 'ApplicationReceived',
  denied: 'Declined',
  cancelled: 'Cancelled',
  approved: 'ReadyToSign',
};

/** GRENKE-style error bodies (PascalCase, [?]). */
const error = (reply: FastifyReply, status: number, Code: string, Message: string, Errors?: { Field: string; Message: string }[]) =>
  reply.status(status).send({ Code, Message, ...(Errors ? { Errors } : {}) });

const invalid = (reply: FastifyReply, issues: readonly { path: PropertyKey[]; message: string }[]) =>
  error(
    reply,
    400,
    'ValidationFailed',
    'The request is invalid.',
    issues.map((i) => ({ Field: i.path.map(String).join('.'), Message: i.message })),
  );

function view(request: GrenkeRequestRecord, decision: GrenkeDecisionRecord | null) {
  return {
    FinancingId: request.FinancingId,
    ExternalReference: request.ExternalReference,
    State: stateOf(request, decision),
    FinancingAmount: request.FinancingAmount,
    Period: request.Period,
    Currency: request.Currency,
    MonthlyTotalInstalment: request.MonthlyTotalInstalment,
    Lessee: { CompanyName: request.Lessee.CompanyName, ExternalId: request.Lessee.ExternalId },
    FinancingObjects: request.FinancingObjects,
    CreatedAt: request.createdAt,
  };
}

const isPdf = (body: Buffer) => body.subarray(0, 5).toString('latin1') === '%PDF-';

/** Declined and Cancelled requests take nothing any more ([?] RequestClosed). */
const isClosed = (state: GrenkeState) => state === 'Declined' || state === 'Cancelled';

/**
 * [?] Whether the contract came back signed. The signing service adds a page of signatures after
 * the contract's own pages (sandbox/signing/signed-pdf.ts stands in for PAdES signatures, which
 * GRENKE would check): a document no longer than the contract GRENKE issued carries none.
 */
async function carriesSignatures(upload: Buffer, request: GrenkeRequestRecord): Promise<boolean | null> {
  let pages: number;
  try {
    pages = (await PDFDocument.load(upload, { updateMetadata: false })).getPageCount();
  } catch {
    return null;
  }
  const issued = await PDFDocument.load(await contractPdf(request), { updateMetadata: false });
  return pages > issued.getPageCount();
}

/**
 * The GRENKE simulator (PROVIDERS.md, README.md beside this file): calculation, leasing requests
 * with decisions by test company, the contract as a PDF, the signed contract coming back, and a
 * control endpoint for the business screen's mock panel. No webhooks: GRENKE has none.
 */
export default async function simulator(app: FastifyInstance, context: SandboxContext) {
  const stores = grenkeStores(context.records);

  app.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: PDF_BODY_LIMIT }, (_request, body, done) => done(null, body));

  const load = async (financingId: string) => {
    const request = await stores.requests.get(financingId);
    if (!request) return null;
    return { request, decision: await stores.decisions.get(request.ExternalReference) };
  };

  app.post('/basic/v1/calculate', async (request, reply) => {
    const parsed = calculateBody.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    const { FinancingAmount, Period, Currency } = parsed.data;
    const periods = [...new Set<number>([...STANDARD_PERIODS, Period])].sort((a, b) => a - b);
    return {
      Currency,
      FinancingAmount,
      Items: periods.map((p) => {
        const m = instalments(FinancingAmount, p);
        return { Period: p, MonthlyInstalment: m.instalment, MonthlyServiceFee: m.serviceFee, MonthlyTotalInstalment: m.total };
      }),
    };
  });

  app.post('/basic/v1/requests', async (request, reply) => {
    const parsed = createBody.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    const body = parsed.data;
    const financingId = financingIdFor(body.ExternalReference);
    const fresh: GrenkeRequestRecord = {
      FinancingId: financingId,
      ExternalReference: body.ExternalReference,
      createdAt: new Date().toISOString(),
      behaviour: behaviourOf(body.Lessee.ExternalId),
      country: countryOf(body.Lessee, body.Currency),
      FinancingAmount: body.FinancingAmount,
      Period: body.Period,
      Currency: body.Currency,
      MonthlyTotalInstalment: instalments(body.FinancingAmount, body.Period).total,
      Lessee: body.Lessee,
      FinancingObjects: body.FinancingObjects,
    };
    // The same external reference answers the request already made (idempotent creation).
    const stored = await stores.requests.update(financingId, (current) => current ?? fresh);
    const decision = await stores.decisions.get(stored.ExternalReference);
    request.log.info({ financingId, state: stateOf(stored, decision) }, 'grenke sandbox request');
    return reply.status(stored.createdAt === fresh.createdAt ? 201 : 200).send(view(stored, decision));
  });

  app.get<{ Params: { id: string } }>('/basic/v1/requests/:id', async (request, reply) => {
    const found = await load(request.params.id);
    if (!found) return error(reply, 404, 'NotFound', 'No financing request with this id.');
    return view(found.request, found.decision);
  });

  app.get<{ Params: { id: string } }>('/basic/v1/requests/:id/contractdocument', async (request, reply) => {
    const found = await load(request.params.id);
    if (!found) return error(reply, 404, 'NotFound', 'No financing request with this id.');
    const state = stateOf(found.request, found.decision);
    if (state !== 'ReadyToSign' && state !== 'Contracted') {
      return error(reply, 409, 'NotReadyToSign', `The contract is available from ReadyToSign; the request is ${state}.`);
    }
    const pdf = await contractPdf(found.request);
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="contract-${found.request.FinancingId}.pdf"`)
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(pdf));
  });

  // The signed contract comes back: the request is Contracted.
  app.post<{ Params: { id: string } }>('/basic/v1/requests/:id/contractdocument', { bodyLimit: PDF_BODY_LIMIT }, async (request, reply) => {
    const found = await load(request.params.id);
    if (!found) return error(reply, 404, 'NotFound', 'No financing request with this id.');
    if (!Buffer.isBuffer(request.body) || !isPdf(request.body)) {
      return error(reply, 400, 'ValidationFailed', 'The body must be the signed contract as application/pdf.');
    }
    const state = stateOf(found.request, found.decision);
    if (state === 'Contracted') return view(found.request, found.decision);
    if (isClosed(state)) return error(reply, 409, 'RequestClosed', `The request is ${state}: it takes no contract any more.`);
    if (state !== 'ReadyToSign') {
      return error(reply, 409, 'NotReadyToSign', `A signed contract is accepted in ReadyToSign; the request is ${state}.`);
    }
    const signed = await carriesSignatures(request.body, found.request);
    if (signed === null) return error(reply, 400, 'ValidationFailed', 'The body must be the signed contract as application/pdf.');
    if (!signed) return error(reply, 422, 'SignatureMissing', 'The contract is not signed by every signatory.');
    const receivedAt = new Date().toISOString();
    await stores.signedContracts.put(found.request.FinancingId, { pdfBase64: request.body.toString('base64'), receivedAt });
    const contracted = await stores.requests.update(found.request.FinancingId, (current) => ({
      ...(current ?? found.request),
      contractedAt: current?.contractedAt ?? receivedAt,
    }));
    return view(contracted, found.decision);
  });

  // [?] The dealer withdraws the request (no public contract: the path is our choice). Whatever
  // GRENKE was deciding stops; a Declined one is left as it is, with nothing to withdraw.
  app.post<{ Params: { id: string } }>('/basic/v1/requests/:id/cancel', async (request, reply) => {
    const found = await load(request.params.id);
    if (!found) return error(reply, 404, 'NotFound', 'No financing request with this id.');
    const current = stateOf(found.request, found.decision);
    if (current === 'Contracted') return error(reply, 409, 'AlreadyContracted', 'The contract has been signed; the request cannot be cancelled.');
    if (isClosed(current)) return view(found.request, found.decision);
    const cancelledAt = new Date().toISOString();
    const updated = await stores.requests.update(found.request.FinancingId, (stored) => {
      const base = stored ?? found.request;
      // A contract that came back meanwhile wins: signed is signed.
      return base.contractedAt ? base : { ...base, cancelledAt: base.cancelledAt ?? cancelledAt };
    });
    const state = stateOf(updated, found.decision);
    if (state === 'Contracted') return error(reply, 409, 'AlreadyContracted', 'The contract has been signed; the request cannot be cancelled.');
    request.log.info({ financingId: updated.FinancingId, state }, 'grenke sandbox request cancelled');
    return view(updated, found.decision);
  });

  /**
   * Sandbox control (not GRENKE's): the request with this external reference takes the decided
   * state once delayMs has passed, and holds the state it had until then. A decision may come
   * before the request exists; a contracted request cannot be decided again.
   */
  app.post('/control/decide', async (request, reply) => {
    const parsed = decideBody.safeParse(request.body);
    if (!parsed.success) return invalid(reply, parsed.error.issues);
    const { externalReference, action, state, delayMs = 0 } = parsed.data;
    const target = state ?? (action ? MOCK_TARGET[action] : undefined);
    if (!target || (action && state)) {
      return error(reply, 400, 'ValidationFailed', 'Give either an action or a state.');
    }
    const existing = await stores.requests.get(financingIdFor(externalReference));
    const previous = await stores.decisions.get(externalReference);
    const current = existing ? stateOf(existing, previous) : null;
    if (current === 'Contracted') {
      return error(reply, 409, 'AlreadyContracted', 'The contract has been signed; the decision cannot change.');
    }
    if (existing?.cancelledAt) {
      return error(reply, 409, 'RequestClosed', 'The request has been cancelled; the decision cannot change.');
    }
    const now = Date.now();
    const decision: GrenkeDecisionRecord = {
      externalReference,
      target,
      // Until the delay has passed the request waits where it is. A request that was already
      // decided (ReadyToSign or final) and is decided again goes back to being examined.
      heldState: !current ? 'RequestToGrenke' : !isFinalState(current) && current !== 'ReadyToSign' ? current : 'ApplicationReceived',
      decidedAt: new Date(now).toISOString(),
      effectiveAt: new Date(now + delayMs).toISOString(),
    };
    await stores.decisions.put(externalReference, decision);
    request.log.info({ financingId: existing?.FinancingId, target, delayMs }, 'grenke sandbox decision');
    return {
      ExternalReference: externalReference,
      FinancingId: existing?.FinancingId ?? null,
      State: existing ? stateOf(existing, decision) : null,
      Target: target,
      EffectiveAt: decision.effectiveAt,
    };
  });
}

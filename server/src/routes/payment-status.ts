/**
 * GET /api/loan-application/payment/status (spec section 7): what the waiting screen polls every
 * five seconds. Answered from read models of the database (services/payment-status.ts and
 * services/session-reader.ts), never with a provider call; the background poller and provider
 * callbacks keep the database fresh. Outside the session plugin's scope on purpose: a poll does
 * not rewrite the session.
 */
import { parse as parseQuery } from 'fast-querystring';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API, checkInput, fieldMessagesOf, paymentStatusQuerySchema, type z } from '@portal/domain';
import { ApiError } from '../lib/errors';
import { loggerOnUse } from '../lib/logger-on-use';
import { unsafeQueryPath } from '../plugins/input-guard';
import { TooManyRequests } from '../plugins/rate-limits';
import { apiHeaders } from '../plugins/security';
import { applicationNotFound } from '../services/applications';
import { paymentStatusJson, paymentStatusReadModel, type StatusInputs } from '../services/payment-status';
import { sessionSecret } from '../services/session-secret';
import { sessionReader, type SessionViewer } from '../services/session-reader';

const JSON_TYPE = 'application/json; charset=utf-8';

const querySchema = paymentStatusQuerySchema;

/** Whether the application's owner is the session's person (under the current or an earlier lookup key). */
const ownedBy = (inputs: StatusInputs, identity: SessionViewer): boolean =>
  inputs.ownerNationalIdHash !== null && identity.nationalIdHashes.includes(inputs.ownerNationalIdHash);
type Query = z.output<typeof querySchema>;

export default async function paymentStatusRoutes(app: FastifyInstance) {
  const sessions = sessionReader(app, await sessionSecret(app));
  const statuses = paymentStatusReadModel(app);
  // Per session, counted in memory and added to the shared count in batches (ADR 15): no
  // database round trip per poll.
  const polls = app.limits.local('pollPerSession');

  const send = (reply: FastifyReply, inputs: StatusInputs) =>
    // The JSON kept with the status, no serialiser; no-store, as every API answer (plugins/security.ts).
    reply.type(JSON_TYPE).send(paymentStatusJson(inputs));
  /**
   * Only the application's own customer (or signatory) may read it (keyed hashes on both sides,
   * each made once per session and per entry). Anyone else gets what an unknown key gets, 404
   * APPLICATION_NOT_FOUND, and every refusal has read the database once, as an unknown key must:
   * neither the answer nor its timing tells whether the application exists or is being polled.
   */
  const answerOrRefuse = async (reply: FastifyReply, query: Query, identity: SessionViewer | null, inputs: StatusInputs | null, fromDatabase: boolean) => {
    if (identity && inputs && ownedBy(inputs, identity)) return send(reply, inputs);
    if (!fromDatabase) await statuses.load(query.merchantId, query.merchantPaymentReference);
    throw identity ? applicationNotFound() : ApiError.unauthorized();
  };

  // The query is checked in the handler, not by a route schema: a poll whose two values are a
  // key of the status read model needs no check, as only checked (trimmed, not empty, at most
  // 100 characters) values ever became one. Anything else is checked as before, first.
  app.get(API.paymentStatus.pattern, { childLoggerFactory: loggerOnUse }, (request, reply) => {
    const session = sessions.sessionOf(request);
    if (session) {
      const wait = polls.hit(session);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new TooManyRequests(wait);
      }
    }
    const { merchantId, merchantPaymentReference } = request.query as Record<string, unknown>;
    // Nearly every poll finds both in memory: answer in the same tick, like a static route.
    if (typeof merchantId === 'string' && typeof merchantPaymentReference === 'string') {
      const inputs = statuses.cached(merchantId, merchantPaymentReference);
      const identity = inputs && sessions.cachedIdentity(session);
      if (inputs && identity && ownedBy(inputs, identity)) return send(reply, inputs);
    }
    const query = checkInput(querySchema, request.query);
    if (!query.success) throw ApiError.badRequest(fieldMessagesOf(query.error));
    const { data } = query;
    const identity = sessions.cachedIdentity(session);
    // No session (or a cookie we did not sign): 401 at once, for every key alike (no database
    // work for a stranger's poll, and no difference in time between keys to learn from).
    if (identity === null) throw ApiError.unauthorized();
    const inputs = statuses.cached(data.merchantId, data.merchantPaymentReference);
    return Promise.all([
      identity === undefined ? sessions.identity(session) : identity,
      inputs ?? statuses.load(data.merchantId, data.merchantPaymentReference),
    ]).then(([who, what]) => answerOrRefuse(reply, data, who, what, what !== inputs));
  });

  // The ordinary poll, answered before Fastify's routing (lib/hot-paths.ts, ADR 25): the
  // customer's own application, both found in memory, within the poll limit, nothing in the
  // request the input guard refuses. The same checks as the route above, the same answer,
  // headers (plugins/security.ts) and metrics; every other poll goes on to the route, which
  // then counts it against the limit, so each poll is counted once.
  const answered = app.metrics.httpTally('GET', API.paymentStatus.pattern, 200);
  const head = Object.entries({ ...apiHeaders(app.config.publicUrl.startsWith('https://')), 'Content-Type': JSON_TYPE }).flatMap(([name, value]) => [name.toLowerCase(), value]);
  app.hotPaths.add(API.paymentStatus.pattern, (request, response, search) => {
    const started = performance.now();
    const query = search.length === 0 ? {} : (parseQuery(search) as Record<string, unknown>);
    const { merchantId, merchantPaymentReference } = query;
    if (typeof merchantId !== 'string' || typeof merchantPaymentReference !== 'string') return false;
    // The input guard's check of the query. Its check of the headers has nothing to find here:
    // Node's HTTP parser refuses a request whose headers hold U+0000 (or any control character)
    // with 400 before it is a request, and header text is Latin-1, without UTF-16 halves.
    if (unsafeQueryPath(search, query) !== null) return false;
    const session = sessions.sessionOf(request);
    const now = Date.now();
    if (!session || !polls.allows(session, now)) return false;
    const inputs = statuses.cached(merchantId, merchantPaymentReference);
    const identity = inputs && sessions.cachedIdentity(session);
    if (!inputs || !identity || !ownedBy(inputs, identity)) return false;
    polls.hit(session, now);
    const body = paymentStatusJson(inputs, now);
    response.writeHead(200, [...head, 'content-length', String(Buffer.byteLength(body))]);
    response.end(body);
    answered((performance.now() - started) / 1000);
    return true;
  });
}

/**
 * Tests only (AppOptions.checkAnswers): every 2xx JSON answer of the client API is checked
 * against its schema in domain/ (CLIENT_API_ENDPOINTS), so each integration test that calls a
 * route also checks the contract the web app parses with. A JSON answer that does not match,
 * or a JSON route the table does not have, becomes a 500 and an error log line: the test that
 * made the call fails. Production does not pay for the check (ADR 21).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API, clientApiEndpoint } from '@portal/domain';

const CLIENT_API_PREFIX = API.applications.pattern;

export class AnswerContractBroken extends Error {
  constructor(
    readonly route: string,
    readonly problems: string[],
  ) {
    super(`${route}: the answer does not match the client API contract: ${problems.join('; ')}`);
    this.name = 'AnswerContractBroken';
  }
}

/** The problems of an answer to `method path` with `status`; [] when it keeps the contract. */
export function answerProblems(method: string, path: string, status: number, contentType: string, body: string): string[] {
  if (status < 200 || status >= 300 || !contentType.startsWith('application/json')) return [];
  const endpoint = clientApiEndpoint(method, path);
  if (!endpoint) return ['the route is not in CLIENT_API_ENDPOINTS (domain/src/client-api/endpoints.ts)'];
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return ['the body is not JSON'];
  }
  const result = endpoint.response.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
}

export default fp(async function answerContract(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.routeOptions.url;
    // The OpenAPI document describes the API; it is not one of its answers.
    if (!path?.startsWith(CLIENT_API_PREFIX) || path === API.openApi.pattern || typeof payload !== 'string') return payload;
    const contentType = String(reply.getHeader('content-type') ?? '');
    const problems = answerProblems(request.method, path, reply.statusCode, contentType, payload);
    if (problems.length === 0) return payload;
    const error = new AnswerContractBroken(`${request.method} ${path}`, problems);
    request.log.error({ err: error }, 'answer breaks the client API contract');
    reply.code(500);
    throw error;
  });
});

/**
 * The company registry simulator (README.md beside this file): Brønnøysund's open roles for the
 * Norwegian test companies under /no, and Bolagsverket's signing rules as Signicat's Information
 * API answers them under /se (OAuth2 client credentials, then a bearer token). Requests are held
 * to the published shapes (`@portal/contracts`) and refused as the provider would; answers are
 * computed from the test companies; only the provider's tokens are stored.
 */
import { randomBytes } from 'node:crypto';
import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { violations } from '@portal/contracts';
import { authorizationQuery, tokenRequest } from '@portal/contracts/signicat-info/schemas';
import { findTestCompany, isValidNorwegianOrgNumber, isValidSwedishOrgNumber, normaliseSwedishOrgNumber } from '@portal/domain';
import { randomToken, safeEqual, sha256Hex } from '../lib/tokens';
import type { SandboxContext } from '../context';
import { brregRoles, signicatAuthorization } from './listings';

/** Tokens live ten minutes, as the signing service's ([?]). */
const TOKEN_LIFETIME_SECONDS = 600;
const SOURCE = 'se-bolagsverket';

/** Brønnøysund publishes no error body: Spring's default shape ([?]). */
const brregError = (reply: FastifyReply, status: number, error: string, message: string, path: string) =>
  reply.status(status).send({ timestamp: new Date().toISOString(), status, error, message, path });

/** Signicat's problem details, as its SDK reads them ([O] SignicatError.cs: title, detail, type, traceId, invalidParams). */
const problem = (reply: FastifyReply, status: number, title: string, detail: string, invalidParams?: { name: string; reason: string }[]) =>
  reply
    .status(status)
    .type('application/problem+json')
    .send({ type: `https://developer.signicat.com/problems/${title.toLowerCase().replace(/\s+/g, '-')}`, title, detail, traceId: randomBytes(16).toString('hex'), ...(invalidParams ? { invalidParams } : {}) });

/** `path: message` lines of a contract check as problem details' invalid parameters. */
const invalidParamsOf = (problems: readonly string[]) =>
  problems.map((line) => {
    const [path = '', ...reason] = line.split(': ');
    return { name: path.replace(/^\$\.?/, ''), reason: reason.join(': ') };
  });

/** client_secret_basic, or client_secret_post as a courtesy. */
function clientCredentials(authorization: string | undefined, form: Record<string, string | undefined>) {
  if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      try {
        return { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)) };
      } catch {
        return null;
      }
    }
  }
  return form.client_id && form.client_secret ? { clientId: form.client_id, clientSecret: form.client_secret } : null;
}

export default async function simulator(app: FastifyInstance, context: SandboxContext) {
  const tokens = context.records.store<{ clientId: string }>('registry-tokens');

  // Brønnøysundregistrene, Enhetsregisteret: open data, no credentials.
  app.get<{ Params: { orgnr: string } }>('/no/enheter/:orgnr/roller', async (request, reply) => {
    const { orgnr } = request.params;
    if (!/^\d{9}$/.test(orgnr)) {
      return brregError(reply, 400, 'Bad Request', 'Ugyldig organisasjonsnummer', request.url);
    }
    const company = findTestCompany(orgnr);
    if (!company || company.country !== 'NO' || !isValidNorwegianOrgNumber(orgnr)) {
      return brregError(reply, 404, 'Not Found', `Enhet med organisasjonsnummer ${orgnr} finnes ikke`, request.url);
    }
    return brregRoles(company);
  });

  // Bolagsverket through the provider: token first, then the lookup.
  await app.register(async (se) => {
    await se.register(formBody, { bodyLimit: 4096 });

    se.post('/auth/open/connect/token', async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      if (form.grant_type !== 'client_credentials') return reply.status(400).send({ error: 'unsupported_grant_type' });
      // Anything else the published form does not have (another scope, a field it does not know).
      const broken = violations(tokenRequest, form);
      if (broken.length > 0) return reply.status(400).send({ error: 'invalid_request', error_description: broken.join('; ') });
      const presented = clientCredentials(request.headers.authorization, form);
      const expected = context.clients.registry;
      if (!presented || !safeEqual(presented.clientId, expected.clientId) || !safeEqual(presented.clientSecret, expected.clientSecret)) {
        return reply.status(401).send({ error: 'invalid_client' });
      }
      const token = randomToken(32);
      await tokens.put(sha256Hex(token), { clientId: presented.clientId }, TOKEN_LIFETIME_SECONDS);
      // Signicat's token answer ([O] OAuthToken.cs): no scope in it.
      return { access_token: token, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_SECONDS };
    });

    se.get<{ Params: { country: string; id: string }; Querystring: Record<string, string | undefined> }>(
      '/info/lookup/countries/:country/organizations/:id/authorization',
      async (request, reply) => {
        const header = request.headers.authorization;
        const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
        if (!token || !(await tokens.get(sha256Hex(token)))) {
          return reply.status(401).header('WWW-Authenticate', 'Bearer error="invalid_token"').send({ error: 'invalid_token' });
        }
        const broken = violations(authorizationQuery, request.query);
        if (broken.length > 0) return problem(reply, 400, 'Bad Request', 'The query does not have the published parameters.', invalidParamsOf(broken));
        if (request.params.country.toLowerCase() !== 'se' || request.query.source !== SOURCE) {
          return problem(reply, 400, 'Bad Request', `Only country se with source ${SOURCE} is available here.`);
        }
        const id = normaliseSwedishOrgNumber(request.params.id);
        if (!isValidSwedishOrgNumber(id)) return problem(reply, 400, 'Bad Request', 'Invalid organization number.');
        const company = findTestCompany(id);
        if (!company || company.country !== 'SE') return problem(reply, 404, 'Not Found', 'The organization was not found.');
        return signicatAuthorization(company);
      },
    );
  }, { prefix: '/se' });
}

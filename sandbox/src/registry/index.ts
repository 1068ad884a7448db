/**
 * The company registry simulator (README.md beside this file): Brønnøysund's open roles for the
 * Norwegian test companies under /no, and Bolagsverket's signatories as the provider answers them
 * under /se (OAuth2 client credentials, then a bearer token). Answers are computed from the test
 * companies; only the provider's tokens are stored.
 */
import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findTestCompany, isValidNorwegianOrgNumber, isValidSwedishOrgNumber, normaliseSwedishOrgNumber } from '@portal/domain';
import { randomToken, safeEqual, sha256Hex } from '../lib/tokens';
import type { SandboxContext } from '../context';
import { bolagsverketSignatories, brregRoles } from './listings';

/** Tokens live ten minutes, as the signing service's ([?]). */
const TOKEN_LIFETIME_SECONDS = 600;
const SOURCE = 'se-bolagsverket';

/** Brønnøysund answers errors in Spring's default shape ([?]). */
const brregError = (reply: FastifyReply, status: number, error: string, message: string, path: string) =>
  reply.status(status).send({ timestamp: new Date().toISOString(), status, error, message, path });

/** The provider answers problem details, as Signicat's APIs do. */
const problem = (reply: FastifyReply, status: number, title: string, detail: string) =>
  reply.status(status).type('application/problem+json').send({ status, title, detail });

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
      const presented = clientCredentials(request.headers.authorization, form);
      const expected = context.clients.registry;
      if (!presented || !safeEqual(presented.clientId, expected.clientId) || !safeEqual(presented.clientSecret, expected.clientSecret)) {
        return reply.status(401).send({ error: 'invalid_client' });
      }
      const token = randomToken(32);
      await tokens.put(sha256Hex(token), { clientId: presented.clientId }, TOKEN_LIFETIME_SECONDS);
      return { access_token: token, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_SECONDS, scope: form.scope ?? 'signicat-api' };
    });

    se.get<{ Params: { country: string; id: string }; Querystring: { source?: string } }>(
      '/info/lookup/countries/:country/organizations/:id/authorization',
      async (request, reply) => {
        const header = request.headers.authorization;
        const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
        if (!token || !(await tokens.get(sha256Hex(token)))) {
          return reply.status(401).header('WWW-Authenticate', 'Bearer error="invalid_token"').send({ error: 'invalid_token' });
        }
        if (request.params.country.toLowerCase() !== 'se' || request.query.source !== SOURCE) {
          return problem(reply, 400, 'Bad Request', `Only country se with source ${SOURCE} is available here.`);
        }
        const id = normaliseSwedishOrgNumber(request.params.id);
        if (!isValidSwedishOrgNumber(id)) return problem(reply, 400, 'Bad Request', 'Invalid organization number.');
        const company = findTestCompany(id);
        if (!company || company.country !== 'SE') return problem(reply, 404, 'Not Found', 'No organization with that number.');
        return bolagsverketSignatories(company);
      },
    );
  }, { prefix: '/se' });
}

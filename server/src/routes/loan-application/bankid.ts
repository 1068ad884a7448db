/**
 * Identification with Norwegian or Swedish BankID through an OpenID Connect broker (PRODUCT
 * section 2.3; the adapter: providers/bankid). The login's `state`, `nonce` and PKCE verifier are
 * kept in the server session, bound to its cookie: the callback may arrive in another tab of the
 * same browser and still finds them.
 * The SPA starts with a call (POST, answering the broker's address), so it can show a refusal in
 * place; a plain navigation to the same address (GET) starts too, for a link opened in a new tab.
 * Starts are rate-limited per address and per application before anything is kept (ADR 15).
 * The callback is a top-level navigation (GET), so the X-Requested-With rule does not apply.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, Session } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  type CountryCode,
  countryFromParam,
  IDENTIFICATION_MAX_MINUTES,
  type Language,
  type IdentificationStart,
  bankIdStartParamsSchema,
  bankIdStartSchema,
  pagePath,
  PAGES,
} from '@portal/domain';
import { ApiError } from '../../lib/errors';
import { addressKey } from '../../plugins/rate-limits';
import type { BrokerReason } from '../../providers/bankid/client';
import { logIn } from './session';

type PendingIdentification = NonNullable<Session['oidc']>['pending'][number];

/** A BankID login takes minutes; a callback later than this is refused. */
const PENDING_MAX_AGE_MS = IDENTIFICATION_MAX_MINUTES * 60 * 1000;
/** Starts kept per session: a few tabs' worth, so one tab does not cancel another's login. */
const PENDING_MAX = 3;

const startParams = bankIdStartParamsSchema;
/** `lang`: the portal's UI language, which the broker's pages should speak (`ui_locales`). */
const startQuery = bankIdStartSchema;

type Outcome = 'cancelled' | 'failed';

/** The index page again, with the reason, so it can say what happened and offer a retry. */
function identificationPage(outcome: Outcome, country: CountryCode | null, reference: string | undefined, then: 'my-applications' | undefined): string {
  const query = new URLSearchParams();
  if (reference) query.set('reference', reference);
  if (country) query.set('countryCode', country);
  query.set('identification', outcome);
  // Started from the customer's own page: back there, where BankID can be tried again.
  const page = !reference && then === 'my-applications' ? PAGES.myApplications.url() : PAGES.index.url();
  return `${pagePath(page)}?${query.toString()}`;
}

export default async function bankIdRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const broker = app.providers.bankId;

  const fresh = (pending: PendingIdentification) => Date.now() - pending.startedAt < PENDING_MAX_AGE_MS;

  /** Back to the index page with the outcome; the log says why, with the reference only. */
  const fail = (
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: Outcome,
    pending: Pick<PendingIdentification, 'country' | 'reference' | 'then'> | null,
    reason: BrokerReason,
  ) => {
    const country = pending?.country ?? null;
    request.log.warn({ ...reason, outcome, reference: pending?.reference ?? null, country }, 'bankid identification not completed');
    return reply
      .header('Cache-Control', 'no-store')
      .redirect(identificationPage(outcome, country, pending?.reference, pending?.then), 302);
  };

  /**
   * Starts an identification: counted against the client's address and the application first,
   * then the broker's address with the login's secrets kept in the session. A broker that cannot
   * be reached keeps nothing.
   */
  async function begin(
    request: FastifyRequest,
    reply: FastifyReply,
    country: CountryCode,
    reference: string | undefined,
    lang: Language | undefined,
    then?: 'my-applications',
  ): Promise<{ url: URL } | { unreachable: BrokerReason }> {
    await app.limits.check(reply, [
      { limit: 'identificationPerIp', key: addressKey(request.ip) },
      { limit: 'identificationPerApplication', key: reference },
    ]);
    const started = await broker.start(country, lang);
    if (!started.ok) return { unreachable: started.reason };

    const pending: PendingIdentification = { ...started.login, country, ...(reference ? { reference } : {}), ...(then ? { then } : {}), startedAt: Date.now() };
    const earlier = (request.session.oidc?.pending ?? []).filter(fresh);
    request.session.oidc = { pending: [...earlier, pending].slice(-PENDING_MAX) };
    request.log.info({ reference: reference ?? null, country }, 'bankid identification started');
    return { url: started.url };
  }

  /** A navigation: sends the browser to the broker, for the country's BankID. */
  api.get(
    API.bankIdStart.pattern,
    { schema: { params: startParams, querystring: startQuery } },
    async (request, reply) => {
      const country = countryFromParam(request.params.country);
      if (!country) throw ApiError.notFound();
      const { reference, lang, then } = request.query;
      const started = await begin(request, reply, country, reference, lang, then);
      if ('unreachable' in started) return fail(request, reply, 'failed', { country, reference }, started.unreachable);
      return reply.header('Cache-Control', 'no-store').redirect(started.url.href, 302);
    },
  );

  /** The SPA's start: answers the broker's address, or a refusal the page shows in place. */
  api.post(
    API.bankIdStart.pattern,
    { schema: { params: startParams, body: startQuery } },
    async (request, reply): Promise<IdentificationStart> => {
      const country = countryFromParam(request.params.country);
      if (!country) throw ApiError.notFound();
      const { reference, lang, then } = request.body;
      const started = await begin(request, reply, country, reference, lang, then);
      if ('unreachable' in started) {
        request.log.warn(
          { ...started.unreachable, outcome: 'failed', reference: reference ?? null, country },
          'bankid identification not completed',
        );
        throw new ApiError(503, 'WEB_SERVICE_DOWN');
      }
      return { authorizationUrl: started.url.href };
    },
  );

  /** The broker sends the browser back here, with a code or an error. */
  api.get(API.bankIdCallback.pattern, async (request, reply) => {
    const state = new URL(request.url, 'http://callback.invalid').searchParams.get('state');

    const all = request.session.oidc?.pending ?? [];
    const pending = state ? all.find((p) => p.state === state && fresh(p)) : undefined;
    if (!pending) {
      // Unknown, expired or tampered: no login. The latest start still tells where to go back.
      return fail(request, reply, 'failed', all.at(-1) ?? null, { step: 'callback', kind: 'unknown state' });
    }
    // Single use, whatever happens next.
    const rest = all.filter((p) => p !== pending);
    request.session.oidc = rest.length > 0 ? { pending: rest } : undefined;

    const finished = await broker.finish(request.url, pending, pending.country);
    if (!finished.ok) return fail(request, reply, finished.outcome, pending, finished.reason);

    await logIn(request, finished.identity, pending.reference);
    request.log.info({ reference: pending.reference ?? null, method: finished.identity.method }, 'logged in');
    const target = pending.reference
      ? `${pagePath(PAGES.apply.url({ reference: pending.reference }))}?countryCode=${pending.country}`
      : pending.then === 'my-applications'
        ? `${pagePath(PAGES.myApplications.url())}?countryCode=${pending.country}`
        : pagePath(PAGES.index.url());
    return reply.header('Cache-Control', 'no-store').redirect(target, 302);
  });
}

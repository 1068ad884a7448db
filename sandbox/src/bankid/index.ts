/**
 * The BankID broker simulator (PRODUCT section 2.3): a real OpenID Provider, mounted under
 * /sandbox/bankid of this server, with a page that plays the BankID app. See README.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction } from 'oidc-provider';
import {
  COUNTRIES,
  type CountryCode,
  findTestOperator,
  findTestPerson,
  isLanguage,
  type Language,
  languageFromAcceptLanguage,
  normaliseNationalId,
} from '@portal/domain';
import { type ChosenIdentity, chooserPage, confirmPage, messagePage, STYLESHEET_PATH, type TypedInput } from './pages';
import type { SandboxContext } from '../context';
import { type Broker, createBroker } from './provider';
import { type BankIdMethod, methodFor } from './methods';
import { BANKID_CSS } from './styles';
import { operatorChooserPage, operatorSubject } from './operators';

/** Names for a typed number that is no test person's: the countries' own placeholder names. */
const PLACEHOLDER_NAMES: Record<CountryCode, { givenName: string; familyName: string }> = {
  NO: { givenName: 'Ola', familyName: 'Nordmann' },
  SE: { givenName: 'Sven', familyName: 'Svensson' },
};

const NAME_MAX = 100;

type RunningBroker = Broker & { handle: (req: IncomingMessage, res: ServerResponse) => Promise<void> };

const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);

function field(body: unknown, name: string, max = NAME_MAX): string {
  const value = body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

/**
 * The first language of an authorization's `ui_locales` (space-separated BCP 47 tags, in order of
 * preference) that the page speaks; `no` and `nn` are read as bokmål.
 */
function languageOfUiLocales(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  for (const tag of value.trim().split(/\s+/)) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'no' || primary === 'nn' || primary === 'nb') return 'nb';
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/**
 * The page speaks the language the person picked on it (`?lang=`), else the one the service asked
 * for in the authorization (`ui_locales`, as Idura and Signicat take it), else the country's.
 */
function languageOf(request: FastifyRequest, country: CountryCode | null, uiLocales?: unknown): Language {
  const { lang } = request.query as { lang?: unknown };
  if (isLanguage(lang)) return lang;
  const asked = languageOfUiLocales(uiLocales);
  if (asked) return asked;
  return country ? COUNTRIES[country].language : languageFromAcceptLanguage(request.headers['accept-language']);
}

/** A national ID as the person typed it (or a test person's), with names, or null if invalid. */
function chosenIdentity(country: CountryCode, input: TypedInput): ChosenIdentity | null {
  const nationalId = normaliseNationalId(country, input.nationalId);
  if (!nationalId) return null;
  const known = findTestPerson(nationalId);
  const fallback = known ? { givenName: known.firstName, familyName: known.lastName } : PLACEHOLDER_NAMES[country];
  return {
    nationalId,
    givenName: input.givenName || fallback.givenName,
    familyName: input.familyName || fallback.familyName,
  };
}

export default async function bankIdSimulator(app: FastifyInstance, context: SandboxContext) {
  const mount = app.prefix;
  const issuer = `${context.publicUrl}${mount}`;

  // Built on first use: oidc-provider is loaded only when the broker is used, and its keys are
  // read from the store then.
  let broker: Promise<RunningBroker> | null = null;
  const getBroker = () => {
    broker ??= createBroker(app, context, issuer, mount).then(
      (created) => ({ ...created, handle: created.provider.callback() }),
      (error: unknown) => {
        broker = null;
        throw error;
      },
    );
    return broker;
  };

  app.get(STYLESHEET_PATH, (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(BANKID_CSS),
  );

  // The BankID app look-alike: oidc-provider hands the browser over here when it needs a login.
  await app.register(async (scope) => {
    await scope.register(formBody, { bodyLimit: 4096 });

    interface Current {
      provider: Broker['provider'];
      profile: Broker['profile'];
      accounts: Broker['accounts'];
      interaction: Interaction;
      method: BankIdMethod;
      page: { mount: string; uid: string; country: CountryCode; lang: Language };
    }

    /** The interaction of the back office's client: a staff login, not a BankID identification. */
    interface OperatorLogin {
      provider: Broker['provider'];
      operator: true;
      page: { mount: string; uid: string; lang: Language };
    }

    /**
     * The interaction this browser is in (bound to it by the provider's signed cookie), or an
     * answer already sent: the expired page, or the end of an authorization the broker cannot serve.
     */
    async function current(request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply): Promise<Current | OperatorLogin | null> {
      const { provider, profile, accounts, operatorClientId, SessionNotFound } = await getBroker();
      let interaction: Interaction;
      try {
        interaction = await provider.interactionDetails(request.raw, reply.raw);
      } catch (error) {
        if (!(error instanceof SessionNotFound)) throw error;
        request.log.info({ reason: error.error_description }, 'sandbox bankid: no interaction');
        await sendHtml(reply, messagePage({ mount, country: 'NO', lang: languageOf(request, null) }, 'expired'), 400);
        return null;
      }
      if (interaction.uid !== request.params.uid || interaction.prompt.name !== 'login') {
        request.log.info({ prompt: interaction.prompt.name }, 'sandbox bankid: interaction mismatch');
        await sendHtml(reply, messagePage({ mount, country: 'NO', lang: languageOf(request, null) }, 'expired'), 400);
        return null;
      }
      if (operatorClientId !== null && interaction.params.client_id === operatorClientId) {
        return { provider, operator: true, page: { mount, uid: interaction.uid, lang: languageOf(request, null) } };
      }
      const method = methodFor(profile, interaction.params.acr_values);
      if (!method) {
        request.log.info('sandbox bankid: acr_values names no method offered');
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { error: 'invalid_request', error_description: 'acr_values names no e-ID offered by this broker' },
          { mergeWithLastSubmission: false },
        );
        await reply.redirect(returnTo, 303);
        return null;
      }
      const lang = languageOf(request, method.country, interaction.params.ui_locales);
      return { provider, profile, accounts, interaction, method, page: { mount, uid: interaction.uid, country: method.country, lang } };
    }

    type UidRequest = FastifyRequest<{ Params: { uid: string } }>;

    /** A BankID identification's interaction, or an answer already sent (expired, or a staff login). */
    async function bankId(request: UidRequest, reply: FastifyReply): Promise<Current | null> {
      const c = await current(request, reply);
      if (!c) return null;
      if ('operator' in c) {
        await sendHtml(reply, messagePage({ mount, country: 'NO', lang: c.page.lang }, 'expired'), 400);
        return null;
      }
      return c;
    }

    scope.get('/interaction/:uid', async (request: UidRequest, reply) => {
      const c = await current(request, reply);
      if (!c) return reply;
      if ('operator' in c) return sendHtml(reply, operatorChooserPage(c.page));
      return sendHtml(reply, chooserPage(c.page));
    });

    scope.post('/interaction/:uid/operator', async (request: UidRequest, reply) => {
      const c = await current(request, reply);
      if (!c) return reply;
      const operator = findTestOperator(field(request.body, 'operator', 60));
      if (!('operator' in c) || !operator) {
        return sendHtml(reply, messagePage({ mount, country: 'NO', lang: languageOf(request, null) }, 'expired'), 400);
      }
      const returnTo = await c.provider.interactionResult(request.raw, reply.raw, {
        login: { accountId: operatorSubject(operator), remember: false },
      });
      request.log.info({ roles: operator.roles }, 'sandbox broker: operator signed in');
      return reply.redirect(returnTo, 303);
    });

    scope.post('/interaction/:uid/select', async (request: UidRequest, reply) => {
      const c = await bankId(request, reply);
      if (!c) return reply;
      const person = field(request.body, 'person', 20);
      const typed: TypedInput = person
        ? { nationalId: person, givenName: '', familyName: '' }
        : {
            nationalId: field(request.body, 'nationalId', 20),
            givenName: field(request.body, 'givenName'),
            familyName: field(request.body, 'familyName'),
          };
      const identity = chosenIdentity(c.method.country, typed);
      if (!identity) {
        request.log.info({ country: c.method.country }, 'sandbox bankid: invalid national ID typed');
        return sendHtml(reply, chooserPage(c.page, typed, true), 400);
      }
      return sendHtml(reply, confirmPage(c.page, identity));
    });

    scope.post('/interaction/:uid/approve', async (request: UidRequest, reply) => {
      const c = await bankId(request, reply);
      if (!c) return reply;
      const typed: TypedInput = {
        nationalId: field(request.body, 'nationalId', 20),
        givenName: field(request.body, 'givenName'),
        familyName: field(request.body, 'familyName'),
      };
      const identity = chosenIdentity(c.method.country, typed);
      if (!identity) return sendHtml(reply, chooserPage(c.page, typed, true), 400);

      const account = { country: c.method.country, ...identity };
      const sub = c.accounts.subjectOf(account);
      await c.accounts.save(sub, account);
      // Idura names the e-ID in the token's `acr`; Signicat's ID token has no `acr`, the identity
      // provider in `idp` instead, and `amr: ["external"]` (sbid code-examples).
      const login = c.profile === 'signicat' ? { accountId: sub, amr: ['external'], remember: false } : { accountId: sub, acr: c.method.acr, remember: false };
      const returnTo = await c.provider.interactionResult(request.raw, reply.raw, { login });
      // Whether it was a listed test person, never who.
      request.log.info(
        { country: c.method.country, acr: c.method.acr, testPerson: Boolean(findTestPerson(identity.nationalId)) },
        'sandbox bankid: identified',
      );
      return reply.redirect(returnTo, 303);
    });

    scope.post('/interaction/:uid/cancel', async (request: UidRequest, reply) => {
      const c = await current(request, reply);
      if (!c) return reply;
      const returnTo = await c.provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The end-user cancelled the identification.' },
        { mergeWithLastSubmission: false },
      );
      request.log.info({ country: 'operator' in c ? null : c.method.country }, 'sandbox bankid: cancelled');
      return reply.redirect(returnTo, 303);
    });
  });

  // Everything else is oidc-provider's own (discovery, authorization, token, JWKS, userinfo).
  // It is a Koa app: the reply is hijacked and the raw request handed over with the mount path
  // stripped and kept as `originalUrl`, as its docs describe for mounting under a path.
  await app.register(async (scope) => {
    // The provider reads request bodies itself (token requests are form-encoded).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.route({
      method: ['GET', 'POST', 'OPTIONS'],
      url: '/*',
      handler: async (request, reply) => {
        const { handle } = await getBroker();
        const raw: IncomingMessage & { originalUrl?: string } = request.raw;
        const originalUrl = raw.url ?? '';
        if (!originalUrl.startsWith(`${mount}/`)) return reply.status(404).send();
        reply.hijack();
        raw.originalUrl = originalUrl;
        raw.url = originalUrl.slice(mount.length);
        try {
          await handle(raw, reply.raw);
        } finally {
          raw.url = originalUrl;
        }
        return reply;
      },
    });
  });
}

/**
 * The Resurs "version 1" simulator: the SOAP services SimplifiedShopFlowService and
 * AfterShopFlowService (served by node-soap from the WSDL in wsdl.ts), Basic auth, every request
 * held to Resurs' published shape (@portal/contracts/resurs-v1) and refused as Resurs refuses, the
 * BankID-style signing page and Resurs' credit documents. Mounted at /sandbox/resurs-v1; its
 * contract and choices are in README.md beside this file.
 */
import formBody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listen, type IServices, type Server } from 'soap';
import { REQUESTS } from '@portal/contracts/resurs-v1/schemas';
import { readRequest } from '@portal/contracts/resurs-v1/soap';
import { type CountryCode, isLanguage, type Language } from '@portal/domain';
import {
  AFTER_SHOP_FLOW_SERVICE,
  afterShopFlowWsdl,
  NAMESPACES,
  SIMPLIFIED_SHOP_FLOW_SERVICE,
  simplifiedShopFlowWsdl,
} from './wsdl';
import type { SandboxContext } from '../context';
import { safeEqual } from '../lib/tokens';
import { countryLanguage, findPaymentMethod } from './catalogue';
import { CostOfPurchase, termsDocument } from './documents';
import { alertMessage, documentPage, RESURS_CSS, signingMessagePage, signingPage, STYLESHEET_PATH } from './pages';
import { ECommerceError, paymentStore, recordSigning } from './payments';
import { documentUrls, eCommerceErrorDetail, REPRESENTATIVE_COUNTRY_HEADER, soapServices } from './soap-services';
import { RESURS_TEXTS } from './texts';

export const PREFIX = '/sandbox/resurs-v1';

/** bookPayment with many order lines is larger than the portal's JSON limit allows. */
const SOAP_BODY_LIMIT_BYTES = 1024 * 1024;

/** node-soap reads the WSDL asynchronously; the server is ready when its callback runs. */
function soapServer(wsdl: string, services: IServices): Promise<Server> {
  return new Promise((resolve, reject) => {
    listen(null, {
      path: '/',
      services,
      xml: wsdl,
      suppressStack: true,
      callback: (error: unknown, server: Server) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(server)),
    });
  });
}

type Representative = SandboxContext['clients']['resursV1']['accounts'][number];

/** The representative whose Basic auth this is (every account compared, in constant time), or none. */
function representativeOf(header: string | undefined, accounts: readonly Representative[]): Representative | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const matches = accounts.map((account) => {
    const userOk = safeEqual(decoded.slice(0, colon), account.username);
    const passwordOk = safeEqual(decoded.slice(colon + 1), account.password);
    return userOk && passwordOk;
  });
  return accounts[matches.indexOf(true)];
}

const xmlEscape = (value: string) =>
  value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** A SOAP fault carrying an ECommerceError, written as Resurs' published example is. */
function faultEnvelope(error: ECommerceError, faultcode: 'soap:Client' | 'soap:Server', faultstring: string): string {
  const detail = eCommerceErrorDetail(error);
  const fields = Object.entries(detail)
    .map(([key, value]) => `<${key}>${xmlEscape(String(value))}</${key}>`)
    .join('');
  return (
    '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
    `<soap:Fault><faultcode>${faultcode}</faultcode><faultstring>${xmlEscape(faultstring)}</faultstring>` +
    `<detail><ns2:ECommerceError xmlns:ns2="${NAMESPACES.exception}">${fields}</ns2:ECommerceError></detail>` +
    '</soap:Fault></soap:Body></soap:Envelope>'
  );
}

/** The answer to wrong credentials: 401 with a SOAP fault, before any operation runs. */
const authenticationFault = () => faultEnvelope(new ECommerceError('INVALID_AUTHENTICATION'), 'soap:Client', 'INVALID_AUTHENTICATION');

/**
 * What in a request Resurs would not take by its published contract (a required element missing,
 * one out of order or unknown, a value of the wrong type), for the operations the contract
 * covers; null when nothing, or when the operation is not one of them (node-soap answers those).
 * Names elements, never values: the faultstring is for logs.
 */
function contractProblems(service: 'shopFlow' | 'afterShopFlow', xml: string): string[] | null {
  try {
    const request = readRequest(service, xml);
    return REQUESTS[request.operation] && request.problems.length > 0 ? request.problems : null;
  } catch {
    return null;
  }
}

const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
  reply.status(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);

function chosenLanguage(request: FastifyRequest): Language | null {
  const query = request.query as { lang?: unknown };
  const body = request.body as { lang?: unknown } | undefined;
  const lang = body?.lang ?? query.lang;
  return isLanguage(lang) ? lang : null;
}

export default async function resursV1Simulator(app: FastifyInstance, context: SandboxContext) {
  // Absolute addresses for what other parties are given (signing and document links); the
  // pages themselves use root-relative ones, so their CSS and forms stay 'self' under any host name.
  const base = `${context.publicUrl}${PREFIX}`;
  const { accounts } = context.clients.resursV1;
  const store = paymentStore(context.records);
  const services = soapServices({ store, base, log: app.log });

  const endpoints = [
    { name: SIMPLIFIED_SHOP_FLOW_SERVICE, service: 'shopFlow', wsdl: simplifiedShopFlowWsdl(`${base}/${SIMPLIFIED_SHOP_FLOW_SERVICE}`), services: services.shopFlow },
    { name: AFTER_SHOP_FLOW_SERVICE, service: 'afterShopFlow', wsdl: afterShopFlowWsdl(`${base}/${AFTER_SHOP_FLOW_SERVICE}`), services: services.afterShopFlow },
  ] as const;

  // SOAP bodies reach node-soap as the raw XML text.
  app.addContentTypeParser(['text/xml', 'application/soap+xml'], { parseAs: 'string', bodyLimit: SOAP_BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  await app.register(formBody, { bodyLimit: 4096 });

  for (const endpoint of endpoints) {
    const server = await soapServer(endpoint.wsdl, endpoint.services);

    app.get(`/${endpoint.name}`, async (request, reply) => {
      // Public, as Resurs' documentation links its ?wsdl (after-shop-service-api/index.md); the
      // adapter sends its credentials anyway, as Resurs' own library does, and they are not checked.
      if (!Object.keys(request.query as Record<string, unknown>).some((key) => key.toLowerCase() === 'wsdl')) {
        return reply.status(405).header('allow', 'POST').send();
      }
      return reply.type('text/xml; charset=utf-8').send(endpoint.wsdl);
    });

    app.post(`/${endpoint.name}`, async (request, reply) => {
      const representative = representativeOf(request.headers.authorization, accounts);
      if (!representative) {
        return reply
          .status(401)
          .header('www-authenticate', 'Basic realm="Resurs Bank ECommerce"')
          .type('text/xml; charset=utf-8')
          .send(authenticationFault());
      }
      const xml = typeof request.body === 'string' ? request.body : '';
      const problems = contractProblems(endpoint.service, xml);
      if (problems) {
        // Resurs refuses what breaks its schema as it refuses any argument: ECommerceError ILLEGAL_ARGUMENT.
        const fault = faultEnvelope(new ECommerceError('ILLEGAL_ARGUMENT', representative.country), 'soap:Server', problems.join('; '));
        return reply.status(500).type('text/xml; charset=utf-8').send(fault);
      }
      const headers = { ...request.headers, [REPRESENTATIVE_COUNTRY_HEADER]: representative.country };
      const answer = await server.processRequest(xml, { url: request.url, method: 'POST', headers });
      return reply.status(answer.statusCode).type('text/xml; charset=utf-8').send(answer.body);
    });
  }

  app.get(STYLESHEET_PATH, (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(RESURS_CSS),
  );

  // The signing step the customer is sent to by bookPayment's signingUrl.
  const signPath = (paymentId: string) => `${PREFIX}/sign/${encodeURIComponent(paymentId)}`;
  const notFound = (reply: FastifyReply, lang: Language | null, paymentId: string) => {
    const shown = lang ?? 'en';
    const country: CountryCode = shown === 'nb' ? 'NO' : 'SE';
    const t = RESURS_TEXTS[shown].signing;
    return sendHtml(reply, signingMessagePage({ lang: shown, country, base: PREFIX, path: signPath(paymentId), title: t.notFoundTitle, message: t.notFound }), 404);
  };
  const inactive = (reply: FastifyReply, lang: Language, country: CountryCode, paymentId: string) => {
    const t = RESURS_TEXTS[lang].signing;
    return sendHtml(reply, signingMessagePage({ lang, country, base: PREFIX, path: signPath(paymentId), title: t.inactiveTitle, message: t.inactive }), 409);
  };

  app.get<{ Params: { paymentId: string } }>('/sign/:paymentId', async (request, reply) => {
    const { paymentId } = request.params;
    const payment = await store.get(paymentId);
    const chosen = chosenLanguage(request);
    if (!payment) return notFound(reply, chosen, paymentId);
    const lang = chosen ?? countryLanguage(payment.countryCode);
    if (payment.stage !== 'SIGNING') return inactive(reply, lang, payment.countryCode, paymentId);
    const method = findPaymentMethod(payment.paymentMethodId);
    return sendHtml(
      reply,
      signingPage({
        lang,
        base: PREFIX,
        view: {
          paymentId,
          country: payment.countryCode,
          currency: method?.currency ?? (payment.countryCode === 'NO' ? 'NOK' : 'SEK'),
          // The name only: the national identity number is never shown.
          customerName: `${payment.customer.firstName} ${payment.customer.lastName}`,
          amount: payment.amount,
          // Resurs is told no payment plan (with part payment the customer chooses it on the first
          // payment slip): the page shows the credit, not a plan.
          duration: null,
          monthlyPayment: null,
        },
      }),
    );
  });

  app.post<{ Params: { paymentId: string }; Body: { action?: string; lang?: string } | undefined }>('/sign/:paymentId', async (request, reply) => {
    const { paymentId } = request.params;
    const action = request.body?.action;
    const payment = await store.get(paymentId);
    const chosen = chosenLanguage(request);
    if (!payment) return notFound(reply, chosen, paymentId);
    const lang = chosen ?? countryLanguage(payment.countryCode);
    if (action !== 'approve' && action !== 'cancel') return reply.redirect(`${signPath(paymentId)}?lang=${lang}`, 303);
    try {
      const signed = await recordSigning(store, paymentId, action === 'approve' ? 'signed' : 'cancelled');
      if (!signed) return notFound(reply, chosen, paymentId);
      return reply.redirect(action === 'approve' ? signed.signing.successUrl : signed.signing.failUrl, 303);
    } catch (error) {
      if (error instanceof ECommerceError) return inactive(reply, lang, payment.countryCode, paymentId);
      throw error;
    }
  });

  // The documents behind getPaymentMethods' legalInfoLinks and the cost table's links.
  app.get<{ Params: { document: string }; Querystring: Record<string, string | undefined> }>('/documents/:document', async (request, reply) => {
    const { document } = request.params;
    const query = request.query;
    const method = findPaymentMethod(query.paymentMethodId ?? '');
    const chosen = chosenLanguage(request);
    const path = `${PREFIX}/documents/${encodeURIComponent(document)}`;
    if (!method || !['secci', 'general-terms', 'price-info'].includes(document)) {
      const shown = chosen ?? 'en';
      const t = RESURS_TEXTS[shown].documents;
      return sendHtml(reply, documentPage({ lang: shown, base: PREFIX, path, title: t.notFoundTitle, body: alertMessage(t.notFound) }), 404);
    }
    const lang = chosen ?? countryLanguage(method.countryCode);
    const requestedAmount = Number(query.amount);
    // Without an amount (the general terms link), the figures are for a representative 10 000.
    const amount = Number.isFinite(requestedAmount) && requestedAmount > 0 ? requestedAmount : 10_000;
    const duration = Number(query.duration);
    const context = { method, amount, duration: Number.isInteger(duration) && duration > 0 ? duration : null, lang, customerName: null };
    const t = RESURS_TEXTS[lang].documents;
    const pageQuery = new URLSearchParams({ paymentMethodId: method.id, amount: String(amount) });
    const urls = documentUrls(base, method);
    if (document === 'price-info') {
      const body = CostOfPurchase({ method, amount, lang, links: { secci: `${urls.secci}${amount}`, generalTerms: urls.generalTerms } });
      return sendHtml(reply, documentPage({ lang, base: PREFIX, path: `${path}?${pageQuery.toString()}`, title: t.priceInfo, body }));
    }
    const terms = termsDocument(document === 'secci' ? 'ISEKKI_NEW_ACCOUNT' : 'COMMON', context);
    return sendHtml(reply, documentPage({ lang, base: PREFIX, path: `${path}?${pageQuery.toString()}`, title: terms.title, body: terms.element }));
  });
}

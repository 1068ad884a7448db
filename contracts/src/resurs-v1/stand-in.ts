/**
 * A stand-in for Resurs v1 built from its published material, for the server's tests: both
 * services at `<url>/SimplifiedShopFlowService` and `<url>/AfterShopFlowService`, each request
 * checked against the published contract (operation list, namespaces, element order and
 * occurrence: soap.ts), and answered with a published example (fixtures/*.json) or a fault.
 *
 * The one part not from Resurs: the WSDL served at `?wsdl`, which a SOAP client needs to build
 * its calls. Resurs publishes none as a file (its documentation links to the test service's
 * `?wsdl`, which needs an account), so the caller hands one in, and its tests hold that WSDL to
 * the published operation list and element orders.
 */
import { standIn, type StandIn, type StandInAnswer, type StandInRequest, type StandInRoute } from '../stand-in';
import { RESURS_V1_NAMESPACES, RESURS_V1_SERVICES, type ResursV1Service } from './operations';
import { readRequest } from './soap';
import type { XmlValue } from './xml';

export interface SoapCall {
  service: ResursV1Service;
  operation: string;
  args: XmlValue;
  request: StandInRequest;
}

/** An answer: a published example's XML and its HTTP status. */
export interface SoapReply {
  status: number;
  xml: string;
}

export interface ResursV1StandInOptions {
  /** The WSDL of each service, served at `<service>?wsdl`. */
  wsdl: Readonly<Record<ResursV1Service, string>>;
  /** The answer to each operation; an operation without one is answered with an INTERNAL_ERROR fault. */
  answers: Readonly<Partial<Record<string, SoapReply | ((call: SoapCall) => SoapReply)>>>;
}

export interface ResursV1StandIn extends StandIn {
  /** Every SOAP call, in order, read. */
  calls: SoapCall[];
}

const escape = (value: string) => value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/**
 * A fault in Resurs' published form [V resurs-error-codes.md:45-62]. Used for what Resurs
 * documents no answer to (a request it would not take, an operation without an example here).
 */
export function eCommerceFault(errorTypeId: number, errorTypeDescription: string, faultstring: string): string {
  return (
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>' +
    `<faultcode>soap:Server</faultcode><faultstring>${escape(faultstring)}</faultstring>` +
    `<detail><ns2:ECommerceError xmlns:ns2="${RESURS_V1_NAMESPACES.exception}">` +
    `<errorTypeDescription>${escape(errorTypeDescription)}</errorTypeDescription><errorTypeId>${errorTypeId}</errorTypeId>` +
    `<fixableByYou>${errorTypeId === 3 ? 'false' : 'true'}</fixableByYou><userErrorMessage>${escape(faultstring)}</userErrorMessage>` +
    '</ns2:ECommerceError></detail></soap:Fault></soap:Body></soap:Envelope>'
  );
}

const xmlAnswer = (reply: SoapReply): StandInAnswer => ({ status: reply.status, raw: reply.xml, headers: { 'content-type': 'text/xml; charset=utf-8' } });

export async function resursV1StandIn(options: ResursV1StandInOptions): Promise<ResursV1StandIn> {
  const calls: SoapCall[] = [];
  // The stand-in's own list of what broke the contract, filled once it exists.
  let problems: string[] = [];
  const routes: StandInRoute[] = (Object.keys(RESURS_V1_SERVICES) as ResursV1Service[]).flatMap((service) => [
    {
      method: 'GET',
      path: `/${RESURS_V1_SERVICES[service]}`,
      answer: (request): StandInAnswer =>
        [...request.query.keys()].some((key) => key.toLowerCase() === 'wsdl')
          ? { status: 200, raw: options.wsdl[service], headers: { 'content-type': 'text/xml; charset=utf-8' } }
          : { status: 405, headers: { allow: 'POST' } },
    },
    {
      method: 'POST',
      path: `/${RESURS_V1_SERVICES[service]}`,
      answer: (request): StandInAnswer => {
        let read: ReturnType<typeof readRequest>;
        try {
          read = readRequest(service, request.text);
        } catch (error) {
          problems.push(`POST /${RESURS_V1_SERVICES[service]}: ${error instanceof Error ? error.message : String(error)}`);
          return xmlAnswer({ status: 500, xml: eCommerceFault(1, 'ILLEGAL_ARGUMENT', 'not a SOAP envelope') });
        }
        const call: SoapCall = { service, operation: read.operation, args: read.args, request };
        calls.push(call);
        if (read.problems.length > 0) {
          problems.push(...read.problems.map((problem) => `${RESURS_V1_SERVICES[service]} ${problem}`));
          return xmlAnswer({ status: 500, xml: eCommerceFault(1, 'ILLEGAL_ARGUMENT', read.problems.join('; ')) });
        }
        const reply = options.answers[read.operation];
        if (!reply) return xmlAnswer({ status: 500, xml: eCommerceFault(3, 'INTERNAL_ERROR', `no example for ${read.operation}`) });
        return xmlAnswer(typeof reply === 'function' ? reply(call) : reply);
      },
    },
  ]);
  const server = await standIn(routes);
  problems = server.violations;
  return Object.assign(server, { calls });
}

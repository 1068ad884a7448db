/**
 * Reading Resurs v1 SOAP messages against the published shapes (schemas.ts): what a client sent
 * (its operation, in which namespace, with which elements), what an answer or a fault holds.
 * For the stand-in, the simulator's refusals and the tests.
 */
import { violations } from '../index';
import { isPublishedOperation, RESURS_V1_NAMESPACES, responseElementOf, type ResursV1Service } from './operations';
import { ANSWERS, fault, REQUESTS } from './schemas';
import { asObject, descendants, soapBody, toValue, type XmlValue } from './xml';

export interface SoapRequest {
  operation: string;
  /** The operation element's content, as the schemas read it. */
  args: XmlValue;
  /** What breaks the published contract, one line each; [] when nothing does. */
  problems: string[];
}

/**
 * What a client asked `service` for, and what in it Resurs would not take: an operation the
 * service does not have or in another namespace, a child element in a namespace (Resurs' are
 * unqualified: `<paymentData xmlns="">` in bookpayment.md), a request that breaks its schema.
 * Throws when the text is not a SOAP envelope.
 */
export function readRequest(service: ResursV1Service, xml: string): SoapRequest {
  const element = soapBody(xml);
  const operation = element.name;
  const problems: string[] = [];
  if (!isPublishedOperation(service, operation)) problems.push(`${operation}: not an operation of Resurs' ${service}`);
  if (element.namespace !== RESURS_V1_NAMESPACES[service]) {
    problems.push(`${operation}: in namespace "${element.namespace}", not ${RESURS_V1_NAMESPACES[service]}`);
  }
  for (const child of descendants(element)) {
    if (child.namespace !== '') problems.push(`${child.name}: qualified with "${child.namespace}"; Resurs' elements are unqualified`);
  }
  const args = toValue(element);
  const schema = REQUESTS[operation];
  if (schema) problems.push(...violations(schema, args).map((problem) => `${operation}${problem.slice(1)}`));
  else if (isPublishedOperation(service, operation)) problems.push(`${operation}: not one of the calls this contract covers`);
  return { operation, args, problems };
}

/** An answer's response element: its name and content. Throws when the text is not a SOAP envelope. */
export function readAnswer(xml: string): { element: string; value: XmlValue; fault: boolean } {
  const element = soapBody(xml);
  return { element: element.name, value: element.name === 'Fault' ? toValue(element) : asObject(toValue(element)), fault: element.name === 'Fault' };
}

/** What in `xml`, the answer to `operation`, breaks the published answer (or fault) shape. */
export function answerProblems(operation: string, xml: string): string[] {
  const answer = readAnswer(xml);
  if (answer.fault) return violations(fault, answer.value);
  const expected = responseElementOf(operation);
  if (answer.element !== expected) return [`${answer.element}: the answer to ${operation} is ${expected}`];
  const schema = ANSWERS[operation];
  return schema ? violations(schema, answer.value) : [`${operation}: not one of the calls this contract covers`];
}

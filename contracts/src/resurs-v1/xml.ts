/**
 * Just enough XML to read SOAP 1.1 messages as Resurs publishes them: elements with their
 * namespaces, attributes, text (entities decoded, CDATA kept), comments and the XML declaration
 * skipped. A DOCTYPE is refused (SOAP 1.1 §3 forbids one), and so is anything not well-formed.
 *
 * `toValue` turns an element into the plain value the schemas check: a leaf is its text (every
 * XML value is text: `10.00`, `true`), an element with children an object of them in document
 * order (a repeated name becomes a list), an element marked `xsi:nil="true"` null. So the
 * published examples and what a client or simulator sends can be held to the same zod schemas.
 */

export const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
export const SOAP_ENVELOPE = 'http://schemas.xmlsoap.org/soap/envelope/';

export interface XmlElement {
  /** The local name, without its prefix. */
  name: string;
  /** The namespace its prefix (or the default namespace) stands for; '' for none. */
  namespace: string;
  /** Attributes as written (qualified names), `xmlns` declarations included. */
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The text directly inside it, entities decoded. */
  text: string;
  /** `xsi:nil="true"`. */
  nil: boolean;
}

export type XmlValue = string | null | XmlValue[] | { [name: string]: XmlValue };

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&([^;\s&]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new Error(`not well-formed XML: a bare "&" before "${name.slice(0, 10)}"`);
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    const known = ENTITIES[name];
    if (known === undefined) throw new Error(`not well-formed XML: unknown entity &${name};`);
    return known;
  });
}

const NAME = /[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/y;
const TAG_END = /\s*(\/?)>/y;
const ATTRIBUTE = /\s*([A-Za-z_][\w.:-]*)\s*=\s*("([^"]*)"|'([^']*)')/y;

function splitName(qualified: string): { prefix: string; local: string } {
  const colon = qualified.indexOf(':');
  return colon < 0 ? { prefix: '', local: qualified } : { prefix: qualified.slice(0, colon), local: qualified.slice(colon + 1) };
}

interface Open {
  element: XmlElement;
  qualified: string;
  scope: Map<string, string>;
}

/** The document's root element. Throws on XML that is not well-formed. */
export function parseXml(xml: string): XmlElement {
  const source = xml.replace(/^\uFEFF/, '');
  const stack: Open[] = [];
  let root: XmlElement | undefined;
  let i = 0;
  const append = (text: string) => {
    const top = stack[stack.length - 1];
    if (top) top.element.text += text;
    else if (text.trim() !== '') throw new Error('not well-formed XML: text outside the root element');
  };
  while (i < source.length) {
    const lt = source.indexOf('<', i);
    if (lt < 0) {
      append(decode(source.slice(i)));
      break;
    }
    if (lt > i) append(decode(source.slice(i, lt)));
    if (source.startsWith('<?', lt)) {
      const end = source.indexOf('?>', lt);
      if (end < 0) throw new Error('not well-formed XML: unclosed processing instruction');
      i = end + 2;
    } else if (source.startsWith('<!--', lt)) {
      const end = source.indexOf('-->', lt);
      if (end < 0) throw new Error('not well-formed XML: unclosed comment');
      i = end + 3;
    } else if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt);
      if (end < 0) throw new Error('not well-formed XML: unclosed CDATA section');
      append(source.slice(lt + 9, end));
      i = end + 3;
    } else if (source.startsWith('<!', lt)) {
      throw new Error('a DOCTYPE is not allowed in a SOAP message');
    } else if (source.startsWith('</', lt)) {
      const end = source.indexOf('>', lt);
      if (end < 0) throw new Error('not well-formed XML: unclosed end tag');
      const name = source.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (!open || open.qualified !== name) throw new Error(`not well-formed XML: </${name}> closes ${open ? `<${open.qualified}>` : 'nothing'}`);
      i = end + 1;
    } else {
      NAME.lastIndex = lt + 1;
      const nameMatch = NAME.exec(source);
      if (!nameMatch) throw new Error('not well-formed XML: a tag without a name');
      const qualified = nameMatch[0];
      let at = lt + 1 + qualified.length;
      const attributes: Record<string, string> = {};
      for (;;) {
        ATTRIBUTE.lastIndex = at;
        const match = ATTRIBUTE.exec(source);
        if (!match) break;
        const [whole, attribute = '', , doubleQuoted, singleQuoted] = match;
        attributes[attribute] = decode(doubleQuoted ?? singleQuoted ?? '');
        at += whole.length;
      }
      TAG_END.lastIndex = at;
      const rest = TAG_END.exec(source);
      if (!rest) throw new Error(`not well-formed XML: <${qualified}> is not closed`);
      i = at + rest[0].length;
      const scope = new Map(stack[stack.length - 1]?.scope ?? []);
      for (const [attribute, value] of Object.entries(attributes)) {
        if (attribute === 'xmlns') scope.set('', value);
        else if (attribute.startsWith('xmlns:')) scope.set(attribute.slice(6), value);
      }
      const { prefix, local } = splitName(qualified);
      const namespace = scope.get(prefix);
      if (namespace === undefined && prefix !== '') throw new Error(`not well-formed XML: the prefix "${prefix}" is not declared`);
      const nil = Object.entries(attributes).some(([attribute, value]) => {
        const name = splitName(attribute);
        return name.local === 'nil' && name.prefix !== '' && scope.get(name.prefix) === XSI && (value === 'true' || value === '1');
      });
      const element: XmlElement = { name: local, namespace: namespace ?? '', attributes, children: [], text: '', nil };
      const parent = stack[stack.length - 1];
      if (parent) parent.element.children.push(element);
      else if (root) throw new Error('not well-formed XML: more than one root element');
      else root = element;
      if (rest[1] !== '/') stack.push({ element, qualified, scope });
    }
  }
  if (stack.length > 0) throw new Error(`not well-formed XML: <${stack[stack.length - 1]?.qualified ?? ''}> is not closed`);
  if (!root) throw new Error('not well-formed XML: no root element');
  return root;
}

/** The element as the schemas read it (see the header). */
export function toValue(element: XmlElement): XmlValue {
  if (element.nil) return null;
  if (element.children.length === 0) return element.text;
  const object: { [name: string]: XmlValue } = {};
  for (const child of element.children) {
    const value = toValue(child);
    const known = Object.hasOwn(object, child.name) ? object[child.name] : undefined;
    // One element's value is never a list, so a list here is the name repeated before.
    const next = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
    Object.defineProperty(object, child.name, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

/** Every element below `element` (not itself), depth first. */
export function descendants(element: XmlElement): XmlElement[] {
  return element.children.flatMap((child) => [child, ...descendants(child)]);
}

/** The SOAP Body's first element: the operation or its response, or a Fault. */
export function soapBody(xml: string): XmlElement {
  const envelope = parseXml(xml);
  if (envelope.name !== 'Envelope' || envelope.namespace !== SOAP_ENVELOPE) throw new Error('not a SOAP 1.1 envelope');
  const body = envelope.children.find((child) => child.name === 'Body' && child.namespace === SOAP_ENVELOPE);
  const first = body?.children[0];
  if (!first) throw new Error('the SOAP envelope has an empty Body');
  return first;
}

/** An object value (an element with children, or an empty element read as no children). */
export function asObject(value: XmlValue): { [name: string]: XmlValue } {
  if (value === '' || value === null) return {};
  if (typeof value === 'object' && !Array.isArray(value)) return value;
  throw new Error('expected an element with child elements');
}

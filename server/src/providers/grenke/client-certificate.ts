/**
 * GRENKE accepts only mutual TLS: every call carries the portal's client certificate. Node's
 * fetch takes an undici dispatcher, but Node 20 does not export undici's Agent, and the `undici`
 * package is not a dependency of the server (it is only in node_modules through jsdom, for the
 * web tests). Node's fetch does register its own Agent as the global dispatcher under a
 * well-known symbol (`Symbol.for('undici.globalDispatcher.1')`, shared on purpose so that
 * `setGlobalDispatcher` of the npm package reaches Node's fetch). Node 20 to 24 keep it under
 * `.1`; Node 26's undici keeps it under `.2` and leaves a compatibility wrapper under `.1`. Its
 * constructor is the Agent of the undici that Node bundles, so an Agent made from it speaks the
 * same dispatcher protocol as the fetch that uses it (an Agent of another undici major may not).
 */
import { readFile } from 'node:fs/promises';
import type { Agent, Dispatcher } from 'undici-types';

/** Newest first: the dispatcher Node's fetch itself uses. */
const GLOBAL_DISPATCHERS = [Symbol.for('undici.globalDispatcher.2'), Symbol.for('undici.globalDispatcher.1')];

export interface TlsFiles {
  /** The client certificate and its key (PEM); GRENKE requires both. */
  certFile?: string | undefined;
  keyFile?: string | undefined;
  /** Extra CA certificates (PEM) to trust besides the system's, e.g. a private UAT CA or a test CA. */
  caFile?: string | undefined;
  /** The settings the files come from, for the message when one cannot be read (GRENKE issues one certificate per country). */
  settings?: { cert: string; key: string };
}

async function bundledAgentClass(): Promise<typeof Agent> {
  // Node loads its undici lazily, on the first fetch; a data: URL loads it without any network.
  await (await fetch('data:,')).arrayBuffer();
  const dispatcher: unknown = GLOBAL_DISPATCHERS.map((key) => Reflect.get(globalThis, key)).find((value) => value !== undefined);
  const ctor: unknown = typeof dispatcher === 'object' && dispatcher !== null ? dispatcher.constructor : undefined;
  // Someone may have installed another dispatcher (a proxy, a mock): then there is no Agent to copy.
  if (typeof ctor !== 'function' || ctor.name !== 'Agent' || typeof Reflect.get(ctor.prototype as object, 'dispatch') !== 'function') {
    throw new Error('GRENKE client certificate: this Node.js has no undici Agent behind fetch');
  }
  return ctor as typeof Agent;
}

/** An undici Agent that presents the client certificate on every TLS connection. */
export async function clientCertificateDispatcher(files: TlsFiles): Promise<Dispatcher> {
  const read = async (file: string, variable: string) => {
    try {
      return await readFile(file);
    } catch {
      // Name the setting, never the file's content.
      throw new Error(`${variable}: cannot read ${file}`);
    }
  };
  const [cert, key, ca] = await Promise.all([
    files.certFile ? read(files.certFile, files.settings?.cert ?? 'GRENKE_CLIENT_CERT_FILE') : undefined,
    files.keyFile ? read(files.keyFile, files.settings?.key ?? 'GRENKE_CLIENT_KEY_FILE') : undefined,
    files.caFile ? read(files.caFile, 'GRENKE CA file') : undefined,
  ]);
  const AgentClass = await bundledAgentClass();
  return new AgentClass({
    connect: {
      ...(cert && key ? { cert, key } : {}),
      ...(ca ? { ca: [...(await systemCertificates()), ca.toString()] } : {}),
    },
  });
}

/** Node's own CA list, so that adding a private CA does not drop the public ones. */
async function systemCertificates(): Promise<string[]> {
  const { rootCertificates } = await import('node:tls');
  return [...rootCertificates];
}

/**
 * Which exact document a consent linked to (ADR 13). The portal's own documents (general terms,
 * privacy policies: PDFs under `web/public/documents/`, served from the built app) are read once
 * per process, as served, and identified by their SHA-256 and the version in their metadata; a
 * copy of each is kept in the database the first time a consent links to it. A page of another
 * party (GRENKE's leasing terms) cannot be fetched and hashed at that moment: its record holds
 * the URL and the version the operator configured (LEASING_TERMS_VERSION_NO/SE), and says so.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { type CountryCode, leasingTermsUrl, SPA_BASE } from '@portal/domain';
import { repoRoot } from '../config';

export interface ConsentDocument {
  /** The link as the customer saw it. */
  url: string;
  /** The link's label in the customer's language. */
  title: string;
  /** The document's own version (a portal PDF's modification date), or what the operator configured. */
  version: string | null;
  /** SHA-256 (hex) of the bytes served; null for another party's page, which the portal cannot read. */
  sha256: string | null;
  source: 'portal' | 'external';
}

export interface PortalDocument {
  url: string;
  sha256: string;
  version: string | null;
  content: Buffer;
}

const DOCUMENTS_PREFIX = `${SPA_BASE}/documents/`;

export const isPortalDocument = (url: string): boolean => url.startsWith(DOCUMENTS_PREFIX);

/** The folder the documents are served from: the built app's, else the source (tests, development). */
function documentsDir(webDistDir: string): string {
  const served = join(webDistDir, 'documents');
  return existsSync(served) ? served : join(repoRoot(), 'web', 'public', 'documents');
}

/** A PDF's own version: its modification (else creation) date, as the generator writes it. */
async function pdfVersion(content: Buffer): Promise<string | null> {
  try {
    const pdf = await PDFDocument.load(content, { updateMetadata: false });
    const date = pdf.getModificationDate() ?? pdf.getCreationDate();
    return date ? date.toISOString() : null;
  } catch {
    return null;
  }
}

async function readPortalDocument(dir: string, url: string): Promise<PortalDocument> {
  const content = await readFile(join(dir, basename(url)));
  return { url, sha256: createHash('sha256').update(content).digest('hex'), version: await pdfVersion(content), content };
}

const loaded = new WeakMap<FastifyInstance, Map<string, Promise<PortalDocument>>>();

/**
 * A portal document as it is served, read once per process (the files do not change while it
 * runs: a new version comes with a new release, and so a new start).
 */
export function portalDocument(app: FastifyInstance, url: string): Promise<PortalDocument> {
  let documents = loaded.get(app);
  if (!documents) {
    documents = new Map();
    loaded.set(app, documents);
  }
  let document = documents.get(url);
  if (!document) {
    document = readPortalDocument(documentsDir(app.config.webDistDir), url);
    // A file that could not be read is tried again on the next consent, not remembered as missing.
    document.catch(() => documents?.delete(url));
    documents.set(url, document);
  }
  return document;
}

/** What a consent records of each linked document. */
export async function consentDocuments(
  app: FastifyInstance,
  country: CountryCode,
  files: readonly { link: string; label: string }[],
): Promise<{ documents: ConsentDocument[]; portal: PortalDocument[] }> {
  const documents: ConsentDocument[] = [];
  const portal: PortalDocument[] = [];
  for (const file of files) {
    if (isPortalDocument(file.link)) {
      const document = await portalDocument(app, file.link);
      portal.push(document);
      documents.push({ url: file.link, title: file.label, version: document.version, sha256: document.sha256, source: 'portal' });
    } else {
      const version = file.link === leasingTermsUrl(country) ? app.config.leasingTermsVersions[country] : null;
      documents.push({ url: file.link, title: file.label, version, sha256: null, source: 'external' });
    }
  }
  return { documents, portal };
}

const kept = new WeakMap<FastifyInstance, Set<string>>();

/**
 * Whether this process already saw a copy of the document version committed to the database:
 * the copy (tens of kilobytes) is then not sent again with every consent.
 */
export function documentKept(app: FastifyInstance, sha256: string): boolean {
  return kept.get(app)?.has(sha256) ?? false;
}

export function markDocumentKept(app: FastifyInstance, sha256: string): void {
  const set = kept.get(app) ?? new Set<string>();
  set.add(sha256);
  kept.set(app, set);
}

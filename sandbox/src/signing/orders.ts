/**
 * The signing simulator's state: documents, orders and signed results in the sandbox store,
 * never in memory. Expiry is computed when asked (no timers): a task still Created after its
 * daysToLive is Expired.
 */
import { findTestPerson, isLanguage, type Language } from '@portal/domain';
import { sha256Hex } from '../lib/tokens';
import type { SandboxRecords } from '../records';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Statuses as the page speaks of them; the API writes them in upper case (`wireStatus`). */
export type StoredTaskStatus = 'Created' | 'Completed' | 'Rejected' | 'Deleted';
export type TaskStatus = StoredTaskStatus | 'Expired';
export type PackagingTaskStatus = 'Created' | 'Completed' | 'Failed';
export type Look = 'NO' | 'SE';

export interface SigningTaskRecord {
  id: string;
  language: string;
  daysToLive: number;
  documents: { id: string; description: string | null; action: string; source: string; documentRef: string }[];
  signatureMethods: { name: string | null; type: string | null }[];
  /**
   * The person the task is for: the `national-id` subject attribute's value, the one national ID
   * that may sign it, and the attributes as sent (echoed in the order, as Signicat does).
   */
  subject: { id: string | null; nationalId: string | null; attributes?: { name: string; value: string; methods: string[] | null }[] | undefined };
  onTaskComplete: string;
  onTaskReject: string;
  onTaskPostpone: string;
  status: StoredTaskStatus;
  /** Set when the signer signs: the name their e-ID gave and when. */
  signature?: { name: string; signedAt: string } | undefined;
  rejectedAt?: string | undefined;
}

export interface PackagingTaskRecord {
  id: string;
  method: string;
  documents: { taskId: string; documentIds: string[] }[];
  status: PackagingTaskStatus;
  completedAt?: string | undefined;
}

export interface SigningOrderRecord {
  id: string;
  clientReference: string;
  createdAt: string;
  daysUntilDeletion: number | null;
  tasks: SigningTaskRecord[];
  packagingTasks: PackagingTaskRecord[];
  deletedAt?: string | undefined;
}

export interface SigningDocumentRecord {
  pdfBase64: string;
  uploadedAt: string;
}

export const SIGNING_NAMESPACES = {
  documents: 'signing-documents',
  orders: 'signing-orders',
  results: 'signing-results',
  tokens: 'signing-tokens',
} as const;

export function signingStores(records: SandboxRecords) {
  return {
    documents: records.store<SigningDocumentRecord>(SIGNING_NAMESPACES.documents),
    orders: records.store<SigningOrderRecord>(SIGNING_NAMESPACES.orders),
    results: records.store<SigningDocumentRecord>(SIGNING_NAMESPACES.results),
    tokens: records.store<{ clientId: string }>(SIGNING_NAMESPACES.tokens),
  };
}

const uuidFrom = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;

/**
 * The id follows from the client reference, so that the same reference always answers the same
 * order, even when two creations race (they land on one record).
 */
export function orderIdFor(clientReference: string): string {
  return uuidFrom(sha256Hex(`signing-order:${clientReference}`));
}

export const resultId = (orderId: string, packagingTaskId: string) => `${orderId}/${packagingTaskId}`;

export function taskStatusOf(order: SigningOrderRecord, task: SigningTaskRecord, now = Date.now()): TaskStatus {
  if (task.status === 'Created' && now >= Date.parse(order.createdAt) + task.daysToLive * DAY_MS) return 'Expired';
  return task.status;
}

/** A status word as Signicat's API writes it: upper case (signicat-net Mapper.cs:35, TaskStatus, PackagingTaskStatus). */
export const wireStatus = (status: TaskStatus | PackagingTaskStatus) => status.toUpperCase();

/**
 * Whether the person a BankID identified may act on the task: the one its `national-id` subject
 * attribute names, compared digit by digit. A task without one binds no one.
 */
export function isBoundSigner(task: SigningTaskRecord, identified: string): boolean {
  const bound = task.subject.nationalId?.replace(/\D/g, '') ?? '';
  return bound === '' || bound === identified.replace(/\D/g, '');
}

/** The signer's language as the portal speaks it (Signicat also knows `no` for Norwegian). */
export function languageOf(task: SigningTaskRecord): Language {
  const code = task.language.toLowerCase();
  if (code === 'no' || code === 'nn') return 'nb';
  return isLanguage(code) ? code : 'en';
}

/** Norwegian or Swedish BankID, by the signature method, else by the language. */
export function lookOf(task: SigningTaskRecord): Look {
  const method = task.signatureMethods[0]?.name?.toLowerCase() ?? '';
  if (method.startsWith('sbid')) return 'SE';
  if (method.startsWith('nbid')) return 'NO';
  return languageOf(task) === 'sv' ? 'SE' : 'NO';
}

/** What the e-ID would answer for a test person; anyone else types a name on the page. */
export function knownName(task: SigningTaskRecord): string {
  const person = task.subject.nationalId ? findTestPerson(task.subject.nationalId.replace(/\D/g, '')) : undefined;
  return person ? `${person.firstName} ${person.lastName}` : '';
}

/** A national ID is never shown in full: only its last four digits. */
export function maskNationalId(nationalId: string): string {
  const digits = nationalId.replace(/\D/g, '');
  return `${'*'.repeat(Math.max(digits.length - 4, 0))}${digits.slice(-4)}`;
}

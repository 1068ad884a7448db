/**
 * What the parts of "after the decision" (issue 32, ADR 38) share: which applications are the
 * person's, the lender's name and desk, references the customer quotes, and the links mails carry.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { COUNTRIES, type Language, pagePath, PAGES } from '@portal/domain';
import type { ApplicationRecord } from '../../db/repositories/applications';
import { ApiError } from '../../lib/errors';
import type { SessionIdentity } from '../../types';
import { CONSUMER_LENDER_NAME } from '../precontractual';

/** Crockford's base32: no I, L, O or U, so a reference read out on the phone is not misheard. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A reference the customer quotes: a letter for its kind and 8 random characters (40 bits). */
export function newReference(kind: 'R' | 'W'): string {
  const bytes = randomBytes(8);
  return `${kind}-${[...bytes].map((b) => ALPHABET[b % 32]).join('')}`;
}

/** The lender as the customer knows it. */
export const lenderNameOf = (application: Pick<ApplicationRecord, 'provider'>): string =>
  application.provider === 'RESURS' ? CONSUMER_LENDER_NAME : 'GRENKE';

/** A consumer's credit: the rights of issue 32 (review, withdrawal, reminder) are a consumer's. */
export const isConsumerCredit = (application: Pick<ApplicationRecord, 'provider' | 'customerType'>): boolean =>
  application.provider === 'RESURS' && application.customerType === 'PRIVATE';

/** The customer's own page, as an absolute address for mails. */
export const myApplicationsUrl = (app: FastifyInstance): string => `${app.config.publicUrl}${pagePath(PAGES.myApplications.url())}`;

/** The language mails about an application are written in when no browser asked: its country's. */
export const languageOf = (application: Pick<ApplicationRecord, 'countryCode'>): Language => COUNTRIES[application.countryCode].language;

/**
 * One of the person's applications by its reference: made with their national ID (as customer or
 * signatory). Anyone else's, and an unknown one, get the same 404.
 */
export async function ownApplication(app: FastifyInstance, identity: SessionIdentity, reference: string): Promise<ApplicationRecord> {
  const found = await app.repos.applications.findByReference(reference);
  if (!found) throw new ApiError(404, 'APPLICATION_NOT_FOUND');
  const customer = await app.repos.customers.findByApplicationId(found.id);
  const mine = customer?.nationalId !== null && customer?.nationalId !== undefined && customer.nationalId === identity.nationalId;
  if (!mine) throw new ApiError(404, 'APPLICATION_NOT_FOUND');
  return found;
}

/**
 * Free text as the mails and the back office's application page quote it: any long run of digits
 * (an ID or phone number someone typed) masked, as a mail never carries one and the back office
 * shows a national ID only when revealed for a reason; what is kept stays as typed.
 */
export function quotable(text: string): string;
export function quotable(text: string | null): string | null;
export function quotable(text: string | null): string | null {
  return text === null ? null : text.replace(/\d(?:[\s.+-]?\d){5,}/g, (digits) => digits.replace(/\d/g, '•'));
}

/**
 * One flow module per lender (Resurs version 1, Resurs version 2, GRENKE) behind one interface:
 * submit, start signing, read status, interpret a callback, cancel. Each module speaks to its
 * vendor client (`providers/`) and says what the vendor's answers mean as lifecycle events; the
 * use cases in `services/` apply those events through the lifecycle table. Modules return
 * results, never throw vendor errors, and hold no SQL.
 */
import type { ApplyForm, Language, LifecycleEvent } from '@portal/domain';
import type { ApplicationRecord } from '../db/repositories/applications';
import type { CustomerRecord } from '../db/repositories/customers';
import type { LenderAccount, ProviderAnswer, ProviderApplication, ProviderKind } from '../db/repositories/provider-applications';
import type { MoneyOperation, PaymentMoney, ProviderResult } from '../providers/types';

export interface SubmitInput {
  application: ApplicationRecord;
  customer: CustomerRecord;
  form: ApplyForm;
  /** The customer's device, as lenders ask for it (fraud checks). */
  device: { ip: string; userAgent?: string | undefined };
  /** The lender account the submission goes through (lenders/accounts.ts); null for GRENKE. */
  account: LenderAccount | null;
}

/** What a lender's answer means now. */
export interface Reading {
  providerStatus: string;
  customerUrl: string | null;
  /** Provider facts the portal keeps with the application (never personal data). */
  data?: Record<string, unknown>;
  /** The lifecycle events the answer means, in order (often none: nothing new). */
  events: LifecycleEvent[];
  /** Whether to keep asking the lender in the background. */
  keepPolling: boolean;
}

/** Where the customer signs next. */
export type SigningStart = { kind: 'redirect'; url: string } | { kind: 'not-ready' };

/** A money operation after the sale, as a lender does it (issue 30). */
export type MoneyMove = 'capture' | 'refund' | 'cancel';

/** What a lender of consumer credit does with a granted payment's money. */
export interface LenderMoney {
  /** Captures, refunds or cancels at the lender; answers the money as the lender reads it afterwards. */
  move(application: ApplicationRecord, provider: ProviderApplication, kind: MoneyMove, operation: MoneyOperation): Promise<ProviderResult<PaymentMoney>>;
  /** The money as the lender reads it now (to tell, after a crash, whether an operation was done). */
  read(application: ApplicationRecord, provider: ProviderApplication): Promise<ProviderResult<PaymentMoney>>;
}

/** What a lessor does when the merchant confirms a lease's delivery. */
export interface LenderDelivery {
  confirm(
    application: ApplicationRecord,
    provider: ProviderApplication,
    input: { operationId: string; deliveredOn: string; serialNumbers: { sku: string; serialNumber: string }[] },
  ): Promise<ProviderResult<void>>;
  /** Whether the lessor has the delivery confirmed already (after a crash between sending and recording). */
  confirmed(application: ApplicationRecord, provider: ProviderApplication): Promise<ProviderResult<boolean>>;
  /**
   * What the lessor would refuse in a confirmation before it is sent, by the merchant's field
   * (`deliveredOn`, `serialNumbers`): the merchant API answers 400 instead of accepting it.
   */
  problems(application: ApplicationRecord, input: { deliveredOn: string; serialNumbers: { sku: string; serialNumber: string }[] }): ('deliveredOn' | 'serialNumbers')[];
}

export interface LenderFlow {
  /** Money after the sale (consumer credit); absent: the lender takes no such operation. */
  readonly money?: LenderMoney;
  /** Delivery confirmation (leasing); absent: not a lease. */
  readonly delivery?: LenderDelivery;
  readonly kind: ProviderKind;
  /** Sends the application to the lender (once: the caller holds the submission lease). */
  submit(input: SubmitInput): Promise<ProviderResult<ProviderAnswer>>;
  /** What the lender's answer to the submission means (the `submitted` event comes first). */
  readSubmission(answer: ProviderApplication): Reading;
  /**
   * Where the customer goes to sign, for lenders whose signing page is their own, in `language`
   * (the portal's UI language) where the lender's page takes one.
   */
  startSigning(application: ApplicationRecord, provider: ProviderApplication, language?: Language): SigningStart;
  /** Asks the lender for the application's current state. */
  readStatus(application: ApplicationRecord, provider: ProviderApplication): Promise<ProviderResult<Reading>>;
  /** The lender's id in a callback body it sent us, or null when the body is not one of its callbacks. */
  interpretCallback(body: unknown): { externalId: string } | null;
  /** Withdraws the application at the lender (merchant cancelled, customer left after approval). */
  cancel(application: ApplicationRecord, provider: ProviderApplication): Promise<ProviderResult<void>>;
}

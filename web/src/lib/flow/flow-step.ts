/**
 * Where an application's flow stands, as the page the customer belongs on: a customer who comes
 * back (a new session, another tab, a link from the shop, a provider's failure page) continues
 * where the flow stopped instead of starting over. One rule for every screen that has to send
 * someone on. Whether a status is final or waits for the lender comes from the lifecycle table
 * (`STATUS_INFO`); what is kept here is only where each lender's flow does its steps.
 */
import { type ApplicationStatus, isFinalStatus, type LoanApplicationView, PAGES, STATUS_INFO } from '@portal/domain';

/**
 * GRENKE's whole signing lives on the sign page: waiting for its decision (SUBMITTED), the
 * signatories' sessions (APPROVED, SIGNING), waiting for GRENKE after everyone signed (SIGNED)
 * and the signed contract to download (COMPLETED).
 */
const GRENKE_SIGN_PAGE: readonly ApplicationStatus[] = ['SUBMITTED', 'APPROVED', 'SIGNING', 'SIGNED', 'COMPLETED'];
/** Resurs version 1 is signed on the sign page once approved (a signing session per attempt). */
const RESURS_V1_SIGN_PAGE: readonly ApplicationStatus[] = ['APPROVED', 'SIGNING'];

type Application = Pick<LoanApplicationView, 'reference' | 'status' | 'version' | 'merchantId' | 'merchantPaymentReference' | 'loanProduct'>;

export function paymentLoadingPage(application: Application): string {
  return PAGES.paymentLoadingFor.url({ merchantId: application.merchantId, merchantPaymentReference: application.merchantPaymentReference });
}

const isGrenke = (application: Application) => application.loanProduct.provider === 'GRENKE';

/**
 * Whether the key facts step is the place for this application now (issue 31): a consumer's
 * credit, decided and not yet signed. Version 1 goes on to the sign page from there once the
 * SECCI was mailed (the sign page sends it back while it was not); version 2 to Resurs' page.
 */
export function belongsOnKeyFactsPage(application: Application): boolean {
  if (isGrenke(application)) return false;
  return application.version === 1 ? RESURS_V1_SIGN_PAGE.includes(application.status) : application.status === 'SIGNING';
}

/** Whether the sign page is the place for this application now. */
export function belongsOnSignPage(application: Application): boolean {
  if (isGrenke(application)) return GRENKE_SIGN_PAGE.includes(application.status);
  // Resurs version 2 is signed on Resurs' own task page, never here.
  return application.version === 1 && RESURS_V1_SIGN_PAGE.includes(application.status);
}

/** The lender is deciding (manual review, or signed and waiting for its final answer). */
export const isWithLender = (status: ApplicationStatus): boolean => STATUS_INFO[status].payment === 'FROZEN';

/**
 * Whether the customer can still do something to get this application signed: it is not final,
 * and the lender is not deciding. Only then does a failure page offer to try again.
 */
export function canStillSign(application: Application): boolean {
  return !isFinalStatus(application.status) && !isWithLender(application.status);
}

/**
 * The page for the application as it stands: the apply screen before submission, the key
 * facts before a consumer's signature (version 1: then the sign page; version 2: then Resurs'
 * task page), the sign page while a company's contract is signed, and otherwise the payment loading page, which tells the
 * merchant's return address once there is a decision, or that a person at the lender decides.
 */
export function flowStepPage(application: Application): string {
  const applyPage = PAGES.apply.url({ reference: application.reference });
  if (application.status === 'CREATED') return applyPage;
  // Version 1: the key facts come first, and the sign page sends back there until the SECCI went.
  if (belongsOnSignPage(application)) return isGrenke(application) ? PAGES.formSign.url() : PAGES.formKeyFacts.url();
  if (belongsOnKeyFactsPage(application)) return PAGES.formKeyFacts.url();
  if (isGrenke(application) || isFinalStatus(application.status) || isWithLender(application.status)) return paymentLoadingPage(application);
  return application.version === 2 ? applyPage : paymentLoadingPage(application);
}

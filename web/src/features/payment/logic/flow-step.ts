/**
 * Where an application's flow stands, as the page the customer belongs on: a customer who comes
 * back (a new session, another tab, a link from the shop) continues where the flow stopped
 * instead of starting over. One rule for every screen that has to send someone on.
 */
import { type ApplicationStatus, type LoanApplicationView, PAGES } from '@portal/domain';

/** Statuses in which the sign page has something to show, per kind of application. */
const SIGN_PAGE_STATUSES: Readonly<Record<'resursV1' | 'grenke', readonly ApplicationStatus[]>> = {
  resursV1: ['APPROVED', 'SIGNING'],
  // SUBMITTED: GRENKE is still deciding (the page waits); COMPLETED keeps the signed contract
  // downloadable for a customer who comes back to the page.
  grenke: ['SUBMITTED', 'APPROVED', 'SIGNING', 'COMPLETED'],
};

type Application = Pick<LoanApplicationView, 'reference' | 'status' | 'version' | 'merchantId' | 'merchantPaymentReference' | 'loanProduct'>;

export function paymentLoadingPage(application: Application): string {
  return PAGES.paymentLoadingFor.url({ merchantId: application.merchantId, merchantPaymentReference: application.merchantPaymentReference });
}

/** Whether the sign page is the place for this application now. */
export function belongsOnSignPage(application: Application): boolean {
  if (application.loanProduct.provider === 'GRENKE') return SIGN_PAGE_STATUSES.grenke.includes(application.status);
  // Resurs version 2 is signed on Resurs' own task page, never here.
  return application.version === 1 && SIGN_PAGE_STATUSES.resursV1.includes(application.status);
}

/**
 * The page for the application as it stands: the apply screen before submission, the sign page
 * while signing, and otherwise the payment loading page, which tells the merchant's return
 * address once there is a decision (or goes on waiting for one).
 */
export function flowStepPage(application: Application): string {
  if (application.status === 'CREATED') return PAGES.apply.url({ reference: application.reference });
  if (application.loanProduct.provider === 'GRENKE') {
    return belongsOnSignPage(application) && application.status !== 'COMPLETED' ? PAGES.formSign.url() : paymentLoadingPage(application);
  }
  // A version 2 payment waiting for Resurs' task: the apply screen sends the customer there again.
  if (application.version === 2 && application.status === 'SUBMITTED') return PAGES.apply.url({ reference: application.reference });
  if (belongsOnSignPage(application)) return PAGES.formSign.url();
  return paymentLoadingPage(application);
}

/** The console's pages, relative to BACK_OFFICE_BASE. */
export const CONSOLE_PAGES = {
  search: '/',
  application: '/applications/:reference',
  merchants: '/merchants',
  merchant: '/merchants/:merchantId',
  audit: '/audit',
  sessions: '/sessions',
  providers: '/providers',
  /** Review requests and withdrawals waiting for the lender's staff (issue 32). */
  queue: '/reviews-and-withdrawals',
} as const;

export const applicationPage = (reference: string) => `/applications/${encodeURIComponent(reference)}`;
export const merchantPage = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}`;

/** The console's pages, relative to BACK_OFFICE_BASE. */
export const CONSOLE_PAGES = {
  search: '/',
  application: '/applications/:reference',
  merchants: '/merchants',
  merchant: '/merchants/:merchantId',
  audit: '/audit',
  sessions: '/sessions',
  providers: '/providers',
} as const;

export const applicationPage = (reference: string) => `/applications/${encodeURIComponent(reference)}`;
export const merchantPage = (merchantId: string) => `/merchants/${encodeURIComponent(merchantId)}`;
